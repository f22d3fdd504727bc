import corpus from '../fixtures/xss/payloads.json';
import { DEMO_DRIVER } from '@driver-portal/sandbox-api/constants';
import { DEMO_DRIVER_ID, expect, HOST, SANDBOX, test, withToken, type Page, type Route } from './support';

/** Today in Brazil as typed in a date field (DDMMYYYY): the end of a period that holds every invoice. */
const typedToday = () => new Intl.DateTimeFormat('pt-BR', { timeZone: 'America/Sao_Paulo' }).format(new Date()).replace(/\//g, '');

// Issue 13: the XSS corpus (e2e/fixtures/xss/payloads.json, our own selection from public lists)
// against every sink that renders server HTML or server links. A sink gets the whole corpus in
// one page load: each payload is the answer of the next in-app navigation (or one list entry).
// Nothing may execute (no dialog, no __xss recorded, no request to a foreign host, no new tab)
// and nothing may leave its box or dress up as the portal.

const HTML_PAYLOADS: string[] = corpus.html;
const URL_PAYLOADS: string[] = corpus.urls;
/** The marker before each body: always survives, so the test knows that body has rendered. */
const marked = (index: number) => `<p>caso ${index}</p>${HTML_PAYLOADS[index] ?? ''}`;

interface Watch {
  dialogs: string[];
  foreign: string[];
  popups: string[];
  /** Addresses the sanitizer let through and the page's Content-Security-Policy refused. */
  refusedByCsp: string[];
}

/** Records what a payload that ran would leave behind; requests to the foreign host never leave the machine. */
async function watch(page: Page): Promise<Watch> {
  const seen: Watch = { dialogs: [], foreign: [], popups: [], refusedByCsp: [] };
  await page.addInitScript(() => {
    const hits: unknown[] = [];
    Object.defineProperty(window, '__xssHits', { value: hits });
    // Both `__xss(1)` and `__xss = 1` are recorded.
    Object.defineProperty(window, '__xss', {
      get: () => (value: unknown) => hits.push(value ?? 'called'),
      set: (value: unknown) => hits.push(value),
    });
  });
  page.on('dialog', (dialog) => {
    seen.dialogs.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  page.on('popup', (popup) => seen.popups.push(popup.url()));
  // A request the page really sends reaches this route (one the CSP refuses never does); it is
  // recorded and never leaves the machine.
  await page.context().route(
    (url) => url.protocol.startsWith('http') && !['localhost', '127.0.0.1'].includes(url.hostname),
    (route) => {
      seen.foreign.push(route.request().url());
      return route.abort();
    },
  );
  page.on('requestfailed', (request) => {
    if (request.failure()?.errorText === 'csp') seen.refusedByCsp.push(request.url());
  });
  return seen;
}

async function expectNothingRan(page: Page, seen: Watch): Promise<void> {
  // Time for what would run late (timers, animations, media events).
  await page.waitForTimeout(1_500);
  expect(await page.evaluate(() => (window as unknown as { __xssHits: unknown[] }).__xssHits)).toEqual([]);
  expect(seen.dialogs).toEqual([]);
  expect(seen.foreign).toEqual([]);
  expect(seen.popups).toEqual([]);
  expect(new URL(page.url()).origin).toBe(HOST);
  test.info().annotations.push({ type: 'refused by the CSP', description: seen.refusedByCsp.join(' ') || 'none' });
}

/** What one rendered body did wrong: attributes or tags of ours, unsafe addresses, anything drawn outside its box. */
function boxProblems(): string[] {
  const box = document.querySelector('.html-body');
  if (!box) return ['no .html-body'];
  const problems: string[] = [];
  for (const element of Array.from(box.querySelectorAll('[class], [id], [style], [name], [popover], [autofocus]'))) {
    problems.push(`keeps an attribute of ours: ${element.outerHTML.slice(0, 100)}`);
  }
  for (const element of Array.from(
    box.querySelectorAll('script, iframe, frame, object, embed, form, input, button, base, meta, link, style, dialog, portal'),
  )) {
    problems.push(`keeps <${element.tagName.toLowerCase()}>`);
  }
  for (const element of Array.from(box.querySelectorAll('*'))) {
    for (const attribute of Array.from(element.attributes)) {
      if (/^on/i.test(attribute.name)) problems.push(`keeps ${attribute.name}`);
      if (!/^(?:href|src|xlink:href|action|formaction|poster|data|srcset|ping)$/i.test(attribute.name)) continue;
      let url: URL;
      try {
        url = new URL(attribute.value, location.href);
      } catch {
        continue;
      }
      const dataImage = url.protocol === 'data:' && /^image\//.test(url.pathname) && !/svg/i.test(url.pathname);
      if (!['http:', 'https:'].includes(url.protocol) && !dataImage) problems.push(`${attribute.name}="${attribute.value.slice(0, 60)}"`);
    }
    if (element.tagName === 'A' && element.hasAttribute('href') && element.getAttribute('target') !== '_blank') {
      problems.push(`a link that opens in the portal's tab: ${element.getAttribute('href')}`);
    }
  }
  const rect = box.getBoundingClientRect();
  if (rect.left < -1 || rect.right > innerWidth + 1) problems.push(`the box is ${rect.width} px wide`);
  // Nothing of the body is drawn over the rest of the screen.
  for (let x = 4; x < innerWidth; x += Math.ceil(innerWidth / 7)) {
    for (let y = 4; y < innerHeight; y += Math.ceil(innerHeight / 12)) {
      if (x >= rect.left && x <= rect.right && y >= rect.top && y <= rect.bottom) continue;
      const hit = document.elementFromPoint(x, y);
      if (hit && hit !== box && box.contains(hit)) problems.push(`covers the screen at ${x},${y}: <${hit.tagName.toLowerCase()}>`);
    }
  }
  return problems;
}

/** Goes to `path` in the app already loaded (the router's own navigation: no page load). */
async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    window.history.pushState(null, '', to);
    window.dispatchEvent(new PopStateEvent('popstate'));
  }, path);
}

