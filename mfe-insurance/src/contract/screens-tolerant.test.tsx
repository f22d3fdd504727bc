import { screen, waitFor, within } from '@testing-library/react';
import {
  ACCEPTED_ANSWERS,
  HttpResponse,
  mockAnswer,
  mockApi,
  renderRoute,
  TEST_TOKEN,
  tolerantVariant,
} from '@driver-portal/shared/test-utils';
import { api, type CardStatus, type InsurancePolicy } from '.';
import { routes } from '../routes';

/*
 * The insurance screens rendered with "must work" variants of their answers (docs/answers.md,
 * "Reading answers"): each field only shown null or a near type, a field nobody declared. This
 * remote's answers have no lists: a broken-entry variant would be the plain answer, a test that
 * cannot fail.
 */

const UNEXPECTED = 'Ocorreu um erro inesperado, tente novamente mais tarde.';
const DRIVER_ID = 'drv-42';
const NOW = Date.parse('2026-06-15T12:00:00-03:00');

type Variant = (answer: unknown, value: unknown) => unknown;
const variants: [string, Variant][] = [
  ['every shown field null', (answer, value) => tolerantVariant(answer, value, 'null')],
  ['every shown field a near type', (answer, value) => tolerantVariant(answer, value, 'near')],
];

beforeEach(() => {
  jest.spyOn(Date, 'now').mockReturnValue(NOW);
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => jest.restoreAllMocks());

const activePolicy: InsurancePolicy = {
  active: true,
  policyNumber: '1234567890',
  expirationDate: '2027-06-14T23:59:59',
  bestPaymentDay: 10,
  requestId: '987654',
};

describe('insurance home', () => {
  it.each(variants)('an active policy with %s: its number and the cancel button, no error', async (_name, variant) => {
    mockAnswer(api.insurance.activePolicy, variant(api.insurance.activePolicy.answer, activePolicy));
    renderRoute({ routes, path: `/car-insurance/init/${DRIVER_ID}` });
    expect(await screen.findByText('1234567890')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancelar seguro' })).toBeInTheDocument();
    expect(screen.queryByText(UNEXPECTED)).not.toBeInTheDocument();
  });
});

describe('contract details', () => {
  it.each(variants)('with %s: the policy number, no error', async (_name, variant) => {
    mockAnswer(api.insurance.activePolicy, variant(api.insurance.activePolicy.answer, activePolicy));
    renderRoute({ routes, path: `/car-insurance/contract-details/${DRIVER_ID}` });
    expect(await screen.findByText('1234567890')).toBeInTheDocument();
    expect(screen.queryByText(UNEXPECTED)).not.toBeInTheDocument();
  });
});

const requested: CardStatus = {
  stage: 'MANUFACTURING',
  requestedAt: '2026-06-10T12:00:00-03:00',
  address: {
    cep: '01310100',
    address: 'Avenida Paulista',
    number: '1578',
    complement: '',
    neighborhood: 'Bela Vista',
    state: 'SP',
    city: 'São Paulo',
  },
};

describe('card status', () => {
  it.each(variants)('a card being made with %s: the tracker at "Em fabricação"', async (_name, variant) => {
    mockAnswer(api.card.status, variant(api.card.status.answer, requested));
    renderRoute({ routes, path: '/card-request/status', session: { token: TEST_TOKEN, driverId: DRIVER_ID } });
    await waitFor(() => expect(document.querySelector('[aria-current="step"]')?.textContent).toContain('Em fabricação'));
    expect(screen.queryByText(UNEXPECTED)).not.toBeInTheDocument();
  });
});

describe('card terms', () => {
  it.each(variants)('a driver who never asked, with %s: the terms to accept', async (_name, variant) => {
    mockAnswer(api.card.status, variant(api.card.status.answer, { stage: null, requestedAt: null, address: null }));
    renderRoute({ routes, path: '/card-request/terms', session: { token: TEST_TOKEN, driverId: DRIVER_ID } });
    expect(await screen.findByRole('checkbox', { name: 'Li e aceito os termos do cartão' })).toBeInTheDocument();
  });
});

describe('insurance home: renewal and cancellation', () => {
  it.each(ACCEPTED_ANSWERS)('a renewal answered with %s: "Pedido de renovação enviado com sucesso."', async (_name, answer) => {
    const expired = { ...activePolicy, expirationDate: '2026-06-14T23:59:59' };
    mockAnswer(api.insurance.activePolicy, tolerantVariant(api.insurance.activePolicy.answer, expired, 'null'));
    mockApi(api.insurance.renew, answer);
    const { user } = renderRoute({ routes, path: `/car-insurance/init/${DRIVER_ID}` });
    await user.click(await screen.findByRole('button', { name: 'Renovar seguro' }));
    await user.click(screen.getByRole('button', { name: 'Confirmar renovação' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveClass('dialog-success');
    expect(within(dialog).getByText('Pedido de renovação enviado com sucesso.')).toBeInTheDocument();
  });

  it.each(ACCEPTED_ANSWERS)('a cancellation answered with %s: "Pedido de cancelamento enviado com sucesso."', async (_name, answer) => {
    mockAnswer(api.insurance.activePolicy, tolerantVariant(api.insurance.activePolicy.answer, activePolicy, 'near'));
    mockApi(api.insurance.cancel, answer);
    const { user } = renderRoute({ routes, path: `/car-insurance/init/${DRIVER_ID}` });
    await user.click(await screen.findByRole('button', { name: 'Cancelar seguro' }));
    await user.click(screen.getByRole('button', { name: 'Confirmar cancelamento' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveClass('dialog-success');
    expect(within(dialog).getByText('Pedido de cancelamento enviado com sucesso.')).toBeInTheDocument();
  });
});

describe('card address', () => {
  const STYLES = ['null', 'near'] as const;
  const zip = { logradouro: 'Avenida Paulista', bairro: 'Bela Vista', uf: 'SP', localidade: 'São Paulo' };

  it.each(STYLES)(
    'the zip lookup and the request with every shown field %s: the card asked, its status shown',
    async (style) => {
      let status: unknown = { stage: null, requestedAt: null, address: null };
      mockApi(api.card.status, () => HttpResponse.json(status as Parameters<typeof HttpResponse.json>[0]));
      mockAnswer(api.zipLookup.address, tolerantVariant(api.zipLookup.address.answer, zip, style));
      mockApi(api.card.request, () => {
        status = tolerantVariant(api.card.request.answer, requested, style);
        return HttpResponse.json(status as Parameters<typeof HttpResponse.json>[0]);
      });
      const { user, router } = renderRoute({
        routes,
        path: '/card-request/address',
        session: { token: TEST_TOKEN, driverId: DRIVER_ID },
        driverValues: { cardTermsAccepted: 'yes' },
      });
      await user.type(await screen.findByLabelText('CEP'), '01310100');
      await waitFor(() => expect(screen.getByLabelText('Cidade')).toHaveValue('São Paulo'));
      // A street the lookup did not name (null) is typed by the driver.
      if (style === 'null') {
        await user.type(screen.getByLabelText('Endereço'), 'Avenida Paulista');
        await user.type(screen.getByLabelText('Bairro'), 'Bela Vista');
      } else expect(screen.getByLabelText('Endereço')).toHaveValue('Avenida Paulista');
      await user.type(screen.getByLabelText('Número'), '1578');
      await user.click(screen.getByRole('button', { name: 'Pedir cartão' }));
      expect(await screen.findByRole('heading', { level: 1, name: 'Acompanhe seu cartão' })).toBeInTheDocument();
      expect(router.state.location.pathname).toBe('/card-request/status');
      expect(screen.queryByText(UNEXPECTED)).not.toBeInTheDocument();
    },
    20_000,
  );
});
