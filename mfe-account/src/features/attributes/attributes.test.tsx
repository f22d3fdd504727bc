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
} from '@driver-portal/shared/test-utils';
import { api } from '../../contract';
import { routes } from '../../routes';

const DRIVER_ID = 'drv-42';
const carPath = `/my-account/car-predicates/${DRIVER_ID}/0/veh-7`;
const languagesPath = `/my-account/driver-predicates/${DRIVER_ID}`;

const VEHICLE_LABELS = [
  'Carro acessível ou adaptado',
  'Suporte para bicicleta',
  'Kit de entretenimento para passageiros',
  'Combustível sustentável (gás ou elétrico)',
  'Proteção de acrílico',
];
const LANGUAGE_LABELS = ['Alemão', 'Espanhol', 'Francês', 'Inglês', 'Italiano', 'Libras (Língua Brasileira de Sinais)'];

function mockVehicle() {
  // ENTERTAINMENT_KIT left out by the service: it reads as off.
  mockJson(api.register.vehiclePredicates, {
    predicates: [
      { key: 'ACCESSIBLE_OR_ADAPTED_CAR', value: 'No' },
      { key: 'BICICLE_SUPPORT', value: 'Yes' },
      { key: 'SUSTAINABLE_FUEL', value: 'No' },
      { key: 'ACRYLIC_PROTECTION', value: 'No' },
    ],
  });
}

/** The vehicle's whole list as `mockVehicle` reads it (the kit left out reads "No"), with changes. */
function vehicleList(changes: Record<string, string>) {
  const read: Record<string, string> = {
    ACCESSIBLE_OR_ADAPTED_CAR: 'No',
    BICICLE_SUPPORT: 'Yes',
    ENTERTAINMENT_KIT: 'No',
    SUSTAINABLE_FUEL: 'No',
    ACRYLIC_PROTECTION: 'No',
  };
  return { predicates: Object.entries({ ...read, ...changes }).map(([key, value]) => ({ key, value })) };
}

/** Every language "no" but those given. */
function languageList(yes: Record<string, string>) {
  const keys = ['SPEAK_IN_GERMAN', 'SPEAK_IN_ESPANHOL', 'SPEAK_IN_FRENCH', 'SPEAK_IN_ENGLISH', 'SPEAK_IN_ITALIAN', 'SPEAK_IN_LIBRAS'];
  return { predicates: keys.map((key) => ({ key, value: yes[key] ?? 'no' })) };
}

async function openCar() {
  mockVehicle();
  const rendered = renderRoute({ routes, path: carPath });
  await screen.findByRole('switch', { name: 'Proteção de acrílico' });
  return rendered;
}

const switchOf = (name: string) => screen.getByRole('switch', { name });
const posts = (requests: ReturnType<typeof recordRequests>) => requests.filter((request) => request.method === 'POST');

