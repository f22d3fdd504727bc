import { expect, test, type Page } from './support';
import { DEMO_TOKEN, expectAccessible, HOST, REMOTE_ORIGINS, resetSandbox, SANDBOX, withToken } from './support';

test.beforeEach(resetSandbox);

const TAXI_ID = '4521';

/** The fields of the core statement answer this spec reads (docs/product-rules.md, "Entities"). */
interface Ride {
  Data: string;
  SolicitacaoId: number;
  Nome: string;
  TransacaoId: string | null;
  Mapa: string | null;
  EnderecoOrigem: string;
  EnderecoDestino: string | null;
}
interface Statement {
  Corridas: Ride[];
  Mes: string;
  Valor: number;
  Periodos: string[];
}

/** The sandbox's statement as the portal receives it (to know the months and rides the seed holds today). */
async function sandboxStatement(period?: string): Promise<Statement> {
  const path = period ? `extrato/extrato-data?data=${encodeURIComponent(period)}` : 'extrato/extrato-mescorrente';
  const response = await fetch(`${SANDBOX}/core/${path}`, { headers: { Authorization: `Bearer ${DEMO_TOKEN}` } });
  expect(response.ok).toBe(true);
  return (await response.json()) as Statement;
}

/** "novembro de 2026" for "01/11/2026", as the portal names a period. */
function monthName(period: string): string {
  const [, month, year] = period.split('/');
  return new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(Number(year), Number(month) - 1, 15)),
  );
}

const brl = (value: number) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(value).replace(/\u00a0/g, ' ');

/** The {data} segment the list links use: the ride's day as DD-MM-YYYY (its ISO date is Brazil time). */
const dateSegment = (ride: Ride) => ride.Data.slice(0, 10).split('-').reverse().join('-');

async function expectMonth(page: Page, statement: Statement) {
  await expect(page.getByRole('heading', { level: 2, name: monthName(statement.Mes) })).toBeVisible();
  await expect(page.getByText(`Total do mês: ${brl(statement.Valor)}`)).toBeVisible();
  await expect(page.getByRole('list', { name: 'Corridas' }).getByRole('listitem')).toHaveCount(statement.Corridas.length);
}

