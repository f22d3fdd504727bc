import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { REQUEST_TIMEOUT_MS } from '@driver-portal/shared/http';
import { mockApi, mockJson, mockNetworkError, mockStatus, recordRequests, renderRoute, TEST_TOKEN } from '@driver-portal/shared/test-utils';
import { api, type Modality } from '../../contract';
import { routes } from '../../routes';
import { getDriverId } from '@driver-portal/shared/session';

const DRIVER_ID = 'drv-42';
const session = { token: TEST_TOKEN, driverId: DRIVER_ID };
const modality = (modalityType: number): Modality => ({ modalityType, active: true, vehicle: null });

function mockModalities(list: Modality[]) {
  mockJson(api.register.modalities, { modalities: list.map((response) => ({ response })) });
}

async function openChoice(list: Modality[] = [modality(0), modality(2)]) {
  mockModalities(list);
  const rendered = renderRoute({ routes, path: '/my-account/change-modality', session });
  await screen.findByRole('group', { name: 'Escolha a modalidade' });
  return rendered;
}

const AT = '2026-11-20T12:00:00Z';
const stamped = (documentType: number, stamps: { createdAt?: string; rejectedAt?: string; approvedAt?: string }) => ({
  response: { documentType, fileUrl: null, createdAt: null, rejectedAt: null, approvedAt: null, ...stamps },
});
/** The CNH approved and the proof of address under review (the driver's own list); the CRLV refused (the modality's). */
function mockDocuments() {
  mockJson(api.register.documents, { documents: [stamped(0, { createdAt: AT, approvedAt: AT }), stamped(1, { createdAt: AT })] });
  mockJson(api.register.modalityDocuments, { documents: [stamped(4, { createdAt: AT, rejectedAt: AT })] });
}

const documentLinks = () => within(screen.getByRole('list', { name: 'Documentos' })).getAllByRole('link');

