import { expect, test, type Page } from './support';
import { expectAccessible, HOST, REMOTE_ORIGINS } from './support';

// Named shell-*.spec.ts: it runs in the nginx pass too. The sandbox answers 401 ("Sessão
// expirada. Faça login novamente.") to core calls without the demo token.
const EXPIRED = 'Sessão expirada. Faça login novamente.';

/** The screen's state for a refused token: the message, the way out, and no retry of the dead token. */
async function expectSessionExpiredState(page: Page): Promise<void> {
  await expect(page.getByRole('heading', { level: 1, name: 'Notificações' })).toBeVisible();
  await expect(page.getByRole('alert')).toContainText(EXPIRED);
  await expect(page.getByRole('button', { name: 'Tentar novamente' })).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Entrar novamente' })).toBeVisible();
  await expectAccessible(page);
}

/** The way out ends on the host's sign-in page, with the refused token gone. */
async function followToLogin(page: Page): Promise<void> {
  await page.getByRole('link', { name: 'Entrar novamente' }).click();
  await expect(page).toHaveURL(`${HOST}/Login`);
  await expect(page.getByRole('heading', { level: 1, name: 'Entrar' })).toBeVisible();
  // Not "Você já está conectado": the refused token is not held any more.
  await expect(page.getByText('Sua sessão foi encerrada.')).toBeVisible();
  await expectAccessible(page);
}

for (const [where, origin] of [
  ['the host', HOST],
  ["the remote's own URL", REMOTE_ORIGINS.selfService],
] as const) {
  for (const [session, query] of [
    ['no token', ''],
    ['an invalid token', '?token=token-que-expirou'],
  ] as const) {
    test(`a deep link with ${session} at ${where} says the session expired and leads to /Login`, async ({ page }) => {
      const coreCalls: string[] = [];
      page.on('request', (request) => {
        if (request.url().includes('/core/')) coreCalls.push(request.url());
      });
      await page.goto(`${origin}/notifications/list/${query}`);
      await expectSessionExpiredState(page);
      const callsBeforeLeaving = coreCalls.length;
      expect(callsBeforeLeaving).toBeGreaterThan(0);
      await followToLogin(page);
      // Leaving sent nothing more with the dead token.
      expect(coreCalls).toHaveLength(callsBeforeLeaving);
    });
  }
}

test('a form sent with a refused token says so, and OK leads to /Login', async ({ page }) => {
  await page.goto(`${HOST}/password/change?token=token-que-expirou`);
  await page.getByLabel('Senha atual').fill('abc12345');
  await page.getByLabel('Nova senha').fill('xyz98765');
  await page.getByLabel('Confirmação de senha').fill('xyz98765');
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Sessão expirada' });
  await expect(dialog).toContainText(EXPIRED);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(`${HOST}/Login`);
  await expect(page.getByText('Sua sessão foi encerrada.')).toBeVisible();
});
