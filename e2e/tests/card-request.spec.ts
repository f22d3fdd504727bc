import { CARD_REQUESTED_DRIVER_ID } from '@driver-portal/sandbox-api/constants';
import { expect, test, type Page } from './support';
import { DEMO_DRIVER_ID, DEMO_TOKEN, driverToken, expectAccessible, HOST, SANDBOX, sandboxHeaders, savedDraft, withToken } from './support';

interface SandboxCards {
  card: { byDriver: Record<string, { stage: string; address: Record<string, string> }> };
}

async function cardOf(driverId: string) {
  const state = (await (await fetch(`${SANDBOX}/__sandbox/state`)).json()) as SandboxCards;
  return state.card.byDriver[driverId];
}

const heading = (page: Page, name: string) => expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

/** From the home's tile, through the terms, to the address form. */
async function openAddress(page: Page): Promise<void> {
  await page.goto(withToken(`/App?driverId=${DEMO_DRIVER_ID}`));
  await page.getByRole('link', { name: 'Cartão de pagamento' }).click();
  await heading(page, 'Pedir cartão');
  await expect(page.getByText('Receba o pagamento das suas corridas no cartão, em até 3 dias.')).toBeVisible();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByText('Aceite os termos para continuar')).toBeVisible();
  await page.getByRole('checkbox', { name: 'Li e aceito os termos do cartão' }).check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await heading(page, 'Endereço de entrega');
  await expect(page.locator('header').getByRole('link', { name: 'Voltar' })).toHaveCount(1);
  await expectAccessible(page);
}

/** The tracker's stage marked current. */
const currentStage = (page: Page) =>
  page.getByRole('list', { name: 'Etapas do cartão' }).locator('[aria-current="step"] .card-stage-label');

