import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { REQUEST_TIMEOUT_MS } from '@driver-portal/shared/http';
import { mockApi, mockJson, mockNetworkError, mockStatus, recordRequests, renderRoute } from '@driver-portal/shared/test-utils';
import { api } from '../../contract';
import { routes } from '../../routes';

const GUID = 'guid-7';
const session = { driverGuid: GUID };
const button = (name: string) => screen.getByRole('button', { name });
/** Clicks `name` with a call that never answers, and lets the client's timeout pass. */
async function clickAndTimeOut(name: string) {
  jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
  try {
    fireEvent.click(button(name));
    await act(async () => {
      await jest.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
    });
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('O serviço demorou para responder.');
  } finally {
    jest.useRealTimers();
  }
}

const calls = (requests: ReturnType<typeof recordRequests>) => requests.map((request) => `${request.method} ${request.url.pathname}`);

describe('modality', () => {
  it('offers only Motorista/Taxista; Continuar sets it and opens the predicates', async () => {
    const requests = recordRequests();
    mockJson(api.register.modalities, { modalities: [] });
    mockJson(api.register.setModality, {});
    mockJson(api.register.predicates, { predicates: [] });
    const { user, router } = renderRoute({ routes, path: '/register/modality/', session });
    expect(await screen.findByRole('heading', { level: 1, name: 'Modalidade' })).toBeInTheDocument();
    const group = await screen.findByRole('group', { name: 'Como você vai dirigir?' });
    expect(
      within(group)
        .getAllByRole('radio')
        .map((radio) => radio.closest('label')?.textContent),
    ).toEqual(['Motorista/Taxista']);
    await waitFor(() => expect(button('Continuar')).toBeDisabled());
    await user.click(screen.getByRole('radio', { name: 'Motorista/Taxista' }));
    await waitFor(() => expect(button('Continuar')).toBeEnabled());
    await user.click(button('Continuar'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register/predicates/0'));
    await screen.findByRole('group', { name: 'Você é contribuinte do INSS?' });
    expect(calls(requests)).toEqual([
      `GET /register/api/1.0/driver/${GUID}/modality`,
      `PUT /register/api/1.0/driver/${GUID}/modality/0/`,
      `GET /register/api/1.0/driver/${GUID}/modality/0/predicates`,
    ]);
  });

  it('a driver coming back sees the modality chosen before', async () => {
    mockJson(api.register.modalities, { modalities: [{ response: { modalityType: 0 } }] });
    renderRoute({ routes, path: '/register/modality/', session });
    expect(await screen.findByRole('radio', { name: 'Motorista/Taxista' })).toBeChecked();
  });

  it.each([
    [500, 'Ocorreu um erro inesperado, tente novamente mais tarde.'],
    [404, 'O serviço esta indisponivel no momento, tente novamente mais tarde.'],
    [400, 'Modalidade inválida.'],
  ])('setting it answered %i says so and stays', async (status, text) => {
    mockJson(api.register.modalities, { modalities: [] });
    mockStatus(
      api.register.setModality,
      status,
      status === 400 ? { validations: [{ field: 'modalityType', message: 'Modalidade inválida.' }] } : {},
    );
    const { user, router } = renderRoute({ routes, path: '/register/modality/', session });
    await user.click(await screen.findByRole('radio', { name: 'Motorista/Taxista' }));
    await waitFor(() => expect(button('Continuar')).toBeEnabled());
    await user.click(button('Continuar'));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(text);
    expect(router.state.location.pathname).toBe('/register/modality/');
    expect(screen.getByRole('radio', { name: 'Motorista/Taxista' })).toBeChecked();
  });

  it('setting it offline, or with no answer, says so', async () => {
    mockJson(api.register.modalities, { modalities: [{ response: { modalityType: 0 } }] });
    mockNetworkError(api.register.setModality);
    const { user } = renderRoute({ routes, path: '/register/modality/', session });
    await screen.findByRole('radio', { name: 'Motorista/Taxista' });
    await user.click(button('Continuar'));
    const offline = await screen.findByRole('alertdialog');
    expect(offline).toHaveTextContent('Sem conexão com a internet.');
    await user.click(within(offline).getByRole('button', { name: 'OK' }));
    mockApi(api.register.setModality, () => new Promise<never>(() => undefined));
    await clickAndTimeOut('Continuar');
  });

  it('the load failing (offline) shows the error with a retry', async () => {
    mockNetworkError(api.register.modalities);
    const { user } = renderRoute({ routes, path: '/register/modality/', session });
    expect(await screen.findByRole('alert')).toHaveTextContent('Sem conexão com a internet.');
    mockJson(api.register.modalities, { modalities: [] });
    await user.click(button('Tentar novamente'));
    expect(await screen.findByRole('radio', { name: 'Motorista/Taxista' })).toBeInTheDocument();
  });

  it('with no driver known, says so and leads to the mobile confirmation', async () => {
    renderRoute({ routes, path: '/register/modality/', session: {} });
    expect(await screen.findByRole('alert')).toHaveTextContent('Não foi possível identificar o seu cadastro.');
    expect(screen.getByRole('link', { name: 'Confirmar celular' })).toHaveAttribute('href', '/register/send-code/');
  });

  it('uses the driver id of the session when none signed up here', async () => {
    const requests = recordRequests();
    mockJson(api.register.modalities, { modalities: [] });
    renderRoute({ routes, path: '/register/modality/', session: { driverId: 'drv-42' } });
    await screen.findByRole('radio', { name: 'Motorista/Taxista' });
    expect(calls(requests)).toEqual(['GET /register/api/1.0/driver/drv-42/modality']);
  });
});

describe('predicates', () => {
  it('both questions are required: the first unanswered gets the focus and its message', async () => {
    const requests = recordRequests();
    mockJson(api.register.predicates, { predicates: [] });
    const { user } = renderRoute({ routes, path: '/register/predicates/0', session });
    expect(await screen.findByRole('heading', { level: 1, name: 'Sobre você' })).toBeInTheDocument();
    const inss = await screen.findByRole('group', { name: 'Você é contribuinte do INSS?' });
    const course = screen.getByRole('group', { name: 'Você fez o curso de condutor?' });
    await user.click(within(course).getByRole('radio', { name: 'Sim' }));
    await user.click(button('Continuar'));
    await waitFor(() => expect(within(inss).getByRole('radio', { name: 'Sim' })).toHaveFocus());
    expect(inss).toHaveAccessibleDescription('Campo obrigatório');
    expect(requests.filter((request) => request.method === 'POST')).toEqual([]);
  });

  it('posts both answers and opens the documents to have at hand', async () => {
    const requests = recordRequests();
    mockJson(api.register.predicates, { predicates: [] });
    mockJson(api.register.savePredicates, {});
    const { user, router } = renderRoute({ routes, path: '/register/predicates/0', session });
    const inss = await screen.findByRole('group', { name: 'Você é contribuinte do INSS?' });
    await user.click(within(inss).getByRole('radio', { name: 'Não' }));
    await user.click(within(screen.getByRole('group', { name: 'Você fez o curso de condutor?' })).getByRole('radio', { name: 'Sim' }));
    await user.click(button('Continuar'));
    expect(await screen.findByRole('heading', { level: 1, name: 'Tenha seus documentos em mãos' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register/modality-view-docs/0');
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.url.pathname).toBe(`/register/api/1.0/driver/${GUID}/modality/0/predicates`);
    expect(post?.body).toEqual({
      predicates: [
        { key: 'CONTRIBUINTE_INSS', value: 'Não' },
        { key: 'CURSO_CONDUTOR', value: 'Sim' },
      ],
    });
  });

  it('shows the answers given before', async () => {
    mockJson(api.register.predicates, { predicates: [{ key: 'CURSO_CONDUTOR', value: 'Não' }] });
    renderRoute({ routes, path: '/register/predicates/0', session });
    const course = await screen.findByRole('group', { name: 'Você fez o curso de condutor?' });
    expect(within(course).getByRole('radio', { name: 'Não' })).toBeChecked();
    expect(
      within(screen.getByRole('group', { name: 'Você é contribuinte do INSS?' })).getByRole('radio', { name: 'Sim' }),
    ).not.toBeChecked();
  });

  it.each([
    [500, 'Ocorreu um erro inesperado, tente novamente mais tarde.'],
    [404, 'O serviço esta indisponivel no momento, tente novamente mais tarde.'],
  ])('saving answered %i says so and keeps the answers', async (status, text) => {
    mockJson(api.register.predicates, { predicates: [] });
    mockStatus(api.register.savePredicates, status);
    const { user } = renderRoute({ routes, path: '/register/predicates/0', session });
    const inss = await screen.findByRole('group', { name: 'Você é contribuinte do INSS?' });
    await user.click(within(inss).getByRole('radio', { name: 'Sim' }));
    await user.click(within(screen.getByRole('group', { name: 'Você fez o curso de condutor?' })).getByRole('radio', { name: 'Sim' }));
    await user.click(button('Continuar'));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(text);
    expect(within(inss).getByRole('radio', { name: 'Sim' })).toBeChecked();
  });

  it('saving offline, or with no answer, says so', async () => {
    mockJson(api.register.predicates, {
      predicates: [
        { key: 'CONTRIBUINTE_INSS', value: 'Sim' },
        { key: 'CURSO_CONDUTOR', value: 'Sim' },
      ],
    });
    mockNetworkError(api.register.savePredicates);
    const { user } = renderRoute({ routes, path: '/register/predicates/0', session });
    await screen.findByRole('group', { name: 'Você é contribuinte do INSS?' });
    await user.click(button('Continuar'));
    const offline = await screen.findByRole('alertdialog');
    expect(offline).toHaveTextContent('Sem conexão com a internet.');
    await user.click(within(offline).getByRole('button', { name: 'OK' }));
    mockApi(api.register.savePredicates, () => new Promise<never>(() => undefined));
    await clickAndTimeOut('Continuar');
  });

  it('the answers failing to load show the error with a retry', async () => {
    mockStatus(api.register.predicates, 404);
    const { user } = renderRoute({ routes, path: '/register/predicates/0', session });
    expect(await screen.findByRole('alert')).toHaveTextContent('O serviço esta indisponivel no momento, tente novamente mais tarde.');
    mockJson(api.register.predicates, { predicates: [] });
    await user.click(button('Tentar novamente'));
    expect(await screen.findByRole('group', { name: 'Você é contribuinte do INSS?' })).toBeInTheDocument();
  });

  it('a 400 lists the service messages', async () => {
    mockJson(api.register.predicates, {
      predicates: [
        { key: 'CONTRIBUINTE_INSS', value: 'Sim' },
        { key: 'CURSO_CONDUTOR', value: 'Sim' },
      ],
    });
    mockStatus(api.register.savePredicates, 400, {
      validations: [{ field: 'modalityType', message: 'Escolha a modalidade antes de responder as perguntas.' }],
    });
    const { user } = renderRoute({ routes, path: '/register/predicates/0', session });
    await screen.findByRole('group', { name: 'Você é contribuinte do INSS?' });
    await user.click(button('Continuar'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Por favor revise os seguintes dados:' });
    expect(dialog).toHaveTextContent('Escolha a modalidade antes de responder as perguntas.');
  });

  it('a modality other than 0 or 1 in the path says so and leads to the choice', async () => {
    renderRoute({ routes, path: '/register/predicates/7', session });
    expect(await screen.findByRole('alert')).toHaveTextContent('Modalidade inválida.');
    expect(screen.getByRole('link', { name: 'Escolher a modalidade' })).toHaveAttribute('href', '/register/modality/');
  });
});

describe('documents to have at hand', () => {
  it('modality 0 lists its six documents, then Continuar opens the address', async () => {
    mockJson(api.register.location, { response: null });
    const { user, router } = renderRoute({ routes, path: '/register/modality-view-docs/0', session });
    const list = await screen.findByRole('list', { name: 'Documentos necessários' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'CNH (Carteira Nacional de Habilitação) com EAR',
      'Comprovante de residência',
      'Foto do rosto (selfie)',
      'Permissão para motorista de táxi',
      'Licença do veículo',
      'CRLV (documento do veículo)',
    ]);
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', '/register/predicates/0');
    await user.click(button('Continuar'));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register/address/new/0'));
  });

  it('modality 1 lists its four', async () => {
    renderRoute({ routes, path: '/register/modality-view-docs/1', session });
    const list = await screen.findByRole('list', { name: 'Documentos necessários' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual([
      'CNH (Carteira Nacional de Habilitação) com EAR',
      'Comprovante de residência',
      'Foto do rosto (selfie)',
      'CRLV (documento do veículo)',
    ]);
  });

  it('an unknown modality says so', async () => {
    renderRoute({ routes, path: '/register/modality-view-docs/x', session });
    expect(await screen.findByRole('alert')).toHaveTextContent('Modalidade inválida.');
  });
});
