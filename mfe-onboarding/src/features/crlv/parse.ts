import type { CrlvField, CrlvReading } from './read';

/**
 * One piece of text on a page, as pdf.js's getTextContent gives it, in the page's viewport
 * coordinates (points, origin at the top left, y growing downwards): `x` its left edge, `y` its
 * baseline, `width` and `height` its extent (height: the font size).
 */
export interface PageText {
  str: string;
  x: number;
  y: number;
  width: number;
  height: number;
}

/** What the text of a document is: a CRLV-e with its fields, text that is not one, or no text. */
export type TextReading = { kind: 'read'; reading: CrlvReading } | { kind: 'not-crlv' } | { kind: 'no-text' };

/**
 * The labels of the CRLV-e (Resolução CONTRAN nº 788/2020, Anexo, and the SENATRAN model every
 * DETRAN prints since 2021): each box prints its label in small capitals at its top left and the
 * value under it, left-aligned with the label. `beside`: the value follows the label on its line
 * (the document's number, "Nº", beside the title).
 */
const LABELS: ReadonlyArray<{ label: string; field?: CrlvField; beside?: true }> = [
  { label: 'CÓDIGO RENAVAM', field: 'Renavam' },
  { label: 'PLACA', field: 'Plate' },
  { label: 'EXERCÍCIO', field: 'CurrentYear' },
  { label: 'ANO FABRICAÇÃO', field: 'ManufactureYear' },
  { label: 'ANO MODELO', field: 'ModelYear' },
  { label: 'NÚMERO DO CRV' },
  { label: 'CÓDIGO DE SEGURANÇA DO CLA', field: 'SecurityCode' },
  { label: 'CATEGORIA', field: 'Category' },
  { label: 'CAPACIDADE' },
  { label: 'POTÊNCIA / CILINDRADA' },
  { label: 'PESO BRUTO TOTAL' },
  { label: 'MOTOR' },
  { label: 'CMT' },
  { label: 'EIXOS' },
  { label: 'LOTAÇÃO' },
  { label: 'CARROCERIA' },
  { label: 'MARCA / MODELO / VERSÃO', field: 'BrandModel' },
  { label: 'ESPÉCIE / TIPO', field: 'Type' },
  { label: 'PLACA ANTERIOR / UF', field: 'PreviousPlate' },
  { label: 'CHASSI', field: 'Chassis' },
  { label: 'COR PREDOMINANTE', field: 'Color' },
  { label: 'COMBUSTÍVEL', field: 'Fuel' },
  { label: 'OBSERVAÇÕES DO VEÍCULO' },
  { label: 'NOME', field: 'OwnerName' },
  { label: 'CPF / CNPJ', field: 'OwnerDocument' },
  { label: 'LOCAL' },
  { label: 'DATA', field: 'EmissionDate' },
  { label: 'Nº', field: 'CrlvNumber', beside: true },
];

/**
 * The labels a page must print to be taken for a CRLV-e: the vehicle's identity boxes of the
 * first part of the layout. A text that only mentions the CRLV (a letter, a receipt, the CRV)
 * prints these words inside sentences, never alone as a box's label.
 */
const CRLV_LABELS = ['CÓDIGO RENAVAM', 'PLACA', 'EXERCÍCIO', 'MARCA / MODELO / VERSÃO', 'CHASSI', 'COMBUSTÍVEL'];

/** The 27 state codes (IBGE): the last word of "LOCAL" when it is one of them. */
const STATES = new Set('AC AL AP AM BA CE DF ES GO MA MT MS MG PA PB PR PE PI RJ RN RS RO RR SC SP SE TO'.split(' '));

/** A label's comparable form: NFC, upper case, no accents, one space, none around a slash. */
function labelKey(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .replace(/ ?\/ ?/g, '/')
    .replace(/^N[O°º]\.?$/, 'NO')
    .trim();
}

const LABEL_BY_KEY = new Map(LABELS.map((entry) => [labelKey(entry.label), entry]));
const BESIDE_KEYS = LABELS.filter((entry) => entry.beside).map((entry) => labelKey(entry.label));

/** A line's piece of text: pdf.js's items of one baseline joined where they touch. */
interface Run extends PageText {
  label?: (typeof LABELS)[number];
}

/**
 * Joins the items of one baseline that touch (a gap under a third of the font size: one word or
 * a value pdf.js split at a font change) into runs; boxes side by side stay apart.
 */
function runsOf(items: readonly PageText[]): PageText[] {
  const sorted = items
    .filter((item) => item.str.trim() !== '')
    .slice()
    .sort((a, b) => a.y - b.y || a.x - b.x);
  const runs: PageText[] = [];
  for (const item of sorted) {
    const last = runs.at(-1);
    const sameLine = last && Math.abs(last.y - item.y) <= Math.max(1, last.height * 0.2);
    const gap = last ? item.x - (last.x + last.width) : Infinity;
    if (last && sameLine && gap >= -1 && gap <= Math.max(last.height, item.height) / 3) {
      const space = gap > Math.max(last.height, item.height) / 8 && !last.str.endsWith(' ') ? ' ' : '';
      runs.push({
        str: last.str + space + item.str,
        x: last.x,
        y: Math.max(last.y, item.y),
        width: item.x + item.width - last.x,
        height: Math.max(last.height, item.height),
      });
      runs.splice(-2, 1);
    } else {
      runs.push({ ...item });
    }
  }
  return runs;
}

