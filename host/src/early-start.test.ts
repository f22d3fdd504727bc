import { waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { server } from '@driver-portal/shared/test-utils';
import portalRetryPlugin from '@driver-portal/shared/federation-plugins/retry';
import { federationRuntimeScripts, routesAssets, startEarlyFetches } from './early-start';
import { fetchRemoteList } from './federation/remote-list';

const MANIFEST_URL = 'http://remote.test/mf-manifest.json';
const LIST = [
  { name: 'mfe_self_service', manifest: MANIFEST_URL, prefixes: ['/notifications'] },
  { name: 'mfe_account', manifest: 'http://account.test/mf-manifest.json', prefixes: ['/my-account'] },
];
const MANIFEST = {
  metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: '', type: 'global' } },
  exposes: [
    {
      path: './routes',
      assets: { js: { sync: ['__federation_expose_routes.1a.js'], async: ['screen.2b.js'] }, css: { sync: ['routes.3c.css'], async: [] } },
    },
  ],
};

/** How the federation runtime asks portal-retry for a manifest (portal-deadline's signal included). */
async function manifestThroughRetry(signal = AbortSignal.timeout(8_000)): Promise<Response> {
  const fetchHook = portalRetryPlugin().fetch as (url: string, init: RequestInit) => Promise<Response>;
  return fetchHook(MANIFEST_URL, { signal });
}

type Answer = () => Response | Promise<Response>;

/** The list and the manifest, each answered in turn by the given answers (the last one repeats). */
function serve(manifestAnswers: Answer[], listAnswers: Answer[] = [() => HttpResponse.json(LIST)]) {
  const sent = { list: 0, manifest: 0, manifestCache: [] as RequestCache[] };
  server.use(
    http.get('http://localhost/remotes.json', () => listAnswers[Math.min(sent.list++, listAnswers.length - 1)]?.() ?? HttpResponse.error()),
    http.get(MANIFEST_URL, ({ request }) => {
      sent.manifestCache.push(request.cache);
      return manifestAnswers[Math.min(sent.manifest++, manifestAnswers.length - 1)]?.() ?? HttpResponse.error();
    }),
  );
  return sent;
}

const announced = () =>
  [...document.head.querySelectorAll<HTMLLinkElement>('link[rel="preload"]')].map((link) => `${link.as} ${link.href}`);

afterEach(() => {
  delete (window as unknown as Record<string, unknown>).__portalEarlyFetches;
  document.head.innerHTML = '';
});

describe("the host page's early script", () => {
  it('on a deep link, fetches the list and the owning remote’s manifest once, hands both to the entry and announces the remote’s entry and routes chunk', async () => {
    window.history.replaceState(null, '', '/notifications/list/');
    const sent = serve([() => HttpResponse.json(MANIFEST)]);
    startEarlyFetches();

    const list = await fetchRemoteList();
    expect(list.map((remote) => remote.name)).toEqual(['mfe_self_service', 'mfe_account']);
    const manifest = await manifestThroughRetry();
    expect(await manifest.json()).toEqual(MANIFEST);
    await waitFor(() => expect(announced()).toHaveLength(3));
    expect(announced()).toEqual([
      'script http://remote.test/remoteEntry.js',
      'script http://remote.test/__federation_expose_routes.1a.js',
      'style http://remote.test/routes.3c.css',
    ]);
    // One download each: the entry took the early requests instead of making its own.
    expect(sent).toEqual({ list: 1, manifest: 1, manifestCache: ['default'] });
  });

  it("asks for no manifest on the host's own pages", async () => {
    window.history.replaceState(null, '', '/App');
    const sent = serve([() => HttpResponse.json(MANIFEST)]);
    startEarlyFetches();
    await fetchRemoteList();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(sent.manifest).toBe(0);
    expect(announced()).toEqual([]);
  });

  it('a manifest that answered 500 early counts as the first attempt: portal-retry asks again and the remote loads', async () => {
    window.history.replaceState(null, '', '/notifications/list/');
    const sent = serve([() => new HttpResponse(null, { status: 500 }), () => HttpResponse.json(MANIFEST)]);
    startEarlyFetches();
    await fetchRemoteList();
    const manifest = await manifestThroughRetry();
    expect(manifest.status).toBe(200);
    expect(sent.manifest).toBe(2);
    // Nothing is announced from a failed manifest.
    expect(announced()).toEqual([]);
  });

  it("an early manifest that never answers still ends at the load's deadline", async () => {
    window.history.replaceState(null, '', '/notifications/list/');
    let answer: (response: Response) => void = () => undefined;
    serve([() => new Promise<Response>((resolve) => (answer = resolve))]);
    startEarlyFetches();
    await fetchRemoteList();
    await expect(manifestThroughRetry(AbortSignal.timeout(50))).rejects.toMatchObject({ name: 'TimeoutError' });
    answer(HttpResponse.json(MANIFEST));
  });

  it('a list the early request could not get is asked for again by the entry', async () => {
    window.history.replaceState(null, '', '/notifications/list/');
    const sent = serve([() => HttpResponse.json(MANIFEST)], [() => HttpResponse.error(), () => HttpResponse.json(LIST)]);
    startEarlyFetches();
    expect((await fetchRemoteList()).map((remote) => remote.name)).toEqual(['mfe_self_service', 'mfe_account']);
    expect(sent.list).toBe(2);
    // No head start without the list: the entry fetches the manifest itself.
    expect(sent.manifest).toBe(0);
  });

  it('a list that is not JSON is left to the entry, which reports it', async () => {
    window.history.replaceState(null, '', '/notifications/list/');
    const sent = serve([() => HttpResponse.json(MANIFEST)], [() => HttpResponse.text('<html>')]);
    startEarlyFetches();
    await expect(fetchRemoteList()).rejects.toThrow();
    expect(sent.manifest).toBe(0);
  });
});

