import { DEMO_VEHICLE } from '@driver-portal/sandbox-api/constants';
import {
  DEMO_DRIVER_ID,
  DEMO_TOKEN,
  expect,
  expectAccessible,
  HOST,
  recordRequests,
  REMOTE_ORIGINS,
  SANDBOX,
  test,
  withToken,
  proxiedService,
  sandboxHeaders,
  type Page,
} from './support';

/** My account, bank data and the attribute switches, against the sandbox (issue 11). */

interface AccountState {
  account: {
    drivers: Record<string, { bankAccount: unknown; vehiclePredicates: Record<string, { key: string; value: string }[]> }>;
  };
}

async function sandboxAccount() {
  const response = await fetch(`${SANDBOX}/__sandbox/state`);
  const state = (await response.json()) as AccountState;
  return state.account.drivers[DEMO_DRIVER_ID];
}

async function openMyAccount(page: Page, origin = HOST) {
  await page.goto(withToken(`/my-account/init/${DEMO_DRIVER_ID}`, origin));
  await expect(page.getByRole('heading', { level: 1, name: 'Minha conta' })).toBeVisible();
  await expect(page.getByText('maria.santos@example.com')).toBeVisible();
}

for (const [where, origin] of [
  ['the host', HOST],
  ['the remote URL', REMOTE_ORIGINS.account],
] as const) {
  test(`my account at ${where}: profile, address, the taxi and the ways into each screen`, async ({ page }) => {
    const requests = recordRequests(page);
    await openMyAccount(page, origin);
    expect(page.url()).not.toContain('token=');
    await expect(page.getByRole('img', { name: 'Sua foto de perfil' })).toBeVisible();
    await expect(page.getByText('(11) 9.8765.4321')).toBeVisible();
    await expect(page.getByText('Avenida Paulista, 1000 - Apto 42')).toBeVisible();
    const vehicles = page.getByRole('list', { name: 'Veículos' });
    await expect(vehicles).toContainText(DEMO_VEHICLE.plate);
    await expect(vehicles).toContainText('Taxi Comum');
    await expect(page.getByRole('link', { name: 'Criar conta de entregas' })).toBeVisible();
    await expectAccessible(page);
    // The register calls go to the driver-data proxy on the page's own origin, with the driver's
    // token it checks (docs/security.md); never to the register service itself.
    const registerCalls = requests.filter((request) => request.url().startsWith(proxiedService('register', origin)));
    expect(registerCalls.length).toBeGreaterThanOrEqual(4);
    for (const call of registerCalls) expect(await call.headerValue('authorization')).toBe(`Bearer ${DEMO_TOKEN}`);
    expect(requests.filter((request) => request.url().startsWith(`${SANDBOX}/register/`))).toEqual([]);
  });
}

test('my account from the home tile; a failed driver load shows its error and the retry recovers', async ({ page }) => {
  await page.goto(withToken(`/App?driverId=${DEMO_DRIVER_ID}`));
  let failing = true;
  await page.route(`${proxiedService('register')}api/1.0/driver/${DEMO_DRIVER_ID}`, (route) =>
    route.fallback(failing ? { url: `${route.request().url()}?failWith=500` } : {}),
  );
  await page.getByRole('link', { name: 'Minha conta' }).click();
  const profile = page.getByRole('region', { name: 'Perfil' });
  await expect(profile.getByRole('alert')).toHaveText(/Ocorreu um erro inesperado, tente novamente mais tarde./);
  // The rest of the account still shows.
  await expect(page.getByRole('list', { name: 'Veículos' })).toContainText(DEMO_VEHICLE.plate);
  await expectAccessible(page);
  failing = false;
  await profile.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(profile.getByText('maria.santos@example.com')).toBeVisible();
});

