import { portalPath } from '@driver-portal/shared/links';

/** The registration screens' addresses (docs/product-rules.md, "Route table"); each value is one path segment. */
export const registerPaths = {
  sendCode: () => '/register/send-code/',
  init: (phone: string) => portalPath('/register/init/:phone', { phone }),
  createAccount: (phone: string) => portalPath('/register/create-account/:phone', { phone }),
  modality: () => '/register/modality/',
  predicates: (modalityType: number | string) => portalPath('/register/predicates/:modalityType', { modalityType }),
  viewDocs: (modalityType: number | string) => portalPath('/register/modality-view-docs/:modalityType', { modalityType }),
  address: (flow: string, modalityType?: number | string) =>
    modalityType === undefined
      ? portalPath('/register/address/:flow', { flow })
      : portalPath('/register/address/:flow/:modalityType', { flow, modalityType }),
  /** The document checklist (the next issue's screen). */
  uploadPicture: (modalityType: number | string) => portalPath('/register/upload-picture/:modalityType', { modalityType }),
  /** The document progress list (the next issue's screen). */
  reviewDocs: (driverId: string) => portalPath('/register/review-docs/:driverId', { driverId }),
  nextSteps: () => '/register/next-steps/',
} as const;
