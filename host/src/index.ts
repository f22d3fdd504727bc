import '@driver-portal/shared/styles.css';
import { bootPage } from '@driver-portal/shared/boot';
import { startEarly } from './federation/early';

// Before anything else: take the token out of the address bar and into the session.
bootPage();

// Configuration, remote list and the owning remote start downloading now, beside the shell.
const early = startEarly(window.location.pathname);

// Async boundary: shared modules (React, the router, the platform) are negotiated first.
void import('./bootstrap').then(({ start }) => start(early));
