import { expect, test, type Page, type TestInfo } from './support';
import { ONBOARDING_DRIVER, SMS_CODE } from '@driver-portal/sandbox-api/constants';
import { DEMO_DRIVER_ID, expectAccessible, SANDBOX, sandboxHeaders, withToken } from './support';

const NEW_MOBILE = '21987650000';

/**
 * The screens at a common Android phone size (412x823 CSS pixels): nothing wider than the screen
 * and no word broken in two. A screenshot of each is attached to the report.
 */
const WIDTH = 412;
test.use({ viewport: { width: WIDTH, height: 823 } });
/** What is wrong with the layout at this width, in words (empty when nothing is). */
async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate((width) => {
    const problems: string[] = [];
    const name = (element: Element) =>
      `${element.tagName.toLowerCase()}${element.id ? `#${element.id}` : ''}${
        typeof element.className === 'string' && element.className ? `.${element.className.trim().split(/\s+/).join('.')}` : ''
      } "${(element.textContent ?? '').trim().slice(0, 40)}"`;
    const scrollsSideways = (element: Element) => {
      for (let parent = element.parentElement; parent; parent = parent.parentElement) {
        if (parent === document.documentElement || parent === document.body) break;
        if (['auto', 'scroll'].includes(getComputedStyle(parent).overflowX)) return true;
      }
      return false;
    };
    // Screen-reader-only text is 1 px wide on purpose.
    const isShown = (element: Element) => {
      const box = element.getBoundingClientRect();
      return box.width > 1 && box.height > 1 && getComputedStyle(element).visibility !== 'hidden';
    };

    const pageWidth = document.documentElement.scrollWidth;
    if (pageWidth > width) problems.push(`the page is ${pageWidth}px wide`);

    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      if (!isShown(element) || scrollsSideways(element)) continue;
      const { right } = element.getBoundingClientRect();
      if (right > width + 0.5) problems.push(`${name(element)} ends at ${Math.round(right)}px`);

      const style = getComputedStyle(element);
      const hasText = Array.from(element.childNodes).some((node) => node.nodeType === Node.TEXT_NODE && node.textContent?.trim());
      if (!hasText) continue;
      if (style.wordBreak === 'break-all' || style.wordBreak === 'break-word' || style.overflowWrap === 'anywhere') {
        problems.push(`${name(element)} may break words anywhere (word-break: ${style.wordBreak}, overflow-wrap: ${style.overflowWrap})`);
      }
      // Text that does not fit its box (a word too long for the line) overflows it.
      if (style.display !== 'inline' && element.scrollWidth > element.clientWidth + 1 && style.overflowX === 'visible') {
        problems.push(`${name(element)} is ${element.scrollWidth}px of text in ${element.clientWidth}px`);
      }
    }

    // No word laid out on two lines: each word of each shown text node has one line box.
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('select, script, style, svg') || !isShown(parent)) continue;
      const text = node.textContent ?? '';
      // Hyphens and slashes are ordinary places to wrap ("Pré-pago", "Avisos / Geral").
      for (const match of text.matchAll(/[^\s\-/]+/g)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        const lines = new Set(
          Array.from(range.getClientRects())
            .filter((rect) => rect.width > 0)
            .map((rect) => Math.round(rect.top)),
        );
        if (lines.size > 1) problems.push(`"${match[0]}" in ${name(parent)} is broken across ${lines.size} lines`);
      }
    }
    return problems;
  }, WIDTH);
}

/** A full-page screenshot, attached to the report and kept in the test's output folder (e2e/test-results/). */
async function attachScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  const path = testInfo.outputPath(`${name}-412x823.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(`${name}-412x823`, { path, contentType: 'image/png' });
}

test('the statement list fits 412 px: nothing wider than the screen, no word broken', async ({ page }, testInfo) => {
  await page.goto(withToken('/performed-Runs/list?taxiId=4521'));
  await expect(page.getByRole('heading', { level: 1, name: 'Extrato de corridas' })).toBeVisible();
  await expect(page.getByRole('list', { name: 'Corridas' })).toBeVisible();
  await attachScreenshot(page, testInfo, 'statement-list');
  expect(await layoutProblems(page)).toEqual([]);
  await expectAccessible(page);
});

