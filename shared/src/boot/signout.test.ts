import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { SESSION_KEYS } from '@driver-portal/shared/session';
import { http, HttpResponse, server } from '@driver-portal/shared/test-utils';
import { hostNextHop, readStep, remoteNextHop, remoteOrigins, runSignOutPage } from './signout-page';

const HOST = 'http://localhost:3000';
const REMOTE_LIST = [
  { name: 'mfe_self_service', manifest: 'http://localhost:3001/mf-manifest.json', prefixes: ['/notifications'] },
  { name: 'mfe_onboarding', manifest: 'http://localhost:3002/releases/r-1/mf-manifest.json', prefixes: ['/register'] },
  // Two remotes on one origin: one visit clears both.
  { name: 'mfe_other', manifest: 'http://localhost:3002/other/mf-manifest.json', prefixes: ['/other'] },
];
const ORIGINS = ['http://localhost:3001', 'http://localhost:3002'];
const EVIL = [
  'https://evil.example/signout.html',
  '//evil.example',
  'javascript:alert(1)',
  '1e3',
  '-1',
  '0x1',
  '1;https://evil.example',
  '9999',
];

describe('sign-out hops', () => {
  it('a step is digits only', () => {
    expect(readStep('?done=2', 'done')).toBe(2);
    for (const value of EVIL) expect(readStep(`?done=${encodeURIComponent(value)}`, 'done')).toBeUndefined();
  });

  it('the host visits each remote origin of its list once, then ends on its own /Login', () => {
    const origins = remoteOrigins(REMOTE_LIST, HOST);
    expect(origins).toEqual(ORIGINS);
    expect(hostNextHop('', origins, HOST)).toBe('http://localhost:3001/signout.html?resume=1');
    expect(hostNextHop('?done=1', origins, HOST)).toBe('http://localhost:3002/signout.html?resume=2');
    expect(hostNextHop('?done=2', origins, HOST)).toBe('http://localhost:3000/Login');
  });

  it('the host list gives only http(s) origins other than the host', () => {
    const list = [
      { manifest: 'javascript:alert(1)' },
      { manifest: 'data:text/html,x' },
      { manifest: '/mf-manifest.json' },
      { manifest: 42 },
      null,
      { manifest: 'https://remote.example/mf-manifest.json' },
    ];
    expect(remoteOrigins(list, HOST)).toEqual(['https://remote.example']);
    expect(remoteOrigins({ not: 'a list' }, HOST)).toEqual([]);
  });

  it('an evil step at the host never leads outside the portal', () => {
    for (const value of EVIL) {
      const hop = new URL(hostNextHop(`?done=${encodeURIComponent(value)}&next=${encodeURIComponent(value)}`, ORIGINS, HOST));
      expect([HOST, ...ORIGINS]).toContain(hop.origin);
    }
  });

  it('a remote always goes back to the host of its configuration, whatever the address says', () => {
    expect(remoteNextHop('?resume=2', 'http://localhost:3000')).toBe('http://localhost:3000/signout.html?done=2');
    for (const value of EVIL) {
      const search = `?resume=${encodeURIComponent(value)}&next=${encodeURIComponent(value)}&done=${encodeURIComponent(value)}`;
      expect(remoteNextHop(search, 'http://localhost:3000')).toBe('http://localhost:3000/signout.html');
    }
  });
});

/** IndexedDB and Cache Storage of one origin: a photo store of the portal's, and another app's. */
function fakeStores() {
  const databases = new Set(['driver-portal-capture', 'someone-else']);
  const caches = new Set(['driver-portal-answers', 'someone-elses-cache']);
  const indexedDB = {
    databases: () => Promise.resolve([...databases].map((name) => ({ name, version: 1 }))),
    deleteDatabase: (name: string) => {
      const request: { onsuccess?: () => void } = {};
      setTimeout(() => {
        databases.delete(name);
        request.onsuccess?.();
      }, 5);
      return request;
    },
  };
  const cacheStorage = {
    keys: () => Promise.resolve([...caches]),
    delete: (name: string) => Promise.resolve(caches.delete(name)),
  };
  return { databases, caches, indexedDB, cacheStorage };
}

