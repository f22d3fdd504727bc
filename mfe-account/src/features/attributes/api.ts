import { callApi } from '@driver-portal/shared/http';
import { api, type Predicate } from '../../contract';

/** One attribute: its key, its label, and how the service spells yes and no for its list. */
export interface AttributeDefinition {
  key: string;
  label: string;
}

export interface AttributeList {
  definitions: readonly AttributeDefinition[];
  /** Vehicle attributes are "Yes"/"No", languages "yes"/"no" (docs/product-rules.md, "Entities"). */
  yes: string;
  no: string;
}

/** The five vehicle attributes, in the product's order. */
export const VEHICLE_ATTRIBUTES: AttributeList = {
  definitions: [
    { key: 'ACCESSIBLE_OR_ADAPTED_CAR', label: 'Carro acessível ou adaptado' },
    { key: 'BICICLE_SUPPORT', label: 'Suporte para bicicleta' },
    { key: 'ENTERTAINMENT_KIT', label: 'Kit de entretenimento para passageiros' },
    { key: 'SUSTAINABLE_FUEL', label: 'Combustível sustentável (gás ou elétrico)' },
    { key: 'ACRYLIC_PROTECTION', label: 'Proteção de acrílico' },
  ],
  yes: 'Yes',
  no: 'No',
};

/** The six languages. */
export const LANGUAGE_ATTRIBUTES: AttributeList = {
  definitions: [
    { key: 'SPEAK_IN_GERMAN', label: 'Alemão' },
    { key: 'SPEAK_IN_ESPANHOL', label: 'Espanhol' },
    { key: 'SPEAK_IN_FRENCH', label: 'Francês' },
    { key: 'SPEAK_IN_ENGLISH', label: 'Inglês' },
    { key: 'SPEAK_IN_ITALIAN', label: 'Italiano' },
    { key: 'SPEAK_IN_LIBRAS', label: 'Libras (Língua Brasileira de Sinais)' },
  ],
  yes: 'yes',
  no: 'no',
};

export interface VehicleRef {
  guid: string;
  modalityId: string;
  vehicleId: string;
}

/** GET register api/1.0/driver/:guid/modality/:modalityId/vehicle/:vehicleId. */
export const fetchVehicleAttributes = (vehicle: VehicleRef, signal: AbortSignal): Promise<Predicate[]> =>
  callApi(api.register.vehiclePredicates, { params: { ...vehicle }, signal }).then((answer) => answer.predicates);

/**
 * POST the same path with the driver's whole list (the seed's call carries "predicates
 * [{key,value}]", the list, and nothing says the service merges by key): a one-entry list could
 * leave a service that replaces the list with only that attribute.
 */
export const saveVehicleAttributes = (vehicle: VehicleRef, predicates: Predicate[]) =>
  callApi(api.register.saveVehiclePredicates, { params: { ...vehicle }, body: { predicates } });

/** GET register api/1.0/driver/driverPredicate/:guid. */
export const fetchLanguages = (guid: string, signal: AbortSignal): Promise<Predicate[]> =>
  callApi(api.register.driverPredicates, { params: { guid }, signal }).then((answer) => answer.predicates);

/** POST the same path with the driver's whole list of languages (as the vehicle's, above). */
export const saveLanguages = (guid: string, predicates: Predicate[]) =>
  callApi(api.register.saveDriverPredicates, { params: { guid }, body: { predicates } });
