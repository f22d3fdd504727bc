import { DEMO_PASSWORD } from '@driver-portal/sandbox-api/constants';
import { DEMO_TOKEN, expect, isSandboxCall, resetSandbox, SANDBOX, SANDBOX_NAMESPACE_HEADER, test, withToken } from './support';

// The isolation every other spec relies on to run in parallel (support.ts): each test's calls to
// the sandbox, from its pages and from the test itself, land in a namespace of its own.

const NAMESPACE = SANDBOX_NAMESPACE_HEADER.toLowerCase();
const NEW_PASSWORD = 'nova5678';

/** The test's namespace: a name of its own in every test of this spec (never the default). */
function own(namespace: string | null): string {
  expect(namespace).toMatch(/^e2e-/);
  return namespace ?? '';
}

async function passwordIn(namespace: string): Promise<string> {
  const response = await fetch(`${SANDBOX}/__sandbox/state`, { headers: { [SANDBOX_NAMESPACE_HEADER]: namespace } });
  expect(response.headers.get(NAMESPACE)).toBe(namespace);
  return ((await response.json()) as { core: { password: string } }).core.password;
}

test("the page's calls, the statement service's included, and the test's own reach the test's namespace", async ({
  page,
  sandboxNamespace,
}) => {
  own(sandboxNamespace);
  const answeredFrom: string[] = [];
  page.on('response', (response) => {
    if (isSandboxCall(response.url())) answeredFrom.push(`${response.headers()[NAMESPACE]}`);
  });
  await page.goto(withToken('/notifications/list/'));
  await expect(page.getByRole('list', { name: 'Notificações' })).toBeVisible();

  // The statement service where the apps are told to call it: the sandbox's statement proxy, or
  // (nginx) /statement/ on the page's own origin, which nginx proxies to the sandbox.
  const statementUrl = await page.evaluate(async () => {
    const config = (await (await fetch('/env.json')).json()) as { environments: { sandbox: { services: { statement: string } } } };
    return new URL(
      'api/extrato/nf?cpf=52998224725&BirthDate=1985-04-12&startDate=2026-01-01&endDate=2026-12-31',
      new URL(config.environments.sandbox.services.statement, location.href),
    ).href;
  });
  const statement = page.waitForResponse((response) => response.url() === statementUrl);
  expect(
    await page.evaluate(
      ({ url, token }) => fetch(url, { headers: { Authorization: `Bearer ${token}` } }).then((response) => response.status),
      { url: statementUrl, token: DEMO_TOKEN },
    ),
  ).toBe(200);
  expect((await statement).headers()[NAMESPACE]).toBe(sandboxNamespace);

  expect(answeredFrom.length).toBeGreaterThan(1);
  expect(new Set(answeredFrom)).toEqual(new Set([sandboxNamespace]));
  // The test's own fetch calls (resetSandbox, reading the state) too.
  const state = await fetch(`${SANDBOX}/__sandbox/state`);
  expect(state.headers.get(NAMESPACE)).toBe(sandboxNamespace);
});

test('a password changed from the page changes only the test’s namespace', async ({ page, sandboxNamespace }) => {
  await page.goto(withToken('/App'));
  await expect(page.getByRole('heading', { level: 1, name: 'Portal do Motorista' })).toBeVisible();
  const status = await page.evaluate(
    async ({ url, token }) => (await fetch(url, { method: 'PUT', headers: { Authorization: `Bearer ${token}` } })).status,
    { url: `${SANDBOX}/core/Taxista/AlterarSenha?senhaAntiga=${DEMO_PASSWORD}&novaSenha=${NEW_PASSWORD}`, token: DEMO_TOKEN },
  );
  expect(status).toBe(200);
  expect(await passwordIn(own(sandboxNamespace))).toBe(NEW_PASSWORD);
  expect(await passwordIn('default')).toBe(DEMO_PASSWORD);

  await resetSandbox();
  expect(await passwordIn(own(sandboxNamespace))).toBe(DEMO_PASSWORD);
});

test('a page.route handler that sends a sandbox call past the namespace is caught; route.fallback() keeps it', async ({
  page,
  sandboxCallsOutsideNamespace,
}) => {
  await page.route(`${SANDBOX}/core/**`, (route) => route.continue());
  await page.goto(withToken('/notifications/list/'));
  await expect(page.getByRole('list', { name: 'Notificações' })).toBeVisible();
  expect(sandboxCallsOutsideNamespace).toContainEqual(
    expect.stringMatching(/^GET http:\/\/localhost:4000\/core\/.* \(namespace default\)$/),
  );
  // Seen here on purpose: cleared, so the check after the test passes.
  sandboxCallsOutsideNamespace.length = 0;

  await page.unroute(`${SANDBOX}/core/**`);
  await page.route(`${SANDBOX}/core/**`, (route) => route.fallback());
  await page.reload();
  await expect(page.getByRole('list', { name: 'Notificações' })).toBeVisible();
  expect(sandboxCallsOutsideNamespace).toEqual([]);
});