test('the insurance home fits 412 px: nothing wider than the screen, no word broken', async ({ page }, testInfo) => {
  await page.goto(withToken(`/car-insurance/init/${DEMO_DRIVER_ID}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Seguro auto' })).toBeVisible();
  await expect(page.getByText('Contratar').first()).toBeVisible();
  await attachScreenshot(page, testInfo, 'insurance-home');
  expect(await layoutProblems(page)).toEqual([]);
  await expectAccessible(page);
});

test("the card address with every message shown fits 412 px: 'Campo obrigatório' whole under the narrow Número", async ({
  page,
}, testInfo) => {
  await page.goto(withToken(`/card-request/terms?driverId=${DEMO_DRIVER_ID}`));
  await page.getByRole('checkbox', { name: 'Li e aceito os termos do cartão' }).check();
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Endereço de entrega' })).toBeVisible();
  await page.getByRole('button', { name: 'Pedir cartão' }).click();
  await expect(page.getByLabel('Número')).toHaveAccessibleDescription('Campo obrigatório');
  // One line: a message laid out word by word under a narrow field reads as a list of words.
  const message = page.locator('.card-field-number .field-error');
  const lineHeight = await message.evaluate((element) => parseFloat(getComputedStyle(element).lineHeight) || 20);
  expect((await message.boundingBox())?.height).toBeLessThan(lineHeight * 1.5);
  await attachScreenshot(page, testInfo, 'card-address-errors');
  expect(await layoutProblems(page)).toEqual([]);
});

test('the terms page fits 412 px, and its links look like links a finger can hit', async ({ page }, testInfo) => {
  await page.goto(withToken(`/eula/${DEMO_DRIVER_ID}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Termos e políticas' })).toBeVisible();
  const links = page.getByRole('list', { name: 'Termos e políticas' }).getByRole('link');
  await expect(links).toHaveCount(3);
  await attachScreenshot(page, testInfo, 'terms');
  expect(await layoutProblems(page)).toEqual([]);

  const bodyColour = await page.evaluate(() => getComputedStyle(document.body).color);
  for (const link of await links.all()) {
    const box = await link.boundingBox();
    expect(box?.height).toBeGreaterThanOrEqual(44);
    const look = await link.evaluate((element) => ({
      colour: getComputedStyle(element).color,
      underlined: Array.from(element.querySelectorAll('*'))
        .concat(element)
        .some((part) => getComputedStyle(part).textDecorationLine.includes('underline')),
    }));
    expect(look.colour).not.toBe(bodyColour);
    expect(look.underlined).toBe(true);
  }
  await expectAccessible(page);
});

test('the onboarding forms fit 412 px: create account (policies with their links) and the address', async ({ page }, testInfo) => {
  await page.goto(withToken(`/register/create-account/${NEW_MOBILE}`));
  await page.getByRole('button', { name: 'Enviar código' }).click();
  await page.getByLabel('Código').pressSequentially(SMS_CODE);
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Criar conta' })).toBeVisible();
  await expect(page.getByRole('checkbox')).toHaveCount(3);
  await attachScreenshot(page, testInfo, 'create-account');
  expect(await layoutProblems(page)).toEqual([]);
  for (const box of await page.getByRole('checkbox').all()) {
    // The label is the target a finger hits, beside the 22 px box.
    const label = page.locator(`label[for="${await box.getAttribute('id')}"]`);
    expect((await label.boundingBox())?.height).toBeGreaterThanOrEqual(20);
  }

  await page.goto(`/register/init/${ONBOARDING_DRIVER.mobile}`);
  await expect(page.getByRole('heading', { level: 1, name: 'Modalidade' })).toBeVisible();
  await page.goto('/register/address/new/0');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page.getByLabel('CEP')).toBeFocused();
  await attachScreenshot(page, testInfo, 'address');
  expect(await layoutProblems(page)).toEqual([]);
  await expectAccessible(page);
});

test('the licence and vehicle forms, the review and a rejection fit 412 px', async ({ page }, testInfo) => {
  const asDriver = (path: string) => withToken(`${path}?driverId=${DEMO_DRIVER_ID}`);
  await page.goto(asDriver('/register/cnh/edit/0'));
  await expect(page.getByRole('heading', { level: 1, name: 'Dados da CNH' })).toBeVisible();
  await attachScreenshot(page, testInfo, 'licence');
  expect(await layoutProblems(page)).toEqual([]);
  await page.goto(asDriver('/register/crlv/edit/0'));
  await expect(page.getByLabel('Placa')).toHaveValue('BRA2E19');
  await page.getByRole('radio', { name: 'Pessoa jurídica (CNPJ)' }).check();
  await page.getByLabel('Ano de fabricação').fill('2010');
  await expect(page.getByText(/8 anos ou mais de fabricação/)).toBeVisible();
  await attachScreenshot(page, testInfo, 'vehicle');
  expect(await layoutProblems(page)).toEqual([]);
  // Documents of every status for the review (the sandbox's review hook).
  for (const [type, status] of [
    [0, 'approved'],
    [1, 'created'],
    [3, 'created'],
    [4, 'rejected/10'],
  ] as const) {
    const hook = await fetch(`${SANDBOX}/__sandbox/onboarding/documents/${DEMO_DRIVER_ID}/${type}/${status}`, {
      method: 'POST',
      headers: sandboxHeaders(),
    });
    expect(hook.ok).toBe(true);
  }
  await page.goto(`/register/review-docs/${DEMO_DRIVER_ID}`);
  await page.getByRole('button', { name: 'Aguarde...' }).first().click();
  await attachScreenshot(page, testInfo, 'review');
  expect(await layoutProblems(page)).toEqual([]);
  await page.goto('/register/details-doc-rejected/5/0/0');
  await expect(page.getByText('Fale com o suporte:')).toBeVisible();
  await attachScreenshot(page, testInfo, 'rejected');
  expect(await layoutProblems(page)).toEqual([]);
});

test('the check itself sees an element wider than the screen and a word broken in two', async ({ page }) => {
  await page.goto(withToken(`/eula/${DEMO_DRIVER_ID}`));
  await expect(page.getByRole('heading', { level: 1, name: 'Termos e políticas' })).toBeVisible();
  expect(await layoutProblems(page)).toEqual([]);
  await page.evaluate(() => {
    const wide = document.createElement('div');
    wide.style.width = '500px';
    wide.textContent = 'largo';
    const broken = document.createElement('p');
    broken.style.cssText = 'width: 120px; word-break: break-all';
    broken.textContent = 'Inconstitucionalissimamente';
    document.querySelector('main')?.append(wide, broken);
  });
  const problems = await layoutProblems(page);
  expect(problems).toContainEqual(expect.stringMatching(/^the page is \d+px wide$/));
  expect(problems).toContainEqual(expect.stringMatching(/^div "largo" ends at \d+px$/));
  expect(problems).toContainEqual(expect.stringMatching(/^p "Inconstitucionalissimamente" may break words anywhere/));
  expect(problems).toContainEqual(expect.stringMatching(/^"Inconstitucionalissimamente" in p .* is broken across \d lines$/));
});
