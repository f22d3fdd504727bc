import { INSURANCE_DRIVERS } from '@driver-portal/sandbox-api/constants';
import { fillComplement, fillFinancial } from './insurance-data';
import { expect, test, type Page, type Route } from './support';
import { DEMO_DRIVER_ID, driverToken, HOST, withToken } from './support';

/*
 * Issue 22's table: one field of one answer changed the way real services answer, and what the
 * driver sees (docs/answers.md, "Reading answers"). A false error is as wrong as a false
 * success: each row now behaves as the driver expects.
 */

const heading = (page: Page, name: string | RegExp) => expect(page.getByRole('heading', { level: 1, name })).toBeVisible();

/**
 * Answers the first matching call of `method` with `answer`; any other call goes on to the
 * sandbox (`route.fallback()`, so the test's sandbox namespace header is still added).
 */
async function answerOnce(
  page: Page,
  method: string,
  path: RegExp,
  answer: { status: number; body?: string; contentType?: string },
): Promise<{ calls: number }> {
  const seen = { calls: 0 };
  await page.route(
    (url) => path.test(url.pathname),
    async (route: Route) => {
      if (route.request().method() !== method || seen.calls > 0) return route.fallback();
      seen.calls += 1;
      return route.fulfill({ status: answer.status, body: answer.body ?? '', contentType: answer.contentType ?? 'application/json' });
    },
  );
  return seen;
}

const EMPTY_200 = { status: 200, body: '' };
const NO_CONTENT = { status: 204 };
const json = (body: unknown, status = 200) => ({ status, body: JSON.stringify(body) });

test.describe('notifications: one item of two with a field the way a legacy service sends it', () => {
  const GOOD = { Id: 2, Titulo: 'Bem-vindo', Descricao: 'Seu cadastro foi aprovado.', Data: '2026-11-20T10:00:00', HRef: null };
  const cases: [string, Record<string, unknown>][] = [
    [
      '"Corpo": null',
      { Id: 1, Titulo: 'Documento aprovado', Descricao: 'Sua CNH foi aprovada.', Data: '2026-11-21T09:00:00', HRef: null, Corpo: null },
    ],
    ['"Descricao": null', { Id: 1, Titulo: 'Documento aprovado', Descricao: null, Data: '2026-11-21T09:00:00', HRef: null }],
    [
      '"Id": "1" (a string)',
      { Id: '1', Titulo: 'Documento aprovado', Descricao: 'Sua CNH foi aprovada.', Data: '2026-11-21T09:00:00', HRef: null },
    ],
  ];
  for (const [name, changed] of cases) {
    test(`${name}: the list shows both notifications, no error`, async ({ page }) => {
      await answerOnce(page, 'GET', /\/core\/notificacoes\/lista$/, json([changed, GOOD]));
      await page.goto(withToken('/notifications/list/'));
      const list = page.getByRole('list', { name: 'Notificações' });
      await expect(list.getByRole('heading', { name: 'Documento aprovado' })).toBeVisible();
      await expect(list.getByRole('heading', { name: 'Bem-vindo' })).toBeVisible();
      await expect(page.getByText('Ocorreu um erro inesperado')).toHaveCount(0);
    });
  }

  test('one notification that cannot be read at all (no id) is left out; the good one is shown', async ({ page }) => {
    await answerOnce(page, 'GET', /\/core\/notificacoes\/lista$/, json([{ Titulo: 'Sem id' }, GOOD]));
    await page.goto(withToken('/notifications/list/'));
    await expect(page.getByRole('list', { name: 'Notificações' }).getByRole('heading', { name: 'Bem-vindo' })).toBeVisible();
    await expect(page.getByText('Sem id')).toHaveCount(0);
    await expect(page.getByText('Ocorreu um erro inesperado')).toHaveCount(0);
  });
});

test('bank data saved with a 204: "Dados bancarios atualizados com sucesso!", then my account', async ({ page }) => {
  const save = await answerOnce(page, 'POST', /\/register\/api\/1\.0\/driver\/[^/]+\/bankaccount$/, NO_CONTENT);
  await page.goto(withToken(`/my-account/bank-info/${DEMO_DRIVER_ID}`));
  await heading(page, 'Dados bancários');
  await page.getByLabel('Tipo de conta').selectOption({ label: 'Poupança' });
  await page.getByLabel('Banco').selectOption({ label: '341 - Itaú Unibanco' });
  await page.getByLabel('Agência', { exact: true }).fill('0123');
  await page.getByLabel('Conta', { exact: true }).fill('45678');
  // Itaú's modulus 10 over 0123 45678 gives 2.
  await page.getByLabel('Dígito da conta').fill('2');
  await page.getByRole('button', { name: 'Confirmar' }).click();
  const dialog = page.getByRole('alertdialog', { name: 'Dados bancarios atualizados com sucesso!' });
  await expect(dialog).toHaveClass(/dialog-success/);
  await dialog.getByRole('button', { name: 'OK' }).click();
  await expect(page).toHaveURL(`${HOST}/my-account/init/${DEMO_DRIVER_ID}`);
  await heading(page, 'Minha conta');
  expect(save.calls).toBe(1);
});

