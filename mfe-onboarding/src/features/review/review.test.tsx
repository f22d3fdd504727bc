import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import { REQUEST_TIMEOUT_MS } from '@driver-portal/shared/http';
import { setActiveConfig } from '@driver-portal/shared/config';
import { mockApi, mockJson, mockNetworkError, mockStatus, recordRequests, renderRoute, testConfig } from '@driver-portal/shared/test-utils';
import { api, type DriverDocument } from '../../contract';
import { routes } from '../../routes';

const GUID = 'guid-7';
const at = '2026-11-20T12:00:00Z';
const doc = (documentType: number, fields: Partial<DriverDocument> = {}): { response: DriverDocument } => ({
  response: {
    documentType,
    createdAt: at,
    approvedAt: null,
    rejectedAt: null,
    rejectedReasonId: null,
    fileUrl: null,
    document: null,
    documentDescription: null,
    ...fields,
  },
});

const row = (name: string) =>
  within(screen.getByRole('list', { name: 'Documentos' }))
    .getByText(name)
    .closest('li') as HTMLElement;

const LICENCE = { emissionDate: '2025-01-31', documentNumber: '123456789', emissionState: 'SP', name: 'Maria', cpf: '52998224725' };
const VEHICLE = { plate: 'ABC1D23', chassis: '9BWZZZ377VT004251', fuel: 'Flex', issuingState: 'SP', issuingAuthority: 'DETRAN-SP' };

/** The review's answers: the modality, its documents, and the licence and vehicle data (both sent unless told). */
function mockReview(
  documents = [
    doc(0, { approvedAt: at }),
    doc(1),
    doc(2, { rejectedAt: at, rejectedReasonId: 3 }),
    doc(4, { rejectedAt: at, rejectedReasonId: 10 }),
  ],
  { licence = true, vehicle = true }: { licence?: boolean; vehicle?: boolean } = {},
) {
  mockJson(api.register.modalityWorkflow, { modalityId: 0 });
  mockJson(api.register.driverDocuments, { documents: [] });
  mockJson(api.register.modalityDocuments, { documents });
  mockJson(api.register.license, { driverLicense: licence ? LICENCE : null });
  if (vehicle) mockJson(api.register.modalityVehicle, { response: { vehicle: VEHICLE } });
  else mockStatus(api.register.modalityVehicle, 404, { validations: [{ message: 'Veículo não encontrado.' }] });
}

/** Every taxi document there (sent or approved): nothing keeps the review queue from restarting. */
const ALL_THERE = [0, 1, 2, 3, 4, 5].map((type) => doc(type, type === 0 ? { approvedAt: at } : {}));

const READS = [
  `GET /register/api/1.0/driver/${GUID}/documents`,
  `GET /register/api/1.0/driver/${GUID}/modality/0/documents`,
  `GET /register/api/1.0/driver/${GUID}/license`,
  `GET /register/api/1.0/driver/${GUID}/modality/0/vehicle`,
];
const calls = (requests: ReturnType<typeof recordRequests>) => requests.map((request) => `${request.method} ${request.url.pathname}`);

