import { startStandalone } from '@driver-portal/shared/shell';
import { startPageTelemetryAfterTheScreen } from '@driver-portal/shared/telemetry';
import * as remote from './routes';

void startStandalone('mfe_account', remote);
// Errors and web vitals of this page, per release (docs/telemetry.md, "What pages send"): after the first screen.
startPageTelemetryAfterTheScreen('mfe_account');
