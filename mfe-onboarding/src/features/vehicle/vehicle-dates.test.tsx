import { screen, waitFor } from '@testing-library/react';
import {
  fixDate,
  HttpResponse,
  mockApi,
  mockJson,
  mockStatus,
  recordRequests,
  renderRoute,
  type RenderRouteResult,
} from '@driver-portal/shared/test-utils';
import { api } from '../../contract';
import { routes } from '../../routes';

/**
 * The CRLV's dates and years on the days the calendar makes hard (issue 44, point 3): an issue
 * date of today on 29 February, and the years (the exercise's, the vehicle's age) at midnight of
 * 31 December in a zone behind São Paulo's: "today" is the phone's day when its zone is Brazil's
 * (docs/decisions/0018-whose-day-and-29-february.md).
 */

jest.setTimeout(30_000);

const field = (label: string) => screen.getByLabelText(label);
const continuar = () => screen.getByRole('button', { name: 'Continuar' });
const OUT_OF_RANGE = 'Data fora do período possível.';
const TOO_OLD = 'Veículos com 8 anos ou mais de fabricação não são aceitos: este CRLV será recusado na análise.';
const posts = (requests: ReturnType<typeof recordRequests>) => requests.filter((request) => request.method === 'POST');

async function open() {
  const rendered = renderRoute({ routes, path: '/register/crlv/new/0', session: { driverGuid: 'guid-leap' } });
  await screen.findByLabelText('Placa', {}, { timeout: 10_000 });
  return rendered;
}

/** A whole CRLV of the year `year`, issued on `emission` (DD/MM/YYYY). */
async function fill({ user }: RenderRouteResult, year: number, emission: string) {
  const typed: Array<[string, string]> = [
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
    ['Data de emissão', emission.replace(/\//g, '')],
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
  // The list's first fuel: the fuels are not this test's subject.
  const fuel = field('Combustível') as HTMLSelectElement;
  await user.selectOptions(fuel, [...fuel.options].find((option) => option.value !== '')?.value ?? '');
  await user.selectOptions(field('UF'), 'SP');
  await user.click(screen.getByRole('radio', { name: 'Pessoa física (CPF)' }));
  await user.type(field('CPF do proprietário'), '11144477735');
}

/** The phone's own zone, as the engine reports it. */
function phoneIn(timeZone: string) {
  const resolvedOptions = Intl.DateTimeFormat.prototype.resolvedOptions;
  jest.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
    return { ...resolvedOptions.call(this), timeZone };
  });
}

beforeEach(() => {
  mockJson(api.register.carBrands, [{ id: 1, name: 'Chevrolet' }]);
  mockApi(api.register.carModels, () => HttpResponse.json({ carModels: [{ id: 101, model: 'Onix 1.0' }] }));
  mockStatus(api.register.modalityVehicle, 404, { validations: [{ message: 'Veículo não encontrado.' }] });
});
afterEach(() => {
  jest.restoreAllMocks();
  jest.useRealTimers();
});

describe('the CRLV on 29 February and at the year’s midnight', () => {
  it('on 29/02/2028 an issue date of 01/03/2028 is refused under the field; 29/02/2028 (today) goes out', async () => {
    fixDate(new Date('2028-02-29T12:00:00-03:00'));
    const requests = recordRequests();
    mockJson(api.register.saveVehicle, {});
    const rendered = await open();
    await fill(rendered, 2028, '01/03/2028');
    await rendered.user.click(continuar());
    await waitFor(() => expect(field('Data de emissão')).toHaveAccessibleDescription(OUT_OF_RANGE));
    expect(posts(requests)).toHaveLength(0);

    await rendered.user.clear(field('Data de emissão'));
    await rendered.user.paste('29022028');
    await rendered.user.click(continuar());
    await waitFor(() => expect(posts(requests)).toHaveLength(1));
    expect(posts(requests)[0]?.body).toMatchObject({ EmissionDate: '2028-02-29', CurrentYear: 2028 });
  });

  it('at 23:30 of 31/12/2026 in Manaus (00:30 of 01/01/2027 in São Paulo) the Manaus phone is still in 2026: a 2019 vehicle is 7 years old, the exercise 2028 is no year yet', async () => {
    phoneIn('America/Manaus');
    fixDate(new Date('2026-12-31T23:30:00-04:00'));
    const { user } = await open();
    await user.type(field('Ano de fabricação'), '2019');
    expect(field('Ano de fabricação')).not.toHaveAccessibleDescription(TOO_OLD);
    await user.type(field('Ano de exercício'), '2028');
    await user.tab();
    await waitFor(() => expect(field('Ano de exercício')).toHaveAccessibleDescription('Ano inválido'));
  });

  it('the same instant on a phone in São Paulo is 2027: the 2019 vehicle is 8 years old and told so, 2028 is a year', async () => {
    phoneIn('America/Sao_Paulo');
    fixDate(new Date('2026-12-31T23:30:00-04:00'));
    const { user } = await open();
    await user.type(field('Ano de fabricação'), '2019');
    expect(field('Ano de fabricação')).toHaveAccessibleDescription(TOO_OLD);
    // 2029 is two years ahead, refused here too (the message proves the field is checked on blur).
    await user.type(field('Ano de exercício'), '2029');
    await user.tab();
    await waitFor(() => expect(field('Ano de exercício')).toHaveAccessibleDescription('Ano inválido'));
    await user.clear(field('Ano de exercício'));
    await user.type(field('Ano de exercício'), '2028');
    await user.tab();
    await waitFor(() => expect(field('Ano de exercício')).not.toHaveAttribute('aria-invalid'));
    expect(field('Ano de exercício')).not.toHaveAccessibleDescription('Ano inválido');
  });
});
