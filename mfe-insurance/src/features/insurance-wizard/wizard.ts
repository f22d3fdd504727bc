import { typedDateToIso } from '@driver-portal/shared/format';
import { BRAZIL_STATES } from '@driver-portal/shared/validation';
import { clearDraft } from '@driver-portal/shared/forms';
import { driverValue } from '@driver-portal/shared/session';
import {
  accountDigitSchema,
  bankDigitSchema,
  cpfSchema,
  isoDateFromToday,
  object,
  string,
  TEXT_LIMITS,
  textSchema,
} from '@driver-portal/shared/validation';
import { MARITAL_STATUSES } from '../../contract';
import { eligibilityChecked } from '../../eligibility';
import { WIZARD_TEXTS } from './texts';

/*
 * The contract wizard's answers and the order of its steps
 * (docs/product-rules.md, "Insurance and card"): complement, financial, owner, owner-info (only
 * when the driver does not own the vehicle), drivers, the review (workflow) and the terms. What a step's Continuar accepted is
 * kept for the session (`insuranceWizard`); what is being typed is the step's form draft. Both
 * survive a reload of the webview and going back and forth between steps.
 */

export interface ComplementAnswers {
  maritalStatus: string;
  rg: string;
  ufRg: string;
  /** DD/MM/YYYY as typed. */
  rgIssueDate: string;
}

export interface FinancialAnswers {
  bank: string;
  agency: string;
  agencyDigit: string;
  account: string;
  accountDigit: string;
}

export interface OwnerAnswers {
  isOwner: '' | 'Sim' | 'Não';
}

export interface PersonAnswers {
  name: string;
  cpf: string;
}

export interface AdditionalDriver extends PersonAnswers {
  /** DD/MM/YYYY as typed. */
  birthDate: string;
}

export interface WizardAnswers {
  complement?: ComplementAnswers;
  financial?: FinancialAnswers;
  owner?: OwnerAnswers;
  /** The driver's own name and CPF, when the driver owns the vehicle (from the register service). */
  ownerFromDriver?: PersonAnswers;
  ownerInfo?: PersonAnswers;
  drivers?: AdditionalDriver[];
  /** The review's Continuar; any later change asks for the review again. */
  reviewed?: boolean;
}

export const MAX_ADDITIONAL_DRIVERS = 3;

export const EMPTY_COMPLEMENT: ComplementAnswers = { maritalStatus: '', rg: '', ufRg: '', rgIssueDate: '' };
export const EMPTY_FINANCIAL: FinancialAnswers = { bank: '', agency: '', agencyDigit: '', account: '', accountDigit: '' };
export const EMPTY_OWNER: OwnerAnswers = { isOwner: '' };
export const EMPTY_PERSON: PersonAnswers = { name: '', cpf: '' };
export const EMPTY_DRIVER: AdditionalDriver = { name: '', birthDate: '', cpf: '' };

/** The earliest date a document or a birth of someone alive can carry: 01/01/1900. */
const EARLIEST_ISO = '1900-01-01';
/** An additional driver drives: at least 18 years old (the age for a licence in Brazil). */
const MINIMUM_DRIVER_AGE = 18;

/** A past (or today's) calendar day typed DD/MM/YYYY, not before 1900 (01/01/1800 is a typing slip). */
const pastDate = () =>
  string()
    .required(WIZARD_TEXTS.required)
    .test('date', WIZARD_TEXTS.invalidDate, (value) => {
      const iso = typedDateToIso(value);
      return iso !== undefined && iso >= EARLIEST_ISO;
    })
    .test('past', WIZARD_TEXTS.futureDate, (value) => {
      const iso = typedDateToIso(value);
      return iso === undefined || iso <= isoDateFromToday(0);
    });

/** The birth date of an additional driver: a past date of someone at least 18 years old. */
const adultBirthDate = () =>
  pastDate().test('adult', WIZARD_TEXTS.underage, (value) => {
    const iso = typedDateToIso(value);
    return iso === undefined || iso <= isoDateFromToday(-MINIMUM_DRIVER_AGE);
  });

const digits = (max: number, required: boolean) => {
  const base = string().trim().matches(/^\d*$/, 'Informe apenas números').max(max, `No máximo ${max} dígitos`);
  return required ? base.required(WIZARD_TEXTS.required) : base;
};

