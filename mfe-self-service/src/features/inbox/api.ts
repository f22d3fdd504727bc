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

/**
 * Marks a message's request as viewed. The global loading overlay shows while it runs (it also
 * keeps a second tap from opening the message twice); its failure is handled by the caller.
 */
export const markViewed = (driverId: string, requestId: number | string) =>
  callApi(api.communication.markViewed, { params: { driverId, requestId }, overlay: true });

/** The detail; a message without title or body comes back with empty texts (see its schema). */
export const fetchMessage = (driverId: string, categoryId: string, messageId: string, signal: AbortSignal) =>
  callApi(api.communication.message, { params: { driverId, categoryId, messageId }, signal });
