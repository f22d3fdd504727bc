import { screen, within } from '@testing-library/react';
import { captureSessionToken } from '@driver-portal/shared/boot';
import { ERROR_TEXTS } from '@driver-portal/shared/http';
import {
  breakStorage,
  HttpResponse,
  mockApi,
  newDocument,
  recordRequests,
  renderRoute,
  STORAGE_MODES,
} from '@driver-portal/shared/test-utils';
import { api, type Notification } from '../../contract';
import { routes } from '../../routes';

/*
 * Issue 44's example: an Android WebView that left DOM storage off opens the portal with a valid
 * token. The list must show, as with storage on; only a reload (the token gone from the address,
 * nothing kept) asks the driver to sign in again, as an expired session does.
 */

const TOKEN = 'token-of-the-native-app';
const DRIVER = '3f6c2d1e-8a4b-4c9d-9e2f-1a2b3c4d5e6f';
const notifications: Notification[] = [
  { Id: 1, Titulo: 'Documentos aprovados', Descricao: 'Sua CNH foi aprovada', Data: '2026-11-20T14:05:00', HRef: '', Corpo: '' },
];

/** The core service as the provider answers: the list for the driver's token, 401 without it. */
function coreAnswersTheToken() {
  mockApi(api.core.notifications, ({ request }) =>
    request.headers.get('authorization') === `Bearer ${TOKEN}` ? HttpResponse.json(notifications) : HttpResponse.json({}, { status: 401 }),
  );
}

/** The page the native app opens: the boot reads the address, then the screen renders. */
function openWithAddress(address: string) {
  window.history.replaceState(null, '', address);
  captureSessionToken(window);
  return renderRoute({ routes, path: `${window.location.pathname}${window.location.search}`, session: {} });
}

let undo: () => void = () => undefined;
afterEach(() => {
  undo();
  undo = () => undefined;
  window.history.replaceState(null, '', '/');
});

describe.each(['working', ...STORAGE_MODES] as const)('storage %s', (mode) => {
  beforeEach(() => {
    if (mode !== 'working') undo = breakStorage(mode);
  });

  it('a valid token lists the notifications, with the token sent, and leaves the address', async () => {
    coreAnswersTheToken();
    const requests = recordRequests();
    openWithAddress(`/notifications/list/?driverId=${DRIVER}&token=${TOKEN}`);
    const list = await screen.findByRole('list', { name: 'Notificações' });
    expect(within(list).getByText('Documentos aprovados')).toBeInTheDocument();
    expect(screen.queryByText(ERROR_TEXTS.sessionExpired)).not.toBeInTheDocument();
    expect(window.location.href).not.toContain(TOKEN);
    expect(requests.map((request) => request.headers.get('authorization'))).toEqual([`Bearer ${TOKEN}`]);
    for (const request of requests) expect(request.url.href).not.toContain(TOKEN);
  });

  it('after a reload the session is what storage kept: the list with storage, the expired session (sign in again) without', async () => {
    coreAnswersTheToken();
    window.history.replaceState(null, '', `/notifications/list/?driverId=${DRIVER}&token=${TOKEN}`);
    captureSessionToken(window);
    newDocument();
    const { unmount } = openWithAddress(`/notifications/list/?driverId=${DRIVER}`);
    if (mode === 'working') {
      expect(await screen.findByRole('list', { name: 'Notificações' })).toBeInTheDocument();
    } else {
      expect(await screen.findByText(ERROR_TEXTS.sessionExpired)).toBeInTheDocument();
      expect(screen.getByRole('link', { name: 'Entrar novamente' })).toBeInTheDocument();
      expect(screen.queryByRole('button', { name: 'Tentar novamente' })).not.toBeInTheDocument();
    }
    unmount();
  });
});
