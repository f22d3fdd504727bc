import { useId, type ButtonHTMLAttributes, type InputHTMLAttributes, type ReactNode } from 'react';
import { Link, type LinkProps } from 'react-router';
import './ui.css';

export const EMPTY_LIST_TEXT = 'Não há registros aqui ainda';

export interface PageProps {
  title: string;
  children: ReactNode;
  /** Shown at the right of the header (e.g. the register-mode logout link). */
  headerAction?: ReactNode;
  /** Where the back link leads; no back link when absent. */
  backTo?: string;
}

/** A screen: its header (with the page's only h1) and its body. */
export function Page({ title, children, headerAction, backTo }: PageProps) {
  return (
    <div className="page">
      <header className="page-header">
        {backTo ? (
          <Link className="page-back" to={backTo} aria-label="Voltar">
            ‹
          </Link>
        ) : null}
        <h1 className="page-title">{title}</h1>
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
