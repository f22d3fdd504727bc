import { useEffect, useRef } from 'react';
import { useParams } from 'react-router';
import { useLoad } from '@driver-portal/shared/data';
import { showSuccess } from '@driver-portal/shared/events';
import { HOME_PATH } from '@driver-portal/shared/links';
import { adoptDriverId } from '@driver-portal/shared/session';
import { LoadView, Page } from '@driver-portal/shared/ui';
import { justContractedDriverId } from '../../session';
import { fetchActivePolicy } from './api';
import { now } from './clock';
import { PROCESSING_TEXT, PROCESSING_TITLE } from './constants';
import { checkEligibility } from '../../eligibility';
import { NotEligible } from '../../EligibilityGate';
import type { InsurancePolicy } from '../../contract';
import { InsuranceOffer } from './InsuranceOffer';
import { PolicyDetails } from './PolicyDetails';
import { summarizePolicy } from './policy';
import './car-insurance.css';

/**
 * The offer, only to a driver who can contract (docs/product-rules.md, "Insurance and card"): a
 * driver without a registered taxi or whose registration is not found reads why instead.
 */
function OfferIfEligible({ driverId, policy }: { driverId: string; policy: InsurancePolicy }) {
  const load = useLoad((signal) => checkEligibility(driverId, signal, policy), [driverId, policy]);
  return (
    <LoadView {...load}>
      {(result) =>
        result.status === 'no-vehicle' || result.status === 'no-driver' ? <NotEligible status={result.status} /> : <InsuranceOffer />
      }
    </LoadView>
  );
}

/**
 * /car-insurance/init/:driverId — the offer when the driver has no active policy, otherwise the
 * policy's details with a renew (expired) or cancel button (docs/product-rules.md, "Insurance and card").
 */
export function InsuranceHomePage() {
  const { driverId = '' } = useParams();
  // The wizard's paths carry no driver id: the contract is for the driver of this home, who
  // becomes the session's (a driver other than the session's drops the previous one's values).
  useEffect(() => adoptDriverId(driverId), [driverId]);
  // The time is taken with the answer: renew or cancel is decided for the policy as loaded.
  const load = useLoad((signal) => fetchActivePolicy(driverId, signal).then((policy) => ({ policy, checkedAt: now() })), [driverId]);

  // A policy without a number: an alert says the request is being processed (docs/product-rules.md,
  // "Insurance and card"), once per visit; not right after the contract's own success alert.
  const alerted = useRef(false);
  const loaded = load.state.status === 'success' ? load.state.data : undefined;
  useEffect(() => {
    if (!loaded || alerted.current) return;
    alerted.current = true;
    if (!loaded.policy.active || !summarizePolicy(loaded.policy, loaded.checkedAt).processing) return;
    if (justContractedDriverId.get() === driverId) {
      justContractedDriverId.set(undefined);
      return;
    }
    showSuccess(PROCESSING_TITLE, { message: PROCESSING_TEXT });
  }, [loaded, driverId]);

  return (
    <Page title="Seguro auto" backTo={HOME_PATH}>
      <LoadView {...load}>
        {({ policy, checkedAt }) =>
          policy.active ? (
            <PolicyDetails policy={policy} now={checkedAt} driverId={driverId} />
          ) : (
            <OfferIfEligible driverId={driverId} policy={policy} />
          )
        }
      </LoadView>
    </Page>
  );
}
