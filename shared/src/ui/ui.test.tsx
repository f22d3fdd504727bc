import { screen } from '@testing-library/react';
import * as v from 'valibot';
import { Link } from 'react-router';
import { defineEndpoint } from '@driver-portal/shared/contract';
import { useLoad } from '@driver-portal/shared/data';
import { callApi } from '@driver-portal/shared/http';
import { mockJson, mockStatus, recordRequests, renderRoute } from '@driver-portal/shared/test-utils';
import { HOME_PATH } from '@driver-portal/shared/links';
import { LoadView, Page } from '.';

const notifications = defineEndpoint('core', 'GET', 'notificacoes/lista', { answer: v.array(v.object({ Id: v.number() })) });
const eulaDocument = defineEndpoint('register', 'GET', 'api/1.0/driver/eula/:type', { answer: v.object({ documentUrl: v.string() }) });

function Start() {
  return (
    <Page title="Início da área">
      <Link to="/tela?mes=10">Abrir a tela</Link>
    </Page>
  );
}

function Screen() {
  return (
    <Page title="Tela" backTo={HOME_PATH}>
      <p>Conteúdo</p>
    </Page>
  );
}

function Notifications({ endpoint = notifications }: { endpoint?: typeof notifications | typeof eulaDocument }) {
  const load = useLoad((signal) => callApi(endpoint as typeof notifications, { signal }), []);
  return (
    <Page title="Lista" backTo={HOME_PATH}>
      <LoadView {...load}>{(list) => <p>{list.length} itens</p>}</LoadView>
    </Page>
  );
}

const routes = [
  { path: 'inicio', element: <Start /> },
  { path: 'tela', element: <Screen /> },
  { path: 'lista', element: <Notifications /> },
  { path: 'termo', element: <Notifications endpoint={eulaDocument} /> },
];

describe('the header back link', () => {
  it('on a deep link leads to the area home', async () => {
    const { user } = renderRoute({ routes, path: '/tela' });
    const back = await screen.findByRole('link', { name: 'Voltar' });
    expect(back).toHaveAttribute('href', '/App');
    await user.click(back);
    expect(screen.getByTestId('location')).toHaveTextContent(/^\/App$/);
  });

  it('after another screen of the portal goes back to it, as it was', async () => {
    const { user, router } = renderRoute({ routes, path: '/inicio' });
    await user.click(await screen.findByRole('link', { name: 'Abrir a tela' }));
    const back = await screen.findByRole('link', { name: 'Voltar' });
    // The address stays the area home (a new tab, a long press), the click goes back.
    expect(back).toHaveAttribute('href', '/App');
    await user.click(back);
    expect(await screen.findByRole('heading', { level: 1, name: 'Início da área' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/inicio');
    expect(router.state.historyAction).toBe('POP');
  });

  it('a page without backTo has no back link', async () => {
    renderRoute({ routes, path: '/inicio' });
    await screen.findByRole('heading', { level: 1, name: 'Início da área' });
    expect(screen.queryByRole('link', { name: 'Voltar' })).not.toBeInTheDocument();
  });
});

describe('a new screen is announced', () => {
  it('the document takes the screen title and the focus its heading, after every navigation', async () => {
    const { user } = renderRoute({ routes, path: '/inicio' });
    const start = await screen.findByRole('heading', { level: 1, name: 'Início da área' });
    expect(document.title).toBe('Início da área | Portal do Motorista');
    expect(start).toHaveFocus();
    await user.click(screen.getByRole('link', { name: 'Abrir a tela' }));
    const next = await screen.findByRole('heading', { level: 1, name: 'Tela' });
    expect(document.title).toBe('Tela | Portal do Motorista');
    expect(next).toHaveFocus();
    // The keyboard goes on from the top of the new screen: its way back is just before the heading.
    await user.tab({ shift: true });
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveFocus();
  });

  it('a screen that focuses a field of its own keeps it', async () => {
    function CodeScreen() {
      return (
        <Page title="Código">
          <input aria-label="Código" autoFocus />
        </Page>
      );
    }
    renderRoute({ routes: [{ path: 'codigo', element: <CodeScreen /> }], path: '/codigo' });
    await screen.findByRole('heading', { level: 1, name: 'Código' });
    expect(screen.getByLabelText('Código')).toHaveFocus();
  });
});

describe('LoadView: an expired or missing session', () => {
  it('a 401 of the core service shows the message and the way to sign in again, no retry', async () => {
    const requests = recordRequests();
    mockStatus(notifications, 401, { Message: 'Sessão expirada. Faça login novamente.' });
    const { user } = renderRoute({ routes, path: '/lista' });
    const state = await screen.findByRole('alert');
    expect(state).toHaveTextContent('Sessão expirada. Faça login novamente.');
    expect(screen.queryByRole('button', { name: 'Tentar novamente' })).not.toBeInTheDocument();
    const signIn = screen.getByRole('link', { name: 'Entrar novamente' });
    // Through /Sair: the refused token is cleared on every origin, and the sign-out ends on /Login.
    expect(signIn).toHaveAttribute('href', '/Sair');
    expect(requests).toHaveLength(1);
    await user.click(signIn);
    expect(requests).toHaveLength(1);
  });

  it('other failures keep their retry, which loads again', async () => {
    mockStatus(notifications, 500, { Message: 'Falha.' });
    const { user } = renderRoute({ routes, path: '/lista' });
    expect(await screen.findByText('Falha.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Entrar novamente' })).not.toBeInTheDocument();
    mockJson(notifications, [{ Id: 1 }]);
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('1 itens')).toBeInTheDocument();
  });

  it('a 401 of a service that does not take the token keeps the generic error and its retry', async () => {
    mockStatus(eulaDocument, 401);
    renderRoute({ routes, path: '/termo' });
    expect(await screen.findByText('Ocorreu um erro inesperado, tente novamente mais tarde.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Entrar novamente' })).not.toBeInTheDocument();
  });
});
