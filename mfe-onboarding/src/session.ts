import { sessionValue } from '@driver-portal/shared/session';

/** The id the register service gave the driver who just signed up (before the app knows a driverId). */
export const registeredDriverGuid = sessionValue('driverGuid');