describe('vehicle attributes', () => {
  it('shows the five attributes in order, on as the service says, off when it leaves one out', async () => {
    const requests = recordRequests();
    await openCar();
    expect(screen.getByRole('heading', { level: 1, name: 'Detalhes do veículo' })).toBeInTheDocument();
    const list = screen.getByRole('list', { name: 'O que o veículo oferece' });
    expect(within(list).getAllByRole('switch')).toHaveLength(5);
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(VEHICLE_LABELS);
    expect(switchOf('Suporte para bicicleta')).toBeChecked();
    expect(switchOf('Kit de entretenimento para passageiros')).not.toBeChecked();
    expect(switchOf('Proteção de acrílico')).not.toBeChecked();
    expect(requests.map((request) => `${request.method} ${request.url.pathname}`)).toEqual([
      `GET /register/api/1.0/driver/${DRIVER_ID}/modality/0/vehicle/veh-7`,
    ]);
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', `/my-account/init/${DRIVER_ID}`);
  });

  it('flips at once, before the save answers, then sends the whole list with that attribute "Yes" and says it was saved', async () => {
    const requests = recordRequests();
    const { user } = await openCar();
    let answer: (response: Response) => void = () => undefined;
    mockApi(api.register.saveVehiclePredicates, () => new Promise<Response>((resolve) => (answer = resolve)));

    await user.click(switchOf('Proteção de acrílico'));
    expect(switchOf('Proteção de acrílico')).toBeChecked();
    await waitFor(() => expect(posts(requests)).toHaveLength(1));
    expect(posts(requests)[0]?.url.pathname).toBe(`/register/api/1.0/driver/${DRIVER_ID}/modality/0/vehicle/veh-7`);
    // The whole list, as read, with the one change: nothing relies on the service merging by key.
    await waitFor(() => expect(posts(requests)[0]?.body).toEqual(vehicleList({ ACRYLIC_PROTECTION: 'Yes' })));
    expect(posts(requests)[0]?.headers.get('authorization')).toBeNull();

    answer(HttpResponse.json({}));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('Proteção de acrílico: sim. Salvo.'));
    expect(switchOf('Proteção de acrílico')).toBeChecked();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('turning one off sends "No"', async () => {
    const requests = recordRequests();
    const { user } = await openCar();
    mockJson(api.register.saveVehiclePredicates, {});
    await user.click(switchOf('Suporte para bicicleta'));
    expect(switchOf('Suporte para bicicleta')).not.toBeChecked();
    await screen.findByText('Suporte para bicicleta: não. Salvo.');
    expect(posts(requests)[0]?.body).toEqual(vehicleList({ BICICLE_SUPPORT: 'No' }));
  });

  it.each([
    ['204 No Content', () => new HttpResponse(null, { status: 204 })],
    ['an empty 200', () => new HttpResponse('', { status: 200 })],
  ])('a save answered %s is saved: the switch stays, no rollback', async (_case, answer) => {
    const { user } = await openCar();
    mockApi(api.register.saveVehiclePredicates, answer);
    await user.click(switchOf('Proteção de acrílico'));
    await screen.findByText('Proteção de acrílico: sim. Salvo.');
    expect(switchOf('Proteção de acrílico')).toBeChecked();
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('a save answered with an HTML page or a body that says it failed is rolled back', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const { user } = await openCar();
    mockApi(
      api.register.saveVehiclePredicates,
      () => new HttpResponse('<html><body>502</body></html>', { headers: { 'Content-Type': 'text/html' } }),
    );
    await user.click(switchOf('Proteção de acrílico'));
    await screen.findByRole('alertdialog', { name: 'Não foi possível salvar' });
    expect(switchOf('Proteção de acrílico')).not.toBeChecked();
    warn.mockRestore();
  });

  it.each([
    [500, {}, 'Ocorreu um erro inesperado, tente novamente mais tarde.'],
    [404, {}, 'O serviço esta indisponivel no momento, tente novamente mais tarde.'],
    [400, { validations: [{ message: 'Atributo inválido.' }] }, 'Atributo inválido.'],
  ])('a save answered %i flips the switch back and says so in error style', async (status, body, reason) => {
    const { user } = await openCar();
    mockStatus(api.register.saveVehiclePredicates, status, body);
    await user.click(switchOf('Proteção de acrílico'));
    const dialog = await screen.findByRole('alertdialog', { name: 'Não foi possível salvar' });
    expect(dialog).toHaveClass('dialog-error');
    expect(dialog).toHaveTextContent(`A alteração de "Proteção de acrílico" foi desfeita. ${reason}`);
    expect(switchOf('Proteção de acrílico')).not.toBeChecked();
    expect(screen.getByRole('status')).toHaveTextContent('');
  });

  it('offline: flips back and says so', async () => {
    const { user } = await openCar();
    mockNetworkError(api.register.saveVehiclePredicates);
    await user.click(switchOf('Suporte para bicicleta'));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('Sem conexão com a internet.');
    expect(switchOf('Suporte para bicicleta')).toBeChecked();
  });

  it('timeout: a save that never answers flips back after the client gives up', async () => {
    await openCar();
    mockApi(api.register.saveVehiclePredicates, () => new Promise<never>(() => undefined));
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      fireEvent.click(switchOf('Kit de entretenimento para passageiros'));
      expect(switchOf('Kit de entretenimento para passageiros')).toBeChecked();
      await act(async () => {
        await jest.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
      });
      expect(await screen.findByRole('alertdialog')).toHaveTextContent('O serviço demorou para responder.');
      expect(switchOf('Kit de entretenimento para passageiros')).not.toBeChecked();
    } finally {
      jest.useRealTimers();
    }
  });

  it('a switch waits for its own save (a second tap sends nothing); the others stay free', async () => {
    const requests = recordRequests();
    const { user } = await openCar();
    let answer: (response: Response) => void = () => undefined;
    mockApi(api.register.saveVehiclePredicates, () => new Promise<Response>((resolve) => (answer = resolve)));
    await user.click(switchOf('Proteção de acrílico'));
    expect(switchOf('Proteção de acrílico')).toHaveAttribute('aria-busy', 'true');
    await user.click(switchOf('Proteção de acrílico'));
    expect(switchOf('Proteção de acrílico')).toBeChecked();
    await waitFor(() => expect(posts(requests)).toHaveLength(1));
    answer(HttpResponse.json({}));
    await screen.findByText('Proteção de acrílico: sim. Salvo.');
    expect(switchOf('Proteção de acrílico')).not.toHaveAttribute('aria-busy');
  });

  it('one save failing rolls back only its own switch', async () => {
    const { user } = await openCar();
    const requests = recordRequests();
    mockApi(api.register.saveVehiclePredicates, async ({ request }) => {
      const body = (await request.json()) as { predicates: { key: string; value: string }[] };
      const fuel = body.predicates.find((predicate) => predicate.key === 'SUSTAINABLE_FUEL');
      return fuel?.value === 'Yes' ? HttpResponse.json({ validations: [] }, { status: 500 }) : HttpResponse.json({});
    });
    await user.click(switchOf('Carro acessível ou adaptado'));
    await screen.findByText('Carro acessível ou adaptado: sim. Salvo.');
    await user.click(switchOf('Combustível sustentável (gás ou elétrico)'));
    await screen.findByRole('alertdialog', { name: 'Não foi possível salvar' });
    expect(switchOf('Combustível sustentável (gás ou elétrico)')).not.toBeChecked();
    expect(switchOf('Carro acessível ou adaptado')).toBeChecked();
    // The next save starts from what the service confirmed: the first change in, the failed one out.
    await user.click(switchOf('Proteção de acrílico'));
    await screen.findByText('Proteção de acrílico: sim. Salvo.');
    expect(posts(requests).at(-1)?.body).toEqual(vehicleList({ ACCESSIBLE_OR_ADAPTED_CAR: 'Yes', ACRYLIC_PROTECTION: 'Yes' }));
  });

  it("a failed load shows the service's own message with a retry that loads the switches", async () => {
    mockStatus(api.register.vehiclePredicates, 404, { validations: [{ message: 'Veículo não encontrado.' }] });
    const { user } = renderRoute({ routes, path: carPath });
    expect(await screen.findByRole('alert')).toHaveTextContent('Veículo não encontrado.');
    expect(screen.queryByRole('switch')).not.toBeInTheDocument();
    mockVehicle();
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findAllByRole('switch')).toHaveLength(5);
  });
});

