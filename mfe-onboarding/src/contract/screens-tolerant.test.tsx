import { screen, waitFor, within } from '@testing-library/react';
import {
  ACCEPTED_ANSWERS,
  HttpResponse,
  mockAnswer,
  mockApi,
  recordRequests,
  renderRoute,
  tolerantVariant,
  withBrokenEntry,
} from '@driver-portal/shared/test-utils';
import { api } from '.';
import { routes } from '../routes';

/*
 * The document checklist rendered with "must work" variants of its four answers (docs/answers.md,
 * "Reading answers"): each field only shown null or a near type, a field nobody declared, and one
 * broken entry in each list. The statuses, decided by strict timestamps, are unchanged.
 */

const UNEXPECTED = 'Ocorreu um erro inesperado, tente novamente mais tarde.';
const session = { driverGuid: 'guid-7' };
const AT = '2026-11-20T12:00:00Z';
const doc = (documentType: number, stamps: Record<string, unknown> = { createdAt: AT }) => ({
  response: { documentType, fileUrl: 'https://fotos.example.com/d.jpg', documentDescription: 'Documento', ...stamps },
});
const answers = {
  own: { documents: [doc(0, { createdAt: AT, approvedAt: AT }), doc(1), doc(2)] },
  modality: { documents: [doc(3), doc(4), doc(5)] },
  licence: {
    driverLicense: { emissionDate: '2025-01-31', documentNumber: '123456789', emissionState: 'SP', name: 'Maria', cpf: '52998224725' },
  },
  vehicle: {
    response: {
      vehicle: { plate: 'ABC1D23', chassis: '9BWZZZ377VT004251', fuel: 'Flex', issuingState: 'SP', issuingAuthority: 'DETRAN-SP' },
    },
  },
};

type Variant = (answer: unknown, value: unknown) => unknown;
const variants: [string, Variant][] = [
  ['every shown field null', (answer, value) => tolerantVariant(answer, value, 'null')],
  ['every shown field a near type', (answer, value) => tolerantVariant(answer, value, 'near')],
  ['one broken entry in each list', (answer, value) => withBrokenEntry(answer, value)],
];

