import { MASKS } from '@driver-portal/shared/forms';
import { chassisToSend, documentDigits, plateToSend } from '@driver-portal/shared/validation';
import type { CarBrand, CarModel } from '../../contract';
import type { CrlvField, CrlvResult, KeptCrlvReading } from '../../crlv-reading';

/*
 * From what the phone read on a CRLV-e (features/crlv: the values as printed) to the vehicle
 * form's values (docs/decisions/0029): brand and model matched to the provider's lists, each value
 * in the form's notation, and only what passes the form's own rules (a value that fails one is
 * not filled, and the driver is told). What the form does with it (marks, the one message) is in
 * VehiclePage.tsx.
 */

/** The vehicle form's fields a CRLV-e can fill, with their labels as the form shows them, in the form's order. */
export const FILLABLE_LABELS = {
  Plate: 'Placa',
  Renavam: 'RENAVAM',
  Chassis: 'Chassi',
  CrlvNumber: 'Número do CRLV',
  CurrentYear: 'Ano de exercício',
  Brand: 'Marca',
  Model: 'Modelo',
  ManufactureYear: 'Ano de fabricação',
  ModelYear: 'Ano do modelo',
  Type: 'Tipo (espécie)',
  Fuel: 'Combustível',
  Color: 'Cor',
  EmissionCity: 'Cidade de emissão',
  IssuingState: 'UF',
  EmissionDate: 'Data de emissão',
  Remark: 'Observações',
  OwnerName: 'Nome do proprietário',
  OwnerDocument: 'CPF ou CNPJ do proprietário',
} as const;

export type FillableField = keyof typeof FILLABLE_LABELS;
/** The form's fields a reading sets: the fillable ones and the owner's kind (CPF or CNPJ), which follows the number. */
export type FilledField = FillableField | 'OwnerDocumentType';

export const CRLV_FILL_TEXTS = {
  /** Under each field filled from the document while it holds what was read. */
  read: 'Lido do CRLV-e: confira.',
  notValid: 'O valor lido do CRLV-e não passou na conferência: digite-o como está no documento.',
  brandNotFound: (printed: string) => `Não encontramos a marca de "${printed}" na lista: escolha a marca.`,
  modelNotFound: (printed: string, brand: string) => `Não encontramos o modelo "${printed}" na lista da ${brand}: escolha o modelo.`,
  /** The one message of the form about the document (ours). */
  summary: (filled: number, missing: readonly string[]) =>
    `Lemos ${filled} ${filled === 1 ? 'campo' : 'campos'} do seu CRLV-e. Confira-os${
      missing.length > 0 ? `; preencha ${missing.length === 1 ? 'o que falta' : 'os que faltam'}: ${missing.join(', ')}.` : '.'
    }`,
  noneValid: 'Os dados lidos deste CRLV-e não passaram na conferência: preencha os campos do veículo.',
  failure: {
    'not-crlv':
      'Este PDF não parece ser um CRLV-e: não preenchemos nenhum campo. Confira se enviou o CRLV digital e preencha os dados do veículo.',
    'no-text': 'Este PDF é uma imagem digitalizada, sem texto para ler: preencha os campos do veículo.',
    damaged: 'Este PDF parece danificado e não pôde ser lido: preencha os campos do veículo.',
    locked: 'Este PDF está protegido por senha e não pôde ser lido: preencha os campos do veículo.',
    failed: 'Não conseguimos ler os dados deste PDF: preencha os campos do veículo.',
  },
} as const;

/** The form's values as a reading fills them, and why others were not. */
export interface CrlvFill {
  values: Partial<Record<FilledField, string>>;
  notes: Partial<Record<FillableField, string>>;
}

/** What the form needs to judge a value: its own rules (the whole schema, and a select's options). */
export interface FillRules {
  accepts: (field: FilledField, values: Partial<Record<FilledField, string>>) => boolean;
  /** The form's fuel for a printed one ('' when none): the RENAVAM table (decision 0016). */
  fuelOf: (printed: string) => string;
}

/** Upper case, no accents, one space between words: how a printed text and a list's name are compared. */
export function plain(text: string): string {
  return text
    .normalize('NFD')
    .replace(/[\u0300-\u036f]/g, '')
    .toUpperCase()
    .replace(/\s+/g, ' ')
    .trim();
}

/** Letters and digits only: "M.BENZ" and "MBENZ", "Land Rover" and "LAND-ROVER" are one key. */
const key = (text: string) => plain(text).replace(/[^A-Z0-9]/g, '');

/**
 * The brand abbreviations the CRLV prints in "MARCA / MODELO / VERSÃO" (the RENAVAM's
 * brand/model table: VW/GOL, GM/CELTA, CHEV/ONIX, M.BENZ/..., MMC/L200, LR/...), as keys of the
 * brand names the provider's list uses. Ours, from printed documents: the table is not published.
 */