describe('document review', () => {
  it('lists each document of the modality with its status', async () => {
    const requests = recordRequests();
    mockReview();
    const { user } = renderRoute({ routes, path: `/register/review-docs/${GUID}`, session: {} });
    expect(await screen.findByText('Documento Aprovado')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 1, name: 'Análise dos documentos' })).toBeInTheDocument();
    expect(within(row('CNH (Carteira Nacional de Habilitação) com EAR')).getByText('Documento Aprovado')).toBeInTheDocument();
    const waiting = within(row('Comprovante de residência')).getByRole('button', { name: 'Aguarde...' });
    expect(waiting).toHaveAttribute('aria-expanded', 'false');
    expect(screen.queryByText('Estamos analisando seu documento.')).not.toBeInTheDocument();
    await user.click(waiting);
    expect(screen.getByText('Estamos analisando seu documento.')).toBeInTheDocument();
    expect(within(row('Foto do rosto (selfie)')).getByRole('link', { name: 'Reenviar documento' })).toHaveAttribute(
      'href',
      '/register/details-doc-rejected/3/0/2',
    );
    expect(within(row('Permissão para motorista de táxi')).getByText('Documento não enviado.')).toBeInTheDocument();
    expect(within(row('Permissão para motorista de táxi')).getByRole('link', { name: 'Enviar documento' })).toHaveAttribute(
      'href',
      '/register/camera/edit/0/3',
    );
    expect(within(screen.getByRole('list', { name: 'Documentos' })).getAllByRole('listitem')).toHaveLength(6);
    expect(calls(requests)).toEqual([`GET /register/api/1.0/driver/${GUID}/get-modality-workflow`, ...READS]);
  });

  it('a rejected document opens its reason, which leads to its capture in the edit flow', async () => {
    mockReview();
    const rendered = renderRoute({ routes, path: `/register/review-docs/${GUID}`, session: { driverGuid: GUID } });
    await rendered.user.click(
      await within(await waitFor(() => row('CRLV (documento do veículo)'))).findByRole('link', { name: 'Reenviar documento' }),
    );
    expect(await screen.findByRole('heading', { level: 1, name: 'Documento recusado' })).toBeInTheDocument();
    expect(
      screen.getByText('O veículo tem 8 anos ou mais de fabricação e não pode ser cadastrado. Envie o CRLV de um veículo mais novo.'),
    ).toBeInTheDocument();
    expect(window.sessionStorage.getItem('driver-portal:rejectedReason')).toBe('10');
    await rendered.user.click(screen.getByRole('link', { name: 'Enviar novamente' }));
    await waitFor(() => expect(rendered.router.state.location.pathname).toBe('/register/camera/edit/0/4'));
  });

  it.each([
    ['/register/details-doc-rejected/5/0/0', 'O nome na sua CNH é diferente', '/register/mask-camera/edit/0/0', true],
    ['/register/details-doc-rejected/6/0/0', 'O CPF na sua CNH é diferente', '/register/mask-camera/edit/0/0', true],
    ['/register/details-doc-rejected/7/0/0', 'Sua CNH não tem a observação EAR', '/register/mask-camera/edit/0/0', false],
    ['/register/details-doc-rejected/8/0/0', 'Sua CNH está vencida.', '/register/mask-camera/edit/0/0', false],
    ['/register/details-doc-rejected/1/0/0', 'Não conseguimos ler a foto da sua CNH.', '/register/mask-camera/edit/0/0', false],
    ['/register/details-doc-rejected/2/0/2', 'A qualidade da sua selfie não permitiu a análise.', '/register/selfie/edit/0/2', false],
    ['/register/details-doc-rejected/0/0/4', 'Não conseguimos ler a foto do seu CRLV.', '/register/camera/edit/0/4', false],
    ['/register/details-doc-rejected/42/0/3', 'Seu documento foi recusado na análise.', '/register/camera/edit/0/3', false],
  ])('%s explains the reason and leads to its capture', async (path, text, capture, support) => {
    renderRoute({ routes, path, session: {} });
    expect(await screen.findByText(new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Enviar novamente' })).toHaveAttribute('href', capture);
    // No support phone configured (the test configuration has none): the app's help channel, no number.
    if (support) expect(screen.getByText('Para falar com o suporte, use a opção de ajuda do aplicativo.')).toBeInTheDocument();
    else expect(screen.queryByText(/suporte, use a opção de ajuda/)).not.toBeInTheDocument();
    expect(screen.queryByText('Fale com o suporte:')).not.toBeInTheDocument();
    expect(document.querySelector('a[href^="tel:"]')).toBeNull();
  });

  it('a name or CPF mismatch shows the support phones the environment configures, each one to dial', async () => {
    setActiveConfig({
      ...testConfig,
      supportPhones: [
        { label: 'Capitais', phone: '4004 1234' },
        { label: 'Demais localidades', phone: '0800 765 4321' },
      ],
    });
    renderRoute({ routes, path: '/register/details-doc-rejected/6/0/0', session: {} });
    expect(await screen.findByText('Fale com o suporte:')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: '4004 1234' })).toHaveAttribute('href', 'tel:40041234');
    expect(screen.getByRole('link', { name: '0800 765 4321' })).toHaveAttribute('href', 'tel:08007654321');
    expect(screen.getByRole('list')).toHaveTextContent('Capitais: 4004 1234Demais localidades: 0800 765 4321');
    expect(screen.queryByText(/suporte, use a opção de ajuda/)).not.toBeInTheDocument();
  });

  it('with startFlow=true and nothing missing sends the documents to review, once, and drops the parameter', async () => {
    const requests = recordRequests();
    mockReview(ALL_THERE);
    mockJson(api.register.sendToReview, {});
    const rendered = renderRoute({ routes, path: `/register/review-docs/${GUID}?startFlow=true`, session: {} });
    await screen.findByText('Documento Aprovado');
    await waitFor(() => expect(rendered.router.state.location.search).toBe(''));
    expect(calls(requests)).toEqual([
      `GET /register/api/1.0/driver/${GUID}/get-modality-workflow`,
      ...READS,
      `PUT /register/api/2.0/driver/${GUID}/modality/0/send-queue-workflow`,
      ...READS,
    ]);
    expect(requests[5]?.body).toBeUndefined();
    expect(screen.queryByRole('heading', { name: 'Para a análise continuar, falta:' })).not.toBeInTheDocument();
  });

  it('with startFlow=true while another document is rejected, does not restart the queue: it names what remains, with a way to each', async () => {
    const requests = recordRequests();
    mockReview(undefined, { vehicle: false });
    const rendered = renderRoute({ routes, path: `/register/review-docs/${GUID}?startFlow=true`, session: {} });
    const remaining = await screen.findByRole('region', { name: 'Para a análise continuar, falta:' });
    expect(calls(requests)).not.toContain(`PUT /register/api/2.0/driver/${GUID}/modality/0/send-queue-workflow`);
    expect(screen.queryByRole('alertdialog')).not.toBeInTheDocument();
    const links = within(remaining)
      .getAllByRole('listitem')
      .map((item) => [item.textContent, within(item).queryByRole('link')?.getAttribute('href') ?? null]);
    expect(links).toEqual([
      ['Foto do rosto (selfie)', '/register/details-doc-rejected/3/0/2'],
      ['Permissão para motorista de táxi', '/register/camera/edit/0/3'],
      ['Licença do veículo', '/register/camera/edit/0/5'],
      ['CRLV (documento do veículo)', '/register/details-doc-rejected/10/0/4'],
      ['Dados do veículo Envie antes os documentos do veículo.', null],
    ]);
    await waitFor(() => expect(rendered.router.state.location.search).toBe(''));
  });

  it('the vehicle data missing after its documents are there leads to the vehicle form in the edit flow', async () => {
    mockReview(ALL_THERE, { vehicle: false });
    renderRoute({ routes, path: `/register/review-docs/${GUID}?startFlow=true`, session: {} });
    const remaining = await screen.findByRole('region', { name: 'Para a análise continuar, falta:' });
    expect(within(remaining).getByRole('link', { name: 'Dados do veículo' })).toHaveAttribute('href', '/register/crlv/edit/0');
  });

  it('a refusal that names documents by type number names them by what the driver calls them', async () => {
    mockReview(ALL_THERE);
    mockStatus(api.register.sendToReview, 400, { validations: [{ message: 'Faltam documentos: 4, 5.' }] });
    renderRoute({ routes, path: `/register/review-docs/${GUID}?startFlow=true`, session: {} });
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent('Faltam documentos: CRLV (documento do veículo), Licença do veículo.');
    expect(alert).not.toHaveTextContent(/: 4/);
  });

  it.each([
    ['500', () => mockStatus(api.register.sendToReview, 500), 'Ocorreu um erro inesperado'],
    ['offline', () => mockNetworkError(api.register.sendToReview), 'Sem conexão com a internet.'],
  ])('a send to review that fails (%s) says "erro ao enviar os dados." and can be tried again', async (_, mock, why) => {
    mockReview(ALL_THERE);
    mock();
    const rendered = renderRoute({ routes, path: `/register/review-docs/${GUID}?startFlow=true`, session: {} });
    const alert = await screen.findByRole('alertdialog');
    expect(alert).toHaveTextContent('erro ao enviar os dados.');
    expect(alert).toHaveTextContent(why);
    await rendered.user.click(within(alert).getByRole('button', { name: 'OK' }));
    expect(screen.getByText('Documento Aprovado')).toBeInTheDocument();
    expect(rendered.router.state.location.search).toBe('?startFlow=true');
    mockJson(api.register.sendToReview, {});
    await rendered.user.click(screen.getByRole('button', { name: 'Enviar para análise novamente' }));
    await waitFor(() => expect(rendered.router.state.location.search).toBe(''));
    expect(screen.queryByText('Enviar para análise novamente')).not.toBeInTheDocument();
  });

  it.each([
    [404, 'O serviço esta indisponivel no momento, tente novamente mais tarde.'],
    [500, 'Ocorreu um erro inesperado, tente novamente mais tarde.'],
    [400, 'Modalidade inválida.'],
  ])('a documents load answered %i shows the error with a retry', async (status, text) => {
    mockReview();
    mockStatus(api.register.modalityDocuments, status, status === 400 ? { validations: [{ message: text }] } : {});
    const { user } = renderRoute({ routes, path: `/register/review-docs/${GUID}`, session: {} });
    expect(await screen.findByText(new RegExp(text.slice(0, 20)))).toBeInTheDocument();
    mockReview();
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    expect(await screen.findByText('Documento Aprovado')).toBeInTheDocument();
  });

  it('offline and a load that never answers show their errors', async () => {
    mockNetworkError(api.register.modalityWorkflow);
    renderRoute({ routes, path: `/register/review-docs/${GUID}`, session: {} });
    expect(await screen.findByText(/Sem conexão com a internet/)).toBeInTheDocument();
    mockApi(api.register.modalityWorkflow, () => new Promise<never>(() => undefined));
    jest.useFakeTimers({ doNotFake: ['nextTick', 'setImmediate', 'queueMicrotask'] });
    try {
      fireEvent.click(screen.getByRole('button', { name: 'Tentar novamente' }));
      await act(async () => {
        await jest.advanceTimersByTimeAsync(REQUEST_TIMEOUT_MS);
      });
    } finally {
      jest.useRealTimers();
    }
    expect(await screen.findByText(/O serviço demorou para responder/)).toBeInTheDocument();
  });
});
