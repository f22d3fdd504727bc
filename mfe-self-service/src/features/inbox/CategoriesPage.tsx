import { HOME_PATH, portalPath } from '@driver-portal/shared/links';
import { useEffect } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { useLoad } from '@driver-portal/shared/data';
import { adoptDriverId } from '@driver-portal/shared/session';
import { List, ListItem, LoadView, Page } from '@driver-portal/shared/ui';
import { fetchCategories } from './api';
import { CategoryIcon, NewMessagesCount } from './components';
import { messagesPath } from './links';
import './inbox.css';

/**
 * /communication/category/:driverId — the inbox categories.
 *
 * `?showHeader=true` (onboarding's next-steps "Continuar"): the original app only drew its
 * header then, since inside the native app the native bar is the header. Our pages always
 * have a header (it holds the page's h1), so the parameter only says where the driver came
 * from: with it the back link leads to /register/next-steps/; without it (the home or a native
 * deep link) to the area's home, as on the notifications list.
 */
/** Ours: a new driver's inbox (every driver has one, empty until the first message). */
export const INBOX_EMPTY_TEXT = 'Você ainda não tem mensagens. Quando o seu cadastro for analisado, avisaremos por aqui.';

export function CategoriesPage() {
  const { driverId = '' } = useParams();
  const [searchParams] = useSearchParams();
  const showHeader = searchParams.get('showHeader') === 'true';
  // The list and detail routes do not carry the driver: keep it for the session.
  // (A driver id other than the session's is a driver switch: what the previous one left is dropped.)
  useEffect(() => adoptDriverId(driverId), [driverId]);
  const load = useLoad((signal) => fetchCategories(driverId, signal), [driverId]);
  return (
    <Page title="Mensagens" backTo={showHeader ? portalPath('/register/next-steps/') : HOME_PATH}>
      <LoadView {...load} isEmpty={(list) => list.length === 0} emptyMessage={INBOX_EMPTY_TEXT}>
        {(list) => (
          <List label="Categorias de mensagens">
            {list.map((category) => (
              <ListItem key={category.id}>
                <Link className="media" to={messagesPath(category.id, category.title ?? '')}>
                  <CategoryIcon categorType={category.categorType} />
                  <div className="media-body">
                    <h2 className="list-item-title">{category.title}</h2>
                    <p className="list-item-meta">{category.description}</p>
                  </div>
                  <NewMessagesCount count={category.countNews} />
                </Link>
              </ListItem>
            ))}
          </List>
        )}
      </LoadView>
    </Page>
  );
}
