import { screen, within } from '@testing-library/react';
import { fixDate, recordRequests, renderRoute } from '@driver-portal/shared/test-utils';
import { routes } from '../../routes';
import { sampleAffiliation } from '../../session';
import { SAMPLE_COOPERATIVES } from './cooperatives';

const DRIVER_ID = 'drv-42';
const path = `/my-account/affiliation/${DRIVER_ID}`;

async function openAffiliation() {
  const rendered = renderRoute({ routes, path });
  await screen.findByRole('heading', { level: 1, name: 'Afiliação' });
  return rendered;
}

async function chooseAndSelect(user: Awaited<ReturnType<typeof openAffiliation>>['user'], name: string) {
  await user.click(screen.getByRole('radio', { name }));
  await user.click(screen.getByRole('button', { name: 'Selecionar' }));
}

describe('affiliation (mock, no server call)', () => {
  beforeEach(() => fixDate(new Date('2026-11-23T15:00:00Z')));
  afterEach(() => jest.useRealTimers());

  it('with no affiliation says so, with a way to choose and back to my account; the screen says it is sample data', async () => {
    await openAffiliation();
    expect(screen.getByText(/^Demonstração: cooperativas e datas de exemplo\./)).toBeInTheDocument();
    expect(screen.getByText('Você ainda não é filiado a uma cooperativa de táxi.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Escolher cooperativa' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', `/my-account/init/${DRIVER_ID}`);
  });

  it('lists the 18 sample cooperatives; Selecionar waits for a choice', async () => {
    const { user } = await openAffiliation();
    await user.click(screen.getByRole('button', { name: 'Escolher cooperativa' }));
    const list = screen.getByRole('group', { name: 'Escolha a cooperativa' });
    expect(within(list).getAllByRole('radio')).toHaveLength(18);
    expect(
      within(list)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(SAMPLE_COOPERATIVES.map((cooperative) => cooperative.name));
    expect(screen.getByRole('button', { name: 'Selecionar' })).toBeDisabled();
    expect(screen.getByRole('heading', { level: 2, name: 'Cooperativas de táxi' })).toHaveFocus();
  });

  it('"Alterar" reopens the list with the choice kept; "Confirmar" alerts success and shows the affiliation with its dates, with no request', async () => {
    const requests = recordRequests();
    const { user } = await openAffiliation();
    await user.click(screen.getByRole('button', { name: 'Escolher cooperativa' }));
    await chooseAndSelect(user, 'Coopertáxi ABC');
    expect(screen.getByRole('heading', { level: 2, name: 'Cooperativa escolhida' })).toHaveFocus();
    expect(screen.getByText('Coopertáxi ABC')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Alterar' }));
    expect(screen.getByRole('radio', { name: 'Coopertáxi ABC' })).toBeChecked();
    await chooseAndSelect(user, 'Rádio Táxi');
    await user.click(screen.getByRole('button', { name: 'Confirmar' }));

    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveClass('dialog-success');
    expect(dialog).toHaveTextContent('Sua solicitação foi encaminhada a Rádio Táxi. Seu pedido será analisado.');
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));

    expect(screen.getByRole('heading', { level: 2, name: 'Sua afiliação' })).toBeInTheDocument();
    const current = screen.getByText('Rádio Táxi').closest('dl')!;
    expect(current).toHaveTextContent('CooperativaRádio Táxi');
    expect(current).toHaveTextContent('Data da solicitação23/11/2026');
    expect(current).toHaveTextContent('SituaçãoEm análise');
    expect(current).not.toHaveTextContent('Data da ativação');
    expect(requests).toEqual([]);
    expect(JSON.parse(sampleAffiliation.get()!)).toEqual({ id: 1, name: 'Rádio Táxi', requestDate: '2026-11-23', activateDate: null });
  });

  it('the affiliation survives leaving and opening the screen again in the session', async () => {
    sampleAffiliation.set(JSON.stringify({ id: 7, name: 'Rádio Táxi Centro', requestDate: '2026-11-20', activateDate: '2026-11-21' }));
    await openAffiliation();
    expect(screen.getByText('Rádio Táxi Centro')).toBeInTheDocument();
    expect(screen.getByText('20/11/2026')).toBeInTheDocument();
    expect(screen.getByText('21/11/2026')).toBeInTheDocument();
  });

  it('a stored value that is not an affiliation counts as none instead of crashing', async () => {
    sampleAffiliation.set('{"name": 42');
    await openAffiliation();
    expect(screen.getByText('Você ainda não é filiado a uma cooperativa de táxi.')).toBeInTheDocument();
  });

  it('"Desfiliar" asks first; "Voltar" keeps it, "Confirmar desfiliação" removes it', async () => {
    sampleAffiliation.set(JSON.stringify({ id: 2, name: 'Coopertáxi São Paulo', requestDate: '2026-11-20', activateDate: null }));
    const { user } = await openAffiliation();
    await user.click(screen.getByRole('button', { name: 'Desfiliar' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Desfiliar da Coopertáxi São Paulo?' })).toHaveFocus();
    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Sua afiliação' })).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Desfiliar' }));
    await user.click(screen.getByRole('button', { name: 'Confirmar desfiliação' }));
    expect(screen.getByRole('status')).toHaveTextContent('Você não está mais filiado a uma cooperativa.');
    // One message, not two that say almost the same.
    expect(screen.queryByText('Você ainda não é filiado a uma cooperativa de táxi.')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Escolher cooperativa' })).toBeInTheDocument();
    expect(sampleAffiliation.get()).toBeUndefined();
  });
});
