import { expect, test, type Page } from './support';
import { DEMO_TOKEN, expectAccessible, HOST, REMOTE_ORIGINS, SANDBOX, withToken } from './support';

const TAXI_ID = '4521';

/** The fields of the core statement answer this spec reads (docs/product-rules.md, "Entities"). */
interface Ride {
  Data: string;
  SolicitacaoId: number;
  Nome: string;
  Status: string;
  ValorLiquido: number;
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

/** "novembro de 2026" for "01/11/2026", as the portal names a period inside a sentence (the chart's summary). */
function monthInSentence(period: string): string {
  const [, month, year] = period.split('/');
  return new Intl.DateTimeFormat('pt-BR', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(Date.UTC(Number(year), Number(month) - 1, 15)),
  );
}

/** "Novembro de 2026": the month as a heading and as a choice of the month filter. */
function monthName(period: string): string {
  const name = monthInSentence(period);
  return `${name.charAt(0).toUpperCase()}${name.slice(1)}`;
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

const brl = (value: number) => new Intl.NumberFormat('pt-BR', { style: 'currency', currency: 'BRL' }).format(value).replace(/\u00a0/g, ' ');

/** The {data} segment the list links use: the ride's day as DD-MM-YYYY (its ISO date is Brazil time). */
const dateSegment = (ride: Ride) => ride.Data.slice(0, 10).split('-').reverse().join('-');

async function expectMonth(page: Page, statement: Statement) {
  await expect(page.getByRole('heading', { level: 2, name: monthName(statement.Mes), exact: true })).toBeVisible();
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
  // The select shows its placeholder, not the month (the heading names it).
  await expect(page.getByRole('combobox', { name: 'Mês' }).locator('option:checked')).toHaveText('Selecione o mês');
  // Every status as text, names cut at 25 characters, the earnings chart.
  for (const status of ['PAGO', 'A RECEBER', 'PROCESSANDO', 'ESTORNADO']) {
    await expect(page.getByRole('list', { name: 'Corridas' }).getByText(status, { exact: true }).first()).toBeVisible();
  }
  const longName = current.Corridas.find((ride) => ride.Nome.length > 25);
  if (longName) await expect(page.getByText(`${longName.Nome.slice(0, 25)}...`).first()).toBeVisible();
  await expect(page.getByRole('img', { name: new RegExp(`^Ganhos por dia em ${monthInSentence(current.Mes)}`) })).toBeVisible();
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

/** A ride's `Data` (Brazil time, no offset in the sandbox) as an instant. */
const rideInstant = (ride: Ride) => new Date(`${ride.Data}-03:00`);

/** The value next to a label of the ride detail's <dl>. */
const detailValue = (page: Page, label: string) =>
  page.locator('dl.details dt', { hasText: label }).locator('xpath=following-sibling::dd[1]');

test('ride days: a ride a minute old reads "Hoje", and one 23 hours 59 minutes old "Ontem", with their time, in the list and the detail', async ({
  page,
}) => {
  const { Corridas: rides } = await sandboxStatement();
  // The newest ride not at midnight (23 h 59 min after a midnight ride would still be the same day).
  const ride = rides.filter((item) => item.Data.slice(11, 16) !== '00:00').sort((a, b) => b.Data.localeCompare(a.Data))[0];
  expect(ride).toBeDefined();
  const time = (ride as Ride).Data.slice(11, 16);
  const at = rideInstant(ride as Ride).getTime();
  const item = page
    .getByRole('list', { name: 'Corridas' })
    .getByRole('listitem')
    .filter({ has: page.locator(`a[href*="/${ride?.SolicitacaoId}?"]`) });

  await page.clock.setFixedTime(new Date(at + 60_000));
  await page.goto(withToken(`/performed-Runs/list?taxiId=${TAXI_ID}`));
  await expect(item.locator('time')).toHaveText(`Hoje ${time}`);
  await item.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Detalhe da corrida' })).toBeVisible();
  await expect(detailValue(page, 'Data')).toHaveText(`Hoje ${time}`);
  await expectAccessible(page);

  await page.clock.setFixedTime(new Date(at + 24 * 60 * 60_000 - 60_000));
  await page.reload();
  await expect(detailValue(page, 'Data')).toHaveText(`Ontem ${time}`);
  await page.getByRole('link', { name: 'Voltar' }).click();
  await expect(item.locator('time')).toHaveText(`Ontem ${time}`);
});

test("the chart's screen-reader total and the card's total add up: what the chart leaves out is the reversed rides", async ({ page }) => {
  const current = await sandboxStatement();
  const cents = (rides: Ride[]) => rides.reduce((sum, ride) => sum + Math.round(ride.ValorLiquido * 100), 0);
  const reversed = cents(current.Corridas.filter((ride) => ride.Status === 'ESTORNADO'));
  const earned = cents(current.Corridas.filter((ride) => ride.Status !== 'ESTORNADO'));
  expect(reversed).toBeGreaterThan(0);

  await page.goto(withToken(`/performed-Runs/list?taxiId=${TAXI_ID}`));
  await expectMonth(page, current);
  const chart = page.getByRole('img', { name: new RegExp(`^Ganhos por dia em ${monthInSentence(current.Mes)}`) });
  await expect(chart).toHaveAttribute(
    'aria-label',
    new RegExp(`: total de ${escapeRegExp(brl(earned / 100))}, sem ${escapeRegExp(brl(reversed / 100))} de corridas estornadas;`),
  );
  // The card shows the server's total: the chart's total plus what it leaves out.
  expect(earned + reversed).toBe(Math.round(current.Valor * 100));
  await expect(page.getByText(`Estornadas neste mês: ${brl(reversed / 100)}.`, { exact: false })).toBeVisible();
});

/**
 * Elements sticking out past the screen's right edge, and a page that scrolls sideways (there
 * must be none on a phone). Off to the left is allowed: the skip link waits there until focused.
 */
async function widerThanScreen(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const width = document.documentElement.clientWidth;
    const offenders = [...document.querySelectorAll('body *')]
      .filter((element) => {
        const box = element.getBoundingClientRect();
        return box.width > 0 && box.right > width + 0.5;
      })
      .map((element) => `${element.tagName.toLowerCase()}.${element.className}`);
    if (document.documentElement.scrollWidth > width)
      offenders.push(`page scrolls sideways: ${document.documentElement.scrollWidth} > ${width}`);
    return offenders;
  });
}

test.describe('on a 412 x 823 phone', () => {
  test.use({ viewport: { width: 412, height: 823 } });

  test('the "Filtrar" button stays in line with the select when the error appears; nothing is wider than the screen', async ({ page }) => {
    await page.goto(withToken(`/performed-Runs/list?taxiId=${TAXI_ID}`));
    const select = page.getByRole('combobox', { name: 'Mês' });
    const button = page.getByRole('button', { name: 'Filtrar' });
    await expect(select).toBeVisible();
    const before = await button.boundingBox();
    await button.click();
    await expect(page.getByText('Selecione um mês')).toBeVisible();
    const after = await button.boundingBox();
    const selectBox = await select.boundingBox();
    expect(after).toEqual(before);
    // In line: the button's middle at the select's middle, beside it.
    expect(Math.abs((after?.y ?? 0) + (after?.height ?? 0) / 2 - ((selectBox?.y ?? 0) + (selectBox?.height ?? 0) / 2))).toBeLessThanOrEqual(
      1,
    );
    expect(after?.x ?? 0).toBeGreaterThan((selectBox?.x ?? 0) + (selectBox?.width ?? 0));
    expect(await widerThanScreen(page)).toEqual([]);
    await expectAccessible(page);
  });

  test('the ride map is as wide as the content column, below the other details; nothing is wider than the screen', async ({ page }) => {
    const { Corridas: rides } = await sandboxStatement();
    // A ride with a map, the longest name first (the detail shows it whole).
    const ride = rides.filter((item) => item.Mapa && item.EnderecoDestino).sort((a, b) => b.Nome.length - a.Nome.length)[0];
    expect(ride).toBeDefined();
    await page.goto(withToken(`/performed-Runs/details/${dateSegment(ride as Ride)}/${ride?.SolicitacaoId}?taxiId=${TAXI_ID}`));
    const map = page.getByRole('img', { name: /^Mapa da rota de / });
    await expect(map).toBeVisible();
    await expect(detailValue(page, 'Nome')).toHaveText(ride?.Nome ?? '');

    const layout = await map.evaluate((image: HTMLImageElement) => {
      const body = image.closest('.page-body') as HTMLElement;
      const style = getComputedStyle(body);
      const column = body.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
      const others = [...document.querySelectorAll('dl.details dd')].filter((dd) => !dd.contains(image));
      return {
        column,
        map: image.getBoundingClientRect(),
        lowestOther: Math.max(...others.map((dd) => dd.getBoundingClientRect().bottom)),
      };
    });
    expect(Math.abs(layout.map.width - layout.column)).toBeLessThanOrEqual(1);
    expect(layout.map.top).toBeGreaterThanOrEqual(layout.lowestOther);
    expect(await widerThanScreen(page)).toEqual([]);
    await expectAccessible(page);
  });
});
