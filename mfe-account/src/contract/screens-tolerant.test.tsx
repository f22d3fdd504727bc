import { screen, waitFor, within } from '@testing-library/react';
import {
  ACCEPTED_ANSWERS,
  mockAnswer,
  mockApi,
  renderRoute,
  TEST_TOKEN,
  tolerantVariant,
  withBrokenEntry,
} from '@driver-portal/shared/test-utils';
import { api, type Bank, type PolicyUpdateItem } from '.';
import { routes } from '../routes';

/*
 * The account's screens rendered with "must work" variants of their answers (docs/answers.md,
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

/*
 * The calls whose answer is not used (saves, codes, requests), each answered with every "must work"
 * answer of `accepted()`: 204, an empty 200, an object nobody declared. The driver sees the success.
 */

/** My account's four answers, in a "must work" variant: where a success leads. */
function mockMyAccount() {
  mockAnswer(api.register.driver, tolerantVariant(api.register.driver.answer, answers.driver, 'near'));
  mockAnswer(api.register.location, tolerantVariant(api.register.location.answer, answers.location, 'null'));
  mockAnswer(api.register.modalities, withBrokenEntry(api.register.modalities.answer, answers.modalities));
  mockAnswer(api.register.documents, withBrokenEntry(api.register.documents.answer, answers.documents));
}

const session = { token: TEST_TOKEN, driverId: DRIVER_ID };
const button = (name: string) => screen.getByRole('button', { name });

async function successThenMyAccount(user: ReturnType<typeof renderRoute>['user'], title: string) {
  const dialog = await screen.findByRole('alertdialog', { name: title });
  expect(dialog).toHaveClass('dialog-success');
  await user.click(within(dialog).getByRole('button', { name: 'OK' }));
  expect(await screen.findByRole('heading', { level: 1, name: 'Minha conta' })).toBeInTheDocument();
}

describe('bank data saved', () => {
  it.each(ACCEPTED_ANSWERS)('answered with %s: "Dados bancarios atualizados com sucesso!", then my account', async (_name, answer) => {
    mockAnswer(api.register.banks, tolerantVariant(api.register.banks.answer, BANKS, 'near'));
    mockAnswer(api.register.bankAccount, tolerantVariant(api.register.bankAccount.answer, { bankAccount: SAVED }, 'near'));
    mockApi(api.register.saveBankAccount, answer);
    const { user, router } = renderRoute({ routes, path: `/my-account/bank-info/${DRIVER_ID}` });
    await waitFor(() => expect(screen.getByLabelText('Conta', { exact: true })).toHaveValue('987654'));
    await waitFor(() => expect(button('Confirmar')).toBeEnabled());
    mockMyAccount();
    await user.click(button('Confirmar'));
    await successThenMyAccount(user, 'Dados bancarios atualizados com sucesso!');
    expect(router.state.location.pathname).toBe(`/my-account/init/${DRIVER_ID}`);
  });
});

describe('contact changes', () => {
  async function throughTheCode(user: ReturnType<typeof renderRoute>['user'], label: string, value: string) {
    await user.type(await screen.findByLabelText(label), value);
    await waitFor(() => expect(button('Alterar')).toBeEnabled());
    await user.click(button('Alterar'));
    await user.type(await screen.findByLabelText('Código'), '123456');
    await waitFor(() => expect(button('Confirmar')).toBeEnabled());
    mockMyAccount();
    await user.click(button('Confirmar'));
  }

  it.each(ACCEPTED_ANSWERS)(
    'e-mail, both calls answered with %s: "E-mail alterado com sucesso!", then my account',
    async (_name, answer) => {
      mockApi(api.register.sendEmailCode, answer);
      mockApi(api.register.changeEmail, answer);
      const { user } = renderRoute({ routes, path: '/my-account/change-email', session });
      await throughTheCode(user, 'Novo e-mail', 'nova@example.com');
      await successThenMyAccount(user, 'E-mail alterado com sucesso!');
    },
  );

  it.each(ACCEPTED_ANSWERS)('mobile, both calls answered with %s: "Alterado com sucesso!", then my account', async (_name, answer) => {
    mockApi(api.register.sendMobileCode, answer);
    mockApi(api.register.changeMobile, answer);
    const { user } = renderRoute({ routes, path: '/my-account/change-mobile', session });
    await throughTheCode(user, 'Novo celular', '21999998888');
    await successThenMyAccount(user, 'Alterado com sucesso!');
  });
});

