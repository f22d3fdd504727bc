import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { REQUEST_TIMEOUT_MS } from '@driver-portal/shared/http';
import { mockApi, mockJson, mockNetworkError, mockStatus, recordRequests, renderRoute, TEST_TOKEN } from '@driver-portal/shared/test-utils';
import { api, type Modality } from '../../contract';
import { routes } from '../../routes';
import { getDriverId } from '@driver-portal/shared/session';
import { changeDocumentFlag } from '../../session';

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
    await user.click(screen.getByRole('radio', { name: 'Carro Particular' }));
    await user.click(screen.getByRole('button', { name: 'Continuar' }));
    await user.click(screen.getByRole('button', { name: 'Confirmar alteração' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Documentos da modalidade' })).toBeInTheDocument();
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
  // The capture screens are another remote's full pages: jsdom does not navigate, the test only follows the click.
  const stayHere = (event: Event) => event.preventDefault();
  beforeEach(() => document.addEventListener('click', stayHere));
  afterEach(() => document.removeEventListener('click', stayHere));

  it('taxi: the six documents, each a full-page link to its capture screen in the edit flow', async () => {
    renderRoute({ routes, path: '/my-account/change-modality-docs/0', session });
    await screen.findByRole('list', { name: 'Documentos' });
    expect(screen.getByText('Para a modalidade Taxi Comum, envie os documentos abaixo.')).toBeInTheDocument();
    expect(documentLinks().map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['CNH (com EAR)Enviar', 'http://localhost:3000/register/mask-camera/edit/0/0'],
      ['Comprovante de endereçoEnviar', 'http://localhost:3000/register/camera/edit/0/1'],
      ['Foto de perfilEnviar', 'http://localhost:3000/register/selfie/edit/0/2'],
      ['Permissão de motorista de táxiEnviar', 'http://localhost:3000/register/camera/edit/0/3'],
      ['Permissão do veículoEnviar', 'http://localhost:3000/register/camera/edit/0/5'],
      ['CRLV (documento do veículo)Enviar', 'http://localhost:3000/register/camera/edit/0/4'],
    ]);
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', `/my-account/init/${DRIVER_ID}`);
  });

  it('following a document sets the change-document flag, so the capture flow comes back to my account', async () => {
    const { user } = renderRoute({ routes, path: '/my-account/change-modality-docs/1', session });
    await screen.findByRole('list', { name: 'Documentos' });
    expect(documentLinks()).toHaveLength(4);
    expect(changeDocumentFlag.get()).toBeUndefined();
    await user.click(screen.getByRole('link', { name: /CRLV/ }));
    expect(changeDocumentFlag.get()).toBe('true');
  });

  it('an unknown modality says so and leads to the choice', async () => {
    renderRoute({ routes, path: '/my-account/change-modality-docs/2', session });
    expect(await screen.findByRole('alert')).toHaveTextContent('Modalidade desconhecida.');
    expect(screen.getByRole('link', { name: 'Escolher a modalidade' })).toHaveAttribute('href', '/my-account/change-modality');
  });
});

describe('change documents', () => {
  const stayHere = (event: Event) => event.preventDefault();
  beforeEach(() => document.addEventListener('click', stayHere));
  afterEach(() => document.removeEventListener('click', stayHere));

  it("lists the documents of the driver's modality and holds the driver for the way back", async () => {
    const requests = recordRequests();
    mockModalities([modality(1), modality(2)]);
    const { user } = renderRoute({ routes, path: '/my-account/change-docs/drv-7' });
    await screen.findByRole('list', { name: 'Documentos' });
    expect(screen.getByRole('heading', { level: 1, name: 'Meus documentos' })).toBeInTheDocument();
    expect(documentLinks().map((link) => link.getAttribute('href'))).toEqual([
      'http://localhost:3000/register/mask-camera/edit/1/0',
      'http://localhost:3000/register/camera/edit/1/1',
      'http://localhost:3000/register/selfie/edit/1/2',
      'http://localhost:3000/register/camera/edit/1/4',
    ]);
    expect(requests[0]?.url.pathname).toBe('/register/api/1.0/driver/drv-7/modality');
    await waitFor(() => expect(getDriverId()).toBe('drv-7'));
    await user.click(screen.getByRole('link', { name: /Foto de perfil/ }));
    expect(changeDocumentFlag.get()).toBe('true');
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
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByRole('list', { name: 'Documentos' })).toBeInTheDocument();
  });
});
