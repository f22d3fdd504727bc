import { portalPath } from '@driver-portal/shared/links';

/**
 * The insurance offer's business constants (docs/product-rules.md, "Insurance and card"), for the
 * home's offer and the contract's terms. Amounts are numbers in reais, formatted for display with
 * `formatBRL` (docs/product-rules.md, "Formats").
 */
export const INSURANCE_OFFER = {
  /** The insurer named in the contract success text (docs/product-rules.md, "Errors"). */
  insurer: 'SulAmérica',
  /** Third-party cover only. */
  coverType: 'terceiros',
  annualPrice: 1614,
  loyaltyMonths: 6,
  instalments: 12,
  firstInstalment: 134.5,
  /** The first instalment is debited within this many days. */
  firstInstalmentDebitDays: 10,
  coverage: {
    materialAndBodilyDamage: 50_000,
    moralDamage: 50_000,
    /** Passenger personal accident, total for all passengers. */
    passengerAccidentTotal: 100_000,
  },
  towingKm: 400,
} as const;

/** The insurance home of a driver. */
export const insuranceHomePath = (driverId: string) => portalPath('/car-insurance/init/:driverId', { driverId });
