import { screen, waitFor, within } from '@testing-library/react';
import { mockAnswer, renderRoute, tolerantVariant, withBrokenEntry } from '@driver-portal/shared/test-utils';
import { api } from '.';
import { routes } from '../routes';

/*
 * The document checklist rendered with "must work" variants of its four answers (docs/platform.md,
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
    mockAnswer(api.register.modalityDocuments, variant(api.register.modalityDocuments.answer, documents));
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
