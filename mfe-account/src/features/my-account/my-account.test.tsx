import { act, screen, within } from '@testing-library/react';
import type { AnyEndpoint } from '@driver-portal/shared/contract';
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
import { api, type Driver, type Location, type Modality } from '../../contract';
import { routes } from '../../routes';
import { getDriverId } from '@driver-portal/shared/session';

const DRIVER_ID = 'drv-42';
const path = `/my-account/init/${DRIVER_ID}`;

const driver: Driver = {
  id: DRIVER_ID,
  name: 'Maria Aparecida dos Santos',
  email: 'maria@example.com',
  mobile: '11987654321',
  cpf: '52998224725',
};
const location: Location = {
  zipCode: '01310-100',
  address: 'Avenida Paulista',
  number: '1000',
  complement: 'Apto 42',
  district: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
};
const taxi: Modality = {
  modalityType: 0,
  active: true,
  vehicle: {
    id: 'veh-7',
    plate: 'FTX3B21',
    brand: 'Chevrolet',
    model: 'Spin',
    brandModel: 'Chevrolet Spin',
    chassis: null,
    fuel: 'Flex',
    issuingState: 'SP',
    issuingAuthority: 'DETRAN-SP',
  },
};
const SELFIE = 'https://fotos.provedor.com.br/selfie-42.jpg';

function mockAccount({ modalities = [taxi], where = location as Location | null } = {}) {
  mockJson(api.register.driver, { response: driver });
  mockJson(api.register.location, { response: where });
  mockJson(api.register.modalities, { modalities: modalities.map((response) => ({ response })) });
  mockJson(api.register.documents, {
    documents: [{ response: { documentType: 2, fileUrl: SELFIE, createdAt: null, rejectedAt: null, approvedAt: null } }],
  });
}

const section = (name: string) => screen.getByRole('region', { name });

/** Renders the screen and waits for its sections (the route is lazy). */
async function openFailing() {
  const rendered = renderRoute({ routes, path });
  await screen.findByRole('heading', { level: 1, name: 'Minha conta' });
  return rendered;
}

async function openAccount() {
  const rendered = renderRoute({ routes, path });
  await screen.findByText('maria@example.com');
  return rendered;
}

