import { driverValue } from '@driver-portal/shared/session';
import { act, screen, waitFor, within } from '@testing-library/react';
import { api, type DriverVehicle } from '../../contract';
import {
  ACCEPTED_ANSWERS,
  HttpResponse,
  mockAnswer,
  mockApi,
  mockJson,
  mockNetworkError,
  mockStatus,
  recordRequests,
  renderRoute,
  TEST_TOKEN,
  savedDraft,
  tolerantVariant,
} from '@driver-portal/shared/test-utils';
import { routes } from '../../routes';
import type { WizardAnswers } from './wizard';

// Whole steps typed key by key: on a busy 2-core machine some take longer than Jest's 5 s default.
jest.setTimeout(20_000);

const DRIVER_ID = '3f6c2d1e-8a4b-4c9d-9e2f-1a2b3c4d5e6f';
const INSURANCE = '/insurance/api/1.0/insurance';
const UNEXPECTED_TEXT = 'Ocorreu um erro inesperado, tente novamente mais tarde.';
const NOT_FOUND_TEXT = 'O serviço esta indisponivel no momento, tente novamente mais tarde.';
const OFFLINE_TEXT = 'Sem conexão com a internet. Verifique sua conexão e tente novamente.';
const TIMEOUT_TEXT = 'O serviço demorou para responder. Verifique sua conexão e tente novamente.';
const SUCCESS_TEXT = 'Que bom ter você como cliente! Em breve seu seguro de automóvel SulAmérica estará vigente.';

const DRIVER = { id: DRIVER_ID, name: 'Maria Aparecida dos Santos', email: 'maria@example.com', mobile: '11987654321', cpf: '52998224725' };
const VEHICLE: DriverVehicle = {
  plate: 'BRA2E19',
  chassis: '9BWZZZ377VT004251',
  fuel: 'Flex',
  issuingState: 'SP',
  issuingAuthority: 'DETRAN-SP',
};

const COMPLEMENT = { maritalStatus: 'Casado', rg: '123456789', ufRg: 'SP', rgIssueDate: '10/05/2010' };
// Itaú: modulus 10 over agency + account 1234 56789 gives 7.
const FINANCIAL = { bank: '341', agency: '1234', agencyDigit: '', account: '56789', accountDigit: '7' };
const REVIEWED: WizardAnswers = {
  complement: COMPLEMENT,
  financial: FINANCIAL,
  owner: { isOwner: 'Sim' },
  ownerFromDriver: { name: DRIVER.name, cpf: DRIVER.cpf },
  drivers: [{ name: 'João Batista Ferreira', birthDate: '01/02/1980', cpf: '111.444.777-35' }],
  reviewed: true,
};

/**
 * Opens a wizard path for the driver of the insurance home, with answers already given; the
 * check that the driver can contract already passed, unless `checked` is false.
 */
function open(path: string, answers?: WizardAnswers, checked = true) {
  const driverValues: Record<string, string> = answers ? { insuranceWizard: JSON.stringify(answers) } : {};
  if (checked) driverValues.insuranceEligible = 'yes';
  return renderRoute({ routes, path, session: { token: TEST_TOKEN, driverId: DRIVER_ID }, driverValues });
}

// The review shows the insured vehicle (the registration's taxi).
beforeEach(() => mockJson(api.register.vehicle, { response: { vehicle: VEHICLE } }));

const storedAnswers = (): WizardAnswers => JSON.parse(driverValue('insuranceWizard').get() ?? '{}') as WizardAnswers;
const heading = (name: string) => screen.findByRole('heading', { level: 1, name });

/** What the insurer needs, found: no policy, the taxi, the driver's registration. */
function mockEligible() {
  mockJson(api.insurance.activePolicy, { active: false, policyNumber: null, expirationDate: null, bestPaymentDay: null, requestId: null });
  mockJson(api.register.vehicle, { response: { vehicle: VEHICLE } });
  mockJson(api.register.driver, { response: DRIVER });
}

