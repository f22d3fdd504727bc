import { draftStorageKey } from '@driver-portal/shared/forms';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { REQUEST_TIMEOUT_MS } from '@driver-portal/shared/http';
import {
  mockApi,
  mockJson,
  mockNetworkError,
  mockStatus,
  recordRequests,
  renderRoute,
  TEST_TOKEN,
  type RenderRouteResult,
  savedDraft,
} from '@driver-portal/shared/test-utils';
import { api } from '../../contract';
import { routes } from '../../routes';

const DRIVER_ID = 'drv-42';
const FOUND_ID = 'drv-found';
const session = { token: TEST_TOKEN, driverId: DRIVER_ID };
const HINT = 'deve ter 8 digitos, contendo letras, números ou símbolos';

function mockMyAccount(id = DRIVER_ID) {
  mockJson(api.register.driver, { response: { id, name: 'Maria', email: 'maria@example.com', mobile: '11987654321', cpf: '' } });
  mockJson(api.register.location, { response: null });
  mockJson(api.register.modalities, { modalities: [] });
  mockJson(api.register.documents, { documents: [] });
}

const button = (name: string) => screen.getByRole('button', { name });

async function openChange() {
  const rendered = renderRoute({ routes, path: '/my-account/change-password', session });
  await screen.findByLabelText('Celular');
  return rendered;
}

async function sendCode({ user }: RenderRouteResult, mobile = '11987654321') {
  await user.type(screen.getByLabelText('Celular'), mobile);
  await waitFor(() => expect(button('Enviar código')).toBeEnabled());
  await user.click(button('Enviar código'));
  await screen.findByLabelText('Código');
}

async function typeCode({ user }: RenderRouteResult, code = '123456') {
  await user.type(screen.getByLabelText('Código'), code);
  await waitFor(() => expect(button('Continuar')).toBeEnabled());
  await user.click(button('Continuar'));
  await screen.findByLabelText('Nova senha');
}

