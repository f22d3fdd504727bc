import { createServer, request, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { driverApiProxy } from '../../scripts/driver-api-proxy.mjs';
import { createMemoryStore } from '../store.cjs';

/*
 * `npm start`'s shape (decision 0025): no Redis (the store in memory) and no header names the
 * client: the driver-data proxy of the Node server counts the connection's own address, whatever
 * X-Forwarded-For or X-Real-IP a caller sends. 40 phone look-ups from one address, each naming
 * another made-up address, are one client: 21 answered (20 at once and the first), not 40.
 */

const servers: Server[] = [];
const listen = (server: Server) =>
  new Promise<number>((resolve) => {
    servers.push(server);
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port));
  });
afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))));

function lookUp(port: number, from: string, forwarded: string) {
  return new Promise<number>((resolve, reject) => {
    const sent = request(
      {
        host: '127.0.0.1',
        port,
        path: '/driver-api/register/api/1.0/driver/mobile/11987654321',
        localAddress: from,
        agent: false,
        headers: { 'X-Forwarded-For': forwarded, 'X-Real-IP': forwarded },
      },
      (answer) => (answer.resume(), answer.on('end', () => resolve(answer.statusCode ?? 0))),
    );
    sent.on('error', reject);
    sent.end();
  });
}

it("npm start's proxy keys a look-up on the connection's address: 40 made-up forwarded addresses from one caller are one client", async () => {
  let reached = 0;
  const upstream = await listen(
    createServer((req, res) => {
      reached += 1;
      res.writeHead(404, { 'Content-Type': 'application/json' });
      res.end('{}');
    }),
  );
  const proxy = driverApiProxy({
    upstream: `http://127.0.0.1:${upstream}`,
    authUrl: `http://127.0.0.1:${upstream}/auth`,
    appOrigins: new Set(),
    store: createMemoryStore(),
    namespaceSecret: undefined,
    log: () => undefined,
  });
  const port = await listen(createServer((req, res) => proxy(req, res, new URL(req.url ?? '/', 'http://127.0.0.1')) || res.end()));
  const statuses: number[] = [];
  for (let sent = 0; sent < 40; sent += 1) statuses.push(await lookUp(port, '127.0.0.31', `198.51.100.${sent + 1}`));
  expect(statuses.filter((status) => status !== 429)).toHaveLength(21);
  expect(reached).toBe(21);
  // Another address is another client: its own 21.
  const other: number[] = [];
  for (let sent = 0; sent < 22; sent += 1) other.push(await lookUp(port, '127.0.0.32', '127.0.0.31'));
  expect(other.filter((status) => status !== 429)).toHaveLength(21);
});
