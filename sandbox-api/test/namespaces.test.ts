import { DEMO_PASSWORD, NAMESPACE_HEADER } from '../src/constants';
import { createSeed } from '../src/seed';
import { DEFAULT_NAMESPACE, SandboxStates } from '../src/state';
import { api, call, endpointUrl, fetchJson, startSandboxForFile, withToken } from './helpers';

// Each test names namespaces of its own: the file's beforeEach resets only the default one.
const sandbox = startSandboxForFile();
const HEADER = NAMESPACE_HEADER;
const inNamespace = (namespace: string | undefined): Record<string, string> => (namespace ? { [HEADER]: namespace } : {});

const changePassword = (namespace: string | undefined, senhaAntiga: string, novaSenha: string) =>
  call(sandbox, api.core.changePassword, {
    query: { senhaAntiga, novaSenha },
    headers: { ...(withToken() as Record<string, string>), ...inNamespace(namespace) },
  });

async function passwordIn(namespace: string | undefined): Promise<string> {
  const answer = await fetchJson<{ core: { password: string } }>(`${sandbox.baseUrl}/__sandbox/state`, { headers: inNamespace(namespace) });
  expect(answer.status).toBe(200);
  return answer.body.core.password;
}

const reset = (namespace: string | undefined) =>
  fetch(`${sandbox.baseUrl}/__sandbox/reset`, { method: 'POST', headers: inNamespace(namespace) });

describe('namespaces (X-Sandbox-Namespace)', () => {
  it('keeps a password change in the namespace that made it', async () => {
    expect((await changePassword('change-a', DEMO_PASSWORD, 'senhaa12')).status).toBe(200);
    expect(await passwordIn('change-a')).toBe('senhaa12');
    // Another namespace, and requests without the header, still have the seed's password.
    expect(await passwordIn('change-b')).toBe(DEMO_PASSWORD);
    expect(await passwordIn(undefined)).toBe(DEMO_PASSWORD);
    expect((await changePassword('change-b', DEMO_PASSWORD, 'senhab12')).status).toBe(200);
    expect((await changePassword(undefined, 'senhaa12', 'outra123')).status).toBe(400);
    expect(await passwordIn('change-a')).toBe('senhaa12');
    expect(await passwordIn('change-b')).toBe('senhab12');
  });

  it('resets only the caller’s namespace', async () => {
    expect((await changePassword('reset-a', DEMO_PASSWORD, 'senhaa12')).status).toBe(200);
    expect((await changePassword('reset-b', DEMO_PASSWORD, 'senhab12')).status).toBe(200);
    expect((await changePassword(undefined, DEMO_PASSWORD, 'padrao12')).status).toBe(200);

    expect((await reset('reset-a')).status).toBe(200);
    expect(await passwordIn('reset-a')).toBe(DEMO_PASSWORD);
    expect(await passwordIn('reset-b')).toBe('senhab12');
    expect(await passwordIn(undefined)).toBe('padrao12');

    // Without the header: the default namespace, as `npm start` and the demo use it.
    expect((await reset(undefined)).status).toBe(200);
    expect(await passwordIn(undefined)).toBe(DEMO_PASSWORD);
    expect(await passwordIn('reset-b')).toBe('senhab12');
  });

  it('says which namespace answered, through the statement proxy too', async () => {
    const direct = await call(sandbox, api.core.notifications, {
      headers: { ...(withToken() as Record<string, string>), [HEADER]: 'test-c' },
    });
    expect(direct.status).toBe(200);
    expect(direct.headers.get(HEADER)).toBe('test-c');
    const proxied = await fetch(`${sandbox.baseUrl}/statement-proxy/api/extrato/nf?cpf=52998224725`, {
      headers: { ...(withToken() as Record<string, string>), [HEADER]: 'test-c' },
    });
    expect(proxied.status).toBe(400);
    expect(proxied.headers.get(HEADER)).toBe('test-c');
    const withoutHeader = await call(sandbox, api.register.policies);
    expect(withoutHeader.headers.get(HEADER)).toBe(DEFAULT_NAMESPACE);
  });

  it('refuses a namespace header that is not a short name', async () => {
    for (const name of ['a b', 'x'.repeat(101), '../default', 'ümlaut']) {
      const answer = await fetchJson(`${sandbox.baseUrl}/__sandbox/state`, { headers: { [HEADER]: name } });
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ Message: expect.stringContaining(HEADER) });
    }
  });

  it('lets browsers send the header (CORS preflight)', async () => {
    const response = await fetch(endpointUrl(sandbox, api.core.notifications), {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:3000',
        'Access-Control-Request-Method': 'GET',
        'Access-Control-Request-Headers': 'authorization,x-sandbox-namespace',
      },
    });
    expect(response.status).toBe(204);
    expect(response.headers.get('access-control-allow-headers')?.toLowerCase()).toContain('x-sandbox-namespace');
  });
});

describe('SandboxStates: memory stays bounded', () => {
  function statesWith(limits: { maxNamespaces: number; idleMs: number }) {
    const clock = { now: 0 };
    let created = 0;
    const states = new SandboxStates(
      () => {
        created += 1;
        return createSeed(new Date('2026-11-20T12:00:00Z'));
      },
      limits,
      () => clock.now,
    );
    return { states, clock, created: () => created };
  }

  it('creates a namespace from the seed on first use and keeps it after', () => {
    const { states, created } = statesWith({ maxNamespaces: 5, idleMs: 1000 });
    const state = states.get('a');
    state.core.password = 'mudou123';
    expect(states.get('a').core.password).toBe('mudou123');
    expect(states.get('b').core.password).toBe(DEMO_PASSWORD);
    expect(created()).toBe(2);
  });

  it('drops the least recently used namespace past the cap, never the default one', () => {
    const { states } = statesWith({ maxNamespaces: 2, idleMs: 60_000 });
    states.get(DEFAULT_NAMESPACE).core.password = 'padrao12';
    states.get('a').core.password = 'senhaa12';
    states.get('b');
    states.get('a'); // a is now more recent than b
    states.get('c');
    expect(states.namespaces().sort()).toEqual(['a', 'c', DEFAULT_NAMESPACE].sort());
    expect(states.get('a').core.password).toBe('senhaa12');
    expect(states.get(DEFAULT_NAMESPACE).core.password).toBe('padrao12');
  });

  it('drops namespaces idle for too long when another one is created', () => {
    const { states, clock } = statesWith({ maxNamespaces: 10, idleMs: 1000 });
    states.get(DEFAULT_NAMESPACE);
    states.get('old').core.password = 'antiga12';
    clock.now = 800;
    states.get('recent');
    clock.now = 1500;
    states.get('new');
    expect(states.namespaces().sort()).toEqual(['new', 'recent', DEFAULT_NAMESPACE].sort());
    // Its next call starts again from the seed.
    expect(states.get('old').core.password).toBe(DEMO_PASSWORD);
  });

  it('reset replaces one namespace’s state with a fresh seed', () => {
    const { states } = statesWith({ maxNamespaces: 10, idleMs: 1000 });
    states.get('a').core.password = 'senhaa12';
    states.get('b').core.password = 'senhab12';
    states.reset('a');
    expect(states.get('a').core.password).toBe(DEMO_PASSWORD);
    expect(states.get('b').core.password).toBe('senhab12');
  });
});