test('bank data: Confirmar disabled until every field is valid, then saved, read back, and back to my account', async ({ page }) => {
  await openMyAccount(page);
  await page.getByRole('link', { name: 'Alterar dados bancários' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dados bancários' })).toBeVisible();
  const confirm = page.getByRole('button', { name: 'Confirmar' });
  await expect(confirm).toBeDisabled();
  await expectAccessible(page);

  await page.getByLabel('Tipo de conta').selectOption({ label: 'Poupança' });
  await page.getByLabel('Banco').selectOption({ label: '341 - Itaú Unibanco' });
  await page.getByLabel('Agência', { exact: true }).fill('0123');
  await page.getByLabel('Conta', { exact: true }).fill('12a45');
  await page.getByLabel('Dígito da conta').fill('0');
  await expect(confirm).toBeDisabled();
  await expect(page.getByLabel('Conta', { exact: true })).toHaveAccessibleDescription('Informe apenas números, até 9999999999');
  await expectAccessible(page);

  await page.getByLabel('Conta', { exact: true }).fill('9999999999');
  await expect(confirm).toBeEnabled();
  await confirm.click();
  const dialog = page.getByRole('alertdialog', { name: 'Dados bancarios atualizados com sucesso!' });
  await expect(dialog).toHaveClass(/dialog-success/);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(`${HOST}/my-account/init/${DEMO_DRIVER_ID}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Minha conta' })).toBeVisible();
  // Back on the My account the change was opened from (the tab's first page here), not on a copy
  // stacked over the finished change: back leaves it (for the native app), never into the change.
  await page.goBack();
  await expect(page).toHaveURL('about:blank');
  await page.goForward();
  await expect(page.getByRole('heading', { level: 1, name: 'Minha conta' })).toBeVisible();
  expect((await sandboxAccount())?.bankAccount).toEqual({
    accountType: 'CP',
    bankNumber: '341',
    agencyNumber: '0123',
    agencyNumberDigit: '',
    accountNumber: '9999999999',
    accountNumberDigit: '0',
  });
  // Read back when the screen opens again.
  await page.getByRole('link', { name: 'Alterar dados bancários' }).click();
  await expect(page.getByLabel('Banco')).toHaveValue('341');
  await expect(page.getByLabel('Conta', { exact: true })).toHaveValue('9999999999');
  await expect(confirm).toBeEnabled();
});

test('a vehicle attribute whose save fails flips back and says so; one that saves stays after a reload', async ({ page }) => {
  await openMyAccount(page);
  await page.getByRole('link', { name: `Detalhes do veículo ${DEMO_VEHICLE.plate}` }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Detalhes do veículo' })).toBeVisible();
  const acrylic = page.getByRole('switch', { name: 'Proteção de acrílico' });
  await expect(acrylic).not.toBeChecked();
  await expectAccessible(page);

  const saveUrl = `${proxiedService('register')}api/1.0/driver/${DEMO_DRIVER_ID}/modality/0/vehicle/${DEMO_VEHICLE.id}`;
  await page.route(saveUrl, (route) =>
    route.request().method() === 'POST' ? route.fallback({ url: `${saveUrl}?failWith=500` }) : route.fallback(),
  );
  await acrylic.click();
  const dialog = page.getByRole('alertdialog', { name: 'Não foi possível salvar' });
  await expect(dialog).toContainText('A alteração de "Proteção de acrílico" foi desfeita.');
  await expect(dialog).toHaveClass(/dialog-error/);
  await expect(acrylic).not.toBeChecked();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'OK' }).click();
  const saved = (await sandboxAccount())?.vehiclePredicates[DEMO_VEHICLE.id];
  expect(saved).toContainEqual({ key: 'ACRYLIC_PROTECTION', value: 'No' });

  await page.unroute(saveUrl);
  await acrylic.click();
  await expect(page.getByRole('status')).toHaveText('Proteção de acrílico: sim. Salvo.');
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Proteção de acrílico' })).toBeChecked();
  await expect(page.getByRole('switch', { name: 'Suporte para bicicleta' })).toBeChecked();
});

test('languages: a switch saves at once and is read back', async ({ page }) => {
  await openMyAccount(page);
  await page.getByRole('link', { name: 'Ver detalhes do perfil' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Detalhes do perfil' })).toBeVisible();
  await expect(page.getByRole('switch', { name: 'Inglês' })).toBeChecked();
  await expectAccessible(page);
  await page.getByRole('switch', { name: 'Libras (Língua Brasileira de Sinais)' }).click();
  await expect(page.getByRole('status')).toHaveText('Libras (Língua Brasileira de Sinais): sim. Salvo.');
  await page.reload();
  await expect(page.getByRole('switch', { name: 'Libras (Língua Brasileira de Sinais)' })).toBeChecked();
});

test('affiliation: choose a cooperative, change it, confirm, see it with its dates, then leave it', async ({ page }) => {
  await openMyAccount(page);
  await page.getByRole('link', { name: 'Ver afiliação' }).click();
  await expect(page.getByText('Você ainda não é filiado a uma cooperativa de táxi.')).toBeVisible();
  await page.getByRole('button', { name: 'Escolher cooperativa' }).click();
  await page.getByRole('radio', { name: 'Rádio Táxi Rio' }).check();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Selecionar' }).click();
  await page.getByRole('button', { name: 'Alterar' }).click();
  await page.getByRole('radio', { name: 'Rádio Táxi', exact: true }).press('Space');
  await page.getByRole('button', { name: 'Selecionar' }).click();
  await page.getByRole('button', { name: 'Confirmar' }).click();
  const alert = page.getByRole('alertdialog');
  await expect(alert).toContainText('Sua solicitação foi encaminhada a Rádio Táxi. Seu pedido será analisado.');
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'Sua afiliação' })).toBeVisible();
  await expect(page.getByText('Em análise')).toBeVisible();
  await expectAccessible(page);

  await page.reload();
  await expect(page.getByText('Rádio Táxi', { exact: true })).toBeVisible();
  await page.getByRole('button', { name: 'Desfiliar' }).click();
  await page.getByRole('button', { name: 'Confirmar desfiliação' }).click();
  await expect(page.getByRole('status')).toHaveText('Você não está mais filiado a uma cooperativa.');
});

test('an abandoned bank data edit is kept, but never shown as saved data: it says so, and Descartar brings the saved data back', async ({
  page,
}) => {
  await openMyAccount(page);
  await page.getByRole('link', { name: 'Alterar dados bancários' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Dados bancários' })).toBeVisible();
  const agency = page.getByLabel('Agência', { exact: true });
  const saved = await agency.inputValue();
  expect(saved).not.toBe('9999');
  // Typed, then back at once (well within the draft's 250 ms): nothing typed is lost.
  await agency.fill('9999');
  await page.locator('header').getByRole('link', { name: 'Voltar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Minha conta' })).toBeVisible();

  await page.getByRole('link', { name: 'Alterar dados bancários' }).click();
  await expect(agency).toHaveValue('9999');
  const notice = page.getByRole('status').filter({ hasText: 'Recuperamos o que você digitou e ainda não foi salvo.' });
  await expect(notice).toBeVisible();
  await expectAccessible(page);
  await notice.getByRole('button', { name: 'Descartar' }).click();
  await expect(agency).toHaveValue(saved);
  await expect(notice).toHaveCount(0);
});

test('the longest address the onboarding form allows, one long word per line, stays inside a phone screen on my account (issue 25, point 6)', async ({
  page,
}) => {
  // 100 characters per line (TEXT_LIMITS.text), the city 60, the number 6: what the form lets through.
  const location = {
    zipCode: '01310-100',
    address: 'R'.repeat(100),
    number: '123456',
    complement: 'C'.repeat(100),
    district: 'B'.repeat(100),
    state: 'SP',
    city: 'S'.repeat(60),
  };
  const saved = await fetch(`${HOST}/driver-api/register/api/1.0/driver/${DEMO_DRIVER_ID}/location`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...sandboxHeaders() },
    body: JSON.stringify(location),
  });
  expect(saved.status).toBe(200);
  await page.setViewportSize({ width: 360, height: 740 });
  await openMyAccount(page);
  await expect(page.getByText('R'.repeat(100), { exact: false })).toBeVisible();
  const widths = await page.evaluate(() => ({ page: document.documentElement.scrollWidth, screen: window.innerWidth }));
  expect(widths.page, 'the page scrolls sideways').toBeLessThanOrEqual(widths.screen);
});
