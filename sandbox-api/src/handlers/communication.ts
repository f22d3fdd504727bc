import { selfService as api, type InboxCategory, type InboxMessage, type InboxMessageDetail } from '../contracts';
import { legacyError, ok, type Reply } from '../respond';
import { route, type SandboxRequest } from '../router';
import type { DriverInbox, InboxMessageRecord } from '../state';

/** Communication service: the driver's inbox, no token (the driver id is in the path). */

const DRIVER_NOT_FOUND = 'Motorista não encontrado.';

function inboxOf({ state, params }: SandboxRequest): DriverInbox | undefined {
  return state.communication.inboxes[params.driverId ?? ''];
}

const sameId = (id: number, param: string | undefined) => String(id) === param;

function toListItem({ categoryId: _category, body: _body, detailDescription: _detail, ...item }: InboxMessageRecord): InboxMessage {
  return item;
}

function categories(request: SandboxRequest): Reply<InboxCategory[]> {
  const inbox = inboxOf(request);
  if (!inbox) return legacyError(404, DRIVER_NOT_FOUND);
  // countNews is always the number of unread messages, so marking one read lowers it.
  return ok(
    inbox.categories.map((category) => ({
      ...category,
      countNews: inbox.messages.filter((message) => message.categoryId === category.id && !message.read).length,
    })),
  );
}

function messages(request: SandboxRequest): Reply<{ categories: InboxMessage[] }> {
  const inbox = inboxOf(request);
  if (!inbox) return legacyError(404, DRIVER_NOT_FOUND);
  if (!inbox.categories.some((category) => sameId(category.id, request.params.categoryId))) {
    return legacyError(404, 'Categoria não encontrada.');
  }
  const list = inbox.messages.filter((message) => sameId(message.categoryId, request.params.categoryId));
  return ok({ categories: list.map(toListItem) });
}

function markViewed(request: SandboxRequest): Reply<Record<string, never>> {
  const inbox = inboxOf(request);
  if (!inbox) return legacyError(404, DRIVER_NOT_FOUND);
  const ofRequest = inbox.messages.filter((message) => sameId(message.requestId, request.params.requestId));
  if (ofRequest.length === 0) return legacyError(404, 'Mensagem não encontrada.');
  for (const message of ofRequest) message.read = true;
  return ok({});
}

function messageDetail(request: SandboxRequest): Reply<InboxMessageDetail> {
  const inbox = inboxOf(request);
  if (!inbox) return legacyError(404, DRIVER_NOT_FOUND);
  const message = inbox.messages.find(
    (item) => sameId(item.categoryId, request.params.categoryId) && sameId(item.id, request.params.messageId),
  );
  if (!message) return legacyError(404, 'Mensagem não encontrada.');
  return ok({ id: message.id, title: message.title, message: { body: message.body, description: message.detailDescription } });
}

export const communicationRoutes = [
  route(api.communication.categories, categories),
  route(api.communication.messages, messages),
  route(api.communication.markViewed, markViewed),
  route(api.communication.message, messageDetail),
];
