import { DEMO_DRIVER } from '@driver-portal/sandbox-api/constants';
import { DEMO_DRIVER_ID, expect, expectAccessible, HOST, recordRequests, SANDBOX, test, withToken } from './support';

/** Invoices, the income statement and the modality change, against the sandbox (issue 11). */

interface SandboxAccount {
  account: {
    incomeStatements: { cpf: string; BirthDate: string; email: string; year: number }[];
    drivers: Record<string, { modalities: { modalityType: number }[] }>;
  };
}

async function sandboxAccount(): Promise<SandboxAccount['account']> {
  return ((await (await fetch(`${SANDBOX}/__sandbox/state`)).json()) as SandboxAccount).account;
}

const todayInBrazil = () =>
  new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo', day: '2-digit', month: '2-digit', year: 'numeric' }).format(new Date());

test('invoices: the period asked through the statement proxy, twelve listed with their download, and a new search', async ({ page }) => {
  const requests = recordRequests(page);
  await page.goto(withToken('/my-account/take-nf'));
  await expect(page.getByRole('heading', { level: 1, name: 'Notas fiscais' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Continuar' })).toBeDisabled();
  await page.getByLabel('CPF').pressSequentially(DEMO_DRIVER.cpf);
  await page.getByLabel('Data de nascimento').pressSequentially('12031985');
  await page.getByLabel('Data inicial').pressSequentially('01012020');
  await page.getByLabel('Data final').pressSequentially(todayInBrazil().replace(/\D/g, ''));
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Continuar' }).click();

  const list = page.getByRole('list', { name: 'Notas fiscais' });
  await expect(list.getByRole('listitem')).toHaveCount(12);
  await expect(list.getByRole('link', { name: /^Download/ }).first()).toHaveAttribute('href', /nota-fiscal\.html\?numero=\d+$/);
  await expect(list.getByRole('listitem').first()).toContainText(/R\$ \d/);
  await expectAccessible(page);

  const call = requests.find((request) => request.url().includes('/nf'));
  const url = new URL(call!.url());
  // The statement proxy wherever env.json sends the apps: the sandbox's /statement-proxy/ (npm start), /statement/ on the page's origin (nginx).
  expect(url.pathname).toMatch(/\/statement(?:-proxy)?\/.*\/nf$/);
  expect(url.searchParams.get('cpf')).toBe(DEMO_DRIVER.cpf);
  expect(url.searchParams.get('startDate')).toBe('2020-01-01');
  // The browser never holds the statement service's credential.
  expect((await call!.headerValue('authorization')) ?? '').not.toMatch(/^Basic /);

  await page.getByRole('button', { name: 'Nova consulta' }).click();
  await expect(page.getByLabel('Data inicial')).toHaveValue('01/01/2020');
});

test('income statement: year, CPF, birth date and e-mail (lowercased) sent by e-mail, recorded by the service', async ({ page }) => {
  await page.goto(withToken('/my-account/take-ir'));
  await expect(page.getByRole('heading', { level: 1, name: /Informe de rendimentos/ })).toBeVisible();
  const lastYear = String(new Date().getFullYear() - 1);
  await page.getByLabel('Ano').selectOption(lastYear);
  await page.getByLabel('CPF').pressSequentially(DEMO_DRIVER.cpf);
  await page.getByLabel('Data de nascimento').pressSequentially('12031985');
  const email = page.getByLabel('E-mail');
  await email.fill('Maria.Santos@Example.com');
  await email.blur();
  await expect(email).toHaveValue('maria.santos@example.com');
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Continuar' }).click();

  const dialog = page.getByRole('alertdialog', { name: 'Informe de rendimentos solicitado!' });
  await expect(dialog).toHaveClass(/dialog-success/);
  await expect(dialog).toContainText(`O informe de ${lastYear} será enviado para maria.santos@example.com.`);
  const { incomeStatements } = await sandboxAccount();
  expect(incomeStatements).toEqual([
    expect.objectContaining({ cpf: DEMO_DRIVER.cpf, BirthDate: '1985-03-12', email: 'maria.santos@example.com', year: Number(lastYear) }),
  ]);
});

test('change modality: a different choice asks first, then is saved and lists the new modality documents', async ({ page }) => {
  await page.goto(withToken(`/my-account/init/${DEMO_DRIVER_ID}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Minha conta' })).toBeVisible();
  await page.goto(`${HOST}/my-account/change-modality`);
  const privateCar = page.getByRole('radio', { name: 'Carro Particular' });
  await expect(page.getByRole('radio', { name: /Taxi Comum/ })).toBeChecked();
  await privateCar.check();
  await expectAccessible(page);
  await page.getByRole('button', { name: 'Continuar' }).click();

  const question = page.getByRole('heading', { level: 2, name: 'Mudar a sua modalidade para Carro Particular?' });
  await expect(question).toBeFocused();
  await page.getByRole('button', { name: 'Voltar' }).click();
  await expect(privateCar).toBeChecked();
  expect((await sandboxAccount()).drivers[DEMO_DRIVER_ID]!.modalities.map((m) => m.modalityType)).not.toContain(1);

  await page.getByRole('button', { name: 'Continuar' }).click();
  await page.getByRole('button', { name: 'Confirmar alteração' }).click();
  await expect(page).toHaveURL(`${HOST}/my-account/change-modality-docs/1`);
  await expect(page.getByText('Para a modalidade Carro Particular, envie os documentos abaixo.')).toBeVisible();
  await expectAccessible(page);
  expect((await sandboxAccount()).drivers[DEMO_DRIVER_ID]!.modalities.map((m) => m.modalityType)).toContain(1);
});