let warn: jest.SpyInstance;
beforeEach(() => {
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => warn.mockRestore());

const items = (groupName: string) =>
  within(screen.getByRole('region', { name: groupName }))
    .getAllByRole('listitem')
    .map((item) => item.textContent);

describe('document checklist', () => {
  it.each(variants)('with %s: every document with its status, the data rows filled, the submit offered', async (_name, variant) => {
    mockAnswer(api.register.driverDocuments, variant(api.register.driverDocuments.answer, answers.own));
    mockAnswer(api.register.modalityDocuments, variant(api.register.modalityDocuments.answer, answers.modality));
    mockAnswer(api.register.license, variant(api.register.license.answer, answers.licence));
    mockAnswer(api.register.modalityVehicle, variant(api.register.modalityVehicle.answer, answers.vehicle));
    renderRoute({ routes, path: '/register/upload-picture/0', session });
    await screen.findByRole('region', { name: 'Seus documentos' });
    expect(items('Seus documentos')).toHaveLength(4);
    expect(items('Seus documentos')[0]).toContain('Documento Aprovado');
    expect(items('Documentos do veículo')).toHaveLength(4);
    expect(screen.getByRole('button', { name: 'Enviar para análise' })).toBeInTheDocument();
    expect(screen.queryByText(UNEXPECTED)).not.toBeInTheDocument();
  });
});

describe('document review', () => {
  const documents = {
    documents: [
      doc(0, { createdAt: AT, approvedAt: AT }),
      doc(1),
      doc(2, { createdAt: AT, rejectedAt: AT, rejectedReasonId: 3 }),
      doc(4, { createdAt: AT, rejectedAt: AT, rejectedReasonId: 10 }),
    ],
  };
  it.each(variants)('with %s: each document with its status', async (_name, variant) => {
    mockAnswer(api.register.modalityWorkflow, variant(api.register.modalityWorkflow.answer, { modalityId: 0 }));
    mockAnswer(api.register.driverDocuments, variant(api.register.driverDocuments.answer, { documents: [] }));
    mockAnswer(api.register.modalityDocuments, variant(api.register.modalityDocuments.answer, documents));
    mockAnswer(api.register.license, variant(api.register.license.answer, answers.licence));
    mockAnswer(api.register.modalityVehicle, variant(api.register.modalityVehicle.answer, answers.vehicle));
    mockAnswer(api.register.driverDocuments, variant(api.register.driverDocuments.answer, answers.own));
    mockAnswer(api.register.license, variant(api.register.license.answer, answers.licence));
    mockAnswer(api.register.modalityVehicle, variant(api.register.modalityVehicle.answer, answers.vehicle));
    renderRoute({ routes, path: '/register/review-docs/guid-7', session: {} });
    const list = await screen.findByRole('list', { name: 'Documentos' });
    const approved = within(list).getByText('CNH (Carteira Nacional de Habilitação) com EAR');
    expect(within(approved.closest('li') as HTMLElement).getByText('Documento Aprovado')).toBeInTheDocument();
    expect(within(list).getAllByRole('link', { name: 'Reenviar documento' })).toHaveLength(2);
    expect(screen.queryByText(UNEXPECTED)).not.toBeInTheDocument();
  });
});

describe('the /register/init router', () => {
  const PHONE = '11912345678';
  const answers = {
    driver: { response: { id: 'guid-7', name: 'João', email: 'joao@example.com', mobile: PHONE, cpf: '11144477735' } },
    states: { states: [1, 3, 4, 5, 6].map((driverStateType) => ({ response: { driverStateType } })) },
    modalities: { modalities: [{ response: { modalityType: 0 } }] },
    predicates: {
      predicates: [
        { key: 'CONTRIBUINTE_INSS', value: 'Sim' },
        { key: 'CURSO_CONDUTOR', value: 'Não' },
      ],
    },
    location: {
      response: {
        zipCode: '01310-100',
        address: 'Avenida Paulista',
        number: '1000',
        complement: null,
        district: 'Bela Vista',
        city: 'São Paulo',
        state: 'SP',
      },
    },
  };
  it.each(variants)('a driver whose first part is done, with %s: on to the document checklist', async (_name, variant) => {
    mockAnswer(api.register.driverByMobile, variant(api.register.driverByMobile.answer, answers.driver));
    mockAnswer(api.register.driverStates, variant(api.register.driverStates.answer, answers.states));
    mockAnswer(api.register.modalities, variant(api.register.modalities.answer, answers.modalities));
    mockAnswer(api.register.predicates, variant(api.register.predicates.answer, answers.predicates));
    mockAnswer(api.register.location, variant(api.register.location.answer, answers.location));
    const { router } = renderRoute({ routes, path: `/register/init/${PHONE}`, session: {} });
    await waitFor(() => expect(router.state.location.pathname).toBe('/register/upload-picture/0'));
  });
});

describe('vehicle data', () => {
  const brands = [
    { id: 1, name: 'Chevrolet' },
    { id: 2, name: 'Fiat' },
  ];
  const models = {
    carModels: [
      { id: 101, model: 'Onix 1.0' },
      { id: 102, model: 'Spin LTZ 1.8' },
    ],
  };
  const readBack = {
    response: {
      vehicle: {
        plate: 'ABC1D23',
        chassis: '9BWZZZ377VT004251',
        fuel: 'Flex',
        issuingState: 'SP',
        issuingAuthority: 'DETRAN-SP',
        brandId: 1,
        modelId: 102,
      },
    },
  };
  it.each(variants)('with %s: both brands, then both models of the chosen one', async (_name, variant) => {
    mockAnswer(api.register.carBrands, variant(api.register.carBrands.answer, brands));
    mockAnswer(api.register.carModels, variant(api.register.carModels.answer, models));
    mockAnswer(api.register.modalityVehicle, variant(api.register.modalityVehicle.answer, readBack));
    const { user } = renderRoute({ routes, path: '/register/crlv/new/0', session });
    const brand = await screen.findByLabelText('Marca');
    await waitFor(() => expect(within(brand).getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(brand, '1');
    await waitFor(() => expect(within(screen.getByLabelText('Modelo')).getAllByRole('option')).toHaveLength(3));
    expect(screen.queryByText(UNEXPECTED)).not.toBeInTheDocument();
  });
});

describe('create account', () => {
  const MOBILE = '21987650000';
  const policies = [
    { id: 1, description: 'Termos de uso', documentUrl: 'https://termos.example.com/uso.html', checked: false },
    { id: 2, description: 'Política de privacidade', documentUrl: 'https://termos.example.com/privacidade.html', checked: false },
  ];
  it.each(variants)('with %s: the code confirmed, then both policies to accept', async (_name, variant) => {
    mockAnswer(api.register.driverByMobile, variant(api.register.driverByMobile.answer, { response: null }));
    mockAnswer(api.register.requestCode, {});
    mockAnswer(api.register.confirmCode, variant(api.register.confirmCode.answer, { mobile: MOBILE, verified: true }));
    mockAnswer(api.register.policies, variant(api.register.policies.answer, policies));
    const { user } = renderRoute({ routes, path: `/register/create-account/${MOBILE}`, session: {} });
    await waitFor(() => expect(screen.getByRole('button', { name: 'Enviar código' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Enviar código' }));
    await user.type(await screen.findByLabelText('Código'), '123456');
    await waitFor(() => expect(screen.getByRole('button', { name: 'Continuar' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await screen.findByLabelText('Nome completo');
    await waitFor(() => expect(screen.getAllByRole('checkbox', { name: /^Li e aceito/ })).toHaveLength(2));
    expect(document.querySelector('a[href="https://termos.example.com/privacidade.html"]')).not.toBeNull();
  });
});

/*
 * The calls whose answer is not used (saves, the SMS request, the review queue), each answered with
 * every "must work" answer of `accepted()` (204, an empty 200, an object nobody declared), with the
 * screen's reads in must-work variants: the registration goes on, never an error.
 */

// Long forms typed field by field: on a busy 2-core machine longer than Jest's default 5 s.
jest.setTimeout(20_000);

const button = (name: string) => screen.getByRole('button', { name });
const pathname = (router: ReturnType<typeof renderRoute>['router']) => router.state.location.pathname;

describe('create account, the SMS request and the registration', () => {
  const MOBILE = '21987650000';
  const policies = [
    { id: 1, description: 'Termos de uso', documentUrl: 'https://termos.example.com/uso.html', checked: false },
    { id: 2, description: 'Política de privacidade', documentUrl: 'https://termos.example.com/privacidade.html', checked: false },
  ];
  it.each(ACCEPTED_ANSWERS)(
    'the SMS request answered with %s, the registration with a field nobody declared: on to the modality',
    async (_name, answer) => {
      mockAnswer(api.register.driverByMobile, { response: null });
      mockApi(api.register.requestCode, answer);
      mockAnswer(api.register.confirmCode, tolerantVariant(api.register.confirmCode.answer, { mobile: MOBILE, verified: true }, 'null'));
      mockAnswer(api.register.policies, withBrokenEntry(api.register.policies.answer, policies));
      mockAnswer(api.register.createDriver, tolerantVariant(api.register.createDriver.answer, { driverId: 'guid-new' }, 'near'));
      mockAnswer(api.register.modalities, { modalities: [] });
      const { user, router } = renderRoute({ routes, path: `/register/create-account/${MOBILE}`, session: {} });
      await waitFor(() => expect(button('Enviar código')).toBeEnabled());
      await user.click(button('Enviar código'));
      await user.type(await screen.findByLabelText('Código'), '123456');
      await waitFor(() => expect(button('Continuar')).toBeEnabled());
      await user.click(button('Continuar'));
      await user.type(await screen.findByLabelText('Nome completo'), 'Ana Souza');
      await user.type(screen.getByLabelText('CPF'), '39053344705');
      await user.type(screen.getByLabelText('E-mail'), 'ana.souza@example.com');
      await user.type(screen.getByLabelText('Senha'), 'abcd1234');
      await user.click(screen.getByRole('radio', { name: 'Feminino' }));
      for (const box of await screen.findAllByRole('checkbox', { name: /^Li e aceito/ })) await user.click(box);
      await waitFor(() => expect(button('Continuar')).toBeEnabled());
      await user.click(button('Continuar'));
      expect(await screen.findByRole('heading', { level: 1, name: 'Modalidade' })).toBeInTheDocument();
      expect(pathname(router)).toBe('/register/modality/');
      expect(window.sessionStorage.getItem('driver-portal:driverGuid')).toBe('guid-new');
    },
  );
});

describe('modality', () => {
  const chosen = { modalities: [{ response: { modalityType: 0 } }] };
  it.each(variants)('with %s: the modality chosen before is marked', async (_name, variant) => {
    mockAnswer(api.register.modalities, variant(api.register.modalities.answer, chosen));
    renderRoute({ routes, path: '/register/modality/', session });
    await waitFor(() => expect(screen.getByRole('radio', { name: 'Motorista/Taxista' })).toBeChecked());
    expect(screen.queryByText(UNEXPECTED)).not.toBeInTheDocument();
  });

  it.each(ACCEPTED_ANSWERS)('set, answered with %s: on to the predicates', async (_name, answer) => {
    mockAnswer(api.register.modalities, { modalities: [] });
    mockApi(api.register.setModality, answer);
    mockAnswer(api.register.predicates, { predicates: [] });
    const { user, router } = renderRoute({ routes, path: '/register/modality/', session });
    await user.click(await screen.findByRole('radio', { name: 'Motorista/Taxista' }));
    await waitFor(() => expect(button('Continuar')).toBeEnabled());
    await user.click(button('Continuar'));
    await waitFor(() => expect(pathname(router)).toBe('/register/predicates/0'));
  });
});

describe('predicates', () => {
  const given = {
    predicates: [
      { key: 'CONTRIBUINTE_INSS', value: 'Sim' },
      { key: 'CURSO_CONDUTOR', value: 'Não' },
    ],
  };
  const group = (name: string) => screen.findByRole('group', { name });

  it.each(variants)('with %s: the answers given before are marked', async (_name, variant) => {
    mockAnswer(api.register.predicates, variant(api.register.predicates.answer, given));
    renderRoute({ routes, path: '/register/predicates/0', session });
    const inss = await group('Você é contribuinte do INSS?');
    await waitFor(() => expect(within(inss).getByRole('radio', { name: 'Sim' })).toBeChecked());
    expect(within(await group('Você fez o curso de condutor?')).getByRole('radio', { name: 'Não' })).toBeChecked();
  });

  it.each(ACCEPTED_ANSWERS)('saved, answered with %s: on to the documents to have at hand', async (_name, answer) => {
    mockAnswer(api.register.predicates, withBrokenEntry(api.register.predicates.answer, given));
    mockApi(api.register.savePredicates, answer);
    const { user, router } = renderRoute({ routes, path: '/register/predicates/0', session });
    const inss = await group('Você é contribuinte do INSS?');
    await waitFor(() => expect(within(inss).getByRole('radio', { name: 'Sim' })).toBeChecked());
    await user.click(button('Continuar'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Tenha seus documentos em mãos' })).toBeInTheDocument();
    expect(pathname(router)).toBe('/register/modality-view-docs/0');
  });
});

describe('address', () => {
  const zip = { logradouro: 'Avenida Paulista', bairro: 'Bela Vista', uf: 'SP', localidade: 'São Paulo' };
  const cases = ACCEPTED_ANSWERS.map(([name, answer], index) => [name, answer, index % 2 === 0 ? 'null' : 'near'] as const);

  it.each(cases)('the lookup in a must-work variant, the save answered with %s: on to the checklist', async (_name, answer, style) => {
    mockAnswer(api.zipLookup.address, tolerantVariant(api.zipLookup.address.answer, zip, style));
    mockApi(api.register.saveLocation, answer);
    const { user, router } = renderRoute({ routes, path: '/register/address/new/0', session });
    await user.type(await screen.findByLabelText('CEP'), '01310100');
    await waitFor(() => expect(screen.getByLabelText('Cidade')).toHaveValue('São Paulo'));
    // What the lookup did not name (null) the driver types.
    if (style === 'null') {
      await user.type(screen.getByLabelText('Endereço'), 'Avenida Paulista');
      await user.type(screen.getByLabelText('Bairro'), 'Bela Vista');
    } else expect(screen.getByLabelText('Endereço')).toHaveValue('Avenida Paulista');
    await user.type(screen.getByLabelText('Número'), '1000');
    await user.click(button('Continuar'));
    await waitFor(() => expect(pathname(router)).toBe('/register/upload-picture/0'));
  });
});

describe('sent for analysis', () => {
  it.each(ACCEPTED_ANSWERS)('from the checklist, answered with %s: next steps', async (_name, answer) => {
    const own = { documents: [doc(0), doc(1), doc(2)] };
    mockAnswer(api.register.driverDocuments, tolerantVariant(api.register.driverDocuments.answer, own, 'near'));
    mockAnswer(api.register.modalityDocuments, withBrokenEntry(api.register.modalityDocuments.answer, answers.modality));
    mockAnswer(api.register.license, tolerantVariant(api.register.license.answer, answers.licence, 'near'));
    mockAnswer(api.register.modalityVehicle, tolerantVariant(api.register.modalityVehicle.answer, answers.vehicle, 'near'));
    mockApi(api.register.sendToReview, answer);
    const { user, router } = renderRoute({ routes, path: '/register/upload-picture/0', session });
    await waitFor(() => expect(button('Enviar para análise')).toBeEnabled());
    await user.click(button('Enviar para análise'));
    await waitFor(() => expect(pathname(router)).toBe('/register/next-steps/'));
  });

  it.each(ACCEPTED_ANSWERS)('from the review (startFlow), answered with %s: the documents listed, no error', async (_name, answer) => {
    const requests = recordRequests();
    const everyDocument = { documents: [doc(0, { createdAt: AT, approvedAt: AT }), ...[1, 2, 3, 4, 5].map((type) => doc(type))] };
    mockAnswer(api.register.modalityWorkflow, tolerantVariant(api.register.modalityWorkflow.answer, { modalityId: 0 }, 'near'));
    mockAnswer(api.register.driverDocuments, { documents: [] });
    mockAnswer(api.register.modalityDocuments, tolerantVariant(api.register.modalityDocuments.answer, everyDocument, 'null'));
    mockAnswer(api.register.license, tolerantVariant(api.register.license.answer, answers.licence, 'null'));
    mockAnswer(api.register.modalityVehicle, tolerantVariant(api.register.modalityVehicle.answer, answers.vehicle, 'near'));
    mockApi(api.register.sendToReview, answer);
    const { router } = renderRoute({ routes, path: '/register/review-docs/guid-7?startFlow=true', session: {} });
    expect(await screen.findByText('Documento Aprovado')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(requests.map((request) => request.method)).toContain('PUT');
    expect(screen.queryByText(UNEXPECTED)).not.toBeInTheDocument();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });
});

describe('licence data', () => {
  const cases = ACCEPTED_ANSWERS.map(([name, answer], index) => [name, answer, index % 2 === 0 ? 'null' : 'near'] as const);

  it.each(cases)('the read-back in a must-work variant, the save answered with %s: on to the checklist', async (_name, answer, style) => {
    mockAnswer(api.register.license, tolerantVariant(api.register.license.answer, answers.licence, style));
    mockApi(api.register.saveLicense, answer);
    const { user, router } = renderRoute({ routes, path: '/register/cnh/new/0', session });
    await screen.findByLabelText('Nº de registro da CNH');
    const typed: [string, string][] = [
      ['Nº de registro da CNH', '01234567807'],
      ['Data da 1ª habilitação', '01032000'],
      ['Validade', '31012030'],
      ['Data de nascimento', '17051980'],
      ['Documento de identidade (RG)', '123456789'],
      ['Órgão emissor do documento', 'SSP'],
      ['Nome da mãe', 'Ana Ferreira'],
      ['Nome do pai', 'José Ferreira'],
      ['Observações', 'EAR'],
      ['Cidade de emissão', 'São Paulo'],
      ['Data de emissão', '31012025'],
      ['Número RENACH', 'SP123456789'],
      ['Número de segurança', '12345678901'],
      ['Número do espelho', '9876543210'],
    ];
    for (const [label, value] of typed) {
      const input = screen.getByLabelText(label);
      await user.clear(input);
      await user.click(input);
      await user.paste(value);
    }
    await user.selectOptions(screen.getByLabelText('Categoria'), 'A/B');
    await user.selectOptions(screen.getByLabelText('UF do documento'), 'SP');
    await user.selectOptions(screen.getByLabelText('UF de emissão'), 'SP');
    await user.click(button('Continuar'));
    await waitFor(() => expect(pathname(router)).toBe('/register/upload-picture/0'));
  });
});

describe('vehicle data saved', () => {
  it.each(ACCEPTED_ANSWERS)('answered with %s: on to the checklist', async (_name, answer) => {
    const year = new Date().getFullYear();
    mockAnswer(api.register.carBrands, [{ id: 1, name: 'Chevrolet' }]);
    mockApi(api.register.carModels, () => HttpResponse.json({ carModels: [{ id: 101, model: 'Onix 1.0' }] }));
    mockApi(api.register.modalityVehicle, () =>
      HttpResponse.json({ validations: [{ message: 'Veículo não encontrado.' }] }, { status: 404 }),
    );
    mockApi(api.register.saveVehicle, answer);
    const { user, router } = renderRoute({ routes, path: '/register/crlv/new/0', session });
    await screen.findByLabelText('Placa');
    const typed: [string, string][] = [
      ['Placa', 'abc1d23'],
      ['RENAVAM', '12345678900'],
      ['Chassi', '9BWZZZ377VT004251'],
      ['Número do CRLV', '123456789012'],
      ['Ano de exercício', String(year)],
      ['Ano de fabricação', String(year - 2)],
      ['Ano do modelo', String(year - 1)],
      ['Tipo (espécie)', 'Automóvel'],
      ['Cor', 'Branca'],
      ['Cidade de emissão', 'São Paulo'],
      ['Data de emissão', '10022026'],
      ['Observações', 'Nada consta'],
      ['Nome do proprietário', 'João Batista Ferreira'],
    ];
    for (const [label, value] of typed) {
      await user.click(screen.getByLabelText(label));
      await user.paste(value);
    }
    await waitFor(() => expect(within(screen.getByLabelText('Marca')).getAllByRole('option')).toHaveLength(2));
    await user.selectOptions(screen.getByLabelText('Marca'), '1');
    await waitFor(() => expect(screen.getByLabelText('Modelo')).toBeEnabled());
    await user.selectOptions(screen.getByLabelText('Modelo'), '101');
    await user.selectOptions(screen.getByLabelText('Combustível'), 'ALCOOL/GASOLINA');
    await user.selectOptions(screen.getByLabelText('UF'), 'SP');
    await user.click(screen.getByRole('radio', { name: 'Pessoa física (CPF)' }));
    await user.type(screen.getByLabelText('CPF do proprietário'), '11144477735');
    await user.click(button('Continuar'));
    await waitFor(() => expect(pathname(router)).toBe('/register/upload-picture/0'));
  });
});