describe("the host's federation runtime, named on the early script's tag", () => {
  const RUNTIME = ['/vendors-runtime.1a.js', '/federation.2b.js'];
  const tag = () => {
    const script = document.createElement('script');
    script.dataset.federationRuntime = RUNTIME.join(' ');
    return script;
  };

  it('is announced on a remote’s path, with the remote’s entry', async () => {
    window.history.replaceState(null, '', '/notifications/list/');
    serve([() => HttpResponse.json(MANIFEST)]);
    startEarlyFetches(window, federationRuntimeScripts(tag()));
    await fetchRemoteList();
    await waitFor(() => expect(announced()).toHaveLength(5));
    expect(announced().slice(0, 2)).toEqual(RUNTIME.map((path) => `script http://localhost${path}`));
  });

  it("is not announced on the host's own pages, which never download it", async () => {
    window.history.replaceState(null, '', '/App');
    serve([() => HttpResponse.json(MANIFEST)]);
    startEarlyFetches(window, federationRuntimeScripts(tag()));
    await fetchRemoteList();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(announced()).toEqual([]);
  });

  it('is nothing when the tag names none (the dev server’s page)', () => {
    expect(federationRuntimeScripts(document.createElement('script'))).toEqual([]);
    expect(federationRuntimeScripts(null)).toEqual([]);
  });
});

describe('what the early script announces from a manifest', () => {
  it('resolves the entry and the routes chunk against the manifest’s folder, entry folder included', () => {
    const manifest = { ...MANIFEST, metaData: { publicPath: 'auto', remoteEntry: { name: 'remoteEntry.js', path: 'entry' } } };
    expect(routesAssets('https://cdn.test/self-service/1.2.0/mf-manifest.json', manifest)).toEqual([
      { as: 'script', href: 'https://cdn.test/self-service/1.2.0/entry/remoteEntry.js' },
      { as: 'script', href: 'https://cdn.test/self-service/1.2.0/__federation_expose_routes.1a.js' },
      { as: 'style', href: 'https://cdn.test/self-service/1.2.0/routes.3c.css' },
    ]);
  });

  it('announces nothing from a manifest it cannot read the same way the runtime would', () => {
    expect(routesAssets(MANIFEST_URL, { ...MANIFEST, metaData: { ...MANIFEST.metaData, publicPath: 'https://elsewhere.test/' } })).toEqual(
      [],
    );
    expect(routesAssets(MANIFEST_URL, {})).toEqual([]);
    expect(routesAssets(MANIFEST_URL, { metaData: { publicPath: 'auto', remoteEntry: { name: 42 } } })).toEqual([]);
  });
});
