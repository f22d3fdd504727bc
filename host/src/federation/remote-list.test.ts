import { http, HttpResponse } from 'msw';
import { server } from '@driver-portal/shared/test-utils';

import { fetchRemoteList } from './remote-list';

describe('remote list', () => {
  it('is fetched the way the page preloads it and keeps only well-formed entries', async () => {
    let cacheMode: RequestCache | undefined;
    server.use(
      http.get('http://localhost/remotes.json', ({ request }) => {
        cacheMode = request.cache;
        return HttpResponse.json([
          { name: 'ok', manifest: 'http://x/mf-manifest.json', prefixes: ['/a'] },
          { name: 'no-prefix-slash', manifest: 'http://x/mf-manifest.json', prefixes: ['a'] },
          { name: 42 },
        ]);
      }),
    );
    const list = await fetchRemoteList('http://localhost/remotes.json');
    expect(list.map((remote) => remote.name)).toEqual(['ok']);
    // A request in another cache mode would not take the page's <link rel="preload">: the list
    // would download twice. Freshness is the server's `no-store`.
    expect(cacheMode).toBe('default');
  });

  it('fails loudly when the list is unavailable', async () => {
    server.use(http.get('http://localhost/remotes.json', () => new HttpResponse(null, { status: 503 })));
    await expect(fetchRemoteList('http://localhost/remotes.json')).rejects.toThrow('503');
  });
});
