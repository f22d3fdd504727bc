import type { Endpoint } from '@driver-portal/shared/contract';
import type { ZipAddress } from './state';

/**
 * Calls the sandbox serves that the shared table (`api` in @driver-portal/shared/contract) does
 * not list yet. They keep the table's shape so moving them there is a one-line change per call;
 * until then clients and sandbox can disagree on them, so keep the list short.
 */

/** One invoice of the account statement service (seed 2 section 3). */
export interface InvoiceItem {
  dataEmissao: string;
  totalLiquido: number;
  linkNF: string;
}

export const pendingApi = {
  statement: {
    /** GET with query cpf, BirthDate, startDate, endDate; basic credential added server-side. */
    invoices: { service: 'statement', method: 'GET', path: 'api/extrato/nf' } as Endpoint<{ data: InvoiceItem[] }>,
  },
  zipLookup: {
    /** GET with query zipcode (8 digits). */
    address: { service: 'zipLookup', method: 'GET', path: 'ZipCode' } as Endpoint<ZipAddress>,
  },
} as const;
