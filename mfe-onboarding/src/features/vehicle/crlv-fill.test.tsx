import { screen, waitFor, within } from '@testing-library/react';
import { endSession, sessionValue } from '@driver-portal/shared/session';
import {
  HttpResponse,
  mockApi,
  mockJson,
  mockStatus,
  recordRequests,
  renderRoute,
  type RecordedRequest,
} from '@driver-portal/shared/test-utils';
import { brazilYear } from '@driver-portal/shared/validation';
import { api } from '../../contract';
import { forgetCrlvReading, readChosenCrlv, type CrlvField, type CrlvResult } from '../../crlv-reading';
import { routes } from '../../routes';

/*
 * The CRLV-e the driver chose fills the vehicle form (issue 47, decision 0029). The reader itself
 * (pdf.js in a worker) is mocked here: what it returns for a PDF is proven on the documents
 * themselves by features/crlv's tests and the e2e; here, what the form does with what it returns.
 */
jest.mock('../crlv/read', () => ({ readCrlvPdf: jest.fn() }));
const reader = jest.requireMock<{ readCrlvPdf: jest.Mock<Promise<CrlvResult>, [Blob, { signal?: AbortSignal }?]> }>('../crlv/read');

// Each test fills a long form: under a full parallel run that takes longer than Jest's default 5 s.
jest.setTimeout(20_000);

const GUID = 'guid-7';
const session = { driverGuid: GUID };
const YEAR = brazilYear();
const READ_MARK = 'Lido do CRLV-e: confira.';
const NOT_VALID = 'O valor lido do CRLV-e não passou na conferência: digite-o como está no documento.';
const field = (label: string) => screen.getByLabelText(label);
const continuar = () => screen.getByRole('button', { name: 'Continuar' });
const BRANDS = [
  { id: 1, name: 'Chevrolet' },
  { id: 2, name: 'Fiat' },
];
const MODELS: Record<string, Array<{ id: number; model: string }>> = {
  '1': [
    { id: 101, model: 'Onix 1.0' },
    { id: 102, model: 'Spin LTZ 1.8' },
  ],
  '2': [
    { id: 201, model: 'Cronos 1.3' },
    { id: 203, model: 'Argo 1.0' },
  ],
};

/** A taxi's CRLV-e as the reader returns it: the values as printed. */
const TAXI: Partial<Record<CrlvField, string>> = {
  Renavam: '12345678900',
  Plate: 'ABC1D23',
  Chassis: '9BWZZZ377VT004251',
  CrlvNumber: '123456789012',
  CurrentYear: String(YEAR),
  BrandModel: 'I/FIAT ARGO DRIVE 1.0',
  ManufactureYear: String(YEAR - 2),
  ModelYear: String(YEAR - 1),
  Type: 'PASSAGEIRO AUTOMOVEL',
  Fuel: 'ALCOOL/GASOLINA',
  Color: 'PRATA',
  EmissionCity: 'SAO PAULO',
  IssuingState: 'SP',
  EmissionDate: '10/02/2026',
  OwnerName: 'JOÃO BATISTA FERREIRA',
  OwnerDocument: '11144477735',
  Category: 'ALUGUEL',
  PreviousPlate: 'ABC1234/SP',
  SecurityCode: '12345678901',
};

/** The vehicle the form sends once the driver typed "Observações" (the one field a CRLV-e does not hold). */
const TAXI_BODY = {
  ModalityType: 0,
  CurrentYear: YEAR,
  Renavam: '12345678900',
  Chassis: '9BWZZZ377VT004251',
  Plate: 'ABC1D23',
  Type: 'PASSAGEIRO AUTOMOVEL',
  Fuel: 'ALCOOL/GASOLINA',
  Brand: 2,
  Model: 203,
  ManufactureYear: YEAR - 2,
  ModelYear: YEAR - 1,
  Color: 'PRATA',
  Remark: 'Nada consta',
  EmissionCity: 'SAO PAULO',
  EmissionDate: '2026-02-10',
  IssuingState: 'SP',
  CrlvNumber: '123456789012',
  OwnerName: 'JOÃO BATISTA FERREIRA',
  OwnerDocument: '11144477735',
};

const FILLED_LABELS = [
  'Placa',
  'RENAVAM',
  'Chassi',
  'Número do CRLV',
  'Ano de exercício',
  'Marca',
  'Modelo',
  'Ano de fabricação',
  'Ano do modelo',
  'Tipo (espécie)',
  'Combustível',
  'Cor',
  'Cidade de emissão',
  'UF',
  'Data de emissão',
  'Nome do proprietário',
];

