import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { REQUEST_TIMEOUT_MS } from '@driver-portal/shared/http';
import {
  HttpResponse,
  mockApi,
  mockJson,
  mockNetworkError,
  mockStatus,
  recordRequests,
  renderRoute,
  type RenderRouteResult,
  savedDraft,
} from '@driver-portal/shared/test-utils';
import { api } from '../../contract';
import { routes } from '../../routes';
import { brazilYear } from '@driver-portal/shared/validation';

// Each test fills a long form: under a full parallel run that takes longer than Jest's default 5 s.
jest.setTimeout(20_000);

const GUID = 'guid-7';
const session = { driverGuid: GUID };
const field = (label: string) => screen.getByLabelText(label);
const continuar = () => screen.getByRole('button', { name: 'Continuar' });
const location = (rendered: RenderRouteResult) => `${rendered.router.state.location.pathname}${rendered.router.state.location.search}`;
const BRANDS = [
  { id: 1, name: 'Chevrolet' },
  { id: 2, name: 'Fiat' },
];
const YEAR = brazilYear();
const BODY = {
  ModalityType: 0,
  CurrentYear: YEAR,
  Renavam: '12345678900',
  Chassis: '9BWZZZ377VT004251',
  Plate: 'ABC1D23',
  Type: 'Automóvel',
  Fuel: 'ALCOOL/GASOLINA',
  Brand: 1,
  Model: 101,
  ManufactureYear: YEAR - 2,
  ModelYear: YEAR - 1,
  Color: 'Branca',
  Remark: 'Nada consta',
  EmissionCity: 'São Paulo',
  EmissionDate: '2026-02-10',
  IssuingState: 'SP',
  CrlvNumber: '123456789012',
  OwnerName: 'João Batista Ferreira',
  OwnerDocument: '11144477735',
};

async function open(path = '/register/crlv/new/0') {
  const rendered = renderRoute({ routes, path, session });
  // The route's first load compiles the screen's modules: more than findBy's 1 s on a busy machine.
  await screen.findByLabelText('Placa', {}, { timeout: 10_000 });
  return rendered;
}

async function fill({ user }: RenderRouteResult, manufactureYear = String(YEAR - 2)) {
  const typed: Array<[string, string]> = [
    ['Placa', 'abc1d23'],
    ['RENAVAM', '12345678900'],
    ['Chassi', '9BWZZZ377VT004251'],
    ['Número do CRLV', '123456789012'],
    ['Ano de exercício', String(YEAR)],
    ['Ano de fabricação', manufactureYear],
    ['Ano do modelo', String(YEAR - 1)],
    ['Tipo (espécie)', 'Automóvel'],
    ['Cor', 'Branca'],
    ['Cidade de emissão', 'São Paulo'],
    ['Data de emissão', '10022026'],
    ['Observações', 'Nada consta'],
    ['Nome do proprietário', 'João Batista Ferreira'],
  ];
  for (const [label, value] of typed) {
    await user.click(field(label));
    await user.paste(value);
  }
  await user.selectOptions(field('Marca'), '1');
  await waitFor(() => expect(field('Modelo')).toBeEnabled());
  await user.selectOptions(field('Modelo'), '101');
  await user.selectOptions(field('Combustível'), 'ALCOOL/GASOLINA');
  await user.selectOptions(field('UF'), 'SP');
  await user.click(screen.getByRole('radio', { name: 'Pessoa física (CPF)' }));
  await user.type(field('CPF do proprietário'), '11144477735');
}

beforeEach(() => {
  mockJson(api.register.carBrands, BRANDS);
  mockApi(api.register.carModels, ({ params }) =>
    HttpResponse.json(
      params.brandId === '1'
        ? {
            carModels: [
              { id: 101, model: 'Onix 1.0' },
              { id: 102, model: 'Spin LTZ 1.8' },
            ],
          }
        : { carModels: [{ id: 201, model: 'Cronos 1.3' }] },
    ),
  );
  mockStatus(api.register.modalityVehicle, 404, { validations: [{ message: 'Veículo não encontrado.' }] });
});

