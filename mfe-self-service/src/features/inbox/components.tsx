import { HOME_PATH } from '@driver-portal/shared/links';
import { ButtonLink } from '@driver-portal/shared/ui';
import './inbox.css';

/** What a screen reader hears for each category type (the icon itself is decorative). */
export function categoryKind(categorType: number | null): string {
  if (categorType === 0) return 'Categoria de usuário';
  if (categorType === 1) return 'Categoria de novidades';
  return 'Categoria geral';
}

const ICON_PATHS: Record<'user' | 'news' | 'default', string> = {
  // A person.
  user: 'M12 12a4.5 4.5 0 1 0 0-9 4.5 4.5 0 0 0 0 9Zm0 2c-4.4 0-8 2.3-8 5.2V21h16v-1.8c0-2.9-3.6-5.2-8-5.2Z',
  // A newspaper.
  news: 'M4 4h13v14a2 2 0 0 0 2 2H6a2 2 0 0 1-2-2V4Zm3 3v3h7V7H7Zm0 5v1.5h7V12H7Zm0 3.5V17h7v-1.5H7ZM18 8h2v10a1 1 0 0 1-2 0V8Z',
  // An envelope.
  default:
    'M3 5h18a1 1 0 0 1 1 1v12a1 1 0 0 1-1 1H3a1 1 0 0 1-1-1V6a1 1 0 0 1 1-1Zm1 2.2V17h16V7.2l-8 5.3-8-5.3ZM5.6 7 12 11.2 18.4 7H5.6Z',
};

/** Icon by category type (docs/product-rules.md, "Self-service"): 0 user, 1 news, any other a default icon. */
export function CategoryIcon({ categorType }: { categorType: number | null }) {
  const kind = categorType === 0 ? 'user' : categorType === 1 ? 'news' : 'default';
  return (
    <span className="media-icon">
      <svg viewBox="0 0 24 24" width="32" height="32" fill="currentColor" aria-hidden="true" focusable="false" data-icon={kind}>
        <path d={ICON_PATHS[kind]} fillRule="evenodd" />
      </svg>
      <span className="visually-hidden">{categoryKind(categorType)}</span>
    </span>
  );
}

export function newMessagesText(count: number): string {
  return count === 1 ? '1 nova mensagem' : `${count} novas mensagens`;
}

/**
 * The count of new messages: a badge with the number, announced in words. Decision: with no
 * new message nothing is shown (a "0" badge would read as something to look at).
 */
export function NewMessagesCount({ count }: { count: unknown }) {
  const value = typeof count === 'number' && Number.isFinite(count) && count > 0 ? Math.floor(count) : 0;
  if (value === 0) return null;
  return (
    <span className="badge">
      <span aria-hidden="true">{value}</span>
      <span className="visually-hidden">{newMessagesText(value)}</span>
    </span>
  );
}

/**
 * The list and detail routes need the driver held for the session; without one (a deep link
 * opened outside the portal) they say so and lead home instead of calling the service with
 * an "undefined" driver.
 */
export function MissingDriver() {
  return (
    <div className="empty-state">
      <p>Não foi possível identificar o motorista. Abra as mensagens pelo início do portal.</p>
      <ButtonLink to={HOME_PATH} variant="secondary">
        Ir para o início
      </ButtonLink>
    </div>
  );
}
