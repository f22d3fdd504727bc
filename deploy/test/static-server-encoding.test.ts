import { preferredEncoding } from '../../scripts/static-server.mjs';

/*
 * The Node server of `npm start` answers with Brotli when the browser takes it and gzip
 * otherwise, as nginx's brotli_static / gzip_static do (e2e/tests/server-parity-brotli.spec.ts
 * checks the bytes on both servers).
 */
describe('the encoding the Node server answers with', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['br', 'br'],
    ['gzip, deflate', 'gzip'],
    ['GZIP', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['br; q=0.0, gzip;q=0', undefined],
    ['identity', undefined],
    ['', undefined],
    [undefined, undefined],
  ])('Accept-Encoding %p: %p', (header, encoding) => {
    expect(preferredEncoding(header)).toBe(encoding);
  });
});
