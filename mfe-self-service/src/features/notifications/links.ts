import { serverLinkTarget, type ServerLinkTarget } from '@driver-portal/shared/links';

export type NotificationTarget = ServerLinkTarget;

/**
 * Where a notification's HRef may lead in register mode: a path inside the portal, or an
 * http(s) page outside it (see `serverLinkTarget`). Anything else (javascript:, data:, a
 * protocol-relative //host, `/\host`) is ignored and the detail opens instead.
 */
export function notificationTarget(hRef: string | null | undefined): NotificationTarget | undefined {
  return serverLinkTarget(hRef);
}
