import {
  useEffect,
  useId,
  useLayoutEffect,
  useRef,
  type ButtonHTMLAttributes,
  type InputHTMLAttributes,
  type MouseEvent,
  type ReactNode,
} from 'react';
import { Link, useLocation, useNavigate, type LinkProps } from 'react-router';
import { SIGN_OUT_PATH } from '@driver-portal/shared/links';
import './loading.css';
import './ui.css';
import { platformStyleScope } from './style-scope';

export const EMPTY_LIST_TEXT = 'Não há registros aqui ainda';

/**
 * The header's way back: to where the driver came from when an earlier screen of the portal is
 * in this tab's history (the same as the device's back button), else to `to`. Decision: on a
 * deep link a list screen's `to` is the portal home (`HOME_PATH`, where every area's screens are
 * listed; no area has a home screen of its own yet); a detail screen's is its own list. The link's address
 * is always `to`, so it also works opened in a new tab or without JavaScript routing.
 */
function BackLink({ to }: { to: string }) {
  const location = useLocation();
  const navigate = useNavigate();
  // React Router marks the page's first location with the key 'default': nothing of ours before it.
  const cameFromPortal = location.key !== 'default';
  const back = (event: MouseEvent<HTMLAnchorElement>) => {
    if (!cameFromPortal || event.metaKey || event.ctrlKey || event.shiftKey || event.button !== 0) return;
    event.preventDefault();
    void navigate(-1);
  };
  return (
    <Link className="page-back" to={to} aria-label="Voltar" onClick={back}>
      ‹
    </Link>
  );
}

export interface PageProps {
  title: string;
  children: ReactNode;
  /** Shown at the right of the header (e.g. the register-mode logout link). */
  headerAction?: ReactNode;
  /**
   * Where the back link leads when the driver opened this screen directly (see `BackLink`);
   * after a screen of the portal, it goes back there. No back link when absent.
   */
  backTo?: string;
}

export const PORTAL_NAME = 'Portal do Motorista';

/** The document's title for a screen: "<screen> | Portal do Motorista" (the portal's home: its name). */
export const documentTitle = (screen: string) => (screen === PORTAL_NAME ? PORTAL_NAME : `${screen} | ${PORTAL_NAME}`);

/**
 * A new screen is announced: the document takes its title, and the focus moves to its heading
 * (a screen reader reads where the driver is; the keyboard goes on from the top), unless
 * something of the screen already took it (a code field) or a dialog holds it.
 */
function useAnnouncedScreen(title: string) {
  const heading = useRef<HTMLHeadingElement>(null);
  // In the same commit as the heading's text (a layout effect): the title never lags behind the
  // h1 when a loaded screen renames itself (a message's subject), not even for one task.
  useLayoutEffect(() => {
    document.title = documentTitle(title);
  }, [title]);
  useEffect(() => {
    const page = heading.current?.closest('.page');
    const active = document.activeElement;
    const focusIsElsewhere = !active || active === document.body || !active.isConnected;
    if (focusIsElsewhere || (page && !page.contains(active) && !active.closest('[role="alertdialog"], [role="dialog"], dialog'))) {
      heading.current?.focus({ preventScroll: true });
    }
  }, []);
  return heading;
}

/** A screen: its header (with the page's only h1) and its body. */
export function Page({ title, children, headerAction, backTo }: PageProps) {
  const heading = useAnnouncedScreen(title);
  return (
    <div className="page" {...platformStyleScope}>
      <header className="page-header">
        {backTo ? <BackLink to={backTo} /> : null}
        <h1 className="page-title" ref={heading} tabIndex={-1}>
          {title}
        </h1>
        {headerAction ? <div className="page-action">{headerAction}</div> : null}
      </header>
      <div className="page-body">{children}</div>
    </div>
  );
}

type ButtonVariant = 'primary' | 'secondary' | 'link';

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  variant?: ButtonVariant;
}

