import { driverValue } from '@driver-portal/shared/session';
import { screen, waitFor, within } from '@testing-library/react';
import { api, type CardStatus } from '../../contract';
import {
  HttpResponse,
  mockApi,
  mockJson,
  mockNetworkError,
  mockStatus,
  recordRequests,
  renderRoute,
  TEST_TOKEN,
  savedDraft,
} from '@driver-portal/shared/test-utils';
import { routes } from '../../routes';

// Forms typed key by key: on a busy 2-core machine some take longer than Jest's 5 s default.
jest.setTimeout(20_000);

const DRIVER_ID = '3f6c2d1e-8a4b-4c9d-9e2f-1a2b3c4d5e6f';
const CARD = `/card/api/1.0/card/${DRIVER_ID}`;
const UNEXPECTED_TEXT = 'Ocorreu um erro inesperado, tente novamente mais tarde.';
const NOT_FOUND_TEXT = 'O serviço esta indisponivel no momento, tente novamente mais tarde.';
const OFFLINE_TEXT = 'Sem conexão com a internet. Verifique sua conexão e tente novamente.';

const NO_CARD: CardStatus = { stage: null, requestedAt: null, address: null };
const ADDRESS = {
  cep: '01310100',
  address: 'Avenida Paulista',
  number: '1578',
  complement: 'Apto 12',
  neighborhood: 'Bela Vista',
  state: 'SP',
  city: 'São Paulo',
};
const REQUESTED: CardStatus = { stage: 'REQUESTED', requestedAt: '2026-06-15T12:00:00-03:00', address: ADDRESS };

function open(path: string, driverValues: Record<string, string> = {}) {
  return renderRoute({ routes, path, session: { token: TEST_TOKEN, driverId: DRIVER_ID }, driverValues });
}

const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

