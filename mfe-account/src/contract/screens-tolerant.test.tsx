import { screen, waitFor, within } from '@testing-library/react';
import { mockAnswer, renderRoute, TEST_TOKEN, tolerantVariant, withBrokenEntry } from '@driver-portal/shared/test-utils';
import { api, type Bank, type PolicyUpdateItem } from '.';
import { routes } from '../routes';

/*
 * The account's screens rendered with "must work" variants of their answers (docs/platform.md,
 * "Reading answers"): each field only shown null or sent as a near type, ids as digit strings, a
 * field nobody declared; and one broken entry in each list. What the screen acts on is intact, so
 * it works: never the unexpected error.
 */

const UNEXPECTED = 'Ocorreu um erro inesperado, tente novamente mais tarde.';
const DRIVER_ID = 'drv-42';

let warn: jest.SpyInstance;
beforeEach(() => {
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => warn.mockRestore());

const answers = {
  driver: {
    response: { id: DRIVER_ID, name: 'Maria Aparecida dos Santos', email: 'maria@example.com', mobile: '11987654321', cpf: '52998224725' },
  },
  location: {
    response: {
      zipCode: '01310-100',
      address: 'Avenida Paulista',
      number: '1000',
      complement: 'Apto 42',
      district: 'Bela Vista',
      city: 'São Paulo',
      state: 'SP',
    },
  },
  modalities: {
    modalities: [
      {
        response: {
          modalityType: 0,
          active: true,
          vehicle: {
            id: 'veh-7',
            plate: 'FTX3B21',
            brand: 'Chevrolet',
            model: 'Spin',
            brandModel: 'Chevrolet Spin',
            chassis: null,
            fuel: 'Flex',
            issuingState: 'SP',
            issuingAuthority: 'DETRAN-SP',
          },
        },
      },
    ],
  },
  documents: { documents: [{ response: { documentType: 2, fileUrl: 'https://fotos.provedor.com.br/selfie-42.jpg' } }] },
};

type Variant = (answer: unknown, value: unknown) => unknown;
const variants: [string, Variant][] = [
  ['every shown field null', (answer, value) => tolerantVariant(answer, value, 'null')],
  ['every shown field a near type', (answer, value) => tolerantVariant(answer, value, 'near')],
  ['one broken entry in each list', (answer, value) => withBrokenEntry(answer, value)],
];

describe('my account', () => {
  it.each(variants)('with %s: every section shown, the vehicle with its attributes link, no error', async (_name, variant) => {
    mockAnswer(api.register.driver, variant(api.register.driver.answer, answers.driver));
    mockAnswer(api.register.location, variant(api.register.location.answer, answers.location));
    mockAnswer(api.register.modalities, variant(api.register.modalities.answer, answers.modalities));
    mockAnswer(api.register.documents, variant(api.register.documents.answer, answers.documents));
    renderRoute({ routes, path: `/my-account/init/${DRIVER_ID}` });
    await screen.findByRole('heading', { level: 1, name: 'Minha conta' });
    await waitFor(() => expect(document.querySelector(`a[href*="/my-account/car-predicates/${DRIVER_ID}/0/veh-7"]`)).not.toBeNull());
    expect(screen.getByRole('region', { name: 'Perfil' })).toBeInTheDocument();
    expect(screen.queryByText(UNEXPECTED)).not.toBeInTheDocument();
  });
});

const BANKS: Bank[] = [
  { BankNumber: '001', Description: 'Banco do Brasil' },
  { BankNumber: '341', Description: 'Itaú Unibanco' },
];
const SAVED = {
  accountType: 'CC',
  bankNumber: '341',
  agencyNumber: '1234',
  agencyNumberDigit: '5',
  accountNumber: '987654',
  accountNumberDigit: '3',
};

describe('bank data', () => {
  it.each(variants)('with %s: both banks offered, the saved account filled in', async (_name, variant) => {
    mockAnswer(api.register.banks, variant(api.register.banks.answer, BANKS));
    mockAnswer(api.register.bankAccount, variant(api.register.bankAccount.answer, { bankAccount: SAVED }));
    renderRoute({ routes, path: `/my-account/bank-info/${DRIVER_ID}` });
    const bank = await screen.findByLabelText('Banco');
    await waitFor(() => expect(bank).toHaveValue('341'));
    expect(within(bank).getAllByRole('option')).toHaveLength(3);
    expect(screen.getByLabelText('Conta', { exact: true })).toHaveValue('987654');
  });
});

describe('attributes', () => {
  const vehicle = {
    predicates: [
      { key: 'BICICLE_SUPPORT', value: 'Yes' },
      { key: 'ACRYLIC_PROTECTION', value: 'No' },
    ],
  };
  it.each(variants)('vehicle with %s: the switches as the service says', async (_name, variant) => {
    mockAnswer(api.register.vehiclePredicates, variant(api.register.vehiclePredicates.answer, vehicle));
    renderRoute({ routes, path: `/my-account/car-predicates/${DRIVER_ID}/0/veh-7` });
    expect(await screen.findByRole('switch', { name: 'Suporte para bicicleta' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Proteção de acrílico' })).not.toBeChecked();
  });

  const languages = {
    predicates: [
      { key: 'SPEAK_IN_ENGLISH', value: 'yes' },
      { key: 'SPEAK_IN_GERMAN', value: 'no' },
    ],
  };
  it.each(variants)('languages with %s: the switches as the service says', async (_name, variant) => {
    mockAnswer(api.register.driverPredicates, variant(api.register.driverPredicates.answer, languages));
    renderRoute({ routes, path: `/my-account/driver-predicates/${DRIVER_ID}` });
    expect(await screen.findByRole('switch', { name: 'Inglês' })).toBeChecked();
    expect(screen.getByRole('switch', { name: 'Alemão' })).not.toBeChecked();
  });
});

describe('delivery adherence', () => {
  it.each(variants)('with %s: the enrolment offered, no error', async (_name, variant) => {
    mockAnswer(api.register.driver, variant(api.register.driver.answer, answers.driver));
    mockAnswer(api.register.modalities, variant(api.register.modalities.answer, answers.modalities));
    renderRoute({ routes, path: `/my-account/delivery-adherence/${DRIVER_ID}` });
    expect(await screen.findByRole('button', { name: 'QUERO FAZER ENTREGAS' })).toBeInTheDocument();
    expect(screen.queryByText(UNEXPECTED)).not.toBeInTheDocument();
  });
});

const POLICIES: PolicyUpdateItem[] = [
  { Id: 11, Descricao: 'Termos de uso (versão 2025)', UrlDocumento: 'https://docs.provedor.com.br/termos.pdf' },
  { Id: 12, Descricao: 'Política de privacidade (versão 2025)', UrlDocumento: 'https://docs.provedor.com.br/privacidade.pdf' },
];

describe('policy updates', () => {
  it.each(variants)('with %s: both policies to accept, each with its document', async (_name, variant) => {
    mockAnswer(api.eula.pendingPolicies, variant(api.eula.pendingPolicies.answer, POLICIES));
    renderRoute({ routes, path: '/policies/route-token', session: { token: TEST_TOKEN } });
    const list = await screen.findByRole('list', { name: 'Termos atualizados' });
    expect(within(list).getAllByRole('checkbox')).toHaveLength(2);
    expect(document.querySelector('a[href="https://docs.provedor.com.br/privacidade.pdf"]')).not.toBeNull();
  });
});

describe('invoices', () => {
  const INVOICES = {
    data: [
      { dataEmissao: '2026-05-05T09:00:00', totalLiquido: 3124.5, linkNF: 'https://nf.provedor.com.br/nota-1.pdf' },
      { dataEmissao: '2026-04-05T09:00:00', totalLiquido: 0.99, linkNF: 'https://nf.provedor.com.br/nota-2.pdf' },
    ],
  };
  it.each(variants)('with %s: both invoices with their net totals', async (_name, variant) => {
    mockAnswer(api.statement.invoices, variant(api.statement.invoices.answer, INVOICES));
    const { user } = renderRoute({ routes, path: '/my-account/take-nf' });
    await user.type(await screen.findByLabelText('CPF'), '52998224725');
    await user.type(screen.getByLabelText('Data de nascimento'), '12041985');
    await user.type(screen.getByLabelText('Data inicial'), '01012026');
    await user.type(screen.getByLabelText('Data final'), '30062026');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    const list = await screen.findByRole('list', { name: 'Notas fiscais' });
    const items = within(list).getAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(items[0]).toHaveTextContent('R$ 3.124,50');
    expect(items[1]).toHaveTextContent('R$ 0,99');
  });
});

describe('terms links', () => {
  it('with a field nobody declared: the three documents linked', async () => {
    mockAnswer(
      api.register.eulaDocument,
      tolerantVariant(api.register.eulaDocument.answer, { documentUrl: 'https://docs.provedor.com.br/t.pdf' }, 'near'),
    );
    renderRoute({ routes, path: `/eula/${DRIVER_ID}` });
    expect(await screen.findByRole('link', { name: 'Termos de uso' })).toHaveAttribute('href', 'https://docs.provedor.com.br/t.pdf');
  });
});
