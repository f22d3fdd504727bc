import { HOME_PATH, SIGN_OUT_PATH } from '@driver-portal/shared/links';
import { Link, useSearchParams } from 'react-router';
import type { Notification } from '../../contract';
import { useLoad } from '@driver-portal/shared/data';
import { formatDateTime } from '@driver-portal/shared/format';
import { notificationTitle } from '../../session';
import { List, ListItem, LoadView, Page } from '@driver-portal/shared/ui';
import { fetchNotifications } from './api';
import { notificationTarget } from './links';

function ItemContent({ notification }: { notification: Notification }) {
  return (
    <>
      <h2 className="list-item-title">{notification.Titulo}</h2>
      <p className="list-item-meta">{notification.Descricao}</p>
      <p className="list-item-meta">{formatDateTime(notification.Data)}</p>
    </>
  );
}

function NotificationLink({ notification, registerMode }: { notification: Notification; registerMode: boolean }) {
  const target = registerMode ? notificationTarget(notification.HRef) : undefined;
  if (target?.kind === 'external') {
    return (
      <a href={target.href} target="_blank" rel="noopener noreferrer">
        <ItemContent notification={notification} />
      </a>
    );
  }
  const to = target?.kind === 'internal' ? target.to : `/notifications/details/${encodeURIComponent(String(notification.Id))}`;
  return (
    // The detail's title comes from the list (the detail call only returns the body).
    <Link to={to} onClick={() => notificationTitle.set(notification.Titulo)}>
      <ItemContent notification={notification} />
    </Link>
  );
}

/** /notifications/list/ — with ?driverId= it is in register mode: HRef links and a Sair link. */
export function NotificationsListPage() {
  const [searchParams] = useSearchParams();
  const registerMode = Boolean(searchParams.get('driverId'));
  const load = useLoad(fetchNotifications, []);
  return (
    <Page title="Notificações" backTo={HOME_PATH} headerAction={registerMode ? <Link to={SIGN_OUT_PATH}>Sair</Link> : undefined}>
      <LoadView {...load} isEmpty={(list) => list.length === 0}>
        {(list) => (
          <List label="Notificações">
            {list.map((notification) => (
              <ListItem key={notification.Id}>
                <NotificationLink notification={notification} registerMode={registerMode} />
              </ListItem>
            ))}
          </List>
        )}
      </LoadView>
    </Page>
  );
}