describe('the disclaimer', () => {
  it('says what the insurance covers and what to have at hand, and leads to the first step; back to the insurance home', async () => {
    mockEligible();
    open('/car-insurance/disclaimer');
    expect(await heading('Antes de contratar')).toBeInTheDocument();
    expect(await screen.findByText(/cobre danos que o seu táxi causar/)).toBeInTheDocument();
    expect(screen.getByText(/até 3 condutores adicionais/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Continuar' })).toHaveAttribute('href', '/car-insurance/complememnt');
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', `/car-insurance/init/${DRIVER_ID}`);
  });

  it('a driver with no registered taxi reads why before any step, and is offered no Continuar', async () => {
    const requests = recordRequests();
    mockEligible();
    mockStatus(api.register.vehicle, 404, { validations: [{ message: 'Veículo não encontrado.' }] });
    open('/car-insurance/disclaimer', undefined, false);
    expect(await screen.findByText(/Você ainda não tem um táxi cadastrado/)).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Continuar' })).not.toBeInTheDocument();
    expect(requests.map((request) => request.url.pathname)).toContain(`/register/api/1.0/driver/${DRIVER_ID}/modality/0/vehicle`);
    expect(requests.some((request) => request.method === 'POST')).toBe(false);
  });

  it('a driver whose registration is not found reads so, with no Continuar', async () => {
    mockEligible();
    mockStatus(api.register.driver, 404, { validations: [{ message: 'Motorista não encontrado.' }] });
    open('/car-insurance/disclaimer', undefined, false);
    expect(await screen.findByRole('alert')).toHaveTextContent('Não encontramos o seu cadastro para contratar o seguro.');
    expect(screen.queryByRole('link', { name: 'Continuar' })).not.toBeInTheDocument();
  });

  it('a driver who already has a policy is led to it (the insurance home), replacing the disclaimer', async () => {
    mockEligible();
    mockJson(api.insurance.activePolicy, {
      active: true,
      policyNumber: '1180-0001-ABCD',
      expirationDate: '2099-01-01T00:00:00Z',
      bestPaymentDay: 10,
      requestId: 'req-1',
    });
    const { router } = open('/car-insurance/disclaimer', undefined, false);
    await waitFor(() => expect(router.state.location.pathname).toBe(`/car-insurance/init/${DRIVER_ID}`));
    expect(router.state.historyAction).toBe('REPLACE');
    expect(await screen.findByText('1180-0001-ABCD')).toBeInTheDocument();
  });

  it("the first step opened straight (the native app's deep link) checks too: no taxi, no form", async () => {
    mockEligible();
    mockStatus(api.register.vehicle, 404, {});
    open('/car-insurance/complememnt', undefined, false);
    expect(await screen.findByText(/Você ainda não tem um táxi cadastrado/)).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Estado civil' })).not.toBeInTheDocument();
  });

  it('a failed check says so with a retry, which opens the step', async () => {
    mockEligible();
    mockStatus(api.register.vehicle, 500, {});
    const { user } = open('/car-insurance/complememnt', undefined, false);
    expect(await screen.findByRole('alert')).toHaveTextContent(UNEXPECTED_TEXT);
    expect(screen.queryByRole('combobox', { name: 'Estado civil' })).not.toBeInTheDocument();
    mockJson(api.register.vehicle, { response: { vehicle: VEHICLE } });
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('combobox', { name: 'Estado civil' })).toBeInTheDocument();
  });
});

describe('step 1, complement', () => {
  it.each([['/car-insurance/complememnt'], ['/car-insurance/complement'], ['/car-insurance/COMPLEMEMNT']])('%s opens it', async (path) => {
    open(path);
    expect(await heading('Dados complementares')).toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Estado civil' })).toBeInTheDocument();
  });

  it('needs the marital status and a real, past RG issue date; Continuar keeps the answers and opens financial', async () => {
    const { user, router } = open('/car-insurance/complememnt');
    await heading('Dados complementares');
    expect(
      within(screen.getByRole('combobox', { name: 'Estado civil' }))
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Selecione', 'Casado', 'Solteiro', 'Divorciado', 'Viúvo']);
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByRole('combobox', { name: 'Estado civil' })).toHaveAccessibleDescription('Campo obrigatório');
    expect(screen.getByLabelText('Data de emissão do RG')).toHaveAccessibleDescription('Campo obrigatório');
    // The insurer refuses a contract without the RG and its state: every missing field is named here, at once.
    expect(screen.getByLabelText('RG', { exact: true })).toHaveAccessibleDescription('Campo obrigatório');
    expect(screen.getByLabelText('Estado emissor do RG')).toHaveAccessibleDescription('Campo obrigatório');
    // The focus goes where the work is: the first field in error, not the button.
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Estado civil' })).toHaveFocus());

    await user.type(screen.getByLabelText('Data de emissão do RG'), '31022010');
    await user.tab();
    expect(await screen.findByText('Data invalida')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Data de emissão do RG'));
    await user.type(screen.getByLabelText('Data de emissão do RG'), '01012099');
    await user.tab();
    expect(await screen.findByText('A data não pode ser futura')).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Data de emissão do RG'));
    await user.type(screen.getByLabelText('Data de emissão do RG'), '10052010');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Estado civil' }), 'Viúvo');
    await user.type(screen.getByLabelText('RG'), '12.345.678-9');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Estado emissor do RG' }), 'RJ');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));

    expect(await heading('Dados financeiros')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/car-insurance/financial');
    expect(storedAnswers().complement).toEqual({ maritalStatus: 'Viúvo', rg: '12.345.678-9', ufRg: 'RJ', rgIssueDate: '10/05/2010' });
  });

  it('an RG longer than 20 characters, or with a right-to-left override, is kept whole and refused, never cut', async () => {
    const { user, router } = open('/car-insurance/complememnt');
    await heading('Dados complementares');
    const rg = screen.getByLabelText('RG', { exact: true });
    expect(rg).not.toHaveAttribute('maxlength');
    await user.click(rg);
    await user.paste('12.345.678-9 SSP/SP 2010');
    await user.tab();
    expect(rg).toHaveValue('12.345.678-9 SSP/SP 2010');
    await waitFor(() => expect(rg).toHaveAccessibleDescription('Use no máximo 20 caracteres.'));
    await user.clear(rg);
    await user.paste('12.345\u202E678-9');
    await user.tab();
    await waitFor(() => expect(rg).toHaveAccessibleDescription('Há um caractere invisível ou de controle no texto: apague-o.'));
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(router.state.location.pathname).toBe('/car-insurance/complememnt');
  });

  it.each(['12.345.678-X', 'MG-12.345.678', '1234567', '12 345 678-9', '390.533.447-05'])(
    'an RG as printed, %s, is taken as typed',
    async (value) => {
      const { user } = open('/car-insurance/complememnt');
      await heading('Dados complementares');
      await user.selectOptions(screen.getByLabelText('Estado civil'), 'Solteiro');
      await user.type(screen.getByLabelText('RG', { exact: true }), value);
      await user.selectOptions(screen.getByRole('combobox', { name: 'Estado emissor do RG' }), 'MG');
      await user.type(screen.getByLabelText('Data de emissão do RG'), '10052010');
      await user.click(screen.getByRole('button', { name: 'Continuar' }));
      expect(await heading('Dados financeiros')).toBeInTheDocument();
      expect(storedAnswers().complement?.rg).toBe(value);
    },
  );

  it.each(['12.345.678#9', 'RG-SSP', 'ÇÃ-1234'])('an RG no state prints, %s, says what an RG holds and the step waits', async (value) => {
    const { user, router } = open('/car-insurance/complememnt');
    await heading('Dados complementares');
    const rg = screen.getByLabelText('RG', { exact: true });
    await user.type(rg, value);
    await user.tab();
    await waitFor(() =>
      expect(rg).toHaveAccessibleDescription(
        'Digite o RG como está no documento: números e, se houver, letras (como o X); pontos e traço podem ficar.',
      ),
    );
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(router.state.location.pathname).toBe('/car-insurance/complememnt');
  });

  it('what was typed survives a reload of the webview before Continuar', async () => {
    const first = open('/car-insurance/complememnt');
    await heading('Dados complementares');
    await first.user.selectOptions(screen.getByRole('combobox', { name: 'Estado civil' }), 'Solteiro');
    await first.user.type(screen.getByLabelText('Data de emissão do RG'), '0203');
    await waitFor(() => expect(savedDraft('insurance-complement')).toContain('02/03'));
    first.unmount();

    open('/car-insurance/complememnt');
    await heading('Dados complementares');
    expect(screen.getByRole('combobox', { name: 'Estado civil' })).toHaveValue('Solteiro');
    expect(screen.getByLabelText('Data de emissão do RG')).toHaveValue('02/03');
  });

  it('without a known driver says so instead of a form that cannot be sent', async () => {
    renderRoute({ routes, path: '/car-insurance/complememnt' });
    expect(await heading('Dados complementares')).toBeInTheDocument();
    expect(screen.getByRole('alert')).toHaveTextContent('Não foi possível identificar o motorista.');
    expect(screen.queryByRole('button', { name: 'Continuar' })).not.toBeInTheDocument();
  });
});

describe('a step opened before the earlier ones are done', () => {
  it.each([
    ['/car-insurance/terms', {}, '/car-insurance/complememnt', 'Dados complementares'],
    ['/car-insurance/owner', { complement: COMPLEMENT }, '/car-insurance/financial', 'Dados financeiros'],
    ['/car-insurance/workflow', { complement: COMPLEMENT, financial: FINANCIAL }, '/car-insurance/owner', 'Proprietário do veículo'],
    [
      '/car-insurance/terms',
      { complement: COMPLEMENT, financial: FINANCIAL, owner: { isOwner: 'Não' as const } },
      '/car-insurance/owner-info',
      'Dados do proprietário',
    ],
    ['/car-insurance/terms', { ...REVIEWED, reviewed: false }, '/car-insurance/workflow', 'Revise seus dados'],
    [
      '/car-insurance/owner-info',
      { complement: COMPLEMENT, financial: FINANCIAL, owner: { isOwner: 'Sim' as const } },
      '/car-insurance/owner',
      'Proprietário do veículo',
    ],
  ])('%s with %j leads to %s', async (path, answers, expected, title) => {
    const { router } = open(path, answers as WizardAnswers);
    expect(await heading(title)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe(expected);
  });

  it('a stored answer that no longer holds counts as not done', async () => {
    const { router } = open('/car-insurance/financial', { complement: { ...COMPLEMENT, rgIssueDate: '99/99/2010' } });
    expect(await heading('Dados complementares')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/car-insurance/complememnt');
  });
});

describe('step 2, financial', () => {
  it.each([
    ['Dígito da conta', 'X', 'Se o dígito da sua conta for X, informe 0.'],
    ['Dígito da agência', 'x', 'Se o dígito da sua agência for X, informe 0.'],
    ['Dígito da conta', '10', 'O dígito é um só número, de 0 a 9.'],
  ])('%s "%s" says "%s" and the step waits', async (label, value, message) => {
    const { user, router } = open('/car-insurance/financial', { complement: COMPLEMENT });
    await heading('Dados financeiros');
    await user.selectOptions(screen.getByLabelText('Banco'), '341');
    await user.type(screen.getByLabelText('Agência'), '1234');
    await user.type(screen.getByLabelText('Conta'), '56789');
    if (label !== 'Dígito da conta') await user.type(screen.getByLabelText('Dígito da conta'), '7');
    await user.type(screen.getByLabelText(label), value);
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() => expect(screen.getByLabelText(label)).toHaveAccessibleDescription(expect.stringContaining(message)));
    expect(screen.getByLabelText(label)).not.toHaveAccessibleDescription(expect.stringContaining('Informe apenas números'));
    expect(router.state.location.pathname).toBe('/car-insurance/financial');
  });

  it('needs bank, agency, account and account digit (digits only); the agency digit is optional', async () => {
    const { user, router } = open('/car-insurance/financial', { complement: COMPLEMENT });
    await heading('Dados financeiros');
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', '/car-insurance/complememnt');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    for (const label of ['Banco', 'Agência', 'Conta']) {
      expect(await screen.findByLabelText(label)).toHaveAccessibleDescription('Campo obrigatório');
    }
    await waitFor(() => expect(screen.getByLabelText('Banco')).toHaveFocus());
    expect(screen.getByLabelText('Dígito da conta')).toHaveAccessibleDescription(
      'Se o dígito da sua conta for X, informe 0. Campo obrigatório',
    );
    expect(screen.getByLabelText('Dígito da agência')).toHaveAccessibleDescription('Confira se a sua agência tem dígito (algumas usam 0).');

    await user.selectOptions(screen.getByLabelText('Banco'), '341');
    await user.type(screen.getByLabelText('Agência'), '12a4');
    await user.tab();
    expect(await screen.findByText('Informe apenas números')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('Agência'));
    await user.type(screen.getByLabelText('Agência'), '1234');
    await user.type(screen.getByLabelText('Conta'), '56789');
    await user.type(screen.getByLabelText('Dígito da conta'), '7');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));

    expect(await heading('Proprietário do veículo')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/car-insurance/owner');
    expect(storedAnswers().financial).toEqual(FINANCIAL);
  });

  it.each([
    // Banco do Brasil, the library's example 1584 / 00210169-6, typed without its leading zeros.
    ['Banco do Brasil', '001', '1584', '210169', '7', '6', 'A conta e o dígito não combinam neste banco.'],
    ['Itaú', '341', '1234', '56789', '0', '7', 'A agência, a conta e o dígito não combinam neste banco.'],
  ])(
    '%s: one digit off is refused under "Dígito da conta" and the step waits; the right digit is kept as typed',
    async (_bank, bank, agency, account, wrong, right, message) => {
      const { user, router } = open('/car-insurance/financial', { complement: COMPLEMENT });
      await heading('Dados financeiros');
      await user.selectOptions(screen.getByLabelText('Banco'), bank);
      await user.type(screen.getByLabelText('Agência'), agency);
      await user.type(screen.getByLabelText('Conta'), account);
      await user.type(screen.getByLabelText('Dígito da conta'), wrong);
      await user.click(screen.getByRole('button', { name: 'Continuar' }));
      await waitFor(() => expect(screen.getByLabelText('Dígito da conta')).toHaveAccessibleDescription(expect.stringContaining(message)));
      expect(screen.getByLabelText('Dígito da conta')).toHaveAttribute('aria-invalid', 'true');
      expect(router.state.location.pathname).toBe('/car-insurance/financial');
      expect(storedAnswers().financial).toBeUndefined();

      await user.clear(screen.getByLabelText('Dígito da conta'));
      await user.type(screen.getByLabelText('Dígito da conta'), right);
      await user.click(screen.getByRole('button', { name: 'Continuar' }));
      expect(await heading('Proprietário do veículo')).toBeInTheDocument();
      expect(storedAnswers().financial).toEqual({ bank, agency, agencyDigit: '', account, accountDigit: right });
    },
  );

  it('a bank without a published rule (Sicoob) takes any one digit, as typed', async () => {
    const { user } = open('/car-insurance/financial', { complement: COMPLEMENT });
    await heading('Dados financeiros');
    await user.selectOptions(screen.getByLabelText('Banco'), '756');
    await user.type(screen.getByLabelText('Agência'), '3069');
    await user.type(screen.getByLabelText('Conta'), '123456');
    await user.type(screen.getByLabelText('Dígito da conta'), '4');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await heading('Proprietário do veículo')).toBeInTheDocument();
    expect(storedAnswers().financial).toMatchObject({ bank: '756', account: '123456', accountDigit: '4' });
  });

  it('a stored account whose digit its bank refuses is asked again (a deep link past the step)', async () => {
    const { router } = open('/car-insurance/owner', { complement: COMPLEMENT, financial: { ...FINANCIAL, accountDigit: '0' } });
    expect(await heading('Dados financeiros')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/car-insurance/financial');
  });
});

describe('step 3, owner', () => {
  const BEFORE: WizardAnswers = { complement: COMPLEMENT, financial: FINANCIAL };

  it('Sim: the owner is the driver, name and CPF from the register service; skips to the additional drivers', async () => {
    const requests = recordRequests();
    mockJson(api.register.driver, { response: DRIVER });
    const { user, router } = open('/car-insurance/owner', BEFORE);
    await heading('Proprietário do veículo');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('Campo obrigatório')).toBeInTheDocument();
    expect(screen.getByRole('group', { name: 'Você é o proprietário do veículo?' })).toHaveAccessibleDescription('Campo obrigatório');

    await user.click(screen.getByRole('radio', { name: 'Sim' }));
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await heading('Condutores adicionais')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/car-insurance/drivers');
    expect(requests.map((request) => [request.method, request.url.pathname])).toEqual([['GET', `/register/api/1.0/driver/${DRIVER_ID}`]]);
    expect(requests[0]?.headers.get('authorization')).toBeNull();
    expect(storedAnswers()).toMatchObject({ owner: { isOwner: 'Sim' }, ownerFromDriver: { name: DRIVER.name, cpf: DRIVER.cpf } });
  });

  it('Não: asks for the owner (owner-info), with a valid CPF, then the additional drivers', async () => {
    const requests = recordRequests();
    const { user, router } = open('/car-insurance/owner', BEFORE);
    await heading('Proprietário do veículo');
    await user.click(screen.getByRole('radio', { name: 'Não' }));
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await heading('Dados do proprietário')).toBeInTheDocument();
    expect(requests).toHaveLength(0);

    await user.type(screen.getByLabelText('Nome do proprietário'), 'José da Silva');
    await user.type(screen.getByLabelText('CPF do proprietário'), '11144477736');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('CPF invalido')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('CPF do proprietário'));
    await user.type(screen.getByLabelText('CPF do proprietário'), '39053344705');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await heading('Condutores adicionais')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/car-insurance/drivers');
    expect(storedAnswers()).toMatchObject({ owner: { isOwner: 'Não' }, ownerInfo: { name: 'José da Silva', cpf: '390.533.447-05' } });
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', '/car-insurance/owner-info');
  });

  it.each([
    [404, 'Motorista não encontrado.', 'Motorista não encontrado.'],
    [404, '', NOT_FOUND_TEXT],
    [500, 'interno', UNEXPECTED_TEXT],
  ])(
    "Sim with the driver lookup answering %i %p: the service's own message on a 4xx, else the catalogue text, and the step stays",
    async (status, own, text) => {
      mockStatus(api.register.driver, status, own ? { validations: [{ message: own }] } : {});
      const { user, router } = open('/car-insurance/owner', BEFORE);
      await heading('Proprietário do veículo');
      await user.click(screen.getByRole('radio', { name: 'Sim' }));
      await user.click(screen.getByRole('button', { name: 'Continuar' }));
      const dialog = await screen.findByRole('alertdialog');
      expect(within(dialog).getByText(text)).toBeInTheDocument();
      expect(dialog).toHaveClass('dialog-error');
      expect(router.state.location.pathname).toBe('/car-insurance/owner');
      expect(storedAnswers().owner).toBeUndefined();
    },
  );

  it('Sim while offline says so', async () => {
    mockNetworkError(api.register.driver);
    const { user } = open('/car-insurance/owner', BEFORE);
    await heading('Proprietário do veículo');
    await user.click(screen.getByRole('radio', { name: 'Sim' }));
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(within(await screen.findByRole('alertdialog')).getByText(OFFLINE_TEXT)).toBeInTheDocument();
  });
});