function fakeWindow(href: string, stores = fakeStores()) {
  const url = new URL(href);
  const replace = jest.fn<void, [string]>();
  const win = {
    sessionStorage: window.sessionStorage,
    indexedDB: stores.indexedDB,
    caches: stores.cacheStorage,
    document,
    location: { href, origin: url.origin, search: url.search, hostname: url.hostname, port: url.port, replace },
  } as unknown as Window;
  return { win, replace };
}

function holdSession() {
  window.sessionStorage.setItem(SESSION_KEYS.token, 't');
  window.sessionStorage.setItem(SESSION_KEYS.driverId, 'd');
  window.sessionStorage.setItem('driver-portal:draft:x', '{}');
  window.sessionStorage.setItem('other-app', 'kept');
}

const envFile = JSON.parse(readFileSync(join(__dirname, '../../../config/env.json'), 'utf8')) as Record<string, never>;

describe('the sign-out page', () => {
  it('at the host: clears this origin and opens the first remote origin', async () => {
    holdSession();
    server.use(http.get('http://localhost/remotes.json', () => HttpResponse.json(REMOTE_LIST)));
    const { win, replace } = fakeWindow('http://localhost:3000/signout.html');
    await runSignOutPage('host', win);
    expect(window.sessionStorage.getItem(SESSION_KEYS.token)).toBeNull();
    expect(window.sessionStorage.getItem('driver-portal:draft:x')).toBeNull();
    expect(window.sessionStorage.getItem('other-app')).toBe('kept');
    expect(replace).toHaveBeenCalledWith('http://localhost:3001/signout.html?resume=1');
  });

  it("deletes the portal's databases and caches (a photo never sent) before leaving, and nobody else's", async () => {
    holdSession();
    server.use(http.get('http://localhost/remotes.json', () => HttpResponse.json(REMOTE_LIST)));
    const stores = fakeStores();
    const { win, replace } = fakeWindow('http://localhost:3000/signout.html', stores);
    let deletedBeforeLeaving: string[] | undefined;
    replace.mockImplementation(() => {
      deletedBeforeLeaving = [...stores.databases, ...stores.caches];
    });
    await runSignOutPage('host', win);
    expect(deletedBeforeLeaving).toEqual(['someone-else', 'someone-elses-cache']);
  });

  it('at the host without its remote list: this origin is signed out and /Login opens', async () => {
    holdSession();
    server.use(http.get('http://localhost/remotes.json', () => new HttpResponse(null, { status: 503 })));
    const { win, replace } = fakeWindow('http://localhost:3000/signout.html?done=1');
    await runSignOutPage('host', win);
    expect(window.sessionStorage.getItem(SESSION_KEYS.token)).toBeNull();
    expect(replace).toHaveBeenCalledWith('http://localhost:3000/Login');
  });

  it('at a remote: clears this origin and goes back to the host of the runtime configuration', async () => {
    holdSession();
    server.use(http.get('http://localhost/env.json', () => HttpResponse.json(envFile)));
    const { win, replace } = fakeWindow(`http://localhost:3002/signout.html?resume=2&next=${encodeURIComponent('https://evil.example')}`);
    await runSignOutPage('remote', win);
    expect(window.sessionStorage.getItem(SESSION_KEYS.token)).toBeNull();
    expect(replace).toHaveBeenCalledWith('http://localhost:3000/signout.html?done=2');
  });

  it('at a remote without its configuration: this origin is signed out and the page says so', async () => {
    holdSession();
    document.body.innerHTML = '<p id="signout-status" role="status">Encerrando sua sessão...</p>';
    server.use(http.get('http://localhost/env.json', () => HttpResponse.error()));
    const { win, replace } = fakeWindow('http://localhost:3002/signout.html?resume=1');
    await runSignOutPage('remote', win);
    expect(window.sessionStorage.getItem(SESSION_KEYS.token)).toBeNull();
    expect(replace).not.toHaveBeenCalled();
    expect(document.getElementById('signout-status')).toHaveTextContent('Sua sessão foi encerrada.');
  });
});