const PDF_BYTES = '%PDF-1.7\n%CRLV-e de teste\n';
const pdf = () => new File([PDF_BYTES], 'crlv-e.pdf', { type: 'application/pdf' });

const read = (fields: Partial<Record<CrlvField, string>>): CrlvResult => ({ kind: 'read', reading: { fields } });

/** The PDF chosen (as the capture screen does) and read: the reader answers `result`. */
async function chosen(result: CrlvResult) {
  reader.readCrlvPdf.mockResolvedValue(result);
  // The capture screen's driver: the one who signed up on this phone.
  sessionValue('driverGuid').set(GUID);
  readChosenCrlv(GUID, 0, pdf());
  await waitFor(() => expect(reader.readCrlvPdf).toHaveBeenCalled());
}

async function openForm(path = '/register/crlv/new/0') {
  const rendered = renderRoute({ routes, path, session });
  // The route's first load compiles the screen's modules: more than findBy's 1 s on a busy machine.
  await screen.findByLabelText('Placa', {}, { timeout: 10_000 });
  return rendered;
}

const summary = () => screen.queryByText(/^Lemos |CRLV-e|PDF/, { selector: '.crlv-summary' });
const posts = (requests: RecordedRequest[]) => requests.filter((request) => request.method === 'POST');

beforeEach(() => {
  reader.readCrlvPdf.mockReset();
  mockJson(api.register.carBrands, BRANDS);
  mockApi(api.register.carModels, ({ params }) => HttpResponse.json({ carModels: MODELS[String(params.brandId)] ?? [] }));
  mockStatus(api.register.modalityVehicle, 404, { validations: [{ message: 'Veículo não encontrado.' }] });
  mockJson(api.register.saveVehicle, {});
  mockJson(api.register.uploadModalityDocument, {});
});
afterEach(() => forgetCrlvReading());

