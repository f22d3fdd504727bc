import { callApi } from '@driver-portal/shared/http';
import { api, type VehicleBody } from '../../contract';

export const fetchBrands = (signal: AbortSignal) => callApi(api.register.carBrands, { signal });

export async function fetchModels(brandId: string, signal: AbortSignal) {
  const { carModels } = await callApi(api.register.carModels, { params: { brandId }, signal });
  return carModels;
}

/** Sends the vehicle: overlay while it runs, the catalogue alert (the 400 list) if it fails. */
export const saveVehicle = (id: string, vehicle: VehicleBody) =>
  callApi(api.register.saveVehicle, { params: { id }, body: vehicle, overlay: true, alertOnError: true });