describe('password', () => {
  async function changeByCode(user: ReturnType<typeof renderRoute>['user']) {
    await waitFor(() => expect(button('Enviar código')).toBeEnabled());
    await user.click(button('Enviar código'));
    await user.type(await screen.findByLabelText('Código'), '123456');
    await waitFor(() => expect(button('Continuar')).toBeEnabled());
    await user.click(button('Continuar'));
    await user.type(await screen.findByLabelText('Nova senha'), 'nova1234');
    await waitFor(() => expect(button('Alterar senha')).toBeEnabled());
    mockMyAccount();
    await user.click(button('Alterar senha'));
  }

  it.each(ACCEPTED_ANSWERS)(
    'change, both calls answered with %s: "Senha alterada com sucesso!", then my account',
    async (_name, answer) => {
      mockApi(api.register.sendPasswordCode, answer);
      mockApi(api.register.changePassword, answer);
      const { user } = renderRoute({ routes, path: '/my-account/change-password', session });
      await user.type(await screen.findByLabelText('Celular'), '11987654321');
      await changeByCode(user);
      await successThenMyAccount(user, 'Senha alterada com sucesso!');
    },
  );

  async function lookUp(user: ReturnType<typeof renderRoute>['user']) {
    await user.type(await screen.findByLabelText('Celular'), '11987654321');
    await user.type(screen.getByLabelText('CPF'), '529.982.247-25');
    await waitFor(() => expect(button('Continuar')).toBeEnabled());
    await user.click(button('Continuar'));
  }

  it.each(ACCEPTED_ANSWERS)(
    'forgotten, the lookup with a field nobody declared and the reminder answered with %s: the new password is on its way',
    async (_name, answer) => {
      mockAnswer(api.register.forgotPassword, tolerantVariant(api.register.forgotPassword.answer, { id: null, driver: null }, 'near'));
      mockApi(api.core.resendPassword, answer);
      const { user } = renderRoute({ routes, path: '/my-account/forgot-password', session: { token: TEST_TOKEN } });
      await lookUp(user);
      const dialog = await screen.findByRole('alertdialog', { name: 'A nova senha foi enviada para seu e-mail!' });
      expect(dialog).toHaveClass('dialog-success');
    },
  );

  it('forgotten, the lookup with fields nobody declared: on to the change by code, which works', async () => {
    const found = { id: 'drv-found', driver: { cpf: '52998224725' } };
    mockAnswer(api.register.forgotPassword, tolerantVariant(api.register.forgotPassword.answer, found, 'near'));
    const [, empty] = ACCEPTED_ANSWERS[0]!;
    mockApi(api.register.sendPasswordCode, empty);
    mockApi(api.register.changePassword, empty);
    const { user } = renderRoute({ routes, path: '/my-account/forgot-password', session: { token: TEST_TOKEN } });
    await lookUp(user);
    expect(await screen.findByRole('heading', { level: 1, name: 'Alterar senha' })).toBeInTheDocument();
    await changeByCode(user);
    expect(await screen.findByRole('alertdialog', { name: 'Senha alterada com sucesso!' })).toHaveClass('dialog-success');
  });
});

describe('income statement', () => {
  it.each(ACCEPTED_ANSWERS)('answered with %s: "Informe de rendimentos solicitado!"', async (_name, answer) => {
    mockApi(api.statement.incomeStatement, answer);
    const { user } = renderRoute({ routes, path: '/my-account/take-ir' });
    await user.selectOptions(await screen.findByLabelText('Ano'), '2025');
    await user.type(screen.getByLabelText('CPF'), '52998224725');
    await user.type(screen.getByLabelText('Data de nascimento'), '12041985');
    await user.type(screen.getByLabelText('E-mail'), 'maria@example.com');
    await user.tab();
    await user.click(button('Continuar'));
    expect(await screen.findByRole('alertdialog', { name: 'Informe de rendimentos solicitado!' })).toHaveClass('dialog-success');
  });
});

