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

const row = (name: string) => screen.getByText(name).closest('li') as HTMLElement;

function mockReview(
  documents = [
    doc(0, { approvedAt: at }),
    doc(1),
    doc(2, { rejectedAt: at, rejectedReasonId: 3 }),
    doc(4, { rejectedAt: at, rejectedReasonId: 10 }),
  ],
) {
  mockJson(api.register.modalityWorkflow, { modalityId: 0 });
  mockJson(api.register.modalityDocuments, { documents });
}

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
    expect(screen.getAllByRole('listitem')).toHaveLength(6);
    expect(requests.map((request) => `${request.method} ${request.url.pathname}`)).toEqual([
      `GET /register/api/1.0/driver/${GUID}/get-modality-workflow`,
      `GET /register/api/1.0/driver/${GUID}/modality/0/documents`,
    ]);
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

  it('with startFlow=true first sends the documents to review, once, and drops the parameter', async () => {
    const requests = recordRequests();
    mockReview();
    mockJson(api.register.sendToReview, {});
    const rendered = renderRoute({ routes, path: `/register/review-docs/${GUID}?startFlow=true`, session: {} });
    await screen.findByText('Documento Aprovado');
    await waitFor(() => expect(rendered.router.state.location.search).toBe(''));
    expect(requests.map((request) => `${request.method} ${request.url.pathname}`)).toEqual([
      `GET /register/api/1.0/driver/${GUID}/get-modality-workflow`,
      `PUT /register/api/2.0/driver/${GUID}/modality/0/send-queue-workflow`,
      `GET /register/api/1.0/driver/${GUID}/modality/0/documents`,
    ]);
    expect(requests[1]?.body).toBeUndefined();
  });

  it.each([
    ['500', () => mockStatus(api.register.sendToReview, 500), 'Ocorreu um erro inesperado'],
    ['offline', () => mockNetworkError(api.register.sendToReview), 'Sem conexão com a internet.'],
  ])('a send to review that fails (%s) says "erro ao enviar os dados." and can be tried again', async (_, mock, why) => {
    mockReview();
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
    mockJson(api.register.modalityWorkflow, { modalityId: 0 });
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
