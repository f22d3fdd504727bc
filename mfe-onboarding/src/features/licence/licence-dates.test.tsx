import { screen, waitFor } from '@testing-library/react';
import { fixDate, mockJson, recordRequests, renderRoute, type RenderRouteResult } from '@driver-portal/shared/test-utils';
import { api } from '../../contract';
import { routes } from '../../routes';

/**
 * The licence's dates on the days the calendar makes hard (issue 44, point 3): 29 February, the
 * day after a 28 February, a month's last day. Someone born on D is 18 from the same day 18 years
 * later, or the next day when that day does not exist (Código Civil, art. 132 §3).
 */

// Each test fills a long form: under a full parallel run that takes longer than Jest's default 5 s.
jest.setTimeout(40_000);

const GUID = 'guid-leap';
const field = (label: string) => screen.getByLabelText(label);
const continuar = () => screen.getByRole('button', { name: 'Continuar' });
const OUT_OF_RANGE = 'Data fora do período possível.';
const EXPIRED = 'CNHs vencidas não são aceitas: esta CNH será recusada na análise.';

/** Noon in Brasília time of a DD/MM/YYYY day (every zone of Brazil is on that day then). */
const noonOf = (typed: string) => new Date(`${typed.slice(6)}-${typed.slice(3, 5)}-${typed.slice(0, 2)}T12:00:00-03:00`);
const iso = (typed: string) => `${typed.slice(6)}-${typed.slice(3, 5)}-${typed.slice(0, 2)}`;
const digits = (typed: string) => typed.replace(/\//g, '');

interface LicenceDates {
  birth: string;
  firstLicence: string;
  emission: string;
  validity: string;
}

async function open() {
  const rendered = renderRoute({ routes, path: '/register/cnh/new/0', session: { driverGuid: GUID } });
  await screen.findByLabelText('Nº de registro da CNH', {}, { timeout: 10_000 });
  return rendered;
}

/** A whole licence, with the given dates (DD/MM/YYYY). */
async function fill({ user }: RenderRouteResult, dates: LicenceDates) {
  const typed: Array<[string, string]> = [
    ['Nº de registro da CNH', '01234567807'],
    ['Data da 1ª habilitação', digits(dates.firstLicence)],
    ['Validade', digits(dates.validity)],
    ['Data de nascimento', digits(dates.birth)],
    ['Documento de identidade (RG)', '123456789'],
    ['Órgão emissor do documento', 'SSP'],
    ['Nome da mãe', 'Ana Ferreira'],
    ['Nome do pai', 'José Ferreira'],
    ['Observações', 'EAR'],
    ['Cidade de emissão', 'São Paulo'],
    ['Data de emissão', digits(dates.emission)],
    ['Número RENACH', 'SP123456789'],
    ['Número de segurança', '12345678901'],
    ['Número do espelho', '9876543210'],
  ];
  for (const [label, value] of typed) {
    await user.click(field(label));
    await user.paste(value);
  }
  await user.selectOptions(field('Categoria'), 'B');
  await user.selectOptions(field('UF do documento'), 'SP');
  await user.selectOptions(field('UF de emissão'), 'SP');
}

const posts = (requests: ReturnType<typeof recordRequests>) => requests.filter((request) => request.method === 'POST');

beforeEach(() => mockJson(api.register.license, { driverLicense: null }));
afterEach(() => jest.useRealTimers());

describe('the licence on 29 February and around it', () => {
  // A new driver: first licence, issue and the validity of a first licence (a year) from the day they turn 18.
  it.each([
    ['29/02/2028', '01/03/2010', '28/02/2028'],
    ['28/02/2026', '29/02/2008', '28/02/2026'],
  ])(
    'on %s a driver born %s is not 18 yet: "%s" is refused under the birth date and nothing is sent',
    async (today, birth, firstLicence) => {
      fixDate(noonOf(today));
      const requests = recordRequests();
      mockJson(api.register.saveLicense, {});
      const rendered = await open();
      await fill(rendered, { birth, firstLicence, emission: firstLicence, validity: '28/02/2029' });
      await rendered.user.click(continuar());
      await waitFor(() => expect(field('Data de nascimento')).toHaveFocus());
      expect(field('Data de nascimento')).toHaveAccessibleDescription(OUT_OF_RANGE);
      expect(screen.getByText(OUT_OF_RANGE)).toBeVisible();
      expect(posts(requests)).toHaveLength(0);
    },
  );

  it.each([
    ['29/02/2028', '28/02/2010'],
    ['29/02/2028', '29/02/2008'],
    ['01/03/2026', '29/02/2008'],
    ['31/12/2026', '31/12/2008'],
    ['01/01/2027', '01/01/2009'],
  ])('on %s a driver born %s is 18: the licence goes out with the birth date as typed', async (today, birth) => {
    fixDate(noonOf(today));
    const requests = recordRequests();
    mockJson(api.register.saveLicense, {});
    const rendered = await open();
    await fill(rendered, { birth, firstLicence: today, emission: today, validity: '01/03/2029' });
    await rendered.user.click(continuar());
    await waitFor(() => expect(rendered.router.state.location.pathname).toBe('/register/upload-picture/0'));
    const [post] = posts(requests);
    expect(post?.url.pathname).toBe(`/register/api/1.0/driver/${GUID}/license`);
    expect(post?.body).toMatchObject({
      BirthDate: iso(birth),
      FirstLicenseDate: iso(today),
      EmissionDate: iso(today),
      ExpirationDate: '2029-03-01',
    });
  });

  it('on 29/02/2028 today is no future date (issue and first licence) and the validity reaches 01/03/2038, not 02/03/2038', async () => {
    fixDate(noonOf('29/02/2028'));
    const requests = recordRequests();
    mockJson(api.register.saveLicense, {});
    const rendered = await open();
    await fill(rendered, { birth: '17/05/1980', firstLicence: '29/02/2028', emission: '01/03/2028', validity: '02/03/2038' });
    await rendered.user.click(continuar());
    await waitFor(() => expect(field('Data de emissão')).toHaveAccessibleDescription(OUT_OF_RANGE));
    expect(field('Validade')).toHaveAccessibleDescription(OUT_OF_RANGE);
    expect(field('Data da 1ª habilitação')).not.toHaveAccessibleDescription(OUT_OF_RANGE);
    expect(posts(requests)).toHaveLength(0);

    for (const [label, typed] of [
      ['Data de emissão', '29022028'],
      ['Validade', '01032038'],
    ]) {
      await rendered.user.clear(field(label as string));
      await rendered.user.paste(typed as string);
    }
    await rendered.user.click(continuar());
    await waitFor(() => expect(posts(requests)).toHaveLength(1));
    expect(posts(requests)[0]?.body).toMatchObject({
      FirstLicenseDate: '2028-02-29',
      EmissionDate: '2028-02-29',
      ExpirationDate: '2038-03-01',
    });
  });

  it("at 22:30 of 28/02/2026 in Rio Branco (already 01/03 in São Paulo) the Acre phone's day counts: born 29/02/2008 is refused; a phone set to UTC counts São Paulo's day and sends it", async () => {
    const acreEvening = new Date('2026-02-28T22:30:00-05:00');
    const resolvedOptions = Intl.DateTimeFormat.prototype.resolvedOptions;
    const phoneIn = (timeZone: string) =>
      jest.spyOn(Intl.DateTimeFormat.prototype, 'resolvedOptions').mockImplementation(function (this: Intl.DateTimeFormat) {
        return { ...resolvedOptions.call(this), timeZone };
      });
    // A first licence on the 18th birthday as the UTC phone counts it (01/03/2026).
    const dates = { birth: '29/02/2008', firstLicence: '01/03/2026', emission: '01/03/2026', validity: '28/02/2027' };

    phoneIn('America/Rio_Branco');
    fixDate(acreEvening);
    const requests = recordRequests();
    mockJson(api.register.saveLicense, {});
    const acre = await open();
    await fill(acre, dates);
    await acre.user.click(continuar());
    await waitFor(() => expect(field('Data de nascimento')).toHaveAccessibleDescription(OUT_OF_RANGE));
    expect(posts(requests)).toHaveLength(0);
    acre.unmount();
    jest.restoreAllMocks();
    window.sessionStorage.clear();

    phoneIn('UTC');
    const utc = await open();
    await fill(utc, dates);
    await utc.user.click(continuar());
    await waitFor(() => expect(posts(requests)).toHaveLength(1));
    expect(posts(requests)[0]?.body).toMatchObject({ BirthDate: '2008-02-29' });
  });

  it('a validity of 29/02/2028 is not expired that day and is on 01/03/2028', async () => {
    fixDate(noonOf('29/02/2028'));
    const rendered = await open();
    await rendered.user.click(field('Validade'));
    await rendered.user.paste('29022028');
    await rendered.user.tab();
    expect(screen.queryByText(EXPIRED)).not.toBeInTheDocument();
    rendered.unmount();
    jest.useRealTimers();

    fixDate(noonOf('01/03/2028'));
    const later = await open();
    // The draft of the first visit may be restored: the field is typed again either way.
    await later.user.clear(field('Validade'));
    await later.user.paste('29022028');
    await later.user.tab();
    expect(await screen.findByText(EXPIRED)).toBeInTheDocument();
  });
});

describe('the dates of one CNH in their order', () => {
  const FIRST_UNDERAGE = 'A 1ª habilitação só é dada a partir dos 18 anos: confira esta data e a de nascimento.';
  const EMISSION_BEFORE = 'A data de emissão não pode ser anterior à da 1ª habilitação.';
  const VALIDITY_BEFORE = 'A validade tem de ser posterior à data de emissão.';

  it.each([
    [
      'born 29/02/2008, a first licence on 28/02/2026 (still 17: 18 on 01/03/2026)',
      { birth: '29/02/2008', firstLicence: '28/02/2026', emission: '28/02/2026', validity: '28/02/2027' },
      'Data da 1ª habilitação',
      FIRST_UNDERAGE,
    ],
    [
      'born 17/05/1980, a first licence on 16/05/1998',
      { birth: '17/05/1980', firstLicence: '16/05/1998', emission: '31/01/2025', validity: '31/01/2030' },
      'Data da 1ª habilitação',
      FIRST_UNDERAGE,
    ],
    [
      'an issue before the first licence',
      { birth: '17/05/1980', firstLicence: '01/03/2000', emission: '29/02/2000', validity: '31/01/2030' },
      'Data de emissão',
      EMISSION_BEFORE,
    ],
    [
      'a validity on the issue day',
      { birth: '17/05/1980', firstLicence: '01/03/2000', emission: '10/06/2026', validity: '10/06/2026' },
      'Validade',
      VALIDITY_BEFORE,
    ],
  ])('%s: refused under the later field, nothing sent', async (_, dates, label, message) => {
    fixDate(noonOf('10/06/2026'));
    const requests = recordRequests();
    mockJson(api.register.saveLicense, {});
    const rendered = await open();
    await fill(rendered, dates);
    await rendered.user.click(continuar());
    await waitFor(() => expect(field(label)).toHaveAccessibleDescription(message));
    expect(field(label)).toHaveFocus();
    expect(posts(requests)).toHaveLength(0);
  });

  it('born 29/02/2008, a first licence on 01/03/2026 (the 18th birthday) and an issue that day go out', async () => {
    fixDate(noonOf('10/06/2026'));
    const requests = recordRequests();
    mockJson(api.register.saveLicense, {});
    const rendered = await open();
    await fill(rendered, { birth: '29/02/2008', firstLicence: '01/03/2026', emission: '01/03/2026', validity: '01/03/2027' });
    await rendered.user.click(continuar());
    await waitFor(() => expect(posts(requests)).toHaveLength(1));
    expect(posts(requests)[0]?.body).toMatchObject({ BirthDate: '2008-02-29', FirstLicenseDate: '2026-03-01', EmissionDate: '2026-03-01' });
  });
});
