import { screen, waitFor } from '@testing-library/react';
import { mockAnswer, renderRoute, TEST_TOKEN, tolerantVariant, withBrokenEntry } from '@driver-portal/shared/test-utils';
import { api, type CardStatus, type InsurancePolicy } from '.';
import { routes } from '../routes';

/*
 * The insurance screens rendered with "must work" variants of their answers (docs/platform.md,
 * "Reading answers"): each field only shown null or a near type, a field nobody declared. This
 * remote's answers have no lists (the broken-entry variant changes nothing in them).
 */

const UNEXPECTED = 'Ocorreu um erro inesperado, tente novamente mais tarde.';
const DRIVER_ID = 'drv-42';
const NOW = Date.parse('2026-06-15T12:00:00-03:00');

type Variant = (answer: unknown, value: unknown) => unknown;
const variants: [string, Variant][] = [
  ['every shown field null', (answer, value) => tolerantVariant(answer, value, 'null')],
  ['every shown field a near type', (answer, value) => tolerantVariant(answer, value, 'near')],
  ['the broken-entry variant', (answer, value) => withBrokenEntry(answer, value)],
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