test('delivery enrolment answered 204: "Cadastro enviado com sucesso", the button gone', async ({ page }) => {
  await answerOnce(page, 'PUT', /\/register\/api\/1\.0\/driver\/[^/]+\/modality\/2\/?$/, NO_CONTENT);
  await page.goto(withToken(`/my-account/delivery-adherence/${DEMO_DRIVER_ID}`));
  await page.getByRole('button', { name: 'QUERO FAZER ENTREGAS' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Cadastro enviado com sucesso' })).toHaveClass(/dialog-success/);
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('button', { name: 'QUERO FAZER ENTREGAS' })).toHaveCount(0);
});

test('an attribute toggle answered 204 stays on and says it was saved, no rollback', async ({ page }) => {
  const sent: unknown[] = [];
  await page.route(
    (url) => /\/register\/api\/1\.0\/driver\/driverPredicate\/[^/]+$/.test(url.pathname),
    async (route: Route) => {
      if (route.request().method() !== 'POST') return route.fallback();
      sent.push(route.request().postDataJSON());
      return route.fulfill({ status: 204 });
    },
  );
  await page.goto(withToken(`/my-account/driver-predicates/${DEMO_DRIVER_ID}`));
  await heading(page, 'Detalhes do perfil');
  const german = page.getByRole('switch', { name: 'Alemão' });
  const wasOn = await german.isChecked();
  await german.click();
  await expect(page.getByRole('status')).toHaveText(`Alemão: ${wasOn ? 'não' : 'sim'}. Salvo.`);
  await expect(page.getByText('A alteração de "Alemão" foi desfeita')).toHaveCount(0);
  await expect(german).toBeChecked({ checked: !wasOn });
  // The whole list of languages goes with the one change.
  expect(sent).toEqual([{ predicates: expect.arrayContaining([{ key: 'SPEAK_IN_GERMAN', value: wasOn ? 'no' : 'yes' }]) }]);
  expect((sent[0] as { predicates: unknown[] }).predicates).toHaveLength(6);
});

test('the income statement request answered with an empty 200 is requested: the success, no retry needed', async ({ page }) => {
  const request = await answerOnce(page, 'POST', /\/api\/extrato\/ir$/, EMPTY_200);
  await page.goto(withToken('/my-account/take-ir'));
  await heading(page, /Informe de rendimentos/);
  await page.getByLabel('Ano').selectOption(String(new Date().getFullYear() - 1));
  await page.getByLabel('CPF').pressSequentially('52998224725');
  await page.getByLabel('Data de nascimento').pressSequentially('12031985');
  await page.getByLabel('E-mail').fill('maria.santos@example.com');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('alertdialog', { name: 'Informe de rendimentos solicitado!' })).toHaveClass(/dialog-success/);
  expect(request.calls).toBe(1);
});

test.describe('insurance renew and cancel', () => {
  for (const [name, answer] of [
    ['204', NO_CONTENT],
    ['an empty 200', EMPTY_200],
  ] as const) {
    test(`renew answered ${name}: "Pedido de renovação enviado com sucesso."`, async ({ page }) => {
      await answerOnce(page, 'PUT', /\/insurance\/api\/1\.0\/insurance\/[^/]+\/renew$/, answer);
      await page.goto(withToken(`/car-insurance/init/${INSURANCE_DRIVERS.expired}`, HOST, driverToken(INSURANCE_DRIVERS.expired)));
      await page.getByRole('button', { name: 'Renovar seguro' }).click();
      await page.getByRole('button', { name: 'Confirmar renovação' }).click();
      await expect(page.getByRole('alertdialog', { name: 'Pedido de renovação enviado com sucesso.' })).toBeVisible();
    });

    test(`cancel answered ${name}: "Pedido de cancelamento enviado com sucesso."`, async ({ page }) => {
      await answerOnce(page, 'PUT', /\/insurance\/api\/1\.0\/insurance\/[^/]+\/cancel$/, answer);
      await page.goto(withToken(`/car-insurance/init/${INSURANCE_DRIVERS.active}`, HOST, driverToken(INSURANCE_DRIVERS.active)));
      await page.getByRole('button', { name: 'Cancelar seguro' }).click();
      await page.getByRole('button', { name: 'Confirmar cancelamento' }).click();
      await expect(page.getByRole('alertdialog', { name: 'Pedido de cancelamento enviado com sucesso.' })).toBeVisible();
    });
  }

  test('cancel answered [] is no cancellation: the unexpected error, the policy still there', async ({ page }) => {
    await answerOnce(page, 'PUT', /\/insurance\/api\/1\.0\/insurance\/[^/]+\/cancel$/, json([]));
    await page.goto(withToken(`/car-insurance/init/${INSURANCE_DRIVERS.active}`, HOST, driverToken(INSURANCE_DRIVERS.active)));
    await page.getByRole('button', { name: 'Cancelar seguro' }).click();
    await page.getByRole('button', { name: 'Confirmar cancelamento' }).click();
    await expect(page.getByRole('alertdialog')).toContainText('Ocorreu um erro inesperado, tente novamente mais tarde.');
    await expect(page.getByRole('alertdialog', { name: 'Pedido de cancelamento enviado com sucesso.' })).toHaveCount(0);
  });
});