describe('language attributes', () => {
  function mockLanguages() {
    mockJson(api.register.driverPredicates, { predicates: [{ key: 'SPEAK_IN_ENGLISH', value: 'yes' }] });
  }

  it('shows the six languages; English on as the service says', async () => {
    const requests = recordRequests();
    mockLanguages();
    renderRoute({ routes, path: languagesPath });
    const list = await screen.findByRole('list', { name: 'Idiomas que você fala' });
    expect(screen.getByRole('heading', { level: 1, name: 'Detalhes do perfil' })).toBeInTheDocument();
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((item) => item.textContent),
    ).toEqual(LANGUAGE_LABELS);
    expect(switchOf('Inglês')).toBeChecked();
    expect(switchOf('Libras (Língua Brasileira de Sinais)')).not.toBeChecked();
    expect(requests.map((request) => `${request.method} ${request.url.pathname}`)).toEqual([
      `GET /register/api/1.0/driver/driverPredicate/${DRIVER_ID}`,
    ]);
  });

  it('sends "yes" and "no" in lower case, the whole list each time', async () => {
    const requests = recordRequests();
    mockLanguages();
    const { user } = renderRoute({ routes, path: languagesPath });
    await screen.findByRole('switch', { name: 'Inglês' });
    mockJson(api.register.saveDriverPredicates, {});
    await user.click(switchOf('Libras (Língua Brasileira de Sinais)'));
    await screen.findByText('Libras (Língua Brasileira de Sinais): sim. Salvo.');
    await user.click(switchOf('Inglês'));
    await screen.findByText('Inglês: não. Salvo.');
    expect(posts(requests).map((request) => [request.url.pathname, request.body])).toEqual([
      [`/register/api/1.0/driver/driverPredicate/${DRIVER_ID}`, languageList({ SPEAK_IN_ENGLISH: 'yes', SPEAK_IN_LIBRAS: 'yes' })],
      [`/register/api/1.0/driver/driverPredicate/${DRIVER_ID}`, languageList({ SPEAK_IN_LIBRAS: 'yes' })],
    ]);
  });

  it('a failed save flips the language back and says so', async () => {
    mockLanguages();
    const { user } = renderRoute({ routes, path: languagesPath });
    await screen.findByRole('switch', { name: 'Inglês' });
    mockStatus(api.register.saveDriverPredicates, 500);
    await user.click(switchOf('Inglês'));
    expect(await screen.findByRole('alertdialog', { name: 'Não foi possível salvar' })).toHaveTextContent(
      'A alteração de "Inglês" foi desfeita.',
    );
    expect(switchOf('Inglês')).toBeChecked();
  });

  it('offline while loading: the error with a retry', async () => {
    mockNetworkError(api.register.driverPredicates);
    renderRoute({ routes, path: languagesPath });
    expect(await screen.findByRole('alert')).toHaveTextContent('Sem conexão com a internet.');
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });
});