/**
 * An RG as printed: digits, and letters where a state prints them (a prefix such as "MG-", a
 * check digit X), with or without its dots, dashes, slashes and spaces; at least one digit. No
 * check digit is computed: each state's identification institute numbers its own RGs (Lei
 * 7.116/1983 fixes the card, not the number), some with a check digit of their own rule, many
 * without, and the national identity card (Decreto 10.977/2022) carries the CPF as its number;
 * no national rule exists, and no library holds the states' rules
 * (docs/decisions/0017-bank-accounts-and-documents-as-issued.md).
 */
export function isRgAsPrinted(value: string): boolean {
  const compact = value.replace(/[.\-/\s]/g, '');
  return /^[0-9A-Za-z]+$/.test(compact) && /\d/.test(compact);
}

export const complementSchema = object({
  maritalStatus: string()
    .required(WIZARD_TEXTS.required)
    .oneOf([...MARITAL_STATUSES], WIZARD_TEXTS.required),
  // The documents require only the marital status and the RG's issue date, but the insurer
  // refuses a contract without the RG and its state ("Informe o RG do segurado."): asked here,
  // with every other missing field, instead of at the last tap.
  // At most TEXT_LIMITS.identifier, no control or bidi character; refused whole, never cut (issue 25, point 6).
  rg: textSchema(TEXT_LIMITS.identifier)
    .required(WIZARD_TEXTS.required)
    .test('rg', WIZARD_TEXTS.invalidRg, (value) => !value || isRgAsPrinted(value)),
  ufRg: string()
    .required(WIZARD_TEXTS.required)
    .oneOf([...BRAZIL_STATES], WIZARD_TEXTS.required),
  rgIssueDate: pastDate(),
});

/**
 * The debit account: the same rule as the account's bank data (shared/src/validation/banking.ts):
 * a check digit is one digit (an X or P typed as 0), and the account's digit is checked by its
 * bank's published rule where one applies to the typed numbers.
 */
export const financialSchema = object({
  bank: string().required(WIZARD_TEXTS.required),
  agency: digits(10, true),
  agencyDigit: bankDigitSchema('agency'),
  account: digits(10, true),
  accountDigit: accountDigitSchema({ bank: 'bank', agency: 'agency', account: 'account' }).required(WIZARD_TEXTS.required),
});

export const ownerSchema = object({ isOwner: string().required(WIZARD_TEXTS.required).oneOf(['Sim', 'Não'], WIZARD_TEXTS.required) });

/** A person's name: at most TEXT_LIMITS.name characters, no control or bidi characters (issue 25, point 6). */
const personName = () => textSchema(TEXT_LIMITS.name).required(WIZARD_TEXTS.required);

export const personSchema = object({
  name: personName(),
  cpf: cpfSchema(),
});

const onlyDigits = (value: string) => value.replace(/\D/g, '');

/**
 * An additional driver; `listed` are the CPFs already on the list ("cpf repetido"); `insuredCpf`,
 * when known, the insured driver's own, who cannot be their own additional driver.
 */
export const additionalDriverSchema = (listed: readonly string[], insuredCpf?: string) =>
  object({
    name: personName(),
    birthDate: adultBirthDate(),
    cpf: cpfSchema()
      .test('repeated', WIZARD_TEXTS.repeatedCpf, (value) => !listed.includes(onlyDigits(value ?? '')))
      .test('insured', WIZARD_TEXTS.insuredCpf, (value) => !insuredCpf || onlyDigits(value ?? '') !== onlyDigits(insuredCpf)),
  });

// Under the driver (a shared phone): another driver never finds these answers, RG and bank included.
const answersValue = driverValue('insuranceWizard');

export function readAnswers(): WizardAnswers {
  try {
    const parsed: unknown = JSON.parse(answersValue.get() ?? '{}');
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed) ? (parsed as WizardAnswers) : {};
  } catch {
    return {};
  }
}

/** Keeps a step's accepted answers; the review must be seen again after any change. */
export function saveAnswers(patch: Partial<WizardAnswers>): WizardAnswers {
  const next = { ...readAnswers(), reviewed: false, ...patch };
  answersValue.set(JSON.stringify(next));
  return next;
}

const editingValue = driverValue('insuranceDriversEditing');

/** The additional drivers' list while it is edited (before Continuar makes it the answer). */
export const editingDrivers = {
  read(): AdditionalDriver[] | undefined {
    try {
      const parsed: unknown = JSON.parse(editingValue.get() ?? 'null');
      return Array.isArray(parsed) ? (parsed as AdditionalDriver[]) : undefined;
    } catch {
      return undefined;
    }
  },
  write(list: readonly AdditionalDriver[]): void {
    editingValue.set(JSON.stringify(list));
  },
  clear(): void {
    editingValue.set(undefined);
  },
};

