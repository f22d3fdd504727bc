import { getSessionValue, sessionValue } from '@driver-portal/shared/session';

/**
 * The driver whose account is open: my account (`/my-account/init/:driverId`) keeps its route's
 * id, so the screens without an id in their path (change e-mail, mobile, password, modality)
 * know whose account they change even when the native app opened my account without a
 * `driverId` query parameter.
 */
export const accountDriverId = sessionValue('accountDriverId');

/**
 * The change-document flag (docs/product-rules.md, "Session values"): set when the driver opens
 * a document's capture screen from change documents or change modality, so the onboarding
 * capture flow comes back to my account instead of going on with the registration.
 */
export const changeDocumentFlag = sessionValue('changeDocument');

/** The affiliation chosen on the affiliation screen: sample data, kept only in this session. */
export const sampleAffiliation = sessionValue('affiliation');

/** The driver id held for the account screens: my account's, else the platform's. */
export function knownDriverId(): string | undefined {
  return accountDriverId.get() ?? getSessionValue('driverId');
}
