import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Formik } from 'formik';
import { CodeField, ResendCodeButton, formatWait, useCountdown } from '.';

function CodeStep({ onResend }: { onResend: () => void }) {
  const { remaining, restart } = useCountdown(30);
  return (
    <Formik initialValues={{ code: '' }} onSubmit={() => undefined}>
      <Form>
        <CodeField name="code" label="Código" />
        <ResendCodeButton
          remaining={remaining}
          onResend={() => {
            onResend();
            restart();
          }}
        />
      </Form>
    </Formik>
  );
}

describe('the SMS code step', () => {
  afterEach(() => jest.useRealTimers());

  it('offers the phone one-time-code autofill on a numeric, six-digit field', async () => {
    render(<CodeStep onResend={() => undefined} />);
    const input = screen.getByLabelText('Código');
    expect(input).toHaveAttribute('autocomplete', 'one-time-code');
    expect(input).toHaveAttribute('inputmode', 'numeric');
    await userEvent.type(input, '12a34567');
    expect(input).toHaveValue('123456');
  });

  it('offers resending only after a visible countdown, and counts again after a resend', async () => {
    jest.useFakeTimers();
    const onResend = jest.fn();
    const user = userEvent.setup({ advanceTimers: (ms) => jest.advanceTimersByTime(ms) });
    render(<CodeStep onResend={onResend} />);
    expect(screen.getByRole('button', { name: 'Reenviar código em 0:30' })).toBeDisabled();
    act(() => jest.advanceTimersByTime(10_000));
    expect(screen.getByRole('button', { name: 'Reenviar código em 0:20' })).toBeDisabled();
    act(() => jest.advanceTimersByTime(20_000));
    const resend = screen.getByRole('button', { name: 'Reenviar código' });
    expect(resend).toBeEnabled();
    await user.click(resend);
    expect(onResend).toHaveBeenCalledTimes(1);
    expect(screen.getByRole('button', { name: 'Reenviar código em 0:30' })).toBeDisabled();
  });

  it('writes the wait as minutes and seconds', () => {
    expect(formatWait(75)).toBe('1:15');
    expect(formatWait(9)).toBe('0:09');
  });
});
