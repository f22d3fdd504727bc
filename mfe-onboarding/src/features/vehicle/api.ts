import { ApiError, callApi } from '@driver-portal/shared/http';
import { api, type VehicleBody, type VehicleReadBack } from '../../contract';

export const fetchBrands = (signal: AbortSignal) => callApi(api.register.carBrands, { signal });

export async function fetchModels(brandId: string, signal: AbortSignal) {
  const { carModels } = await callApi(api.register.carModels, { params: { brandId }, signal });
  return carModels;
}

/** The modality's vehicle sent before, or undefined while it has none (the service answers 404). */
export async function fetchVehicle(id: string, modalityType: string, signal: AbortSignal): Promise<VehicleReadBack | undefined> {
  try {
    const { response } = await callApi(api.register.modalityVehicle, { params: { id, m: modalityType }, signal });
    return response.vehicle;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return undefined;
    throw error;
  }
}

/** Sends the vehicle: overlay while it runs, the catalogue alert (the 400 list) if it fails. */
export const saveVehicle = (id: string, vehicle: VehicleBody) =>
  callApi(api.register.saveVehicle, { params: { id }, body: vehicle, overlay: true, alertOnError: true });
