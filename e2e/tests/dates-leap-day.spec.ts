import { ONBOARDING_DRIVER } from '@driver-portal/sandbox-api/constants';
import { fillLicence } from './onboarding-data';
import { expect, HOST, proxiedService, recordRequests, test, withToken, type Page, type Request } from './support';

/**
 * Issue 44, point 3: the licence form with the phone's date on 29/02/2028 and at 22:30 in Rio
 * Branco on 28/02/2026 (already 01/03 in São Paulo). Someone born on D is 18 from the same day 18
 * years later, or the next day when that day does not exist (Código Civil, art. 132 §3); "today"
 * is the phone's own day when its zone is Brazil's, else São Paulo's
 * (docs/decisions/0018-whose-day-and-29-february.md).
 *
 * The proxies check a licence's dates against the server's clock, not the page's: the POST a
 * driver's phone sends is answered here by the test, after its body is read off the wire.
 */

const ID = ONBOARDING_DRIVER.id;
const LICENCE_URL = `${proxiedService('register')}api/1.0/driver/${ID}/license`;
const OUT_OF_RANGE = 'Data fora do período possível.';
/** The licence POSTs among a page's requests (its telemetry beacons are POSTs too). */
const licencePosts = (requests: Request[]) => requests.filter((request) => request.method() === 'POST' && request.url() === LICENCE_URL);
const asDriver = (path: string) => withToken(`${path}${path.includes('?') ? '&' : '?'}driverId=${ID}`);

/** The licence's POSTs, each answered 200 as the service would; their bodies as sent. */
async function answerLicence(page: Page): Promise<unknown[]> {
  const bodies: unknown[] = [];
  await page.route(LICENCE_URL, async (route, request) => {
    if (request.method() !== 'POST') return route.fallback();
    bodies.push(request.postDataJSON());
    return route.fulfill({ status: 200, contentType: 'application/json', body: '{}' });
  });
  return bodies;
}

async function typeDate(page: Page, label: string, digits: string) {
  const field = page.getByLabel(label, { exact: true });
  await field.fill('');
  await field.pressSequentially(digits);
}

const typeBirthDate = (page: Page, digits: string) => typeDate(page, 'Data de nascimento', digits);

/** A first licence and an issue on `digits` (DDMMYYYY): a new driver's, on the day they may have it. */
async function typeFirstLicence(page: Page, digits: string) {
  await typeDate(page, 'Data da 1ª habilitação', digits);
  await typeDate(page, 'Data de emissão', digits);
}

async function openLicence(page: Page) {
  await page.goto(asDriver('/register/cnh/new/0'));
  await expect(page.getByRole('heading', { level: 1, name: 'Dados da CNH' })).toBeVisible();
  await fillLicence(page);
  // A Nº de registro whose two check digits hold (DENATRAN's rule), whatever the shared filler types.
  const register = page.getByLabel('Nº de registro da CNH', { exact: true });
  await register.fill('');
  await register.pressSequentially('01234567807');
}

test('on 29/02/2028 a driver born 01/03/2010 is refused under the field and nothing is sent; born 28/02/2010 goes out', async ({
  page,
}) => {
  await page.clock.setFixedTime(new Date('2028-02-29T12:00:00-03:00'));
  const requests = recordRequests(page);
  const bodies = await answerLicence(page);
  await openLicence(page);
  await typeFirstLicence(page, '29022028');

  await typeBirthDate(page, '01032010');
  await page.getByRole('button', { name: 'Continuar' }).click();
  const birthDate = page.getByLabel('Data de nascimento', { exact: true });
  await expect(birthDate).toBeFocused();
  await expect(birthDate).toHaveAccessibleDescription(OUT_OF_RANGE);
  await expect(page.getByText(OUT_OF_RANGE)).toBeVisible();
  expect(licencePosts(requests)).toHaveLength(0);

  await typeBirthDate(page, '28022010');
  await page.getByRole('button', { name: 'Continuar' }).click();
  await expect(page).toHaveURL(`${HOST}/register/upload-picture/0`);
  expect(licencePosts(requests)).toHaveLength(1);
  expect(bodies).toHaveLength(1);
  expect(bodies[0]).toMatchObject({ BirthDate: '2010-02-28' });
});

const ACRE_EVENING = new Date('2026-02-28T22:30:00-05:00');

test.describe('a phone in Rio Branco at 22:30 of 28/02/2026 (00:30 of 01/03 in São Paulo)', () => {
  test.use({ timezoneId: 'America/Rio_Branco' });

  test('counts its own day: born 29/02/2008 is 18 only tomorrow, refused under the field', async ({ page }) => {
    await page.clock.setFixedTime(ACRE_EVENING);
    const requests = recordRequests(page);
    await answerLicence(page);
    await openLicence(page);
    await typeFirstLicence(page, '28022026');
    await typeBirthDate(page, '29022008');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page.getByLabel('Data de nascimento', { exact: true })).toHaveAccessibleDescription(OUT_OF_RANGE);
    expect(licencePosts(requests)).toHaveLength(0);
  });
});

test.describe('a phone in São Paulo at the same instant', () => {
  test.use({ timezoneId: 'America/Sao_Paulo' });

  test('it is 01/03/2026 there: born 29/02/2008 is 18 and goes out', async ({ page }) => {
    await page.clock.setFixedTime(ACRE_EVENING);
    const bodies = await answerLicence(page);
    await openLicence(page);
    await typeFirstLicence(page, '01032026');
    await typeBirthDate(page, '29022008');
    await page.getByRole('button', { name: 'Continuar' }).click();
    await expect(page).toHaveURL(`${HOST}/register/upload-picture/0`);
    expect(bodies).toEqual([expect.objectContaining({ BirthDate: '2008-02-29' })]);
  });
});
