import { HOME_PATH } from '@driver-portal/shared/links';
import { useLocation, useParams } from 'react-router';
import type { InboxMessageDetail } from '../../contract';
import { useLoad } from '@driver-portal/shared/data';
import { looksLikeHtml, SafeHtml } from '@driver-portal/shared/html';
import { EmptyState, LoadView, Page } from '@driver-portal/shared/ui';
import { fetchMessage } from './api';
import { MissingDriver } from './components';
import { categoriesPath, listPathFrom, useInboxDriverId } from './links';

const DEFAULT_TITLE = 'Mensagem';

/**
 * A body with an html tag is rendered as (sanitized) HTML; otherwise title plus text
 * (docs/product-rules.md, "Self-service"). The title is the page's h1 in both cases. Decision: in the plain-text case the
 * detail's `message.description` (a subject such as "Dados bancários") shows as a subheading
 * above the body, unless it repeats the title; line breaks of the body become paragraphs.
 */
function MessageBody({ detail }: { detail: InboxMessageDetail }) {
  const { body, description } = detail.message ?? { body: '', description: '' };
  if (looksLikeHtml(body)) return <SafeHtml html={body} />;
  const subject = description.trim() && description.trim() !== detail.title.trim() ? description.trim() : undefined;
  const paragraphs = body
    .split(/\r?\n+/)
    .map((line) => line.trim())
    .filter(Boolean);
  if (!subject && paragraphs.length === 0) return <EmptyState message="Esta mensagem não tem conteúdo." />;
  return (
    <article>
      {subject ? <h2 className="card-title">{subject}</h2> : null}
      {paragraphs.map((paragraph, index) => (
        <p key={index}>{paragraph}</p>
      ))}
    </article>
  );
}

function MessageDetail({ driverId }: { driverId: string }) {
  const { categoryId = '', messageId = '' } = useParams();
  const location = useLocation();
  const load = useLoad((signal) => fetchMessage(driverId, categoryId, messageId, signal), [driverId, categoryId, messageId]);
  const title = load.state.status === 'success' ? load.state.data.title.trim() || DEFAULT_TITLE : DEFAULT_TITLE;
  // Back to the list it was opened from; a deep link (no history state) goes to the categories.
  const backTo = listPathFrom(location.state) ?? categoriesPath(driverId);
  return (
    <Page title={title} backTo={backTo}>
      <LoadView {...load}>{(detail) => <MessageBody detail={detail} />}</LoadView>
    </Page>
  );
}

/** /communication/details/:categoryId/:messageId — one message. */
export function MessageDetailPage() {
  const driverId = useInboxDriverId();
  if (!driverId) {
    return (
      <Page title={DEFAULT_TITLE} backTo={HOME_PATH}>
        <MissingDriver />
      </Page>
    );
  }
  return <MessageDetail driverId={driverId} />;
}
