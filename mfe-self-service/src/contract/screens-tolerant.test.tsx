import { screen, waitFor, within } from '@testing-library/react';
import {
  ACCEPTED_ANSWERS,
  mockAnswer,
  mockApi,
  renderRoute,
  TEST_TOKEN,
  tolerantVariant,
  withBrokenEntry,
} from '@driver-portal/shared/test-utils';
import { api, type Deposit, type InboxCategory, type InboxMessage, type Notification, type Ride, type Statement } from '.';
import { routes } from '../routes';

/*
 * Every screen of this remote rendered with "must work" variants of its answers (docs/answers.md,
 * "Reading answers"): each field only shown null, or sent as a near type, ids as digit strings, a
 * field nobody declared; and one broken entry in each list. The screen shows what it can, never
 * the unexpected error.
 */

const UNEXPECTED = 'Ocorreu um erro inesperado, tente novamente mais tarde.';
const STYLES = ['null', 'near'] as const;

let warn: jest.SpyInstance;
beforeEach(() => {
  // The broken entries are counted on the console; that is asserted in the variant tests.
  warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});
afterEach(() => warn.mockRestore());

const notifications: Notification[] = [
  { Id: 1, Titulo: 'Documento aprovado', Descricao: 'Sua CNH foi aprovada.', Data: '2026-11-20T10:00:00', HRef: null },
  { Id: 2, Titulo: 'Bem-vindo', Descricao: 'Seu cadastro foi aprovado.', Data: '2026-11-19T10:00:00', HRef: null },
];

