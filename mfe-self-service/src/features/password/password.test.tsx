import { screen, waitFor, within } from '@testing-library/react';
import { api } from '../../contract';
import { ERROR_TEXTS } from '@driver-portal/shared/http';
import {
  HttpResponse,
  mockApi,
  mockJson,
  mockNetworkError,
  mockStatus,
  recordRequests,
  renderRoute,
  TEST_TOKEN,
} from '@driver-portal/shared/test-utils';
import { routes } from '../../routes';

const LENGTH = 'Senha deve conter 8 dígitos';
const MISMATCH = 'Senha e Confirmação de senha não coincidem';

function fields() {
  return {
    current: screen.getByLabelText('Senha atual'),
    next: screen.getByLabelText('Nova senha'),
    confirmation: screen.getByLabelText('Confirmação de senha'),
    submit: screen.getByRole('button', { name: 'Alterar senha' }),
  };
}

async function openChange() {
  const rendered = renderRoute({ routes, path: '/password/change' });
  await screen.findByRole('heading', { level: 1, name: 'Alterar senha' });
  return rendered;
}

async function fillChange(user: ReturnType<typeof renderRoute>['user'], current: string, next: string, confirmation: string) {
  const { current: c, next: n, confirmation: f } = fields();
  if (current) await user.type(c, current);
  if (next) await user.type(n, next);
  if (confirmation) await user.type(f, confirmation);
}

