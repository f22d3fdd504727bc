import { useParams } from 'react-router';
import { useLoad } from '@driver-portal/shared/data';
import { portalPath } from '@driver-portal/shared/links';
import { ButtonLink, LoadView, Page } from '@driver-portal/shared/ui';
import { fetchActivePolicy } from './api';
import { now } from './clock';
import { NO_CONTRACT_TEXT } from './constants';
import { PolicySummary } from './PolicyDetails';
import './car-insurance.css';

/**
 * /car-insurance/contract-details/:driverId — the contract's proposal, validity and best payment
 * day (docs/product-rules.md, "Insurance and card"); without a policy, the way to the offer.
 */
export function ContractDetailsPage() {
  const { driverId = '' } = useParams();
  const home = portalPath('/car-insurance/init/:driverId', { driverId });
  const load = useLoad((signal) => fetchActivePolicy(driverId, signal).then((policy) => ({ policy, checkedAt: now() })), [driverId]);
  return (
    <Page title="Detalhes do contrato" backTo={home}>
      <LoadView {...load}>
        {({ policy, checkedAt }) =>
          policy.active ? (
            <PolicySummary policy={policy} now={checkedAt} />
          ) : (
            <>
              <p className="card" role="status">
                {NO_CONTRACT_TEXT}
              </p>
              <ButtonLink to={home} className="button-block">
                Conhecer o seguro auto
              </ButtonLink>
            </>
          )
        }
      </LoadView>
    </Page>
  );
}
