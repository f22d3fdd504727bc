import { beginLoading } from '@driver-portal/shared/events';
import { callApi } from '@driver-portal/shared/http';
import { api, type InboxMessage } from '../../contract';

/**
 * The communication API (docs/product-rules.md, "Calls"). It takes no token: the driver id is in the path
 * (callApi only sends the token to the core and eula services).
 */

export const fetchCategories = (driverId: string, signal: AbortSignal) =>
  callApi(api.communication.categories, { params: { driverId }, signal });

/** The message list of one category comes in the field `categories`. */
export const fetchMessages = (driverId: string, categoryId: string, signal: AbortSignal): Promise<InboxMessage[]> =>
  callApi(api.communication.messages, { params: { driverId, categoryId }, signal }).then((answer) => answer.categories);

/** How long opening a message waits for the mark-viewed call before opening anyway. */
export const MARK_VIEWED_WAIT_MS = 1_500;

/**
 * Marks a message's request as viewed before the message opens, waiting at most
 * MARK_VIEWED_WAIT_MS behind the loading overlay: a call that hangs (a bad mobile network) goes
 * on in the background and never holds the screen. Never rejects: a failure only leaves the
 * message unread in the list.
 */
export async function markViewedBeforeOpening(driverId: string, requestId: number | string): Promise<void> {
  const endLoading = beginLoading();
  const call = callApi(api.communication.markViewed, { params: { driverId, requestId } }).then(
    () => undefined,
    () => undefined,
  );
  let timer: ReturnType<typeof setTimeout> | undefined;
  const waited = new Promise<void>((resolve) => {
    timer = setTimeout(resolve, MARK_VIEWED_WAIT_MS);
  });
  try {
    await Promise.race([call, waited]);
  } finally {
    clearTimeout(timer);
    endLoading();
  }
}

/** The detail; a message without title or body comes back with empty texts (see its schema). */
export const fetchMessage = (driverId: string, categoryId: string, messageId: string, signal: AbortSignal) =>
  callApi(api.communication.message, { params: { driverId, categoryId, messageId }, signal });
