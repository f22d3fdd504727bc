import { DEMO_DRIVER_ID, expect, expectAccessible, recordRequests, SANDBOX, test, withToken } from './support';

/*
 * A bank account's check digit, as its bank defines it (issue 44, kind 1): a one-digit-off
 * Banco do Brasil or Itaú account is refused under "Dígito da conta", nothing is sent, and the
 * corrected account goes out on the wire as typed (shared/src/validation/banking.ts).
 */

const ACCOUNT_ONLY = 'A conta e o dígito não combinam neste banco. Confira os números no app ou no extrato do banco.';
const WITH_AGENCY = 'A agência, a conta e o dígito não combinam neste banco. Confira os números no app ou no extrato do banco.';
const SAVE_PATH = `/api/1.0/driver/${DEMO_DRIVER_ID}/bankaccount`;

/** What the sandbox saved for the demo driver (this test's namespace: support.ts's fetch adds it). */
async function savedAccount(): Promise<unknown> {
  const response = await fetch(`${SANDBOX}/__sandbox/state`);
  const state = (await response.json()) as { account: { drivers: Record<string, { bankAccount: unknown }> } };
  return state.account.drivers[DEMO_DRIVER_ID]?.bankAccount;
}

for (const { bank, label, agency, account, wrong, right, message } of [
  // The library's example 1584 / 00210169-6, typed without its leading zeros.
  { bank: '001', label: '001 - Banco do Brasil', agency: '1584', account: '210169', wrong: '7', right: '6', message: ACCOUNT_ONLY },
  // Itaú: modulus 10 over agency + account 1234 56789 gives 7.
  { bank: '341', label: '341 - Itaú Unibanco', agency: '1234', account: '56789', wrong: '0', right: '7', message: WITH_AGENCY },
]) {
  test(`bank data, ${label}: digit ${wrong} is refused under the field and nothing is sent; ${right} goes out as typed`, async ({
    page,
  }) => {
    const requests = recordRequests(page);
    await page.goto(withToken(`/my-account/bank-info/${DEMO_DRIVER_ID}`));
    await expect(page.getByRole('heading', { level: 1, name: 'Dados bancários' })).toBeVisible();
    const confirm = page.getByRole('button', { name: 'Confirmar' });
    const digit = page.getByLabel('Dígito da conta');

    await page.getByLabel('Tipo de conta').selectOption({ label: 'Corrente' });
    await page.getByLabel('Banco').selectOption({ label });
    await page.getByLabel('Agência', { exact: true }).fill(agency);
    await page.getByLabel('Conta', { exact: true }).fill(account);
    await digit.fill(wrong);
    await digit.blur();
    await expect(digit).toHaveAccessibleDescription(new RegExp(message.replace(/[.]/g, '\\.')));
    await expect(digit).toHaveAttribute('aria-invalid', 'true');
    await expect(confirm).toBeDisabled();
    await expectAccessible(page);
    await confirm.click({ force: true });
    expect(requests.filter((request) => request.method() === 'POST' && new URL(request.url()).pathname.endsWith(SAVE_PATH))).toEqual([]);

    await digit.fill(right);
    await expect(confirm).toBeEnabled();
    await expect(digit).not.toHaveAccessibleDescription(new RegExp('não combinam'));
    const posted = page.waitForRequest((request) => request.method() === 'POST' && new URL(request.url()).pathname.endsWith(SAVE_PATH));
    await confirm.click();
    await expect(page.getByRole('alertdialog', { name: 'Dados bancarios atualizados com sucesso!' })).toBeVisible();
    const body = {
      accountType: 'CC',
      bankNumber: bank,
      agencyNumber: agency,
      agencyNumberDigit: '',
      accountNumber: account,
      accountNumberDigit: right,
    };
    expect((await posted).postDataJSON()).toEqual(body);
    expect(await savedAccount()).toEqual(body);
  });
}
