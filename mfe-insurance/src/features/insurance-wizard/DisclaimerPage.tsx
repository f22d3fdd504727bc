import { HOME_PATH } from '@driver-portal/shared/links';
import { Navigate } from 'react-router';
import { ButtonLink, Card, Page } from '@driver-portal/shared/ui';
import { INSURANCE_OFFER, insuranceHomePath } from '../../offer';
import { contractFinished, currentDriverId } from '../../session';
import { EligibilityGate } from '../../EligibilityGate';
import { MAX_ADDITIONAL_DRIVERS, STEP_PATH } from './wizard';
import { STEP_TITLES } from './texts';
import './wizard.css';

/**
 * /car-insurance/disclaimer: what the contract covers and what the driver needs at hand (texts
 * ours), once the driver is known to be able to contract (a taxi registered, the registration
 * found, no active policy: a driver with one is led to it).
 */
export function DisclaimerPage() {
  const driverId = currentDriverId();
  if (driverId && contractFinished.get() === 'yes') return <Navigate to={insuranceHomePath(driverId)} replace />;
  return (
    <Page title={STEP_TITLES.disclaimer} backTo={driverId ? insuranceHomePath(driverId) : HOME_PATH}>
      {driverId ? (
        <EligibilityGate driverId={driverId} always>
          {() => <Disclaimer />}
        </EligibilityGate>
      ) : (
        <Disclaimer />
      )}
    </Page>
  );
}

function Disclaimer() {
  return (
    <>
      <Card title="O que o seguro cobre">
        <p>
          O seguro auto {INSURANCE_OFFER.insurer} para taxistas cobre danos que o seu táxi causar a outras pessoas e veículos (terceiros),
          além de assistência 24 horas com guincho.
        </p>
      </Card>
      <Card title="Tenha em mãos">
        <ul className="terms-list">
          <li>o seu RG: número, estado emissor e data de emissão;</li>
          <li>os dados da conta bancária em que as parcelas serão debitadas;</li>
          <li>o nome e o CPF do proprietário do veículo, se não for você;</li>
          <li>nome, data de nascimento e CPF de até {MAX_ADDITIONAL_DRIVERS} condutores adicionais, se houver.</li>
        </ul>
        <p>Os dados do veículo vêm do seu cadastro.</p>
      </Card>
      <ButtonLink to={STEP_PATH.complement} className="button-block">
        Continuar
      </ButtonLink>
    </>
  );
}
