import { draftStorageKey } from '@driver-portal/shared/forms';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { REQUEST_TIMEOUT_MS } from '@driver-portal/shared/http';
import {
  mockApi,
  mockJson,
  mockNetworkError,
  mockStatus,
  recordRequests,
  renderRoute,
  type RenderRouteResult,
  savedDraft,
} from '@driver-portal/shared/test-utils';
import { api, type PolicyItem } from '../../contract';
import { routes } from '../../routes';

const MOBILE = '21987650000';
const GUID = 'guid-new-1';
const POLICIES: PolicyItem[] = [
  { id: 1, description: 'Termos de uso', documentUrl: 'https://termos.example.com/uso.html', checked: false },
  { id: 2, description: 'Política de privacidade', documentUrl: 'https://termos.example.com/privacidade.html', checked: false },
];
const SENT = `Enviamos um código de 6 dígitos para (21) 9.8765.0000.`;

const button = (name: string) => screen.getByRole('button', { name });

function mockNewPhone() {
  mockJson(api.register.driverByMobile, { response: null });
  mockJson(api.register.requestCode, {});
  mockJson(api.register.confirmCode, { mobile: MOBILE, verified: true });
  mockJson(api.register.policies, POLICIES);
}

async function sendCode({ user }: RenderRouteResult) {
  await waitFor(() => expect(button('Enviar código')).toBeEnabled());
  await user.click(button('Enviar código'));
  await screen.findByLabelText('Código');
}

async function confirm({ user }: RenderRouteResult, code = '123456') {
  await user.type(screen.getByLabelText('Código'), code);
  await waitFor(() => expect(button('Continuar')).toBeEnabled());
  await user.click(button('Continuar'));
}

async function openForm(path = `/register/create-account/${MOBILE}`) {
  mockNewPhone();
  const rendered = renderRoute({ routes, path });
  await sendCode(rendered);
  await confirm(rendered);
  await screen.findByRole('heading', { level: 1, name: 'Criar conta' });
  await screen.findByLabelText('Nome completo');
  return rendered;
}

async function fillForm({ user }: RenderRouteResult) {
  await user.type(screen.getByLabelText('Nome completo'), 'Ana Souza');
  await user.type(screen.getByLabelText('CPF'), '39053344705');
  await user.type(screen.getByLabelText('E-mail'), 'Ana.Souza@Example.com');
  await user.type(screen.getByLabelText('Senha'), 'abcd1234');
  await user.click(screen.getByRole('radio', { name: 'Feminino' }));
  await user.click(screen.getByRole('checkbox', { name: 'Li e aceito: Termos de uso' }));
  await user.click(screen.getByRole('checkbox', { name: 'Li e aceito: Política de privacidade' }));
}

