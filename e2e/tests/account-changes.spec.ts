import { DEMO_DRIVER, ONBOARDING_DRIVER, SMS_CODE } from '@driver-portal/sandbox-api/constants';
import { DEMO_DRIVER_ID, expect, expectAccessible, HOST, recordRequests, SANDBOX, test, withToken, type Page } from './support';

/** The account's change flows, each through to my account, against the sandbox (issue 11). */

async function openMyAccount(page: Page) {
  await page.goto(withToken(`/my-account/init/${DEMO_DRIVER_ID}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Minha conta' })).toBeVisible();
  await expect(page.getByText(DEMO_DRIVER.email)).toBeVisible();
}

async function typeCode(page: Page, button: 'Confirmar' | 'Continuar') {
  const code = page.getByLabel('Código');
  await expect(code).toBeFocused();
  await expect(page.getByRole('button', { name: /Reenviar código em 0:\d\d/ })).toBeDisabled();
  await expect(page.getByRole('button', { name: button })).toBeDisabled();
  await code.pressSequentially(SMS_CODE);
  await page.getByRole('button', { name: button }).click();
}

async function closeSuccess(page: Page, title: string) {
  const dialog = page.getByRole('alertdialog', { name: title });
  await expect(dialog).toHaveClass(/dialog-success/);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(`${HOST}/my-account/init/${DEMO_DRIVER_ID}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Minha conta' })).toBeVisible();
}

/**
 * The driver is back on the My account the change was opened from (the tab's first page here),
 * not on a copy stacked over the finished change: back leaves it for what was before it (the
 * native app), never into the change again.
 */
async function backLeavesTheFinishedChange(page: Page) {
  await page.goBack();
  await expect(page).toHaveURL('about:blank');
}

async function sandboxPassword(): Promise<string | undefined> {
  const state = (await (await fetch(`${SANDBOX}/__sandbox/state`)).json()) as {
    account: { drivers: Record<string, { password: string }> };
  };
  return state.account.drivers[DEMO_DRIVER_ID]?.password;
}

test('change e-mail: invalid disables Alterar, the typed e-mail survives a reload, code, then my account shows the new e-mail', async ({
  page,
}) => {
  const requests = recordRequests(page);
  await openMyAccount(page);
  await page.getByRole('link', { name: 'Alterar e-mail' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Alterar e-mail' })).toBeVisible();
  const email = page.getByLabel('Novo e-mail');
  await email.fill('maria.nova@');
  await email.blur();
  await expect(email).toHaveAccessibleDescription('Email invalido');
  await expect(page.getByRole('button', { name: 'Alterar' })).toBeDisabled();
  await expectAccessible(page);

  await email.fill('maria.nova@example.com');
  // A reload shortly after typing (the draft is written 250 ms after the last change, while the
  // screen's resend countdown renders it every 250 ms: this caught a draft that was never written).
  await page.waitForTimeout(400);
  await page.reload();
  await expect(page.getByLabel('Novo e-mail')).toHaveValue('maria.nova@example.com');
  await expect(page.getByRole('status').filter({ hasText: 'Recuperamos o que você digitou e ainda não foi salvo.' })).toBeVisible();
  await page.getByRole('button', { name: 'Alterar' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Enviamos' })).toHaveText(
    'Enviamos um código de 6 dígitos para maria.nova@example.com.',
  );
  await expectAccessible(page);
  await typeCode(page, 'Confirmar');
  await closeSuccess(page, 'E-mail alterado com sucesso!');
  await expect(page.getByText('maria.nova@example.com')).toBeVisible();

  const change = requests.find((request) => request.method() === 'PUT' && request.url().endsWith('/email-address'));
  expect(change?.postDataJSON()).toEqual({ newEmailAddress: 'maria.nova@example.com', validationCode: SMS_CODE });
  // Nothing of the code was kept.
  expect(await page.evaluate(() => JSON.stringify(window.sessionStorage))).not.toContain(SMS_CODE);
  await backLeavesTheFinishedChange(page);
});

test('change mobile: the masked mobile, the code, then my account shows the new number', async ({ page }) => {
  await openMyAccount(page);
  await page.getByRole('link', { name: 'Alterar celular' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Alterar celular' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Novo celular').pressSequentially('21999998888');
  await expect(page.getByLabel('Novo celular')).toHaveValue('(21) 9.9999.8888');
  await page.getByRole('button', { name: 'Alterar' }).click();
  await typeCode(page, 'Confirmar');
  await closeSuccess(page, 'Alterado com sucesso!');
  await expect(page.getByText('(21) 9.9999.8888')).toBeVisible();
  await backLeavesTheFinishedChange(page);
});

test('change password: mobile, code, new password of 8, then my account; the sandbox has the new password', async ({ page }) => {
  await openMyAccount(page);
  await page.getByRole('link', { name: 'Alterar senha' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Alterar senha' })).toBeVisible();
  await expectAccessible(page);
  await page.getByLabel('Celular').pressSequentially(DEMO_DRIVER.mobile);
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await typeCode(page, 'Continuar');
  const password = page.getByLabel('Nova senha');
  await expect(password).toHaveAccessibleDescription('deve ter 8 digitos, contendo letras, números ou símbolos');
  await expectAccessible(page);
  await password.fill('nova1234');
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await closeSuccess(page, 'Senha alterada com sucesso!');
  expect(await sandboxPassword()).toBe('nova1234');
  expect(await page.evaluate(() => JSON.stringify(window.sessionStorage))).not.toContain('nova1234');
  await backLeavesTheFinishedChange(page);
});

test('change password: a wrong code is refused, cleared, and the step returns to the code', async ({ page }) => {
  await openMyAccount(page);
  await page.getByRole('link', { name: 'Alterar senha' }).click();
  await page.getByLabel('Celular').pressSequentially(DEMO_DRIVER.mobile);
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await page.getByLabel('Código').pressSequentially('000000');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByLabel('Nova senha').fill('nova1234');
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Por favor revise os seguintes dados:' });
  await expect(dialog).toContainText('Código inválido.');
  await expect(dialog).toHaveClass(/dialog-error/);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByLabel('Código')).toHaveValue('');
  await expect(page.getByLabel('Nova senha')).toBeHidden();
});

test('forgot password, matching CPF: on to the password change for that driver, through to my account', async ({ page }) => {
  await openMyAccount(page);
  await page.getByRole('link', { name: 'Alterar senha' }).click();
  await page.getByRole('link', { name: 'Esqueci minha senha' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Esqueci minha senha' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Voltar para o início' })).toHaveAttribute('href', '/App');
  await expectAccessible(page);
  await page.getByLabel('Celular').pressSequentially(DEMO_DRIVER.mobile);
  await page.getByLabel('CPF').pressSequentially(DEMO_DRIVER.cpf);
  await page.getByRole('button', { name: 'Continuar' }).click();

  await expect(page.getByRole('heading', { level: 1, name: 'Alterar senha' })).toBeVisible();
  await expect(page.getByLabel('Celular')).toHaveValue('(11) 9.8765.4321');
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await typeCode(page, 'Continuar');
  await page.getByLabel('Nova senha').fill('outra987');
  await page.getByRole('button', { name: 'Alterar senha' }).click();
  await closeSuccess(page, 'Senha alterada com sucesso!');
  expect(await sandboxPassword()).toBe('outra987');
  await backLeavesTheFinishedChange(page);
});

test('forgot password, CPF not matching: says so in error style and stays', async ({ page }) => {
  await page.goto(withToken('/my-account/forgot-password'));
  await page.getByLabel('Celular').pressSequentially(DEMO_DRIVER.mobile);
  await page.getByLabel('CPF').pressSequentially(ONBOARDING_DRIVER.cpf);
  await page.getByRole('button', { name: 'Continuar' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Seus dados não correspondem ao cadastro informado.' });
  await expect(dialog).toHaveClass(/dialog-error/);
  await expectAccessible(page);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Esqueci minha senha' })).toBeVisible();
  await expect(page.getByLabel('CPF')).toHaveValue('111.444.777-35');
});

test('forgot password, a mobile only the legacy system knows: the legacy reminder sends a new password by e-mail', async ({ page }) => {
  await page.goto(withToken('/my-account/forgot-password'));
  await page.getByLabel('Celular').pressSequentially('11900001111');
  await page.getByLabel('CPF').pressSequentially(DEMO_DRIVER.cpf);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('alertdialog', { name: 'A nova senha foi enviada para seu e-mail!' })).toHaveClass(/dialog-success/);
});
