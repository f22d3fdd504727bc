import { expect, type Page } from './support';

/** The insurance wizard's steps as a driver fills them, for every spec that goes through them. */

/** The complement step: marital status, the RG (its number, state and issue date). */
export async function fillComplement(page: Page, rg = '12.345.678-9'): Promise<void> {
  await page.getByLabel('Estado civil').selectOption('Casado');
  await page.getByLabel('RG', { exact: true }).fill(rg);
  await page.getByLabel('Estado emissor do RG').selectOption('SP');
  await page.getByLabel('Data de emissão do RG').fill('10052010');
  await expect(page.getByLabel('Data de emissão do RG')).toHaveValue('10/05/2010');
}

/**
 * The financial step: Itaú, agency 1234, the account and its digit (Itaú's modulus 10 over 1234 56789
 * gives 7; `digit` false leaves it empty).
 */
export async function fillFinancial(page: Page, account = '56789', { digit = '7' as string | false } = {}): Promise<void> {
  await page.getByLabel('Banco').selectOption('341');
  await page.getByLabel('Agência', { exact: true }).fill('1234');
  await page.getByLabel('Conta', { exact: true }).fill(account);
  if (digit !== false) await page.getByLabel('Dígito da conta').fill(digit);
}