describe('change password (my account)', () => {
  it('a mobile of a DDD ANATEL never allocated is refused under the field; one pasted with +55 sends its 11 digits', async () => {
    const requests = recordRequests();
    const rendered = await openChange();
    const mobile = screen.getByLabelText('Celular');
    await rendered.user.type(mobile, '20987654321');
    await rendered.user.tab();
    await waitFor(() => expect(mobile).toHaveAccessibleDescription('O DDD 20 não existe: confira os dois primeiros números do celular.'));
    expect(button('Enviar código')).toBeDisabled();

    mockJson(api.register.sendPasswordCode, {});
    await rendered.user.clear(mobile);
    await rendered.user.click(mobile);
    await rendered.user.paste('+55 (11) 9 8765-4321');
    expect(mobile).toHaveValue('(11) 9.8765.4321');
    await waitFor(() => expect(button('Enviar código')).toBeEnabled());
    await rendered.user.click(button('Enviar código'));
    await screen.findByLabelText('Código');
    expect(requests.map((request) => `${request.method} ${request.url.pathname}`)).toEqual([
      `POST /register/api/1.0/driver/${DRIVER_ID}/password/11987654321/send-code`,
    ]);
  });

  it('without a driver held for the session, says so and leads home', async () => {
    renderRoute({ routes, path: '/my-account/change-password' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Não foi possível identificar a sua conta.');
  });

  it('three steps: the mobile, the code, a new password of 8; success then my account', async () => {
    const requests = recordRequests();
    const rendered = await openChange();
    mockJson(api.register.sendPasswordCode, {});
    mockJson(api.register.changePassword, {});
    expect(button('Enviar código')).toBeDisabled();
    await sendCode(rendered);
    expect(screen.getByRole('status')).toHaveTextContent('Enviamos um código de 6 dígitos para (11) 9.8765.4321.');
    expect(button('Continuar')).toBeDisabled();
    await typeCode(rendered);

    const password = screen.getByLabelText('Nova senha');
    expect(password).toHaveAttribute('type', 'password');
    expect(password).toHaveAttribute('maxlength', '8');
    expect(password).toHaveAttribute('minlength', '8');
    expect(password).toHaveAccessibleDescription(HINT);
    expect(button('Alterar senha')).toBeDisabled();
    await rendered.user.type(password, 'nova123');
    expect(button('Alterar senha')).toBeDisabled();
    await rendered.user.type(password, '4');
    await waitFor(() => expect(button('Alterar senha')).toBeEnabled());
    mockMyAccount();
    await rendered.user.click(button('Alterar senha'));

    const dialog = await screen.findByRole('alertdialog', { name: 'Senha alterada com sucesso!' });
    expect(dialog).toHaveClass('dialog-success');
    expect(requests.map((request) => `${request.method} ${request.url.pathname}`)).toEqual([
      `POST /register/api/1.0/driver/${DRIVER_ID}/password/11987654321/send-code`,
      `PUT /register/api/1.0/driver/${DRIVER_ID}/password`,
    ]);
    expect(requests[1]?.body).toEqual({ newPassword: 'nova1234', verificationCode: '123456' });
    await rendered.user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Minha conta' })).toBeInTheDocument();
  });

  it('"Já possuo um código" jumps to the code without sending anything', async () => {
    const requests = recordRequests();
    const { user } = await openChange();
    await user.click(button('Já possuo um código'));
    expect(await screen.findByLabelText('Código')).toHaveFocus();
    expect(screen.getByRole('status')).toHaveTextContent('Digite o código que você recebeu.');
    expect(requests).toHaveLength(0);
    // No code was sent here: nothing to wait for before going back to the phone.
    expect(button('Reenviar código')).toBeEnabled();
    await user.click(button('Reenviar código'));
    expect(screen.getByLabelText('Celular')).toBeVisible();
  });

  it('"Reenviar código" (after the countdown) goes back to the mobile, as it was typed', async () => {
    const requests = recordRequests();
    const rendered = await openChange();
    mockJson(api.register.sendPasswordCode, {});
    await sendCode(rendered);
    expect(screen.getByRole('button', { name: /Reenviar código em/ })).toBeDisabled();
    const later = Date.now() + 31_000;
    const clock = jest.spyOn(Date, 'now').mockImplementation(() => later);
    try {
      await rendered.user.click(await screen.findByRole('button', { name: 'Reenviar código' }));
    } finally {
      clock.mockRestore();
    }
    expect(screen.queryByLabelText('Código')).not.toBeInTheDocument();
    expect(screen.getByLabelText('Celular')).toHaveValue('(11) 9.8765.4321');
    expect(requests).toHaveLength(1);
  });

  it.each([
    [
      'a wrong code (400)',
      () => mockStatus(api.register.changePassword, 400, { validations: [{ message: 'Código inválido.' }] }),
      'Código inválido.',
    ],
    ['no connection', () => mockNetworkError(api.register.changePassword), 'Sem conexão com a internet.'],
  ])('%s: says so in error style, clears the code and returns to it', async (_case, mock, text) => {
    const rendered = await openChange();
    mockJson(api.register.sendPasswordCode, {});
    mock();
    await sendCode(rendered);
    await typeCode(rendered);
    await rendered.user.type(screen.getByLabelText('Nova senha'), 'nova1234');
    await waitFor(() => expect(button('Alterar senha')).toBeEnabled());
    await rendered.user.click(button('Alterar senha'));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveClass('dialog-error');
    expect(dialog).toHaveTextContent(text);
    await rendered.user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.getByLabelText('Código')).toHaveValue('');
    expect(button('Continuar')).toBeDisabled();
    expect(screen.queryByLabelText('Nova senha')).not.toBeInTheDocument();
  });

  it.each([
    ['"Já possuo um código"', false],
    ['a code sent more than 30 s ago', true],
  ])('after a refused code (%s) the way back to the phone does not lock again: no new code was sent', async (_case, sendFirst) => {
    const requests = recordRequests();
    const rendered = await openChange();
    const { user } = rendered;
    mockJson(api.register.sendPasswordCode, {});
    mockStatus(api.register.changePassword, 400, { validations: [{ message: 'Código inválido.' }] });
    let clock: jest.SpyInstance | undefined;
    try {
      if (sendFirst) {
        await sendCode(rendered);
        const later = Date.now() + 31_000;
        clock = jest.spyOn(Date, 'now').mockImplementation(() => later);
        await screen.findByRole('button', { name: 'Reenviar código' });
      } else {
        await user.click(button('Já possuo um código'));
        await screen.findByLabelText('Código');
      }
      await typeCode(rendered);
      await user.type(screen.getByLabelText('Nova senha'), 'nova1234');
      await waitFor(() => expect(button('Alterar senha')).toBeEnabled());
      await user.click(button('Alterar senha'));
      const dialog = await screen.findByRole('alertdialog');
      await user.click(within(dialog).getByRole('button', { name: 'OK' }));
      expect(screen.getByLabelText('Código')).toHaveValue('');
      expect(button('Reenviar código')).toBeEnabled();
      await user.click(button('Reenviar código'));
      expect(screen.getByLabelText('Celular')).toBeVisible();
    } finally {
      clock?.mockRestore();
    }
    expect(requests.filter((request) => request.url.pathname.endsWith('/send-code'))).toHaveLength(sendFirst ? 1 : 0);
  });

  it('a code request the service refuses says so and stays on the mobile', async () => {
    const rendered = await openChange();
    mockStatus(api.register.sendPasswordCode, 400, {
      validations: [{ field: 'mobile', message: 'O celular informado não é o do cadastro.' }],
    });
    await rendered.user.type(screen.getByLabelText('Celular'), '11900001111');
    await waitFor(() => expect(button('Enviar código')).toBeEnabled());
    await rendered.user.click(button('Enviar código'));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('O celular informado não é o do cadastro.');
    expect(screen.queryByLabelText('Código')).not.toBeInTheDocument();
  });

  it('a code request that never answers says the service took too long', async () => {
    const { user } = await openChange();
    mockApi(api.register.sendPasswordCode, () => new Promise<never>(() => undefined));
    await user.type(screen.getByLabelText('Celular'), '11987654321');
    await waitFor(() => expect(button('Enviar código')).toBeEnabled());
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      fireEvent.click(button('Enviar código'));
      await act(async () => {
        await jest.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
      });
      expect(await screen.findByRole('alertdialog')).toHaveTextContent('O serviço demorou para responder.');
    } finally {
      jest.useRealTimers();
    }
  });

  it('keeps the mobile across a reload; never the code or the password', async () => {
    const first = await openChange();
    mockJson(api.register.sendPasswordCode, {});
    await sendCode(first);
    await typeCode(first);
    await first.user.type(screen.getByLabelText('Nova senha'), 'nova1234');
    await waitFor(() => expect(savedDraft(`change-password:${DRIVER_ID}`)).toContain('11'));
    const stored = JSON.stringify(window.sessionStorage);
    expect(stored).not.toContain('123456');
    expect(stored).not.toContain('nova1234');
    first.unmount();

    await openChange();
    expect(screen.getByLabelText('Celular')).toHaveValue('(11) 9.8765.4321');
  });
});