export type WizardStep = 'complement' | 'financial' | 'owner' | 'owner-info' | 'drivers' | 'workflow' | 'terms';

/** The wizard's paths (docs/product-rules.md, "Route table": `complememnt` keeps its misspelling). */
export const STEP_PATH: Readonly<Record<WizardStep, string>> = {
  complement: '/car-insurance/complememnt',
  financial: '/car-insurance/financial',
  owner: '/car-insurance/owner',
  'owner-info': '/car-insurance/owner-info',
  drivers: '/car-insurance/drivers',
  workflow: '/car-insurance/workflow',
  terms: '/car-insurance/terms',
};

export const DISCLAIMER_PATH = '/car-insurance/disclaimer';

const ALL_STEPS: readonly WizardStep[] = ['complement', 'financial', 'owner', 'owner-info', 'drivers', 'workflow', 'terms'];

export const ownsVehicle = (answers: WizardAnswers) => answers.owner?.isOwner === 'Sim';

/** The steps of this driver's flow: owner-info only when the driver does not own the vehicle. */
export function stepsOf(answers: WizardAnswers): WizardStep[] {
  return ALL_STEPS.filter((step) => step !== 'owner-info' || answers.owner?.isOwner === 'Não');
}

const isPerson = (value: PersonAnswers | undefined) => value !== undefined && personSchema.isValidSync(value);

/** Whether a step's answers were accepted and still hold (a stored value is checked again). */
export function isDone(step: WizardStep, answers: WizardAnswers): boolean {
  switch (step) {
    case 'complement':
      return answers.complement !== undefined && complementSchema.isValidSync(answers.complement);
    case 'financial':
      return answers.financial !== undefined && financialSchema.isValidSync(answers.financial);
    case 'owner':
      if (answers.owner === undefined || !ownerSchema.isValidSync(answers.owner)) return false;
      return !ownsVehicle(answers) || isPerson(answers.ownerFromDriver);
    case 'owner-info':
      return isPerson(answers.ownerInfo);
    case 'drivers': {
      const drivers = answers.drivers;
      if (!Array.isArray(drivers) || drivers.length > MAX_ADDITIONAL_DRIVERS) return false;
      const cpfs = drivers.map((driver) => onlyDigits(driver.cpf));
      return new Set(cpfs).size === cpfs.length && drivers.every((driver) => additionalDriverSchema([]).isValidSync(driver));
    }
    case 'workflow':
      return answers.reviewed === true;
    case 'terms':
      return false;
  }
}

/**
 * Where a driver who opens `step` must go instead: the first earlier step of the flow not done
 * (a deep link or a reload past unanswered steps), or the owner question when owner-info is
 * opened by a driver who said they own the vehicle. Undefined: the step may be shown.
 */
export function redirectFor(step: WizardStep, answers: WizardAnswers): WizardStep | undefined {
  const flow = stepsOf(answers);
  const before = step === 'owner-info' ? ['complement', 'financial', 'owner'] : flow.slice(0, Math.max(0, flow.indexOf(step)));
  const missing = (before as WizardStep[]).find((earlier) => !isDone(earlier, answers));
  if (missing) return missing;
  if (step === 'owner-info' && answers.owner?.isOwner !== 'Não') return 'owner';
  return undefined;
}

/**
 * Where Continuar leads from `step`: the next step of the flow; from a change started on the
 * review, the first step still not done (the review itself when nothing else is missing).
 */
export function nextStep(step: WizardStep, answers: WizardAnswers, fromReview: boolean): WizardStep {
  const flow = stepsOf(answers);
  if (fromReview) return flow.find((candidate) => !isDone(candidate, answers)) ?? 'workflow';
  return flow[flow.indexOf(step) + 1] ?? 'terms';
}

/** Draft keys of the steps' forms (platform drafts: cleared by /Sair too). */
export const DRAFT_KEYS = {
  complement: 'insurance-complement',
  financial: 'insurance-financial',
  owner: 'insurance-owner',
  ownerInfo: 'insurance-owner-info',
  driver: 'insurance-additional-driver',
  terms: 'insurance-terms',
} as const;

/** After the contract is sent: nothing of it stays in the session. */
export function clearWizard(): void {
  answersValue.set(undefined);
  eligibilityChecked.set(undefined);
  editingDrivers.clear();
  Object.values(DRAFT_KEYS).forEach(clearDraft);
}

/** CPF digits, for the request and for comparisons ("cpf repetido"). */
export { onlyDigits as cpfDigits };
