import { screen, within } from '@testing-library/react';
import { api } from '../../contract';
import {
  HttpResponse,
  mockApi,
  mockNetworkError,
  mockStatus,
  recordRequests,
  renderRoute,
  TEST_TOKEN,
} from '@driver-portal/shared/test-utils';
import { routes } from '../../routes';

const documents: Record<string, string> = {
  '0': 'https://docs.provedor.com.br/termos-de-uso.pdf',
  '1': 'https://docs.provedor.com.br/politica-de-privacidade.pdf',
  '2': 'http://docs.provedor.com.br/termos-de-uso-de-imagem.pdf',
};

/** Answers each terms type with its own document URL. */
function mockDocuments(urls: Record<string, string> = documents) {
  mockApi(api.register.eulaDocument, ({ params }) => HttpResponse.json({ documentUrl: urls[String(params.type)] ?? '' }));
}

const path = '/eula/drv-42';

describe('terms links', () => {
  it('links to the three documents, opening them in a new tab', async () => {
    mockDocuments();
    renderRoute({ routes, path });

    expect(await screen.findByRole('heading', { level: 1, name: 'Termos e políticas' })).toBeInTheDocument();
    const list = await screen.findByRole('list', { name: 'Termos e políticas' });
    const links = within(list).getAllByRole('link');
    expect(links).toHaveLength(3);
    ['Termos de uso', 'Política de privacidade', 'Termos de uso de imagem'].forEach((name, index) =>
      expect(links[index]).toHaveAccessibleName(name),
    );
    expect(links.map((link) => link.getAttribute('href'))).toEqual([documents['0'], documents['1'], documents['2']]);
    for (const link of links) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', '/my-account/init/drv-42');
  });

  it('asks the register service for types 0, 1 and 2 without the bearer token', async () => {
    const requests = recordRequests();
    mockDocuments();
    renderRoute({ routes, path, session: { token: TEST_TOKEN, driverId: 'drv-42' } });

    await screen.findByRole('link', { name: 'Termos de uso de imagem' });
    expect(requests).toHaveLength(3);
    expect(requests.map((request) => request.url.pathname).sort()).toEqual([
      '/register/api/1.0/driver/eula/0',
      '/register/api/1.0/driver/eula/1',
      '/register/api/1.0/driver/eula/2',
    ]);
    for (const request of requests) {
      expect(request.method).toBe('GET');
      expect(request.url.origin).toBe('http://localhost:4000');
      expect(request.headers.get('authorization')).toBeNull();
    }
  });

  it('shows a loading state while the documents load', async () => {
    let release = () => {};
    const answered = new Promise<void>((resolve) => {
      release = resolve;
    });
    mockApi(api.register.eulaDocument, async ({ params }) => {
      await answered;
      return HttpResponse.json({ documentUrl: documents[String(params.type)] });
    });
    renderRoute({ routes, path });

    // The page is on screen (its heading) and its documents are still loading.
    expect(await screen.findByRole('heading', { level: 1, name: 'Termos e políticas' })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('Carregando...');
    expect(screen.queryByRole('link', { name: 'Termos de uso' })).not.toBeInTheDocument();

    release();
    expect(await screen.findByRole('link', { name: 'Termos de uso' })).toBeInTheDocument();
    expect(screen.queryByText('Carregando...')).not.toBeInTheDocument();
  });

  it.each([
    [404, 'O serviço esta indisponivel no momento, tente novamente mais tarde.'],
    [500, 'Ocorreu um erro inesperado, tente novamente mais tarde.'],
    [503, 'Ocorreu um erro inesperado, tente novamente mais tarde.'],
  ])('on %i shows the catalogue text and retries for real', async (status, text) => {
    mockStatus(api.register.eulaDocument, status, { message: 'detalhe interno do servidor' });
    const { user } = renderRoute({ routes, path });

    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.queryByText('detalhe interno do servidor')).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Termos de uso' })).not.toBeInTheDocument();

    mockDocuments();
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('link', { name: 'Termos de uso' })).toHaveAttribute('href', documents['0']);
    expect(screen.getByRole('link', { name: 'Política de privacidade' })).toHaveAttribute('href', documents['1']);
    expect(screen.getByRole('link', { name: 'Termos de uso de imagem' })).toHaveAttribute('href', documents['2']);
  });

  it('one document that fails shows "Documento indisponível" with its own retry; the other two stay links', async () => {
    const requests = recordRequests();
    mockApi(api.register.eulaDocument, ({ params }) =>
      String(params.type) === '1'
        ? HttpResponse.json({}, { status: 404 })
        : HttpResponse.json({ documentUrl: documents[String(params.type)] }),
    );
    const { user } = renderRoute({ routes, path });

    const list = await screen.findByRole('list', { name: 'Termos e políticas' });
    const [use, privacy, image] = within(list).getAllByRole('listitem') as [HTMLElement, HTMLElement, HTMLElement];
    expect(within(use).getByRole('link', { name: 'Termos de uso' })).toHaveAttribute('href', documents['0']);
    expect(within(image).getByRole('link', { name: 'Termos de uso de imagem' })).toHaveAttribute('href', documents['2']);
    expect(within(privacy).queryByRole('link')).not.toBeInTheDocument();
    expect(within(privacy).getByText('Política de privacidade')).toBeInTheDocument();
    expect(within(privacy).getByText('Documento indisponível')).toBeInTheDocument();
    // No page-wide error.
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    expect(screen.queryByText('O serviço esta indisponivel no momento, tente novamente mais tarde.')).not.toBeInTheDocument();

    // The retry asks for that document only, and its link appears in place.
    const before = requests.length;
    mockDocuments();
    await user.click(within(privacy).getByRole('button', { name: 'Tentar novamente: Política de privacidade' }));
    expect(await within(privacy).findByRole('link', { name: 'Política de privacidade' })).toHaveAttribute('href', documents['1']);
    expect(requests.slice(before).map((request) => request.url.pathname)).toEqual(['/register/api/1.0/driver/eula/1']);
    expect(within(list).getAllByRole('link')).toHaveLength(3);
  });

  it('a document whose retry fails again stays unavailable with its retry', async () => {
    mockApi(api.register.eulaDocument, ({ params }) =>
      String(params.type) === '2'
        ? HttpResponse.json({}, { status: 500 })
        : HttpResponse.json({ documentUrl: documents[String(params.type)] }),
    );
    const { user } = renderRoute({ routes, path });
    const retry = await screen.findByRole('button', { name: 'Tentar novamente: Termos de uso de imagem' });
    await user.click(retry);
    expect(await screen.findByRole('button', { name: 'Tentar novamente: Termos de uso de imagem' })).not.toHaveAttribute('aria-disabled');
    expect(screen.getByText('Documento indisponível')).toBeInTheDocument();
    expect(screen.getAllByRole('link', { name: /Termos de uso$|Política de privacidade/ })).toHaveLength(2);
  });

  it('a document answered with nothing safe to open has no retry (asking again gives the same answer)', async () => {
    mockDocuments({ '0': documents['0'] ?? '', '1': 'javascript:alert(1)', '2': documents['2'] ?? '' });
    renderRoute({ routes, path });
    expect(await screen.findByText('Documento indisponível')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Tentar novamente/ })).not.toBeInTheDocument();
  });

  it('links look like links: the label is underlined text beside a chevron hidden from screen readers', async () => {
    mockDocuments();
    renderRoute({ routes, path });
    const link = await screen.findByRole('link', { name: 'Termos de uso' });
    expect(link).toHaveClass('terms-link');
    expect(link.querySelector('.terms-link-label')).toHaveTextContent('Termos de uso');
    expect(link.querySelector('.terms-link-chevron')).toHaveAttribute('aria-hidden', 'true');
  });

  it('offline: says so instead of crashing', async () => {
    mockNetworkError(api.register.eulaDocument);
    renderRoute({ routes, path });
    expect(await screen.findByText(/Sem conexão com a internet/)).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });

  it('never links to a javascript: (or otherwise unsafe or missing) document URL', async () => {
    mockDocuments({ '0': 'javascript:alert(1)', '1': documents['1'] ?? '', '2': '/relativo/termos.pdf' });
    const { container } = renderRoute({ routes, path });

    expect(await screen.findByRole('link', { name: 'Política de privacidade' })).toHaveAttribute('href', documents['1']);
    expect(screen.queryByRole('link', { name: 'Termos de uso' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Termos de uso de imagem' })).not.toBeInTheDocument();
    expect(screen.getByText('Termos de uso')).toBeInTheDocument();
    expect(screen.getByText('Termos de uso de imagem')).toBeInTheDocument();
    expect(screen.getAllByText('Documento indisponível')).toHaveLength(2);
    expect(container.querySelector('a[href^="javascript"]')).toBeNull();
  });

  it('a malformed answer (null) is the unexpected error with a retry, not a crash', async () => {
    mockApi(api.register.eulaDocument, () => HttpResponse.json(null));
    renderRoute({ routes, path });
    expect(await screen.findByText('Ocorreu um erro inesperado, tente novamente mais tarde.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });
});