describe('forgot password', () => {
  async function openForgot() {
    const rendered = renderRoute({ routes, path: '/my-account/forgot-password', session: { token: TEST_TOKEN } });
    await screen.findByLabelText('CPF');
    return rendered;
  }

  async function fill({ user }: RenderRouteResult, cpf = '529.982.247-25') {
    await user.type(screen.getByLabelText('Celular'), '11987654321');
    await user.type(screen.getByLabelText('CPF'), cpf);
    await waitFor(() => expect(button('Continuar')).toBeEnabled());
  }

  it('needs the mobile and a valid CPF ("CPF invalido"), and links back to /App', async () => {
    const { user } = await openForgot();
    expect(button('Continuar')).toBeDisabled();
    await user.type(screen.getByLabelText('Celular'), '11987654321');
    await user.type(screen.getByLabelText('CPF'), '111.111.111-11');
    await user.tab();
    expect(screen.getByLabelText('CPF')).toHaveAccessibleDescription('CPF invalido');
    expect(button('Continuar')).toBeDisabled();
    expect(screen.getByRole('link', { name: 'Voltar para o início' })).toHaveAttribute('href', '/App');
  });

  it('a mobile of a DDD ANATEL never allocated, (20), is refused saying so, and nothing is looked up', async () => {
    const requests = recordRequests();
    const { user } = await openForgot();
    await user.type(screen.getByLabelText('Celular'), '20987654321');
    await user.type(screen.getByLabelText('CPF'), '529.982.247-25');
    await user.tab();
    expect(screen.getByLabelText('Celular')).toHaveAccessibleDescription(
      'O DDD 20 não existe: confira os dois primeiros números do celular.',
    );
    expect(button('Continuar')).toBeDisabled();
    await user.click(button('Continuar'));
    expect(requests.filter((request) => request.url.pathname.includes('forgetpassword'))).toEqual([]);
  });

  it("a CPF that is the driver's leads to the password change by code, for that driver and mobile", async () => {
    const requests = recordRequests();
    // An earlier visit to change password left an empty draft: the mobile checked here wins.
    window.sessionStorage.setItem(draftStorageKey(`change-password:${FOUND_ID}`), JSON.stringify({ mobile: '' }));
    const rendered = await openForgot();
    mockJson(api.register.forgotPassword, { id: FOUND_ID, driver: { cpf: '52998224725' } });
    await fill(rendered);
    await rendered.user.click(button('Continuar'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Alterar senha' })).toBeInTheDocument();
    expect(screen.getByLabelText('Celular')).toHaveValue('(11) 9.8765.4321');
    expect(requests[0]?.method).toBe('GET');
    expect(requests[0]?.url.pathname).toBe(
      '/register/api/1.0/driver/forgetpassword/mobile/11987654321/personalregistrationnumber/52998224725',
    );
    expect(requests[0]?.headers.get('authorization')).toBeNull();

    mockJson(api.register.sendPasswordCode, {});
    await waitFor(() => expect(button('Enviar código')).toBeEnabled());
    await rendered.user.click(button('Enviar código'));
    await screen.findByLabelText('Código');
    expect(requests[1]?.url.pathname).toBe(`/register/api/1.0/driver/${FOUND_ID}/password/11987654321/send-code`);
  });

  it('a CPF that is not the driver\'s says "Seus dados não correspondem ao cadastro informado." and stays', async () => {
    const rendered = await openForgot();
    mockJson(api.register.forgotPassword, { id: FOUND_ID, driver: { cpf: '11144477735' } });
    await fill(rendered);
    await rendered.user.click(button('Continuar'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Seus dados não correspondem ao cadastro informado.' });
    expect(dialog).toHaveClass('dialog-error');
    await rendered.user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.getByRole('heading', { level: 1, name: 'Esqueci minha senha' })).toBeInTheDocument();
  });

  it("the portal's proxy answering no match (no id, no CPF) says the data do not match, and sends no reminder", async () => {
    const requests = recordRequests();
    const rendered = await openForgot();
    mockJson(api.register.forgotPassword, { id: null, driver: null, match: false });
    await fill(rendered);
    await rendered.user.click(button('Continuar'));
    await screen.findByRole('alertdialog', { name: 'Seus dados não correspondem ao cadastro informado.' });
    expect(requests.some(({ url }) => url.pathname.includes('ReenviarSenha'))).toBe(false);
  });

  it('without an id, the legacy reminder sends a new password by e-mail (core, with the token)', async () => {
    const requests = recordRequests();
    const rendered = await openForgot();
    mockJson(api.register.forgotPassword, { id: null, driver: null });
    mockJson(api.core.resendPassword, {});
    await fill(rendered);
    await rendered.user.click(button('Continuar'));
    const dialog = await screen.findByRole('alertdialog', { name: 'A nova senha foi enviada para seu e-mail!' });
    expect(dialog).toHaveClass('dialog-success');
    const legacy = requests[1];
    expect(`${legacy?.method} ${legacy?.url.pathname}${legacy?.url.search}`).toBe('GET /core/Taxista/ReenviarSenha?cpf=52998224725');
    expect(legacy?.headers.get('authorization')).toBe(`Bearer ${TEST_TOKEN}`);
  });

  it.each([
    ['an empty object', {}],
    ['a list', []],
    ['an id that is a number', { id: 7, driver: { cpf: '52998224725' } }],
    ['a body that says it failed', { id: null, driver: null, success: false }],
  ])('a lookup answered 200 with %s (a wrong shape) is no answer: the unexpected error, no legacy reminder sent', async (_case, answer) => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const requests = recordRequests();
    const rendered = await openForgot();
    mockApi(api.register.forgotPassword, () => HttpResponse.json(answer));
    mockJson(api.core.resendPassword, {});
    await fill(rendered);
    await rendered.user.click(button('Continuar'));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveClass('dialog-error');
    expect(dialog).toHaveTextContent('Ocorreu um erro inesperado, tente novamente mais tarde.');
    expect(requests.map((request) => request.url.pathname)).not.toContain('/core/Taxista/ReenviarSenha');
    warn.mockRestore();
  });

  it.each([
    ['with a token the core service refuses', { token: TEST_TOKEN }],
    ['with no token at all', {}],
  ])(
    'a legacy reminder answered 401 (%s) never says "Sessão expirada" nor leads to /Login: the driver stays on the form',
    async (_case, withSession) => {
      const rendered = renderRoute({ routes, path: '/my-account/forgot-password', session: withSession });
      await screen.findByLabelText('CPF');
      mockJson(api.register.forgotPassword, { id: null, driver: null });
      mockStatus(api.core.resendPassword, 401, { Message: 'Sessão expirada. Faça login novamente.' });
      await fill(rendered);
      await rendered.user.click(button('Continuar'));
      const dialog = await screen.findByRole('alertdialog');
      expect(dialog).toHaveTextContent('Não foi possível enviar a nova senha para seu e-mail. Tente novamente mais tarde.');
      expect(dialog).not.toHaveTextContent(/Sessão expirada/);
      await rendered.user.click(within(dialog).getByRole('button', { name: 'OK' }));
      expect(rendered.router.state.location.pathname).toBe('/my-account/forgot-password');
      expect(screen.getByLabelText('CPF')).toHaveValue('529.982.247-25');
    },
  );

  it('a legacy reminder that fails shows the service message', async () => {
    const rendered = await openForgot();
    mockJson(api.register.forgotPassword, { id: null, driver: null });
    mockStatus(api.core.resendPassword, 404, { Message: 'CPF não encontrado.' });
    await fill(rendered);
    await rendered.user.click(button('Continuar'));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('CPF não encontrado.');
  });

  it.each([
    [400, { validations: [{ message: 'Celular não cadastrado.' }] }, 'Celular não cadastrado.'],
    [500, {}, 'Ocorreu um erro inesperado, tente novamente mais tarde.'],
  ])('a lookup answered %i shows the server message as an error alert and keeps the mobile and CPF typed', async (status, body, text) => {
    const rendered = await openForgot();
    mockStatus(api.register.forgotPassword, status, body);
    await fill(rendered);
    await rendered.user.click(button('Continuar'));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveClass('dialog-error');
    expect(dialog).toHaveTextContent(text);
    await rendered.user.click(within(dialog).getByRole('button', { name: 'OK' }));
    // The form stays for another try (issue 25, point 8): no trip home, nothing to type again.
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(screen.getByRole('heading', { level: 1, name: 'Esqueci minha senha' })).toBeVisible();
    expect(screen.getByLabelText('Celular')).toHaveValue('(11) 9.8765.4321');
    expect(screen.getByLabelText('CPF')).toHaveValue('529.982.247-25');
  });

  it('a lookup without connection says so and keeps the form', async () => {
    const rendered = await openForgot();
    mockNetworkError(api.register.forgotPassword);
    await fill(rendered);
    await rendered.user.click(button('Continuar'));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Sem conexão com a internet.');
    await rendered.user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.getByLabelText('CPF')).toHaveValue('529.982.247-25');
  });

  it('keeps the mobile and CPF across a reload', async () => {
    const first = await openForgot();
    await fill(first);
    await waitFor(() => expect(savedDraft('forgot-password')).toContain('529.982.247-25'));
    first.unmount();
    await openForgot();
    expect(screen.getByLabelText('CPF')).toHaveValue('529.982.247-25');
    expect(screen.getByLabelText('Celular')).toHaveValue('(11) 9.8765.4321');
  });
});
