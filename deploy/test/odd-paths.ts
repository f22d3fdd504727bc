import { connect } from 'node:net';
import { CARD_REQUESTED_DRIVER_ID, DEMO_DRIVER, INSURANCE_DRIVERS, ONBOARDING_DRIVER } from '../../sandbox-api/src/constants';
import corpus from './odd-paths.json';

/*
 * The shared corpus of odd request paths (odd-paths.json) and a raw HTTP client to send them:
 * deploy/test/path-rule.test.ts (Node and nginx in-process),
 * e2e/tests/security-probes-paths.spec.ts (both servers of the suite) and
 * e2e/tests/deploy-replicas.spec.ts (the balancer and two replicas) read both from here, with the
 * drivers the `{driver}` entries are sent for and what no answer may hold.
 */

/** The sandbox's drivers the `{driver}` entries name, one of each kind of data the services hold. */
export const CORPUS_DRIVERS: readonly string[] = [
  DEMO_DRIVER.id,
  INSURANCE_DRIVERS.active,
  INSURANCE_DRIVERS.expired,
  CARD_REQUESTED_DRIVER_ID,
  ONBOARDING_DRIVER.id,
];

/** What the services answer about a driver (profile, bank account, policy, card): no answer to an odd path holds any of it. */
export const DRIVER_DATA: readonly string[] = [
  DEMO_DRIVER.name,
  DEMO_DRIVER.cpf,
  DEMO_DRIVER.email,
  DEMO_DRIVER.mobile,
  ONBOARDING_DRIVER.cpf,
  'bankAccount',
  'requestId',
  '"stage"',
];

export interface OddPathEntry {
  /** The request target, byte for byte (UTF-8), `{driver}` replaced by a driver id. */
  path: string;
  /** What both servers answer. */
  status: number;
  why: string;
  /** The one path the service gets; undefined: no service is reached. */
  forwarded?: string;
  /** The driver id put in for `{driver}`, if the entry names one. */
  driver?: string;
}

/** Every entry of the corpus, once per driver id for those that name `{driver}`. */
export function oddPaths(driverIds: readonly string[]): OddPathEntry[] {
  return corpus.paths.flatMap((entry: { path: string; status: number; why: string; forwarded?: string }) =>
    entry.path.includes('{driver}')
      ? driverIds.map((driver) => ({
          ...entry,
          path: entry.path.replaceAll('{driver}', driver),
          forwarded: entry.forwarded?.replaceAll('{driver}', driver),
          driver,
        }))
      : [entry],
  );
}

export interface RawAnswer {
  status: number;
  /** Every header line as sent, in order (a repeated header appears twice). */
  headers: [string, string][];
  body: string;
}

/** The values of one header, every time it was sent (lower-case name). */
export const headerValues = (answer: RawAnswer, name: string): string[] =>
  answer.headers.filter(([header]) => header.toLowerCase() === name).map(([, value]) => value);

/** A chunked body put back together (the framing's sizes are no part of what a page reads). */
function unchunked(raw: string): string {
  let body = '';
  let rest = raw;
  for (;;) {
    const lineEnd = rest.indexOf('\r\n');
    const size = parseInt(rest.slice(0, lineEnd), 16);
    if (lineEnd === -1 || !Number.isFinite(size) || size === 0) return body;
    body += rest.slice(lineEnd + 2, lineEnd + 2 + size);
    rest = rest.slice(lineEnd + 2 + size + 2);
  }
}

/**
 * One request on its own socket, the target written exactly as given: no client library
 * normalizes it (fetch and URL resolve `..`, `\` and `%2e%2e`; node:http refuses control
 * characters in a path). Answers the status line, the header lines and the body.
 */
export function rawRequest(
  host: string,
  port: number,
  target: string,
  headers: Record<string, string> = {},
  method = 'GET',
  body = '',
): Promise<RawAnswer> {
  return new Promise((resolve, reject) => {
    const socket = connect({ host, port });
    const chunks: Buffer[] = [];
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    socket.on('error', reject);
    socket.setTimeout(15_000, () => socket.destroy(new Error(`no answer to ${method} ${JSON.stringify(target)}`)));
    socket.on('end', () => {
      const text = Buffer.concat(chunks).toString('utf8');
      const headEnd = text.indexOf('\r\n\r\n');
      const [statusLine = '', ...lines] = text.slice(0, headEnd === -1 ? text.length : headEnd).split('\r\n');
      const answerHeaders = lines.map((line): [string, string] => {
        const colon = line.indexOf(':');
        return [line.slice(0, colon).trim(), line.slice(colon + 1).trim()];
      });
      const rawBody = headEnd === -1 ? '' : text.slice(headEnd + 4);
      const chunked = answerHeaders.some(([name, value]) => name.toLowerCase() === 'transfer-encoding' && /chunked/i.test(value));
      resolve({ status: Number(statusLine.split(' ')[1] ?? 0), headers: answerHeaders, body: chunked ? unchunked(rawBody) : rawBody });
    });
    const head = [`${method} ${target} HTTP/1.1`, `Host: ${host}:${port}`, ...Object.entries(headers).map(([n, v]) => `${n}: ${v}`)];
    // Written, not ended: Node's server drops a connection whose client half-closes before it answers.
    socket.write(Buffer.from(`${head.join('\r\n')}\r\nConnection: close\r\n\r\n${body}`, 'utf8'));
  });
}
