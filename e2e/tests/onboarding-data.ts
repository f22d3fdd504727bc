import { expect, SANDBOX, type Page } from './support';

/** The licence and vehicle forms of onboarding 2 filled as a driver would, for the specs that pass through them. */

export const THIS_YEAR = Number(new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo', year: 'numeric' }).format(new Date()));

export async function fillLicence(page: Page) {
  const typed: Array<[string, string]> = [
    ['Nº de registro da CNH', '01234567890'],
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
  for (const [label, value] of typed) await page.getByLabel(label, { exact: true }).pressSequentially(value);
  await page.getByLabel('Categoria').selectOption('A/B');
  await page.getByLabel('UF do documento').selectOption('SP');
  await page.getByLabel('UF de emissão').selectOption('SP');
  await expect(page.getByRole('button', { name: 'Continuar' })).toBeDisabled();
  await page.getByLabel('Número do espelho').pressSequentially('9876543210');
  await expect(page.getByRole('button', { name: 'Continuar' })).toBeEnabled();
}

export async function fillVehicle(page: Page, manufactureYear = THIS_YEAR - 2) {
  const typed: Array<[string, string]> = [
    ['Placa', 'abc1d23'],
    ['RENAVAM', '12345678901'],
    ['Chassi', '9BWZZZ377VT004251'],
    ['Número do CRLV', '123456789012'],
    ['Ano de exercício', String(THIS_YEAR)],
    ['Ano de fabricação', String(manufactureYear)],
    ['Ano do modelo', String(manufactureYear + 1)],
    ['Tipo (espécie)', 'Automóvel'],
    ['Cor', 'Branca'],
    ['Cidade de emissão', 'São Paulo'],
    ['Data de emissão', '10022026'],
    ['Observações', 'Nada consta'],
    ['Nome do proprietário', 'João Batista Ferreira'],
  ];
  for (const [label, value] of typed) await page.getByLabel(label, { exact: true }).pressSequentially(value);
  await page.getByLabel('Marca', { exact: true }).selectOption({ label: 'Chevrolet' });
  await expect(page.getByLabel('Modelo', { exact: true })).toBeEnabled();
  await page.getByLabel('Modelo', { exact: true }).selectOption({ label: 'Spin LTZ 1.8' });
  await page.getByLabel('Combustível').selectOption('Flex');
  await page.getByLabel('UF', { exact: true }).selectOption('SP');
  await page.getByRole('radio', { name: 'Pessoa jurídica (CNPJ)' }).check();
  await page.getByLabel('CNPJ do proprietário').pressSequentially('11222333000181');
  await expect(page.getByLabel('CNPJ do proprietário')).toHaveValue('11.222.333/0001-81');
}

/** The same licence and a modality-0 vehicle as the register service's bodies, for tests that need the data sent without the forms. */
export async function sendLicenceAndVehicle(driverId: string) {
  const licence = {
    DocumentNumber: '123456789',
    DocumentIssuingState: 'SP',
    DocumentIssuingAuthority: 'SSP',
    BirthDate: '1980-05-17',
    MotherName: 'Ana Ferreira',
    FatherName: 'José Ferreira',
    RegisterNumber: '01234567890',
    ExpirationDate: '2030-01-31',
    FirstLicenseDate: '2000-03-01',
    Remark: 'EAR',
    Category: 'A/B',
    EmissionCity: 'Campinas',
    EmissionState: 'SP',
    EmissionDate: '2025-01-31',
    RenachNumber: 'SP123456789',
    SecurityNumber: '12345678901',
    MirrorNumber: '9876543210',
  };
  const vehicle = {
    ModalityType: 0,
    CurrentYear: THIS_YEAR,
    Renavam: '12345678901',
    Chassis: '9BWZZZ377VT004251',
    Plate: 'ABC1D23',
    Type: 'Automóvel',
    Fuel: 'Flex',
    Brand: 1,
    Model: 102,
    ManufactureYear: THIS_YEAR - 2,
    ModelYear: THIS_YEAR - 1,
    Color: 'Branca',
    Remark: 'Nada consta',
    EmissionCity: 'São Paulo',
    EmissionDate: '2026-02-10',
    IssuingState: 'SP',
    CrlvNumber: '123456789012',
    OwnerName: 'João Batista Ferreira',
    OwnerDocument: '11222333000181',
  };
  for (const [path, body] of [
    ['license', licence],
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
