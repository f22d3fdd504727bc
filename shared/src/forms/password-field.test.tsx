import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Form, Formik } from 'formik';
import { object } from 'yup';
import { passwordSchema, VALIDATION_MESSAGES } from '@driver-portal/shared/validation';
import { PASSWORD_HINT, PasswordField } from '.';

function PasswordForm({ onSubmit }: { onSubmit: (values: { current: string; chosen: string }) => void }) {
  return (
    <Formik
      initialValues={{ current: '', chosen: '' }}
      validationSchema={object({ current: passwordSchema(), chosen: passwordSchema() })}
      onSubmit={(values) => onSubmit(values)}
    >
      <Form noValidate>
        <PasswordField name="current" label="Senha atual" kind="current" />
        <PasswordField name="chosen" label="Nova senha" kind="new" />
        <button type="submit">Enviar</button>
      </Form>
    </Formik>
  );
}

describe('PasswordField', () => {
  it('is an 8-character password input: minlength and maxlength 8, the autocomplete of its kind', () => {
    render(<PasswordForm onSubmit={jest.fn()} />);
    for (const [label, autoComplete] of [
      ['Senha atual', 'current-password'],
      ['Nova senha', 'new-password'],
    ] as const) {
      const input = screen.getByLabelText(label);
      expect(input).toHaveAttribute('type', 'password');
      expect(input).toHaveAttribute('minlength', '8');
      expect(input).toHaveAttribute('maxlength', '8');
      expect(input).toHaveAttribute('autocomplete', autoComplete);
    }
  });

  it("shows the seed's hint under a new password only, which says what the error says (8 digits)", async () => {
    render(<PasswordForm onSubmit={jest.fn()} />);
    expect(screen.getByLabelText('Nova senha')).toHaveAccessibleDescription(PASSWORD_HINT);
    expect(PASSWORD_HINT).toBe('deve ter 8 digitos, contendo letras, números ou símbolos');
    expect(screen.getByLabelText('Senha atual')).toHaveAccessibleDescription('');
    await userEvent.setup().type(screen.getByLabelText('Nova senha'), '1234');
    fireEvent.blur(screen.getByLabelText('Nova senha'));
    await waitFor(() =>
      expect(screen.getByLabelText('Nova senha')).toHaveAccessibleDescription(`${PASSWORD_HINT} ${VALIDATION_MESSAGES.password}`),
    );
  });

  it('keeps a pasted password longer than 8 whole and refuses it, instead of cutting it to a password the driver does not know', async () => {
    const onSubmit = jest.fn();
    const user = userEvent.setup();
    render(<PasswordForm onSubmit={onSubmit} />);
    const chosen = screen.getByLabelText('Nova senha');
    await user.click(chosen);
    await user.paste('abcd1234XYZ');
    expect(chosen).toHaveValue('abcd1234XYZ');
    await waitFor(() => expect(chosen).toHaveAccessibleDescription(`${PASSWORD_HINT} ${VALIDATION_MESSAGES.password}`));
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    expect(onSubmit).not.toHaveBeenCalled();
  });

  it('takes a pasted password of 8 as typed', async () => {
    const onSubmit = jest.fn();
    const user = userEvent.setup();
    render(<PasswordForm onSubmit={onSubmit} />);
    await user.click(screen.getByLabelText('Senha atual'));
    await user.paste('old-pw12');
    await user.click(screen.getByLabelText('Nova senha'));
    await user.paste('new-pw34');
    await user.click(screen.getByRole('button', { name: 'Enviar' }));
    await waitFor(() => expect(onSubmit).toHaveBeenCalledWith({ current: 'old-pw12', chosen: 'new-pw34' }));
  });
});