describe('step 4, additional drivers', () => {
  const BEFORE: WizardAnswers = {
    complement: COMPLEMENT,
    financial: FINANCIAL,
    owner: { isOwner: 'Sim' },
    ownerFromDriver: REVIEWED.ownerFromDriver,
  };

  async function addDriver(user: ReturnType<typeof open>['user'], name: string, birthDate: string, cpf: string) {
    await user.type(screen.getByLabelText('Nome do condutor'), name);
    await user.type(screen.getByLabelText('Data de nascimento'), birthDate);
    await user.type(screen.getByLabelText('CPF do condutor'), cpf);
    await user.click(screen.getByRole('button', { name: 'Adicionar condutor' }));
  }

  it('adds up to 3 (a repeated CPF refused with "cpf repetido"), removes one, and Continuar keeps the list', async () => {
    const { user, router } = open('/car-insurance/drivers', BEFORE);
    await heading('Condutores adicionais');
    expect(screen.getByText('Nenhum condutor adicional')).toBeInTheDocument();

    await addDriver(user, 'Ana Souza', '01021985', '11144477735');
    const list = await screen.findByRole('list', { name: 'Condutores adicionais' });
    expect(within(list).getByText('Ana Souza')).toBeInTheDocument();
    expect(screen.getByLabelText('Nome do condutor')).toHaveValue('');

    await addDriver(user, 'Bruno Lima', '15071990', '11144477735');
    expect(await screen.findByText('cpf repetido')).toBeInTheDocument();
    expect(screen.getByLabelText('CPF do condutor')).toHaveAccessibleDescription('cpf repetido');
    expect(within(list).getAllByRole('listitem')).toHaveLength(1);

    await user.clear(screen.getByLabelText('CPF do condutor'));
    await user.type(screen.getByLabelText('CPF do condutor'), '39053344705');
    await user.click(screen.getByRole('button', { name: 'Adicionar condutor' }));
    // The insured driver's own CPF is no additional driver.
    await addDriver(user, 'Carla Dias', '30111975', '52998224725');
    expect(await screen.findByText('Este é o seu CPF: você já é o segurado')).toBeInTheDocument();
    await user.clear(screen.getByLabelText('CPF do condutor'));
    await user.type(screen.getByLabelText('CPF do condutor'), '86288366757');
    await user.click(screen.getByRole('button', { name: 'Adicionar condutor' }));
    expect(await screen.findByText('Você já incluiu o máximo de 3 condutores adicionais.')).toBeInTheDocument();
    expect(screen.queryByLabelText('Nome do condutor')).not.toBeInTheDocument();
    expect(within(list).getAllByRole('listitem')).toHaveLength(3);

    await user.click(screen.getByRole('button', { name: 'Remover Bruno Lima' }));
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Condutores incluídos (2 de 3)' })).toHaveFocus();
    expect(screen.getByLabelText('Nome do condutor')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await heading('Revise seus dados')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/car-insurance/workflow');
    expect(storedAnswers().drivers).toEqual([
      { name: 'Ana Souza', birthDate: '01/02/1985', cpf: '111.444.777-35' },
      { name: 'Carla Dias', birthDate: '30/11/1975', cpf: '862.883.667-57' },
    ]);
  });

  it.each([
    ['a child (at least 18 years old)', '01/01/2025', 'O condutor deve ter pelo menos 18 anos'],
    ['a date before 1900 (a typing slip)', '01/01/1800', 'Data invalida'],
  ])('refuses %s as a birth date', async (_case, birthDate, message) => {
    const { user } = open('/car-insurance/drivers', BEFORE);
    await heading('Condutores adicionais');
    await addDriver(user, 'Davi Rocha', birthDate.replace(/\//g, ''), '11144477735');
    expect(await screen.findByText(message)).toBeInTheDocument();
    expect(screen.getByLabelText('Data de nascimento')).toHaveAccessibleDescription(message);
  });

  it('none is fine; a driver typed but not added is added by Continuar, or its errors are shown', async () => {
    const { user } = open('/car-insurance/drivers', BEFORE);
    await heading('Condutores adicionais');
    await user.type(screen.getByLabelText('Nome do condutor'), 'Ana Souza');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await screen.findByLabelText('Data de nascimento')).toHaveAccessibleDescription('Campo obrigatório');
    expect(screen.getByLabelText('CPF do condutor')).toHaveAccessibleDescription('CPF invalido');

    await user.clear(screen.getByLabelText('Nome do condutor'));
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await heading('Revise seus dados')).toBeInTheDocument();
    expect(storedAnswers().drivers).toEqual([]);
  });

  it('the list being edited survives a reload', async () => {
    const first = open('/car-insurance/drivers', BEFORE);
    await heading('Condutores adicionais');
    await addDriver(first.user, 'Ana Souza', '01021985', '11144477735');
    await screen.findByRole('list', { name: 'Condutores adicionais' });
    first.unmount();
    open('/car-insurance/drivers', BEFORE);
    expect(await screen.findByText('Ana Souza')).toBeInTheDocument();
  });
});

describe('the review (workflow)', () => {
  it('shows everything entered, and each part has its way to change it that comes back here', async () => {
    const { user, router } = open('/car-insurance/workflow', { ...REVIEWED, reviewed: false });
    await heading('Revise seus dados');
    const part = (name: string) => screen.getByRole('region', { name });
    // Which car is insured: the plate of the registration's taxi, not changed here.
    expect(await within(part('Veículo segurado')).findByText('BRA2E19')).toBeInTheDocument();
    expect(within(part('Veículo segurado')).queryByRole('link')).not.toBeInTheDocument();
    expect(within(part('Dados complementares')).getByText('Casado')).toBeInTheDocument();
    expect(within(part('Dados complementares')).getByText('10/05/2010')).toBeInTheDocument();
    expect(within(part('Dados financeiros')).getByText('341 - Itaú Unibanco')).toBeInTheDocument();
    expect(within(part('Dados financeiros')).getByText('56789-7')).toBeInTheDocument();
    expect(within(part('Proprietário do veículo')).getByText(DRIVER.name)).toBeInTheDocument();
    expect(within(part('Condutores adicionais')).getByText('João Batista Ferreira')).toBeInTheDocument();
    for (const name of ['dados complementares', 'dados financeiros', 'proprietário do veículo', 'condutores adicionais']) {
      expect(screen.getByRole('link', { name: `Alterar ${name}` })).toBeInTheDocument();
    }

    await user.click(screen.getByRole('link', { name: 'Alterar dados financeiros' }));
    expect(await heading('Dados financeiros')).toBeInTheDocument();
    expect(screen.getByLabelText('Conta')).toHaveValue('56789');
    await user.clear(screen.getByLabelText('Conta'));
    await user.type(screen.getByLabelText('Conta'), '99999');
    // Itaú 1234 99999: the digit is 1, so the kept 7 is refused until it is changed too.
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await waitFor(() =>
      expect(screen.getByLabelText('Dígito da conta')).toHaveAccessibleDescription(
        expect.stringContaining('A agência, a conta e o dígito não combinam neste banco.'),
      ),
    );
    await user.clear(screen.getByLabelText('Dígito da conta'));
    await user.type(screen.getByLabelText('Dígito da conta'), '1');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await heading('Revise seus dados')).toBeInTheDocument();
    expect(within(part('Dados financeiros')).getByText('99999-1')).toBeInTheDocument();

    // Owner changed to Não on the way: the owner's data is asked for, then the review again.
    await user.click(screen.getByRole('link', { name: 'Alterar proprietário do veículo' }));
    await heading('Proprietário do veículo');
    await user.click(screen.getByRole('radio', { name: 'Não' }));
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await heading('Dados do proprietário');
    await user.type(screen.getByLabelText('Nome do proprietário'), 'José da Silva');
    await user.type(screen.getByLabelText('CPF do proprietário'), '39053344705');
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await heading('Revise seus dados')).toBeInTheDocument();
    expect(within(part('Proprietário do veículo')).getByText('José da Silva')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await heading('Termos e condições')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/car-insurance/terms');
  });
});

