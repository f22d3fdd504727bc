import { routeLoader } from '@driver-portal/shared/data';
import { fetchNotifications } from './api';

/** The list's call, started with the screen's code (a chunk of its own, beside the page's). */
export const notificationsLoader = routeLoader(fetchNotifications);
