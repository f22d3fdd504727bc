import { onlyDigits } from '@driver-portal/shared/format';
import { callApi } from '@driver-portal/shared/http';
import { api, PREDICATE_KEYS } from '../../contract';
import { registerPaths } from '../../paths';
import { registeredDriverGuid } from '../../session';

/** The driver state type "sent for analysis" (docs/product-rules.md, "Onboarding"). */
export const SENT_FOR_ANALYSIS = 9;

/**
 * Where /register/init/:phone leads (docs/product-rules.md, "Onboarding"): no driver with this
 * phone, create account (the stored driver id forgotten); a driver whose last state is 9, or who
 * has 9 among the states, next steps. Otherwise, better than the original (which always went to
 * the modality choice), the first step not done yet, read from the driver's own data rather than
 * from state numbers the documents do not define: the modality, then the two predicate answers,
 * then the address; with all three, the document checklist.
 */
export async function nextStepFor(phone: string, signal: AbortSignal): Promise<string> {
  const { response: driver } = await callApi(api.register.driverByMobile, { params: { phone: onlyDigits(phone) }, signal });
  if (!driver) {
    registeredDriverGuid.set(undefined);
    return registerPaths.createAccount(onlyDigits(phone));
  }
  const guid = driver.id;
  registeredDriverGuid.set(guid);
  const { states } = await callApi(api.register.driverStates, { params: { guid }, signal });
  const types = states.map((state) => state.response.driverStateType);
  if (types.at(-1) === SENT_FOR_ANALYSIS || types.includes(SENT_FOR_ANALYSIS)) return registerPaths.nextSteps();

  const { modalities } = await callApi(api.register.modalities, { params: { guid }, signal });
  // Delivery (2) is an enrolment beside the driving modality, not one.
  const modality = modalities.map((item) => item.response.modalityType).find((type) => type === 0 || type === 1);
  if (modality === undefined) return registerPaths.modality();

  const { predicates } = await callApi(api.register.predicates, { params: { guid, modalityType: modality }, signal });
  const answered = PREDICATE_KEYS.every((key) => predicates.some((item) => item.key === key && item.value !== ''));
  if (!answered) return registerPaths.predicates(modality);

  const { response: location } = await callApi(api.register.location, { params: { guid }, signal });
  if (!location) return registerPaths.address('new', modality);
  return registerPaths.uploadPicture(modality);
}
