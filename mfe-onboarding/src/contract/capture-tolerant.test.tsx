import { fireEvent, screen, waitFor } from '@testing-library/react';
import { ACCEPTED_ANSWERS, mockAnswer, mockApi, renderRoute, tolerantVariant } from '@driver-portal/shared/test-utils';
import { api } from '.';
import { routes } from '../routes';
import { preparePhoto, type PreparedPhoto } from '../features/capture/image';

/*
 * The three cameras with "must work" answers (docs/answers.md, "Reading answers"): every upload
 * answered 204, an empty 200 or an object nobody declared is sent, and the driver moves on; the
 * facial-recognition policy with a field nobody declared is still offered. A refused upload would
 * keep the driver on the camera with "Erro ao enviar…".
 *
 * jsdom has no canvas or createImageBitmap: the decoding step (proven in the browser by the e2e
 * suite) answers a good photo, as in the capture's own tests.
 */
jest.mock('../features/capture/image', () => ({ ...jest.requireActual<object>('../features/capture/image'), preparePhoto: jest.fn() }));

const JPEG = new Uint8Array([0xff, 0xd8, 0xff, 0xe0, 1, 2, 3, 4]);
const photoFile = () => new File([JPEG], 'foto.jpg', { type: 'image/jpeg' });
const goodPhoto: PreparedPhoto = {
  blob: new Blob([JPEG], { type: 'image/jpeg' }),
  width: 1800,
  height: 1350,
  report: { issues: [], mean: 150, p95: 220, laplacian: 5000, glare: 0 },
};
const FAILED = /Erro ao enviar/;

let urls = 0;
beforeAll(() => {
  URL.createObjectURL = jest.fn(() => `blob:photo-${++urls}`);
  URL.revokeObjectURL = jest.fn();
});
beforeEach(() => (preparePhoto as jest.MockedFunction<typeof preparePhoto>).mockResolvedValue(goodPhoto));

/** A guid of its own for each test: a photo whose upload failed would stay waiting in its slot. */
const sessionFor = (name: string) => ({ driverGuid: `guid-${name.replace(/\W+/g, '-')}` });

/** Waits until the camera at `path` is left (where to depends on the flow), without an upload error. */
async function leaves(router: ReturnType<typeof renderRoute>['router'], path: string) {
  await waitFor(() => expect(router.state.location.pathname).not.toBe(path));
  expect(screen.queryByText(FAILED)).not.toBeInTheDocument();
}

describe('single-photo camera', () => {
  it.each(ACCEPTED_ANSWERS)('a modality document answered with %s is sent', async (name, answer) => {
    mockApi(api.register.uploadModalityDocument, answer);
    const path = '/register/camera/new/0/3';
    const { user, router } = renderRoute({ routes, path, session: sessionFor(`modality ${name}`) });
    await user.upload(await screen.findByLabelText(/escolher uma foto/), photoFile());
    await user.click(await screen.findByRole('button', { name: 'Enviar foto' }));
    await leaves(router, path);
  });

  it.each(ACCEPTED_ANSWERS)('the proof of address answered with %s is sent', async (name, answer) => {
    mockApi(api.register.uploadProofOfAddress, answer);
    const path = '/register/camera/new/0/1';
    const { user, router } = renderRoute({ routes, path, session: sessionFor(`address ${name}`) });
    await user.upload(await screen.findByLabelText(/escolher uma foto/), photoFile());
    await user.click(await screen.findByRole('button', { name: 'Enviar foto' }));
    await leaves(router, path);
  });

  it.each(ACCEPTED_ANSWERS)('the CRLV (a PDF) answered with %s is sent', async (name, answer) => {
    mockApi(api.register.uploadModalityDocument, answer);
    const path = '/register/camera/new/0/4';
    const { user, router } = renderRoute({ routes, path, session: sessionFor(`crlv ${name}`) });
    const pdf = new File(['%PDF-1.4\n%sandbox\n'], 'crlv.pdf', { type: 'application/pdf' });
    fireEvent.change(await screen.findByLabelText('Escolher o PDF do CRLV'), { target: { files: [pdf] } });
    await user.click(await screen.findByRole('button', { name: 'Enviar documento' }));
    await leaves(router, path);
  });
});

describe('licence camera', () => {
  it.each(ACCEPTED_ANSWERS)('both sides answered with %s are sent', async (name, answer) => {
    mockApi(api.register.uploadLicence, answer);
    const path = '/register/mask-camera/new/0/0';
    const { user, router } = renderRoute({ routes, path, session: sessionFor(`licence ${name}`) });
    for (let side = 0; side < 2; side += 1) {
      await user.upload(await screen.findByLabelText(/escolher uma foto/), photoFile());
      await user.click(await screen.findByRole('button', { name: 'Continuar' }));
    }
    await user.click(await screen.findByRole('button', { name: 'Enviar fotos' }));
    await leaves(router, path);
  });
});

describe('selfie', () => {
  it.each(ACCEPTED_ANSWERS)('the policy with a field nobody declared, the photo answered with %s: sent', async (name, answer) => {
    mockAnswer(
      api.register.eulaDocument,
      tolerantVariant(api.register.eulaDocument.answer, { documentUrl: 'https://example.com/politica-facial.pdf' }, 'near'),
    );
    mockApi(api.register.uploadDriverDocument, answer);
    const path = '/register/selfie/new/0/2';
    const { user, router } = renderRoute({ routes, path, session: sessionFor(`selfie ${name}`) });
    await user.upload(await screen.findByLabelText(/escolher uma foto/), photoFile());
    const send = await screen.findByRole('button', { name: 'ENVIAR FOTO' });
    await user.click(screen.getByRole('checkbox', { name: 'Li e aceito a política de reconhecimento facial' }));
    await user.click(send);
    await leaves(router, path);
  });
});
