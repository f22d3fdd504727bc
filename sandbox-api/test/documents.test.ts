import { onboarding } from '../src/contracts';
import { DEMO_DRIVER, ONBOARDING_DRIVER, ONBOARDING_STATES } from '../src/constants';
import { call, fetchJson, startSandboxForFile } from './helpers';
import { LICENCE, VEHICLE } from './onboarding-bodies';

const sandbox = startSandboxForFile();
const api = onboarding.register;
const guid = ONBOARDING_DRIVER.id;
const json = (body: unknown) => ({ headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });
/** A JPEG's first bytes in base64, padded to `bytes`. */
const jpeg = (bytes = 3000) => `/9j/${'A'.repeat(Math.ceil((bytes * 4) / 3) - 4)}`;
const pdf = `JVBERi0xLjQK${'A'.repeat(400)}`;

const statuses = async (modalityType = 0) => {
  const { body } = await call(sandbox, api.modalityDocuments, { params: { guid, modalityType } });
  return body.documents.map(({ response }) => ({
    type: response.documentType,
    created: response.createdAt !== null,
    rejectedReasonId: response.rejectedReasonId,
    approved: response.approvedAt !== null,
  }));
};
const states = async () => (await call(sandbox, api.driverStates, { params: { guid } })).body.states.map((s) => s.response.driverStateType);

async function uploadAll(modalityType = 0) {
  expect((await call(sandbox, api.uploadLicence, { params: { guid }, ...json({ Front: jpeg(), Back: jpeg() }) })).status).toBe(200);
  expect((await call(sandbox, api.uploadProofOfAddress, { params: { guid }, ...json({ content: jpeg() }) })).status).toBe(200);
  expect((await call(sandbox, api.uploadDriverDocument, { params: { guid, documentType: 2 }, ...json({ content: jpeg() }) })).status).toBe(
    200,
  );
  for (const documentType of modalityType === 0 ? [3, 5] : []) {
    const answer = await call(sandbox, api.uploadModalityDocument, {
      params: { guid, modalityType, documentType },
      ...json({ content: jpeg() }),
    });
    expect(answer.status).toBe(200);
  }
  const crlv = await call(sandbox, api.uploadModalityDocument, {
    params: { guid, modalityType, documentType: 4 },
    ...json({ content: pdf }),
  });
  expect(crlv.status).toBe(200);
}

