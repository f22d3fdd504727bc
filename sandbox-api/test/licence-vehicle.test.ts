import { onboarding } from '../src/contracts';
import { DEMO_DRIVER_ID, ONBOARDING_DRIVER } from '../src/constants';
import { call, startSandboxForFile } from './helpers';
import { LICENCE, VEHICLE } from './onboarding-bodies';

const sandbox = startSandboxForFile();
const api = onboarding.register;
const id = ONBOARDING_DRIVER.id;
const json = (body: unknown) => ({ headers: { 'Content-Type': 'application/json' }, body: JSON.stringify(body) });

const hook = (path: string) => fetch(`${sandbox.baseUrl}/__sandbox/onboarding/documents/${path}`, { method: 'POST' });

describe('licence, vehicle and document review calls of the register service', () => {
  it('keeps the licence and reads back its number, emission date and state with the driver name and CPF', async () => {
    expect((await call(sandbox, api.license, { params: { id } })).body).toEqual({ driverLicense: null });
    expect((await call(sandbox, api.saveLicense, { params: { id }, ...json(LICENCE) })).status).toBe(200);
    const read = await call(sandbox, api.license, { params: { id } });
    expect(read.body).toEqual({
      driverLicense: {
        emissionDate: '2025-01-31',
        documentNumber: '123456789',
        emissionState: 'SP',
        name: ONBOARDING_DRIVER.name,
        cpf: ONBOARDING_DRIVER.cpf,
      },
    });
  });

  it('refuses an empty field, a date that is no day, an unknown state and a category not offered', async () => {
    const empty = await call(sandbox, api.saveLicense, {
      params: { id },
      ...json({ ...LICENCE, MotherName: ' ', BirthDate: '1980-02-30', EmissionState: 'XX' }),
    });
    expect(empty).toMatchObject({
      status: 400,
      body: {
        validations: [
          { field: 'BirthDate', message: 'Data de nascimento: data inválida.' },
          { field: 'MotherName', message: 'Nome da mãe é obrigatório.' },
          { field: 'EmissionState', message: 'UF de emissão: estado inválido.' },
        ],
      },
    });
    // "AB" is how the CNH prints it; the contract's value is "A/B" (docs/decisions/0016).
    expect((await call(sandbox, api.saveLicense, { params: { id }, ...json({ ...LICENCE, Category: 'AB' }) })).status).toBe(400);
    expect((await call(sandbox, api.saveLicense, { params: { id: 'unknown' }, ...json(LICENCE) })).status).toBe(404);
  });

  it('keeps a licence of every category a CNH prints, category E included', async () => {
    for (const Category of ['A', 'E', 'A/E', 'A/B']) {
      expect((await call(sandbox, api.saveLicense, { params: { id }, ...json({ ...LICENCE, Category }) })).status).toBe(200);
    }
  });

  it('refuses a Nº de registro whose check digits do not hold, with its validation list', async () => {
    for (const RegisterNumber of ['01234567890', '01234567808', '0123456780', '012.345.678-07']) {
      const refused = await call(sandbox, api.saveLicense, { params: { id }, ...json({ ...LICENCE, RegisterNumber }) });
      expect(refused).toMatchObject({
        status: 400,
        body: { validations: [{ field: 'RegisterNumber', message: 'Número de registro da CNH inválido.' }] },
      });
    }
  });

  it('refuses the issue’s RENAVAM (12345678901: its check digit is 0) and a chassis with an O; keeps the corrected one', async () => {
    const bad = await call(sandbox, api.saveVehicle, {
      params: { id },
      ...json({ ...VEHICLE, Renavam: '12345678901', Chassis: '9BWZZZ377VTO04251' }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      validations: [
        { field: 'Renavam', message: 'RENAVAM inválido.' },
        { field: 'Chassis', message: 'Chassi inválido.' },
      ],
    });
    expect((await call(sandbox, api.saveVehicle, { params: { id }, ...json({ ...VEHICLE, Renavam: '12345678900' }) })).status).toBe(200);
    // The old 9-digit form of a RENAVAM is still one.
    expect((await call(sandbox, api.saveVehicle, { params: { id }, ...json({ ...VEHICLE, Renavam: '639884962' }) })).status).toBe(200);
  });

  it('lists brands, then the brand models; keeps the vehicle and reads it back as the modality vehicle', async () => {
    const brands = await call(sandbox, api.carBrands, {});
    expect(brands.body).toContainEqual({ id: 1, name: 'Chevrolet' });
    const models = await call(sandbox, api.carModels, { params: { brandId: 1 } });
    expect(models.body.carModels).toContainEqual({ id: 101, model: 'Onix 1.0' });
    expect((await call(sandbox, api.carModels, { params: { brandId: 99 } })).status).toBe(404);

    expect((await call(sandbox, api.modalityVehicle, { params: { id, m: 0 } })).status).toBe(404);
    expect((await call(sandbox, api.saveVehicle, { params: { id }, ...json(VEHICLE) })).status).toBe(200);
    const read = await call(sandbox, api.modalityVehicle, { params: { id, m: 0 } });
    expect(read.body.response.vehicle).toMatchObject({
      plate: 'ABC1D23',
      renavam: '12345678900',
      brandId: 1,
      modelId: 101,
      manufactureYear: 2022,
    });
  });

  it('refuses a model of another brand, a bad plate, a bad owner document and a year out of range', async () => {
    const bad = await call(sandbox, api.saveVehicle, {
      params: { id },
      ...json({ ...VEHICLE, Model: 201, Plate: 'AB-123', OwnerDocument: '11111111111', ManufactureYear: 1900 }),
    });
    expect(bad.status).toBe(400);
    expect(bad.body).toEqual({
      validations: [
        { field: 'Plate', message: 'Placa inválida.' },
        { field: 'ManufactureYear', message: 'Ano de fabricação: ano inválido.' },
        { field: 'Model', message: 'Modelo desconhecido para esta marca.' },
        { field: 'OwnerDocument', message: 'CPF ou CNPJ do proprietário inválido.' },
      ],
    });
    const shape = await call(sandbox, api.saveVehicle, { params: { id }, ...json({ ...VEHICLE, Brand: 'Chevrolet' }) });
    expect(shape.status).toBe(400);
  });

  it('documents move through the sandbox hook; send-queue-workflow sends the driver for analysis', async () => {
    expect((await call(sandbox, api.modalityWorkflow, { params: { id: DEMO_DRIVER_ID } })).body).toEqual({ modalityId: 0 });
    expect((await hook(`${id}/0/created`)).status).toBe(200);
    expect((await hook(`${id}/1/approved`)).status).toBe(200);
    expect((await hook(`${id}/2/rejected/3`)).status).toBe(200);
    expect((await hook(`${id}/2/rejected`)).status).toBe(400);
    const documents = await call(sandbox, api.modalityDocuments, { params: { guid: id, modalityType: 0 } });
    const byType = Object.fromEntries(documents.body.documents.map(({ response }) => [response.documentType, response]));
    expect(byType[0]).toMatchObject({ approvedAt: null, rejectedAt: null });
    expect(byType[0]?.createdAt).toEqual(expect.any(String));
    expect(byType[1]?.approvedAt).toEqual(expect.any(String));
    expect(byType[2]).toMatchObject({ approvedAt: null, rejectedReasonId: 3 });

    // A rejected document holds the review back until it is sent again.
    const send = () => call(sandbox, api.sendToReview, { params: { guid: id, modalityType: 0 } });
    expect((await send()).status).toBe(400);
    for (const type of [2, 3, 4, 5]) expect((await hook(`${id}/${type}/created`)).status).toBe(200);
    // Every document there: the licence and vehicle data still hold it back, each named.
    expect(await send()).toMatchObject({
      status: 400,
      body: { validations: [{ field: 'data', message: 'Preencha antes: dados da CNH, dados do veículo.' }] },
    });
    expect((await call(sandbox, api.saveLicense, { params: { id }, ...json(LICENCE) })).status).toBe(200);
    expect(await send()).toMatchObject({ status: 400, body: { validations: [{ message: 'Preencha antes: dados do veículo.' }] } });
    // A vehicle of the other modality is not this one's.
    expect((await call(sandbox, api.saveVehicle, { params: { id }, ...json({ ...VEHICLE, ModalityType: 1 }) })).status).toBe(200);
    expect((await send()).status).toBe(400);
    expect((await call(sandbox, api.saveVehicle, { params: { id }, ...json(VEHICLE) })).status).toBe(200);
    expect((await send()).status).toBe(200);
    const { body } = await call(sandbox, api.driverStates, { params: { guid: id } });
    expect(body.states.map((state) => state.response.driverStateType)).toContain(9);
  });
});
