import '@driver-portal/shared/styles.css';
import { bootPage, startApp } from '@driver-portal/shared/boot';

// This file is the remote's own page (deep links straight into the remote); inside the host
// only `./routes` is loaded and this never runs.
// The app starts once the session is in (a handoff from another origin is redeemed first).
// Its code chunk is tried twice; then a message with a way to try again, never an uncaught error.
void bootPage().then(() =>
  startApp(
    () => import('./bootstrap'),
    () => undefined,
  ),
);
