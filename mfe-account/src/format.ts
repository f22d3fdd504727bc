import { NOT_INFORMED, onlyDigits } from '@driver-portal/shared/format';

/** A mobile as the mask shows it, `(11) 9.8765.4321`; anything else as it came. */
export function formatMobile(value: string | null | undefined): string {
  const digits = onlyDigits(value);
  if (digits.length !== 11) return value && value.trim() !== '' ? value : NOT_INFORMED;
  return `(${digits.slice(0, 2)}) ${digits.slice(2, 3)}.${digits.slice(3, 7)}.${digits.slice(7)}`;
}

/** The category my account shows for a modality (docs/product-rules.md, "Account"). */
export const MODALITY_CATEGORY: Readonly<Record<number, string>> = {
  0: 'Taxi Comum',
  1: 'Carro Particular',
};

/** Delivery is a flag set by enrolment, never the driver's modality. */
export const DELIVERY_MODALITY = 2;

/** The modalities a driver may choose (change modality): taxi and private. */
export const CHOOSABLE_MODALITIES = [0, 1] as const;
