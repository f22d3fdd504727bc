/**
 * Fixed identities of the sandbox. Tests, end-to-end suites and developers log in with these,
 * so they are exported and listed in the README.
 */

/** The demo driver's token (`Authorization: Bearer demo-token`). */
export const DEMO_TOKEN = 'demo-token';

/**
 * The sandbox's tokens of every other driver: `driver-token-<driverId>` belongs to that driver
 * (a driver created during a test included). Tests open a driver's screens with that driver's
 * token, as the native app does; the portal's driver-data proxy refuses it for another driver's
 * data (docs/security.md). The provider's tokens are opaque: only the sandbox can read them.
 */
export const DRIVER_TOKEN_PREFIX = 'driver-token-';

/** The token the sandbox gives a driver (the demo driver's is DEMO_TOKEN). */
export function driverToken(driverId: string): string {
  return driverId === DEMO_DRIVER_ID ? DEMO_TOKEN : `${DRIVER_TOKEN_PREFIX}${driverId}`;
}

/** The demo driver: registered, with a statement, an inbox and no insurance (the offer shows). */
export const DEMO_DRIVER_ID = '3f6c2d1e-8a4b-4c9d-9e2f-1a2b3c4d5e6f';

export const DEMO_DRIVER = {
  id: DEMO_DRIVER_ID,
  name: 'Maria Aparecida dos Santos',
  cpf: '52998224725',
  email: 'maria.santos@example.com',
  mobile: '11987654321',
} as const;

/** The demo driver's password before any change (core Taxista/AlterarSenha). */
export const DEMO_PASSWORD = 'abc12345';

/** A driver half-way through onboarding: known by mobile, without the "sent for analysis" state. */
export const ONBOARDING_DRIVER = {
  id: '7b1e4c2a-5d3f-4e6a-9b8c-0d1e2f3a4b5c',
  name: 'João Batista Ferreira',
  cpf: '11144477735',
  email: 'joao.ferreira@example.com',
  mobile: '11912345678',
} as const;

/** Driver state type meaning "sent for analysis": onboarding routes such a driver to next-steps. */
export const SENT_FOR_ANALYSIS_STATE = 9;

/**
 * The driver state types the sandbox appends as the onboarding advances (the documents name only
 * 9; the others are the sandbox's, and the portal reads none of them but 9).
 */
export const ONBOARDING_STATES = {
  accountCreated: 1,
  mobileConfirmed: 3,
  modalityChosen: 4,
  predicatesAnswered: 5,
  addressGiven: 6,
  sentForAnalysis: SENT_FOR_ANALYSIS_STATE,
} as const;

/** The SMS verification code the sandbox always expects. */
export const SMS_CODE = '123456';

/** Drivers whose insurance answers cover the three policy screens besides the offer. */
export const INSURANCE_DRIVERS = {
  /** Active policy with a number, expiring one year from now: details and a cancel button. */
  active: '00000000-0000-4000-8000-000000000001',
  /** Active but without a policy number: "being processed" alert. */
  processing: '00000000-0000-4000-8000-000000000002',
  /** Expiration date in the past: a renew button. */
  expired: '00000000-0000-4000-8000-000000000003',
} as const;

/** An eula-service token whose driver has accepted every policy: the pending list is empty. */
export const EULA_UP_TO_DATE_TOKEN = 'eula-up-to-date';

/**
 * The statement service's basic credential (`user:password`) when STATEMENT_BASIC_AUTH is not
 * set. It lives only on the server side: the proxy adds it, browsers never see it.
 */
export const DEFAULT_STATEMENT_BASIC_AUTH = 'portal:sandbox-secret';

/**
 * Names the caller's namespace: its own state, created from the seed on first use, so tests can
 * run side by side. Without it: the default namespace (`npm start`, the demo).
 */
export const NAMESPACE_HEADER = 'X-Sandbox-Namespace';

/** A driver who has already asked for a card (stage "Em fabricação"): the card flow opens on its status. */
export const CARD_REQUESTED_DRIVER_ID = '00000000-0000-4000-8000-000000000004';
/** The demo driver's taxi (modality 0): my account lists it, its attributes are saved per vehicle id. */
export const DEMO_VEHICLE = {
  id: '5a0f2c9e-1b7d-4e3a-8c6f-2d4b6a8c0e1f',
  plate: 'FTX3B21',
  brand: 'Chevrolet',
  model: 'Spin LTZ 1.8',
} as const;
