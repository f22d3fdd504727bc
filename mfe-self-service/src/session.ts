import { sessionValue } from '@driver-portal/shared/session';

/** The title of the notification being read: the list sets it, the detail shows it. */
export const notificationTitle = sessionValue('notTitle');
