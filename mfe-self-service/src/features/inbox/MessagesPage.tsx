import { HOME_PATH } from '@driver-portal/shared/links';
import { useRef, type MouseEvent } from 'react';
import { Link, useLocation, useNavigate, useParams } from 'react-router';
import type { InboxMessage } from '../../contract';
import { useLoad } from '@driver-portal/shared/data';
import { dayLabel } from '@driver-portal/shared/format';
import { List, ListItem, LoadView, Page } from '@driver-portal/shared/ui';
import { fetchMessages, markViewedBeforeOpening } from './api';
import { MissingDriver } from './components';
import { categoriesPath, detailPath, type DetailLocationState, useInboxDriverId } from './links';

function MessageList({ driverId, categoryId, title }: { driverId: string; categoryId: string; title: string }) {
  const navigate = useNavigate();
  const location = useLocation();
  const opening = useRef(false);
  const load = useLoad((signal) => fetchMessages(driverId, categoryId, signal), [driverId, categoryId]);

  /**
   * Opening a message first marks its request as viewed, then shows the detail
   * (docs/product-rules.md, "Self-service"). Decision: if marking fails the message still opens — reading it matters more
   * than the bookkeeping, and it simply stays unread in the list until it is opened again.
   * Decision: read messages are marked too (the call is idempotent; the server decides).
   */
  async function open(event: MouseEvent<HTMLAnchorElement>, message: InboxMessage) {
    event.preventDefault();
    if (opening.current) return;
    opening.current = true;
    try {
      // Waits a moment at most: a hanging call never holds the screen (see markViewedBeforeOpening).
      await markViewedBeforeOpening(driverId, message.requestId);
    } finally {
      opening.current = false;
    }
    const state: DetailLocationState = { listPath: location.pathname };
    void navigate(detailPath(categoryId, message.id), { state });
  }

  return (
    <LoadView {...load} isEmpty={(list) => list.length === 0}>
      {(list) => (
        <List label={title}>
          {list.map((message) => (
            <ListItem key={message.id} highlighted={!message.read}>
              <Link to={detailPath(categoryId, message.id)} onClick={(event) => void open(event, message)}>
                {message.read ? null : <span className="visually-hidden">Não lida</span>}
                <h2 className="list-item-title">{message.title}</h2>
                <p className="list-item-meta">{message.description}</p>
                <p className="list-item-meta">
                  <time dateTime={message.receivedat}>{dayLabel(message.receivedat)}</time>
                </p>
              </Link>
            </ListItem>
          ))}
        </List>
      )}
    </LoadView>
  );
}

/** /communication/list/:categoryId/:categoryTitle — the messages of one category. */
export function MessagesPage() {
  const { categoryId = '', categoryTitle = '' } = useParams();
  const driverId = useInboxDriverId();
  const title = categoryTitle.trim() || 'Mensagens';
  return (
    <Page title={title} backTo={driverId ? categoriesPath(driverId) : HOME_PATH}>
      {driverId ? <MessageList driverId={driverId} categoryId={categoryId} title={title} /> : <MissingDriver />}
    </Page>
  );
}
