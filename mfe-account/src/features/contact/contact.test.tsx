import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
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
const session = { token: TEST_TOKEN, driverId: DRIVER_ID };

function mockMyAccount() {
  mockJson(api.register.driver, { response: { id: DRIVER_ID, name: 'Maria', email: 'nova@example.com', mobile: '21999998888', cpf: '' } });
  mockJson(api.register.location, { response: null });
  mockJson(api.register.modalities, { modalities: [] });
  mockJson(api.register.documents, { documents: [] });
}

async function openEmail() {
  const rendered = renderRoute({ routes, path: '/my-account/change-email', session });
  await screen.findByLabelText('Novo e-mail');
  return rendered;
}

const alterar = () => screen.getByRole('button', { name: 'Alterar' });
const confirmar = () => screen.getByRole('button', { name: 'Confirmar' });

async function reachCode({ user }: RenderRouteResult, value = 'nova@example.com', label = 'Novo e-mail') {
  await user.type(screen.getByLabelText(label), value);
  await waitFor(() => expect(alterar()).toBeEnabled());
  await user.click(alterar());
  await screen.findByLabelText('Código');
}

describe('change e-mail', () => {
  it('without a driver held for the session, says so and leads home', async () => {
    renderRoute({ routes, path: '/my-account/change-email' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Não foi possível identificar a sua conta.');
    expect(screen.getByRole('link', { name: 'Ir para o início' })).toHaveAttribute('href', '/App');
    expect(screen.queryByLabelText('Novo e-mail')).not.toBeInTheDocument();
  });

  it('Alterar is disabled while the e-mail is invalid, which the field says ("Email invalido")', async () => {
    const { user } = await openEmail();
    expect(alterar()).toBeDisabled();
    await user.type(screen.getByLabelText('Novo e-mail'), 'maria@');
    await user.tab();
    expect(screen.getByLabelText('Novo e-mail')).toHaveAccessibleDescription('Email invalido');
    expect(alterar()).toBeDisabled();
    await user.type(screen.getByLabelText('Novo e-mail'), 'example.com');
    await waitFor(() => expect(alterar()).toBeEnabled());
    expect(screen.queryByText('Email invalido')).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', `/my-account/init/${DRIVER_ID}`);
  });

  it('an e-mail longer than the service holds, or with a right-to-left override, is kept whole and refused; no code is sent', async () => {
    const requests = recordRequests();
    const { user } = await openEmail();
    const input = screen.getByLabelText('Novo e-mail');
    const long = `${'m'.repeat(95)}@example.com`;
    await user.click(input);
    await user.paste(long);
    await user.tab();
    await waitFor(() => expect(input).toHaveAccessibleDescription('Use no máximo 100 caracteres.'));
    expect(input).toHaveValue(long);
    expect(alterar()).toBeDisabled();
    await user.clear(input);
    await user.paste('maria@\u202Emoc.elpmaxe');
    await user.tab();
    await waitFor(() => expect(input).toHaveAccessibleDescription('Há um caractere invisível ou de controle no texto: apague-o.'));
    expect(alterar()).toBeDisabled();
    expect(requests).toHaveLength(0);
  });

  it('sends the code to the new e-mail, then confirms it with the code; success leads to my account', async () => {
    const requests = recordRequests();
    const rendered = await openEmail();
    mockJson(api.register.sendEmailCode, {});
    mockJson(api.register.changeEmail, {});
    await reachCode(rendered);

    expect(screen.getByRole('status')).toHaveTextContent('Enviamos um código de 6 dígitos para nova@example.com.');
    expect(screen.getByLabelText('Código')).toHaveFocus();
    expect(screen.getByLabelText('Código')).toHaveAttribute('autocomplete', 'one-time-code');
    expect(screen.getByRole('button', { name: /Reenviar código em 0:(30|29)/ })).toBeDisabled();
    expect(confirmar()).toBeDisabled();
    await rendered.user.type(screen.getByLabelText('Código'), '12345');
    expect(confirmar()).toBeDisabled();
    await rendered.user.type(screen.getByLabelText('Código'), '6');
    await waitFor(() => expect(confirmar()).toBeEnabled());
    mockMyAccount();
    await rendered.user.click(confirmar());

    const dialog = await screen.findByRole('alertdialog', { name: 'E-mail alterado com sucesso!' });
    expect(dialog).toHaveClass('dialog-success');
    expect(requests.map((request) => `${request.method} ${request.url.pathname}`)).toEqual([
      `POST /register/api/1.0/driver/${DRIVER_ID}/email-address/nova%40example.com/send-code`,
      `PUT /register/api/1.0/driver/${DRIVER_ID}/email-address`,
    ]);
    expect(requests[1]?.body).toEqual({ newEmailAddress: 'nova@example.com', validationCode: '123456' });
    for (const request of requests) expect(request.headers.get('authorization')).toBeNull();

    await rendered.user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Minha conta' })).toBeInTheDocument();
    expect(rendered.router.state.location.pathname).toBe(`/my-account/init/${DRIVER_ID}`);
  });

  it('a wrong code says so in error style, clears the code and stays on the code step', async () => {
    const rendered = await openEmail();
    mockJson(api.register.sendEmailCode, {});
    mockStatus(api.register.changeEmail, 400, { validations: [{ field: 'validationCode', message: 'Código inválido.' }] });
    await reachCode(rendered);
    await rendered.user.type(screen.getByLabelText('Código'), '000000');
    await waitFor(() => expect(confirmar()).toBeEnabled());
    await rendered.user.click(confirmar());
    const dialog = await screen.findByRole('alertdialog', { name: 'Por favor revise os seguintes dados:' });
    expect(dialog).toHaveClass('dialog-error');
    expect(dialog).toHaveTextContent('Código inválido.');
    await rendered.user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.getByLabelText('Código')).toHaveValue('');
    expect(confirmar()).toBeDisabled();
  });

  it.each([
    [500, 'Ocorreu um erro inesperado, tente novamente mais tarde.'],
    [404, 'O serviço esta indisponivel no momento, tente novamente mais tarde.'],
  ])('a code request answered %i says so and keeps the e-mail typed', async (status, text) => {
    const { user } = await openEmail();
    mockStatus(api.register.sendEmailCode, status);
    await user.type(screen.getByLabelText('Novo e-mail'), 'nova@example.com');
    await waitFor(() => expect(alterar()).toBeEnabled());
    await user.click(alterar());
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(text);
    expect(screen.getByLabelText('Novo e-mail')).toHaveValue('nova@example.com');
  });

  it('offline: the code request says so', async () => {
    const { user } = await openEmail();
    mockNetworkError(api.register.sendEmailCode);
    await user.type(screen.getByLabelText('Novo e-mail'), 'nova@example.com');
    await waitFor(() => expect(alterar()).toBeEnabled());
    await user.click(alterar());
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Sem conexão com a internet.');
  });

  it('a confirmation that never answers says the service took too long', async () => {
    const rendered = await openEmail();
    mockJson(api.register.sendEmailCode, {});
    mockApi(api.register.changeEmail, () => new Promise<never>(() => undefined));
    await reachCode(rendered);
    await rendered.user.type(screen.getByLabelText('Código'), '123456');
    await waitFor(() => expect(confirmar()).toBeEnabled());
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      fireEvent.click(confirmar());
      await act(async () => {
        await jest.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
      });
      expect(await screen.findByRole('alertdialog')).toHaveTextContent('O serviço demorou para responder.');
    } finally {
      jest.useRealTimers();
    }
  });

  it('"Reenviar código" waits out the countdown, then sends the code again', async () => {
    const requests = recordRequests();
    const rendered = await openEmail();
    mockJson(api.register.sendEmailCode, {});
    await reachCode(rendered);
    // 31 seconds later, as the countdown's clock reads it.
    const later = Date.now() + 31_000;
    const clock = jest.spyOn(Date, 'now').mockImplementation(() => later);
    try {
      const resend = await screen.findByRole('button', { name: 'Reenviar código' });
      expect(resend).toBeEnabled();
      await rendered.user.click(resend);
    } finally {
      clock.mockRestore();
    }
    await waitFor(() => expect(requests.filter((request) => request.method === 'POST')).toHaveLength(2));
    expect(await screen.findByRole('button', { name: /Reenviar código em 0:/ })).toBeDisabled();
  });

  it('"Corrigir e-mail" goes back with the e-mail kept', async () => {
    const rendered = await openEmail();
    mockJson(api.register.sendEmailCode, {});
    await reachCode(rendered);
    await rendered.user.click(screen.getByRole('button', { name: 'Corrigir e-mail' }));
    expect(screen.getByLabelText('Novo e-mail')).toHaveValue('nova@example.com');
  });

  it('a reload on the code step stays there for the code already sent (no new SMS), never keeps the code, and forgets it all after the change', async () => {
    const requests = recordRequests();
    const first = await openEmail();
    mockJson(api.register.sendEmailCode, {});
    await reachCode(first);
    await first.user.type(screen.getByLabelText('Código'), '123456');
    await waitFor(() => expect(savedDraft(`change-email:${DRIVER_ID}`)).toContain('nova@example.com'));
    expect(JSON.stringify(window.sessionStorage)).not.toContain('123456');
    first.unmount();

    const second = await openEmail();
    // Still the code step, for the e-mail the code went to; the code is typed again, not asked again.
    expect(screen.getByRole('status')).toHaveTextContent('Enviamos um código de 6 dígitos para nova@example.com.');
    expect(screen.getByLabelText('Código')).toHaveValue('');
    expect(screen.getByLabelText('Novo e-mail')).not.toBeVisible();
    // The wait counts from the send, not from the reload.
    expect(screen.getByRole('button', { name: /Reenviar código/ })).toBeDisabled();
    mockJson(api.register.changeEmail, {});
    await second.user.type(screen.getByLabelText('Código'), '123456');
    await waitFor(() => expect(confirmar()).toBeEnabled());
    mockMyAccount();
    await second.user.click(confirmar());
    await screen.findByRole('alertdialog', { name: 'E-mail alterado com sucesso!' });
    expect(requests.filter((request) => request.url.pathname.includes('/send'))).toHaveLength(1);
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.body).toEqual({ newEmailAddress: 'nova@example.com', validationCode: '123456' });
    // Forgotten once the change is done (the draft's last save may land a tick after the dialog on a busy machine).
    await waitFor(() => expect(savedDraft(`change-email:${DRIVER_ID}`)).toBeNull());
    expect(savedDraft(`change-email:${DRIVER_ID}:code-sent`)).toBeNull();
    second.unmount();

    // The change done, the page opens on the value again.
    await openEmail();
    expect(screen.getByLabelText('Novo e-mail')).toBeVisible();
    expect(screen.getByLabelText('Novo e-mail')).toHaveValue('');
  });

  it('"Corrigir e-mail" then a reload opens on the e-mail, as typed', async () => {
    const first = await openEmail();
    mockJson(api.register.sendEmailCode, {});
    await reachCode(first);
    await first.user.click(screen.getByRole('button', { name: 'Corrigir e-mail' }));
    expect(screen.getByLabelText('Novo e-mail')).toBeVisible();
    first.unmount();
    await openEmail();
    expect(screen.getByLabelText('Novo e-mail')).toBeVisible();
    expect(screen.getByLabelText('Novo e-mail')).toHaveValue('nova@example.com');
    expect(screen.queryByLabelText('Código')).not.toBeInTheDocument();
  });

  it('a reload more than 30 s after the code was sent offers "Reenviar código" at once', async () => {
    const first = await openEmail();
    mockJson(api.register.sendEmailCode, {});
    await reachCode(first);
    first.unmount();
    const later = Date.now() + 31_000;
    const clock = jest.spyOn(Date, 'now').mockImplementation(() => later);
    try {
      await openEmail();
      expect(screen.getByRole('button', { name: 'Reenviar código' })).toBeEnabled();
    } finally {
      clock.mockRestore();
    }
  });
});

