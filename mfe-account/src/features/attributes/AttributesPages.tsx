import { useCallback } from 'react';
import { useParams } from 'react-router';
import { useLoad } from '@driver-portal/shared/data';
import { LoadView, Page } from '@driver-portal/shared/ui';
import type { Predicate } from '../../contract';
import { accountPaths } from '../../paths';
import {
  fetchLanguages,
  fetchVehicleAttributes,
  LANGUAGE_ATTRIBUTES,
  saveLanguages,
  saveVehicleAttributes,
  VEHICLE_ATTRIBUTES,
} from './api';
import { AttributeToggles } from './AttributeToggles';
import './attributes.css';

/** /my-account/car-predicates/:driverId/:modalityId/:vehicleId — what the vehicle offers passengers. */
export function CarPredicatesPage() {
  const { driverId = '', modalityId = '', vehicleId = '' } = useParams();
  const load = useLoad(
    (signal) => fetchVehicleAttributes({ guid: driverId, modalityId, vehicleId }, signal),
    [driverId, modalityId, vehicleId],
  );
  const save = useCallback(
    (predicates: Predicate[]) => saveVehicleAttributes({ guid: driverId, modalityId, vehicleId }, predicates),
    [driverId, modalityId, vehicleId],
  );
  return (
    <Page title="Detalhes do veículo" backTo={accountPaths.myAccount(driverId)}>
      <p>Conte aos passageiros o que o seu veículo oferece. Cada alteração é salva na hora.</p>
      <LoadView {...load} loadingLabel="Carregando os detalhes do veículo...">
        {(saved) => <AttributeToggles list={VEHICLE_ATTRIBUTES} saved={saved} save={save} label="O que o veículo oferece" />}
      </LoadView>
    </Page>
  );
}

/** /my-account/driver-predicates/:driverId — the languages the driver speaks. */
export function DriverPredicatesPage() {
  const { driverId = '' } = useParams();
  const load = useLoad((signal) => fetchLanguages(driverId, signal), [driverId]);
  const save = useCallback((predicates: Predicate[]) => saveLanguages(driverId, predicates), [driverId]);
  return (
    <Page title="Detalhes do perfil" backTo={accountPaths.myAccount(driverId)}>
      <p>Marque os idiomas em que você atende os passageiros. Cada alteração é salva na hora.</p>
      <LoadView {...load} loadingLabel="Carregando os idiomas...">
        {(saved) => <AttributeToggles list={LANGUAGE_ATTRIBUTES} saved={saved} save={save} label="Idiomas que você fala" />}
      </LoadView>
    </Page>
  );
}
