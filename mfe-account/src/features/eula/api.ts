import { api } from '../../contract';
import { safeExternalUrl } from '@driver-portal/shared/links';
import { callApi } from '@driver-portal/shared/http';

/** Terms document types of the register service (docs/product-rules.md, "Entities"): 0 use, 1 privacy, 2 image. */
export const TERMS = [
  { type: 0, label: 'Termos de uso' },
  { type: 1, label: 'Política de privacidade' },
  { type: 2, label: 'Termos de uso de imagem' },
] as const;

export interface TermsLink {
  type: number;
  label: string;
  /** Only an http(s) address; undefined when the service gave nothing safe to open. */
  href: string | undefined;
}

/** GET api/1.0/driver/eula/:type for the three types at once (register service, no token). */
export const fetchTermsLinks = (signal: AbortSignal): Promise<TermsLink[]> =>
  Promise.all(
    TERMS.map(({ type, label }) =>
      callApi(api.register.eulaDocument, { params: { type }, signal }).then((answer): TermsLink => ({
        type,
        label,
        // Only an http(s) address becomes a link.
        href: safeExternalUrl(answer?.documentUrl),
      })),
    ),
  );