describe('change mobile', () => {
  async function openMobile() {
    const rendered = renderRoute({ routes, path: '/my-account/change-mobile', session });
    await screen.findByLabelText('Novo celular');
    return rendered;
  }

  it('masks the mobile, says "Celular invalido" while it is not one, and sends it as 11 digits', async () => {
    const requests = recordRequests();
    const rendered = await openMobile();
    const input = screen.getByLabelText('Novo celular');
    await rendered.user.type(input, '2133334444');
    await rendered.user.tab();
    expect(input).toHaveAccessibleDescription('Celular invalido');
    expect(alterar()).toBeDisabled();
    await rendered.user.clear(input);
    mockJson(api.register.sendMobileCode, {});
    mockJson(api.register.changeMobile, {});
    await reachCode(rendered, '21999998888', 'Novo celular');
    expect(screen.getByRole('status')).toHaveTextContent('Enviamos um código de 6 dígitos para (21) 9.9999.8888.');

    await rendered.user.type(screen.getByLabelText('Código'), '123456');
    await waitFor(() => expect(confirmar()).toBeEnabled());
    mockMyAccount();
    await rendered.user.click(confirmar());
    const dialog = await screen.findByRole('alertdialog', { name: 'Alterado com sucesso!' });
    expect(dialog).toHaveClass('dialog-success');
    expect(requests.map((request) => `${request.method} ${request.url.pathname}`)).toEqual([
      `POST /register/api/1.0/driver/${DRIVER_ID}/mobile-number/21999998888/send-code`,
      `PUT /register/api/1.0/driver/${DRIVER_ID}/mobile-number`,
    ]);
    expect(requests[1]?.body).toEqual({ newMobilePhoneNumber: '21999998888', verificationCode: '123456' });
    await rendered.user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Minha conta' })).toBeInTheDocument();
  });

  it('a pasted mobile with a digit too many is refused, not cut to another valid number; no code is sent', async () => {
    const requests = recordRequests();
    const rendered = await openMobile();
    const input = screen.getByLabelText('Novo celular');
    await rendered.user.click(input);
    await rendered.user.paste('219999988881');
    expect(input).toHaveValue('');
    expect(input).toHaveAccessibleDescription('O texto colado tem 12 dígitos e este campo aceita 11: confira e digite ou cole de novo.');
    expect(alterar()).toBeDisabled();
    expect(requests).toHaveLength(0);
  });

  it('a DDD ANATEL never allocated, (20), is refused saying so, and no code is sent', async () => {
    const requests = recordRequests();
    const rendered = await openMobile();
    const input = screen.getByLabelText('Novo celular');
    await rendered.user.type(input, '20987654321');
    await rendered.user.tab();
    expect(input).toHaveValue('(20) 9.8765.4321');
    await waitFor(() => expect(input).toHaveAccessibleDescription('O DDD 20 não existe: confira os dois primeiros números do celular.'));
    expect(alterar()).toBeDisabled();
    await rendered.user.click(alterar());
    expect(requests).toHaveLength(0);
  });

  it('a mobile pasted with the country code, +55 (11) 9 8765-4321, is the 11 digits sent', async () => {
    const requests = recordRequests();
    const rendered = await openMobile();
    mockJson(api.register.sendMobileCode, {});
    const input = screen.getByLabelText('Novo celular');
    await rendered.user.click(input);
    await rendered.user.paste('+55 (11) 9 8765-4321');
    expect(input).toHaveValue('(11) 9.8765.4321');
    await waitFor(() => expect(alterar()).toBeEnabled());
    await rendered.user.click(alterar());
    await screen.findByLabelText('Código');
    expect(requests.map((request) => `${request.method} ${request.url.pathname}`)).toEqual([
      `POST /register/api/1.0/driver/${DRIVER_ID}/mobile-number/11987654321/send-code`,
    ]);
  });

  it('a reload on the code step stays there, for the mobile the SMS went to', async () => {
    const requests = recordRequests();
    const first = await openMobile();
    mockJson(api.register.sendMobileCode, {});
    await reachCode(first, '21999998888', 'Novo celular');
    first.unmount();
    const second = await openMobile();
    expect(screen.getByRole('status')).toHaveTextContent('Enviamos um código de 6 dígitos para (21) 9.9999.8888.');
    mockJson(api.register.changeMobile, {});
    await second.user.type(screen.getByLabelText('Código'), '654321');
    await waitFor(() => expect(confirmar()).toBeEnabled());
    mockMyAccount();
    await second.user.click(confirmar());
    await screen.findByRole('alertdialog', { name: 'Alterado com sucesso!' });
    expect(requests.map((request) => request.method)).toEqual(['POST', 'PUT']);
    expect(requests[1]?.body).toEqual({ newMobilePhoneNumber: '21999998888', verificationCode: '654321' });
  });

  it('a failed change (500) says so and stays on the code step with the code kept: the code was not the problem', async () => {
    const rendered = await openMobile();
    mockJson(api.register.sendMobileCode, {});
    mockStatus(api.register.changeMobile, 500);
    await reachCode(rendered, '21999998888', 'Novo celular');
    await rendered.user.type(screen.getByLabelText('Código'), '123456');
    await waitFor(() => expect(confirmar()).toBeEnabled());
    await rendered.user.click(confirmar());
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveTextContent('Ocorreu um erro inesperado, tente novamente mais tarde.');
    await rendered.user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.getByLabelText('Código')).toHaveValue('123456');
    // The same code, once the service answers again.
    mockJson(api.register.changeMobile, {});
    await rendered.user.click(confirmar());
    expect(await screen.findByRole('alertdialog', { name: 'Alterado com sucesso!' })).toBeInTheDocument();
  });
});