describe('mobile confirmation', () => {
  it('a DDD ANATEL never allocated, (20), is refused under the field and no SMS is asked for', async () => {
    const requests = recordRequests();
    mockNewPhone();
    const rendered = renderRoute({ routes, path: '/register/send-code/' });
    const mobile = await screen.findByLabelText('Celular');
    await rendered.user.type(mobile, '20987654321');
    await rendered.user.tab();
    await waitFor(() => expect(mobile).toHaveAccessibleDescription('O DDD 20 não existe: confira os dois primeiros números do celular.'));
    expect(button('Enviar código')).toBeDisabled();
    await rendered.user.click(button('Enviar código'));
    expect(requests.filter((request) => request.url.pathname.includes('/mobile'))).toEqual([]);
  });

  it('a mobile pasted as +55 (11) 9 8765-4321 is looked up and sent as its 11 digits', async () => {
    const requests = recordRequests();
    mockNewPhone();
    const rendered = renderRoute({ routes, path: '/register/send-code/' });
    const mobile = await screen.findByLabelText('Celular');
    await rendered.user.click(mobile);
    await rendered.user.paste('+55 (11) 9 8765-4321');
    expect(mobile).toHaveValue('(11) 9.8765.4321');
    await sendCode(rendered);
    expect(requests.map((request) => `${request.method} ${request.url.pathname}`)).toEqual([
      'GET /register/api/1.0/driver/mobile/11987654321',
      'PUT /register/api/1.0/driver/mobile-number/11987654321/verification-code',
    ]);
  });

  it('send-code: the masked mobile, the SMS request, then the 6-digit code with the one-time-code autofill', async () => {
    const requests = recordRequests();
    mockNewPhone();
    const rendered = renderRoute({ routes, path: '/register/send-code/' });
    expect(await screen.findByRole('heading', { level: 1, name: 'Confirme seu celular' })).toBeInTheDocument();
    const mobile = screen.getByLabelText('Celular');
    expect(mobile).toHaveAttribute('inputmode', 'numeric');
    expect(button('Enviar código')).toBeDisabled();
    await rendered.user.type(mobile, MOBILE);
    expect(mobile).toHaveValue('(21) 9.8765.0000');
    await sendCode(rendered);

    expect(screen.getByRole('status')).toHaveTextContent(SENT);
    const code = screen.getByLabelText('Código');
    expect(code).toHaveFocus();
    expect(code).toHaveAttribute('autocomplete', 'one-time-code');
    expect(code).toHaveAttribute('inputmode', 'numeric');
    expect(button('Continuar')).toBeDisabled();
    await rendered.user.type(code, '12345');
    expect(button('Continuar')).toBeDisabled();
    expect(screen.getByRole('button', { name: /Reenviar código em 0:(30|29)/ })).toBeDisabled();
    await rendered.user.type(code, '6');
    await waitFor(() => expect(button('Continuar')).toBeEnabled());
    await rendered.user.click(button('Continuar'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Criar conta' })).toBeInTheDocument();

    // The form is its own chunk (fetched once the SMS went out): its terms are asked for when it shows.
    await waitFor(() =>
      expect(requests.map((request) => `${request.method} ${request.url.pathname}`)).toEqual([
        `GET /register/api/1.0/driver/mobile/${MOBILE}`,
        `PUT /register/api/1.0/driver/mobile-number/${MOBILE}/verification-code`,
        `PUT /register/api/1.0/driver/mobile-number/${MOBILE}/verification-code/123456`,
        'GET /register/api/2.0/driver/eula',
      ]),
    );
    for (const request of requests) expect(request.headers.get('authorization')).toBeNull();
  });

  it('create-account/:phone starts with the phone of the path', async () => {
    mockNewPhone();
    renderRoute({ routes, path: `/register/create-account/${MOBILE}` });
    expect(await screen.findByLabelText('Celular')).toHaveValue('(21) 9.8765.0000');
    await waitFor(() => expect(button('Enviar código')).toBeEnabled());
  });

  it('a phone that already belongs to a driver: the success-style alert leading to /App, and no SMS', async () => {
    const requests = recordRequests();
    mockJson(api.register.driverByMobile, {
      response: { id: 'x', name: 'Maria', email: 'm@example.com', mobile: MOBILE, cpf: '52998224725' },
    });
    const rendered = renderRoute({ routes, path: `/register/create-account/${MOBILE}` });
    await waitFor(() => expect(button('Enviar código')).toBeEnabled());
    await rendered.user.click(button('Enviar código'));
    const dialog = await screen.findByRole('alertdialog', {
      name: 'Esse telefone já está associado à um registro, faça o login para continuar.',
    });
    expect(dialog).toHaveClass('dialog-success');
    await rendered.user.click(within(dialog).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(rendered.router.state.location.pathname).toBe('/App'));
    expect(requests.map((request) => request.method)).toEqual(['GET']);
  });

  it('a wrong code is refused with the service message in error style, cleared, and Continuar waits again', async () => {
    mockNewPhone();
    mockStatus(api.register.confirmCode, 400, { validations: [{ field: 'code', message: 'Código inválido.' }] });
    const rendered = renderRoute({ routes, path: `/register/create-account/${MOBILE}` });
    await sendCode(rendered);
    await confirm(rendered, '000000');
    const dialog = await screen.findByRole('alertdialog', { name: 'Por favor revise os seguintes dados:' });
    expect(dialog).toHaveClass('dialog-error');
    expect(dialog).toHaveTextContent('Código inválido.');
    await rendered.user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.getByLabelText('Código')).toHaveValue('');
    expect(button('Continuar')).toBeDisabled();
  });

  it('a confirmation answered verified: false is a wrong code too', async () => {
    mockNewPhone();
    mockJson(api.register.confirmCode, { mobile: MOBILE, verified: false });
    const rendered = renderRoute({ routes, path: `/register/create-account/${MOBILE}` });
    await sendCode(rendered);
    await confirm(rendered);
    expect(await screen.findByRole('alertdialog', { name: 'Código inválido.' })).toHaveClass('dialog-error');
    expect(screen.queryByRole('heading', { name: 'Criar conta' })).not.toBeInTheDocument();
  });

  it('"Reenviar código" waits out the countdown, then goes back to the mobile, kept', async () => {
    mockNewPhone();
    const rendered = renderRoute({ routes, path: `/register/create-account/${MOBILE}` });
    await sendCode(rendered);
    const later = Date.now() + 31_000;
    const clock = jest.spyOn(Date, 'now').mockImplementation(() => later);
    try {
      await rendered.user.click(await screen.findByRole('button', { name: 'Reenviar código' }));
    } finally {
      clock.mockRestore();
    }
    expect(await screen.findByLabelText('Celular')).toHaveValue('(21) 9.8765.0000');
    expect(screen.queryByLabelText('Código')).not.toBeInTheDocument();
  });

  it.each([
    [500, 'Ocorreu um erro inesperado, tente novamente mais tarde.'],
    [404, 'O serviço esta indisponivel no momento, tente novamente mais tarde.'],
  ])('an SMS request answered %i says so and keeps the mobile', async (status, text) => {
    mockJson(api.register.driverByMobile, { response: null });
    mockStatus(api.register.requestCode, status);
    const rendered = renderRoute({ routes, path: `/register/create-account/${MOBILE}` });
    await waitFor(() => expect(button('Enviar código')).toBeEnabled());
    await rendered.user.click(button('Enviar código'));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(text);
    expect(screen.getByLabelText('Celular')).toHaveValue('(21) 9.8765.0000');
  });

  it('an SMS request answered 400 lists its message; one that never answers says the service took too long', async () => {
    mockJson(api.register.driverByMobile, { response: null });
    mockStatus(api.register.requestCode, 400, { validations: [{ field: 'mobile', message: 'Celular inválido.' }] });
    const rendered = renderRoute({ routes, path: `/register/create-account/${MOBILE}` });
    await waitFor(() => expect(button('Enviar código')).toBeEnabled());
    await rendered.user.click(button('Enviar código'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Por favor revise os seguintes dados:' });
    expect(dialog).toHaveTextContent('Celular inválido.');
    await rendered.user.click(within(dialog).getByRole('button', { name: 'OK' }));

    mockApi(api.register.requestCode, () => new Promise<never>(() => undefined));
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
    expect(screen.getByLabelText('Celular')).toHaveValue('(21) 9.8765.0000');
  });

  it('offline: the lookup says so', async () => {
    mockNetworkError(api.register.driverByMobile);
    const rendered = renderRoute({ routes, path: `/register/create-account/${MOBILE}` });
    await waitFor(() => expect(button('Enviar código')).toBeEnabled());
    await rendered.user.click(button('Enviar código'));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Sem conexão com a internet.');
  });
});

describe('create account', () => {
  it('Continuar waits for every rule, with the spec messages under the fields', async () => {
    const { user } = await openForm();
    expect(button('Continuar')).toBeDisabled();
    await user.type(screen.getByLabelText('CPF'), '11111111111');
    await user.type(screen.getByLabelText('E-mail'), 'ana@');
    await user.type(screen.getByLabelText('Senha'), 'abc');
    await user.tab();
    expect(screen.getByLabelText('CPF')).toHaveValue('111.111.111-11');
    expect(screen.getByLabelText('CPF')).toHaveAccessibleDescription('CPF invalido');
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('Email invalido');
    expect(screen.getByLabelText('Senha')).toHaveAccessibleDescription(
      'deve ter 8 digitos, contendo letras, números ou símbolos Senha deve conter 8 dígitos',
    );
    expect(screen.getByLabelText('CPF')).toHaveAttribute('inputmode', 'numeric');
    // One rule, one length (issue 23): the hint says 8 digits as the error does, and so does the input.
    expect(screen.getByLabelText('Senha')).toHaveAttribute('minlength', '8');
    expect(screen.getByLabelText('Senha')).toHaveAttribute('maxlength', '8');
    expect(screen.getByRole('link', { name: 'Ler Termos de uso' })).toHaveAttribute('href', POLICIES[0]?.documentUrl);
    expect(screen.getByRole('link', { name: 'Ler Termos de uso' })).toHaveAttribute('target', '_blank');
    expect(button('Continuar')).toBeDisabled();
  });

  it('a name or e-mail longer than the service holds, or with a right-to-left override, is refused whole (never cut); a long pasted password too', async () => {
    const rendered = await openForm();
    await fillForm(rendered);
    await waitFor(() => expect(button('Continuar')).toBeEnabled());
    const name = screen.getByLabelText('Nome completo');
    const longName = 'Ana '.repeat(25) + 'S';
    fireEvent.change(name, { target: { value: longName } });
    fireEvent.blur(name);
    await waitFor(() => expect(name).toHaveAccessibleDescription('Use no máximo 100 caracteres.'));
    expect(name).toHaveValue(longName);
    expect(button('Continuar')).toBeDisabled();
    fireEvent.change(name, { target: { value: 'Ana \u202ESouza' } });
    await waitFor(() => expect(name).toHaveAccessibleDescription('Há um caractere invisível ou de controle no texto: apague-o.'));
    fireEvent.change(name, { target: { value: 'Ana Souza' } });
    await waitFor(() => expect(button('Continuar')).toBeEnabled());

    const email = screen.getByLabelText('E-mail');
    const longEmail = `${'a'.repeat(95)}@example.com`;
    fireEvent.change(email, { target: { value: longEmail } });
    fireEvent.blur(email);
    await waitFor(() => expect(email).toHaveAccessibleDescription('Use no máximo 100 caracteres.'));
    expect(email).toHaveValue(longEmail);
    expect(button('Continuar')).toBeDisabled();
    fireEvent.change(email, { target: { value: 'ana@example.com' } });
    await waitFor(() => expect(button('Continuar')).toBeEnabled());

    const password = screen.getByLabelText('Senha');
    await rendered.user.clear(password);
    await rendered.user.paste('abcd1234567');
    expect(password).toHaveValue('abcd1234567');
    await waitFor(() =>
      expect(password).toHaveAccessibleDescription('deve ter 8 digitos, contendo letras, números ou símbolos Senha deve conter 8 dígitos'),
    );
    expect(button('Continuar')).toBeDisabled();
  });

  it('e-mail is lowercased on blur; one policy unchecked keeps Continuar disabled', async () => {
    const rendered = await openForm();
    await fillForm(rendered);
    await rendered.user.tab();
    expect(screen.getByLabelText('E-mail')).toHaveValue('ana.souza@example.com');
    await waitFor(() => expect(button('Continuar')).toBeEnabled());
    await rendered.user.click(screen.getByRole('checkbox', { name: 'Li e aceito: Termos de uso' }));
    await waitFor(() => expect(button('Continuar')).toBeDisabled());
  });

  it('posts the registration, keeps the driver id for the session and goes to the modality', async () => {
    const requests = recordRequests();
    const rendered = await openForm();
    mockJson(api.register.createDriver, { driverId: GUID });
    mockJson(api.register.modalities, { modalities: [] });
    await fillForm(rendered);
    await waitFor(() => expect(button('Continuar')).toBeEnabled());
    await rendered.user.click(button('Continuar'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Modalidade' })).toBeInTheDocument();
    expect(rendered.router.state.location.pathname).toBe('/register/modality/');
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.url.pathname).toBe('/register/api/1.0/driver');
    expect(post?.body).toEqual({
      mobile: MOBILE,
      name: 'Ana Souza',
      email: 'ana.souza@example.com',
      cpf: '39053344705',
      password: 'abcd1234',
      gender: 'F',
      policies: [1, 2],
      deviceInfo: { userAgent: expect.any(String), language: expect.any(String), screen: expect.stringMatching(/^\d+x\d+$/) },
    });
    expect(window.sessionStorage.getItem('driver-portal:driverGuid')).toBe(GUID);
    expect(window.sessionStorage.getItem('driver-portal:confirmedMobile')).toBeNull();
    expect(savedDraft(`create-account:${MOBILE}`)).toBeNull();
  });

  it('a 400 lists its messages, puts cpf, email and password under their inputs, and keeps what was typed', async () => {
    const rendered = await openForm();
    mockStatus(api.register.createDriver, 400, {
      validations: [
        { field: 'cpf', message: 'CPF já cadastrado.' },
        { field: 'email', message: 'E-mail já cadastrado.' },
        { field: 'password', message: 'Senha fraca.' },
        { field: 'name', message: 'Nome incompleto.' },
      ],
    });
    await fillForm(rendered);
    await waitFor(() => expect(button('Continuar')).toBeEnabled());
    await rendered.user.click(button('Continuar'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Por favor revise os seguintes dados:' });
    for (const text of ['CPF já cadastrado.', 'E-mail já cadastrado.', 'Senha fraca.', 'Nome incompleto.'])
      expect(dialog).toHaveTextContent(text);
    await rendered.user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.getByLabelText('CPF')).toHaveAccessibleDescription('CPF já cadastrado.');
    expect(screen.getByLabelText('E-mail')).toHaveAccessibleDescription('E-mail já cadastrado.');
    expect(screen.getByLabelText('Senha')).toHaveAccessibleDescription(
      'deve ter 8 digitos, contendo letras, números ou símbolos Senha fraca.',
    );
    expect(screen.getByLabelText('Nome completo')).not.toHaveAccessibleDescription('Nome incompleto.');
    expect(screen.getByLabelText('CPF')).toHaveValue('390.533.447-05');
    expect(screen.getByLabelText('Senha')).toHaveValue('abcd1234');
    expect(rendered.router.state.location.pathname).toBe(`/register/create-account/${MOBILE}`);
  });

  it.each([
    [500, 'Ocorreu um erro inesperado, tente novamente mais tarde.'],
    [404, 'O serviço esta indisponivel no momento, tente novamente mais tarde.'],
  ])('a registration answered %i gives the catalogue text and keeps the form', async (status, text) => {
    const rendered = await openForm();
    mockStatus(api.register.createDriver, status);
    await fillForm(rendered);
    await waitFor(() => expect(button('Continuar')).toBeEnabled());
    await rendered.user.click(button('Continuar'));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(text);
    expect(screen.getByLabelText('Nome completo')).toHaveValue('Ana Souza');
  });

  it('offline and a registration that never answers say so', async () => {
    const rendered = await openForm();
    mockNetworkError(api.register.createDriver);
    await fillForm(rendered);
    await waitFor(() => expect(button('Continuar')).toBeEnabled());
    await rendered.user.click(button('Continuar'));
    const offline = await screen.findByRole('alertdialog');
    expect(offline).toHaveTextContent('Sem conexão com a internet.');
    await rendered.user.click(within(offline).getByRole('button', { name: 'OK' }));

    mockApi(api.register.createDriver, () => new Promise<never>(() => undefined));
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      fireEvent.click(button('Continuar'));
      await act(async () => {
        await jest.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
      });
      expect(await screen.findByRole('alertdialog')).toHaveTextContent('O serviço demorou para responder.');
    } finally {
      jest.useRealTimers();
    }
  });

  it('the policies failing to load show the error with a retry that loads them again', async () => {
    mockNewPhone();
    mockStatus(api.register.policies, 500);
    const rendered = renderRoute({ routes, path: `/register/create-account/${MOBILE}` });
    await sendCode(rendered);
    await confirm(rendered);
    expect(await screen.findByRole('alert')).toHaveTextContent('Ocorreu um erro inesperado, tente novamente mais tarde.');
    mockJson(api.register.policies, POLICIES);
    await rendered.user.click(button('Tentar novamente'));
    expect(await screen.findByRole('checkbox', { name: 'Li e aceito: Termos de uso' })).toBeInTheDocument();
  });

  it('a reload keeps the confirmed mobile and the draft, never the password', async () => {
    const first = await openForm();
    await fillForm(first);
    const key = draftStorageKey(`create-account:${MOBILE}`);
    await waitFor(() => expect(window.sessionStorage.getItem(key)).toContain('Ana Souza'));
    expect(JSON.stringify(window.sessionStorage)).not.toContain('abcd1234');
    first.unmount();

    mockJson(api.register.policies, POLICIES);
    renderRoute({ routes, path: `/register/create-account/${MOBILE}` });
    expect(await screen.findByLabelText('Nome completo')).toHaveValue('Ana Souza');
    expect(screen.getByLabelText('CPF')).toHaveValue('390.533.447-05');
    expect(screen.getByRole('radio', { name: 'Feminino' })).toBeChecked();
    expect(screen.getByRole('checkbox', { name: 'Li e aceito: Termos de uso' })).toBeChecked();
    expect(screen.getByLabelText('Senha')).toHaveValue('');
    expect(button('Continuar')).toBeDisabled();
  });
});