describe('notifications list', () => {
  it.each(STYLES)('with every shown field %s: both notifications listed, no error', async (style) => {
    mockAnswer(api.core.notifications, tolerantVariant(api.core.notifications.answer, notifications, style));
    renderRoute({ routes, path: '/notifications/list/' });
    const list = await screen.findByRole('list', { name: 'Notificações' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(screen.queryByText(UNEXPECTED)).not.toBeInTheDocument();
  });

  it('with one broken entry: the two good ones listed', async () => {
    mockAnswer(api.core.notifications, withBrokenEntry(api.core.notifications.answer, notifications));
    renderRoute({ routes, path: '/notifications/list/' });
    const list = await screen.findByRole('list', { name: 'Notificações' });
    expect(within(list).getAllByRole('listitem')).toHaveLength(2);
    expect(within(list).getByText('Documento aprovado')).toBeInTheDocument();
  });
});

describe('notification detail', () => {
  it('with a field nobody declared: the body shown', async () => {
    mockAnswer(api.core.notification, tolerantVariant(api.core.notification.answer, { Corpo: '<p>Olá, motorista</p>' }, 'near'));
    renderRoute({ routes, path: '/notifications/details/1' });
    expect(await screen.findByText('Olá, motorista')).toBeInTheDocument();
  });
});

const categories: InboxCategory[] = [
  { id: 1, title: 'Novidades', description: 'O que há de novo', categorType: 1, countNews: 2 },
  { id: 2, title: 'Avisos', description: 'Avisos da central', categorType: 0, countNews: 0 },
];

describe('inbox categories', () => {
  it.each(STYLES)('with every shown field %s: both categories listed, no error', async (style) => {
    mockAnswer(api.communication.categories, tolerantVariant(api.communication.categories.answer, categories, style));
    renderRoute({ routes, path: '/communication/category/drv-1' });
    const list = await screen.findByRole('list', { name: 'Categorias de mensagens' });
    expect(within(list).getAllByRole('link')).toHaveLength(2);
    expect(screen.queryByText(UNEXPECTED)).not.toBeInTheDocument();
  });

  it('with one broken entry: the two good ones listed', async () => {
    mockAnswer(api.communication.categories, withBrokenEntry(api.communication.categories.answer, categories));
    renderRoute({ routes, path: '/communication/category/drv-1' });
    const list = await screen.findByRole('list', { name: 'Categorias de mensagens' });
    expect(within(list).getAllByRole('link')).toHaveLength(2);
  });
});

const messages: { categories: InboxMessage[] } = {
  categories: [
    { id: 10, requestId: 100, title: 'Nova regra', description: 'Leia', receivedat: '2026-11-20T10:00:00', read: false, messageHRef: null },
    { id: 11, requestId: 101, title: 'Bônus', description: 'Veja', receivedat: '2026-11-19T10:00:00', read: true, messageHRef: null },
  ],
};

describe('inbox messages', () => {
  const open = () => renderRoute({ routes, path: '/communication/list/1/Novidades', session: { token: TEST_TOKEN, driverId: 'drv-1' } });

  it.each(STYLES)('with every shown field %s: both messages listed, no error', async (style) => {
    mockAnswer(api.communication.messages, tolerantVariant(api.communication.messages.answer, messages, style));
    open();
    await waitFor(() => expect(document.querySelectorAll('a[href*="/communication/details/1/"]')).toHaveLength(2));
    expect(screen.queryByText(UNEXPECTED)).not.toBeInTheDocument();
  });

  it('with one broken entry: the two good ones listed', async () => {
    mockAnswer(api.communication.messages, withBrokenEntry(api.communication.messages.answer, messages));
    open();
    expect(await screen.findByText('Nova regra')).toBeInTheDocument();
    expect(document.querySelectorAll('a[href*="/communication/details/1/"]')).toHaveLength(2);
  });
});

const ride = (SolicitacaoId: number, Data: string): Ride => ({
  Data,
  SolicitacaoId,
  Nome: 'Passageiro',
  DataProvisaoPagamento: '2026-11-25T12:00:00',
  ChamadaId: 7700007,
  ValorLiquido: 10,
  Status: 'PAGO',
  Valor: 11.36,
  ValorDesconto: 1.36,
  TransacaoId: 'TRX-1',
  Mapa: null,
  EnderecoOrigem: 'Av. Paulista, 1578',
  EnderecoDestino: 'Aeroporto de Congonhas',
});
const statement: Statement = {
  Corridas: [ride(480013, '2026-11-20T14:05:00'), ride(480026, '2026-11-12T09:00:00')],
  Mes: '01/11/2026',
  Valor: 20,
  Periodos: ['01/11/2026', '01/10/2026'],
};
const rideLinks = () => document.querySelectorAll('a[href*="/performed-Runs/details/"]');

describe('statement', () => {
  it.each(STYLES)('with every shown field %s: both rides listed with the total, no error', async (style) => {
    mockAnswer(api.core.currentStatement, tolerantVariant(api.core.currentStatement.answer, statement, style));
    renderRoute({ routes, path: '/performed-Runs/list?taxiId=77' });
    expect(await screen.findAllByText(/R\$\s?20,00/)).not.toHaveLength(0);
    expect(rideLinks()).toHaveLength(2);
    expect(screen.queryByText(UNEXPECTED)).not.toBeInTheDocument();
  });

  it('with one broken ride: the two good ones listed', async () => {
    mockAnswer(api.core.currentStatement, withBrokenEntry(api.core.currentStatement.answer, statement));
    renderRoute({ routes, path: '/performed-Runs/list?taxiId=77' });
    expect(await screen.findAllByText(/R\$\s?20,00/)).not.toHaveLength(0);
    expect(rideLinks()).toHaveLength(2);
  });
});

describe('statement of a chosen month', () => {
  const october: Statement = {
    ...statement,
    Mes: '01/10/2026',
    Valor: 33.33,
    Corridas: [ride(470001, '2026-10-20T14:05:00'), ride(470002, '2026-10-12T09:00:00')],
  };
  const chooseOctober = async () => {
    const { user } = renderRoute({ routes, path: '/performed-Runs/list?taxiId=77' });
    await user.selectOptions(await screen.findByRole('combobox', { name: 'Mês' }), 'Outubro de 2026');
    await user.click(screen.getByRole('button', { name: 'Filtrar' }));
  };
  const variants: [string, (value: Statement) => unknown][] = [
    ['every shown field null', (value) => tolerantVariant(api.core.statementByMonth.answer, value, 'null')],
    ['every shown field a near type', (value) => tolerantVariant(api.core.statementByMonth.answer, value, 'near')],
    ['one broken ride', (value) => withBrokenEntry(api.core.statementByMonth.answer, value)],
  ];

  it.each(variants)("with %s: the month's total and both rides, no error", async (_name, variant) => {
    mockAnswer(api.core.currentStatement, statement);
    mockAnswer(api.core.statementByMonth, variant(october));
    await chooseOctober();
    expect(await screen.findAllByText(/R\$\s?33,33/)).not.toHaveLength(0);
    expect(document.querySelectorAll('a[href*="/performed-Runs/details/"][href*="/4700"]')).toHaveLength(2);
    expect(screen.queryByText(UNEXPECTED)).not.toBeInTheDocument();
  });
});

describe('ride detail', () => {
  it.each(STYLES)('with every shown field %s: the ride with its net value, no error', async (style) => {
    mockAnswer(api.core.rideDetail, tolerantVariant(api.core.rideDetail.answer, ride(480013, '2026-11-20T14:05:00'), style));
    renderRoute({ routes, path: '/performed-Runs/details/20-11-2026/480013?taxiId=77' });
    expect(await screen.findAllByText(/R\$\s?10,00/)).not.toHaveLength(0);
    expect(screen.queryByText(UNEXPECTED)).not.toBeInTheDocument();
  });
});

describe('inbox message detail', () => {
  it.each(STYLES)('with every shown field %s: the message page, no error', async (style) => {
    const detail = { id: 10, title: 'Nova regra', message: { body: '<p>Leia com atenção</p>', description: 'Resumo' } };
    mockAnswer(api.communication.message, tolerantVariant(api.communication.message.answer, detail, style));
    mockAnswer(api.communication.markViewed, {});
    renderRoute({ routes, path: '/communication/details/1/10', session: { token: TEST_TOKEN, driverId: 'drv-1' } });
    await waitFor(() =>
      expect(document.querySelector('main')?.textContent ?? '').toMatch(
        style === 'null' ? /Esta mensagem não tem conteúdo/ : /Leia com atenção/,
      ),
    );
    expect(screen.queryByText(UNEXPECTED)).not.toBeInTheDocument();
  });
});

const deposits: Deposit[] = [
  { Data: '2026-10-10T12:00:00-03:00', Valor: 18.01, Servico: { product: 1.99 }, Corridas: [{ TransacaoId: 'TRX-1', Valor: 20 }] },
  { Data: '2026-10-25T12:00:00-03:00', Valor: 48.01, Servico: { product: 1.99 }, Corridas: [{ TransacaoId: 'TRX-2', Valor: 50 }] },
];

describe('deposits', () => {
  it.each(STYLES)('with every shown field %s: both days listed, no error', async (style) => {
    mockAnswer(api.core.deposits, tolerantVariant(api.core.deposits.answer, deposits, style));
    renderRoute({ routes, path: '/deposits/list' });
    expect(await screen.findAllByRole('heading', { level: 2 })).toHaveLength(2);
    expect(screen.queryByText(UNEXPECTED)).not.toBeInTheDocument();
  });

  it('with one broken deposit: the two good days listed', async () => {
    mockAnswer(api.core.deposits, withBrokenEntry(api.core.deposits.answer, deposits));
    renderRoute({ routes, path: '/deposits/list' });
    expect(await screen.findAllByRole('heading', { level: 2 })).toHaveLength(2);
  });
});

describe('change password', () => {
  it.each(ACCEPTED_ANSWERS)('answered with %s: "Senha alterada!" and the form cleared', async (_name, answer) => {
    mockApi(api.core.changePassword, answer);
    const { user } = renderRoute({ routes, path: '/password/change' });
    await user.type(await screen.findByLabelText('Senha atual'), 'abc12345');
    await user.type(screen.getByLabelText('Nova senha'), 'xyz98765');
    await user.type(screen.getByLabelText('Confirmação de senha'), 'xyz98765');
    await user.click(screen.getByRole('button', { name: 'Alterar senha' }));
    expect(await screen.findByRole('alertdialog', { name: 'Senha alterada!' })).toHaveClass('dialog-success');
    expect(screen.getByLabelText('Senha atual')).toHaveValue('');
  });
});

describe('resend password', () => {
  it.each(ACCEPTED_ANSWERS)('answered with %s: "Senha reenviada!"', async (_name, answer) => {
    mockApi(api.core.resendPassword, answer);
    const { user } = renderRoute({ routes, path: '/password/resend' });
    await user.type(await screen.findByLabelText('CPF'), '52998224725');
    await user.click(screen.getByRole('button', { name: 'Reenviar senha' }));
    expect(await screen.findByRole('alertdialog', { name: 'Senha reenviada!' })).toHaveClass('dialog-success');
  });
});

/* A list where an object is declared, deeper than the whole answer: what is only shown reads as absent. */
describe('a list where an object is declared', () => {
  it("a deposit's fee sent as a list: both days listed, the fee not shown", async () => {
    const [first, second] = deposits;
    mockAnswer(api.core.deposits, [{ ...first, Servico: [1, 2] }, second]);
    renderRoute({ routes, path: '/deposits/list' });
    expect(await screen.findAllByRole('heading', { level: 2 })).toHaveLength(2);
    expect(screen.queryByText(UNEXPECTED)).not.toBeInTheDocument();
  });

  it('an inbox message whose body is a list: the message page says it has no content, no error', async () => {
    mockAnswer(api.communication.message, { id: 10, title: 'Nova regra', message: [1, 2] });
    renderRoute({ routes, path: '/communication/details/1/10', session: { token: TEST_TOKEN, driverId: 'drv-1' } });
    expect(await screen.findByText('Esta mensagem não tem conteúdo.')).toBeInTheDocument();
    expect(screen.queryByText(UNEXPECTED)).not.toBeInTheDocument();
  });
});