describe('change password', () => {
  it('has password inputs that tell the browser their length (8) and autocomplete hints', async () => {
    await openChange();
    const { current, next, confirmation } = fields();
    expect(current).toHaveAttribute('type', 'password');
    expect(current).toHaveAttribute('autocomplete', 'current-password');
    for (const input of [next, confirmation]) {
      expect(input).toHaveAttribute('type', 'password');
      expect(input).toHaveAttribute('autocomplete', 'new-password');
    }
    for (const input of [current, next, confirmation]) {
      expect(input).toHaveAttribute('minlength', '8');
      expect(input).toHaveAttribute('maxlength', '8');
    }
  });

  it('the new password hint is the product text and says what the length error says (8 digits)', async () => {
    const { user } = await openChange();
    const { next } = fields();
    expect(next).toHaveAccessibleDescription('deve ter 8 digitos, contendo letras, números ou símbolos');
    expect(screen.queryByText(/8 caracteres/)).not.toBeInTheDocument();

    await user.type(next, 'abc');
    await user.tab();
    // Hint and error side by side, both about 8 digits.
    expect(next).toHaveAccessibleDescription(`deve ter 8 digitos, contendo letras, números ou símbolos ${LENGTH}`);
  });

  it('typing stops at 8 characters', async () => {
    const { user } = await openChange();
    const { current } = fields();
    await user.type(current, 'abc123456789');
    expect(current).toHaveValue('abc12345');
  });

  it('a pasted password longer than 8 is kept whole (not cut to a password the driver does not know) and shows the length message', async () => {
    const requests = recordRequests();
    const { user } = await openChange();
    const { current, next, confirmation, submit } = fields();
    await user.type(current, 'abc12345');
    await user.click(next);
    await user.paste('xyz9876543');
    await user.click(confirmation);
    await user.paste('xyz9876543');
    expect(next).toHaveValue('xyz9876543');
    await waitFor(() => expect(next).toHaveAccessibleDescription(expect.stringContaining(LENGTH)));
    expect(confirmation).toHaveAccessibleDescription(LENGTH);
    await user.click(submit);
    expect(requests).toHaveLength(0);

    // A paste of 8 or fewer is an ordinary paste.
    await user.clear(next);
    await user.paste('xyz98765');
    expect(next).toHaveValue('xyz98765');
  });

  it('an empty form shows the length message under each field and sends nothing', async () => {
    const requests = recordRequests();
    const { user } = await openChange();
    await user.click(fields().submit);
    await waitFor(() => expect(screen.getAllByText(LENGTH)).toHaveLength(3));
    const { current, next, confirmation } = fields();
    for (const input of [current, next, confirmation]) {
      expect(input).toHaveAttribute('aria-invalid', 'true');
      expect(input).toHaveAccessibleDescription(expect.stringContaining(LENGTH));
    }
    expect(requests).toHaveLength(0);
  });

  it.each([['7 characters', 'abc1234']])('each field with %s shows the length message', async (_case, value) => {
    const { user } = await openChange();
    const { current, next, confirmation } = fields();
    await user.type(current, value);
    await user.type(next, value);
    await user.type(confirmation, value);
    await user.tab();
    expect(current).toHaveAccessibleDescription(LENGTH);
    expect(next).toHaveAccessibleDescription(expect.stringContaining(LENGTH));
    expect(confirmation).toHaveAccessibleDescription(LENGTH);
  });

  it('a confirmation that does not match says so under the confirmation, and sends nothing', async () => {
    const requests = recordRequests();
    const { user } = await openChange();
    await fillChange(user, 'abc12345', 'xyz98765', 'xyz98766');
    await user.click(fields().submit);
    const { current, next, confirmation } = fields();
    await waitFor(() => expect(confirmation).toHaveAccessibleDescription(MISMATCH));
    expect(confirmation).toHaveAttribute('aria-invalid', 'true');
    expect(current).not.toHaveAttribute('aria-invalid');
    expect(next).not.toHaveAttribute('aria-invalid');
    expect(screen.getAllByText(MISMATCH)).toHaveLength(1);
    expect(requests).toHaveLength(0);

    // Fixing the confirmation clears the message.
    await user.clear(confirmation);
    await user.type(confirmation, 'xyz98765');
    await waitFor(() => expect(screen.queryByText(MISMATCH)).not.toBeInTheDocument());
  });

  it('sends PUT Taxista/AlterarSenha with both passwords in the query and the bearer token, behind the overlay; success clears the form', async () => {
    const requests = recordRequests();
    let answer: (value: Response) => void = () => undefined;
    mockApi(api.core.changePassword, () => new Promise<Response>((resolve) => (answer = resolve)));
    const { user } = await openChange();
    await fillChange(user, 'abc12345', 'xyz98765', 'xyz98765');
    await user.click(fields().submit);

    expect(await screen.findByRole('status', { name: 'Carregando' })).toBeInTheDocument();
    await waitFor(() => expect(requests).toHaveLength(1));
    const request = requests[0];
    expect(request?.method).toBe('PUT');
    expect(request?.url.pathname).toBe('/core/Taxista/AlterarSenha');
    expect([...(request?.url.searchParams.entries() ?? [])]).toEqual([
      ['senhaAntiga', 'abc12345'],
      ['novaSenha', 'xyz98765'],
    ]);
    expect(request?.headers.get('authorization')).toBe(`Bearer ${TEST_TOKEN}`);
    expect(request?.body).toBeUndefined();

    answer(HttpResponse.json({ Message: 'Senha alterada!' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Senha alterada!' });
    expect(dialog).toHaveClass('dialog-success');
    expect(screen.queryByRole('status', { name: 'Carregando' })).not.toBeInTheDocument();
    const { current, next, confirmation } = fields();
    expect(current).toHaveValue('');
    expect(next).toHaveValue('');
    expect(confirmation).toHaveValue('');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    // Nothing to correct: the cleared form shows no error.
    expect(screen.queryByText(LENGTH)).not.toBeInTheDocument();
  });

  it('a 400 shows the server message in error style and keeps everything typed', async () => {
    mockStatus(api.core.changePassword, 400, { Message: 'Senha atual incorreta.' });
    const { user } = await openChange();
    await fillChange(user, 'abc12399', 'xyz98765', 'xyz98765');
    await user.click(fields().submit);

    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveClass('dialog-error');
    expect(dialog).toHaveAccessibleDescription('Senha atual incorreta.');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    const { current, next, confirmation, submit } = fields();
    expect(current).toHaveValue('abc12399');
    expect(next).toHaveValue('xyz98765');
    expect(confirmation).toHaveValue('xyz98765');
    // Focus is back on the button, ready to try again.
    await waitFor(() => expect(submit).toHaveFocus());
  });

  it.each([
    ['with a message shows it', { Message: 'Serviço indisponível.' }, 'Serviço indisponível.'],
    ['without a message shows the catalogue text', {}, ERROR_TEXTS.unexpected],
  ])('a 500 %s and keeps everything typed', async (_case, body, text) => {
    mockStatus(api.core.changePassword, 500, body);
    const { user } = await openChange();
    await fillChange(user, 'abc12345', 'xyz98765', 'xyz98765');
    await user.click(fields().submit);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveClass('dialog-error');
    expect(within(dialog).getByText(text)).toBeInTheDocument();
    expect(fields().next).toHaveValue('xyz98765');
  });

  it.each([
    [
      'an HTML page (a captive portal)',
      () => new HttpResponse('<html><body>Wi-Fi: faça login</body></html>', { headers: { 'Content-Type': 'text/html' } }),
    ],
    ['truncated JSON', () => new HttpResponse('{"Message": "Senha alt', { headers: { 'Content-Type': 'application/json' } })],
    ['a list (an object is never a list)', () => HttpResponse.json([])],
    ['a body that says it failed', () => HttpResponse.json({ Success: false })],
  ])('a 2xx answer that is %s is no success: the unexpected error, everything typed kept', async (_case, answer) => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    mockApi(api.core.changePassword, answer);
    const { user } = await openChange();
    await fillChange(user, 'abc12345', 'xyz98765', 'xyz98765');
    await user.click(fields().submit);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveClass('dialog-error');
    expect(within(dialog).getByText(ERROR_TEXTS.unexpected)).toBeInTheDocument();
    expect(screen.queryByText('Senha alterada!')).not.toBeInTheDocument();
    expect(fields().current).toHaveValue('abc12345');
    expect(fields().next).toHaveValue('xyz98765');
    warn.mockRestore();
  });

  it('a 401 says the session expired and OK leads out through /Sair to sign in again', async () => {
    mockStatus(api.core.changePassword, 401, { Message: 'Sessão expirada. Faça login novamente.' });
    const { user } = await openChange();
    await fillChange(user, 'abc12345', 'xyz98765', 'xyz98765');
    await user.click(fields().submit);
    const dialog = await screen.findByRole('alertdialog', { name: 'Sessão expirada' });
    expect(dialog).toHaveClass('dialog-error');
    expect(dialog).toHaveAccessibleDescription('Sessão expirada. Faça login novamente.');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/Sair$/);
  });

  it('offline: says so, keeps everything typed, and the same form can be sent again', async () => {
    mockNetworkError(api.core.changePassword);
    const { user } = await openChange();
    await fillChange(user, 'abc12345', 'xyz98765', 'xyz98765');
    await user.click(fields().submit);
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(ERROR_TEXTS.offline)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(fields().current).toHaveValue('abc12345');

    mockJson(api.core.changePassword, { Message: 'Senha alterada!' });
    await user.click(fields().submit);
    expect(await screen.findByRole('alertdialog', { name: 'Senha alterada!' })).toBeInTheDocument();
  });

  it('never stores a password in session storage', async () => {
    const { user } = await openChange();
    await fillChange(user, 'abc12345', 'xyz98765', 'xyz98765');
    await new Promise((resolve) => setTimeout(resolve, 400));
    const stored = Object.keys(window.sessionStorage).map((key) => window.sessionStorage.getItem(key) ?? '');
    expect(stored.join(' ')).not.toMatch(/abc12345|xyz98765/);
  });
});

describe('password reminder', () => {
  async function openResend() {
    const rendered = renderRoute({ routes, path: '/password/resend' });
    await screen.findByRole('heading', { level: 1, name: 'Lembrar senha' });
    return { ...rendered, cpf: screen.getByLabelText('CPF'), submit: screen.getByRole('button', { name: 'Reenviar senha' }) };
  }

  it('masks the CPF as 000.000.000-00', async () => {
    const { user, cpf } = await openResend();
    await user.type(cpf, '529a98224725999');
    expect(cpf).toHaveValue('529.982.247-25');
    expect(cpf).toHaveAttribute('inputmode', 'numeric');
  });

  it('an invalid CPF says "CPF invalido" on blur and on submit, and sends nothing', async () => {
    const requests = recordRequests();
    const { user, cpf, submit } = await openResend();
    await user.type(cpf, '52998224724');
    await user.tab();
    expect(await screen.findByText('CPF invalido')).toBeInTheDocument();
    expect(cpf).toHaveAccessibleDescription('CPF invalido');

    await user.clear(cpf);
    await user.type(cpf, '111.111.111-11');
    await user.click(submit);
    await waitFor(() => expect(cpf).toHaveAccessibleDescription('CPF invalido'));
    expect(requests).toHaveLength(0);
  });

  it('an empty CPF says "CPF invalido" on submit', async () => {
    const { user, cpf, submit } = await openResend();
    await user.click(submit);
    await waitFor(() => expect(cpf).toHaveAccessibleDescription('CPF invalido'));
  });

  it('sends GET Taxista/ReenviarSenha with the CPF as digits only and the bearer token, behind the overlay', async () => {
    const requests = recordRequests();
    let answer: (value: Response) => void = () => undefined;
    mockApi(api.core.resendPassword, () => new Promise<Response>((resolve) => (answer = resolve)));
    const { user, cpf, submit } = await openResend();
    await user.type(cpf, '52998224725');
    await user.click(submit);

    expect(await screen.findByRole('status', { name: 'Carregando' })).toBeInTheDocument();
    await waitFor(() => expect(requests).toHaveLength(1));
    expect(requests[0]?.method).toBe('GET');
    expect(requests[0]?.url.pathname).toBe('/core/Taxista/ReenviarSenha');
    expect(requests[0]?.url.search).toBe('?cpf=52998224725');
    expect(requests[0]?.headers.get('authorization')).toBe(`Bearer ${TEST_TOKEN}`);

    answer(HttpResponse.json({ Message: 'Senha reenviada!' }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Senha reenviada!' });
    expect(dialog).toHaveClass('dialog-success');
    expect(cpf).toHaveValue('529.982.247-25');
  });

  it('a 404 shows the server message in error style and keeps the CPF', async () => {
    mockStatus(api.core.resendPassword, 404, { Message: 'CPF não encontrado.' });
    const { user, cpf, submit } = await openResend();
    await user.type(cpf, '39053344705');
    await user.click(submit);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveClass('dialog-error');
    expect(dialog).toHaveAccessibleDescription('CPF não encontrado.');
    expect(cpf).toHaveValue('390.533.447-05');
  });

  it.each([
    ['a 500', () => mockStatus(api.core.resendPassword, 500, {}), ERROR_TEXTS.unexpected],
    ['offline', () => mockNetworkError(api.core.resendPassword), ERROR_TEXTS.offline],
  ])('%s shows an error alert and keeps the CPF', async (_case, mock, text) => {
    mock();
    const { user, cpf, submit } = await openResend();
    await user.type(cpf, '52998224725');
    await user.click(submit);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveClass('dialog-error');
    expect(within(dialog).getByText(text)).toBeInTheDocument();
    expect(cpf).toHaveValue('529.982.247-25');
  });
});
