import { useCallback, useEffect, useState } from 'react';
import { Button } from '@driver-portal/shared/ui';
import { FormField, type FormFieldProps } from './FormField';
import './code.css';

/** How long a driver waits before asking for another SMS (what the big drivers' apps do). */
export const RESEND_WAIT_SECONDS = 30;
export const RESEND_CODE_TEXT = 'Reenviar código';

/**
 * The SMS code: digits only, the numeric keyboard, and `one-time-code` so the phone offers the
 * code it just received (Android's SMS autofill, iOS's keyboard suggestion). Its message never
 * moves what the driver is tapping: leaving the field empty (a tap on "Reenviar código") says
 * nothing, and the line the message takes is kept free below the field.
 */
export function CodeField({ className, ...props }: Omit<FormFieldProps, 'mask'>) {
  return (
    <FormField
      autoComplete="one-time-code"
      {...props}
      className={`field-code${className ? ` ${className}` : ''}`}
      mask="code"
      touchWhenLeftEmpty={false}
    />
  );
}

/** Seconds left before a resend is allowed; `restart` after each code sent. */
export function useCountdown(seconds: number = RESEND_WAIT_SECONDS): { remaining: number; restart: () => void } {
  const [endsAt, setEndsAt] = useState(() => Date.now() + seconds * 1000);
  const [now, setNow] = useState(() => Date.now());
  const remaining = Math.max(0, Math.ceil((endsAt - now) / 1000));
  useEffect(() => {
    if (remaining === 0) return undefined;
    const timer = window.setInterval(() => setNow(Date.now()), 250);
    return () => window.clearInterval(timer);
  }, [remaining]);
  const restart = useCallback(() => {
    const start = Date.now();
    setNow(start);
    setEndsAt(start + seconds * 1000);
  }, [seconds]);
  return { remaining, restart };
}

export function formatWait(seconds: number): string {
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}

export interface ResendCodeButtonProps {
  onResend: () => void;
  /** From `useCountdown`: the button waits until it reaches 0. */
  remaining: number;
  label?: string;
}

/**
 * "Reenviar código", disabled with a visible countdown until resending makes sense. The
 * countdown is not a live region: a screen reader would otherwise read every second.
 */
export function ResendCodeButton({ onResend, remaining, label = RESEND_CODE_TEXT }: ResendCodeButtonProps) {
  const waiting = remaining > 0;
  return (
    <Button variant="secondary" onClick={onResend} disabled={waiting}>
      {waiting ? `${label} em ${formatWait(remaining)}` : label}
    </Button>
  );
}
