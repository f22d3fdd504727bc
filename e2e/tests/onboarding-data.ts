import { LICENCE, VEHICLE } from '../../sandbox-api/test/onboarding-bodies';
import { expect, SANDBOX, type Page } from './support';
import { vehicleTyped } from './vehicle-values';

/** The licence and vehicle forms of onboarding 2 filled as a driver would, for the specs that pass through them. */

export const THIS_YEAR = Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric' }).format(new Date()));

/** Types a value key by key (the masks see each key), over whatever the form was filled with (the edit flow reads the data back). */
async function retype(page: Page, label: string, value: string) {
  const field = page.getByLabel(label, { exact: true });
  await field.fill('');
  await field.pressSequentially(value);
}

export async function fillLicence(page: Page) {
  const typed: Array<[string, string]> = [
    ['Nº de registro da CNH', '01234567807'],
    ['Data da 1ª habilitação', '01032000'],
    ['Validade', '31012030'],
    ['Data de nascimento', '17051980'],
    ['Documento de identidade (RG)', '123456789'],
    ['Órgão emissor do documento', 'SSP'],
    ['Nome da mãe', 'Ana Ferreira'],
    ['Nome do pai', 'José Ferreira'],
    ['Observações', 'EAR'],
    ['Cidade de emissão', 'Campinas'],
    ['Data de emissão', '31012025'],
    ['Número RENACH', 'SP123456789'],
    ['Número de segurança', '12345678901'],
  ];
  for (const [label, value] of typed) await retype(page, label, value);
  await page.getByLabel('Categoria').selectOption('A/B');
  await page.getByLabel('UF do documento').selectOption('SP');
  await page.getByLabel('UF de emissão').selectOption('SP');
  await expect(page.getByRole('button', { name: 'Continuar' })).toBeDisabled();
  await retype(page, 'Número do espelho', '9876543210');
  await expect(page.getByRole('button', { name: 'Continuar' })).toBeEnabled();
}

export async function fillVehicle(page: Page, manufactureYear = THIS_YEAR - 2) {
  const typed = vehicleTyped(THIS_YEAR, manufactureYear);
  for (const [label, value] of typed) await retype(page, label, value);
  await page.getByLabel('Marca', { exact: true }).selectOption({ label: 'Chevrolet' });
  await expect(page.getByLabel('Modelo', { exact: true })).toBeEnabled();
  await page.getByLabel('Modelo', { exact: true }).selectOption({ label: 'Spin LTZ 1.8' });
  await page.getByLabel('Combustível').selectOption('ALCOOL/GASOLINA');
  await page.getByLabel('UF', { exact: true }).selectOption('SP');
  await page.getByRole('radio', { name: 'Pessoa jurídica (CNPJ)' }).check();
  await retype(page, 'CNPJ do proprietário', '11222333000181');
  await expect(page.getByLabel('CNPJ do proprietário')).toHaveValue('11.222.333/0001-81');
}

/** The sandbox tests' licence and modality-0 vehicle, this year's, for tests that need the data sent without the forms. */
export async function sendLicenceAndVehicle(driverId: string, modalityType = 0) {
  const vehicle = {
    ...VEHICLE,
    ModalityType: modalityType,
    CurrentYear: THIS_YEAR,
    ManufactureYear: THIS_YEAR - 2,
    ModelYear: THIS_YEAR - 1,
  };
  for (const [path, body] of [
    ['license', LICENCE],
    ['vehicle', vehicle],
  ] as const) {
    const response = await fetch(`${SANDBOX}/register/api/1.0/driver/${driverId}/${path}`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body),
    });
    expect(response.ok, `POST ${path}: ${response.status} ${await response.clone().text()}`).toBe(true);
  }
}
