import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { REQUEST_TIMEOUT_MS } from '@driver-portal/shared/http';
import {
  HttpResponse,
  mockApi,
  mockJson,
  mockNetworkError,
  mockStatus,
  recordRequests,
  renderRoute,
  type RenderRouteResult,
  savedDraft,
} from '@driver-portal/shared/test-utils';
import { api, type BankAccount } from '../../contract';
import { routes } from '../../routes';

const DRIVER_ID = 'drv-42';
const path = `/my-account/bank-info/${DRIVER_ID}`;
const BANKS = [
  { BankNumber: '001', Description: 'Banco do Brasil' },
  { BankNumber: '341', Description: 'Itaú Unibanco' },
];
// Banks as another list may give them: Bradesco without its leading zero, Inter (no published rule).
const MORE_BANKS = [...BANKS, { BankNumber: '237', Description: 'Bradesco' }, { BankNumber: '77', Description: 'Banco Inter' }];
const SAVED: BankAccount = {
  accountType: 'CC',
  bankNumber: '001',
  agencyNumber: '1234',
  agencyNumberDigit: '5',
  accountNumber: '987654',
  // Banco do Brasil's modulus 11 over 00987654 gives 5 (a saved account is a real one).
  accountNumberDigit: '5',
};
const REQUIRED = 'Campo obrigatório';
const NUMBER = 'Informe apenas números, até 9999999999';

function mockBankScreen(account: BankAccount | null = null, banks = BANKS) {
  mockJson(api.register.banks, banks);
  mockJson(api.register.bankAccount, { bankAccount: account });
}

function fields() {
  return {
    type: screen.getByLabelText('Tipo de conta'),
    bank: screen.getByLabelText('Banco'),
    agency: screen.getByLabelText('Agência'),
    agencyDigit: screen.getByLabelText('Dígito da agência'),
    account: screen.getByLabelText('Conta'),
    accountDigit: screen.getByLabelText('Dígito da conta'),
    confirm: screen.getByRole('button', { name: 'Confirmar' }),
  };
}

async function openBank(account: BankAccount | null = null, banks = BANKS) {
  mockBankScreen(account, banks);
  const rendered = renderRoute({ routes, path });
  await screen.findByLabelText('Tipo de conta');
  return rendered;
}

async function fillValid({ user }: RenderRouteResult, withAgencyDigit = false) {
  const f = fields();
  await user.selectOptions(f.type, 'CP');
  await user.selectOptions(f.bank, '341');
  await user.type(f.agency, '0123');
  if (withAgencyDigit) await user.type(f.agencyDigit, '7');
  await user.type(f.account, '9999999999');
  await user.type(f.accountDigit, '0');
}