/** Answers a sandbox call as the service would, CORS included. */
function answer(route: Route, json: unknown): Promise<void> {
  return route.fulfill({ json, headers: { 'Access-Control-Allow-Origin': HOST, 'Cache-Control': 'no-store' } });
}

async function runHtmlCorpus(page: Page, pathOf: (index: number) => string): Promise<void> {
  const problems: string[] = [];
  for (let index = 0; index < HTML_PAYLOADS.length; index += 1) {
    if (index === 0) await page.goto(withToken(pathOf(0)));
    else await navigateInApp(page, pathOf(index));
    await expect(page.locator('.html-body')).toContainText(`caso ${index}`);
    for (const problem of await page.evaluate(boxProblems)) problems.push(`#${index} ${HTML_PAYLOADS[index]?.slice(0, 60)}: ${problem}`);
  }
  test.info().annotations.push({ type: 'payloads', description: String(HTML_PAYLOADS.length) });
  expect(problems).toEqual([]);
}

test.describe('XSS corpus', () => {
  test.describe.configure({ timeout: 180_000 });

  test('is large enough', () => {
    expect(HTML_PAYLOADS.length).toBeGreaterThanOrEqual(200);
    expect(new Set(HTML_PAYLOADS).size).toBe(HTML_PAYLOADS.length);
    expect(URL_PAYLOADS.length).toBeGreaterThanOrEqual(50);
  });

  test('notification bodies (core HTML): nothing runs, nothing leaves its box', async ({ page }) => {
    const seen = await watch(page);
    await page.route(
      (url) => url.origin === SANDBOX && /^\/core\/notificacoes\/\d+$/.test(url.pathname),
      (route) => answer(route, { Corpo: marked(Number(new URL(route.request().url()).pathname.split('/').pop())) }),
    );
    await runHtmlCorpus(page, (index) => `/notifications/details/${index}`);
    await expectNothingRan(page, seen);
  });

  test('inbox message bodies (communication HTML): nothing runs, nothing leaves its box', async ({ page }) => {
    const seen = await watch(page);
    await page.route(
      (url) => url.origin === SANDBOX && /\/inbox\/[^/]+\/categories\/\d+\/message\/\d+$/.test(url.pathname),
      (route) => {
        const index = Number(new URL(route.request().url()).pathname.split('/').pop());
        return answer(route, { id: index, title: `Mensagem ${index}`, message: { body: marked(index), description: '' } });
      },
    );
    await runHtmlCorpus(page, (index) => `/communication/details/1/${index}?driverId=${DEMO_DRIVER_ID}`);
    await expectNothingRan(page, seen);
  });

  test('notification links (HRef, register mode): only portal paths without a token, or http(s) opened outside', async ({ page }) => {
    const seen = await watch(page);
    await page.route(
      (url) => url.origin === SANDBOX && url.pathname === '/core/notificacoes/lista',
      (route) =>
        answer(
          route,
          URL_PAYLOADS.map((href, index) => ({
            Id: index + 1,
            Titulo: `Aviso ${index}`,
            Descricao: 'Toque para abrir',
            Data: '2026-11-20T10:00:00',
            HRef: href,
          })),
        ),
    );
    const listPath = `/notifications/list/?driverId=${DEMO_DRIVER_ID}`;
    await page.goto(withToken(listPath));
    const links = page.getByRole('list', { name: 'Notificações' }).getByRole('link');
    await expect(links).toHaveCount(URL_PAYLOADS.length);
    const found = await links.evaluateAll((anchors) =>
      anchors.map((anchor) => ({
        href: anchor.getAttribute('href') ?? '',
        target: anchor.getAttribute('target'),
        rel: anchor.getAttribute('rel'),
      })),
    );
    const inPortal: number[] = [];
    found.forEach(({ href, target, rel }, index) => {
      const url = new URL(href, HOST);
      expect(['http:', 'https:'], `${JSON.stringify(URL_PAYLOADS[index])} -> ${href}`).toContain(url.protocol);
      if (url.origin === HOST) {
        expect(url.searchParams.has('token') || url.searchParams.has('TOKEN'), href).toBe(false);
        inPortal.push(index);
      } else {
        expect(target, href).toBe('_blank');
        expect(rel, href).toContain('noopener');
      }
    });
    // Every in-portal link, tapped, stays in the portal's tab on the portal's origin.
    for (const index of inPortal) {
      await links.nth(index).click();
      await expect.poll(() => new URL(page.url()).origin).toBe(HOST);
      expect(new URL(page.url()).searchParams.has('token')).toBe(false);
      // Back through the app's history (no page load); a link that left the app (/Sair ends
      // the session on every origin) is followed by a fresh load of the list.
      await page.goBack();
      const backInList = await expect(links)
        .toHaveCount(URL_PAYLOADS.length, { timeout: 3_000 })
        .then(
          () => true,
          () => false,
        );
      if (!backInList) {
        await page.goto(`${HOST}${listPath}`);
        await expect(links).toHaveCount(URL_PAYLOADS.length);
      }
    }
    test.info().annotations.push({ type: 'links', description: `${found.length} (${inPortal.length} tapped)` });
    await expectNothingRan(page, seen);
  });

  test('invoice links (statement service): only http(s) addresses, opened outside the portal', async ({ page }) => {
    const seen = await watch(page);
    await page.route(
      (url) => url.pathname.endsWith('/api/extrato/nf'),
      (route) =>
        answer(route, { data: URL_PAYLOADS.map((linkNF) => ({ dataEmissao: '2026-10-05T09:00:00', totalLiquido: 10.5, linkNF })) }),
    );
    await page.goto(withToken('/my-account/take-nf'));
    await page.getByLabel('CPF').pressSequentially(DEMO_DRIVER.cpf);
    await page.getByLabel('Data de nascimento').pressSequentially('12041985');
    await page.getByLabel('Data inicial').pressSequentially('01012000');
    await page.getByLabel('Data final').pressSequentially(typedToday());
    await page.getByRole('button', { name: 'Continuar' }).click();
    const items = page.getByRole('list', { name: 'Notas fiscais' }).getByRole('listitem');
    await expect(items).toHaveCount(URL_PAYLOADS.length);
    const hrefs = await page
      .getByRole('list', { name: 'Notas fiscais' })
      .locator('a')
      .evaluateAll((anchors) => anchors.map((anchor) => [anchor.getAttribute('href') ?? '', anchor.getAttribute('target')]));
    for (const [href, target] of hrefs) {
      expect(['http:', 'https:']).toContain(new URL(href ?? '').protocol);
      expect(target).toBe('_blank');
    }
    test.info().annotations.push({ type: 'links', description: `${hrefs.length} of ${URL_PAYLOADS.length} kept` });
    await expectNothingRan(page, seen);
  });
});
