import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { draftStorage, draftStorageKey } from '@driver-portal/shared/forms';
import { REQUEST_TIMEOUT_MS } from '@driver-portal/shared/http';
import {
  mockApi,
  mockJson,
  mockNetworkError,
  mockStatus,
  recordRequests,
  renderRoute,
  type RenderRouteResult,
  savedDraft,
} from '@driver-portal/shared/test-utils';
import { api } from '../../contract';
import { routes } from '../../routes';

// Each test fills a long form: under a full parallel run that takes longer than Jest's default 5 s.
jest.setTimeout(20_000);

const GUID = 'guid-7';
const session = { driverGuid: GUID };
const field = (label: string) => screen.getByLabelText(label);
const continuar = () => screen.getByRole('button', { name: 'Continuar' });
const location = (rendered: RenderRouteResult) => `${rendered.router.state.location.pathname}${rendered.router.state.location.search}`;

async function open(path = '/register/cnh/new/0', extra: Record<string, string> = {}) {
  const rendered = renderRoute({ routes, path, session: { ...session, ...extra } });
  await screen.findByLabelText('Nº de registro da CNH', {}, { timeout: 10_000 });
  return rendered;
}

async function fill({ user }: RenderRouteResult, skip?: string) {
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
    ['Cidade de emissão', 'São Paulo'],
    ['Data de emissão', '31012025'],
    ['Número RENACH', 'SP123456789'],
    ['Número de segurança', '12345678901'],
    ['Número do espelho', '9876543210'],
  ];
  for (const [label, value] of typed) {
    if (label === skip) continue;
    await user.click(field(label));
    await user.paste(value);
  }
  await user.selectOptions(field('Categoria'), 'A/B');
  await user.selectOptions(field('UF do documento'), 'SP');
  await user.selectOptions(field('UF de emissão'), 'SP');
}

const BODY = {
  DocumentNumber: '123456789',
  DocumentIssuingAuthority: 'SSP',
  DocumentIssuingState: 'SP',
  BirthDate: '1980-05-17',
  MotherName: 'Ana Ferreira',
  FatherName: 'José Ferreira',
  RegisterNumber: '01234567807',
  Category: 'A/B',
  FirstLicenseDate: '2000-03-01',
  ExpirationDate: '2030-01-31',
  EmissionDate: '2025-01-31',
  EmissionCity: 'São Paulo',
  EmissionState: 'SP',
  RenachNumber: 'SP123456789',
  SecurityNumber: '12345678901',
  MirrorNumber: '9876543210',
  Remark: 'EAR',
};

beforeEach(() => mockJson(api.register.license, { driverLicense: null }));