describe('bank data', () => {
  it('says whose account may be used, with the hints for the digits, and lists the banks', async () => {
    await openBank();
    expect(screen.getByRole('heading', { level: 1, name: 'Dados bancários' })).toBeInTheDocument();
    expect(screen.getByText(/conta corrente ou poupança de pessoa física/)).toHaveTextContent(
      'tenha você, o motorista cadastrado, como titular. Não aceitamos contas de terceiros.',
    );
    const { type, bank, agencyDigit, accountDigit } = fields();
    expect(
      within(type)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Selecione', 'Corrente', 'Poupança']);
    expect(
      within(bank)
        .getAllByRole('option')
        .map((option) => option.textContent),
    ).toEqual(['Selecione o banco', '001 - Banco do Brasil', '341 - Itaú Unibanco']);
    expect(agencyDigit).toHaveAccessibleDescription('Verifique se a sua agência tem dígito (alguns bancos usam 0).');
    expect(accountDigit).toHaveAccessibleDescription('Se o dígito da sua conta for X, informe 0.');
    expect(type).toHaveAccessibleDescription('Conta de pagamento de banco digital: escolha Corrente.');
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', `/my-account/init/${DRIVER_ID}`);
  });

  it('reads the bank list and the saved account from the register service, without the token', async () => {
    const requests = recordRequests();
    await openBank();
    expect(requests.map((request) => `${request.method} ${request.url.pathname}`).sort()).toEqual([
      'GET /register/api/1.0/banks',
      `GET /register/api/1.0/driver/${DRIVER_ID}/bankaccount`,
    ]);
    for (const request of requests) expect(request.headers.get('authorization')).toBeNull();
  });

  it('Confirmar stays disabled until every required field is valid; the agency digit is optional', async () => {
    const rendered = await openBank();
    const { user } = rendered;
    const f = fields();
    expect(f.confirm).toBeDisabled();
    await user.selectOptions(f.type, 'CP');
    await user.selectOptions(f.bank, '341');
    await user.type(f.agency, '0123');
    await user.type(f.account, '9999999999');
    expect(f.confirm).toBeDisabled();
    await user.type(f.accountDigit, '0');
    await waitFor(() => expect(f.confirm).toBeEnabled());

    // Back to the placeholder: disabled again, and the field says why.
    await user.selectOptions(f.bank, '');
    await user.tab();
    await waitFor(() => expect(f.confirm).toBeDisabled());
    expect(f.bank).toHaveAccessibleDescription(REQUIRED);
  });

  it.each([
    ['letters', '12a4'],
    ['a number above 9999999999 (pasted, past the 10 characters the input takes)', '99999999999'],
  ])('refuses %s in a numeric field, saying so under it', async (_case, value) => {
    const rendered = await openBank();
    await fillValid(rendered);
    const { account, confirm } = fields();
    await waitFor(() => expect(confirm).toBeEnabled());
    await rendered.user.clear(account);
    fireEvent.input(account, { target: { value } });
    fireEvent.change(account, { target: { value } });
    fireEvent.blur(account);
    await waitFor(() => expect(account).toHaveAccessibleDescription(NUMBER));
    expect(confirm).toBeDisabled();
  });

  it.each([
    ['Dígito da conta', 'X', 'Se o dígito da sua conta for X, informe 0.'],
    ['Dígito da conta', 'x', 'Se o dígito da sua conta for X, informe 0.'],
    ['Dígito da agência', 'X', 'Se o dígito da sua agência for X, informe 0.'],
    ['Dígito da conta', '12', 'O dígito é um só número, de 0 a 9.'],
    ['Dígito da agência', '1234567890', 'O dígito é um só número, de 0 a 9.'],
  ])('%s "%s" is refused with "%s", and Confirmar waits', async (label, value, message) => {
    const rendered = await openBank();
    await fillValid(rendered);
    const { confirm } = fields();
    await waitFor(() => expect(confirm).toBeEnabled());
    const input = screen.getByLabelText(label);
    await rendered.user.clear(input);
    await rendered.user.type(input, value);
    await rendered.user.tab();
    await waitFor(() => expect(input).toHaveAccessibleDescription(expect.stringContaining(message)));
    expect(input).not.toHaveAccessibleDescription(expect.stringContaining('9999999999'));
    expect(confirm).toBeDisabled();
    await rendered.user.clear(input);
    await rendered.user.type(input, '0');
    await waitFor(() => expect(confirm).toBeEnabled());
  });

  it('the numeric inputs ask for the numeric keyboard', async () => {
    await openBank();
    for (const input of [fields().agency, fields().agencyDigit, fields().account, fields().accountDigit]) {
      expect(input).toHaveAttribute('inputmode', 'numeric');
    }
  });

  it('a pasted 15-digit account is kept whole and refused, never cut to 10 digits and saved', async () => {
    const requests = recordRequests();
    const rendered = await openBank();
    await fillValid(rendered);
    const { account, confirm } = fields();
    await waitFor(() => expect(confirm).toBeEnabled());
    await rendered.user.clear(account);
    await rendered.user.click(account);
    await rendered.user.paste('123456789012345');
    await rendered.user.tab();
    expect(account).toHaveValue('123456789012345');
    await waitFor(() => expect(account).toHaveAccessibleDescription(NUMBER));
    expect(confirm).toBeDisabled();
    await rendered.user.click(confirm);
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('posts the account (agency digit an empty string when missing), says so in success style, then goes to my account', async () => {
    const requests = recordRequests();
    const rendered = await openBank();
    mockJson(api.register.saveBankAccount, {});
    await fillValid(rendered);
    await waitFor(() => expect(fields().confirm).toBeEnabled());
    await rendered.user.click(fields().confirm);

    const dialog = await screen.findByRole('alertdialog', { name: 'Dados bancarios atualizados com sucesso!' });
    expect(dialog).toHaveClass('dialog-success');
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.url.pathname).toBe(`/register/api/1.0/driver/${DRIVER_ID}/bankaccount`);
    expect(post?.headers.get('authorization')).toBeNull();
    expect(post?.body).toEqual({
      accountType: 'CP',
      bankNumber: '341',
      agencyNumber: '0123',
      agencyNumberDigit: '',
      accountNumber: '9999999999',
      accountNumberDigit: '0',
    });

    mockJson(api.register.driver, {
      response: { id: DRIVER_ID, name: 'Maria', email: 'maria@example.com', mobile: '11987654321', cpf: '' },
    });
    mockJson(api.register.location, { response: null });
    mockJson(api.register.modalities, { modalities: [] });
    mockJson(api.register.documents, { documents: [] });
    await rendered.user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Minha conta' })).toBeInTheDocument();
    expect(rendered.router.state.location.pathname).toBe(`/my-account/init/${DRIVER_ID}`);
  });

  it('fills the form with the saved account, which can be sent again as it is', async () => {
    const requests = recordRequests();
    const rendered = await openBank(SAVED);
    mockJson(api.register.saveBankAccount, {});
    const f = fields();
    expect(f.type).toHaveValue('CC');
    expect(f.bank).toHaveValue('001');
    expect(f.agency).toHaveValue('1234');
    expect(f.agencyDigit).toHaveValue('5');
    expect(f.account).toHaveValue('987654');
    expect(f.accountDigit).toHaveValue('5');
    await waitFor(() => expect(f.confirm).toBeEnabled());
    await rendered.user.click(f.confirm);
    await screen.findByRole('alertdialog', { name: 'Dados bancarios atualizados com sucesso!' });
    expect(requests.find((request) => request.method === 'POST')?.body).toEqual(SAVED);
  });

  it('keeps what was typed across a reload, until it is saved', async () => {
    const first = await openBank();
    await first.user.selectOptions(fields().type, 'CP');
    await first.user.type(fields().agency, '4321');
    await waitFor(() => expect(savedDraft(`bank-info:${DRIVER_ID}`)).toContain('4321'));
    first.unmount();

    // The form comes back as the driver left it, over what the service has saved.
    const second = await openBank(SAVED);
    expect(fields().type).toHaveValue('CP');
    expect(fields().agency).toHaveValue('4321');
    expect(fields().account).toHaveValue('');

    mockJson(api.register.saveBankAccount, {});
    await second.user.type(fields().account, '55');
    // Banco do Brasil: 5*2 + 5*3 = 25; 25 mod 11 = 3; 11 - 3 = 8.
    await second.user.type(fields().accountDigit, '8');
    await second.user.selectOptions(fields().bank, '001');
    await waitFor(() => expect(fields().confirm).toBeEnabled());
    await second.user.click(fields().confirm);
    await screen.findByRole('alertdialog', { name: 'Dados bancarios atualizados com sucesso!' });
    expect(savedDraft(`bank-info:${DRIVER_ID}`)).toBeNull();
  });

  it('a 400 shows the validation list in error style, keeps what was typed and stays', async () => {
    const rendered = await openBank();
    mockStatus(api.register.saveBankAccount, 400, { validations: [{ field: 'bankNumber', message: 'Banco inválido.' }] });
    await fillValid(rendered, true);
    await waitFor(() => expect(fields().confirm).toBeEnabled());
    await rendered.user.click(fields().confirm);
    const dialog = await screen.findByRole('alertdialog', { name: 'Por favor revise os seguintes dados:' });
    expect(dialog).toHaveClass('dialog-error');
    expect(dialog).toHaveTextContent('Banco inválido.');
    await rendered.user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(fields().agencyDigit).toHaveValue('7');
    expect(rendered.router.state.location.pathname).toBe(path);
  });

  it.each([
    [404, 'O serviço esta indisponivel no momento, tente novamente mais tarde.'],
    [500, 'Ocorreu um erro inesperado, tente novamente mais tarde.'],
  ])('a save answered %i says so in error style', async (status, text) => {
    const rendered = await openBank();
    mockStatus(api.register.saveBankAccount, status);
    await fillValid(rendered);
    await waitFor(() => expect(fields().confirm).toBeEnabled());
    await rendered.user.click(fields().confirm);
    const dialog = await screen.findByRole('alertdialog', { name: 'Algo deu errado' });
    expect(dialog).toHaveClass('dialog-error');
    expect(dialog).toHaveTextContent(text);
  });

  it('a save while offline says so', async () => {
    const rendered = await openBank();
    mockNetworkError(api.register.saveBankAccount);
    await fillValid(rendered);
    await waitFor(() => expect(fields().confirm).toBeEnabled());
    await rendered.user.click(fields().confirm);
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(
      'Sem conexão com a internet. Verifique sua conexão e tente novamente.',
    );
  });

  it('a save that never answers says the service took too long', async () => {
    const rendered = await openBank();
    mockApi(api.register.saveBankAccount, () => new Promise<never>(() => undefined));
    await fillValid(rendered);
    await waitFor(() => expect(fields().confirm).toBeEnabled());
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      fireEvent.click(fields().confirm);
      await act(async () => {
        await jest.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
      });
      expect(await screen.findByRole('alertdialog')).toHaveTextContent(
        'O serviço demorou para responder. Verifique sua conexão e tente novamente.',
      );
    } finally {
      jest.useRealTimers();
    }
  });

  it.each([
    ['the bank list', api.register.banks],
    ['the saved account', api.register.bankAccount],
  ] as const)('when %s fails to load, the error has a retry that loads the form', async (_name, endpoint) => {
    mockBankScreen();
    mockStatus(endpoint as typeof api.register.banks, 500);
    const { user } = renderRoute({ routes, path });
    expect(await screen.findByRole('alert')).toHaveTextContent('Ocorreu um erro inesperado, tente novamente mais tarde.');
    expect(screen.queryByLabelText('Banco')).not.toBeInTheDocument();
    mockBankScreen();
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByLabelText('Banco')).toBeInTheDocument();
  });

  it('a malformed bank list is the unexpected error, not an empty select', async () => {
    mockBankScreen();
    mockApi(api.register.banks, () => HttpResponse.json([{ BankNumber: 1 }]));
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    renderRoute({ routes, path });
    expect(await screen.findByRole('alert')).toHaveTextContent('Ocorreu um erro inesperado, tente novamente mais tarde.');
  });
  describe("the account's check digit, as its bank defines it", () => {
    const ACCOUNT_ONLY = 'A conta e o dígito não combinam neste banco. Confira os números no app ou no extrato do banco.';
    const WITH_AGENCY = 'A agência, a conta e o dígito não combinam neste banco. Confira os números no app ou no extrato do banco.';

    async function typeAccount(rendered: RenderRouteResult, bank: string, agency: string, account: string, digit: string) {
      const f = fields();
      await rendered.user.selectOptions(f.type, 'CC');
      await rendered.user.selectOptions(f.bank, bank);
      await rendered.user.clear(f.agency);
      await rendered.user.type(f.agency, agency);
      await rendered.user.clear(f.account);
      await rendered.user.type(f.account, account);
      await rendered.user.clear(f.accountDigit);
      await rendered.user.type(f.accountDigit, digit);
      await rendered.user.tab();
    }

    it.each([
      // Banco do Brasil, the library's example 1584 / 00210169-6, typed without its leading zeros.
      ['Banco do Brasil', '001', '1584', '210169', '7', '6', ACCOUNT_ONLY],
      // Itaú: modulus 10 over agency + account 0123 45678 gives 2.
      ['Itaú', '341', '0123', '45678', '3', '2', WITH_AGENCY],
      // Bradesco (listed as "237"): 6*2 + 5*3 + 4*4 + 3*5 + 2*6 + 1*7 = 77, remainder 0: digit 0.
      ['Bradesco', '237', '1234', '123456', '1', '0', ACCOUNT_ONLY],
    ])(
      '%s: one digit off is refused under "Dígito da conta" and nothing is sent; the right digit sends exactly what was typed',
      async (_bank, bank, agency, account, wrong, right, message) => {
        const requests = recordRequests();
        const rendered = await openBank(null, MORE_BANKS);
        mockJson(api.register.saveBankAccount, {});
        await typeAccount(rendered, bank, agency, account, wrong);
        const { accountDigit, confirm } = fields();
        await waitFor(() => expect(accountDigit).toHaveAccessibleDescription(expect.stringContaining(message)));
        expect(accountDigit).toHaveAttribute('aria-invalid', 'true');
        expect(confirm).toBeDisabled();
        await rendered.user.click(confirm);
        expect(requests.filter((request) => request.method === 'POST')).toEqual([]);

        await rendered.user.clear(accountDigit);
        await rendered.user.type(accountDigit, right);
        await waitFor(() => expect(confirm).toBeEnabled());
        expect(accountDigit).not.toHaveAccessibleDescription(expect.stringContaining(message));
        await rendered.user.click(confirm);
        await screen.findByRole('alertdialog', { name: 'Dados bancarios atualizados com sucesso!' });
        expect(requests.filter((request) => request.method === 'POST').map((request) => request.body)).toEqual([
          {
            accountType: 'CC',
            bankNumber: bank,
            agencyNumber: agency,
            agencyNumberDigit: '',
            accountNumber: account,
            accountNumberDigit: right,
          },
        ]);
      },
    );

    it('a typo in the account, not the digit, is caught too, and correcting the account clears the message', async () => {
      const rendered = await openBank();
      await typeAccount(rendered, '001', '1584', '210196', '6');
      const { account, accountDigit, confirm } = fields();
      await waitFor(() => expect(accountDigit).toHaveAccessibleDescription(expect.stringContaining(ACCOUNT_ONLY)));
      await rendered.user.clear(account);
      await rendered.user.type(account, '210169');
      await waitFor(() => expect(confirm).toBeEnabled());
      expect(accountDigit).not.toHaveAccessibleDescription(expect.stringContaining(ACCOUNT_ONLY));
    });

    it('a Banco do Brasil digit X is typed as 0, as the hint says, and goes out as 0', async () => {
      const requests = recordRequests();
      const rendered = await openBank();
      mockJson(api.register.saveBankAccount, {});
      // 6*2 = 12, remainder 1: 11 - 1 = 10, printed as X.
      await typeAccount(rendered, '001', '1234', '6', '0');
      await waitFor(() => expect(fields().confirm).toBeEnabled());
      await rendered.user.click(fields().confirm);
      await screen.findByRole('alertdialog', { name: 'Dados bancarios atualizados com sucesso!' });
      expect(requests.find((request) => request.method === 'POST')?.body).toMatchObject({ accountNumber: '6', accountNumberDigit: '0' });
    });

    it('a Bradesco digit P typed as a letter says to type 0', async () => {
      const rendered = await openBank(null, MORE_BANKS);
      await typeAccount(rendered, '237', '1234', '6', 'P');
      await waitFor(() =>
        expect(fields().accountDigit).toHaveAccessibleDescription(expect.stringContaining('Se o dígito da sua conta for P, informe 0.')),
      );
      expect(fields().confirm).toBeDisabled();
    });

    it('a bank that publishes no rule (Inter) is checked for structure only: any one digit is sent', async () => {
      const requests = recordRequests();
      const rendered = await openBank(null, MORE_BANKS);
      mockJson(api.register.saveBankAccount, {});
      await typeAccount(rendered, '77', '0001', '12345678', '3');
      await waitFor(() => expect(fields().confirm).toBeEnabled());
      await rendered.user.click(fields().confirm);
      await screen.findByRole('alertdialog', { name: 'Dados bancarios atualizados com sucesso!' });
      expect(requests.find((request) => request.method === 'POST')?.body).toEqual({
        accountType: 'CC',
        bankNumber: '77',
        agencyNumber: '0001',
        agencyNumberDigit: '',
        accountNumber: '12345678',
        accountNumberDigit: '3',
      });
    });

    it('an Itaú account longer than its 5 digits is not refused by a rule it does not fit', async () => {
      const rendered = await openBank();
      await typeAccount(rendered, '341', '0123', '456789', '5');
      await waitFor(() => expect(fields().confirm).toBeEnabled());
    });
  });
});