test('from the terms to the status: the zip lookup fills the address, and the card moves through its stages', async ({ page }) => {
  await openAddress(page);
  const zipCalls: string[] = [];
  page.on('request', (request) => {
    if (request.url().startsWith(`${SANDBOX}/zip/`)) zipCalls.push(request.url());
  });
  const cep = page.getByLabel('CEP');
  await cep.pressSequentially('013101');
  await expect(cep).toHaveValue('01.310-1');
  await cep.pressSequentially('00');
  await expect(cep).toHaveValue('01.310-100');
  await expect(page.getByLabel('Endereço')).toHaveValue('Avenida Paulista');
  await expect(page.getByLabel('Bairro')).toHaveValue('Bela Vista');
  await expect(page.getByLabel('Estado')).toHaveValue('SP');
  await expect(page.getByLabel('Cidade')).toHaveValue('São Paulo');
  expect(zipCalls).toEqual([`${SANDBOX}/zip/ZipCode?zipcode=01310100`]);
  await page.getByLabel('Número').fill('1578');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Pedir cartão' }).click();

  await heading(page, 'Acompanhe seu cartão');
  await expect(page).toHaveURL(`${HOST}/card-request/status`);
  await expect(currentStage(page)).toHaveText('Cartão solicitado');
  await expect(page.getByRole('list', { name: 'Etapas do cartão' }).getByRole('listitem')).toHaveText([
    /Cartão solicitado/,
    /Em fabricação/,
    /Em processo de entrega/,
    /Desbloquear cartão/,
  ]);
  await expectAccessible(page);
  expect(await cardOf(DEMO_DRIVER_ID)).toMatchObject({
    stage: 'REQUESTED',
    address: { cep: '01310100', address: 'Avenida Paulista', number: '1578', complement: '', state: 'SP' },
  });

  // The card issuer moves it on (sandbox hook): the tracker follows.
  for (const expected of ['Em fabricação', 'Em processo de entrega', 'Desbloquear cartão']) {
    await fetch(`${SANDBOX}/__sandbox/card/${DEMO_DRIVER_ID}/advance`, { method: 'POST' });
    await page.reload();
    await expect(currentStage(page)).toHaveText(expected);
  }
  await expectAccessible(page);

  // Asking again goes straight to the status.
  await page.goto(`${HOST}/card-request/terms`);
  await heading(page, 'Acompanhe seu cartão');
  await expect(page).toHaveURL(`${HOST}/card-request/status`);

  // The way back is /card-out, which leads home.
  await expect(page.locator('header').getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', '/card-out');
  await page.locator('header').getByRole('link', { name: 'Voltar' }).click();
  await expect(page).toHaveURL(`${HOST}/App`);
  await heading(page, 'Portal do Motorista');
});

test('a CEP the lookup does not know: "CEP não encontrado", the address typed by hand is sent', async ({ page }) => {
  await openAddress(page);
  await page.getByLabel('Número').fill('42');
  await page.getByLabel('CEP').pressSequentially('99999999');
  await expect(page.getByText('CEP não encontrado')).toBeVisible();
  await expect(page.getByLabel('CEP')).toHaveAccessibleDescription('CEP não encontrado');
  await expect(page.getByLabel('Número')).toHaveValue('42');
  await expectAccessible(page);

  await page.getByRole('button', { name: 'Pedir cartão' }).click();
  await expect(page.getByLabel('Endereço')).toHaveAccessibleDescription('Campo obrigatório');
  await page.getByLabel('Endereço').fill('Rua das Flores');
  await page.getByLabel('Complemento (opcional)').fill('Casa 2');
  await page.getByLabel('Bairro').fill('Centro');
  await page.getByLabel('Estado').selectOption('MG');
  await page.getByLabel('Cidade').fill('Uberlândia');
  // A reload keeps what was typed (the draft is written a moment after the last key).
  await expect.poll(() => savedDraft(page, 'card-address')).toContain('Uberlândia');
  await page.reload();
  await expect(page.getByLabel('Cidade')).toHaveValue('Uberlândia');
  await expect(page.getByLabel('CEP')).toHaveValue('99.999-999');
  await page.getByRole('button', { name: 'Pedir cartão' }).click();

  await heading(page, 'Acompanhe seu cartão');
  await expect(page.getByText('CEP 99.999-999')).toBeVisible();
  expect((await cardOf(DEMO_DRIVER_ID))?.address).toEqual({
    cep: '99999999',
    address: 'Rua das Flores',
    number: '42',
    complement: 'Casa 2',
    neighborhood: 'Centro',
    state: 'MG',
    city: 'Uberlândia',
  });
});

test('a driver who already asked for a card goes straight to its status', async ({ page }) => {
  await page.goto(withToken(`/card-request/terms?driverId=${CARD_REQUESTED_DRIVER_ID}`, HOST, driverToken(CARD_REQUESTED_DRIVER_ID)));
  await heading(page, 'Acompanhe seu cartão');
  await expect(currentStage(page)).toHaveText('Em fabricação');
  await expectAccessible(page);
  // The address step opened directly leads there too (through the terms, which check).
  await page.goto(`${HOST}/card-request/address`);
  await heading(page, 'Acompanhe seu cartão');
  await expect(page).toHaveURL(`${HOST}/card-request/status`);
});

test('the longest address the form allows, without a space, stays inside a phone screen on the status page (issue 25, point 6)', async ({
  page,
}) => {
  // 100 characters per line (TEXT_LIMITS.text), the city 60, the number 6: what the form lets through.
  const address = {
    cep: '01310100',
    address: 'R'.repeat(100),
    number: '123456',
    complement: 'C'.repeat(100),
    neighborhood: 'B'.repeat(100),
    state: 'SP',
    city: 'S'.repeat(60),
  };
  const saved = await fetch(`${HOST}/driver-api/card/api/1.0/card/${DEMO_DRIVER_ID}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', Authorization: `Bearer ${DEMO_TOKEN}`, ...sandboxHeaders() },
    body: JSON.stringify({ termsAccepted: true, address }),
  });
  expect(saved.status).toBe(200);
  await page.setViewportSize({ width: 360, height: 740 });
  // The card screens act on the session's driver, which the home's address sets.
  await page.goto(withToken(`/App?driverId=${DEMO_DRIVER_ID}`));
  await page.goto(`${HOST}/card-request/status`);
  await heading(page, 'Acompanhe seu cartão');
  await expect(page.getByText('R'.repeat(100), { exact: false })).toBeVisible();
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
  expect(widths.page, 'the page scrolls sideways').toBeLessThanOrEqual(widths.screen);
});
