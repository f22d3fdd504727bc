import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { screen, waitFor, within } from '@testing-library/react';
import { sessionValue } from '@driver-portal/shared/session';
import { HttpResponse, mockApi, mockJson, mockStatus, recordRequests, renderRoute } from '@driver-portal/shared/test-utils';
import { api } from '../../contract';
import { forgetCrlvReading, readChosenCrlv, type CrlvResult } from '../../crlv-reading';
import { readWithNode } from '../../crlv-read-with-node';
import { routes } from '../../routes';
import { CAR_BRANDS } from '../../../../sandbox-api/src/fixtures/vehicle-info';
import { CRLV_FIXTURES as FIXTURES, filledFields, VEHICLES, vehicleSent } from '../../../../e2e/fixtures/crlv/vehicles';

/*
 * The test documents themselves (e2e/fixtures/crlv, made to the CRLV-e's layout by
 * scripts/make-crlv-fixtures.mjs), read by the reader's own code with pdf.js's Node build (its
 * node-read.ts, in a child process: pdf.js is an ES module Jest's transform does not load), then
 * handed to the form as the browser's reader would hand them: the form filled from real readings,
 * matched to the sandbox's brand and model lists, and the vehicle that goes out.
 */
jest.mock('../crlv/read', () => ({ readCrlvPdf: jest.fn() }));
const reader = jest.requireMock<{ readCrlvPdf: jest.Mock<Promise<CrlvResult>, [Blob, { signal?: AbortSignal }?]> }>('../crlv/read');

jest.setTimeout(30_000);

const FILES = ['crlv-taxi-aluguel.pdf', 'crlv-private-old-plate.pdf', 'crlv-company-cnpj.pdf', 'scanned.pdf', 'broken.pdf'] as const;
let results: Record<string, CrlvResult>;

beforeAll(async () => {
  const read = await readWithNode(FILES.map((file) => join(FIXTURES, file)));
  results = Object.fromEntries(Object.entries(read).map(([file, result]) => [file.slice(FIXTURES.length + 1), result]));
}, 60_000);

const GUID = 'guid-7';
const field = (label: string) => screen.getByLabelText(label);
const READ_MARK = 'Lido do CRLV-e: confira.';

beforeEach(() => {
  reader.readCrlvPdf.mockReset();
  mockJson(
    api.register.carBrands,
    CAR_BRANDS.map(({ id, name }) => ({ id, name })),
  );
  mockApi(api.register.carModels, ({ params }) =>
    HttpResponse.json({ carModels: CAR_BRANDS.find((brand) => String(brand.id) === params.brandId)?.models ?? [] }),
  );
  mockStatus(api.register.modalityVehicle, 404, { validations: [{ message: 'Veículo não encontrado.' }] });
  mockJson(api.register.saveVehicle, {});
});
afterEach(() => forgetCrlvReading());

async function formFor(file: (typeof FILES)[number]) {
  const result = results[file];
  if (!result) throw new Error(`${file} was not read`);
  reader.readCrlvPdf.mockResolvedValue(result);
  sessionValue('driverGuid').set(GUID);
  readChosenCrlv(GUID, 0, new Blob([readFileSync(join(FIXTURES, file))], { type: 'application/pdf' }));
  const rendered = renderRoute({ routes, path: '/register/crlv/new/0', session: { driverGuid: GUID } });
  await screen.findByLabelText('Placa', {}, { timeout: 10_000 });
  return rendered;
}

describe('the CRLV-e test documents fill the vehicle form', () => {
  it.each([
    ['crlv-taxi-aluguel.pdf', VEHICLES.taxi, 'Fiat', 'Argo 1.0', 'CPF'],
    ['crlv-private-old-plate.pdf', VEHICLES.private, 'Hyundai', 'HB20 1.0', 'CPF'],
    ['crlv-company-cnpj.pdf', VEHICLES.company, 'BYD', 'Dolphin Mini', 'CNPJ'],
  ] as const)('%s: every field it prints, marked; the driver types "Observações" only', async (file, printed, brand, model, owner) => {
    const requests = recordRequests();
    const { user } = await formFor(file);
    expect(screen.getByText(/^Lemos /)).toHaveTextContent('Lemos 17 campos do seu CRLV-e. Confira-os; preencha o que falta: Observações.');
    const expected = filledFields(printed, `${owner} do proprietário`);
    for (const [label, value] of expected) {
      expect(field(label)).toHaveValue(value);
      expect(field(label)).toHaveAccessibleDescription(READ_MARK);
    }
    expect(within(field('Marca')).getByRole('option', { selected: true })).toHaveTextContent(brand);
    await waitFor(() => expect(within(field('Modelo')).getByRole('option', { selected: true })).toHaveTextContent(model));
    expect(field('Modelo')).toHaveAccessibleDescription(READ_MARK);
    await user.click(field('Observações'));
    await user.paste('Nada consta');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1));
    const brandOf = CAR_BRANDS.find((item) => item.name === brand);
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual(
      vehicleSent(printed, {
        brand: brandOf?.id,
        model: brandOf?.models.find((item) => item.model === model)?.id,
        remark: 'Nada consta',
      }),
    );
  });

  it.each([
    ['scanned.pdf', 'Este PDF é uma imagem digitalizada, sem texto para ler: preencha os campos do veículo.'],
    ['broken.pdf', 'Este PDF parece danificado e não pôde ser lido: preencha os campos do veículo.'],
  ] as const)('%s fills nothing and says "%s"', async (file, message) => {
    await formFor(file);
    expect(screen.getByText(message)).toBeInTheDocument();
    expect(field('Placa')).toHaveValue('');
    expect(field('RENAVAM')).toHaveValue('');
    expect(screen.queryByText(READ_MARK)).not.toBeInTheDocument();
  });
});