describe('card terms', () => {
  it('asks the card service whether the driver already asked (no token), then shows the terms, which must be accepted', async () => {
    const requests = recordRequests();
    mockJson(api.card.status, NO_CARD);
    const { user, router } = open('/card-request/terms');
    expect(await heading('Pedir cartão')).toBeInTheDocument();
    expect(await screen.findByText('Receba o pagamento das suas corridas no cartão, em até 3 dias.')).toBeInTheDocument();
    expect(requests.map((request) => [request.method, request.url.pathname])).toEqual([['GET', CARD]]);
    expect(requests[0]?.headers.get('authorization')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('Aceite os termos para continuar')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/card-request/terms');
    await user.click(screen.getByRole('checkbox', { name: 'Li e aceito os termos do cartão' }));
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await heading('Endereço de entrega')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/card-request/address');
  });

  it('a driver who already asked for a card goes straight to its status', async () => {
    mockJson(api.card.status, { ...REQUESTED, stage: 'DELIVERY' });
    const { router } = open('/card-request/terms');
    expect(await heading('Acompanhe seu cartão')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/card-request/status');
  });

  it.each([
    [404, {}, NOT_FOUND_TEXT],
    [404, { validations: [{ message: 'Motorista não encontrado.' }] }, 'Motorista não encontrado.'],
    [500, { validations: [{ message: 'interno' }] }, UNEXPECTED_TEXT],
  ])(
    "the status answering %i %p shows the service's own 4xx message or the catalogue text, and a retry that works",
    async (status, body, text) => {
      mockStatus(api.card.status, status, body);
      const { user } = open('/card-request/terms');
      expect(await screen.findByText(text)).toBeInTheDocument();
      mockJson(api.card.status, NO_CARD);
      await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
      expect(await screen.findByRole('checkbox', { name: 'Li e aceito os termos do cartão' })).toBeInTheDocument();
    },
  );

  it('offline says so', async () => {
    mockNetworkError(api.card.status);
    open('/card-request/terms');
    expect(await screen.findByText(OFFLINE_TEXT)).toBeInTheDocument();
  });

  it("a shared phone: after the insurance home of driver A, the session's driver B gets B's card, never A's", async () => {
    mockJson(api.insurance.activePolicy, {
      active: false,
      policyNumber: null,
      expirationDate: null,
      bestPaymentDay: null,
      requestId: null,
    });
    mockJson(api.card.status, NO_CARD);
    const home = renderRoute({ routes, path: '/car-insurance/init/driver-a', session: { token: TEST_TOKEN, driverId: 'driver-a' } });
    expect(await heading('Seguro auto')).toBeInTheDocument();
    home.unmount();
    // The session now holds driver B; whatever else this tab still holds of A is not asked.
    const requests = recordRequests();
    renderRoute({ routes, path: '/card-request/terms', session: { token: 'token-b', driverId: 'driver-b' } });
    expect(await heading('Pedir cartão')).toBeInTheDocument();
    await screen.findByRole('checkbox', { name: 'Li e aceito os termos do cartão' });
    expect(requests.map((request) => request.url.pathname)).toEqual([CARD.replace(DRIVER_ID, 'driver-b')]);
  });

  it('without a known driver says so', async () => {
    renderRoute({ routes, path: '/card-request/terms' });
    expect(await heading('Pedir cartão')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Não foi possível identificar o motorista.');
  });
});

describe('card address', () => {
  const ACCEPTED = { cardTermsAccepted: 'yes' };

  it('opened before the terms were accepted leads to the terms', async () => {
    mockJson(api.card.status, NO_CARD);
    const { router } = open('/card-request/address');
    expect(await heading('Pedir cartão')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/card-request/terms');
  });

  it('masks the CEP 00.000-000 and, once complete, fills the address from the zip lookup (no token)', async () => {
    const requests = recordRequests();
    mockJson(api.card.status, NO_CARD);
    mockJson(api.zipLookup.address, { logradouro: 'Avenida Paulista', bairro: 'Bela Vista', uf: 'SP', localidade: 'São Paulo' });
    const { user } = open('/card-request/address', ACCEPTED);
    await heading('Endereço de entrega');
    const cep = await screen.findByLabelText('CEP');
    await user.type(cep, '013101');
    expect(cep).toHaveValue('01.310-1');
    expect(requests.filter((request) => request.url.pathname.includes('/zip/'))).toHaveLength(0);
    await user.type(cep, '00999', { skipClick: true });
    expect(cep).toHaveValue('01.310-100');

    await waitFor(() => expect(screen.getByLabelText('Endereço')).toHaveValue('Avenida Paulista'));
    expect(screen.getByLabelText('Bairro')).toHaveValue('Bela Vista');
    expect(screen.getByLabelText('Estado')).toHaveValue('SP');
    expect(screen.getByLabelText('Cidade')).toHaveValue('São Paulo');
    const lookups = requests.filter((request) => request.url.pathname.includes('/zip/'));
    expect(lookups).toHaveLength(1);
    expect(lookups[0]?.url.pathname).toBe('/zip/ZipCode');
    expect(lookups[0]?.url.searchParams.get('zipcode')).toBe('01310100');
    expect(lookups[0]?.headers.get('authorization')).toBeNull();
    expect(screen.queryByText('CEP não encontrado')).not.toBeInTheDocument();
  });

  it("a new CEP the lookup does not know clears the previous CEP's address (what the driver retyped stays); the card is never asked with it", async () => {
    mockJson(api.card.status, NO_CARD);
    mockApi(api.zipLookup.address, ({ request }) =>
      new URL(request.url).searchParams.get('zipcode') === '01310100'
        ? HttpResponse.json({ logradouro: 'Avenida Paulista', bairro: 'Bela Vista', uf: 'SP', localidade: 'São Paulo' })
        : HttpResponse.json({ erro: true }, { status: 404 }),
    );
    const { user } = open('/card-request/address', ACCEPTED);
    await heading('Endereço de entrega');
    const cep = await screen.findByLabelText('CEP');
    await user.type(cep, '01310100');
    await waitFor(() => expect(screen.getByLabelText('Endereço')).toHaveValue('Avenida Paulista'));
    await user.clear(screen.getByLabelText('Bairro'));
    await user.type(screen.getByLabelText('Bairro'), 'Jardins');
    await user.clear(cep);
    await user.type(cep, '99999999');
    expect(await screen.findByText('CEP não encontrado')).toBeInTheDocument();
    expect(screen.getByLabelText('Endereço')).toHaveValue('');
    expect(screen.getByLabelText('Cidade')).toHaveValue('');
    expect(screen.getByLabelText('Estado')).toHaveValue('');
    expect(screen.getByLabelText('Bairro')).toHaveValue('Jardins');
  });

  it.each([
    ['an unknown CEP', () => mockStatus(api.zipLookup.address, 404, { erro: true })],
    ['an unknown CEP answered 200 { erro: true }', () => mockJson(api.zipLookup.address, { erro: true } as never)],
    ['the lookup offline', () => mockNetworkError(api.zipLookup.address)],
  ])('%s: "CEP não encontrado" under the field; what was typed stays and the address is typed by hand', async (_case, mock) => {
    mockJson(api.card.status, NO_CARD);
    mock();
    const { user } = open('/card-request/address', ACCEPTED);
    await heading('Endereço de entrega');
    await user.type(await screen.findByLabelText('Número'), '42');
    await user.type(screen.getByLabelText('CEP'), '99999999');
    expect(await screen.findByText('CEP não encontrado')).toBeInTheDocument();
    expect(screen.getByLabelText('CEP')).toHaveAccessibleDescription('CEP não encontrado');
    expect(screen.getByLabelText('CEP')).toHaveValue('99.999-999');
    expect(screen.getByLabelText('Número')).toHaveValue('42');
    await user.type(screen.getByLabelText('Endereço'), 'Rua Nova');
    expect(screen.getByLabelText('Endereço')).toHaveValue('Rua Nova');
  });

  it('needs cep, address, number, neighborhood, state and city (complement optional); sends them and shows the status', async () => {
    const requests = recordRequests();
    mockJson(api.card.status, NO_CARD);
    mockStatus(api.zipLookup.address, 404, { erro: true });
    let status = NO_CARD;
    mockApi(api.card.status, () => HttpResponse.json(status));
    mockApi(api.card.request, () => {
      status = { ...REQUESTED, address: { ...ADDRESS, complement: '' } };
      return HttpResponse.json(status);
    });
    const { user, router } = open('/card-request/address', ACCEPTED);
    await heading('Endereço de entrega');
    await user.click(await screen.findByRole('button', { name: 'Pedir cartão' }));
    await waitFor(() => expect(screen.getByLabelText('CEP')).toHaveFocus());
    for (const label of ['CEP', 'Endereço', 'Número', 'Bairro', 'Estado', 'Cidade']) {
      expect(screen.getByLabelText(label)).toHaveAccessibleDescription('Campo obrigatório');
    }
    expect(screen.getByLabelText('Complemento (opcional)')).not.toHaveAccessibleDescription('Campo obrigatório');

    await user.type(screen.getByLabelText('CEP'), '0131');
    await user.tab();
    expect(screen.getByLabelText('CEP')).toHaveAccessibleDescription('CEP invalido');
    await user.clear(screen.getByLabelText('CEP'));
    await user.type(screen.getByLabelText('CEP'), '01310100');
    await screen.findByText('CEP não encontrado');
    await user.type(screen.getByLabelText('Endereço'), ' Avenida Paulista ');
    await user.type(screen.getByLabelText('Número'), '1578');
    await user.type(screen.getByLabelText('Bairro'), 'Bela Vista');
    await user.selectOptions(screen.getByLabelText('Estado'), 'SP');
    await user.type(screen.getByLabelText('Cidade'), 'São Paulo');
    await user.click(screen.getByRole('button', { name: 'Pedir cartão' }));

    expect(await heading('Acompanhe seu cartão')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/card-request/status');
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.url.pathname).toBe(CARD);
    expect(post?.headers.get('authorization')).toBeNull();
    expect(post?.body).toEqual({ termsAccepted: true, address: { ...ADDRESS, complement: '' } });
    expect(savedDraft('card-address')).toBeNull();
    expect(driverValue('cardTermsAccepted').get()).toBeUndefined();
  });

  it.each([
    ['Endereço', 101, 'Use no máximo 100 caracteres.'],
    ['Número', 7, 'Use no máximo 6 caracteres.'],
    ['Complemento (opcional)', 101, 'Use no máximo 100 caracteres.'],
    ['Bairro', 101, 'Use no máximo 100 caracteres.'],
    ['Cidade', 61, 'Use no máximo 60 caracteres.'],
  ])(
    '%s longer than the card service holds (%i characters) is kept whole and refused; no card is asked',
    async (label, length, message) => {
      const requests = recordRequests();
      mockJson(api.card.status, NO_CARD);
      mockJson(api.zipLookup.address, { logradouro: 'Avenida Paulista', bairro: 'Bela Vista', uf: 'SP', localidade: 'São Paulo' });
      const { user } = open('/card-request/address', ACCEPTED);
      await heading('Endereço de entrega');
      await user.type(await screen.findByLabelText('CEP'), '01310100');
      await waitFor(() => expect(screen.getByLabelText('Cidade')).toHaveValue('São Paulo'));
      await user.type(screen.getByLabelText('Número'), '10');
      const long = '9'.repeat(length);
      const input = screen.getByLabelText(label);
      expect(input).not.toHaveAttribute('maxlength');
      await user.clear(input);
      await user.click(input);
      await user.paste(long);
      await user.click(screen.getByRole('button', { name: 'Pedir cartão' }));
      await waitFor(() => expect(screen.getByLabelText(label)).toHaveAccessibleDescription(message));
      expect(screen.getByLabelText(label)).toHaveValue(long);
      expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
    },
  );

  it('a neighbourhood with a right-to-left override is refused', async () => {
    mockJson(api.card.status, NO_CARD);
    mockStatus(api.zipLookup.address, 404, { erro: true });
    const { user } = open('/card-request/address', ACCEPTED);
    await heading('Endereço de entrega');
    await user.click(await screen.findByLabelText('Bairro'));
    await user.paste('Bela \u202EatsiV');
    await user.tab();
    await waitFor(() =>
      expect(screen.getByLabelText('Bairro')).toHaveAccessibleDescription('Há um caractere invisível ou de controle no texto: apague-o.'),
    );
  });

  it.each([
    [400, 'Por favor revise os seguintes dados:', 'Informe o número.'],
    [500, 'Algo deu errado', UNEXPECTED_TEXT],
  ])('a request answered %i is told in error style and the form keeps what was typed', async (status, title, text) => {
    mockJson(api.card.status, NO_CARD);
    mockJson(api.zipLookup.address, { logradouro: 'Avenida Paulista', bairro: 'Bela Vista', uf: 'SP', localidade: 'São Paulo' });
    mockStatus(api.card.request, status, { validations: [{ field: 'number', message: 'Informe o número.' }] });
    const { user, router } = open('/card-request/address', ACCEPTED);
    await heading('Endereço de entrega');
    await user.type(await screen.findByLabelText('CEP'), '01310100');
    await waitFor(() => expect(screen.getByLabelText('Cidade')).toHaveValue('São Paulo'));
    await user.type(screen.getByLabelText('Número'), '10');
    await user.click(screen.getByRole('button', { name: 'Pedir cartão' }));
    const dialog = await screen.findByRole('alertdialog', { name: title });
    expect(within(dialog).getByText(text)).toBeInTheDocument();
    expect(dialog).toHaveClass('dialog-error');
    expect(router.state.location.pathname).toBe('/card-request/address');
    expect(screen.getByLabelText('Número')).toHaveValue('10');
  });

  it.each([
    ['a null stage', { stage: null, requestedAt: null, address: null }],
    ['a list', []],
  ])(
    'a request answered 200 with %s is no request: the unexpected error, the address and the accepted terms kept',
    async (_case, answer) => {
      const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      mockJson(api.card.status, NO_CARD);
      mockJson(api.zipLookup.address, { logradouro: 'Avenida Paulista', bairro: 'Bela Vista', uf: 'SP', localidade: 'São Paulo' });
      mockApi(api.card.request, () => HttpResponse.json(answer));
      const { user, router } = open('/card-request/address', ACCEPTED);
      await heading('Endereço de entrega');
      await user.type(await screen.findByLabelText('CEP'), '01310100');
      await waitFor(() => expect(screen.getByLabelText('Cidade')).toHaveValue('São Paulo'));
      await user.type(screen.getByLabelText('Número'), '10');
      await user.click(screen.getByRole('button', { name: 'Pedir cartão' }));
      const dialog = await screen.findByRole('alertdialog');
      expect(within(dialog).getByText(UNEXPECTED_TEXT)).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/card-request/address');
      expect(screen.getByLabelText('Número')).toHaveValue('10');
      expect(screen.getByLabelText('CEP')).toHaveValue('01.310-100');
      warn.mockRestore();
    },
  );

  it('what was typed survives a reload, and a restored CEP does not overwrite the address corrected by hand', async () => {
    const requests = recordRequests();
    mockJson(api.card.status, NO_CARD);
    mockJson(api.zipLookup.address, { logradouro: 'Avenida Paulista', bairro: 'Bela Vista', uf: 'SP', localidade: 'São Paulo' });
    const first = open('/card-request/address', ACCEPTED);
    await heading('Endereço de entrega');
    await first.user.type(await screen.findByLabelText('CEP'), '01310100');
    await waitFor(() => expect(screen.getByLabelText('Endereço')).toHaveValue('Avenida Paulista'));
    await first.user.clear(screen.getByLabelText('Endereço'));
    await first.user.type(screen.getByLabelText('Endereço'), 'Av. Paulista');
    await waitFor(() => expect(savedDraft('card-address')).toContain('Av. Paulista'));
    first.unmount();

    open('/card-request/address', ACCEPTED);
    expect(await screen.findByLabelText('CEP')).toHaveValue('01.310-100');
    expect(screen.getByLabelText('Endereço')).toHaveValue('Av. Paulista');
    expect(screen.getByLabelText('Cidade')).toHaveValue('São Paulo');
    expect(requests.filter((request) => request.url.pathname.includes('/zip/'))).toHaveLength(1);
  });
});

describe('card status', () => {
  it('shows the four stages, the current one marked, and leads back to /card-out', async () => {
    mockJson(api.card.status, { ...REQUESTED, stage: 'DELIVERY' });
    open('/card-request/status');
    expect(await heading('Acompanhe seu cartão')).toBeInTheDocument();
    const stages = await screen.findByRole('list', { name: 'Etapas do cartão' });
    const items = within(stages).getAllByRole('listitem');
    expect(items.map((item) => item.querySelector('.card-stage-label')?.textContent)).toEqual([
      'Cartão solicitado',
      'Em fabricação',
      'Em processo de entrega',
      'Desbloquear cartão',
    ]);
    expect(items.map((item) => item.getAttribute('aria-current'))).toEqual([null, null, 'step', null]);
    expect(items.map((item) => item.querySelector('.card-stage-state')?.textContent)).toEqual([
      'Concluído',
      'Concluído',
      'Etapa atual',
      'A seguir',
    ]);
    expect(screen.getByText('Pedido feito em 15/06/2026.')).toBeInTheDocument();
    expect(screen.getByText('CEP 01.310-100')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', '/card-out');
  });

  it('/card-out, its back link, leads to the portal home', async () => {
    mockJson(api.card.status, REQUESTED);
    const { user, router } = open('/card-request/status');
    await user.click(await screen.findByRole('link', { name: 'Voltar' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/App'));
  });

  it('a driver who never asked is told so, with the way to ask', async () => {
    mockJson(api.card.status, NO_CARD);
    open('/card-request/status');
    expect(await screen.findByText('Você ainda não pediu o seu cartão de pagamento.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pedir cartão' })).toHaveAttribute('href', '/card-request/terms');
  });

  it('a malformed answer (an unknown stage) is the unexpected error with a retry', async () => {
    mockApi(api.card.status, () => HttpResponse.json({ ...REQUESTED, stage: 'LOST' }));
    open('/card-request/status');
    expect(await screen.findByText(UNEXPECTED_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });
});
