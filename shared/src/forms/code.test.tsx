import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Formik } from 'formik';
import { object, string } from 'yup';
import { CodeField, ResendCodeButton, formatWait, useCountdown } from '.';

function CodeStep({ onResend }: { onResend: () => void }) {
  const { remaining, restart } = useCountdown(30);
  return (
    <Formik
      initialValues={{ code: '' }}
      validationSchema={object({ code: string().required('Campo obrigatório').length(6, 'O código deve ter 6 dígitos') })}
      onSubmit={() => undefined}
    >
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

  it('leaving the field empty (a tap on "Reenviar código") says nothing; a short code left behind does', async () => {
    const user = userEvent.setup();
    render(<CodeStep onResend={() => undefined} />);
    const input = screen.getByLabelText('Código');
    await user.click(input);
    await user.tab();
    expect(input).not.toHaveAttribute('aria-invalid');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.type(input, '123');
    await user.tab();
    expect(await screen.findByRole('alert')).toHaveTextContent('O código deve ter 6 dígitos');
    expect(input).toHaveAccessibleDescription('O código deve ter 6 dígitos');
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
