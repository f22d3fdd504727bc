import { startEarlyFetches } from './early-start';

// Only a head start: whatever fails here, the host's entry fetches itself.
startEarlyFetches();
