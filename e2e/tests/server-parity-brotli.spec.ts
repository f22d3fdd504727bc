import { get } from 'node:http';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { APPS } from '../../build-preset/apps.cjs';
import { expect, test } from './support';

// Issue 33: every text file of a build is compressed at build time (`.br` and `.gz` beside it,
// build-preset/precompress.cjs) and served as it is: by nginx (brotli_static / gzip_static,
// deploy/nginx/portal-common.conf) and by the Node server of `npm start`. Run by both servers
// (PORTAL_SERVER=nginx for the second), on every app of apps.json.

type Raw = { status: number; headers: Record<string, string | string[] | undefined>; body: Buffer };

/** A GET without any decoding: the bytes as they came. */
function rawGet(url: string, acceptEncoding: string): Promise<Raw> {
  return new Promise((resolve, reject) => {
    get(url, { headers: { 'Accept-Encoding': acceptEncoding } }, (response) => {
      const chunks: Buffer[] = [];
      response.on('data', (chunk: Buffer) => chunks.push(chunk));
      response.on('end', () => resolve({ status: response.statusCode ?? 0, headers: response.headers, body: Buffer.concat(chunks) }));
    }).on('error', reject);
  });
}

/** The scripts and styles an app's page names, and a remote's federation files. */
async function textFiles(origin: string, remote: boolean): Promise<string[]> {
  const page = (await rawGet(`${origin}/`, 'identity')).body.toString('utf8');
  const named = [...page.matchAll(/(?:src|href)="\/([^"?#]+\.(?:js|css))"/g)].map((match) => match[1] ?? '');
  // A remote's entry is named by its content: its manifest says which file.
  const entry = remote
    ? (
        JSON.parse((await rawGet(`${origin}/mf-manifest.json`, 'identity')).body.toString('utf8')) as {
          metaData: { remoteEntry: { name: string } };
        }
      ).metaData.remoteEntry.name
    : undefined;
  return [...new Set([...named, ...(entry ? [entry, 'mf-manifest.json'] : [])])];
}

for (const app of APPS) {
  const origin = `http://localhost:${app.port}`;

  test(`${app.dir}: Brotli to a browser that accepts it, the build's .br file, the same bytes once decompressed`, async () => {
    const files = await textFiles(origin, app.kind === 'remote');
    expect(files.length).toBeGreaterThan(1);
    for (const file of files) {
      const plain = await rawGet(`${origin}/${file}`, 'identity');
      expect(plain.status, file).toBe(200);
      expect(plain.headers['content-encoding'], file).toBeUndefined();

      const br = await rawGet(`${origin}/${file}`, 'gzip, deflate, br');
      expect(br.headers['content-encoding'], file).toBe('br');
      expect(String(br.headers.vary), file).toMatch(/Accept-Encoding/i);
      expect(brotliDecompressSync(br.body).equals(plain.body), file).toBe(true);
      // Compressed at build time (quality 11), not per request.
      expect(br.body.equals(readFileSync(join(__dirname, '..', '..', app.dir, 'dist', `${file}.br`))), file).toBe(true);
      expect(br.body.length, file).toBeLessThan(plain.body.length);

      // A browser without Brotli (any page over plain HTTP) still gets gzip.
      const gzip = await rawGet(`${origin}/${file}`, 'gzip, deflate');
      expect(gzip.headers['content-encoding'], file).toBe('gzip');
      expect(gunzipSync(gzip.body).equals(plain.body), file).toBe(true);
    }
  });
}
