import { expect, test, type Page } from './support';
import { DEMO_DRIVER_ID, expectAccessible, HOST, recordRequests, REMOTE_ORIGINS, withToken } from './support';

const categoriesPath = `/communication/category/${DEMO_DRIVER_ID}`;
const categoryList = (page: Page) => page.getByRole('list', { name: 'Categorias de mensagens' });
const categoryLink = (page: Page, title: string) => categoryList(page).getByRole('link', { name: new RegExp(title) });

test('inbox: from the categories to a read message; the count drops and the message shows read', async ({ page }) => {
  const requests = recordRequests(page);
  // As onboarding's next-steps "Continuar" opens it: with the header shown.
  await page.goto(withToken(`${categoriesPath}?showHeader=true`));
  await expect(page.getByRole('heading', { level: 1, name: 'Mensagens' })).toBeVisible();
  await expect(categoryList(page).getByRole('listitem')).toHaveCount(4);
  await expect(page.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', '/register/next-steps/');
  await expect(categoryLink(page, 'Meu cadastro')).toContainText('2 novas mensagens');
  await expect(categoryLink(page, 'Promoções')).not.toContainText('nova');
  await expectAccessible(page);

  await categoryLink(page, 'Meu cadastro').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Meu cadastro' })).toBeVisible();
  const messages = page.getByRole('list', { name: 'Meu cadastro' });
  const approved = messages.getByRole('listitem').filter({ hasText: 'Documentos aprovados' });
  await expect(approved).toHaveClass(/list-item-highlighted/);
  await expect(approved).toContainText('Não lida');
  await expect(approved).toContainText('Hoje');
  // Twelve days old, already read: a plain date and the ordinary look.
  const received = messages.getByRole('listitem').filter({ hasText: 'Cadastro recebido' });
  await expect(received).toContainText(/\d{2}\/\d{2}\/\d{4}/);
  await expect(received).not.toHaveClass(/list-item-highlighted/);
  await expectAccessible(page);

  await approved.getByRole('link').click();
  await expect(page.getByRole('heading', { level: 1, name: 'Documentos aprovados' })).toBeVisible();
  await expect(page.locator('.html-body')).toContainText('Boa notícia!');
  await expect(page).toHaveURL(`${HOST}/communication/details/1/101`);
  await expectAccessible(page);

  // The request was marked viewed before the detail was asked for, without the token.
  const inboxCalls = requests
    .filter((request) => request.url().includes('/communication/inbox/'))
    .map((request) => `${request.method()} ${new URL(request.url()).pathname.replace(`/communication/inbox/${DEMO_DRIVER_ID}`, '')}`);
  expect(inboxCalls).toEqual(['GET /categories', 'GET /categories/1', 'PUT /request/5001', 'GET /categories/1/message/101']);
  for (const request of requests.filter((r) => r.url().includes('/communication/'))) {
    expect(request.headers()['authorization']).toBeUndefined();
  }

  await page.goBack();
  await expect(page.getByRole('heading', { level: 1, name: 'Meu cadastro' })).toBeVisible();
  await expect(approved).not.toHaveClass(/list-item-highlighted/);
  await expect(approved).not.toContainText('Não lida');

  await page.getByRole('link', { name: 'Voltar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Mensagens' })).toBeVisible();
  await expect(categoryLink(page, 'Meu cadastro')).toContainText('1 nova mensagem');
});

test('inbox: the malicious message body does not run, and its campaign is read afterwards', async ({ page }) => {
  await page.goto(withToken(categoriesPath));
  await expect(categoryLink(page, 'Novidades')).toContainText('2 novas mensagens');
  await categoryLink(page, 'Novidades').click();
  await page
    .getByRole('link', { name: /Novo extrato de corridas/ })
    .first()
    .click();

  await expect(page.getByRole('heading', { level: 1, name: 'Novo extrato de corridas' })).toBeVisible();
  await expect(page.locator('.html-body')).toContainText('mapa');
  await expect(page.getByRole('link', { name: 'nosso blog' })).toHaveAttribute('rel', 'noopener noreferrer');
  await page.waitForTimeout(200);
  expect(await page.evaluate(() => (window as unknown as { __xss?: unknown }).__xss)).toBeUndefined();
  expect(await page.locator('.html-body script, .html-body [onerror]').count()).toBe(0);
  // The payload's <img> had no alt text: SafeHtml gives server images an empty one.
  await expectAccessible(page);

  // Both messages of request 6001 were marked viewed by opening one of them.
  await page.goto(categoriesPath);
  await expect(categoryLink(page, 'Novidades')).toBeVisible();
  await expect(categoryLink(page, 'Novidades')).not.toContainText('nova');
});

const deepLinks = [
  {
    name: 'categories',
    path: categoriesPath,
    heading: 'Mensagens',
    content: 'Mensagens sobre o seu cadastro',
  },
  {
    name: 'message list',
    path: `/communication/list/2/Novidades?driverId=${DEMO_DRIVER_ID}`,
    heading: 'Novidades',
    content: 'Seguro de automóvel',
  },
  {
    name: 'message detail (plain text)',
    path: `/communication/details/1/102?driverId=${DEMO_DRIVER_ID}`,
    heading: 'Atualize seus dados bancários',
    content: 'Para receber os repasses sem atraso',
  },
];

for (const link of deepLinks) {
  for (const [where, origin] of [
    ['the host', HOST],
    ['the remote URL', REMOTE_ORIGINS.selfService],
  ] as const) {
    test(`inbox ${link.name} opens as a deep link at ${where}`, async ({ page }) => {
      await page.goto(withToken(link.path, origin));
      await expect(page.getByRole('heading', { level: 1, name: link.heading })).toBeVisible();
      await expect(page.getByText(link.content).first()).toBeVisible();
      expect(page.url()).not.toContain('token=');
      await expectAccessible(page);
    });
  }
}

test('inbox list and detail opened without a known driver say so and lead home', async ({ page }) => {
  const requests = recordRequests(page);
  for (const path of ['/communication/list/1/Meu%20cadastro', '/communication/details/1/101']) {
    await page.goto(withToken(path));
    await expect(page.getByText(/Não foi possível identificar o motorista/)).toBeVisible();
    await expect(page.getByRole('link', { name: 'Ir para o início' })).toHaveAttribute('href', '/App');
    await expectAccessible(page);
  }
  expect(requests.filter((request) => request.url().includes('/communication/inbox/'))).toEqual([]);
  await page.getByRole('link', { name: 'Ir para o início' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Portal do Motorista' })).toBeVisible();
});

test('inbox categories: a failing service shows its message and the retry works', async ({ page }) => {
  await page.goto(withToken(`/communication/category/00000000-0000-4000-8000-00000000dead`));
  await expect(page.getByRole('alert')).toContainText('Motorista não encontrado.');
  await expectAccessible(page);
  // Same driver, retried: still not found (the retry really calls again).
  const retried = page.waitForRequest((request) => request.url().includes('/communication/inbox/'));
  await page.getByRole('button', { name: 'Tentar novamente' }).click();
  await retried;
  await expect(page.getByRole('alert')).toContainText('Motorista não encontrado.');
});
