import { useParams } from 'react-router';
import { useLoad } from '@driver-portal/shared/data';
import { HOME_PATH } from '@driver-portal/shared/links';
import { LoadView, Page } from '@driver-portal/shared/ui';
import { fetchActivePolicy } from './api';
import { now } from './clock';
import { InsuranceOffer } from './InsuranceOffer';
import { PolicyDetails } from './PolicyDetails';

/**
 * /car-insurance/init/:driverId — the offer when the driver has no active policy, otherwise the
 * policy's details with a renew (expired) or cancel button (docs/product-rules.md, "Insurance and card").
 */
export function InsuranceHomePage() {
  const { driverId = '' } = useParams();
  // The time is taken with the answer: renew or cancel is decided for the policy as loaded.
  const load = useLoad((signal) => fetchActivePolicy(driverId, signal).then((policy) => ({ policy, checkedAt: now() })), [driverId]);
  return (
    <Page title="Seguro auto" backTo={HOME_PATH}>
      <LoadView {...load}>
        {({ policy, checkedAt }) => (policy.active ? <PolicyDetails policy={policy} now={checkedAt} /> : <InsuranceOffer />)}
      </LoadView>
    </Page>
  );
}