describe('my account', () => {
  it('shows the profile: photo, name read-only, e-mail, mobile as the mask writes it, and a way into each change', async () => {
    mockAccount();
    await openAccount();

    expect(screen.getByRole('heading', { level: 1, name: 'Minha conta' })).toBeInTheDocument();
    const profile = section('Perfil');
    expect(await within(profile).findByRole('img', { name: 'Sua foto de perfil' })).toHaveAttribute('src', SELFIE);
    expect(within(profile).getAllByText('Maria Aparecida dos Santos').length).toBeGreaterThan(0);
    expect(within(profile).queryByRole('textbox')).not.toBeInTheDocument();
    expect(within(profile).getByText('(11) 9.8765.4321')).toBeInTheDocument();
    expect(within(profile).getByRole('link', { name: 'Alterar e-mail' })).toHaveAttribute('href', '/my-account/change-email');
    expect(within(profile).getByRole('link', { name: 'Alterar celular' })).toHaveAttribute('href', '/my-account/change-mobile');
    expect(within(profile).getByRole('link', { name: 'Alterar senha' })).toHaveAttribute('href', '/my-account/change-password');
    expect(within(profile).getByRole('link', { name: 'Ver detalhes do perfil' })).toHaveAttribute(
      'href',
      `/my-account/driver-predicates/${DRIVER_ID}`,
    );
    expect(screen.getByRole('link', { name: 'Voltar' })).toHaveAttribute('href', '/App');
  });

  it('asks the register service for the driver, address, modalities and documents, without the bearer token', async () => {
    const requests = recordRequests();
    mockAccount();
    await openAccount();
    expect(requests.map((request) => `${request.method} ${request.url.pathname}`).sort()).toEqual([
      `GET /register/api/1.0/driver/${DRIVER_ID}`,
      `GET /register/api/1.0/driver/${DRIVER_ID}/documents`,
      `GET /register/api/1.0/driver/${DRIVER_ID}/location`,
      `GET /register/api/1.0/driver/${DRIVER_ID}/modality`,
    ]);
    for (const request of requests) expect(request.headers.get('authorization')).toBeNull();
  });

  it("keeps the route's driver id for the screens without one in their path", async () => {
    mockAccount();
    await openAccount();
    expect(getDriverId()).toBe(DRIVER_ID);
  });

  it('shows the address; a driver without one reads "Não informado"', async () => {
    mockAccount();
    const { unmount } = await openAccount();
    const address = section('Endereço');
    expect(within(address).getByText('Avenida Paulista, 1000 - Apto 42')).toBeInTheDocument();
    expect(within(address).getByText('Bela Vista, São Paulo - SP')).toBeInTheDocument();
    expect(within(address).getByText('CEP 01310-100')).toBeInTheDocument();
    unmount();

    mockAccount({ where: null });
    await openAccount();
    expect(within(section('Endereço')).getByText('Não informado')).toBeInTheDocument();
  });

  it('lists the vehicle with plate, brand and model, category and its details; an inactive one is "Em análise"', async () => {
    mockAccount({ modalities: [{ ...taxi, modalityType: 1, active: false }] });
    await openAccount();
    const vehicles = section('Veículos');
    const item = within(within(vehicles).getByRole('list', { name: 'Veículos' })).getByRole('listitem');
    expect(item).toHaveTextContent('FTX3B21');
    expect(item).toHaveTextContent('Chevrolet Spin');
    expect(item).toHaveTextContent('Carro Particular');
    expect(item).toHaveTextContent('Em análise');
    expect(within(item).getByRole('link', { name: 'Detalhes do veículo FTX3B21' })).toHaveAttribute(
      'href',
      `/my-account/car-predicates/${DRIVER_ID}/1/veh-7`,
    );
    expect(within(vehicles).getByRole('link', { name: 'Alterar modalidade' })).toHaveAttribute('href', '/my-account/change-modality');
    expect(within(vehicles).getByRole('link', { name: 'Ver documentos' })).toHaveAttribute('href', `/my-account/change-docs/${DRIVER_ID}`);
  });

  it('an active taxi is "Taxi Comum" without "Em análise"; no vehicle says so', async () => {
    mockAccount();
    const { unmount } = await openAccount();
    const vehicles = section('Veículos');
    expect(within(vehicles).getAllByText('Taxi Comum').length).toBeGreaterThan(0);
    expect(within(vehicles).queryByText('Em análise')).not.toBeInTheDocument();
    unmount();

    mockAccount({ modalities: [] });
    await openAccount();
    expect(within(section('Veículos')).getByText('Nenhum veículo cadastrado')).toBeInTheDocument();
  });

  it('deliveries: "Criar conta" leads to the enrolment; with modality 2 it says "Enviado para entregas" and has no link', async () => {
    mockAccount();
    const { unmount } = await openAccount();
    expect(within(section('Entregas')).getByRole('link', { name: 'Criar conta de entregas' })).toHaveAttribute(
      'href',
      `/my-account/delivery-adherence/${DRIVER_ID}`,
    );
    unmount();

    mockAccount({ modalities: [taxi, { modalityType: 2, active: false, vehicle: null }] });
    await openAccount();
    const deliveries = section('Entregas');
    expect(within(deliveries).getByText('Enviado para entregas')).toBeInTheDocument();
    expect(within(deliveries).queryByRole('link')).not.toBeInTheDocument();
  });

  it('links to bank data, income statement, invoices, affiliation and terms', async () => {
    mockAccount();
    await openAccount();
    expect(screen.getByRole('link', { name: 'Alterar dados bancários' })).toHaveAttribute('href', `/my-account/bank-info/${DRIVER_ID}`);
    expect(screen.getByRole('link', { name: 'Solicitar informe de rendimentos' })).toHaveAttribute('href', '/my-account/take-ir');
    expect(screen.getByRole('link', { name: 'Ver notas fiscais' })).toHaveAttribute('href', '/my-account/take-nf');
    expect(screen.getByRole('link', { name: 'Ver afiliação' })).toHaveAttribute('href', `/my-account/affiliation/${DRIVER_ID}`);
    expect(screen.getByRole('link', { name: 'Ver termos e políticas' })).toHaveAttribute('href', `/eula/${DRIVER_ID}`);
  });

  it('a driver id with a slash stays one path segment in every link', async () => {
    mockAccount();
    renderRoute({ routes, path: '/my-account/init/a%2Fb' });
    await screen.findByText('maria@example.com');
    expect(screen.getByRole('link', { name: 'Alterar dados bancários' })).toHaveAttribute('href', '/my-account/bank-info/a%2Fb');
  });

  it.each([
    ['driver', 'Perfil', api.register.driver as AnyEndpoint, 'maria@example.com'],
    ['address', 'Endereço', api.register.location as AnyEndpoint, 'CEP 01310-100'],
    ['modality', 'Veículos', api.register.modalities as AnyEndpoint, 'FTX3B21'],
  ] as const)(
    'a failed %s load shows the error in its own section with a retry that loads it again',
    async (_name, title, endpoint, loaded) => {
      mockAccount();
      mockStatus(endpoint, 500, { validations: [{ message: 'detalhe interno' }] });
      const { user } = await openFailing();

      const failed = () => section(title);
      expect(await within(failed()).findByRole('alert')).toHaveTextContent('Ocorreu um erro inesperado, tente novamente mais tarde.');
      // The other parts still show.
      expect(await screen.findByRole('link', { name: 'Alterar dados bancários' })).toBeInTheDocument();
      expect(screen.getAllByRole('alert')).toHaveLength(1);

      mockAccount();
      await user.click(within(failed()).getByRole('button', { name: 'Tentar novamente' }));
      expect(await within(failed()).findByText(loaded)).toBeInTheDocument();
      expect(within(failed()).queryByRole('alert')).not.toBeInTheDocument();
    },
  );

  it('the modality error shows once: the deliveries wait for it', async () => {
    mockAccount();
    mockStatus(api.register.modalities, 404);
    await openFailing();
    expect(await within(section('Veículos')).findByRole('alert')).toHaveTextContent(
      'O serviço esta indisponivel no momento, tente novamente mais tarde.',
    );
    expect(screen.queryByRole('region', { name: 'Entregas' })).not.toBeInTheDocument();
  });

  it('offline: the driver section says so with a retry', async () => {
    mockAccount();
    mockNetworkError(api.register.driver);
    await openFailing();
    expect(await within(section('Perfil')).findByRole('alert')).toHaveTextContent(
      'Sem conexão com a internet. Verifique sua conexão e tente novamente.',
    );
    expect(within(section('Perfil')).getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });

  it('timeout: a modality load that never answers says the service took too long', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      mockAccount();
      mockApi(api.register.modalities, () => new Promise<never>(() => undefined));
      renderRoute({ routes, path });
      await screen.findByText('maria@example.com');
      await act(async () => {
        await jest.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
      });
      expect(await within(section('Veículos')).findByRole('alert')).toHaveTextContent(
        'O serviço demorou para responder. Verifique sua conexão e tente novamente.',
      );
    } finally {
      jest.useRealTimers();
    }
  });

  it('an answer without the driver (a list here) is the unexpected error with a retry, not a crash', async () => {
    mockAccount();
    mockApi(api.register.driver, () => HttpResponse.json({ response: [{ name: 'Maria' }] }));
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    await openFailing();
    expect(await within(section('Perfil')).findByRole('alert')).toHaveTextContent(
      'Ocorreu um erro inesperado, tente novamente mais tarde.',
    );
  });

  it('without a photo (or when it fails) shows the initials, and nothing else is lost', async () => {
    mockAccount();
    mockStatus(api.register.documents, 500);
    await openAccount();
    const profile = section('Perfil');
    expect(within(profile).queryByRole('img')).not.toBeInTheDocument();
    expect(within(profile).getByText('MS')).toHaveAttribute('aria-hidden', 'true');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('a name the service stored decomposed (NFD) shows its accented initials, as typed on a keyboard', async () => {
    mockAccount();
    mockJson(api.register.driver, { response: { ...driver, name: 'A\u0302ngela E\u0301vora' } });
    mockStatus(api.register.documents, 500);
    renderRoute({ routes, path });
    const initials = await within(await screen.findByRole('region', { name: 'Perfil' })).findByText('ÂÉ');
    expect(initials).toHaveAttribute('aria-hidden', 'true');
  });

  it('never shows a photo address that is not http(s)', async () => {
    mockAccount();
    mockJson(api.register.documents, {
      documents: [{ response: { documentType: 2, fileUrl: 'javascript:alert(1)', createdAt: null, rejectedAt: null, approvedAt: null } }],
    });
    await openAccount();
    expect(within(section('Perfil')).queryByRole('img')).not.toBeInTheDocument();
  });
});
