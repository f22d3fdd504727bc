import { waitFor } from '@testing-library/react';
import * as v from 'valibot';
import { defineEndpoint } from '@driver-portal/shared/contract';
import { setSessionValue } from '@driver-portal/shared/session';
import { mockJson, recordRequests, TEST_TOKEN } from '@driver-portal/shared/test-utils';
import { callApi, serviceClient } from '.';
import { nfcBody } from './normalize';

/**
 * Issue 44, kind 4: the request layer's last guard. Whatever built a body (a form, a draft saved
 * before the fields gave NFC, a list kept in storage), what goes on the wire is in NFC.
 */

const NFD_NAME = 'Joa\u0303o Conceic\u0327a\u0303o';
const NFC_NAME = 'Jo\u00e3o Concei\u00e7\u00e3o';

interface DriverBody {
  name: string;
  policies: number[];
  owner: { name: string; address: { street: string; city: string }; phones: string[] };
  drivers: Array<{ name: string; cpf: string }>;
  accepted: boolean;
  note: string | null;
}

const api = {
  createDriver: defineEndpoint('register', 'POST', 'api/1.0/driver', { answer: v.object({ driverId: v.string() }), body: v.unknown() }),
  changePassword: defineEndpoint('core', 'PUT', 'Taxista/AlterarSenha', { answer: v.object({ Message: v.optional(v.string()) }) }),
} as const;

beforeEach(() => setSessionValue('token', TEST_TOKEN));

describe('what the request layer sends is in NFC', () => {
  it('every string of a nested JSON body: fields, objects in objects, arrays of objects and of strings', async () => {
    const requests = recordRequests();
    mockJson(api.createDriver, { driverId: 'd-1' });
    const body: DriverBody = {
      name: NFD_NAME,
      policies: [1, 2],
      owner: {
        name: 'Jose\u0301 Ara\u0301ujo',
        address: { street: 'Rua Sa\u0303o Joa\u0303o', city: 'Sa\u0303o Paulo' },
        phones: ['Ma\u0303e'],
      },
      drivers: [{ name: 'A\u0302ngela', cpf: '39053344705' }],
      accepted: true,
      note: null,
    };
    await callApi(api.createDriver, { body });
    await waitFor(() =>
      expect(requests[0]?.body).toEqual({
        name: NFC_NAME,
        policies: [1, 2],
        owner: {
          name: 'Jos\u00e9 Ar\u00e1ujo',
          address: { street: 'Rua S\u00e3o Jo\u00e3o', city: 'S\u00e3o Paulo' },
          phones: ['M\u00e3e'],
        },
        drivers: [{ name: '\u00c2ngela', cpf: '39053344705' }],
        accepted: true,
        note: null,
      }),
    );
    // The caller's object is not changed: a form's values or a kept list stay as they were.
    expect(body.name).toBe(NFD_NAME);
    expect(body.owner.address.city).toBe('Sa\u0303o Paulo');
  });

  it('the same client path serves uploads (serviceClient.request): its JSON body is guarded as well', async () => {
    const requests = recordRequests();
    mockJson(api.createDriver, { driverId: 'd-1' });
    await serviceClient('register').request({ method: 'POST', url: 'api/1.0/driver', data: { content: 'aGVsbG8=', name: NFD_NAME } });
    await waitFor(() => expect(requests[0]?.body).toEqual({ content: 'aGVsbG8=', name: NFC_NAME }));
  });
});

describe('nfcBody', () => {
  it('gives back the very same text when it is NFC already (no copy of a large body)', () => {
    const json = JSON.stringify({ Front: 'A'.repeat(1_000_000), name: 'Jo\u00e3o', list: [{ city: 'S\u00e3o Paulo' }], count: 3 });
    expect(nfcBody(json)).toBe(json);
  });

  it('leaves FormData, files and binary bodies as they are', () => {
    const form = new FormData();
    form.append('name', NFD_NAME);
    const file = new Blob([NFD_NAME], { type: 'text/plain' });
    const bytes = new TextEncoder().encode(NFD_NAME);
    const search = new URLSearchParams({ name: NFD_NAME });
    for (const value of [form, file, bytes, bytes.buffer, search, undefined, null]) expect(nfcBody(value)).toBe(value);
    expect(form.get('name')).toBe(NFD_NAME);
  });

  it("puts composed characters together wherever they sit in the JSON's strings, and leaves its structure as it was", () => {
    const json = JSON.stringify({ a: 'e\u0301', b: '\u0301e', c: 'Ol\u00e1 \u{1F44B}', d: ['A\u030a', 'x\\\u0301', '"\u0301'] });
    expect(JSON.parse(nfcBody(json) as string)).toEqual({
      a: '\u00e9',
      b: '\u0301e',
      c: 'Ol\u00e1 \u{1F44B}',
      d: ['\u00c5', 'x\\\u0301', '"\u0301'],
    });
  });

  it('never NFKC: ª, º, ½ and ﬁ stay as written ("1ª via", "Nº")', () => {
    const json = JSON.stringify({ via: '1\u00aa via', number: 'N\u00ba 12', half: '\u00bd', ligature: '\ufb01m' });
    expect(nfcBody(json)).toBe(json);
  });
});