describe('step 5, terms and the contract', () => {
  function mockVehicle() {
    mockJson(api.register.vehicle, { response: { vehicle: VEHICLE } });
  }

  async function contract(user: ReturnType<typeof open>['user']) {
    await heading('Termos e condições');
    await user.click(screen.getByRole('checkbox', { name: 'Li e aceito os termos e condições do seguro' }));
    await user.click(screen.getByRole('button', { name: 'Contratar' }));
  }

  it('the terms must be accepted', async () => {
    const requests = recordRequests();
    const { user } = open('/car-insurance/terms', REVIEWED);
    await heading('Termos e condições');
    expect(screen.getByText(/R\$ 1.614,00/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Contratar' }));
    expect(await screen.findByText('Aceite os termos para continuar')).toBeInTheDocument();
    expect(screen.getByRole('checkbox')).toHaveAccessibleDescription('Aceite os termos para continuar');
    expect(requests).toHaveLength(0);
  });

  it('POSTs the insurance request with every answer, then says so in success style and opens the insurance home', async () => {
    const requests = recordRequests();
    mockVehicle();
    mockJson(api.insurance.contract, { requestId: 'r-1' });
    mockJson(api.insurance.activePolicy, { active: true, policyNumber: null, expirationDate: null, bestPaymentDay: 10, requestId: 'r-1' });
    const { user, router } = open('/car-insurance/terms', REVIEWED);
    await contract(user);

    const dialog = await screen.findByRole('alertdialog', { name: SUCCESS_TEXT });
    expect(dialog).toHaveClass('dialog-success');
    await waitFor(() => expect(router.state.location.pathname).toBe(`/car-insurance/init/${DRIVER_ID}`));
    expect(await screen.findByText(/Sua contratação está sendo processada/)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    // One dialog: the home does not alert "being processed" right after the contract's success.
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();

    const vehicleCall = requests.find((request) => request.url.pathname.endsWith('/vehicle'));
    expect(vehicleCall?.url.pathname).toBe(`/register/api/1.0/driver/${DRIVER_ID}/modality/0/vehicle`);
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.url.pathname).toBe(INSURANCE);
    expect(post?.headers.get('authorization')).toBeNull();
    expect(post?.body).toEqual({
      DriverId: DRIVER_ID,
      DeviceId: expect.any(String),
      Insured: { MaritalStatus: 'Casado', DocumentIssueDate: '2010-05-10', IsVehicleOwner: true, RG: '123456789', UfRG: 'SP' },
      Financial: { Bank: '341', AgencyNumber: '1234', AgencyNumberDigit: '', AccountNumber: '56789', AccountNumberDigit: '7' },
      Vehicle: { Plate: 'BRA2E19', Chassi: '9BWZZZ377VT004251', Fuel: 'Flex', UfLicencePlate: 'SP', Dispatching: 'DETRAN-SP' },
      VehicleOwner: { Name: DRIVER.name, CPF: '52998224725' },
      AdditionalDrivers: [{ Name: 'João Batista Ferreira', BirthDate: '1980-02-01', CPF: '11144477735' }],
    });
    // Nothing of the contract stays in the session.
    expect(driverValue('insuranceWizard').get()).toBeUndefined();

    // The wizard is a finished flow: its steps, reached again (the device's back), lead home.
    for (const path of ['/car-insurance/workflow', '/car-insurance/complememnt', '/car-insurance/disclaimer']) {
      await act(() => router.navigate(path));
      await waitFor(() => expect(router.state.location.pathname).toBe(`/car-insurance/init/${DRIVER_ID}`));
      expect(router.state.historyAction).toBe('REPLACE');
    }
  });

  it('a non-owner sends the owner typed in owner-info and IsVehicleOwner false', async () => {
    const requests = recordRequests();
    mockVehicle();
    mockJson(api.insurance.contract, {});
    mockJson(api.insurance.activePolicy, { active: true, policyNumber: null, expirationDate: null, bestPaymentDay: 10, requestId: 'r-1' });
    const answers: WizardAnswers = {
      ...REVIEWED,
      owner: { isOwner: 'Não' },
      ownerFromDriver: undefined,
      ownerInfo: { name: 'José da Silva', cpf: '390.533.447-05' },
      drivers: [],
    };
    const { user } = open('/car-insurance/terms', answers);
    await contract(user);
    await screen.findByRole('alertdialog', { name: SUCCESS_TEXT });
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.body).toMatchObject({
      Insured: { IsVehicleOwner: false },
      VehicleOwner: { Name: 'José da Silva', CPF: '39053344705' },
      AdditionalDrivers: [],
    });
  });

  it('a 400 shows the first validation message; the answers stay for another try', async () => {
    mockVehicle();
    mockStatus(api.insurance.contract, 400, {
      validations: [
        { field: 'Insured.RG', message: 'Informe o RG do segurado.' },
        { field: 'Insured.UfRG', message: 'Informe o estado emissor do RG.' },
      ],
    });
    const { user, router } = open('/car-insurance/terms', REVIEWED);
    await contract(user);
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Informe o RG do segurado.')).toBeInTheDocument();
    expect(within(dialog).queryByText('Informe o estado emissor do RG.')).not.toBeInTheDocument();
    expect(dialog).toHaveClass('dialog-error');
    expect(router.state.location.pathname).toBe('/car-insurance/terms');
    expect(storedAnswers().complement).toEqual(COMPLEMENT);
  });

  it.each([
    [500, { validations: [{ message: 'interno' }] }, UNEXPECTED_TEXT],
    [404, {}, NOT_FOUND_TEXT],
  ])('a %i without a message of the service shows the catalogue text in error style', async (status, body, text) => {
    mockVehicle();
    mockStatus(api.insurance.contract, status, body);
    const { user } = open('/car-insurance/terms', REVIEWED);
    await contract(user);
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(text)).toBeInTheDocument();
    expect(within(dialog).queryByText('interno')).not.toBeInTheDocument();
    expect(dialog).toHaveClass('dialog-error');
  });

  it("a 404 with the service's own message shows it, so the driver knows what to fix instead of retrying", async () => {
    mockVehicle();
    mockStatus(api.insurance.contract, 404, { validations: [{ message: 'Veículo não encontrado.' }] });
    const { user } = open('/car-insurance/terms', REVIEWED);
    await contract(user);
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText('Veículo não encontrado.')).toBeInTheDocument();
    expect(within(dialog).queryByText(NOT_FOUND_TEXT)).not.toBeInTheDocument();
  });

  it('offline says so; a contract the service does not answer in time says that', async () => {
    mockVehicle();
    mockNetworkError(api.insurance.contract);
    const { user } = open('/car-insurance/terms', REVIEWED);
    await contract(user);
    const dialog = await screen.findByRole('alertdialog');
    expect(within(dialog).getByText(OFFLINE_TEXT)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));

    // The client gives up after 20 s: shortened here (a plain wrapper, not a Jest mock, which
    // Testing Library would take for fake timers), and the call never answers.
    const realSetTimeout = globalThis.setTimeout;
    globalThis.setTimeout = ((callback: () => void, ms?: number) => realSetTimeout(callback, ms === 20_000 ? 20 : ms)) as typeof setTimeout;
    try {
      mockApi(api.insurance.contract, () => new Promise<never>(() => undefined));
      await user.click(screen.getByRole('button', { name: 'Contratar' }));
      expect(within(await screen.findByRole('alertdialog')).getByText(TIMEOUT_TEXT)).toBeInTheDocument();
    } finally {
      globalThis.setTimeout = realSetTimeout;
    }
  });

  it('the vehicle lookup failing is told and nothing is sent', async () => {
    const requests = recordRequests();
    mockStatus(api.register.vehicle, 404, { validations: [{ message: 'Veículo não encontrado.' }] });
    const { user } = open('/car-insurance/terms', REVIEWED);
    await contract(user);
    expect(within(await screen.findByRole('alertdialog')).getByText('Veículo não encontrado.')).toBeInTheDocument();
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('a malformed success answer is not taken for a contract', async () => {
    mockVehicle();
    mockApi(api.insurance.contract, () => HttpResponse.text('<html>captive portal</html>'));
    const { user, router } = open('/car-insurance/terms', REVIEWED);
    await contract(user);
    expect(within(await screen.findByRole('alertdialog')).getByText(UNEXPECTED_TEXT)).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/car-insurance/terms');
  });
});