describe('a CRLV-e chosen fills the vehicle form', () => {
  it('from the PDF’s choice to the form: every field the document holds filled and marked, the upload and the vehicle sent as before, nothing else', async () => {
    const requests = recordRequests();
    reader.readCrlvPdf.mockResolvedValue(read(TAXI));
    const { user, router } = renderRoute({ routes, path: '/register/camera/edit/0/4', session });
    const file = pdf();
    await user.upload(await screen.findByLabelText('Escolher o PDF do CRLV'), file);
    // Read on the phone, the file itself, while the driver can already send it.
    expect(reader.readCrlvPdf).toHaveBeenCalledWith(file, expect.objectContaining({ signal: expect.any(AbortSignal) }));
    await user.click(await screen.findByRole('button', { name: 'Enviar documento' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register/crlv/edit/0'));
    await screen.findByLabelText('Placa', {}, { timeout: 10_000 });

    expect(summary()).toHaveAttribute('role', 'status');
    expect(summary()).toHaveTextContent('Lemos 17 campos do seu CRLV-e. Confira-os; preencha o que falta: Observações.');
    expect(field('Placa')).toHaveValue('ABC1D23');
    expect(field('RENAVAM')).toHaveValue('12345678900');
    expect(field('Chassi')).toHaveValue('9BWZZZ377VT004251');
    expect(field('Número do CRLV')).toHaveValue('123456789012');
    expect(field('Ano de exercício')).toHaveValue(String(YEAR));
    expect(field('Marca')).toHaveValue('2');
    await waitFor(() => expect(field('Modelo')).toHaveValue('203'));
    expect(within(field('Modelo')).getByRole('option', { selected: true })).toHaveTextContent('Argo 1.0');
    expect(field('Ano de fabricação')).toHaveValue(String(YEAR - 2));
    expect(field('Ano do modelo')).toHaveValue(String(YEAR - 1));
    expect(field('Tipo (espécie)')).toHaveValue('PASSAGEIRO AUTOMOVEL');
    expect(field('Combustível')).toHaveValue('ALCOOL/GASOLINA');
    expect(field('Cor')).toHaveValue('PRATA');
    expect(field('Cidade de emissão')).toHaveValue('SAO PAULO');
    expect(field('UF')).toHaveValue('SP');
    expect(field('Data de emissão')).toHaveValue('10/02/2026');
    expect(field('Nome do proprietário')).toHaveValue('JOÃO BATISTA FERREIRA');
    expect(screen.getByRole('radio', { name: 'Pessoa física (CPF)' })).toBeChecked();
    expect(field('CPF do proprietário')).toHaveValue('111.444.777-35');
    for (const label of [...FILLED_LABELS, 'CPF do proprietário']) expect(field(label)).toHaveAccessibleDescription(READ_MARK);
    expect(field('Observações')).toHaveValue('');
    expect(field('Observações')).not.toHaveAccessibleDescription(READ_MARK);

    // The driver types the one field the document does not hold, and confirms: on to the review (the edit flow).
    mockJson(api.register.sendToReview, {});
    mockJson(api.register.modalityWorkflow, { modalityId: 0 });
    mockJson(api.register.driverDocuments, { documents: [] });
    mockJson(api.register.modalityDocuments, { documents: [] });
    await user.click(field('Observações'));
    await user.paste('Nada consta');
    await user.click(continuar());
    await waitFor(() => expect(router.state.location.pathname).toBe(`/register/review-docs/${GUID}`));
    await waitFor(() => expect(posts(requests)).toHaveLength(2));
    const [upload, vehicle] = posts(requests);
    expect(upload?.url.pathname).toBe(`/register/api/2.0/driver/${GUID}/modality/0/documents/4`);
    expect(upload?.body).toEqual({ content: Buffer.from(PDF_BYTES).toString('base64') });
    expect(vehicle?.url.pathname).toBe(`/register/api/1.0/driver/${GUID}/vehicle`);
    expect(vehicle?.body).toEqual(TAXI_BODY);
    const beforeSend = requests.slice(0, requests.indexOf(vehicle as RecordedRequest));
    expect(beforeSend.map((request) => `${request.method} ${request.url.pathname}`).sort()).toEqual(
      [
        `POST /register/api/2.0/driver/${GUID}/modality/0/documents/4`,
        'GET /register/api/1.0/vehicleinfo/carbrand',
        `GET /register/api/1.0/driver/${GUID}/modality/0/vehicle`,
        // The matched brand's models, asked once: the select uses the same list.
        'GET /register/api/1.0/vehicleinfo/2/carmodel',
      ].sort(),
    );
    // Nothing read leaves the phone but in the vehicle the driver confirmed.
    const elsewhere = requests
      .filter((request) => request !== vehicle)
      .map((request) => `${request.url.href} ${JSON.stringify(request.body)}`);
    for (const value of ['12345678900', '9BWZZZ377VT004251', 'JOÃO', '11144477735', 'ABC1D23']) {
      expect(elsewhere.filter((request) => request.includes(value))).toEqual([]);
    }
  });

  it('a company with an alphanumeric CNPJ, an old plate printed with its hyphen and the old 9-digit RENAVAM go out as the form writes them', async () => {
    const requests = recordRequests();
    await chosen(
      read({
        ...TAXI,
        Plate: 'ABC-1234',
        Renavam: '639884962',
        BrandModel: 'CHEV/ONIX 10MT LT',
        Fuel: 'GASOLINA',
        OwnerName: 'TRANSPORTES ÁGUIA LTDA',
        OwnerDocument: '12ABC34501DE35',
        Category: 'PARTICULAR',
      }),
    );
    const { user } = await openForm();
    expect(field('Placa')).toHaveValue('ABC1234');
    expect(field('RENAVAM')).toHaveValue('639884962');
    expect(field('Marca')).toHaveValue('1');
    await waitFor(() => expect(field('Modelo')).toHaveValue('101'));
    expect(screen.getByRole('radio', { name: 'Pessoa jurídica (CNPJ)' })).toBeChecked();
    expect(field('CNPJ do proprietário')).toHaveValue('12.ABC.345/01DE-35');
    expect(field('CNPJ do proprietário')).toHaveAccessibleDescription(READ_MARK);
    await user.click(field('Observações'));
    await user.paste('Nada consta');
    await user.click(continuar());
    await waitFor(() => expect(posts(requests)).toHaveLength(1));
    expect(posts(requests)[0]?.body).toEqual({
      ...TAXI_BODY,
      Plate: 'ABC1234',
      Renavam: '00639884962',
      Brand: 1,
      Model: 101,
      Fuel: 'GASOLINA',
      OwnerName: 'TRANSPORTES ÁGUIA LTDA',
      OwnerDocument: '12ABC34501DE35',
    });
  });

  it('a value read that fails a rule of the form is not filled: its field says so and the message lists it', async () => {
    const requests = recordRequests();
    await chosen(
      read({
        ...TAXI,
        Renavam: '12345678901',
        ModelYear: String(YEAR),
        Fuel: 'QUEROSENE',
        IssuingState: 'XX',
        EmissionDate: '31/02/2025',
        OwnerDocument: '11111111111',
      }),
    );
    await openForm();
    expect(summary()).toHaveTextContent(
      'Lemos 11 campos do seu CRLV-e. Confira-os; preencha os que faltam: RENAVAM, Ano do modelo, Combustível, UF, Data de emissão, Observações, CPF ou CNPJ do proprietário.',
    );
    for (const label of ['RENAVAM', 'Ano do modelo', 'Combustível', 'UF', 'Data de emissão']) {
      expect(field(label)).toHaveValue('');
      expect(field(label)).toHaveAccessibleDescription(NOT_VALID);
    }
    // A CPF that is no CPF: neither the number nor the kind is chosen.
    expect(screen.getByRole('radio', { name: 'Pessoa física (CPF)' })).not.toBeChecked();
    expect(screen.queryByLabelText('CPF do proprietário')).not.toBeInTheDocument();
    expect(field('Placa')).toHaveAccessibleDescription(READ_MARK);
    expect(continuar()).toBeDisabled();
    expect(posts(requests)).toHaveLength(0);
  });

  it('a brand the list does not hold leaves the brand to the driver and says so; a model it does not hold, the model', async () => {
    const requests = recordRequests();
    await chosen(read({ ...TAXI, BrandModel: 'I/LADA NIVA 1.7' }));
    const first = await openForm();
    expect(field('Marca')).toHaveValue('');
    expect(field('Marca')).toHaveAccessibleDescription('Não encontramos a marca de "I/LADA NIVA 1.7" na lista: escolha a marca.');
    expect(field('Modelo')).toBeDisabled();
    expect(summary()).toHaveTextContent('Lemos 15 campos do seu CRLV-e. Confira-os; preencha os que faltam: Marca, Modelo, Observações.');
    expect(requests.some((request) => request.url.pathname.endsWith('/carmodel'))).toBe(false);
    first.unmount();
    forgetCrlvReading();

    await chosen(read({ ...TAXI, BrandModel: 'FIAT/PALIO ATTRACTIVE 1.0' }));
    await openForm();
    expect(field('Marca')).toHaveValue('2');
    expect(field('Marca')).toHaveAccessibleDescription(READ_MARK);
    await waitFor(() => expect(field('Modelo')).toBeEnabled());
    expect(field('Modelo')).toHaveValue('');
    expect(field('Modelo')).toHaveAccessibleDescription(
      'Não encontramos o modelo "PALIO ATTRACTIVE 1.0" na lista da Fiat: escolha o modelo.',
    );
  });

  it('says the message once: the form opened again keeps the marks, and a value the driver corrects loses its mark', async () => {
    await chosen(read(TAXI));
    const first = await openForm();
    expect(summary()).toBeInTheDocument();
    // The draft is written 250 ms after the form opens.
    await new Promise((resolve) => setTimeout(resolve, 400));
    first.unmount();
    const { user } = await openForm();
    expect(summary()).not.toBeInTheDocument();
    expect(field('Placa')).toHaveValue('ABC1D23');
    expect(field('Placa')).toHaveAccessibleDescription(READ_MARK);
    await user.clear(field('Cor'));
    await user.paste('BRANCA');
    expect(field('Cor')).not.toHaveAccessibleDescription(READ_MARK);
    expect(field('Placa')).toHaveAccessibleDescription(READ_MARK);
  });

  it('opened while the PDF is still being read, the form says so and opens filled', async () => {
    let answer: (result: CrlvResult) => void = () => undefined;
    reader.readCrlvPdf.mockReturnValue(new Promise<CrlvResult>((resolve) => (answer = resolve)));
    sessionValue('driverGuid').set(GUID);
    readChosenCrlv(GUID, 0, pdf());
    renderRoute({ routes, path: '/register/crlv/new/0', session });
    expect(await screen.findByText('Lendo os dados do seu CRLV-e...', {}, { timeout: 10_000 })).toBeInTheDocument();
    answer(read(TAXI));
    expect(await screen.findByLabelText('Placa', {}, { timeout: 10_000 })).toHaveValue('ABC1D23');
    expect(summary()).toHaveTextContent('Lemos 17 campos');
  });

  it('a PDF kept over a reload whose reading was lost is read again; one already read is not', async () => {
    reader.readCrlvPdf.mockResolvedValue(read(TAXI));
    // Modality 1: the PDF kept here stays in this file's memory, apart from the other tests' modality 0.
    const first = renderRoute({ routes, path: '/register/camera/new/1/4', session });
    const file = pdf();
    await first.user.upload(await screen.findByLabelText('Escolher o PDF do CRLV'), file);
    await waitFor(() => expect(reader.readCrlvPdf).toHaveBeenCalledTimes(1));
    await screen.findByText(/PDF escolhido: crlv-e\.pdf/);
    first.unmount();
    // Read and kept: the screen opened again does not read it twice.
    renderRoute({ routes, path: '/register/camera/new/1/4', session }).unmount();
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect(reader.readCrlvPdf).toHaveBeenCalledTimes(1);
    // The reading lost (the page reloaded while it ran): the PDF kept is read again.
    forgetCrlvReading();
    renderRoute({ routes, path: '/register/camera/new/1/4', session });
    expect(await screen.findByText(/PDF escolhido: crlv-e\.pdf/)).toBeInTheDocument();
    await waitFor(() => expect(reader.readCrlvPdf).toHaveBeenCalledTimes(2));
    expect(reader.readCrlvPdf.mock.calls[1]?.[0]).toBe(file);
  });

  it('/Sair forgets what was read, and another driver never gets it', async () => {
    await chosen(read(TAXI));
    renderRoute({ routes, path: '/register/crlv/new/0', session: { driverGuid: 'guid-8' } });
    await screen.findByLabelText('Placa', {}, { timeout: 10_000 });
    expect(field('Placa')).toHaveValue('');
    expect(summary()).not.toBeInTheDocument();
    endSession();
    await openForm();
    expect(field('Placa')).toHaveValue('');
    expect(summary()).not.toBeInTheDocument();
  });
});

describe('a PDF that cannot be read fills nothing and says so once', () => {
  it.each([
    [
      'not-crlv',
      'Este PDF não parece ser um CRLV-e: não preenchemos nenhum campo. Confira se enviou o CRLV digital e preencha os dados do veículo.',
    ],
    ['no-text', 'Este PDF é uma imagem digitalizada, sem texto para ler: preencha os campos do veículo.'],
    ['damaged', 'Este PDF parece danificado e não pôde ser lido: preencha os campos do veículo.'],
    ['locked', 'Este PDF está protegido por senha e não pôde ser lido: preencha os campos do veículo.'],
    ['failed', 'Não conseguimos ler os dados deste PDF: preencha os campos do veículo.'],
  ] as const)('%s: "%s"', async (kind, message) => {
    await chosen({ kind });
    await openForm();
    expect(summary()).toHaveTextContent(message);
    expect(screen.getAllByText(message)).toHaveLength(1);
    for (const label of FILLED_LABELS) {
      expect(field(label)).toHaveValue('');
      expect(field(label)).not.toHaveAccessibleDescription(READ_MARK);
    }
    expect(continuar()).toBeDisabled();
  });

  it('the reader that cannot be downloaded (offline) is a PDF not read; the upload goes as before', async () => {
    const requests = recordRequests();
    reader.readCrlvPdf.mockRejectedValue(new TypeError('Failed to fetch dynamically imported module'));
    const { user, router } = renderRoute({ routes, path: '/register/camera/edit/0/4', session });
    await user.upload(await screen.findByLabelText('Escolher o PDF do CRLV'), pdf());
    await user.click(await screen.findByRole('button', { name: 'Enviar documento' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register/crlv/edit/0'));
    await screen.findByLabelText('Placa', {}, { timeout: 10_000 });
    expect(summary()).toHaveTextContent('Não conseguimos ler os dados deste PDF: preencha os campos do veículo.');
    expect(field('Placa')).toHaveValue('');
    expect(posts(requests).map((request) => request.body)).toEqual([{ content: Buffer.from(PDF_BYTES).toString('base64') }]);
  });

  it('a read whose every value fails the rules says that, and fills nothing', async () => {
    await chosen(read({ Renavam: '1', Plate: 'AB', BrandModel: 'XYZ/ABC' }));
    await openForm();
    expect(summary()).toHaveTextContent('Os dados lidos deste CRLV-e não passaram na conferência: preencha os campos do veículo.');
    expect(field('RENAVAM')).toHaveAccessibleDescription(NOT_VALID);
    expect(field('Placa')).toHaveValue('');
  });
});