export function Button({ variant = 'primary', className, type = 'button', ...rest }: ButtonProps) {
  return <button type={type} className={`button button-${variant}${className ? ` ${className}` : ''}`} {...rest} />;
}

export function ButtonLink({ variant = 'primary', className, ...rest }: LinkProps & { variant?: ButtonVariant }) {
  return <Link className={`button button-${variant}${className ? ` ${className}` : ''}`} {...rest} />;
}

export function List({ children, label }: { children: ReactNode; label?: string }) {
  return (
    <ul className="list" aria-label={label}>
      {children}
    </ul>
  );
}

export function ListItem({ children, highlighted = false }: { children: ReactNode; highlighted?: boolean }) {
  return <li className={`list-item${highlighted ? ' list-item-highlighted' : ''}`}>{children}</li>;
}

export function EmptyState({ message = EMPTY_LIST_TEXT }: { message?: string }) {
  return (
    <p className="empty-state" role="status">
      {message}
    </p>
  );
}

export function LoadingState({ label = 'Carregando...' }: { label?: string }) {
  return (
    <div className="loading-state" role="status" aria-live="polite">
      <span className="spinner" aria-hidden="true" />
      <span>{label}</span>
    </div>
  );
}

export function ErrorState({ message, onRetry }: { message: string; onRetry?: () => void }) {
  return (
    <div className="error-state" role="alert">
      <p>{message}</p>
      {onRetry ? (
        <Button variant="secondary" onClick={onRetry}>
          Tentar novamente
        </Button>
      ) : null}
    </div>
  );
}

export const SESSION_EXPIRED_LINK_TEXT = 'Entrar novamente';

/**
 * What a screen shows when a service refused the driver's token (an `ApiError` of kind
 * `unauthorized`): the message and the way to sign in again, no retry (it would send the same
 * refused token). The link goes through /Sair, which clears the refused token on every origin of
 * the portal and ends on the host's /Login: /Login straight away, with that token still held,
 * would say the driver is signed in and lead back home, to the same refusal. At a remote's own
 * page /Sair is the remote's own route, and the sign-out still ends on the host's /Login.
 */
export function SessionExpiredState({ message }: { message: string }) {
  return (
    <div className="error-state" role="alert">
      <p>{message}</p>
      <Link className="button button-primary" to={SIGN_OUT_PATH}>
        {SESSION_EXPIRED_LINK_TEXT}
      </Link>
    </div>
  );
}

export interface TextFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  error?: string;
  hint?: string;
  id?: string;
}

export interface ControlAria {
  'aria-invalid'?: true;
  'aria-describedby'?: string;
}

export interface FieldFrameProps {
  id: string;
  label: string;
  hint?: string;
  error?: string;
  className?: string;
  /** Renders the control with the aria attributes that tie the hint and error to it. */
  children: (aria: ControlAria) => ReactNode;
}

/** Label, control, hint and error of every field: the error is announced and tied to the control. */
export function FieldFrame({ id, label, hint, error, className, children }: FieldFrameProps) {
  const hintId = hint ? `${id}-hint` : undefined;
  const errorId = error ? `${id}-error` : undefined;
  const describedBy = [hintId, errorId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={`field${error ? ' field-invalid' : ''}${className ? ` ${className}` : ''}`}>
      <label htmlFor={id}>{label}</label>
      {children({ 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint ? (
        <p id={hintId} className="field-hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={errorId} className="field-error" role="alert">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** A labelled input whose error is announced and tied to it (aria-describedby). */
export function TextField({ label, error, hint, id, className, ...input }: TextFieldProps) {
  const generated = useId();
  const inputId = id ?? generated;
  return (
    <FieldFrame id={inputId} label={label} hint={hint} error={error} className={className}>
      {(aria) => <input id={inputId} {...aria} {...input} />}
    </FieldFrame>
  );
}

export function Card({ children, title }: { children: ReactNode; title?: string }) {
  return (
    <section className="card" aria-label={title}>
      {title ? <h2 className="card-title">{title}</h2> : null}
      {children}
    </section>
  );
}
