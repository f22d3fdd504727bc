import { EULA_UP_TO_DATE_TOKEN } from '@driver-portal/sandbox-api/constants';
import { expect, expectAccessible, HOST, recordRequests, REMOTE_ORIGINS, SANDBOX, test, withToken } from './support';

/** Acceptance of updated policies, /policies/:token (issue 11). */

/** The token the native app puts in the route: not the session's. */
const ROUTE_TOKEN = 'policy-route-token';

async function acceptedPolicies(): Promise<number[]> {
  const state = (await (await fetch(`${SANDBOX}/__sandbox/state`)).json()) as { account: { acceptedPolicies: number[] } };
  return state.account.acceptedPolicies;
}

for (const [where, origin] of [
  ['the host', HOST],
  ['the remote URL', REMOTE_ORIGINS.account],
] as const) {
  test(`at ${where}: every term ticked, accepted with the route's token, success then /App`, async ({ page }) => {
    const requests = recordRequests(page);
    await page.goto(withToken(`/policies/${ROUTE_TOKEN}`, origin));
    await expect(page.getByRole('heading', { level: 1, name: 'Termos atualizados' })).toBeVisible();
    const terms = page.getByRole('list', { name: 'Termos atualizados' });
    await expect(terms.getByRole('checkbox')).toHaveCount(2);
    // The route's token is a credential: once the screen shows, neither the address bar nor the
    // history entry holds it.
    await expect(page).toHaveURL(`${origin}/policies`);
    expect(await page.evaluate(() => JSON.stringify([window.location.href, window.history.state, window.history.length]))).not.toContain(
      ROUTE_TOKEN,
    );
    await expect(page.getByRole('link', { name: 'Ler Termos de uso (versão 2025)' })).toHaveAttribute('target', '_blank');
    const continuar = page.getByRole('button', { name: 'Continuar' });
    await expect(continuar).toBeDisabled();
    await expectAccessible(page);

    await page.getByRole('checkbox', { name: 'Termos de uso (versão 2025)' }).check();
    await expect(continuar).toBeDisabled();
    // The label ticks its box too.
    await page.locator('label', { hasText: 'Política de privacidade (versão 2025)' }).click();
    await expect(continuar).toBeEnabled();
    await continuar.click();
    const dialog = page.getByRole('alertdialog', { name: 'Termos Atualizados com Sucesso.' });
    await expect(dialog).toHaveClass(/dialog-success/);
    await expectAccessible(page);
    await dialog.getByRole('button', { name: 'OK' }).click();
    await expect(page).toHaveURL(`${HOST}/App`);

    expect(await acceptedPolicies()).toEqual([11, 12]);
    const eulaCalls = requests.filter((request) => request.url() === `${SANDBOX}/eula/eula`);
    expect(eulaCalls.map((request) => request.method())).toEqual(['GET', 'POST']);
    for (const call of eulaCalls) expect(await call.headerValue('authorization')).toBe(`Bearer ${ROUTE_TOKEN}`);
  });
}

test('an empty list says "Nenhum termo atualizado no momento" and leads to /App', async ({ page }) => {
  await page.goto(withToken(`/policies/${EULA_UP_TO_DATE_TOKEN}`));
  const dialog = page.getByRole('alertdialog', { name: 'Nenhum termo atualizado no momento' });
  await expect(dialog).toBeVisible();
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(`${HOST}/App`);
  await expect(page.getByRole('heading', { level: 1, name: 'Portal do Motorista' })).toBeVisible();
});

test('a failed load shows the error, and the retry loads the terms', async ({ page }) => {
  let failing = true;
  await page.route(`${SANDBOX}/eula/eula`, (route) => route.fallback(failing ? { url: `${SANDBOX}/eula/eula?failWith=500` } : {}));
  await page.goto(withToken(`/policies/${ROUTE_TOKEN}`));
  await expect(page.getByRole('alert')).toContainText('Erro simulado pelo sandbox (status 500).');
  await expectAccessible(page);
  failing = false;
  await page.getByRole('button', { name: 'Tentar novamente' }).click();
  await expect(page.getByRole('checkbox')).toHaveCount(2);
});
