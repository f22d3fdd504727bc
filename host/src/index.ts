import '@driver-portal/shared/styles.css';
import { bootPage, startApp } from '@driver-portal/shared/boot';
import { startEarly } from './federation/early';

// Before anything else: take the token out of the address bar and into the session (and redeem
// a session another origin of the portal handed over; the shell starts once it is in).
const ready = bootPage();

// Configuration, remote list and the owning remote start downloading now, beside the shell.
const early = startEarly(window.location.pathname);

// The shell's code (React, the router, the platform) in a chunk group of its own, which the page
// preloads (build-preset's PreloadHostStart): this entry stays small and runs at once.
// Tried twice; then a message with a way to try again, never an uncaught error.
void ready.then(() =>
  startApp(
    () => import(/* webpackChunkName: "bootstrap" */ './bootstrap'),
    ({ start }) => start(early),
  ),
);
