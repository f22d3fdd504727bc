import '@driver-portal/shared/styles.css';
import { bootPage } from '@driver-portal/shared/boot';

// This file is the remote's own page (deep links straight into the remote); inside the host
// only `./routes` is loaded and this never runs.
bootPage();

void import('./bootstrap');
