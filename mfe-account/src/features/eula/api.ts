import { api } from '../../contract';
import { safeExternalUrl } from '@driver-portal/shared/links';
import { callApi } from '@driver-portal/shared/http';

/** Terms document types of the register service (docs/product-rules.md, "Entities"): 0 use, 1 privacy, 2 image. */
export const TERMS = [
  { type: 0, label: 'Termos de uso' },
  { type: 1, label: 'Política de privacidade' },
  { type: 2, label: 'Termos de uso de imagem' },
] as const;

export type Term = (typeof TERMS)[number];

export interface TermsLink {
  type: number;
  label: string;
  /** Only an http(s) address; undefined when the service gave nothing safe to open or failed. */
  href: string | undefined;
  /** The call for this document failed (worth a retry), as opposed to answering no safe address. */
  failed: boolean;
}

/** GET api/1.0/driver/eula/:type (register service, no token). Rejects when the call fails. */
const fetchTermsDocument = ({ type, label }: Term, signal: AbortSignal): Promise<TermsLink> =>
  callApi(api.register.eulaDocument, { params: { type }, signal }).then((answer) => ({
    type,
    label,
    // Only an http(s) address becomes a link.
    href: safeExternalUrl(answer.documentUrl),
    failed: false,
  }));

/** One document again (its retry): a failure is the document's state, never a rejection. */
export const fetchTermsLink = (term: Term, signal: AbortSignal): Promise<TermsLink> =>
  fetchTermsDocument(term, signal).catch((): TermsLink => ({ type: term.type, label: term.label, href: undefined, failed: true }));

/**
 * The three documents at once, each on its own: one that fails does not hide the others (it is
 * marked failed). Only when all three fail does the page fail, with the first reason (offline,
 * service down...) and the page's retry.
 */
export async function fetchTermsLinks(signal: AbortSignal): Promise<TermsLink[]> {
  const settled = await Promise.allSettled(TERMS.map((term) => fetchTermsDocument(term, signal)));
  const firstFailure = settled.find((result) => result.status === 'rejected');
  if (firstFailure && settled.every((result) => result.status === 'rejected')) throw firstFailure.reason;
  return settled.map((result, index) => {
    if (result.status === 'fulfilled') return result.value;
    const { type, label } = TERMS[index] as Term;
    return { type, label, href: undefined, failed: true };
  });
}