const BRAND_ALIASES: Readonly<Record<string, string>> = {
  VW: 'VOLKSWAGEN',
  VOLKS: 'VOLKSWAGEN',
  GM: 'CHEVROLET',
  CHEV: 'CHEVROLET',
  MBENZ: 'MERCEDESBENZ',
  MERCEDES: 'MERCEDESBENZ',
  MMC: 'MITSUBISHI',
  LR: 'LANDROVER',
  CAOACHERY: 'CHERY',
  HYUNDAICAOA: 'HYUNDAI',
  TOYOTADOBRASIL: 'TOYOTA',
};
const brandKey = (text: string) => {
  const plainKey = key(text);
  return BRAND_ALIASES[plainKey] ?? plainKey;
};

/** "I/" (imported) and "IMP/" before the brand: not part of it. */
const IMPORTED = /^\s*(I|IMP)\s*\/\s*/i;
/** A displacement as printed: "1.0", "2,0", "1.6L", "1.0MT" (its letters are the version's). */
const DISPLACEMENT = /^\d[.,]\d[A-Z]*$/;
const litres = (word: string) => word.slice(0, 3).replace(',', '.');
/** A first word the CRLV adds before some models ("NOVO GOL", "NOVA SAVEIRO"). */
const NEW_PREFIX = /^(NOVO|NOVA|NEW)$/;

const words = (text: string) =>
  plain(text)
    .split(/[\s/]+/)
    .filter(Boolean);

/**
 * The brand of the provider's list a printed "MARCA / MODELO / VERSÃO" names, and the rest (the
 * model and version as printed): "I/FIAT ARGO DRIVE 1.0" → Fiat, "ARGO DRIVE 1.0";
 * "VW/VOYAGE 1.6L MB5" → Volkswagen, "VOYAGE 1.6L MB5". Undefined brand when none matches.
 */
export function matchBrand(printed: string, brands: readonly CarBrand[]): { brand?: CarBrand; model: string } {
  const tokens = words(printed.replace(IMPORTED, ''));
  for (let size = 1; size <= Math.min(3, tokens.length); size += 1) {
    const wanted = brandKey(tokens.slice(0, size).join(' '));
    const found = brands.filter((brand) => brandKey(brand.name) === wanted);
    if (found.length === 1) return { brand: found[0], model: tokens.slice(size).join(' ') };
  }
  return { model: tokens.join(' ') };
}

/**
 * The model of the brand's list a printed model and version names: the list's name (without its
 * displacement) must be the first words printed, spaces aside ("HB 20S" is "HB20S"), a longer name
 * winning ("ONIX PLUS" over "ONIX"); a displacement in both must agree ("Onix 1.0" is not an
 * "ONIX 1.4"). Two models left (the same name, no displacement printed): none, the driver chooses.
 */
export function matchModel(printed: string, models: readonly CarModel[]): CarModel | undefined {
  const tokens = words(printed);
  const tries = NEW_PREFIX.test(tokens[0] ?? '') ? [tokens, tokens.slice(1)] : [tokens];
  for (const printedWords of tries) {
    const displacements = printedWords.filter((word) => DISPLACEMENT.test(word)).map(litres);
    let best: CarModel[] = [];
    let bestScore = 0;
    for (const model of models) {
      const modelWords = words(model.model);
      const name = key(modelWords.filter((word) => !DISPLACEMENT.test(word)).join(''));
      const engine = modelWords.filter((word) => DISPLACEMENT.test(word)).map(litres);
      if (name === '' || !startsWithWords(printedWords, name)) continue;
      const engineAgrees = engine.length > 0 && engine.some((item) => displacements.includes(item));
      if (engine.length > 0 && displacements.length > 0 && !engineAgrees) continue;
      const score = name.length * 2 + (engineAgrees ? 1 : 0);
      if (score > bestScore) [best, bestScore] = [[model], score];
      else if (score === bestScore) best.push(model);
    }
    if (best.length === 1) return best[0];
    if (best.length > 1) return undefined;
  }
  return undefined;
}

/** Whether the printed words begin with `name` (letters and digits only), ending at a word's end. */
function startsWithWords(printedWords: readonly string[], name: string): boolean {
  let joined = '';
  for (const word of printedWords) {
    joined += key(word);
    if (joined === name) return true;
    if (joined.length >= name.length) return false;
  }
  return false;
}

/** A CPF or CNPJ in its mask's notation (the form's field shows and keeps it masked). */
function masked(value: string, pattern: string): string {
  const characters = [...value];
  let out = '';
  for (const slot of pattern) {
    if (characters.length === 0) break;
    out += slot === '0' || slot === 'A' ? characters.shift() : slot;
  }
  return out;
}

