import { getDriverId } from '@driver-portal/shared/session';
import { screen, waitFor, within } from '@testing-library/react';
import { api, type InsurancePolicy } from '../../contract';
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

const DRIVER_ID = '00000000-0000-4000-8000-000000000001';
const REQUEST_ID = '987654';
const PATH = `/car-insurance/init/${DRIVER_ID}`;
const BASE = '/insurance/api/1.0/insurance';

const NOT_FOUND_TEXT = 'O serviço esta indisponivel no momento, tente novamente mais tarde.';
const UNEXPECTED_TEXT = 'Ocorreu um erro inesperado, tente novamente mais tarde.';
const PROCESSING_TEXT = 'Sua contratação está sendo processada. Em breve você receberá o número da sua apólice.';

/** 15/06/2026 12:00 in Brazil: every test runs at this instant unless it says otherwise. */
const NOW = Date.parse('2026-06-15T12:00:00-03:00');

const noPolicy: InsurancePolicy = { active: false, policyNumber: null, expirationDate: null, bestPaymentDay: null, requestId: null };
const activePolicy: InsurancePolicy = {
  active: true,
  policyNumber: '1234567890',
  expirationDate: '2027-06-14T23:59:59',
  bestPaymentDay: 10,
  requestId: REQUEST_ID,
};
const expiredPolicy: InsurancePolicy = { ...activePolicy, expirationDate: '2026-06-14T23:59:59' };

/** The value shown next to a label of a details list. */
function detail(label: string): string | null | undefined {
  return screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent;
}

const VEHICLE = { plate: 'BRA2E19', chassis: '9BWZZZ377VT004251', fuel: 'Flex', issuingState: 'SP', issuingAuthority: 'DETRAN-SP' };
const DRIVER = { id: DRIVER_ID, name: 'Maria', email: 'maria@example.com', mobile: '11987654321', cpf: '52998224725' };

beforeEach(() => {
  jest.spyOn(Date, 'now').mockReturnValue(NOW);
  // A driver who can contract: a taxi registered, the registration found.
  mockJson(api.register.vehicle, { response: { vehicle: VEHICLE } });
  mockJson(api.register.driver, { response: DRIVER });
});

afterEach(() => {
  jest.restoreAllMocks();
});

