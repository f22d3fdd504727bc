import { INSURANCE_DRIVERS } from '@driver-portal/sandbox-api/constants';
import { expect, test, type Page, type TestInfo } from './support';
import { DEMO_DRIVER_ID, expectAccessible, HOST, withToken, driverToken } from './support';

/**
 * The insurance screens at a common Android phone size (412x823 CSS pixels), as layout.spec.ts
 * checks the others: nothing wider than the screen, no word broken, and what the home showed
 * wrongly before (issue 12): a coverage value laid out word by word ("R$ / 100 / mil no / total")
 * and proposal and policy numbers broken inside. Every value the screens mark whole must be on
 * one line and fit it.
 */
const WIDTH = 412;
test.use({ viewport: { width: WIDTH, height: 823 } });

async function layoutProblems(page: Page): Promise<string[]> {
  return page.evaluate((width) => {
    const problems: string[] = [];
    const name = (element: Element) => `${element.tagName.toLowerCase()} "${(element.textContent ?? '').trim().slice(0, 40)}"`;
    const lineTops = (node: Node, start: number, end: number) => {
      const range = document.createRange();
      range.setStart(node, start);
      range.setEnd(node, end);
      return new Set(
        Array.from(range.getClientRects())
          .filter((rect) => rect.width > 0)
          .map((rect) => Math.round(rect.top)),
      ).size;
    };
    if (document.documentElement.scrollWidth > width) problems.push(`the page is ${document.documentElement.scrollWidth}px wide`);
    for (const element of Array.from(document.body.querySelectorAll('*'))) {
      const box = element.getBoundingClientRect();
      if (box.width <= 1 || box.height <= 1) continue;
      if (box.right > width + 0.5) problems.push(`${name(element)} ends at ${Math.round(box.right)}px`);
    }
    // No word on two lines (hyphens and slashes are ordinary places to wrap in running text).
    const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const parent = node.parentElement;
      if (!parent || parent.closest('select, script, style, svg')) continue;
      for (const match of (node.textContent ?? '').matchAll(/[^\s\-/]+/g)) {
        if (lineTops(node, match.index, match.index + match[0].length) > 1) problems.push(`"${match[0]}" in ${name(parent)} is broken`);
      }
    }
    // A value shown whole (amounts, numbers, dates): one line, inside its box.
    for (const value of Array.from(document.querySelectorAll('.value-whole'))) {
      const text = value.textContent ?? '';
      const range = document.createRange();
      range.selectNodeContents(value);
      const lines = new Set(
        Array.from(range.getClientRects())
          .filter((rect) => rect.width > 0)
          .map((rect) => Math.round(rect.top)),
      ).size;
      if (lines > 1) problems.push(`the value "${text}" takes ${lines} lines`);
      if (value.scrollWidth > value.clientWidth + 1)
        problems.push(`the value "${text}" does not fit: ${value.scrollWidth}px in ${value.clientWidth}px`);
    }
    return problems;
  }, WIDTH);
}

async function attachScreenshot(page: Page, testInfo: TestInfo, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  const path = testInfo.outputPath(`${name}-412x823.png`);
  await page.screenshot({ path, fullPage: true });
  await testInfo.attach(`${name}-412x823`, { path, contentType: 'image/png' });
}

test('the offer fits 412 px: coverage values on one line each', async ({ page }, testInfo) => {
  await page.goto(withToken(`/car-insurance/init/${DEMO_DRIVER_ID}`));
  await expect(page.getByRole('link', { name: 'Contratar' })).toBeVisible();
  const passengers = page.locator('dd', { hasText: 'R$ 100 mil no total' });
  await expect(passengers).toHaveClass(/value-whole/);
  await attachScreenshot(page, testInfo, 'insurance-offer');
  expect(await layoutProblems(page)).toEqual([]);
  await expectAccessible(page);
});

test('an active policy fits 412 px: the proposal and the policy number are never broken', async ({ page }, testInfo) => {
  await page.goto(withToken(`/car-insurance/init/${INSURANCE_DRIVERS.active}`, HOST, driverToken(INSURANCE_DRIVERS.active)));
  await expect(page.getByRole('button', { name: 'Cancelar seguro' })).toBeVisible();
  await expect(page.locator('dd.value-whole', { hasText: '1180-0042-7731' })).toBeVisible();
  await expect(page.locator('dd.value-whole', { hasText: 'c0a80101-0000-4000-8000-00000000a001' })).toBeVisible();
  await attachScreenshot(page, testInfo, 'insurance-policy');
  expect(await layoutProblems(page)).toEqual([]);

  await page.getByRole('link', { name: 'Detalhes do contrato' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Detalhes do contrato' })).toBeVisible();
  await expect(page).toHaveURL(`${HOST}/car-insurance/contract-details/${INSURANCE_DRIVERS.active}`);
  await attachScreenshot(page, testInfo, 'insurance-contract-details');
  expect(await layoutProblems(page)).toEqual([]);
  await expectAccessible(page);
});

test('very long proposal and policy ids never widen the page: they break where they must, the buttons stay on screen', async ({ page }) => {
  const proposal = 'c0a80101-0000-4000-8000-00000000a001-ext-0000001';
  const policyNumber = '1180-0042-7731-0000-0000-0009';
  await page.route(/\/insurance\/api\/1\.0\/insurance\/[^/]+\/active-policy$/, (route) =>
    route.request().method() === 'GET'
      ? route.fulfill({
          json: { active: true, policyNumber, expirationDate: '2027-11-20T00:00:00-03:00', bestPaymentDay: 10, requestId: proposal },
        })
      : route.fallback(),
  );
  await page.goto(withToken(`/car-insurance/init/${INSURANCE_DRIVERS.active}`, HOST, driverToken(INSURANCE_DRIVERS.active)));
  await expect(page.getByText(proposal)).toBeVisible();
  await expect(page.getByText(policyNumber)).toBeVisible();
  expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(412);
  const cancel = await page.getByRole('button', { name: 'Cancelar seguro' }).boundingBox();
  expect((cancel?.x ?? 0) + (cancel?.width ?? 0)).toBeLessThanOrEqual(412);
});

test('a policy without a number: the alert of the documents, then the notice on the page, at 412 px', async ({ page }, testInfo) => {
  await page.goto(withToken(`/car-insurance/init/${INSURANCE_DRIVERS.processing}`, HOST, driverToken(INSURANCE_DRIVERS.processing)));
  const alert = page.getByRole('alertdialog', { name: 'Contratação em processamento' });
  await expect(alert).toContainText('Sua contratação está sendo processada. Em breve você receberá o número da sua apólice.');
  await expectAccessible(page);
  await alert.getByRole('button', { name: 'OK' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Sua contratação está sendo processada.' })).toBeVisible();
  await attachScreenshot(page, testInfo, 'insurance-processing');
  expect(await layoutProblems(page)).toEqual([]);
  await expectAccessible(page);
});
