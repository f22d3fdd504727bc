import { api } from '@driver-portal/shared/contract';
import { callApi, ensureArray } from '@driver-portal/shared/http';

export const fetchNotifications = (signal: AbortSignal) =>
  callApi(api.core.notifications, { signal }).then((list) => ensureArray(list, 'core'));

export const fetchNotificationBody = (id: string, signal: AbortSignal) => callApi(api.core.notification, { params: { id }, signal });