describe('licence data', () => {
  it('offers every category a CNH prints (A to E, AB, AC, AD, AE) and keeps Continuar disabled until every field is filled', async () => {
    const rendered = await open();
    expect(screen.getByRole('heading', { level: 1, name: 'Dados da CNH' })).toBeInTheDocument();
    const options = within(field('Categoria')).getAllByRole('option');
    expect(options.map((option) => option.textContent)).toEqual(['Selecione', 'A', 'B', 'C', 'D', 'E', 'AB', 'AC', 'AD', 'AE']);
    // Sent as the contract has them: the seed's "A/B" for a printed "AB" (docs/decisions/0016).
    expect(options.map((option) => option.getAttribute('value'))).toEqual(['', 'A', 'B', 'C', 'D', 'E', 'A/B', 'A/C', 'A/D', 'A/E']);
    expect(continuar()).toBeDisabled();
    expect(continuar()).toHaveAccessibleDescription('Preencha todos os campos para continuar.');
    await fill(rendered, 'Nome do pai');
    expect(continuar()).toBeDisabled();
    await rendered.user.type(field('Nome do pai'), 'Não consta');
    expect(continuar()).toBeEnabled();
  });

  it('posts every field (dates as YYYY-MM-DD) and, in the new flow, opens the checklist', async () => {
    const requests = recordRequests();
    mockJson(api.register.saveLicense, {});
    const rendered = await open();
    await fill(rendered);
    await rendered.user.click(continuar());
    await waitFor(() => expect(location(rendered)).toBe('/register/upload-picture/0'));
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.url.pathname).toBe(`/register/api/1.0/driver/${GUID}/license`);
    expect(post?.body).toEqual(BODY);
    expect(requests[0]?.method).toBe('GET');
    expect(requests[0]?.url.pathname).toBe(`/register/api/1.0/driver/${GUID}/license`);
    expect(savedDraft(`licence:${GUID}`)).toBeNull();
  });

  it('in the edit flow leads to the review (startFlow); in a journey from My account back where it started, replacing the form', async () => {
    mockJson(api.register.saveLicense, {});
    mockJson(api.register.modalityWorkflow, { modalityId: 0 });
    mockJson(api.register.sendToReview, {});
    mockJson(api.register.modalityDocuments, { documents: [] });
    const edit = await open('/register/cnh/edit/0');
    await fill(edit);
    await edit.user.click(continuar());
    await waitFor(() => expect(location(edit)).toBe(`/register/review-docs/${GUID}?startFlow=true`));
    edit.unmount();

    // The journey travels in the address; a change-document flag left in storage by an older My account means nothing.
    const change = await open(`/register/cnh/edit/0?returnTo=${encodeURIComponent('/my-account/change-docs/driver-9')}`, {
      changeDocument: 'true',
    });
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', '/my-account/change-docs/driver-9');
    await fill(change);
    const before = change.router.state.historyAction;
    await change.user.click(continuar());
    await waitFor(() => expect(location(change)).toBe('/my-account/change-docs/driver-9'));
    expect(before).not.toBe('REPLACE');
    expect(change.router.state.historyAction).toBe('REPLACE');
  });

  it('a return address that leaves the portal is never followed: the flow goes on as without a journey', async () => {
    mockJson(api.register.saveLicense, {});
    const rendered = await open(`/register/cnh/new/0?returnTo=${encodeURIComponent('https://evil.example/phish')}`);
    await fill(rendered);
    await rendered.user.click(continuar());
    await waitFor(() => expect(location(rendered)).toBe('/register/upload-picture/0'));
  });

  it('shows what the service read back: the holder, the document number, emission date and state', async () => {
    mockJson(api.register.license, {
      driverLicense: {
        emissionDate: '2025-01-31',
        documentNumber: '123456789',
        emissionState: 'RJ',
        name: 'João Batista Ferreira',
        cpf: '11144477735',
      },
    });
    await open();
    expect(screen.getByText('Titular: João Batista Ferreira · CPF 111.444.777-35')).toBeInTheDocument();
    expect(field('Documento de identidade (RG)')).toHaveValue('123456789');
    expect(field('Data de emissão')).toHaveValue('31/01/2025');
    expect(field('UF de emissão')).toHaveValue('RJ');
  });

  it('a date that is no day says "Data inválida" and nothing is sent', async () => {
    const requests = recordRequests();
    const rendered = await open();
    await fill(rendered, 'Validade');
    await rendered.user.type(field('Validade'), '31022030');
    await rendered.user.click(continuar());
    await waitFor(() => expect(field('Validade')).toHaveFocus());
    expect(field('Validade')).toHaveAccessibleDescription('Data inválida');
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it.each([
    ['Data de nascimento', '01012099'],
    ['Data de emissão', '01012090'],
    ['Validade', '31129999'],
    ['Data da 1ª habilitação', '01011920'],
  ])('an impossible %s (%s) is refused under the field and nothing is sent', async (label, typed) => {
    const requests = recordRequests();
    const rendered = await open();
    await fill(rendered, label);
    await rendered.user.type(field(label), typed);
    await rendered.user.click(continuar());
    await waitFor(() => expect(field(label)).toHaveFocus());
    expect(field(label)).toHaveAccessibleDescription('Data fora do período possível.');
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('a name longer than the service holds, or with a right-to-left override, is refused and nothing is sent', async () => {
    const requests = recordRequests();
    const rendered = await open();
    await fill(rendered, 'Nome da mãe');
    await rendered.user.click(field('Nome da mãe'));
    await rendered.user.paste('A'.repeat(10_000));
    await rendered.user.click(continuar());
    await waitFor(() => expect(field('Nome da mãe')).toHaveAccessibleDescription('Use no máximo 100 caracteres.'));
    // Kept whole (never cut), for the driver to correct.
    expect(field('Nome da mãe')).toHaveValue('A'.repeat(10_000));

    await rendered.user.clear(field('Nome da mãe'));
    await rendered.user.paste('Ana \u202eariereF');
    await rendered.user.click(continuar());
    await waitFor(() =>
      expect(field('Nome da mãe')).toHaveAccessibleDescription('Há um caractere invisível ou de controle no texto: apague-o.'),
    );
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('tells an expired CNH so under "Validade", as the vehicle\'s age is told, and still lets it be sent', async () => {
    const requests = recordRequests();
    mockJson(api.register.saveLicense, {});
    const rendered = await open();
    const { user } = rendered;
    await fill(rendered, 'Validade');
    const today = new Date();
    const day = (offset: number) => {
      const date = new Date(today.getTime() + offset * 86_400_000);
      const [year, month, dayOfMonth] = new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Sao_Paulo' }).format(date).split('-');
      return `${dayOfMonth}${month}${year}`;
    };
    await user.click(field('Validade'));
    await user.paste(day(2));
    expect(field('Validade')).not.toHaveAccessibleDescription(/vencida/);
    await user.clear(field('Validade'));
    await user.paste(day(-2));
    expect(field('Validade')).toHaveAccessibleDescription('CNHs vencidas não são aceitas: esta CNH será recusada na análise.');
    // A warning, not a refusal: the driver may still send it (the review is the one to refuse).
    await user.click(continuar());
    await waitFor(() => expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1));
  });

  it.each([
    ['E', 'E'],
    ['AE', 'A/E'],
    ['A', 'A'],
  ])('a licence of category %s (as printed) goes out as %j', async (printed, sent) => {
    const requests = recordRequests();
    mockJson(api.register.saveLicense, {});
    const rendered = await open();
    await fill(rendered);
    await rendered.user.selectOptions(field('Categoria'), printed);
    await rendered.user.click(continuar());
    await waitFor(() => expect(location(rendered)).toBe('/register/upload-picture/0'));
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual({ ...BODY, Category: sent });
  });

  it.each([
    ['Nº de registro da CNH', '01234567808', 'Nº de registro inválido: confira os dois últimos dígitos.'],
    ['Nº de registro da CNH', '0123456780', 'Nº de registro inválido: são 11 dígitos.'],
    ['Nº de registro da CNH', 'O1234567807', 'Nº de registro inválido: use só números.'],
    ['Número RENACH', 'XX123456789', 'Número RENACH inválido: ele começa pela sigla do estado, como SP.'],
    ['Número RENACH', 'SP12345678', 'Número RENACH inválido: são 11 caracteres, como SP123456789.'],
    ['Número de segurança', '1234567890', 'Número de segurança inválido: são 11 dígitos.'],
    ['Número do espelho', '98765432', 'Número do espelho inválido: são 9 ou 10 dígitos.'],
    ['Número do espelho', '98765432l0', 'Número do espelho inválido: use só números.'],
  ])('%s %j says what is wrong under the field, and nothing is sent', async (label, typed, message) => {
    const requests = recordRequests();
    mockJson(api.register.saveLicense, {});
    const rendered = await open();
    await fill(rendered, label);
    await rendered.user.click(field(label));
    await rendered.user.paste(typed);
    await rendered.user.click(continuar());
    await waitFor(() => expect(field(label)).toHaveFocus());
    expect(field(label)).toHaveAccessibleDescription(message);
    expect(field(label)).toHaveAttribute('aria-invalid', 'true');
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('numbers pasted with the separators of a print go out as the issuer writes them', async () => {
    const requests = recordRequests();
    mockJson(api.register.saveLicense, {});
    const rendered = await open();
    await fill(rendered);
    for (const [label, typed] of [
      ['Nº de registro da CNH', '012.345.678-07'],
      ['Número RENACH', 'sp 123456789'],
      ['Número do espelho', '987 654 321-0'],
    ] as const) {
      await rendered.user.clear(field(label));
      await rendered.user.paste(typed);
    }
    await rendered.user.click(continuar());
    await waitFor(() => expect(requests.filter((request) => request.method === 'POST')).toHaveLength(1));
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual(BODY);
  });

  it('a draft kept with the seed\'s "A/B" opens with AB chosen', async () => {
    draftStorage().setItem(draftStorageKey(`licence:${GUID}`), JSON.stringify({ Category: 'A/B', MotherName: 'Ana Ferreira' }));
    await open();
    expect(field('Categoria')).toHaveValue('A/B');
    expect(within(field('Categoria')).getByRole('option', { selected: true })).toHaveTextContent('AB');
  });

  it('keeps its draft across a reload', async () => {
    const first = await open();
    await first.user.type(field('Nome da mãe'), 'Ana Ferreira');
    await first.user.selectOptions(field('Categoria'), 'C');
    await waitFor(() => expect(savedDraft(`licence:${GUID}`)).toContain('Ana Ferreira'));
    first.unmount();
    await open();
    expect(field('Nome da mãe')).toHaveValue('Ana Ferreira');
    expect(field('Categoria')).toHaveValue('C');
  });

  it.each([
    [500, 'Ocorreu um erro inesperado, tente novamente mais tarde.'],
    [404, 'O serviço esta indisponivel no momento, tente novamente mais tarde.'],
    [400, 'Validade: data inválida.'],
  ])('sending answered %i says so and keeps the form', async (status, text) => {
    mockStatus(api.register.saveLicense, status, status === 400 ? { validations: [{ field: 'ExpirationDate', message: text }] } : {});
    const rendered = await open();
    await fill(rendered);
    await rendered.user.click(continuar());
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent(text);
    if (status === 400) expect(alert).toHaveTextContent('Por favor revise os seguintes dados:');
    expect(field('Nome da mãe')).toHaveValue('Ana Ferreira');
    expect(location(rendered)).toBe('/register/cnh/new/0');
  });

  it('offline and a send that never answers say so', async () => {
    mockNetworkError(api.register.saveLicense);
    const rendered = await open();
    await fill(rendered);
    await rendered.user.click(continuar());
    const offline = await screen.findByRole('alertdialog');
    expect(offline).toHaveTextContent('Sem conexão com a internet.');
    await rendered.user.click(within(offline).getByRole('button', { name: 'OK' }));

    mockApi(api.register.saveLicense, () => new Promise<never>(() => undefined));
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      fireEvent.click(continuar());
      await act(async () => {
        await jest.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
      });
      expect(await screen.findByRole('alertdialog')).toHaveTextContent('O serviço demorou para responder.');
    } finally {
      jest.useRealTimers();
    }
  });

  it('a failed read-back shows the error with a retry', async () => {
    mockStatus(api.register.license, 500);
    const { user } = renderRoute({ routes, path: '/register/cnh/new/0', session });
    expect(await screen.findByText('Ocorreu um erro inesperado, tente novamente mais tarde.')).toBeInTheDocument();
    mockJson(api.register.license, { driverLicense: null });
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByLabelText('Nome da mãe')).toBeInTheDocument();
  });

  it('without a known driver says so', async () => {
    renderRoute({ routes, path: '/register/cnh/new/0', session: {} });
    expect(await screen.findByText(/Não foi possível identificar o seu cadastro/)).toBeInTheDocument();
  });
});