/** A label that also carries its value on the same run ("Nº 123456789012"): the label and the rest. */
function splitBeside(run: PageText): { label: (typeof LABELS)[number]; rest: string } | undefined {
  const words = run.str.trim().split(/\s+/);
  const first = words[0];
  if (!first || words.length < 2) return undefined;
  const key = labelKey(first);
  if (!BESIDE_KEYS.includes(key)) return undefined;
  const label = LABEL_BY_KEY.get(key);
  return label ? { label, rest: words.slice(1).join(' ') } : undefined;
}

/** A value as printed: NFC, trimmed, one space; '' for the CRLV-e's asterisks (nothing printed). */
function clean(text: string): string {
  const value = text.normalize('NFC').replace(/\s+/g, ' ').trim();
  return value.replace(/[*/\s-]/g, '') === '' ? '' : value;
}

/**
 * The value under a label: the nearest run below it that starts in the label's column (from the
 * label's left edge, less a point, to the next label's left edge on its line), before the next
 * label below in that column; runs on that value's baseline in the column are joined.
 */
function valueBelow(label: Run, runs: readonly Run[]): string {
  const rightEdge = Math.min(
    ...runs.filter((run) => run.label && run !== label && Math.abs(run.y - label.y) <= 1 && run.x > label.x + 1).map((run) => run.x),
    Infinity,
  );
  const inColumn = (run: Run) => run.x >= label.x - 2 && run.x < rightEdge && run.y > label.y + 0.5;
  const nextLabelY = Math.min(...runs.filter((run) => run.label && inColumn(run)).map((run) => run.y), Infinity);
  // A value sits within a few of its label's lines (the box's height); further down is another box.
  const lowest = Math.min(nextLabelY, label.y + Math.max(label.height * 4, 24));
  const values = runs.filter((run) => !run.label && inColumn(run) && run.y < lowest);
  const first = values.reduce<Run | undefined>((best, run) => (!best || run.y < best.y ? run : best), undefined);
  if (!first) return '';
  return values
    .filter((run) => Math.abs(run.y - first.y) <= Math.max(1, first.height * 0.2))
    .sort((a, b) => a.x - b.x)
    .map((run) => run.str)
    .join(' ');
}

/** The value beside a label on its line: the nearest run to its right on its baseline. */
function valueBeside(label: Run, runs: readonly Run[]): string {
  const right = runs
    .filter((run) => run !== label && Math.abs(run.y - label.y) <= Math.max(1, label.height * 0.3) && run.x > label.x)
    .sort((a, b) => a.x - b.x)[0];
  return right && !right.label ? right.str : '';
}

/** The city and the state of "LOCAL" ("SAO PAULO SP"); a last word that is no state stays in the city. */
function splitPlace(place: string): Pick<CrlvReading['fields'], 'EmissionCity' | 'IssuingState'> {
  const match = /^(.*?)[\s/-]+([A-Z]{2})$/.exec(place);
  if (match?.[1] && match[2] && STATES.has(match[2])) return { EmissionCity: match[1].trim(), IssuingState: match[2] };
  return place ? { EmissionCity: place } : {};
}

/**
 * Reads a CRLV-e's fields from its pages' text.
 * @param pages each page's text items (viewport coordinates, see PageText)
 * @returns `no-text` when no page has a visible character, `not-crlv` when the first page that
 *   has text lacks any of the CRLV-e's identity labels (CRLV_LABELS), else `read` with every field
 *   found (see read.ts for what each is)
 */
export function readCrlvText(pages: ReadonlyArray<readonly PageText[]>): TextReading {
  const page = pages.find((items) => items.some((item) => item.str.trim() !== ''));
  if (!page) return { kind: 'no-text' };
  const runs: Run[] = [];
  const beside: Array<{ label: (typeof LABELS)[number]; rest: string }> = [];
  for (const run of runsOf(page)) {
    const label = LABEL_BY_KEY.get(labelKey(run.str));
    if (label) {
      runs.push({ ...run, label });
      continue;
    }
    const split = splitBeside(run);
    if (split) beside.push(split);
    runs.push(run);
  }
  const found = new Set(runs.flatMap((run) => (run.label ? [labelKey(run.label.label)] : [])));
  if (!CRLV_LABELS.every((label) => found.has(labelKey(label)))) return { kind: 'not-crlv' };

  const fields: CrlvReading['fields'] = {};
  const set = (field: CrlvField, value: string) => {
    const printed = clean(value);
    if (printed && fields[field] === undefined) fields[field] = printed;
  };
  for (const run of runs) {
    if (!run.label) continue;
    const value = run.label.beside ? valueBeside(run, runs) : valueBelow(run, runs);
    if (run.label.label === 'LOCAL') Object.assign(fields, splitPlace(clean(value)));
    else if (run.label.field) set(run.label.field, value);
  }
  for (const { label, rest } of beside) if (label.field) set(label.field, rest);
  if (fields.OwnerDocument !== undefined) {
    // Printed with its punctuation (123.456.789-09, 12.ABC.345/01DE-35): the characters only.
    fields.OwnerDocument = fields.OwnerDocument.replace(/[^0-9A-Za-z]/g, '').toUpperCase();
    if (!fields.OwnerDocument) delete fields.OwnerDocument;
  }
  return { kind: 'read', reading: { fields } };
}
