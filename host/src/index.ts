import '@driver-portal/shared/styles.css';
import { bootPage } from '@driver-portal/shared/boot';

// Before anything else: take the token out of the address bar and into the session.
bootPage();

// Async boundary: shared modules (React, the router, the platform) are negotiated first.
void import('./bootstrap');