/*
 * The wizard's answers in "must work" variants (docs/answers.md, "Reading answers"): the driver and
 * the vehicle with a field nobody declared and every shown field null, the contract answered 204,
 * an empty 200 or an object nobody declared. The contract is made, never the unexpected error.
 */
describe('the wizard with must-work answers', () => {
  it.each(['null', 'near'] as const)('owner: the driver with every shown field %s: on to the additional drivers', async (style) => {
    mockAnswer(api.register.driver, tolerantVariant(api.register.driver.answer, { response: DRIVER }, style));
    const { user } = open('/car-insurance/owner', { complement: COMPLEMENT, financial: FINANCIAL });
    await heading('Proprietário do veículo');
    await user.click(screen.getByRole('radio', { name: 'Sim' }));
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(await heading('Condutores adicionais')).toBeInTheDocument();
    expect(storedAnswers()).toMatchObject({ ownerFromDriver: { name: DRIVER.name, cpf: DRIVER.cpf } });
  });

  it.each(ACCEPTED_ANSWERS)(
    'terms: the vehicle with a field nobody declared, the contract answered with %s: the success',
    async (_name, answer) => {
      mockAnswer(api.register.vehicle, tolerantVariant(api.register.vehicle.answer, { response: { vehicle: VEHICLE } }, 'near'));
      mockApi(api.insurance.contract, answer);
      mockJson(api.insurance.activePolicy, {
        active: true,
        policyNumber: null,
        expirationDate: null,
        bestPaymentDay: 10,
        requestId: 'r-1',
      });
      const { user } = open('/car-insurance/terms', REVIEWED);
      await heading('Termos e condições');
      await user.click(screen.getByRole('checkbox', { name: 'Li e aceito os termos e condições do seguro' }));
      await user.click(screen.getByRole('button', { name: 'Contratar' }));
      expect(await screen.findByRole('alertdialog', { name: SUCCESS_TEXT })).toHaveClass('dialog-success');
    },
  );
});
