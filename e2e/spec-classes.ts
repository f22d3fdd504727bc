/**
 * Which server each end-to-end spec runs on (issue 46, decision 0027). The rule:
 *
 * - SERVER: a spec whose assertions depend on which server serves the files: what a server
 *   answers (paths, bodies, status codes, headers, caching, compression, the CSP, the handoff's and
 *   the proxies' answers, limits, security probes) and the parity of the two. It runs on both,
 *   the Node server of `npm start` and nginx, so a difference between them turns CI red.
 * - JOURNEY: a UI journey (forms, masks, validation, screens, failures simulated in the browser
 *   with page.route): the same files behave the same whoever serves them, so it runs once, on the
 *   deployment's server, nginx, which is what drivers get.
 * - DEPLOYMENT and CONTAINERS: by name, below (nginx alone after the others; the compose smoke).
 *
 * A spec in no class, or in two, fails deploy/test/e2e-spec-classes.test.ts (the unit suite,
 * before any browser runs); a mixed spec is SERVER as long as one of its tests depends on the
 * server. Each entry says why.
 */

/** Specs proven on both servers: file name (or a name rule) → what of the server it holds. */
export const SERVER_SPECS: ReadonlyArray<readonly [string, string]> = [
  [String.raw`server-parity[^/]*\.spec\.ts`, 'the two servers answer the same paths, encodings and deep-link paths the same way'],
  [String.raw`security-probes[^/]*\.spec\.ts`, 'probes of what a server answers: paths, the handoff, open calls, telemetry, limits'],
  [String.raw`security-headers\.spec\.ts`, 'the security headers, the CSP and the caching rules each server sends'],
  [String.raw`statement-proxy\.spec\.ts`, "the statement proxy's credential, on each server's own proxy"],
  [String.raw`driver-api-proxy\.spec\.ts`, "the driver-data proxy's token check and answers, on each server's own proxy"],
  [String.raw`token\.spec\.ts`, 'the token reaching only the services that take it, through each server’s proxy, with its Referrer-Policy'],
  [String.raw`deep-links-repeat\.spec\.ts`, "a repeat open: each server's ETag, 304 and immutable release files, and the cohort header"],
  [
    String.raw`sandbox-namespace\.spec\.ts`,
    "the test's namespace header carried through each server's proxies (the isolation the suite relies on)",
  ],
  [String.raw`local-override\.spec\.ts`, "a squad's loopback copy allowed by the CSP each server renders (the loopback opt-in)"],
  [String.raw`shell-navigation\.spec\.ts`, "each remote's navigation file: its Cache-Control, ETag and 304, CORS for the host only"],
];

/** Specs run once, on nginx: file name (or a name rule) → the journey. */
export const JOURNEY_SPECS: ReadonlyArray<readonly [string, string]> = [
  [String.raw`account-[^/]*\.spec\.ts`, 'my account: changes, home, policies, statement and modality'],
  [String.raw`answers-tolerant\.spec\.ts`, "what the driver sees when an answer's field varies (answers simulated with page.route)"],
  [String.raw`bank-check-digits\.spec\.ts`, 'bank data: a wrong check digit refused under the field'],
  [String.raw`capture[^/]*\.spec\.ts`, 'document capture: camera, file input, photo sizes, resend (the header is security-headers)'],
  [String.raw`card-request\.spec\.ts`, 'the card request'],
  [
    String.raw`crlv-reader\.spec\.ts`,
    'the CRLV-e PDF chosen on the capture screen, read on the phone, filling the vehicle form (issue 47)',
  ],
  [String.raw`dates-leap-day\.spec\.ts`, 'dates around 29 February in the forms'],
  [String.raw`deep-links\.spec\.ts`, 'each screen opened as a deep link (the paths each server answers: server-parity-deep-links)'],
  [String.raw`deep-links-budget\.spec\.ts`, "a deep link's JavaScript, gzipped by the test itself: the same files whoever serves them"],
  [String.raw`deposits-password\.spec\.ts`, 'deposits and the password change'],
  [String.raw`inbox\.spec\.ts`, 'the inbox'],
  [String.raw`insurance-[^/]*\.spec\.ts`, 'insurance: layout and wizard'],
  [String.raw`journey-crawl\.spec\.ts`, 'every screen crawled'],
  [String.raw`layout\.spec\.ts`, "layout on a phone's width"],
  [String.raw`masked-inputs\.spec\.ts`, 'masked fields typed at machine speed'],
  [String.raw`notifications\.spec\.ts`, 'notifications'],
  [String.raw`onboarding[^/]*\.spec\.ts`, 'onboarding journeys and forms'],
  [String.raw`resilience[^/]*\.spec\.ts`, 'a remote, a chunk, an entry or a share failing (simulated in the browser) and its retry'],
  [String.raw`shell\.spec\.ts`, "the shell's alert dialog"],
  [
    String.raw`shell-(journeys|no-dead-ends|prefetch-areas|session-expired|shared-phone|signout)\.spec\.ts`,
    'journeys across remotes and origins, the way back, prefetch, expired session, a shared phone, /Sair',
  ],
  [String.raw`statement\.spec\.ts`, 'the statement'],
  [String.raw`storage-off\.spec\.ts`, 'the session without the webview’s storage'],
  [String.raw`text-normalized\.spec\.ts`, 'text pasted decomposed, held and sent in NFC'],
  [String.raw`xss-corpus\.spec\.ts`, "the XSS corpus through every sink (under the deployment's CSP)"],
];

/** Tests that change what every test sees (releases into the running deployment): nginx, alone, after the others. */
export const DEPLOYMENT_SPECS = String.raw`deploy[^/]*\.spec\.ts`;
/** The smoke through the container deployment: its own config (playwright.compose.config.ts, npm run test:compose). */
export const CONTAINER_SPECS = String.raw`compose-[^/]*\.spec\.ts`;

export type SpecClass = 'server' | 'journey' | 'deployment' | 'containers';

/** The name rules of each class (regular expressions over a spec's file name). */
const RULES: Record<SpecClass, readonly string[]> = {
  server: SERVER_SPECS.map(([rule]) => rule),
  journey: JOURNEY_SPECS.map(([rule]) => rule),
  deployment: [DEPLOYMENT_SPECS],
  containers: [CONTAINER_SPECS],
};

/** The classes a spec file name (e.g. token.spec.ts) falls in: exactly one for a classified spec. */
export function classesOf(fileName: string): SpecClass[] {
  return (Object.keys(RULES) as SpecClass[]).filter((name) => RULES[name].some((rule) => new RegExp(`^(?:${rule})$`).test(fileName)));
}

/** Playwright's testMatch for one class (matched against a spec's whole path). */
export function testMatchOf(name: SpecClass): RegExp {
  return new RegExp(`(?:^|[\\\\/])(?:${RULES[name].join('|')})$`);
}