test('statement: the current month, the placeholder refused, then another month; a ride opened and back', async ({ page }) => {
  const current = await sandboxStatement();
  const previousPeriod = current.Periodos[1];
  expect(previousPeriod).toBeDefined();
  const previous = await sandboxStatement(previousPeriod);

  await page.goto(withToken(`/performed-Runs/list?taxiId=${TAXI_ID}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Extrato de corridas' })).toBeVisible();
  await expectMonth(page, current);
  // Every status as text, names cut at 25 characters, the earnings chart.
  for (const status of ['PAGO', 'A RECEBER', 'PROCESSANDO', 'ESTORNADO']) {
    await expect(page.getByRole('list', { name: 'Corridas' }).getByText(status, { exact: true }).first()).toBeVisible();
  }
  const longName = current.Corridas.find((ride) => ride.Nome.length > 25);
  if (longName) await expect(page.getByText(`${longName.Nome.slice(0, 25)}...`).first()).toBeVisible();
  await expect(page.getByRole('img', { name: new RegExp(`^Ganhos por dia em ${monthName(current.Mes)}`) })).toBeVisible();
  expect(page.url()).not.toContain('token=');
  expect(new URL(page.url()).searchParams.get('taxiId')).toBe(TAXI_ID);
  await expectAccessible(page);

  // The placeholder cannot be submitted.
  const select = page.getByRole('combobox', { name: 'Mês' });
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expect(page.getByText('Selecione um mês')).toBeVisible();
  await expect(select).toHaveAttribute('aria-invalid', 'true');
  await expect(page.getByRole('heading', { level: 2, name: monthName(current.Mes) })).toBeVisible();
  await expectAccessible(page);

  // Another month.
  await select.selectOption({ label: monthName(previousPeriod ?? '') });
  await page.getByRole('button', { name: 'Filtrar' }).click();
  await expectMonth(page, previous);
  await expect(page.getByText('Selecione um mês')).toHaveCount(0);
  const url = new URL(page.url());
  expect(url.searchParams.get('taxiId')).toBe(TAXI_ID);
  expect(url.searchParams.get('periodo')).toBe(previousPeriod);
  await expectAccessible(page);

  // A ride of that month, then back to the same month.
  const ride = previous.Corridas[0];
  expect(ride).toBeDefined();
  await page.getByRole('list', { name: 'Corridas' }).getByRole('link').first().click();
  await expect(page.getByRole('heading', { level: 1, name: 'Detalhe da corrida' })).toBeVisible();
  await expect(page.getByText(String(ride?.SolicitacaoId), { exact: true })).toBeVisible();
  expect(new URL(page.url()).pathname).toBe(`/performed-Runs/details/${dateSegment(ride as Ride)}/${ride?.SolicitacaoId}`);
  await page.getByRole('link', { name: 'Voltar' }).click();
  await expectMonth(page, previous);
});

for (const [where, origin] of [
  ['the host', HOST],
  ['its own URL', REMOTE_ORIGINS.selfService],
] as const) {
  test(`statement: the list opens as a deep link at ${where}`, async ({ page }) => {
    const current = await sandboxStatement();
    await page.goto(withToken(`/performed-runs/list?taxiId=${TAXI_ID}`, origin));
    await expect(page.getByRole('heading', { level: 1, name: 'Extrato de corridas' })).toBeVisible();
    await expectMonth(page, current);
    expect(page.url()).not.toContain('token=');
    await expectAccessible(page);
  });

  test(`ride detail opens as a deep link at ${where}: with a map, and without map, destination or transaction`, async ({ page }) => {
    const { Corridas: rides } = await sandboxStatement();
    const withMap = rides.find((ride) => ride.Mapa && ride.EnderecoDestino && ride.TransacaoId);
    const withoutMap = rides.find((ride) => !ride.Mapa && !ride.TransacaoId);
    const withoutDestination = rides.find((ride) => !ride.EnderecoDestino);
    expect(withMap && withoutMap && withoutDestination).toBeTruthy();

    await page.goto(
      withToken(`/performed-Runs/details/${dateSegment(withMap as Ride)}/${withMap?.SolicitacaoId}?taxiId=${TAXI_ID}`, origin),
    );
    await expect(page.getByRole('heading', { level: 1, name: 'Detalhe da corrida' })).toBeVisible();
    const map = page.getByRole('img', { name: `Mapa da rota de ${withMap?.EnderecoOrigem} até ${withMap?.EnderecoDestino}` });
    await expect(map).toBeVisible();
    expect(await map.evaluate((image: HTMLImageElement) => image.complete && image.naturalWidth > 0)).toBe(true);
    await expect(page.getByText(withMap?.TransacaoId ?? '', { exact: true })).toBeVisible();
    await expect(page.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', `/performed-Runs/list?taxiId=${TAXI_ID}`);
    expect(page.url()).not.toContain('token=');
    await expectAccessible(page);

    await page.goto(`${origin}/PERFORMED-RUNS/details/${dateSegment(withoutMap as Ride)}/${withoutMap?.SolicitacaoId}`);
    await expect(page.getByText('Corrida sem rota')).toBeVisible();
    await expect(page.getByText('Processando...')).toBeVisible();
    await expectAccessible(page);

    await page.goto(`${origin}/performed-Runs/details/${dateSegment(withoutDestination as Ride)}/${withoutDestination?.SolicitacaoId}`);
    await expect(page.locator('dl.details dt', { hasText: 'Destino' }).locator('xpath=following-sibling::dd[1]')).toHaveText(
      'Não informado',
    );
    await expectAccessible(page);
  });
}

test('ride detail of an unknown ride shows the server message and a retry', async ({ page }) => {
  await page.goto(withToken('/performed-Runs/details/01-01-2020/999999'));
  await expect(page.getByRole('alert')).toContainText('Corrida não encontrada.');
  await expect(page.getByRole('button', { name: 'Tentar novamente' })).toBeVisible();
  await expectAccessible(page);
});
