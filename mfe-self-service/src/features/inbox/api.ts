import { api, type InboxMessage, type InboxMessageDetail, type InboxMessageList } from '@driver-portal/shared/contract';
import { callApi, ensureArray, malformedAnswer } from '@driver-portal/shared/http';

/**
 * The communication API (seed 1 section 7). It takes no token: the driver id is in the path
 * (callApi only sends the token to the core and eula services).
 */

export const fetchCategories = (driverId: string, signal: AbortSignal) =>
  callApi(api.communication.categories, { params: { driverId }, signal }).then((list) => ensureArray(list, 'communication'));

/** The message list of one category comes in the field `categories`. */
export const fetchMessages = (driverId: string, categoryId: string, signal: AbortSignal): Promise<InboxMessage[]> =>
  callApi(api.communication.messages, { params: { driverId, categoryId }, signal }).then((answer) =>
    ensureArray((answer as Partial<InboxMessageList> | null)?.categories as InboxMessage[], 'communication'),
  );

/**
 * Marks a message's request as viewed. The global loading overlay shows while it runs (it also
 * keeps a second tap from opening the message twice); its failure is handled by the caller.
 */
export const markViewed = (driverId: string, requestId: number | string) =>
  callApi(api.communication.markViewed, { params: { driverId, requestId }, overlay: true });

/** The detail; a malformed answer becomes an error state instead of a crashed screen. */
export const fetchMessage = (driverId: string, categoryId: string, messageId: string, signal: AbortSignal) =>
  callApi(api.communication.message, { params: { driverId, categoryId, messageId }, signal }).then(
    (answer: InboxMessageDetail | null): InboxMessageDetail => {
      if (!answer || typeof answer !== 'object') {
        throw malformedAnswer('communication');
      }
      const message = (answer.message ?? {}) as Partial<InboxMessageDetail['message']>;
      return {
        id: answer.id,
        title: typeof answer.title === 'string' ? answer.title : '',
        message: {
          body: typeof message.body === 'string' ? message.body : '',
          description: typeof message.description === 'string' ? message.description : '',
        },
      };
    },
  );
