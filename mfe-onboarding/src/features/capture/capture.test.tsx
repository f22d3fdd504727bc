import { act, fireEvent, screen, waitFor } from '@testing-library/react';
import { HttpResponse } from 'msw';
import { mockApi, mockJson, mockStatus, recordRequests, renderRoute } from '@driver-portal/shared/test-utils';
import { api } from '../../contract';
import { routes } from '../../routes';
import { preparePhoto, type PreparedPhoto } from './image';
import type { QualityIssue } from './quality';

jest.mock('./image', () => ({ ...jest.requireActual<object>('./image'), preparePhoto: jest.fn() }));

/*
 * jsdom has no camera, canvas or createImageBitmap: the camera is absent (the file input is the
 * way in), and the decoding step (image.ts, proven in the browser by the e2e suite) answers what
 * each test needs; the size check before decoding is the real one.
 */
const prepare = preparePhoto as jest.MockedFunction<typeof preparePhoto>;
const realPrepare = jest.requireActual<{ preparePhoto: typeof preparePhoto }>('./image').preparePhoto;

const GUID = 'guid-7';
const session = { driverGuid: GUID };
const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
const photoFile = (name = 'foto.jpg') => new File([JPEG], name, { type: 'image/jpeg' });
const prepared = (issues: QualityIssue[] = []): PreparedPhoto => ({
  blob: new Blob([JPEG], { type: 'image/jpeg' }),
  width: 1800,
  height: 1350,
  report: { issues, mean: 150, p95: 220, laplacian: 5000, glare: 0 },
});
const calls = (requests: ReturnType<typeof recordRequests>) => requests.map((request) => `${request.method} ${request.url.pathname}`);

/** The review after a resend, with every taxi document and both data sent: the queue may restart. */
function mockReviewWithNothingMissing() {
  const sent = (documentType: number) => ({ response: { documentType, createdAt: '2026-11-20T12:00:00Z' } });
  mockJson(api.register.modalityWorkflow, { modalityId: 0 });
  mockJson(api.register.driverDocuments, { documents: [0, 1, 2].map(sent) } as never);
  mockJson(api.register.modalityDocuments, { documents: [3, 4, 5].map(sent) } as never);
  mockJson(api.register.license, {
    driverLicense: { emissionDate: '2025-01-31', documentNumber: '1', emissionState: 'SP', name: 'Maria', cpf: '52998224725' },
  });
  mockJson(api.register.modalityVehicle, {
    response: { vehicle: { plate: 'ABC1D23', chassis: '9BWZZZ377VT004251', fuel: 'Flex', issuingState: 'SP', issuingAuthority: 'SP' } },
  });
}

let urls = 0;
beforeAll(() => {
  URL.createObjectURL = jest.fn(() => `blob:photo-${++urls}`);
  URL.revokeObjectURL = jest.fn();
});
beforeEach(() => {
  prepare.mockReset();
  prepare.mockResolvedValue(prepared());
});

