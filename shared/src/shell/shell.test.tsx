import { act, screen, waitFor } from '@testing-library/react';
import { useState } from 'react';
import { beginLoading, showAlert, showError, showSuccess, withLoading } from '@driver-portal/shared/events';
import { renderRoute } from '@driver-portal/shared/test-utils';

function Screen() {
  const [count, setCount] = useState(0);
  return (
    <div>
      <h1>Tela</h1>
      <button type="button" onClick={() => showSuccess('Senha alterada!', { redirectTo: count > 0 ? '/App' : undefined })}>
        Salvar
      </button>
      <button type="button" onClick={() => setCount(1)}>
        Com redirecionamento
      </button>
    </div>
  );
}

const routes = [{ path: 'tela', element: <Screen /> }];

describe('global alert dialog', () => {
  it('takes focus, is labelled, keeps Tab inside and gives focus back on OK', async () => {
    const { user } = renderRoute({ routes, path: '/tela' });
    const trigger = await screen.findByRole('button', { name: 'Salvar' });
    await user.click(trigger);

    const dialog = await screen.findByRole('alertdialog', { name: 'Senha alterada!' });
    expect(dialog).toHaveClass('dialog-success');
    const ok = screen.getByRole('button', { name: 'OK' });
    expect(ok).toHaveFocus();
    await user.tab();
    expect(ok).toHaveFocus();

    await user.click(ok);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    await waitFor(() => expect(trigger).toHaveFocus());
  });

  it('after OK, a field the driver already moved to keeps focus (focus goes back only when it went nowhere)', async () => {
    const { user } = renderRoute({ routes, path: '/tela' });
    const trigger = await screen.findByRole('button', { name: 'Salvar' });
    const field = document.createElement('input');
    field.setAttribute('aria-label', 'Outro campo');
    document.body.append(field);
    await user.click(trigger);
    const ok = await screen.findByRole('button', { name: 'OK' });
    // OK, then at once a tap on another field, before the page gets round to returning focus.
    act(() => {
      ok.click();
      field.focus();
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(field).toHaveFocus();
    expect(trigger).not.toHaveFocus();
    field.remove();
  });

  it('error style, message and list; Escape closes', async () => {
    const { user } = renderRoute({ routes, path: '/tela' });
    await screen.findByRole('heading', { name: 'Tela' });
    act(() => showAlert({ kind: 'error', title: 'Por favor revise os seguintes dados:', details: ['CPF invalido', 'Email invalido'] }));
    const dialog = await screen.findByRole('alertdialog', { name: 'Por favor revise os seguintes dados:' });
    expect(dialog).toHaveClass('dialog-error');
    expect(dialog).toHaveAccessibleDescription('CPF invalido Email invalido');
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('shows alerts one after the other', async () => {
    const { user } = renderRoute({ routes, path: '/tela' });
    await screen.findByRole('heading', { name: 'Tela' });
    act(() => {
      showError('Primeiro');
      showError('Segundo');
    });
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    expect(await screen.findByRole('alertdialog', { name: 'Segundo' })).toBeInTheDocument();
  });

  it('follows the redirect on OK, in place of the finished screen (Back does not open it again)', async () => {
    const { user, router } = renderRoute({ routes, path: '/tela' });
    await user.click(await screen.findByRole('button', { name: 'Com redirecionamento' }));
    await user.click(screen.getByRole('button', { name: 'Salvar' }));
    await user.click(await screen.findByRole('button', { name: 'OK' }));
    expect(await screen.findByTestId('location')).toHaveTextContent('/App');
    expect(router.state.historyAction).toBe('REPLACE');
  });
});

describe('global loading overlay', () => {
  it('stays while any load runs: concurrent loads never hide it early', async () => {
    renderRoute({ routes, path: '/tela' });
    await screen.findByRole('heading', { name: 'Tela' });
    let endFirst = () => {};
    let endSecond = () => {};
    act(() => {
      endFirst = beginLoading();
      endSecond = beginLoading();
    });
    expect(screen.getByRole('status', { name: 'Carregando' })).toBeInTheDocument();
    act(() => {
      endFirst();
      endFirst(); // a second call must not end the other load
    });
    expect(screen.getByRole('status', { name: 'Carregando' })).toBeInTheDocument();
    act(() => endSecond());
    expect(screen.queryByRole('status', { name: 'Carregando' })).not.toBeInTheDocument();
  });
});

describe('withLoading', () => {
  it('covers a call with the overlay and removes it even when the call fails', async () => {
    renderRoute({ routes, path: '/tela' });
    await screen.findByRole('heading', { name: 'Tela' });
    let fail: (error: Error) => void = () => {};
    const pending = withLoading(new Promise<never>((_resolve, reject) => (fail = reject)));
    expect(await screen.findByRole('status', { name: 'Carregando' })).toBeInTheDocument();
    act(() => fail(new Error('falhou')));
    await expect(pending).rejects.toThrow('falhou');
    await waitFor(() => expect(screen.queryByRole('status', { name: 'Carregando' })).not.toBeInTheDocument());
  });
});