describe('document calls of the register service', () => {
  it('an upload appears with createdAt, in the driver and modality lists; the proof of address reads back', async () => {
    expect(await statuses()).toEqual([]);
    expect((await call(sandbox, api.proofOfAddress, { params: { guid } })).body).toEqual({ response: null });
    await uploadAll();
    expect((await statuses()).map((item) => item.type).sort()).toEqual([0, 1, 2, 3, 4, 5]);
    expect((await statuses()).every((item) => item.created && !item.approved && item.rejectedReasonId === null)).toBe(true);
    const driverList = (await call(sandbox, api.driverDocuments, { params: { guid } })).body.documents.map((d) => d.response.documentType);
    expect(driverList.sort()).toEqual([0, 1, 2]);
    expect((await call(sandbox, api.proofOfAddress, { params: { guid } })).body.response).not.toBeNull();
  });

  it('serves both versions of the licence and vehicle uploads', async () => {
    expect((await call(sandbox, api.licencePhotoV1, { params: { guid }, ...json({ content: jpeg() }) })).status).toBe(200);
    expect((await call(sandbox, api.vehiclePhotoV1, { params: { guid }, ...json({ content: pdf }) })).status).toBe(200);
    expect((await call(sandbox, api.driverDocuments, { params: { guid } })).body.documents.map((d) => d.response.documentType)).toEqual([
      0, 4,
    ]);
  });

  it('refuses a body over the limit, an empty one, a non-PDF CRLV and a non-image photo, clearly', async () => {
    const big = await call(sandbox, api.uploadDriverDocument, {
      params: { guid, documentType: 2 },
      ...json({ content: jpeg(2 * 1024 * 1024 + 10) }),
    });
    expect(big).toMatchObject({
      status: 413,
      body: { validations: [{ message: 'Arquivo grande demais: o limite é de 2 MB por documento.' }] },
    });
    const empty = await call(sandbox, api.uploadDriverDocument, { params: { guid, documentType: 2 }, ...json({ content: '' }) });
    expect(empty.status).toBe(400);
    const crlv = await call(sandbox, api.uploadModalityDocument, {
      params: { guid, modalityType: 0, documentType: 4 },
      ...json({ content: jpeg() }),
    });
    expect(crlv).toMatchObject({ status: 400, body: { validations: [{ message: 'O CRLV deve ser enviado em PDF.' }] } });
    const photo = await call(sandbox, api.uploadDriverDocument, { params: { guid, documentType: 2 }, ...json({ content: pdf }) });
    expect(photo.status).toBe(400);
    expect(await statuses()).toEqual([]);
  });

  it('the sandbox review approves or rejects with a reason; a new upload restarts its review', async () => {
    await uploadAll();
    const approved = await fetchJson(`${sandbox.baseUrl}/__sandbox/documents/${guid}/2/approve`, { method: 'POST' });
    expect(approved.status).toBe(200);
    const rejected = await fetchJson(`${sandbox.baseUrl}/__sandbox/documents/${guid}/0/reject/5`, { method: 'POST' });
    expect(rejected.status).toBe(200);
    const list = await statuses();
    expect(list.find((item) => item.type === 2)).toMatchObject({ approved: true });
    expect(list.find((item) => item.type === 0)).toMatchObject({ approved: false, rejectedReasonId: 5 });
    expect((await fetchJson(`${sandbox.baseUrl}/__sandbox/documents/${guid}/6/approve`, { method: 'POST' })).status).toBe(404);
    await call(sandbox, api.uploadLicence, { params: { guid }, ...json({ Front: jpeg(), Back: jpeg() }) });
    expect((await statuses()).find((item) => item.type === 0)).toMatchObject({ created: true, rejectedReasonId: null });
  });

  it('a modality document the review hook rejected is replaced by its upload: no stale rejection stays', async () => {
    const hook = (path: string) => fetchJson(`${sandbox.baseUrl}/__sandbox/onboarding/documents/${guid}/${path}`, { method: 'POST' });
    expect((await hook('5/rejected/1')).status).toBe(200);
    const answer = await call(sandbox, api.uploadModalityDocument, {
      params: { guid, modalityType: 0, documentType: 5 },
      ...json({ content: jpeg() }),
    });
    expect(answer.status).toBe(200);
    expect((await statuses()).filter((item) => item.type === 5)).toEqual([
      { type: 5, created: true, rejectedReasonId: null, approved: false },
    ]);
  });

  it('send-queue-workflow needs every document of the modality and the licence and vehicle data, then gives state 9', async () => {
    const early = await call(sandbox, api.sendToReview, { params: { guid, modalityType: 0 } });
    expect(early.status).toBe(400);
    await uploadAll();
    const noData = await call(sandbox, api.sendToReview, { params: { guid, modalityType: 0 } });
    expect(noData).toMatchObject({ status: 400, body: { validations: [{ message: 'Preencha antes: dados da CNH, dados do veículo.' }] } });
    expect((await call(sandbox, api.saveLicense, { params: { id: guid }, ...json(LICENCE) })).status).toBe(200);
    expect((await call(sandbox, api.saveVehicle, { params: { id: guid }, ...json(VEHICLE) })).status).toBe(200);
    expect(await states()).not.toContain(ONBOARDING_STATES.sentForAnalysis);
    expect((await call(sandbox, api.sendToReview, { params: { guid, modalityType: 0 } })).status).toBe(200);
    expect(await states()).toContain(ONBOARDING_STATES.sentForAnalysis);
  });

  it("seeds the demo driver's documents under review in the one store: approved, waiting, the CRLV rejected for its age", async () => {
    const { body } = await call(sandbox, api.modalityDocuments, { params: { guid: DEMO_DRIVER.id, modalityType: 0 } });
    const status = ({ approvedAt, rejectedAt, createdAt, rejectedReasonId }: (typeof body.documents)[number]['response']) =>
      approvedAt ? 'approved' : rejectedAt ? `rejected ${rejectedReasonId}` : createdAt ? 'created' : 'none';
    expect(Object.fromEntries(body.documents.map(({ response }) => [response.documentType, status(response)]))).toEqual({
      0: 'approved',
      1: 'approved',
      2: 'created',
      3: 'created',
      4: 'rejected 10',
      5: 'approved',
    });
    // The review's hook moves a seeded document like an uploaded one.
    expect(
      (await fetchJson(`${sandbox.baseUrl}/__sandbox/onboarding/documents/${DEMO_DRIVER.id}/4/approved`, { method: 'POST' })).status,
    ).toBe(200);
    const after = await call(sandbox, api.modalityDocuments, { params: { guid: DEMO_DRIVER.id, modalityType: 0 } });
    expect(after.body.documents.filter(({ response }) => response.documentType === 4).map(({ response }) => status(response))).toEqual([
      'approved',
    ]);
    // Its licence and taxi are seeded too: with the CRLV no longer rejected, the review can be sent again.
    expect((await call(sandbox, api.sendToReview, { params: { guid: DEMO_DRIVER.id, modalityType: 0 } })).status).toBe(200);
  });

  it("keeps the demo driver's seeded photo for my account", async () => {
    const { body } = await call(sandbox, api.driverDocuments, { params: { guid: DEMO_DRIVER.id } });
    expect(body.documents.find((item) => item.response.documentType === 2)?.response.fileUrl).toMatch(
      /^http:\/\/localhost:\d+\/static\/selfie\.svg$/,
    );
  });
});
