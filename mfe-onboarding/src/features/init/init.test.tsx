import { act, screen, waitFor } from '@testing-library/react';
import { REQUEST_TIMEOUT_MS } from '@driver-portal/shared/http';
import { mockApi, mockJson, mockNetworkError, mockStatus, recordRequests, renderRoute } from '@driver-portal/shared/test-utils';
import { api } from '../../contract';
import { routes } from '../../routes';

const PHONE = '11912345678';
const GUID = 'guid-7';
const DRIVER = { id: GUID, name: 'João', email: 'joao@example.com', mobile: PHONE, cpf: '11144477735' };
const states = (...types: number[]) => ({ states: types.map((driverStateType) => ({ response: { driverStateType } })) });
const ANSWERS = {
  predicates: [
    { key: 'CONTRIBUINTE_INSS', value: 'Sim' },
    { key: 'CURSO_CONDUTOR', value: 'Não' },
  ],
};
const LOCATION = {
  zipCode: '01310-100',
  address: 'Avenida Paulista',
  number: '1000',
  complement: null,
  district: 'Bela Vista',
  city: 'São Paulo',
  state: 'SP',
};

async function landsOn(path: string, session: Record<string, string> = {}) {
  const rendered = renderRoute({ routes, path: `/register/init/${PHONE}`, session });
  await waitFor(() => expect(rendered.router.state.location.pathname).toBe(path));
  return rendered;
}

describe('/register/init/:phone', () => {
  it('no driver with the phone: create account, and the stored driver id is forgotten', async () => {
    const requests = recordRequests();
    mockJson(api.register.driverByMobile, { response: null });
    await landsOn(`/register/create-account/${PHONE}`, { driverGuid: 'old-guid' });
    expect(window.sessionStorage.getItem('driver-portal:driverGuid')).toBeNull();
    expect(requests.map((request) => `${request.method} ${request.url.pathname}`)).toEqual([
      `GET /register/api/1.0/driver/mobile/${PHONE}`,
    ]);
  });

  it.each([
    ['the last state is 9', [1, 3, 9]],
    ['9 is among the states', [1, 9, 4]],
  ])('%s: next steps, with the driver id held', async (_, types) => {
    mockJson(api.register.driverByMobile, { response: DRIVER });
    mockJson(api.register.driverStates, states(...types));
    await landsOn('/register/next-steps/');
    expect(window.sessionStorage.getItem('driver-portal:driverGuid')).toBe(GUID);
  });

  it('no modality yet: the modality choice', async () => {
    const requests = recordRequests();
    mockJson(api.register.driverByMobile, { response: DRIVER });
    mockJson(api.register.driverStates, states(1, 3));
    mockJson(api.register.modalities, { modalities: [] });
    await landsOn('/register/modality/');
    // (then the modality screen reads the modality again for itself)
    expect(requests.slice(0, 3).map((request) => `${request.method} ${request.url.pathname}`)).toEqual([
      `GET /register/api/1.0/driver/mobile/${PHONE}`,
      `GET /register/api/1.0/driver/${GUID}/states`,
      `GET /register/api/1.0/driver/${GUID}/modality`,
    ]);
  });

  it('a modality without both answers: the predicates of that modality', async () => {
    mockJson(api.register.driverByMobile, { response: DRIVER });
    mockJson(api.register.driverStates, states(1, 3, 4));
    mockJson(api.register.modalities, { modalities: [{ response: { modalityType: 2 } }, { response: { modalityType: 0 } }] });
    mockJson(api.register.predicates, { predicates: [{ key: 'CONTRIBUINTE_INSS', value: 'Sim' }] });
    await landsOn('/register/predicates/0');
  });

  it('answers given, no address: the address of the new flow', async () => {
    mockJson(api.register.driverByMobile, { response: DRIVER });
    mockJson(api.register.driverStates, states(1, 3, 4, 5));
    mockJson(api.register.modalities, { modalities: [{ response: { modalityType: 0 } }] });
    mockJson(api.register.predicates, ANSWERS);
    mockJson(api.register.location, { response: null });
    await landsOn('/register/address/new/0');
  });

  it('everything of this part done: the document checklist', async () => {
    mockJson(api.register.driverByMobile, { response: DRIVER });
    mockJson(api.register.driverStates, states(1, 3, 4, 5, 6));
    mockJson(api.register.modalities, { modalities: [{ response: { modalityType: 0 } }] });
    mockJson(api.register.predicates, ANSWERS);
    mockJson(api.register.location, { response: LOCATION });
    await landsOn('/register/upload-picture/0');
  });

  it.each([
    [500, 'Ocorreu um erro inesperado, tente novamente mais tarde.'],
    [404, 'O serviço esta indisponivel no momento, tente novamente mais tarde.'],
  ])('a lookup answered %i shows the catalogue text with a retry that works', async (status, text) => {
    mockStatus(api.register.driverByMobile, status);
    const rendered = renderRoute({ routes, path: `/register/init/${PHONE}` });
    expect(await screen.findByRole('alert')).toHaveTextContent(text);
    expect(screen.getByRole('heading', { level: 1, name: 'Cadastro' })).toBeInTheDocument();
    mockJson(api.register.driverByMobile, { response: null });
    await rendered.user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(rendered.router.state.location.pathname).toBe(`/register/create-account/${PHONE}`));
  });

  it('a 400 shows the service message', async () => {
    mockStatus(api.register.driverByMobile, 400, { validations: [{ field: 'phone', message: 'Celular inválido.' }] });
    renderRoute({ routes, path: '/register/init/123' });
    expect(await screen.findByRole('alert')).toHaveTextContent('Celular inválido.');
  });

  it('a lookup that never answers says the service took too long', async () => {
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      let asked = false;
      mockApi(api.register.driverByMobile, () => {
        asked = true;
        return new Promise<never>(() => undefined);
      });
      renderRoute({ routes, path: `/register/init/${PHONE}` });
      // The screen's own chunk loads first; then the lookup starts and is left unanswered.
      for (let step = 0; step < 200 && !asked; step += 1) {
        await act(async () => {
          await jest.advanceTimersByTimeAsync(10);
        });
      }
      expect(asked).toBe(true);
      await act(async () => {
        await jest.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
      });
      expect(await screen.findByRole('alert')).toHaveTextContent('O serviço demorou para responder.');
    } finally {
      jest.useRealTimers();
    }
  });

  it('offline while reading the states says so', async () => {
    mockJson(api.register.driverByMobile, { response: DRIVER });
    mockNetworkError(api.register.driverStates);
    renderRoute({ routes, path: `/register/init/${PHONE}` });
    expect(await screen.findByRole('alert')).toHaveTextContent('Sem conexão com a internet.');
  });
});