describe('change modality', () => {
  it('without a driver held for the session, says so', async () => {
    renderRoute({ routes, path: '/my-account/change-modality' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Não foi possível identificar a sua conta.');
  });

  it('marks the current modality (delivery is not one); the same modality goes straight to its documents, with no change sent', async () => {
    const requests = recordRequests();
    await openChoice();
    expect(screen.getByRole('radio', { name: 'Taxi Comum (atual)' })).toBeChecked();
    expect(screen.getByRole('radio', { name: 'Carro Particular' })).not.toBeChecked();
    expect(screen.getByRole('link', { name: 'Continuar' })).toHaveAttribute('href', '/my-account/change-modality-docs/0');
    expect(requests.map((request) => `${request.method} ${request.url.pathname}`)).toEqual([
      `GET /register/api/1.0/driver/${DRIVER_ID}/modality`,
    ]);
  });

  it('a different modality asks for confirmation; "Voltar" keeps the choice', async () => {
    const requests = recordRequests();
    const { user } = await openChoice();
    await user.click(screen.getByRole('radio', { name: 'Carro Particular' }));
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    expect(screen.getByRole('heading', { level: 2, name: 'Mudar a sua modalidade para Carro Particular?' })).toHaveFocus();
    expect(screen.getByText(/os documentos da nova modalidade/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Voltar' }));
    expect(screen.getByRole('radio', { name: 'Carro Particular' })).toBeChecked();
    expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(0);
  });

  it('confirmed, it PUTs the modality with no body and opens its documents', async () => {
    const requests = recordRequests();
    const { user } = await openChoice();
    mockJson(api.register.setModality, {});
    mockDocuments();
    await user.click(screen.getByRole('radio', { name: 'Carro Particular' }));
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await user.click(screen.getByRole('button', { name: 'Confirmar alteração' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Documentos da modalidade' })).toBeInTheDocument();
    await screen.findByRole('list', { name: 'Documentos' });
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.url.pathname).toBe(`/register/api/1.0/driver/${DRIVER_ID}/modality/1/`);
    expect(put?.body).toBeUndefined();
    expect(documentLinks()).toHaveLength(4);
  });

  it.each([
    ['500', () => mockStatus(api.register.setModality, 500), 'Ocorreu um erro inesperado, tente novamente mais tarde.'],
    ['offline', () => mockNetworkError(api.register.setModality), 'Sem conexão com a internet.'],
  ])('a change that fails (%s) says so in error style and stays on the question', async (_case, mock, text) => {
    const { user } = await openChoice();
    mock();
    await user.click(screen.getByRole('radio', { name: 'Carro Particular' }));
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await user.click(screen.getByRole('button', { name: 'Confirmar alteração' }));
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveClass('dialog-error');
    expect(dialog).toHaveTextContent(text);
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.getByRole('button', { name: 'Confirmar alteração' })).toBeInTheDocument();
  });

  it('a change that never answers says the service took too long', async () => {
    const { user } = await openChoice();
    mockApi(api.register.setModality, () => new Promise<never>(() => undefined));
    await user.click(screen.getByRole('radio', { name: 'Carro Particular' }));
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Confirmar alteração' }));
      await act(async () => {
        await jest.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
      });
      expect(await screen.findByRole('alertdialog')).toHaveTextContent('O serviço demorou para responder.');
    } finally {
      jest.useRealTimers();
    }
  });

  it('no modality yet: nothing chosen and Continuar disabled until one is', async () => {
    const { user } = await openChoice([]);
    expect(screen.getByRole('button', { name: 'Continuar' })).toBeDisabled();
    await user.click(screen.getByRole('radio', { name: 'Taxi Comum' }));
    expect(screen.getByRole('button', { name: 'Continuar' })).toBeEnabled();
  });

  it('a failed load shows the error with a retry', async () => {
    mockStatus(api.register.modalities, 404);
    const { user } = renderRoute({ routes, path: '/my-account/change-modality', session });
    expect(await screen.findByRole('alert')).toHaveTextContent('O serviço esta indisponivel no momento, tente novamente mais tarde.');
    mockModalities([modality(1)]);
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('radio', { name: 'Carro Particular (atual)' })).toBeChecked();
  });
});

describe('documents of a modality', () => {
  it('taxi: the six documents with their status, each sending it again through the onboarding and back to this list', async () => {
    mockDocuments();
    renderRoute({ routes, path: '/my-account/change-modality-docs/0', session });
    await screen.findByRole('list', { name: 'Documentos' });
    expect(screen.getByText('Para a modalidade Taxi Comum, envie os documentos abaixo.')).toBeInTheDocument();
    // The test page is not the host's origin (a remote's own page): the way back is this origin's full address.
    const back = encodeURIComponent('http://localhost/my-account/change-modality-docs/0');
    expect(documentLinks().map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['CNH (com EAR)AprovadoEnviar', `/register/details-picture/0/0?driverId=${DRIVER_ID}&returnTo=${back}`],
      ['Comprovante de endereçoEm análiseEnviar', `/register/details-picture/0/1?driverId=${DRIVER_ID}&returnTo=${back}`],
      ['Foto de perfilNão enviadoEnviar', `/register/details-picture/0/2?driverId=${DRIVER_ID}&returnTo=${back}`],
      ['Permissão de motorista de táxiNão enviadoEnviar', `/register/details-picture/0/3?driverId=${DRIVER_ID}&returnTo=${back}`],
      ['Permissão do veículoNão enviadoEnviar', `/register/details-picture/0/5?driverId=${DRIVER_ID}&returnTo=${back}`],
      ['CRLV (documento do veículo)Recusado: envie de novoEnviar', `/register/details-picture/0/4?driverId=${DRIVER_ID}&returnTo=${back}`],
    ]);
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', `/my-account/init/${DRIVER_ID}`);
  });

  it('following a document leaves no flag behind: the journey is in the address only', async () => {
    mockDocuments();
    const { user, router } = renderRoute({ routes, path: '/my-account/change-modality-docs/1', session });
    await screen.findByRole('list', { name: 'Documentos' });
    expect(documentLinks()).toHaveLength(4);
    const before = Object.keys(window.sessionStorage);
    await user.click(screen.getByRole('link', { name: /CRLV/ }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register/details-picture/1/4'));
    expect(Object.keys(window.sessionStorage)).toEqual(before);
  });

  it('a documents load that fails says so with a retry; the choice of documents is still there after it', async () => {
    mockNetworkError(api.register.modalityDocuments);
    mockJson(api.register.documents, { documents: [] });
    const { user } = renderRoute({ routes, path: '/my-account/change-modality-docs/1', session });
    expect(await screen.findByRole('alert')).toHaveTextContent('Sem conexão com a internet.');
    mockDocuments();
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('list', { name: 'Documentos' })).toBeInTheDocument();
  });

  it('an unknown modality says so and leads to the choice', async () => {
    renderRoute({ routes, path: '/my-account/change-modality-docs/2', session });
    expect(await screen.findByRole('alert')).toHaveTextContent('Modalidade desconhecida.');
    expect(screen.getByRole('link', { name: 'Escolher a modalidade' })).toHaveAttribute('href', '/my-account/change-modality');
  });
});

describe('change documents', () => {
  it("lists the documents of the driver's modality with their status, holds the driver, and each comes back here", async () => {
    const requests = recordRequests();
    mockModalities([modality(1), modality(2)]);
    mockDocuments();
    renderRoute({ routes, path: '/my-account/change-docs/drv-7' });
    await screen.findByRole('list', { name: 'Documentos' });
    expect(screen.getByRole('heading', { level: 1, name: 'Meus documentos' })).toBeInTheDocument();
    const back = encodeURIComponent('http://localhost/my-account/change-docs/drv-7');
    expect(documentLinks().map((link) => link.getAttribute('href'))).toEqual(
      [0, 1, 2, 4].map((type) => `/register/details-picture/1/${type}?driverId=drv-7&returnTo=${back}`),
    );
    expect(requests.map((request) => request.url.pathname)).toEqual([
      '/register/api/1.0/driver/drv-7/modality',
      '/register/api/1.0/driver/drv-7/documents',
      '/register/api/1.0/driver/drv-7/modality/1/documents',
    ]);
    await waitFor(() => expect(getDriverId()).toBe('drv-7'));
    expect(screen.getByText('O envio dos documentos acontece no cadastro; ao terminar, você volta para esta lista.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', '/my-account/init/drv-7');
  });

  it('no modality yet says so', async () => {
    mockModalities([]);
    renderRoute({ routes, path: '/my-account/change-docs/drv-7' });
    expect(await screen.findByText('Nenhuma modalidade cadastrada.')).toBeInTheDocument();
  });

  it('a failed load shows the error with a retry', async () => {
    mockNetworkError(api.register.modalities);
    const { user } = renderRoute({ routes, path: '/my-account/change-docs/drv-7' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Sem conexão com a internet.');
    mockModalities([modality(0)]);
    mockDocuments();
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('list', { name: 'Documentos' })).toBeInTheDocument();
  });
});
