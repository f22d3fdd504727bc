export { INSURANCE_OFFER } from '../../offer';

/**
 * 24-hour assistance phone numbers. The specification does not give them ("phone numbers for
 * capital and other regions"): these are the insurer's published numbers, to be confirmed by
 * the provider before going live.
 */
export const ASSISTANCE_PHONE_CAPITALS = '4004 4935';
export const ASSISTANCE_PHONE_OTHER_REGIONS = '0800 727 4935';

/** Where "Contratar" leads: the disclaimer that opens the contract wizard. */
export const CONTRACT_START_PATH = '/car-insurance/disclaimer';

export const SUCCESS_TEXTS = {
  renew: 'Pedido de renovação enviado com sucesso.',
  cancel: 'Pedido de cancelamento enviado com sucesso.',
} as const;

export const PROCESSING_TEXT = 'Sua contratação está sendo processada. Em breve você receberá o número da sua apólice.';

/** The title of the alert that says so (ours). */
export const PROCESSING_TITLE = 'Contratação em processamento';

/** The contract details of a driver with no policy (ours). */
export const NO_CONTRACT_TEXT = 'Você ainda não tem um seguro auto contratado.';

/** The home right after a cancellation the insurer accepted, read again (ours). */
export const NO_ACTIVE_POLICY_TEXT = 'Você não tem mais um seguro ativo.';
