import { callApi } from '@driver-portal/shared/http';
import { api, type InsuranceRequest } from '../../contract';
import { TAXI_MODALITY } from '../../eligibility';

/** The registered driver: name and CPF fill the owner when the driver owns the vehicle. */
export const fetchDriver = (driverId: string) =>
  callApi(api.register.driver, { params: { guid: driverId }, overlay: true, alertOnError: true }).then(({ response }) => response);

/** The vehicle the request insures. */
export const fetchVehicle = (driverId: string) =>
  callApi(api.register.vehicle, { params: { id: driverId, m: TAXI_MODALITY }, overlay: true, alertOnError: true }).then(
    ({ response }) => response.vehicle,
  );

/** The contract. Failures are told by the terms screen (a 400 shows its first validation message). */
export const sendContract = (body: InsuranceRequest) => callApi(api.insurance.contract, { body, overlay: true });
