import * as v from 'valibot';
import { defineEndpoint } from '@driver-portal/shared/contract';

/**
 * Calls the sandbox serves that no remote declares yet (the screens that make them come in
 * later issues). When a remote declares one, its handler moves to that declaration and the
 * entry here goes; until then nothing checks them against a screen, so keep the list short.
 */

/** One invoice of the account statement service. */
export const InvoiceItemSchema = v.object({ dataEmissao: v.string(), totalLiquido: v.number(), linkNF: v.string() });
export type InvoiceItem = v.InferOutput<typeof InvoiceItemSchema>;

/** The zip lookup's answer (ViaCEP's field names). */
export const ZipAddressSchema = v.object({ logradouro: v.string(), bairro: v.string(), uf: v.string(), localidade: v.string() });

export const pendingApi = {
  statement: {
    /** GET with query cpf, BirthDate, startDate, endDate; basic credential added server-side. */
    invoices: defineEndpoint('statement', 'GET', 'api/extrato/nf', { answer: v.object({ data: v.array(InvoiceItemSchema) }) }),
  },
  zipLookup: {
    /** GET with query zipcode (8 digits). */
    address: defineEndpoint('zipLookup', 'GET', 'ZipCode', { answer: ZipAddressSchema }),
  },
} as const;
