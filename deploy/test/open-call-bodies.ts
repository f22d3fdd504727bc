import corpus from './open-call-bodies.json';

/*
 * The shared corpus of open-call bodies (open-call-bodies.json), typed once for the tests that
 * send it: deploy/test/open-calls.test.ts (the rule on both runtimes),
 * e2e/tests/security-probes-open-calls.spec.ts (both servers of the suite) and
 * e2e/tests/deploy-replicas.spec.ts (through the balancer and two replicas).
 */

/** One body as the file gives it: where it goes, its bytes, and what both servers answer. */
export interface OpenCallBody {
  kind: string;
  name: string;
  /** A bypass the security probes found (the file keeps them apart). */
  issue?: boolean;
  method: string;
  /** `{driverId}` is replaced by the driver the test sends it for. */
  path: string;
  /** The body as text, or as hex bytes when it is no valid UTF-8. */
  body?: string;
  bodyHex?: string;
  status: number;
  validations: Array<{ field: string; message: string }>;
}

export const OPEN_CALL_BODIES: readonly OpenCallBody[] = corpus.bodies;

/** The exact bytes an entry sends. */
export const bodyBytes = (entry: OpenCallBody) =>
  entry.bodyHex !== undefined ? Buffer.from(entry.bodyHex, 'hex') : Buffer.from(entry.body ?? '', 'utf8');
