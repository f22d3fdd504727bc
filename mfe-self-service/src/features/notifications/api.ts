import { callApi } from '@driver-portal/shared/http';
import { api } from '../../contract';

export const fetchNotifications = (signal: AbortSignal) => callApi(api.core.notifications, { signal });

export const fetchNotificationBody = (id: string, signal: AbortSignal) => callApi(api.core.notification, { params: { id }, signal });
