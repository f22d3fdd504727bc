/**
 * The CRLV-e reader's interface: the only module screens import (issue 47, decision 0029).
 *
 * The reader (pdf.js and its worker, about 1.5 MB before compression) is NOT imported here: the
 * first call of `readCrlvPdf` downloads it as its own chunk and worker file, so no screen, deep
 * link or first open gets a byte heavier before a driver chooses a PDF.
 *
 * Field names: the vehicle form's Formik names where the form has the field (Renavam, Plate,
 * Chassis, CrlvNumber, CurrentYear, ManufactureYear, ModelYear, Type, Fuel, Color, EmissionCity,
 * IssuingState, EmissionDate, OwnerName, OwnerDocument). `BrandModel` is the one printed value the
 * form splits into Brand and Model (matched against the provider's lists by the screen);
 * `PreviousPlate`, `Category` and `SecurityCode` have no field on the form and are returned for the
 * screen to use or ignore. There is no OwnerDocumentType: the screen tells a CPF (11 digits) from a
 * CNPJ (14 characters) by OwnerDocument's length.
 *
 * What each field is, read from the CRLV-e's layout (Resolução CONTRAN nº 788/2020, Anexo; the
 * SENATRAN model):
 * - Renavam: "CÓDIGO RENAVAM", digits as printed (9 or 11).
 * - Plate: "PLACA", e.g. "ABC1234" or "ABC1D23" (as printed, a hyphen kept if printed).
 * - CrlvNumber: the CRLV-e's own number in the header ("Nº" beside the title), digits.
 * - CurrentYear: "EXERCÍCIO", e.g. "2025".
 * - ManufactureYear / ModelYear: "ANO FABRICAÇÃO" / "ANO MODELO", e.g. "2022".
 * - BrandModel: "MARCA / MODELO / VERSÃO", e.g. "I/FIAT ARGO DRIVE 1.0".
 * - Type: "ESPÉCIE / TIPO", e.g. "PASSAGEIRO AUTOMOVEL".
 * - PreviousPlate: "PLACA ANTERIOR / UF", e.g. "ABC1234/SP".
 * - Chassis: "CHASSI", 17 characters as printed.
 * - Color: "COR PREDOMINANTE", e.g. "PRATA".
 * - Fuel: "COMBUSTÍVEL", e.g. "ALCOOL/GASOLINA".
 * - Category: "CATEGORIA", e.g. "PARTICULAR" or "ALUGUEL".
 * - SecurityCode: "CÓDIGO DE SEGURANÇA DO CLA", as printed.
 * - OwnerName: "NOME"; OwnerDocument: "CPF / CNPJ" with its dots, slash and hyphen removed
 *   (11 digits, or a CNPJ's 14 characters, letters kept: IN RFB nº 2.229/2024).
 * - EmissionCity / IssuingState: "LOCAL", printed as the city and the state's code ("SAO PAULO SP"),
 *   split at the last word when it is one of the 27 codes.
 * - EmissionDate: "DATA", "DD/MM/AAAA" as printed.
 * A field printed as asterisks only (the CRLV-e's "nothing here", e.g. no previous plate) or not
 * found is absent. Values are not checked (check digits, dates): the form's rules do that.
 */
export type CrlvField =
  | 'Renavam'
  | 'Plate'
  | 'Chassis'
  | 'CrlvNumber'
  | 'CurrentYear'
  | 'BrandModel'
  | 'ManufactureYear'
  | 'ModelYear'
  | 'Type'
  | 'Fuel'
  | 'Color'
  | 'EmissionCity'
  | 'IssuingState'
  | 'EmissionDate'
  | 'OwnerName'
  | 'OwnerDocument'
  | 'PreviousPlate'
  | 'Category'
  | 'SecurityCode';

export interface CrlvReading {
  /** Raw values as printed, trimmed and NFC (e.g. BrandModel "I/FIAT ARGO DRIVE 1.0", Fuel "ALCOOL/GASOLINA", EmissionDate "12/03/2025", OwnerDocument digits/letters only). */
  fields: Partial<Record<CrlvField, string>>;
}

/**
 * What reading a file gave:
 * - `read`: a CRLV-e; its fields (some may be absent).
 * - `not-crlv`: a PDF with text, but not a CRLV-e's labels.
 * - `no-text`: a PDF with no text at all (a scan or a photo saved as PDF).
 * - `damaged`: not a readable PDF (truncated, not a PDF).
 * - `locked`: a PDF that asks for a password.
 * - `failed`: anything else (the reader could not be downloaded, the browser could not start it,
 *   the read was cancelled through the signal).
 */
export type CrlvResult =
  | { kind: 'read'; reading: CrlvReading }
  | { kind: 'not-crlv' }
  | { kind: 'no-text' }
  | { kind: 'damaged' }
  | { kind: 'locked' }
  | { kind: 'failed' };

/**
 * Reads a CRLV-e PDF on the phone: downloads the reader (pdf.js + worker) on first call only.
 * Never rejects. Nothing is sent anywhere: the file is read in a worker on this device.
 * @param file the PDF the driver chose
 * @param options.signal aborting it ends the read with `{ kind: 'failed' }`
 */
export async function readCrlvPdf(file: Blob, options?: { signal?: AbortSignal }): Promise<CrlvResult> {
  try {
    const { readInWorker } = await import(/* webpackChunkName: "crlv-reader" */ './browser-reader');
    return await readInWorker(file, options?.signal);
  } catch {
    // The chunk or the worker could not be downloaded (offline), or the read was aborted.
    return { kind: 'failed' };
  }
}