/** Through the wizard, as the vehicle's owner, to the accepted terms. */
async function toAcceptedTerms(page: Page): Promise<void> {
  await page.goto(withToken(`/car-insurance/init/${DEMO_DRIVER_ID}`));
  await page.getByRole('link', { name: 'Contratar' }).click();
  await page.getByRole('link', { name: 'Continuar' }).click();
  await heading(page, 'Dados complementares');
  await fillComplement(page);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await heading(page, 'Dados financeiros');
  await fillFinancial(page);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await heading(page, 'Proprietário do veículo');
  await page.getByRole('radio', { name: 'Sim' }).check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await heading(page, 'Condutores adicionais');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await heading(page, 'Revise seus dados');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await heading(page, 'Termos e condições');
  await page.getByRole('checkbox', { name: 'Li e aceito os termos e condições do seguro' }).check();
}

const CONTRACT = /\/insurance\/api\/1\.0\/insurance$/;
const SUCCESS_TEXT = 'Que bom ter você como cliente! Em breve seu seguro de automóvel SulAmérica estará vigente.';

test.describe('the insurance contract', () => {
  for (const [name, answer] of [
    ['204', NO_CONTENT],
    ['an empty 200', EMPTY_200],
  ] as const) {
    test(`answered ${name}: the success, the policy being processed`, async ({ page }) => {
      await toAcceptedTerms(page);
      await answerOnce(page, 'POST', CONTRACT, answer);
      await page.getByRole('button', { name: 'Contratar' }).click();
      await expect(page.getByRole('alertdialog', { name: SUCCESS_TEXT })).toBeVisible();
    });
  }

  test('answered [1,2] is no contract: the unexpected error, the wizard kept', async ({ page }) => {
    await toAcceptedTerms(page);
    await answerOnce(page, 'POST', CONTRACT, json([1, 2]));
    await page.getByRole('button', { name: 'Contratar' }).click();
    await expect(page.getByRole('alertdialog')).toContainText('Ocorreu um erro inesperado, tente novamente mais tarde.');
    await expect(page.getByRole('alertdialog', { name: SUCCESS_TEXT })).toHaveCount(0);
    await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
    await heading(page, 'Termos e condições');
    await expect(page.getByRole('checkbox', { name: 'Li e aceito os termos e condições do seguro' })).toBeChecked();
  });

  test('refused with the service\'s own "Veículo não encontrado." shows that message, not "try later"', async ({ page }) => {
    await toAcceptedTerms(page);
    await answerOnce(page, 'POST', CONTRACT, json({ validations: [{ message: 'Veículo não encontrado.' }] }, 404));
    await page.getByRole('button', { name: 'Contratar' }).click();
    const dialog = page.getByRole('alertdialog');
    await expect(dialog).toContainText('Veículo não encontrado.');
    await expect(dialog).not.toContainText('tente novamente mais tarde');
  });
});

test('a card request answered {"stage": null} is no request: the error, the typed address and accepted terms kept', async ({ page }) => {
  await page.goto(withToken(`/App?driverId=${DEMO_DRIVER_ID}`));
  await page.getByRole('link', { name: 'Cartão de pagamento' }).click();
  await heading(page, 'Pedir cartão');
  await page.getByRole('checkbox', { name: 'Li e aceito os termos do cartão' }).check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await heading(page, 'Endereço de entrega');
  await page.getByLabel('CEP').pressSequentially('01310100');
  await expect(page.getByLabel('Cidade')).toHaveValue('São Paulo');
  await page.getByLabel('Número').fill('1578');
  await answerOnce(page, 'POST', /\/card\/api\/1\.0\/card\/[^/]+$/, json({ stage: null, requestedAt: null, address: null }));
  await page.getByRole('button', { name: 'Pedir cartão' }).click();
  await expect(page.getByRole('alertdialog')).toContainText('Ocorreu um erro inesperado, tente novamente mais tarde.');
  await page.getByRole('alertdialog').getByRole('button', { name: 'OK' }).click();
  await heading(page, 'Endereço de entrega');
  await expect(page.getByLabel('Número')).toHaveValue('1578');
  await expect(page.getByLabel('CEP')).toHaveValue('01.310-100');
  await expect(page).toHaveURL(`${HOST}/card-request/address`);
});
