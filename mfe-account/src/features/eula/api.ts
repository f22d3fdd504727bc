import { api } from '@driver-portal/shared/contract';
import { callApi } from '@driver-portal/shared/http';

/** Terms document types of the register service (seed 2 section 3): 0 use, 1 privacy, 2 image. */
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

/**
 * The address of a terms document, if it is an http(s) URL. Anything else (javascript:, data:,
 * relative or empty values) is not offered as a link.
 */
export function safeDocumentUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.trim() === '') return undefined;
  try {
    const url = new URL(value.trim());
    if (url.protocol === 'https:' || url.protocol === 'http:') return url.href;
  } catch {
    // not an absolute URL
  }
  return undefined;
}

/** GET api/1.0/driver/eula/:type for the three types at once (register service, no token). */
export const fetchTermsLinks = (signal: AbortSignal): Promise<TermsLink[]> =>
  Promise.all(
    TERMS.map(({ type, label }) =>
      callApi(api.register.eulaDocument, { params: { type }, signal }).then((answer): TermsLink => ({
        type,
        label,
        href: safeDocumentUrl(answer?.documentUrl),
      })),
    ),
  );