describe('delivery enrolment', () => {
  it.each(ACCEPTED_ANSWERS)('answered with %s: "Cadastro enviado com sucesso" and no button', async (_name, answer) => {
    mockAnswer(api.register.driver, tolerantVariant(api.register.driver.answer, answers.driver, 'near'));
    mockAnswer(api.register.modalities, withBrokenEntry(api.register.modalities.answer, answers.modalities));
    mockApi(api.register.setModality, answer);
    const { user } = renderRoute({ routes, path: `/my-account/delivery-adherence/${DRIVER_ID}` });
    await user.click(await screen.findByRole('button', { name: 'QUERO FAZER ENTREGAS' }));
    expect(await screen.findByRole('alertdialog', { name: 'Cadastro enviado com sucesso' })).toHaveClass('dialog-success');
    expect(screen.queryByRole('button', { name: 'QUERO FAZER ENTREGAS' })).not.toBeInTheDocument();
  });
});

describe('change modality', () => {
  it.each(variants)('with %s: the current modality marked', async (_name, variant) => {
    mockAnswer(api.register.modalities, variant(api.register.modalities.answer, answers.modalities));
    renderRoute({ routes, path: '/my-account/change-modality', session });
    expect(await screen.findByRole('radio', { name: 'Taxi Comum (atual)' })).toBeChecked();
    expect(screen.queryByText(UNEXPECTED)).not.toBeInTheDocument();
  });

  it.each(ACCEPTED_ANSWERS)('a change answered with %s: the documents of the new modality', async (_name, answer) => {
    mockAnswer(api.register.modalities, answers.modalities);
    mockApi(api.register.setModality, answer);
    const { user } = renderRoute({ routes, path: '/my-account/change-modality', session });
    await user.click(await screen.findByRole('radio', { name: 'Carro Particular' }));
    await user.click(button('Continuar'));
    await user.click(button('Confirmar alteração'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Documentos da modalidade' })).toBeInTheDocument();
  });
});

describe('change documents', () => {
  const AT = '2026-11-20T12:00:00Z';
  const own = {
    documents: [
      { response: { documentType: 0, fileUrl: null, createdAt: AT, approvedAt: AT } },
      { response: { documentType: 1, fileUrl: null, createdAt: AT } },
    ],
  };
  const ofModality = { documents: [{ response: { documentType: 4, fileUrl: null, createdAt: AT, rejectedAt: AT } }] };

  it.each(variants)("with %s: the documents of the driver's modality, each with its way to send it again", async (_name, variant) => {
    mockAnswer(api.register.modalities, variant(api.register.modalities.answer, answers.modalities));
    mockAnswer(api.register.documents, variant(api.register.documents.answer, own));
    mockAnswer(api.register.modalityDocuments, variant(api.register.modalityDocuments.answer, ofModality));
    renderRoute({ routes, path: `/my-account/change-docs/${DRIVER_ID}` });
    const list = await screen.findByRole('list', { name: 'Documentos' });
    expect(within(list).getAllByRole('link')).toHaveLength(6);
    expect(screen.queryByText(UNEXPECTED)).not.toBeInTheDocument();
  });
});

describe('policies accepted', () => {
  it.each(ACCEPTED_ANSWERS)('answered with %s: "Termos Atualizados com Sucesso."', async (_name, answer) => {
    mockAnswer(api.eula.pendingPolicies, withBrokenEntry(api.eula.pendingPolicies.answer, POLICIES));
    mockApi(api.eula.acceptPolicies, answer);
    const { user } = renderRoute({ routes, path: '/policies/route-token', session: { token: TEST_TOKEN } });
    for (const box of await screen.findAllByRole('checkbox')) await user.click(box);
    await user.click(button('Continuar'));
    expect(await screen.findByRole('alertdialog', { name: 'Termos Atualizados com Sucesso.' })).toHaveClass('dialog-success');
  });
});