/** The printed text values, in the form's notation (before the form's rules judge them). */
function candidates(fields: Partial<Record<CrlvField, string>>, rules: FillRules): Partial<Record<FilledField, string>> {
  const values: Partial<Record<FilledField, string>> = {};
  const take = (field: FilledField, value: string | undefined) => {
    if (value !== undefined && value.trim() !== '') values[field] = value.trim();
  };
  take('Plate', fields.Plate === undefined ? undefined : plateToSend(fields.Plate));
  take('Renavam', fields.Renavam === undefined ? undefined : documentDigits(fields.Renavam));
  take('Chassis', fields.Chassis === undefined ? undefined : chassisToSend(fields.Chassis));
  take('CrlvNumber', fields.CrlvNumber === undefined ? undefined : documentDigits(fields.CrlvNumber));
  take('CurrentYear', fields.CurrentYear);
  take('ManufactureYear', fields.ManufactureYear);
  take('ModelYear', fields.ModelYear);
  take('Type', fields.Type);
  // A fuel outside the form's list is kept as printed, so the rules refuse it and the field says so.
  take('Fuel', fields.Fuel === undefined ? undefined : rules.fuelOf(plain(fields.Fuel)) || plain(fields.Fuel));
  take('Color', fields.Color);
  take('EmissionCity', fields.EmissionCity);
  take('IssuingState', fields.IssuingState?.toUpperCase());
  take('EmissionDate', fields.EmissionDate);
  take('OwnerName', fields.OwnerName);
  const owner = (fields.OwnerDocument ?? '').replace(/[./\-\s]/g, '').toUpperCase();
  if (/^\d{11}$/.test(owner)) {
    values.OwnerDocumentType = 'CPF';
    values.OwnerDocument = masked(owner, MASKS.cpf);
  } else if (/^[0-9A-Z]{12}\d{2}$/.test(owner)) {
    values.OwnerDocumentType = 'CNPJ';
    values.OwnerDocument = masked(owner, MASKS.cnpj);
  } else if (owner !== '') {
    // Neither a CPF's nor a CNPJ's length: judged (and refused) as a CPF, said like any value refused.
    values.OwnerDocumentType = 'CPF';
    values.OwnerDocument = owner;
  }
  return values;
}

/**
 * The form's values a CRLV-e's reading fills: every printed value in the form's notation that
 * passes the form's rules (`rules.accepts`, with the other values read as its context: the model
 * year beside the year of manufacture), the brand and model matched to the provider's lists
 * (`modelsOf` fetches the matched brand's models; failing, the model is left to the driver).
 * A value read and refused is not filled; its field says why.
 */
export async function fillFromReading(
  fields: Partial<Record<CrlvField, string>>,
  brands: readonly CarBrand[],
  modelsOf: (brandId: string) => Promise<readonly CarModel[]>,
  rules: FillRules,
): Promise<CrlvFill> {
  const read = candidates(fields, rules);
  const values: Partial<Record<FilledField, string>> = {};
  const notes: Partial<Record<FillableField, string>> = {};
  for (const field of Object.keys(read) as FilledField[]) {
    if (field === 'OwnerDocumentType') continue;
    if (rules.accepts(field, read)) values[field] = read[field];
    else notes[field] = CRLV_FILL_TEXTS.notValid;
  }
  if (values.OwnerDocument !== undefined) values.OwnerDocumentType = read.OwnerDocumentType;
  const printed = fields.BrandModel?.trim();
  if (printed) {
    const { brand, model } = matchBrand(printed, brands);
    if (!brand) notes.Brand = CRLV_FILL_TEXTS.brandNotFound(printed);
    else {
      values.Brand = String(brand.id);
      const models = await modelsOf(String(brand.id)).catch(() => undefined);
      const found = models && matchModel(model, models);
      if (found) values.Model = String(found.id);
      else if (models) notes.Model = CRLV_FILL_TEXTS.modelNotFound(model, brand.name);
    }
  }
  return { values, notes };
}

/** The form's fields left for the driver, by label, in the form's order. */
export function missingLabels(values: Partial<Record<FilledField, string>>): string[] {
  return (Object.keys(FILLABLE_LABELS) as FillableField[]).filter((field) => !values[field]).map((field) => FILLABLE_LABELS[field]);
}

/** The one message the form shows about the document, the first time it opens with its reading. */
export function summaryOf(result: CrlvResult, values: Partial<Record<FilledField, string>>): string {
  if (result.kind !== 'read') return CRLV_FILL_TEXTS.failure[result.kind];
  const filled = (Object.keys(FILLABLE_LABELS) as FillableField[]).filter((field) => values[field]).length;
  return filled === 0 ? CRLV_FILL_TEXTS.noneValid : CRLV_FILL_TEXTS.summary(filled, missingLabels(values));
}

export type { KeptCrlvReading };
