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
  type RenderRouteResult,
  savedDraft,
} from '@driver-portal/shared/test-utils';
import { api } from '../../contract';
import { routes } from '../../routes';
import { ZIP_LOOKUP_TIMEOUT_MS } from './api';

const GUID = 'guid-7';
const session = { driverGuid: GUID };
const PATH = '/register/address/new/0';
const PAULISTA = { logradouro: 'Avenida Paulista', bairro: 'Bela Vista', uf: 'SP', localidade: 'São Paulo' };
const field = (label: string) => screen.getByLabelText(label);
const continuar = () => screen.getByRole('button', { name: 'Continuar' });

async function open(path = PATH) {
  const rendered = renderRoute({ routes, path, session });
  await screen.findByLabelText('CEP');
  return rendered;
}

async function fillByHand({ user }: RenderRouteResult) {
  await user.type(field('Endereço'), 'Rua das Flores');
  await user.type(field('Número'), '12A');
  await user.type(field('Bairro'), 'Centro');
  await user.selectOptions(field('Estado'), 'RJ');
  await user.type(field('Cidade'), 'Niterói');
}

describe('address', () => {
  it('a complete CEP fills address, district, state and city from the lookup, which carries no token', async () => {
    const requests = recordRequests();
    mockJson(api.zipLookup.address, PAULISTA);
    const { user } = await open();
    expect(screen.getByRole('heading', { level: 1, name: 'Endereço' })).toBeInTheDocument();
    expect(field('CEP')).toHaveAttribute('inputmode', 'numeric');
    await user.type(field('CEP'), '0131010');
    expect(requests).toHaveLength(0);
    await user.type(field('CEP'), '0');
    expect(field('CEP')).toHaveValue('01310-100');
    await waitFor(() => expect(field('Endereço')).toHaveValue('Avenida Paulista'));
    expect(field('Bairro')).toHaveValue('Bela Vista');
    expect(field('Estado')).toHaveValue('SP');
    expect(field('Cidade')).toHaveValue('São Paulo');
    expect(requests).toHaveLength(1);
    expect(`${requests[0]?.url.pathname}${requests[0]?.url.search}`).toBe('/zip/ZipCode?zipcode=01310100');
    expect(requests[0]?.headers.get('authorization')).toBeNull();
    expect(screen.queryByText('CEP não encontrado')).not.toBeInTheDocument();
  });

  it.each([
    ['an unknown CEP', () => mockStatus(api.zipLookup.address, 404, { erro: true })],
    ['an unknown CEP answered 200 { erro: true }', () => mockApi(api.zipLookup.address, () => HttpResponse.json({ erro: true }))],
    ['a failed lookup', () => mockStatus(api.zipLookup.address, 500)],
    ['an offline lookup', () => mockNetworkError(api.zipLookup.address)],
  ])('%s says "CEP não encontrado" under the field and clears nothing typed', async (_, mock) => {
    mock();
    const rendered = await open();
    await fillByHand(rendered);
    await rendered.user.type(field('CEP'), '99999999');
    await waitFor(() => expect(field('CEP')).toHaveAccessibleDescription('CEP não encontrado'));
    expect(field('Endereço')).toHaveValue('Rua das Flores');
    expect(field('Estado')).toHaveValue('RJ');
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
  });

  it('a lookup that never answers gives up after its own timeout and lets the driver type', async () => {
    mockApi(api.zipLookup.address, () => new Promise<never>(() => undefined));
    await open();
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      fireEvent.input(field('CEP'), { target: { value: '01310-100' } });
      await act(async () => {
        await jest.advanceTimersByTimeAsync(ZIP_LOOKUP_TIMEOUT_MS - 100);
      });
      expect(field('CEP')).not.toHaveAccessibleDescription('CEP não encontrado');
      await act(async () => {
        await jest.advanceTimersByTimeAsync(ZIP_LOOKUP_TIMEOUT_MS);
      });
    } finally {
      jest.useRealTimers();
    }
    await waitFor(() => expect(field('CEP')).toHaveAccessibleDescription('CEP não encontrado'));
  });

  it('lists the 27 states after "Selecione"', async () => {
    await open();
    const options = within(field('Estado')).getAllByRole('option');
    expect(options).toHaveLength(28);
    expect(options[0]).toHaveTextContent('Selecione');
  });

  it('zip code, address, number, district and city are required: the first gets the focus, each its message', async () => {
    const requests = recordRequests();
    const { user } = await open();
    await user.click(continuar());
    await waitFor(() => expect(field('CEP')).toHaveFocus());
    expect(field('CEP')).toHaveAccessibleDescription('Campo obrigatório');
    for (const label of ['Endereço', 'Número', 'Bairro', 'Cidade']) expect(field(label)).toHaveAccessibleDescription('Campo obrigatório');
    expect(field('Complemento (opcional)')).not.toHaveAttribute('aria-invalid');
    expect(field('Estado')).not.toHaveAttribute('aria-invalid');
    expect(requests).toHaveLength(0);
  });

  it('the number takes at most 6 characters: a longer one, typed or pasted, is kept whole and refused, never cut', async () => {
    const { user } = await open();
    expect(field('Número')).not.toHaveAttribute('maxlength');
    await user.click(field('Número'));
    await user.paste('1234567');
    expect(field('Número')).toHaveValue('1234567');
    fireEvent.blur(field('Número'));
    await waitFor(() => expect(field('Número')).toHaveAccessibleDescription('O número deve ter no máximo 6 caracteres'));
  });

  it.each([
    ['Endereço', 101, 'Use no máximo 100 caracteres.'],
    ['Complemento (opcional)', 101, 'Use no máximo 100 caracteres.'],
    ['Bairro', 101, 'Use no máximo 100 caracteres.'],
    ['Cidade', 61, 'Use no máximo 60 caracteres.'],
  ])('%s longer than the service holds (%i characters) is refused whole and nothing is sent', async (label, length, message) => {
    const requests = recordRequests();
    mockStatus(api.zipLookup.address, 404, { erro: true });
    const rendered = await open();
    await rendered.user.type(field('CEP'), '24020000');
    await fillByHand(rendered);
    const long = 'x'.repeat(length);
    fireEvent.change(field(label), { target: { value: long } });
    await rendered.user.click(continuar());
    await waitFor(() => expect(field(label)).toHaveAccessibleDescription(message));
    expect(field(label)).toHaveValue(long);
    expect(requests.filter((request) => request.method === 'POST')).toHaveLength(0);
  });

  it('an address with a right-to-left override (shown reversed) is refused', async () => {
    const { user } = await open();
    fireEvent.change(field('Endereço'), { target: { value: 'Rua \u202Esarolf sad' } });
    fireEvent.blur(field('Endereço'));
    await waitFor(() =>
      expect(field('Endereço')).toHaveAccessibleDescription('Há um caractere invisível ou de controle no texto: apague-o.'),
    );
    await user.clear(field('Endereço'));
    await user.type(field('Endereço'), 'Rua das Flores');
    await waitFor(() => expect(field('Endereço')).not.toHaveAttribute('aria-invalid'));
  });

  it('posts the address and opens the document checklist', async () => {
    const requests = recordRequests();
    mockStatus(api.zipLookup.address, 404, { erro: true });
    mockJson(api.register.saveLocation, {});
    const rendered = await open();
    await rendered.user.type(field('CEP'), '24020000');
    await fillByHand(rendered);
    await rendered.user.type(field('Complemento (opcional)'), 'Casa 2');
    await rendered.user.click(continuar());
    await waitFor(() => expect(rendered.router.state.location.pathname).toBe('/register/upload-picture/0'));
    const post = requests.find((request) => request.method === 'POST');
    expect(post?.url.pathname).toBe(`/register/api/1.0/driver/${GUID}/location`);
    expect(post?.body).toEqual({
      zipCode: '24020-000',
      address: 'Rua das Flores',
      number: '12A',
      complement: 'Casa 2',
      district: 'Centro',
      state: 'RJ',
      city: 'Niterói',
    });
    expect(savedDraft(`address:${GUID}`)).toBeNull();
  });

  it('without a modality in the path, the address leads to the document progress list', async () => {
    mockJson(api.zipLookup.address, PAULISTA);
    mockJson(api.register.saveLocation, {});
    const rendered = await open('/register/address/edit');
    await rendered.user.type(field('CEP'), '01310100');
    await waitFor(() => expect(field('Cidade')).toHaveValue('São Paulo'));
    await rendered.user.type(field('Número'), '1000');
    await rendered.user.click(continuar());
    await waitFor(() => expect(rendered.router.state.location.pathname).toBe(`/register/review-docs/${GUID}`));
  });

  it.each([
    [500, 'Ocorreu um erro inesperado, tente novamente mais tarde.'],
    [404, 'O serviço esta indisponivel no momento, tente novamente mais tarde.'],
    [400, 'Número deve ter no máximo 6 caracteres.'],
  ])('saving answered %i says so and keeps the form', async (status, text) => {
    mockJson(api.zipLookup.address, PAULISTA);
    mockStatus(api.register.saveLocation, status, status === 400 ? { validations: [{ field: 'number', message: text }] } : {});
    const rendered = await open();
    await rendered.user.type(field('CEP'), '01310100');
    await waitFor(() => expect(field('Cidade')).toHaveValue('São Paulo'));
    await rendered.user.type(field('Número'), '1000');
    await rendered.user.click(continuar());
    expect(await screen.findByRole('alertdialog')).toHaveTextContent(text);
    expect(field('Número')).toHaveValue('1000');
    expect(rendered.router.state.location.pathname).toBe(PATH);
  });

  it('offline and a save that never answers say so', async () => {
    mockJson(api.zipLookup.address, PAULISTA);
    mockNetworkError(api.register.saveLocation);
    const rendered = await open();
    await rendered.user.type(field('CEP'), '01310100');
    await waitFor(() => expect(field('Cidade')).toHaveValue('São Paulo'));
    await rendered.user.type(field('Número'), '1000');
    await rendered.user.click(continuar());
    const offline = await screen.findByRole('alertdialog');
    expect(offline).toHaveTextContent('Sem conexão com a internet.');
    await rendered.user.click(within(offline).getByRole('button', { name: 'OK' }));

    mockApi(api.register.saveLocation, () => new Promise<never>(() => undefined));
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      fireEvent.click(continuar());
      await act(async () => {
        await jest.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
      });
      expect(await screen.findByRole('alertdialog')).toHaveTextContent('O serviço demorou para responder.');
    } finally {
      jest.useRealTimers();
    }
  });

  it('keeps its draft across a reload without asking the lookup again', async () => {
    const requests = recordRequests();
    mockJson(api.zipLookup.address, PAULISTA);
    const first = await open();
    await first.user.type(field('CEP'), '01310100');
    await waitFor(() => expect(field('Cidade')).toHaveValue('São Paulo'));
    await first.user.clear(field('Endereço'));
    await first.user.type(field('Endereço'), 'Av. Paulista');
    await first.user.type(field('Número'), '1000');
    await waitFor(() => expect(savedDraft(`address:${GUID}`)).toContain('Av. Paulista'));
    first.unmount();

    await open();
    expect(field('CEP')).toHaveValue('01310-100');
    expect(field('Endereço')).toHaveValue('Av. Paulista');
    expect(field('Número')).toHaveValue('1000');
    expect(field('Estado')).toHaveValue('SP');
    expect(requests.filter((request) => request.url.pathname.endsWith('/ZipCode'))).toHaveLength(1);
  });

  it('with no driver known, says so', async () => {
    renderRoute({ routes, path: PATH, session: {} });
    expect(await screen.findByRole('alert')).toHaveTextContent('Não foi possível identificar o seu cadastro.');
  });
});
