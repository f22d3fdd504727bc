import { setActiveConfig } from '@driver-portal/shared/config';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { REQUEST_TIMEOUT_MS } from '@driver-portal/shared/http';
import { mockApi, mockJson, mockNetworkError, mockStatus, recordRequests, renderRoute, testConfig } from '@driver-portal/shared/test-utils';
import { api, type Modality } from '../../contract';
import { routes } from '../../routes';

const DRIVER_ID = 'drv-42';
const path = `/my-account/delivery-adherence/${DRIVER_ID}`;
const taxi: Modality = { modalityType: 0, active: true, vehicle: null };

function mockScreen(modalities: Modality[] = [taxi]) {
  mockJson(api.register.driver, {
    response: { id: DRIVER_ID, name: 'Maria Aparecida dos Santos', email: 'maria@example.com', mobile: '11987654321', cpf: '52998224725' },
  });
  mockJson(api.register.modalities, { modalities: modalities.map((response) => ({ response })) });
}

async function openDelivery(modalities?: Modality[]) {
  mockScreen(modalities);
  const rendered = renderRoute({ routes, path });
  await screen.findByText('Olá, Maria!');
  return rendered;
}

const enrolButton = () => screen.queryByRole('button', { name: 'QUERO FAZER ENTREGAS' });

describe('delivery adherence', () => {
  it('without a store address in the deployment, offers no download link (never an invented address)', async () => {
    await openDelivery();
    expect(screen.getByText('O pagamento das entregas cai no seu cartão em até 48 horas.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Baixar o app/ })).not.toBeInTheDocument();
    expect(enrolButton()).toBeInTheDocument();
  });

  it('greets the driver by name and explains processing, e-mail, payment within 48 hours and the app store', async () => {
    setActiveConfig({ ...testConfig, deliveryAppUrl: 'https://play.google.com/store/apps/details?id=entregas' });
    await openDelivery();
    expect(screen.getByRole('heading', { level: 1, name: 'Entregas' })).toBeInTheDocument();
    expect(screen.getByText('O cadastro pode levar algumas horas para ser processado.')).toBeInTheDocument();
    expect(screen.getByText('As instruções para entrar no app de entregas chegam no seu e-mail.')).toBeInTheDocument();
    expect(screen.getByText('O pagamento das entregas cai no seu cartão em até 48 horas.')).toBeInTheDocument();
    const store = screen.getByRole('link', { name: 'Baixar o app de entregas na Google Play' });
    expect(store.getAttribute('href')).toMatch(/^https:\/\/play\.google\.com\//);
    expect(store).toHaveAttribute('rel', 'noopener noreferrer');
    expect(enrolButton()).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', `/my-account/init/${DRIVER_ID}`);
  });

  it('"QUERO FAZER ENTREGAS" sends PUT modality/2/ with no body; then "Cadastro enviado com sucesso" and no button', async () => {
    const requests = recordRequests();
    const { user } = await openDelivery();
    mockJson(api.register.setModality, {});
    await user.click(enrolButton()!);
    const dialog = await screen.findByRole('alertdialog', { name: 'Cadastro enviado com sucesso' });
    expect(dialog).toHaveClass('dialog-success');
    const put = requests.find((request) => request.method === 'PUT');
    expect(put?.url.pathname).toBe(`/register/api/1.0/driver/${DRIVER_ID}/modality/2/`);
    expect(put?.body).toBeUndefined();
    expect(put?.headers.get('authorization')).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'OK' }));
    expect(screen.getByRole('status')).toHaveTextContent('Cadastro enviado com sucesso');
    expect(enrolButton()).not.toBeInTheDocument();
  });

  it('already enrolled (a modality 2): no button, "Cadastro enviado com sucesso"', async () => {
    await openDelivery([taxi, { modalityType: 2, active: false, vehicle: null }]);
    expect(screen.getByRole('status')).toHaveTextContent('Cadastro enviado com sucesso');
    expect(enrolButton()).not.toBeInTheDocument();
  });

  it.each([
    [400, { validations: [{ message: 'Motorista já possui cadastro de entregas.' }] }, 'Motorista já possui cadastro de entregas.'],
    [500, {}, 'Ocorreu um erro inesperado, tente novamente mais tarde.'],
  ])('an enrolment answered %i says so in error style and keeps the button', async (status, body, text) => {
    const { user } = await openDelivery();
    mockStatus(api.register.setModality, status, body);
    await user.click(enrolButton()!);
    const dialog = await screen.findByRole('alertdialog');
    expect(dialog).toHaveClass('dialog-error');
    expect(dialog).toHaveTextContent(text);
    expect(enrolButton()).toBeInTheDocument();
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('an enrolment while offline says so', async () => {
    const { user } = await openDelivery();
    mockNetworkError(api.register.setModality);
    await user.click(enrolButton()!);
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Sem conexão com a internet.');
  });

  it('an enrolment that never answers says the service took too long', async () => {
    await openDelivery();
    mockApi(api.register.setModality, () => new Promise<never>(() => undefined));
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      fireEvent.click(enrolButton()!);
      await act(async () => {
        await jest.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
      });
      expect(await screen.findByRole('alertdialog')).toHaveTextContent('O serviço demorou para responder.');
    } finally {
      jest.useRealTimers();
    }
  });

  it('a double tap sends one enrolment', async () => {
    const requests = recordRequests();
    const { user } = await openDelivery();
    let answer: (response: Response) => void = () => undefined;
    mockApi(api.register.setModality, () => new Promise<Response>((resolve) => (answer = resolve)));
    await user.dblClick(enrolButton()!);
    await waitFor(() => expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(1));
    answer(Response.json({}));
    await screen.findByRole('alertdialog', { name: 'Cadastro enviado com sucesso' });
    expect(requests.filter((request) => request.method === 'PUT')).toHaveLength(1);
  });

  it('a failed load shows the error with a retry', async () => {
    mockScreen();
    mockStatus(api.register.modalities, 404);
    const { user } = renderRoute({ routes, path });
    expect(await screen.findByRole('alert')).toHaveTextContent('O serviço esta indisponivel no momento, tente novamente mais tarde.');
    mockScreen();
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Olá, Maria!')).toBeInTheDocument();
  });
});
