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
  /** The document progress list; `startFlow` sends the modality's documents to review first. */
  reviewDocs: (driverId: string, startFlow = false) =>
    `${portalPath('/register/review-docs/:driverId', { driverId })}${startFlow ? '?startFlow=true' : ''}`,
  nextSteps: () => '/register/next-steps/',
  detailsPicture: (modalityType: number | string, fileType: number | string) =>
    portalPath('/register/details-picture/:modalityType/:fileType', { modalityType, fileType }),
  camera: (flow: string, modalityType: number | string, fileType: number | string) =>
    portalPath('/register/camera/:flow/:modalityType/:fileType', { flow, modalityType, fileType }),
  maskCamera: (flow: string, modalityType: number | string, fileType: number | string) =>
    portalPath('/register/mask-camera/:flow/:modalityType/:fileType', { flow, modalityType, fileType }),
  selfie: (flow: string, modalityType: number | string, last: number | string) =>
    portalPath('/register/selfie/:flow/:modalityType/:last', { flow, modalityType, last }),
  /** The licence data form (built on another branch). */
  cnh: (flow: string, modalityType: number | string) => portalPath('/register/cnh/:flow/:modalityType', { flow, modalityType }),
  /** The vehicle data form (built on another branch). */
  crlv: (flow: string, modalityType: number | string) => portalPath('/register/crlv/:flow/:modalityType', { flow, modalityType }),
} as const;
