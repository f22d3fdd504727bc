import { existsSync } from 'node:fs';
import { join } from 'node:path';
import * as v from 'valibot';
import { defineEndpoint, endpointsOf } from '@driver-portal/shared/contract';
import { REMOTES } from '../../build-preset/apps.cjs';
import { disagreements } from '../src/contract-agreement';
import { declarations, REMOTE_TABLES } from '../src/contracts';
import { callKey, checkedAgainst } from '../src/handlers';
import { ok } from '../src/respond';
import { route, type SandboxRequest } from '../src/router';
import { createSeed } from '../src/seed';

const driver = v.object({ id: v.string(), name: v.string() });

const request = (body?: unknown): SandboxRequest => ({
  params: {},
  query: new URLSearchParams(),
  body,
  headers: {},
  state: createSeed(new Date()),
  now: new Date(),
  origin: 'http://localhost:4000',
});

describe('each remote owns its calls; the sandbox holds them to their declarations', () => {
  it('reads the table of every remote of apps.json that has one (its src/contract), none named by hand', () => {
    const withContract = REMOTES.filter((remote) => existsSync(join(__dirname, '..', '..', remote.dir, 'src', 'contract')));
    expect(withContract.length).toBeGreaterThan(0);
    expect(Object.keys(REMOTE_TABLES)).toEqual(withContract.map((remote) => remote.dir));
    for (const table of Object.values(REMOTE_TABLES)) expect(endpointsOf(table).length).toBeGreaterThan(0);
  });

  it('the same provider call is declared by more than one remote (the register driver) and they agree', () => {
    const driverCall = declarations().filter(({ endpoint }) => callKey(endpoint) === 'register GET api/1.0/driver/:');
    // Declared by several remotes of apps.json, each under its own name.
    const owners = driverCall.map(({ owner }) => owner);
    expect(owners.length).toBeGreaterThan(1);
    expect(owners.map((owner) => owner.split(' ')[0]).every((dir) => REMOTES.some((remote) => remote.dir === dir))).toBe(true);
    expect(new Set(owners).size).toBe(owners.length);
    expect(disagreements(declarations(), callKey)).toEqual([]);
  });

  it('two declarations of one call that disagree on a field are reported', () => {
    const first = defineEndpoint('register', 'GET', 'api/1.0/driver/:guid', { answer: v.object({ response: driver }) });
    const second = defineEndpoint('register', 'GET', 'api/1.0/driver/:id', {
      answer: v.object({ response: v.object({ id: v.number(), name: v.nullable(v.string()) }) }),
    });
    const reading = defineEndpoint('register', 'GET', 'api/1.0/driver/:id', {
      answer: v.object({ response: v.object({ id: v.string() }) }),
    });
    expect(
      disagreements(
        [
          { owner: 'a', endpoint: first },
          { owner: 'b', endpoint: second },
          { owner: 'c', endpoint: reading },
        ],
        callKey,
      ),
    ).toEqual([
      'a / b: answer $.response.id: string vs number',
      'a / b: answer $.response.name: string vs string nullable',
      'b / c: answer $.response.id: number vs string',
    ]);
  });

  it('a handler answering off its declaration answers 500 instead of teaching a screen a wrong shape', async () => {
    const endpoint = defineEndpoint('register', 'GET', 'api/1.0/driver/:guid', { answer: v.object({ response: driver }) });
    const spy = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const checked = checkedAgainst(
      route(endpoint, () => ok({ response: { id: 7 } } as never)),
      [{ owner: 'mfe-x register.driver', endpoint }],
    );
    const reply = await checked.handle(request());
    expect(reply.status).toBe(500);
    expect(JSON.stringify(reply.body)).toContain('mfe-x register.driver');
    expect(spy).toHaveBeenCalled();
    spy.mockRestore();
  });

  it('a body a declaration rejects is answered 400 in the service error style, and the handler does not run', async () => {
    const endpoint = defineEndpoint('register', 'POST', 'api/1.0/driver', {
      answer: v.object({ driverId: v.string() }),
      body: v.object({ name: v.pipe(v.string(), v.minLength(1)) }),
    });
    const handler = jest.fn(() => ok({ driverId: 'd1' }));
    const checked = checkedAgainst(route(endpoint, handler), [{ owner: 'mfe-x register.create', endpoint }]);
    const rejected = await checked.handle(request({ name: '' }));
    expect(rejected.status).toBe(400);
    expect(rejected.body).toMatchObject({ validations: [{ message: expect.stringContaining('name') }] });
    expect(handler).not.toHaveBeenCalled();
    expect(await checked.handle(request({ name: 'Ana' }))).toEqual({ status: 200, body: { driverId: 'd1' } });
  });
});