describe('insurance home: loading the policy', () => {
  it('asks the insurance service for the driver active policy, without the bearer token', async () => {
    const requests = recordRequests();
    mockJson(api.insurance.activePolicy, noPolicy);
    renderRoute({ routes, path: PATH });

    expect(screen.getByText('Carregando...')).toBeInTheDocument();
    expect(await screen.findByRole('heading', { level: 1, name: 'Seguro auto' })).toBeInTheDocument();
    await screen.findByRole('link', { name: 'Contratar' });
    // Then whether the driver can contract: the taxi, the registration (register service).
    expect(requests.map((request) => request.url.pathname)).toEqual([
      `${BASE}/${DRIVER_ID}/active-policy`,
      `/register/api/1.0/driver/${DRIVER_ID}/modality/0/vehicle`,
      `/register/api/1.0/driver/${DRIVER_ID}`,
    ]);
    expect(requests[0]?.method).toBe('GET');
    expect(requests[0]?.url.pathname).toBe(`${BASE}/${DRIVER_ID}/active-policy`);
    expect(requests[0]?.headers.get('authorization')).toBeNull();
  });

  it.each([
    [404, NOT_FOUND_TEXT],
    [500, UNEXPECTED_TEXT],
  ])('on %i shows the catalogue text and "Tentar novamente" loads again', async (status, text) => {
    const requests = recordRequests();
    mockStatus(api.insurance.activePolicy, status, { Message: 'texto interno do servidor' });
    const { user } = renderRoute({ routes, path: PATH });
    expect(await screen.findByText(text)).toBeInTheDocument();
    expect(screen.queryByText('texto interno do servidor')).not.toBeInTheDocument();

    mockJson(api.insurance.activePolicy, activePolicy);
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('1234567890')).toBeInTheDocument();
    expect(requests).toHaveLength(2);
  });

  it('a malformed answer shows an error instead of guessing a screen', async () => {
    mockApi(api.insurance.activePolicy, () => HttpResponse.json({ unexpected: true }));
    renderRoute({ routes, path: PATH });
    expect(await screen.findByText(UNEXPECTED_TEXT)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Contratar' })).not.toBeInTheDocument();
  });

  it('offline: says so instead of crashing', async () => {
    mockNetworkError(api.insurance.activePolicy);
    renderRoute({ routes, path: PATH });
    expect(await screen.findByText(/Sem conexão com a internet/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });
});

describe('insurance home: the offer', () => {
  it('without an active policy shows the SulAmérica offer for taxi drivers with its constants and Contratar', async () => {
    mockJson(api.insurance.activePolicy, noPolicy);
    renderRoute({ routes, path: PATH });

    expect(await screen.findByText(/Seguro de automóvel SulAmérica com cobertura para terceiros/)).toHaveTextContent(
      /oferecido aos motoristas de táxi/,
    );
    expect(screen.getByText('R$ 1.614,00')).toBeInTheDocument();
    expect(screen.getByText(/por ano, com fidelidade de 6 meses/)).toBeInTheDocument();
    expect(screen.getByText('12 parcelas sem juros')).toBeInTheDocument();
    expect(screen.getByText('R$ 134,50')).toBeInTheDocument();
    expect(screen.getByText(/debitada em até 10 dias/)).toBeInTheDocument();

    expect(detail('Danos materiais e corporais')).toBe('R$ 50 mil');
    expect(detail('Danos morais')).toBe('R$ 50 mil');
    expect(detail('Acidentes pessoais de passageiros')).toBe('R$ 100 mil no total');
    expect(detail('Guincho')).toBe('Até 400 km');

    const assistance = screen.getByRole('region', { name: 'Assistência 24 horas' });
    expect(within(assistance).getByRole('link', { name: '4004 4935' })).toHaveAttribute('href', 'tel:40044935');
    expect(within(assistance).getByRole('link', { name: '0800 727 4935' })).toHaveAttribute('href', 'tel:08007274935');

    expect(screen.getByRole('link', { name: 'Contratar' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /seguro/ })).not.toBeInTheDocument();
  });

  it('Contratar opens the disclaimer that starts the contract, for the driver of this home (a new contract after one made in this session too)', async () => {
    mockJson(api.insurance.activePolicy, noPolicy);
    const { user } = renderRoute({
      routes,
      path: PATH,
      session: { token: TEST_TOKEN, driverId: DRIVER_ID },
      driverValues: { insuranceContractFinished: 'yes' },
    });
    const contract = await screen.findByRole('link', { name: 'Contratar' });
    expect(contract).toHaveAttribute('href', '/car-insurance/disclaimer');
    await user.click(contract);
    expect(await screen.findByRole('heading', { level: 1, name: 'Antes de contratar' })).toBeInTheDocument();
    expect(getDriverId()).toBe(DRIVER_ID);
    expect(await screen.findByRole('link', { name: 'Continuar' })).toHaveAttribute('href', '/car-insurance/complememnt');
  });

  it('a driver with no registered taxi is not offered the insurance: no Contratar, and why', async () => {
    mockJson(api.insurance.activePolicy, noPolicy);
    mockStatus(api.register.vehicle, 404, { validations: [{ message: 'Veículo não encontrado.' }] });
    renderRoute({ routes, path: PATH });
    expect(await screen.findByText(/Você ainda não tem um táxi cadastrado: cadastre o seu táxi/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Contratar' })).not.toBeInTheDocument();
    expect(screen.queryByText('R$ 1.614,00')).not.toBeInTheDocument();
  });

  it('the header leads back to the portal home', async () => {
    mockJson(api.insurance.activePolicy, noPolicy);
    renderRoute({ routes, path: PATH });
    expect(await screen.findByRole('link', { name: 'Voltar' })).toHaveAttribute('href', '/App');
  });
});

describe('insurance home: an active policy', () => {
  it('shows proposal, policy number, validity and best payment day, with a cancel button before expiry', async () => {
    mockJson(api.insurance.activePolicy, activePolicy);
    renderRoute({ routes, path: PATH });

    expect(await screen.findByRole('region', { name: 'Seu seguro' })).toBeInTheDocument();
    expect(detail('Proposta')).toBe(REQUEST_ID);
    expect(detail('Apólice')).toBe('1234567890');
    expect(detail('Vigência até')).toBe('14/06/2027');
    expect(detail('Melhor dia de pagamento')).toBe('Dia 10');
    expect(screen.getByRole('button', { name: 'Cancelar seguro' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Renovar seguro' })).not.toBeInTheDocument();
    expect(screen.queryByText(PROCESSING_TEXT)).not.toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Contratar' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Detalhes do contrato' })).toHaveAttribute(
      'href',
      `/car-insurance/contract-details/${DRIVER_ID}`,
    );
  });

  it('offers renewal only once the current time is after the expiration date', async () => {
    const policy: InsurancePolicy = { ...activePolicy, expirationDate: '2026-06-15T12:00:00-03:00' };
    mockJson(api.insurance.activePolicy, policy);
    const first = renderRoute({ routes, path: PATH });
    expect(await screen.findByRole('button', { name: 'Cancelar seguro' })).toBeInTheDocument();
    first.unmount();

    jest.spyOn(Date, 'now').mockReturnValue(NOW + 1000);
    renderRoute({ routes, path: PATH });
    expect(await screen.findByRole('button', { name: 'Renovar seguro' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Cancelar seguro' })).not.toBeInTheDocument();
  });

  it('expired: "Renovar seguro" sends the renewal with the overlay on and says so in success style', async () => {
    mockJson(api.insurance.activePolicy, expiredPolicy);
    let release: () => void = () => undefined;
    const released = new Promise<void>((resolve) => {
      release = resolve;
    });
    mockApi(api.insurance.renew, async () => {
      await released;
      return HttpResponse.json({});
    });
    const requests = recordRequests();
    const { user } = renderRoute({ routes, path: PATH });

    const renew = await screen.findByRole('button', { name: 'Renovar seguro' });
    expect(detail('Vigência até')).toBe('14/06/2026');
    expect(screen.queryByRole('button', { name: 'Cancelar seguro' })).not.toBeInTheDocument();
    await user.click(renew);
    await user.click(screen.getByRole('button', { name: 'Confirmar renovação' }));
    expect(await screen.findByRole('status', { name: 'Carregando' })).toBeInTheDocument();
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.url.pathname).toBe(`${BASE}/${REQUEST_ID}/renew`);
    expect(put?.headers.get('authorization')).toBeNull();

    release();
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Pedido de renovação enviado com sucesso.')).toBeInTheDocument();
    expect(dialog).toHaveClass('dialog-success');
    expect(screen.queryByRole('status', { name: 'Carregando' })).not.toBeInTheDocument();

    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    // Sent once: the button gives way to the confirmation, which keeps the focus.
    expect(screen.queryByRole('button', { name: 'Renovar seguro' })).not.toBeInTheDocument();
    const status = screen.getByText('Pedido de renovação enviado com sucesso.');
    await waitFor(() => expect(status).toHaveFocus());
    expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(1);
  });

  it('a failed renewal shows the catalogue text in error style and the button stays', async () => {
    mockJson(api.insurance.activePolicy, expiredPolicy);
    mockStatus(api.insurance.renew, 404);
    const { user } = renderRoute({ routes, path: PATH });

    await user.click(await screen.findByRole('button', { name: 'Renovar seguro' }));
    await user.click(screen.getByRole('button', { name: 'Confirmar renovação' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(NOT_FOUND_TEXT)).toBeInTheDocument();
    expect(dialog).toHaveClass('dialog-error');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    const confirm = screen.getByRole('button', { name: 'Confirmar renovação' });
    await waitFor(() => expect(confirm).toHaveFocus());
  });

  it('renew says when the policy expired and asks for confirmation first; Voltar backs out and sends nothing', async () => {
    mockJson(api.insurance.activePolicy, expiredPolicy);
    mockJson(api.insurance.renew, {});
    const requests = recordRequests();
    const { user } = renderRoute({ routes, path: PATH });
    const renew = await screen.findByRole('button', { name: 'Renovar seguro' });
    expect(renew).toHaveAccessibleDescription('Seu seguro venceu em 14/06/2026.');
    await user.click(renew);
    const question = 'Tem certeza de que deseja renovar o seu seguro, vencido em 14/06/2026?';
    expect(screen.getByText(question)).toHaveFocus();
    const group = screen.getByRole('group', { name: question });
    await user.click(within(group).getByRole('button', { name: 'Voltar' }));
    expect(screen.queryByRole('button', { name: 'Confirmar renovação' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Renovar seguro' })).toHaveFocus();
    expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Renovar seguro' }));
    await user.click(screen.getByRole('button', { name: 'Confirmar renovação' }));
    expect(within(await screen.findByRole('alertdialog')).getByText('Pedido de renovação enviado com sucesso.')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'PUT').map((request) => request.url.pathname)).toEqual([
      `${BASE}/${REQUEST_ID}/renew`,
    ]);
  });

  it('cancel asks for confirmation on the page, Voltar backs out, Confirmar sends the cancellation', async () => {
    mockJson(api.insurance.activePolicy, activePolicy);
    mockJson(api.insurance.cancel, {});
    const requests = recordRequests();
    const { user } = renderRoute({ routes, path: PATH });

    await user.click(await screen.findByRole('button', { name: 'Cancelar seguro' }));
    const question = screen.getByText('Tem certeza de que deseja cancelar o seu seguro?');
    expect(question).toHaveFocus();
    const group = screen.getByRole('group', { name: 'Tem certeza de que deseja cancelar o seu seguro?' });
    expect(within(group).getByRole('button', { name: 'Confirmar cancelamento' })).toBeInTheDocument();

    await user.click(within(group).getByRole('button', { name: 'Voltar' }));
    expect(screen.queryByRole('button', { name: 'Confirmar cancelamento' })).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancelar seguro' })).toHaveFocus();
    expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Cancelar seguro' }));
    await user.click(screen.getByRole('button', { name: 'Confirmar cancelamento' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Pedido de cancelamento enviado com sucesso.')).toBeInTheDocument();
    expect(dialog).toHaveClass('dialog-success');
    const puts = requests.filter((request) => request.method === 'PUT');
    expect(puts).toHaveLength(1);
    expect(puts[0]?.url.pathname).toBe(`${BASE}/${REQUEST_ID}/cancel`);

    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('button', { name: /Cancelar seguro|Confirmar cancelamento/ })).not.toBeInTheDocument();
    expect(screen.getByText('Pedido de cancelamento enviado com sucesso.')).toBeInTheDocument();
  });

  it('after a cancellation the home reads the policy again: no validity left, "Você não tem mais um seguro ativo."', async () => {
    mockJson(api.insurance.activePolicy, activePolicy);
    mockApi(api.insurance.cancel, () => {
      // The insurer ends the policy: from now on it answers none.
      mockJson(api.insurance.activePolicy, noPolicy);
      return HttpResponse.json({});
    });
    const { user } = renderRoute({ routes, path: PATH });
    await user.click(await screen.findByRole('button', { name: 'Cancelar seguro' }));
    expect(detail('Vigência até')).toBe('14/06/2027');
    await user.click(screen.getByRole('button', { name: 'Confirmar cancelamento' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'OK' }));
    expect(await screen.findByText('Você não tem mais um seguro ativo.')).toBeInTheDocument();
    expect(screen.queryByText('Vigência até')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Detalhes do contrato' })).not.toBeInTheDocument();
    expect(screen.getByText('Pedido de cancelamento enviado com sucesso.')).toHaveFocus();
  });

  it('after a renewal the home reads the policy again and shows the new validity', async () => {
    mockJson(api.insurance.activePolicy, expiredPolicy);
    mockApi(api.insurance.renew, () => {
      mockJson(api.insurance.activePolicy, { ...expiredPolicy, expirationDate: '2027-06-15T12:00:00-03:00' });
      return HttpResponse.json({});
    });
    const { user } = renderRoute({ routes, path: PATH });
    await user.click(await screen.findByRole('button', { name: 'Renovar seguro' }));
    expect(detail('Vigência até')).toBe('14/06/2026');
    await user.click(screen.getByRole('button', { name: 'Confirmar renovação' }));
    await user.click(within(await screen.findByRole('alertdialog')).getByRole('button', { name: 'OK' }));
    await waitFor(() => expect(detail('Vigência até')).toBe('15/06/2027'));
  });

  it('a failed cancellation shows the error alert and keeps the page usable', async () => {
    mockJson(api.insurance.activePolicy, activePolicy);
    mockStatus(api.insurance.cancel, 500);
    const { user } = renderRoute({ routes, path: PATH });

    await user.click(await screen.findByRole('button', { name: 'Cancelar seguro' }));
    await user.click(screen.getByRole('button', { name: 'Confirmar cancelamento' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(UNEXPECTED_TEXT)).toBeInTheDocument();
    expect(dialog).toHaveClass('dialog-error');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));

    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(detail('Apólice')).toBe('1234567890');
    const confirm = screen.getByRole('button', { name: 'Confirmar cancelamento' });
    await waitFor(() => expect(confirm).toHaveFocus());

    // Trying again works.
    mockJson(api.insurance.cancel, {});
    await user.click(confirm);
    expect(within(await screen.findByRole('alertdialog')).getByText('Pedido de cancelamento enviado com sucesso.')).toBeInTheDocument();
  });

  it('without a policy number an alert says the contract is being processed; the notice stays on the page, no actions', async () => {
    mockJson(api.insurance.activePolicy, { ...activePolicy, policyNumber: null, expirationDate: null, bestPaymentDay: null });
    const { user } = renderRoute({ routes, path: PATH });

    const dialog = await screen.findByRole('alertdialog', { name: 'Contratação em processamento' });
    expect(dialog).toHaveAccessibleDescription(PROCESSING_TEXT);
    expect(dialog).toHaveClass('dialog-success');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    const status = screen.getByText(PROCESSING_TEXT);
    expect(status).toHaveAttribute('role', 'status');
    expect(detail('Proposta')).toBe(REQUEST_ID);
    expect(screen.queryByText('Apólice')).not.toBeInTheDocument();
    expect(detail('Vigência até')).toBe('Não informado');
    expect(detail('Melhor dia de pagamento')).toBe('Não informado');
    expect(screen.queryByRole('button', { name: /seguro/ })).not.toBeInTheDocument();
  });

  it('right after the contract the success alert is not followed by a second one: the notice is on the page', async () => {
    window.sessionStorage.setItem('driver-portal:insuranceJustContracted', DRIVER_ID);
    mockJson(api.insurance.activePolicy, { ...activePolicy, policyNumber: null });
    renderRoute({ routes, path: PATH });
    expect(await screen.findByText(PROCESSING_TEXT)).toHaveAttribute('role', 'status');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    expect(window.sessionStorage.getItem('driver-portal:insuranceJustContracted')).toBeNull();
  });

  it.each([['data-invalida'], [null]])('an expiration date %p shows "Não informado" and offers cancel, not renew', async (value) => {
    mockJson(api.insurance.activePolicy, { ...activePolicy, expirationDate: value });
    renderRoute({ routes, path: PATH });

    expect(await screen.findByRole('button', { name: 'Cancelar seguro' })).toBeInTheDocument();
    expect(detail('Vigência até')).toBe('Não informado');
    expect(screen.queryByRole('button', { name: 'Renovar seguro' })).not.toBeInTheDocument();
  });
});

describe('contract details', () => {
  const DETAILS_PATH = `/car-insurance/contract-details/${DRIVER_ID}`;

  it('shows the proposal, policy number, validity and best payment day, and leads back to the insurance home', async () => {
    const requests = recordRequests();
    mockJson(api.insurance.activePolicy, activePolicy);
    renderRoute({ routes, path: DETAILS_PATH });
    expect(await screen.findByRole('heading', { level: 1, name: 'Detalhes do contrato' })).toBeInTheDocument();
    expect(await screen.findByText(REQUEST_ID)).toBeInTheDocument();
    expect(detail('Apólice')).toBe('1234567890');
    expect(detail('Vigência até')).toBe('14/06/2027');
    expect(detail('Melhor dia de pagamento')).toBe('Dia 10');
    expect(screen.getByText(REQUEST_ID)).toHaveClass('value-id');
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', PATH);
    expect(screen.queryByRole('button', { name: /seguro/ })).not.toBeInTheDocument();
    expect(requests.map((request) => request.url.pathname)).toEqual([`${BASE}/${DRIVER_ID}/active-policy`]);
  });

  it('without a policy says so and leads to the offer', async () => {
    mockJson(api.insurance.activePolicy, noPolicy);
    renderRoute({ routes, path: DETAILS_PATH });
    expect(await screen.findByText('Você ainda não tem um seguro auto contratado.')).toHaveAttribute('role', 'status');
    expect(screen.getByRole('link', { name: 'Conhecer o seguro auto' })).toHaveAttribute('href', PATH);
  });

  it('a failed load shows the catalogue text with a retry', async () => {
    mockStatus(api.insurance.activePolicy, 500);
    renderRoute({ routes, path: DETAILS_PATH });
    expect(await screen.findByText(UNEXPECTED_TEXT)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });
});

describe('the home at 412 px', () => {
  it('lists each detail label above its value; coverage amounts and policy numbers are kept whole', async () => {
    mockJson(api.insurance.activePolicy, noPolicy);
    const first = renderRoute({ routes, path: PATH });
    const passengers = await screen.findByText('R$ 100 mil no total');
    expect(passengers.tagName).toBe('DD');
    expect(passengers).toHaveClass('value-whole');
    expect(passengers.closest('dl')).toHaveClass('insurance-details');
    first.unmount();

    mockJson(api.insurance.activePolicy, activePolicy);
    renderRoute({ routes, path: PATH });
    expect(await screen.findByText('1234567890')).toHaveClass('value-whole');
    expect(screen.getByText(REQUEST_ID)).toHaveClass('value-whole', 'value-id');
  });
});
