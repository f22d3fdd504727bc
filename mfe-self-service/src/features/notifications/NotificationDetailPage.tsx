import { useParams } from 'react-router';
import { useLoad } from '@driver-portal/shared/data';
import { SafeHtml } from '@driver-portal/shared/html';
import { notificationTitle } from '../../session';
import { EmptyState, LoadView, Page } from '@driver-portal/shared/ui';
import { fetchNotificationBody } from './api';

/** /notifications/details/:notId — the body is server HTML, rendered sanitized. */
export function NotificationDetailPage() {
  const { notId = '' } = useParams();
  const load = useLoad((signal) => fetchNotificationBody(notId, signal), [notId]);
  const title = notificationTitle.get() ?? 'Notificação';
  return (
    <Page title={title} backTo="/notifications/list/">
      <LoadView {...load}>
        {(notification) =>
          notification.Corpo?.trim() ? <SafeHtml html={notification.Corpo} /> : <EmptyState message="Esta notificação não tem conteúdo." />
        }
      </LoadView>
    </Page>
  );
}
