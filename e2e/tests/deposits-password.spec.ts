import {
  DEMO_DRIVER_ID,
  expect,
  expectAccessible,
  HOST,
  recordRequests,
  REMOTE_ORIGINS,
  SANDBOX,
  test,
  withToken,
  type Page,
} from './support';

/** Every screen here opens as a deep link at the host and at the self-service remote's own URL. */
const ORIGINS = [
  ['the host', HOST],
  ['the remote URL', REMOTE_ORIGINS.selfService],
] as const;

const DEMO_PASSWORD = 'abc12345';
const NEW_PASSWORD = 'nova5678';
const MISMATCH = 'Senha e Confirmação de senha não coincidem';

async function sandboxPassword(): Promise<string> {
  const response = await fetch(`${SANDBOX}/__sandbox/state`);
  const state = (await response.json()) as { core: { password: string } };
  return state.core.password;
}

async function openDeepLink(page: Page, path: string, origin: string, heading: string) {
  await page.goto(withToken(path, origin));
  await expect(page.getByRole('heading', { level: 1, name: heading })).toBeVisible();
  // The token left the address bar at once.
  expect(page.url()).not.toContain('token=');
}

async function closeAlert(page: Page) {
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('alertdialog')).toBeHidden();
}

for (const [where, origin] of ORIGINS) {
  test(`deposits at ${where}: open a day and see its rides, fee and value`, async ({ page }) => {
    const requests = recordRequests(page);
    await openDeepLink(page, `/deposits/list?id=${DEMO_DRIVER_ID}`, origin, 'Depósitos');
    expect(page.url()).toContain(`id=${DEMO_DRIVER_ID}`);

    const days = page.getByRole('heading', { level: 2 }).getByRole('button');
    await expect(days.first()).toHaveAttribute('aria-expanded', 'true');
    expect(await days.count()).toBeGreaterThan(1);
    await expect(days.nth(1)).toHaveAttribute('aria-expanded', 'false');
    const dayLabels = await days.allTextContents();
    for (const label of dayLabels) expect(label).toMatch(/^\d{2}\/\d{2}\/\d{4} R\$ [\d.]+,\d{2}/);
    await expectAccessible(page);

    // Open the second day with the keyboard.
    await days.first().focus();
    await page.keyboard.press('ArrowDown');
    await expect(days.nth(1)).toBeFocused();
    await page.keyboard.press('Enter');
    await expect(days.nth(1)).toHaveAttribute('aria-expanded', 'true');
    const date = dayLabels[1]?.slice(0, 10) ?? '';
    const panel = page.getByRole('region', { name: new RegExp(date.replace(/\//g, '\\/')) });
    await expect(panel).toBeVisible();
    await expect(panel.getByText('Taxa de serviço').first()).toBeVisible();
    await expect(panel.getByText('R$ 1,99').first()).toBeVisible();
    const rides = panel.getByRole('list').first().getByRole('listitem');
    await expect(rides.first()).toContainText(/Transação TRX-\d{6}-\d{4}/);
    await expect(rides.first()).toContainText(/Valor: R\$ [\d.]+,\d{2}/);
    await expectAccessible(page);

    // Closing it hides its rides again.
    await days.nth(1).click();
    await expect(days.nth(1)).toHaveAttribute('aria-expanded', 'false');
    await expect(panel).toBeHidden();

    // The id never went to the deposits call, which carried the token.
    const call = requests.find((request) => request.url().includes('/core/extrato/depositos'));
    expect(call).toBeDefined();
    expect(call?.url()).not.toContain(DEMO_DRIVER_ID);
    expect(await call?.headerValue('authorization')).toBe('Bearer demo-token');
    await expect(page.getByRole('link', { name: 'Ver extrato de corridas' })).toHaveAttribute(
      'href',
      `/performed-Runs/list?taxiId=${DEMO_DRIVER_ID}`,
    );
  });

  test(`change password at ${where}: a mismatched confirmation sends nothing, then the change succeeds`, async ({ page }) => {
    const requests = recordRequests(page);
    await openDeepLink(page, '/password/change', origin, 'Alterar senha');
    await expectAccessible(page);

    await page.getByLabel('Senha atual').fill(DEMO_PASSWORD);
    await page.getByLabel('Nova senha').fill(NEW_PASSWORD);
    await page.getByLabel('Confirmação de senha').fill('nova5679');
    await page.getByRole('button', { name: 'Alterar senha' }).click();
    await expect(page.getByLabel('Confirmação de senha')).toHaveAccessibleDescription(MISMATCH);
    await expectAccessible(page);
    expect(requests.filter((request) => request.url().includes('Taxista/AlterarSenha'))).toHaveLength(0);

    await page.getByLabel('Confirmação de senha').fill(NEW_PASSWORD);
    await expect(page.getByText(MISMATCH)).toBeHidden();
    await page.getByRole('button', { name: 'Alterar senha' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Senha alterada!' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveClass(/dialog-success/);
    await expectAccessible(page);
    await closeAlert(page);

    const sent = requests.filter((request) => request.url().includes('Taxista/AlterarSenha') && request.method() === 'PUT');
    expect(sent).toHaveLength(1);
    const url = new URL(sent[0]?.url() ?? '');
    expect(url.searchParams.get('senhaAntiga')).toBe(DEMO_PASSWORD);
    expect(url.searchParams.get('novaSenha')).toBe(NEW_PASSWORD);
    expect(await sandboxPassword()).toBe(NEW_PASSWORD);
    // Nothing of the passwords reached the address bar or session storage; the form is cleared.
    expect(page.url()).not.toContain(NEW_PASSWORD);
    expect(await page.evaluate(() => JSON.stringify(window.sessionStorage))).not.toContain(NEW_PASSWORD);
    await expect(page.getByLabel('Nova senha')).toHaveValue('');
  });

  test(`change password at ${where}: a wrong current password shows the server message and keeps what was typed`, async ({ page }) => {
    await openDeepLink(page, '/password/change', origin, 'Alterar senha');
    await page.getByLabel('Senha atual').fill('errada12');
    await page.getByLabel('Nova senha').fill(NEW_PASSWORD);
    await page.getByLabel('Confirmação de senha').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Alterar senha' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Senha atual incorreta.');
    await expect(dialog).toHaveClass(/dialog-error/);
    await closeAlert(page);
    await expect(page.getByLabel('Senha atual')).toHaveValue('errada12');
    await expect(page.getByLabel('Confirmação de senha')).toHaveValue(NEW_PASSWORD);
    expect(await sandboxPassword()).toBe(DEMO_PASSWORD);
  });

  test(`password reminder at ${where}: an invalid CPF, an unknown one, then the driver's`, async ({ page }) => {
    const requests = recordRequests(page);
    await openDeepLink(page, '/password/resend', origin, 'Lembrar senha');
    await expectAccessible(page);
    const cpf = page.getByLabel('CPF');

    // Machine speed: no delay between keys.
    await cpf.pressSequentially('52998224724');
    await expect(cpf).toHaveValue('529.982.247-24');
    await cpf.blur();
    await expect(cpf).toHaveAccessibleDescription('CPF invalido');
    await expectAccessible(page);
    await page.getByRole('button', { name: 'Reenviar senha' }).click();
    await expect(cpf).toHaveAccessibleDescription('CPF invalido');
    expect(requests.filter((request) => request.url().includes('Taxista/ReenviarSenha'))).toHaveLength(0);

    // Valid but unknown to the provider: its message, in error style.
    await cpf.fill('39053344705');
    await expect(cpf).toHaveValue('390.533.447-05');
    await page.getByRole('button', { name: 'Reenviar senha' }).click();
    await expect(page.getByRole('alertdialog')).toContainText('CPF não encontrado.');
    await expect(page.getByRole('alertdialog')).toHaveClass(/dialog-error/);
    await closeAlert(page);
    await expect(cpf).toHaveValue('390.533.447-05');

    await cpf.fill('52998224725');
    await expect(cpf).toHaveValue('529.982.247-25');
    await page.getByRole('button', { name: 'Reenviar senha' }).click();
    const dialog = page.getByRole('alertdialog', { name: 'Senha reenviada!' });
    await expect(dialog).toBeVisible();
    await expect(dialog).toHaveClass(/dialog-success/);
    await expectAccessible(page);

    const sent = requests.filter((request) => request.url().includes('Taxista/ReenviarSenha') && request.method() === 'GET');
    expect(sent.map((request) => new URL(request.url()).search)).toEqual(['?cpf=39053344705', '?cpf=52998224725']);
  });
}