describe('vehicle data', () => {
  it('lists the brands, then the chosen brand models; another brand clears the model', async () => {
    const requests = recordRequests();
    const { user } = await open();
    expect(screen.getByRole('heading', { level: 1, name: 'Dados do veículo' })).toBeInTheDocument();
    expect(field('Modelo')).toBeDisabled();
    expect(within(field('Modelo')).getByRole('option')).toHaveTextContent('Escolha a marca primeiro');
    await user.selectOptions(field('Marca'), '1');
    await waitFor(() => expect(within(field('Modelo')).getAllByRole('option')).toHaveLength(3));
    await user.selectOptions(field('Modelo'), '102');
    await user.selectOptions(field('Marca'), '2');
    await waitFor(() =>
      expect(
        within(field('Modelo'))
          .getAllByRole('option')
          .map((item) => item.textContent),
      ).toEqual(['Selecione', 'Cronos 1.3']),
    );
    expect(field('Modelo')).toHaveValue('');
    expect(requests.map((request) => request.url.pathname)).toEqual(
      expect.arrayContaining([
        '/register/api/1.0/vehicleinfo/carbrand',
        '/register/api/1.0/vehicleinfo/1/carmodel',
        '/register/api/1.0/vehicleinfo/2/carmodel',
      ]),
    );
  });

  it('posts every field and, in the new flow, opens the checklist', async () => {
    const requests = recordRequests();
    mockJson(api.register.saveVehicle, {});
    const rendered = await open();
    expect(continuar()).toBeDisabled();
    await fill(rendered);
    expect(continuar()).toBeEnabled();
    await rendered.user.click(continuar());
    await waitFor(() => expect(location(rendered)).toBe('/register/upload-picture/0'));
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.url.pathname).toBe(`/register/api/1.0/driver/${GUID}/vehicle`);
    expect(post?.body).toEqual(BODY);
  });

  it.each([
    ['RENAVAM', 'the issue’s example: its last digit is no check digit', '12345678901', 'RENAVAM inválido: confira o último dígito.'],
    ['RENAVAM', '10 digits', '1234567890', 'RENAVAM inválido: são 11 dígitos.'],
    ['RENAVAM', 'a letter', '1234567890O', 'RENAVAM inválido: use só números.'],
    [
      'Placa',
      'a plate of neither pattern',
      'ABC12D3',
      'Placa inválida: use 3 letras e 4 números (ABC1234) ou o padrão Mercosul (ABC1D23).',
    ],
    ['Placa', '6 characters', 'AB1234', 'Placa inválida: são 7 caracteres, como ABC1234 ou ABC1D23.'],
    [
      'Chassi',
      'an O for a 0',
      '9BWZZZ377VTO04251',
      'Chassi inválido: use só letras e números; o chassi não tem I, O nem Q (confira se é 1 ou 0).',
    ],
    ['Chassi', '16 characters', '9BWZZZ377VT00425', 'Chassi inválido: são 17 caracteres.'],
    ['Número do CRLV', 'a letter', '12345678901A', 'Número do CRLV inválido: use só números.'],
    [
      'Ano do modelo',
      'two years after the year of manufacture',
      String(YEAR),
      'O ano do modelo é no máximo o ano seguinte ao de fabricação.',
    ],
  ])('%s: %s says what is wrong under the field, and nothing is sent', async (label, _what, value, message) => {
    const requests = recordRequests();
    mockJson(api.register.saveVehicle, {});
    const rendered = await open();
    await fill(rendered);
    await rendered.user.clear(field(label));
    await rendered.user.paste(value);
    await rendered.user.click(continuar());
    await waitFor(() => expect(field(label)).toHaveAccessibleDescription(message));
    expect(field(label)).toHaveAttribute('aria-invalid', 'true');
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('the corrected RENAVAM, a plate, chassis and old 9-digit RENAVAM pasted as printed go out as the issuer writes them', async () => {
    const requests = recordRequests();
    mockJson(api.register.saveVehicle, {});
    const rendered = await open();
    await fill(rendered);
    for (const [label, typed] of [
      ['RENAVAM', '639884962'],
      ['Placa', 'bra-2e19'],
      ['Chassi', '9bwzzz377 vt004251'],
      ['Número do CRLV', '1234 5678 9012'],
    ] as const) {
      await rendered.user.clear(field(label));
      await rendered.user.paste(typed);
    }
    await rendered.user.click(continuar());
    await waitFor(() => expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1));
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
      ...BODY,
      Renavam: '00639884962',
      Plate: 'BRA2E19',
      Chassis: '9BWZZZ377VT004251',
    });
  });

  it('offers the fuels as the CRLV prints them, sent as printed', async () => {
    const requests = recordRequests();
    mockJson(api.register.saveVehicle, {});
    const rendered = await open();
    const fuels = within(field('Combustível'))
      .getAllByRole('option')
      .map((option) => option.textContent);
    expect(fuels).toEqual(
      expect.arrayContaining([
        'ALCOOL/GASOLINA',
        'GASOLINA',
        'ALCOOL',
        'DIESEL',
        'GAS NATURAL VEICULAR',
        'GASOLINA/GAS NATURAL VEICULAR',
        'ELETRICO/FONTE EXTERNA',
        'HIBRIDO',
      ]),
    );
    expect(fuels).toHaveLength(26);
    await fill(rendered);
    await rendered.user.selectOptions(field('Combustível'), 'GASOLINA/ALCOOL/GAS NATURAL');
    await rendered.user.click(continuar());
    await waitFor(() => expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1));
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ ...BODY, Fuel: 'GASOLINA/ALCOOL/GAS NATURAL' });
  });

  it.each([
    ['RENAVAM', '12 digits', '123456789012', 'RENAVAM inválido: são 11 dígitos.'],
    ['Placa', '8 characters', 'ABC1D234', 'Placa inválida: são 7 caracteres, como ABC1234 ou ABC1D23.'],
    ['Chassi', '18 characters', '9BWZZZ377VT0042519', 'Chassi inválido: são 17 caracteres.'],
    ['Número do CRLV', '21 characters', '1'.repeat(21), 'Número do CRLV inválido: são no máximo 20 dígitos.'],
    ['Ano de exercício', '5 digits', '20261', 'Ano inválido'],
    ['Tipo (espécie)', '101 characters', 'A'.repeat(101), 'Use no máximo 100 caracteres.'],
    ['Cor', '101 characters', 'B'.repeat(101), 'Use no máximo 100 caracteres.'],
    ['Cidade de emissão', '61 characters', 'C'.repeat(61), 'Use no máximo 60 caracteres.'],
    ['Observações', '201 characters', 'D'.repeat(201), 'Use no máximo 200 caracteres.'],
    ['Nome do proprietário', '101 characters', 'E'.repeat(101), 'Use no máximo 100 caracteres.'],
    [
      'Nome do proprietário',
      'a right-to-left override',
      'João \u202EarierreF',
      'Há um caractere invisível ou de controle no texto: apague-o.',
    ],
    ['Data de emissão', '10/02/2090', '10022090', 'Data fora do período possível.'],
    ['Data de emissão', '31/12/1949', '31121949', 'Data fora do período possível.'],
  ])('%s: %s pasted is kept whole and refused (never cut to fit), and nothing is sent', async (label, _what, value, message) => {
    const requests = recordRequests();
    const rendered = await open();
    await fill(rendered);
    expect(field(label)).not.toHaveAttribute('maxlength');
    await rendered.user.clear(field(label));
    await rendered.user.paste(value);
    await rendered.user.click(continuar());
    await waitFor(() => expect(field(label)).toHaveAccessibleDescription(message));
    if (label !== 'Data de emissão') expect(field(label)).toHaveValue(value);
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('says "CPF invalido" and "CNPJ Invalido!" for the owner document', async () => {
    const { user } = await open();
    await user.click(screen.getByRole('radio', { name: 'Pessoa física (CPF)' }));
    await user.type(field('CPF do proprietário'), '11111111111');
    await user.tab();
    await waitFor(() => expect(field('CPF do proprietário')).toHaveAccessibleDescription('CPF invalido'));
    await user.click(screen.getByRole('radio', { name: 'Pessoa jurídica (CNPJ)' }));
    // The CPF typed for the other kind is gone, and its message with it.
    await waitFor(() => expect(field('CNPJ do proprietário')).toHaveValue(''));
    expect(field('CNPJ do proprietário')).not.toHaveAttribute('aria-invalid');
    await user.type(field('CNPJ do proprietário'), '11222333000182');
    await user.tab();
    await waitFor(() => expect(field('CNPJ do proprietário')).toHaveAccessibleDescription('CNPJ Invalido!'));
    await user.clear(field('CNPJ do proprietário'));
    await user.type(field('CNPJ do proprietário'), '11222333000181');
    await user.tab();
    await waitFor(() => expect(field('CNPJ do proprietário')).not.toHaveAttribute('aria-invalid'));
    expect(field('CNPJ do proprietário')).toHaveValue('11.222.333/0001-81');
    // Back to a person: the CNPJ does not stay under "CPF do proprietário".
    await user.click(screen.getByRole('radio', { name: 'Pessoa física (CPF)' }));
    await waitFor(() => expect(field('CPF do proprietário')).toHaveValue(''));
    expect(field('CPF do proprietário')).not.toHaveAttribute('aria-invalid');
  });

  it('tells a vehicle of 8 or more years of manufacture so under the year', async () => {
    const { user } = await open();
    await user.type(field('Ano de fabricação'), String(YEAR - 7));
    expect(field('Ano de fabricação')).not.toHaveAccessibleDescription(/8 anos ou mais/);
    await user.clear(field('Ano de fabricação'));
    await user.type(field('Ano de fabricação'), String(YEAR - 8));
    expect(field('Ano de fabricação')).toHaveAccessibleDescription(
      'Veículos com 8 anos ou mais de fabricação não são aceitos: este CRLV será recusado na análise.',
    );
  });

  it('fills what the service read back, and a draft wins over it across a reload', async () => {
    mockJson(api.register.modalityVehicle, {
      response: {
        vehicle: {
          plate: 'BRA2E19',
          chassis: '9BWZZZ377VT004251',
          fuel: 'Flex',
          issuingState: 'SP',
          issuingAuthority: 'DETRAN-SP',
          brandId: 1,
          modelId: 102,
          manufactureYear: 2022,
        },
      },
    });
    const first = await open();
    expect(field('Placa')).toHaveValue('BRA2E19');
    // Sent as "Flex" before the fuels were the CRLV's (docs/decisions/0016): the printed one is chosen.
    expect(field('Combustível')).toHaveValue('ALCOOL/GASOLINA');
    await waitFor(() => expect(field('Modelo')).toHaveValue('102'));
    expect(field('Ano de fabricação')).toHaveValue('2022');
    await first.user.type(field('Cor'), 'Prata');
    await waitFor(() => expect(savedDraft(`vehicle:${GUID}:0`)).toContain('Prata'));
    first.unmount();
    await open();
    expect(field('Cor')).toHaveValue('Prata');
    await waitFor(() => expect(field('Modelo')).toHaveValue('102'));
  });

  it.each([
    [500, 'Ocorreu um erro inesperado, tente novamente mais tarde.'],
    [404, 'O serviço esta indisponivel no momento, tente novamente mais tarde.'],
    [400, 'Placa inválida.'],
  ])('sending answered %i says so and keeps the form', async (status, text) => {
    mockStatus(api.register.saveVehicle, status, status === 400 ? { validations: [{ field: 'Plate', message: text }] } : {});
    const rendered = await open();
    await fill(rendered);
    await rendered.user.click(continuar());
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(text);
    expect(field('Placa')).toHaveValue('abc1d23'.toUpperCase());
    expect(location(rendered)).toBe('/register/crlv/new/0');
  });

  it('offline and a send that never answers say so', async () => {
    mockNetworkError(api.register.saveVehicle);
    const rendered = await open();
    await fill(rendered);
    await rendered.user.click(continuar());
    const offline = await screen.findByRole('alertdialog');
    expect(offline).toHaveTextContent('Sem conexão com a internet.');
    await rendered.user.click(within(offline).getByRole('button', { name: 'OK' }));
    mockApi(api.register.saveVehicle, () => new Promise<never>(() => undefined));
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      fireEvent.click(continuar());
      await act(async () => {
        await jest.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
      });
      expect(await screen.findByRole('alertdialog')).toHaveTextContent('O serviço demorou para responder.');
    } finally {
      jest.useRealTimers();
    }
  });

  it('failed brands show an error with a retry; failed models say so with their own retry', async () => {
    mockStatus(api.register.carBrands, 500);
    const { user } = renderRoute({ routes, path: '/register/crlv/new/0', session });
    expect(await screen.findByText('Ocorreu um erro inesperado, tente novamente mais tarde.')).toBeInTheDocument();
    mockJson(api.register.carBrands, BRANDS);
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await screen.findByLabelText('Marca');
    mockNetworkError(api.register.carModels);
    await user.selectOptions(field('Marca'), '2');
    expect(await screen.findByText('Não foi possível carregar os modelos.')).toBeInTheDocument();
    mockJson(api.register.carModels, { carModels: [{ id: 201, model: 'Cronos 1.3' }] });
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(field('Modelo')).toBeEnabled());
  });
});