describe('single-photo camera', () => {
  it('without a camera, the file input takes the photo; review, send with progress, back to the checklist', async () => {
    const requests = recordRequests();
    mockJson(api.register.uploadModalityDocument, {});
    mockJson(api.register.driverDocuments, { documents: [] });
    mockJson(api.register.modalityDocuments, { documents: [] });
    mockJson(api.register.license, { driverLicense: null });
    mockStatus(api.register.modalityVehicle, 404);
    const { user, router } = renderRoute({ routes, path: '/register/camera/new/0/3', session });
    expect(await screen.findByRole('heading', { level: 1, name: 'Permissão para motorista de táxi' })).toBeInTheDocument();
    expect(screen.queryByText('Camera não suportada')).not.toBeInTheDocument();
    await user.upload(await screen.findByLabelText(/escolher uma foto/), photoFile());
    expect(await screen.findByRole('img', { name: 'Foto: Permissão para motorista de táxi' })).toHaveAttribute(
      'src',
      expect.stringMatching(/^blob:/),
    );
    await user.click(screen.getByRole('button', { name: 'Enviar foto' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register/upload-picture/0'));
    const upload = requests.find((request) => request.method === 'POST');
    expect(upload?.url.pathname).toBe(`/register/api/2.0/driver/${GUID}/modality/0/documents/3`);
    expect(upload?.body).toEqual({ content: Buffer.from(JPEG).toString('base64') });
  });

  it('a dark photo is flagged: "Tirar outra"; after two flagged tries "Enviar mesmo assim"', async () => {
    mockJson(api.register.uploadModalityDocument, {});
    prepare.mockResolvedValue(prepared(['dark']));
    const { user, router } = renderRoute({ routes, path: '/register/camera/new/0/5', session });
    await user.upload(await screen.findByLabelText(/escolher uma foto/), photoFile());
    expect(await screen.findByText('A foto ficou escura. Procure um lugar com mais luz.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Enviar/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Tirar outra' }));
    prepare.mockResolvedValue(prepared(['blurred']));
    await user.upload(await screen.findByLabelText(/escolher uma foto/), photoFile());
    expect(await screen.findByText(/A foto ficou desfocada/)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enviar mesmo assim' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register/upload-picture/0'));
  });

  it('a failed upload (500) says "Erro ao enviar a imagen." and is retried without a retake', async () => {
    const requests = recordRequests();
    mockStatus(api.register.uploadModalityDocument, 500);
    const { user, router } = renderRoute({ routes, path: '/register/camera/new/0/3', session });
    await user.upload(await screen.findByLabelText(/escolher uma foto/), photoFile());
    await user.click(await screen.findByRole('button', { name: 'Enviar foto' }));
    expect(await screen.findByText('Erro ao enviar a imagen.')).toBeInTheDocument();
    mockJson(api.register.uploadModalityDocument, {});
    await user.click(screen.getByRole('button', { name: 'Tentar novamente' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register/upload-picture/0'));
    expect(prepare).toHaveBeenCalledTimes(1);
    expect(calls(requests).filter((call) => call.startsWith('POST'))).toHaveLength(2);
  });

  it('the proof of address goes through its own call; its failure is "Erro ao enviar o documento."', async () => {
    const requests = recordRequests();
    mockStatus(api.register.uploadProofOfAddress, 404);
    const { user } = renderRoute({ routes, path: '/register/camera/new/0/1', session });
    await user.upload(await screen.findByLabelText(/escolher uma foto/), photoFile());
    await user.click(await screen.findByRole('button', { name: 'Enviar foto' }));
    expect(await screen.findByText('Erro ao enviar o documento.')).toBeInTheDocument();
    expect(calls(requests)).toContain(`POST /register/api/1.0/driver/${GUID}/documents/1`);
  });

  it('an empty capture says "Imagem não capturada, por favor tire novamente!"', async () => {
    prepare.mockImplementation(realPrepare);
    const { user } = renderRoute({ routes, path: '/register/camera/new/0/3', session });
    await user.upload(await screen.findByLabelText(/escolher uma foto/), new File([], 'vazia.jpg', { type: 'image/jpeg' }));
    expect(await screen.findByText('Imagem não capturada, por favor tire novamente!')).toBeInTheDocument();
  });

  it('a file that is not an image is refused before anything is sent', async () => {
    prepare.mockImplementation(realPrepare);
    const requests = recordRequests();
    renderRoute({ routes, path: '/register/camera/new/0/3', session });
    const input = await screen.findByLabelText(/escolher uma foto/);
    // As a webview's file chooser may: the accept list is a hint, not a filter.
    fireEvent.change(input, { target: { files: [new File(['texto'], 'nota.txt', { type: 'text/plain' })] } });
    expect(await screen.findByText('Este arquivo não é uma foto. Escolha uma imagem JPEG ou PNG.')).toBeInTheDocument();
    expect(requests).toHaveLength(0);
  });

  it('a photo taken is still there after the screen is opened again, before it is sent', async () => {
    const first = renderRoute({ routes, path: '/register/camera/new/0/5', session });
    await first.user.upload(await screen.findByLabelText(/escolher uma foto/), photoFile());
    await screen.findByRole('img', { name: 'Foto: Licença do veículo' });
    first.unmount();
    renderRoute({ routes, path: '/register/camera/new/0/5', session });
    expect(await screen.findByRole('img', { name: 'Foto: Licença do veículo' })).toBeInTheDocument();
    expect(prepare).toHaveBeenCalledTimes(1);
  });

  it('"Camera não suportada" only when neither the camera nor a file input works', async () => {
    const create = document.createElement.bind(document);
    const spy = jest.spyOn(document, 'createElement').mockImplementation((tag: string, options?: ElementCreationOptions) => {
      const element = create(tag, options);
      if (tag === 'input') Object.defineProperty(element, 'type', { get: () => 'text', set: () => undefined });
      return element;
    });
    try {
      renderRoute({ routes, path: '/register/camera/new/0/3', session });
      expect(await screen.findByText('Camera não suportada')).toBeInTheDocument();
    } finally {
      spy.mockRestore();
    }
  });

  it('the edit flow opens the review with startFlow, which restarts the review queue once (nothing else missing)', async () => {
    const requests = recordRequests();
    mockJson(api.register.uploadModalityDocument, {});
    mockReviewWithNothingMissing();
    mockJson(api.register.sendToReview, {});
    const { user, router } = renderRoute({ routes, path: '/register/camera/edit/0/3', session: { ...session, rejectedReason: '1' } });
    await user.upload(await screen.findByLabelText(/escolher uma foto/), photoFile());
    await user.click(await screen.findByRole('button', { name: 'Enviar foto' }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Análise dos documentos' })).toBeInTheDocument();
    // The refused photo is replaced: its reason is not shown again on the next resend.
    expect(window.sessionStorage.getItem('driver-portal:rejectedReason')).toBeNull();
    expect(router.state.location.pathname).toBe(`/register/review-docs/${GUID}`);
    // Sent once, after the upload; then the parameter goes (a reload does not send again).
    await waitFor(() => expect(router.state.location.search).toBe(''));
    const sent = calls(requests).filter((call) => !call.startsWith('GET'));
    expect(sent).toEqual([
      `POST /register/api/2.0/driver/${GUID}/modality/0/documents/3`,
      `PUT /register/api/2.0/driver/${GUID}/modality/0/send-queue-workflow`,
    ]);
  });

  it('in a journey from My account (change a document), a document without a data form goes back where it started, replacing the camera', async () => {
    const requests = recordRequests();
    mockJson(api.register.uploadModalityDocument, {});
    const back = encodeURIComponent('/my-account/change-docs/driver-9');
    const { user, router } = renderRoute({ routes, path: `/register/camera/edit/0/3?driverId=${GUID}&returnTo=${back}`, session });
    // The way back is the document's instructions, where the driver came from, carrying the journey.
    expect(await screen.findByRole('link', { name: 'Voltar' })).toHaveAttribute('href', `/register/details-picture/0/3?returnTo=${back}`);
    await user.upload(await screen.findByLabelText(/escolher uma foto/), photoFile());
    await user.click(await screen.findByRole('button', { name: 'Enviar foto' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/my-account/change-docs/driver-9'));
    expect(router.state.historyAction).toBe('REPLACE');
    // Change-document mode does not restart the review queue.
    expect(calls(requests).filter((call) => !call.startsWith('GET'))).toEqual([
      `POST /register/api/2.0/driver/${GUID}/modality/0/documents/3`,
    ]);
  });

  it('the edit flow from the review goes back to the review', async () => {
    renderRoute({ routes, path: '/register/camera/edit/0/3', session });
    expect(await screen.findByRole('link', { name: 'Voltar' })).toHaveAttribute('href', `/register/review-docs/${GUID}`);
  });

  it('the edit flow says why the photo it replaces was refused; the new flow does not', async () => {
    const refused = { ...session, rejectedReason: '3' };
    renderRoute({ routes, path: '/register/mask-camera/edit/0/0', session: refused });
    expect(await screen.findByRole('note', { name: 'Motivo da recusa' })).toHaveTextContent(
      'Por que a foto anterior foi recusadaNão conseguimos ler a foto da sua CNH.',
    );
  });

  it('no reason without the edit flow, or without a stored reason', async () => {
    renderRoute({ routes, path: '/register/mask-camera/new/0/0', session: { ...session, rejectedReason: '3' } });
    expect(await screen.findByRole('heading', { level: 2, name: 'Passo 1 de 2: frente da CNH' })).toBeInTheDocument();
    expect(screen.queryByRole('note')).not.toBeInTheDocument();
  });

  it('a selfie resent for poor quality shows the selfie reason', async () => {
    mockJson(api.register.eulaDocument, { documentUrl: 'https://example.com/politica.pdf' });
    renderRoute({ routes, path: '/register/selfie/edit/0/2', session: { ...session, rejectedReason: '2' } });
    expect(await screen.findByRole('note', { name: 'Motivo da recusa' })).toHaveTextContent(
      'A qualidade da sua selfie não permitiu a análise.',
    );
  });

  it('a review queue that cannot restart after the resend is said, with a way to send again', async () => {
    mockJson(api.register.uploadModalityDocument, {});
    mockReviewWithNothingMissing();
    mockStatus(api.register.sendToReview, 500);
    const { user, router } = renderRoute({ routes, path: '/register/camera/edit/0/3', session });
    await user.upload(await screen.findByLabelText(/escolher uma foto/), photoFile());
    await user.click(await screen.findByRole('button', { name: 'Enviar foto' }));
    expect(await screen.findByRole('alertdialog')).toHaveTextContent('erro ao enviar os dados.');
    expect(router.state.location.search).toBe('?startFlow=true');
    expect(screen.getByRole('button', { name: 'Enviar para análise novamente' })).toBeInTheDocument();
  });
});

describe('CRLV', () => {
  const pdf = () => new File(['%PDF-1.4\n%sandbox\n'], 'crlv.pdf', { type: 'application/pdf' });

  it('accepts only a PDF, and sends it with the modality call', async () => {
    const requests = recordRequests();
    mockJson(api.register.uploadModalityDocument, {});
    const { user, router } = renderRoute({ routes, path: '/register/camera/new/0/4', session });
    const input = await screen.findByLabelText('Escolher o PDF do CRLV');
    expect(input).toHaveAttribute('accept', 'application/pdf,.pdf');
    fireEvent.change(input, { target: { files: [photoFile('crlv.jpg')] } });
    expect(await screen.findByText('O CRLV deve ser um arquivo PDF.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Enviar documento' })).not.toBeInTheDocument();
    fireEvent.change(screen.getByLabelText('Escolher o PDF do CRLV'), { target: { files: [pdf()] } });
    await user.click(await screen.findByRole('button', { name: 'Enviar documento' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register/upload-picture/0'));
    const upload = requests.find((request) => request.method === 'POST');
    expect(upload?.url.pathname).toBe(`/register/api/2.0/driver/${GUID}/modality/0/documents/4`);
    expect((upload?.body as { content: string }).content).toMatch(/^JVBER/);
  });

  it('sent again (the edit flow) leads to the vehicle data form, replacing the camera: a new vehicle is not the old data reviewed again', async () => {
    mockJson(api.register.uploadModalityDocument, {});
    const { user, router } = renderRoute({ routes, path: '/register/camera/edit/1/4', session });
    await user.upload(await screen.findByLabelText('Escolher o PDF do CRLV'), pdf());
    await user.click(await screen.findByRole('button', { name: 'Enviar documento' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register/crlv/edit/1'));
    expect(router.state.historyAction).toBe('REPLACE');
  });

  it('in a journey from My account, the vehicle form follows and carries the way back', async () => {
    mockJson(api.register.uploadModalityDocument, {});
    const back = encodeURIComponent('/my-account/change-modality-docs/1');
    const { user, router } = renderRoute({ routes, path: `/register/camera/edit/1/4?driverId=${GUID}&returnTo=${back}`, session });
    await user.upload(await screen.findByLabelText('Escolher o PDF do CRLV'), pdf());
    await user.click(await screen.findByRole('button', { name: 'Enviar documento' }));
    await waitFor(() =>
      expect(`${router.state.location.pathname}${router.state.location.search}`).toBe(`/register/crlv/edit/1?returnTo=${back}`),
    );
  });

  it('a failure says "Erro ao enviar o documento." with a retry', async () => {
    mockStatus(api.register.uploadModalityDocument, 500);
    const { user } = renderRoute({ routes, path: '/register/camera/new/1/4', session });
    await user.upload(await screen.findByLabelText('Escolher o PDF do CRLV'), pdf());
    await user.click(await screen.findByRole('button', { name: 'Enviar documento' }));
    expect(await screen.findByText('Erro ao enviar o documento.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Tentar novamente' })).toBeInTheDocument();
  });
});

describe('licence camera', () => {
  it('front, back, final review, one upload with Front and Back, then the licence data', async () => {
    const requests = recordRequests();
    mockJson(api.register.uploadLicence, {});
    const { user, router } = renderRoute({ routes, path: '/register/mask-camera/new/0/0', session });
    expect(await screen.findByText('Passo 1 de 2: frente da CNH')).toBeInTheDocument();
    await user.upload(await screen.findByLabelText(/escolher uma foto/), photoFile());
    await user.click(await screen.findByRole('button', { name: 'Continuar' }));
    expect(await screen.findByText('Passo 2 de 2: verso da CNH')).toBeInTheDocument();
    await user.upload(await screen.findByLabelText(/escolher uma foto/), photoFile());
    await user.click(await screen.findByRole('button', { name: 'Continuar' }));
    expect(await screen.findByRole('img', { name: 'Foto: frente da CNH' })).toBeInTheDocument();
    expect(screen.getByRole('img', { name: 'Foto: verso da CNH' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Enviar fotos' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/register/cnh/new/0'));
    const uploads = requests.filter((request) => request.method === 'POST');
    expect(uploads.map((request) => request.url.pathname)).toEqual([`/register/api/2.0/driver/${GUID}/documents/0`]);
    expect(Object.keys(uploads[0]?.body as object).sort()).toEqual(['Back', 'Front']);
  });

  it('a failure says "Erro ao enviar as imagens."', async () => {
    mockStatus(api.register.uploadLicence, 500);
    const { user } = renderRoute({ routes, path: '/register/mask-camera/new/0/0', session });
    for (let side = 0; side < 2; side++) {
      await user.upload(await screen.findByLabelText(/escolher uma foto/), photoFile());
      await user.click(await screen.findByRole('button', { name: 'Continuar' }));
    }
    await user.click(await screen.findByRole('button', { name: 'Enviar fotos' }));
    expect(await screen.findByText('Erro ao enviar as imagens.')).toBeInTheDocument();
  });
});

describe('selfie', () => {
  it('"ENVIAR FOTO" only once the facial-recognition policy is accepted', async () => {
    const requests = recordRequests();
    mockJson(api.register.eulaDocument, { documentUrl: 'https://example.com/politica-facial.pdf' });
    mockJson(api.register.uploadDriverDocument, {});
    const { user, router } = renderRoute({ routes, path: '/register/selfie/new/0/2', session });
    expect(await screen.findByRole('link', { name: 'Ler a política de reconhecimento facial' })).toHaveAttribute(
      'href',
      'https://example.com/politica-facial.pdf',
    );
    await user.upload(screen.getByLabelText(/escolher uma foto/), photoFile());
    const send = await screen.findByRole('button', { name: 'ENVIAR FOTO' });
    expect(send).toBeDisabled();
    await user.click(screen.getByRole('checkbox', { name: 'Li e aceito a política de reconhecimento facial' }));
    await user.click(send);
    await waitFor(() => expect(router.state.location.pathname).toBe('/register/upload-picture/0'));
    expect(calls(requests)).toEqual(['GET /register/api/1.0/driver/eula/2', `POST /register/api/2.0/driver/${GUID}/documents/2`]);
  });

  it.each([
    ['a list', () => HttpResponse.json([])],
    ['a body that says it failed', () => HttpResponse.json({ success: false })],
    ['an HTML page', () => new HttpResponse('<html><body>Bad gateway</body></html>', { headers: { 'Content-Type': 'text/html' } })],
  ])('an upload answered with %s (a wrong-shape 2xx) is no upload: the failure and its retry, the driver stays', async (_case, answer) => {
    mockJson(api.register.eulaDocument, { documentUrl: 'https://example.com/politica-facial.pdf' });
    mockApi(api.register.uploadDriverDocument, answer);
    // A guid of its own: a photo whose upload failed stays waiting in its slot.
    const { user, router } = renderRoute({
      routes,
      path: '/register/selfie/new/0/2',
      session: { driverGuid: `guid-${_case.replace(/\W+/g, '-')}` },
    });
    await user.upload(await screen.findByLabelText(/escolher uma foto/), photoFile());
    const send = await screen.findByRole('button', { name: 'ENVIAR FOTO' });
    await user.click(screen.getByRole('checkbox', { name: 'Li e aceito a política de reconhecimento facial' }));
    await user.click(send);
    expect(await screen.findByText('Erro ao enviar a imagen.')).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/register/selfie/new/0/2');
  });

  it('an upload answered 204 is sent: on to the checklist', async () => {
    mockJson(api.register.eulaDocument, { documentUrl: 'https://example.com/politica-facial.pdf' });
    mockApi(api.register.uploadDriverDocument, () => new HttpResponse(null, { status: 204 }));
    const { user, router } = renderRoute({ routes, path: '/register/selfie/new/0/2', session: { driverGuid: 'guid-no-content' } });
    await user.upload(await screen.findByLabelText(/escolher uma foto/), photoFile());
    const send = await screen.findByRole('button', { name: 'ENVIAR FOTO' });
    await user.click(screen.getByRole('checkbox', { name: 'Li e aceito a política de reconhecimento facial' }));
    await user.click(send);
    await waitFor(() => expect(router.state.location.pathname).toBe('/register/upload-picture/0'));
  });

  it('the policy failing to load shows the error with a retry', async () => {
    mockStatus(api.register.eulaDocument, 500);
    renderRoute({ routes, path: '/register/selfie/new/0/2', session });
    expect(await screen.findByRole('button', { name: /tentar novamente/i })).toBeInTheDocument();
  });

  it.each([
    ['an empty object', {}],
    ['a null address', { documentUrl: null }],
    ['a list', [{ documentUrl: 'https://example.com/politica-facial.pdf' }]],
  ])(
    'the policy answered with %s (a wrong-shape 2xx) is no policy: the error with a retry, nothing to accept unseen',
    async (_case, answer) => {
      const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
      mockApi(api.register.eulaDocument, () => HttpResponse.json(answer));
      const { user } = renderRoute({ routes, path: '/register/selfie/new/0/2', session });
      expect(await screen.findByRole('button', { name: /tentar novamente/i })).toBeInTheDocument();
      expect(screen.queryByRole('checkbox', { name: 'Li e aceito a política de reconhecimento facial' })).not.toBeInTheDocument();
      mockJson(api.register.eulaDocument, { documentUrl: 'https://example.com/politica-facial.pdf' });
      await user.click(screen.getByRole('button', { name: /tentar novamente/i }));
      expect(await screen.findByRole('link', { name: 'Ler a política de reconhecimento facial' })).toBeInTheDocument();
      warn.mockRestore();
    },
  );

  it('a policy address that cannot be opened safely: the consent box says the policy could not be loaded', async () => {
    mockJson(api.register.eulaDocument, { documentUrl: 'javascript:alert(1)' });
    renderRoute({ routes, path: '/register/selfie/new/0/2', session });
    await screen.findByRole('checkbox', { name: 'Li e aceito a política de reconhecimento facial' });
    expect(screen.getByText('Não foi possível carregar a política de reconhecimento facial.')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Ler a política de reconhecimento facial' })).not.toBeInTheDocument();
  });

  it('the last segment may be the driver guid', async () => {
    mockApi(
      api.register.eulaDocument,
      () => new Response(JSON.stringify({ documentUrl: 'https://example.com/p.pdf' }), { headers: { 'Content-Type': 'application/json' } }),
    );
    renderRoute({ routes, path: `/register/selfie/new/0/${GUID}`, session });
    expect(await screen.findByRole('checkbox', { name: 'Li e aceito a política de reconhecimento facial' })).toBeInTheDocument();
    await act(async () => undefined);
  });
});
