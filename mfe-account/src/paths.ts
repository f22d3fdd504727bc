import { portalPath } from '@driver-portal/shared/links';

/**
 * The account screens' addresses (docs/product-rules.md, "Route table"), for links between
 * them: each value is encoded as one path segment.
 */
export const accountPaths = {
  myAccount: (driverId: string) => portalPath('/my-account/init/:driverId', { driverId }),
  changeEmail: () => '/my-account/change-email',
  changeMobile: () => '/my-account/change-mobile',
  changePassword: () => '/my-account/change-password',
  forgotPassword: () => '/my-account/forgot-password',
  changeModality: () => '/my-account/change-modality',
  changeModalityDocs: (modalityId: number | string) => portalPath('/my-account/change-modality-docs/:modalityId', { modalityId }),
  changeDocs: (driverId: string) => portalPath('/my-account/change-docs/:driverId', { driverId }),
  bankInfo: (driverId: string) => portalPath('/my-account/bank-info/:driverId', { driverId }),
  deliveryAdherence: (driverId: string) => portalPath('/my-account/delivery-adherence/:driverId', { driverId }),
  carPredicates: (driverId: string, modalityId: number | string, vehicleId: string) =>
    portalPath('/my-account/car-predicates/:driverId/:modalityId/:vehicleId', { driverId, modalityId, vehicleId }),
  driverPredicates: (driverId: string) => portalPath('/my-account/driver-predicates/:driverId', { driverId }),
  invoices: () => '/my-account/take-nf',
  incomeStatement: () => '/my-account/take-ir',
  affiliation: (driverId: string) => portalPath('/my-account/affiliation/:driverId', { driverId }),
  terms: (driverId: string) => portalPath('/eula/:driverId', { driverId }),
} as const;
