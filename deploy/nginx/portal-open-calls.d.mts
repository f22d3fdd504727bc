/** Types of portal-open-calls.mjs (the open calls' script nginx and the Node proxy both run). */
export interface OpenCall {
  method: string;
  pattern: string;
  answer?: 'driver-exists' | 'password-match';
  body?: string;
  limited?: boolean;
}
/** The fields of one checked body (BODIES in the script). */
export interface BodyLimits {
  texts: Record<string, number>;
  nested: Record<string, Record<string, number>>;
  dates: Record<string, [string, number]>;
  others: string[];
  /** Document numbers checked as their issuers define them: field → rule (DOCUMENT_MESSAGES' keys). */
  documents?: Record<string, string>;
  /** Fields whose value is one of a fixed list. */
  lists?: Record<string, string[]>;
}
export interface BodyProblem {
  field: string;
  message: string;
}
declare const openCalls: {
  RATE_LIMIT: { perMinute: number; burst: number };
  /** The message of a throttled call (429), on both servers. */
  TOO_MANY: string;
  /** The message of a call refused because the limiter answered neither yes nor no (503), on both servers. */
  LIMIT_UNAVAILABLE: string;
  /** What qualifies a limit's key for a proven test namespace (32 hex characters), or '' (decision 0024). */
  namespaceScope(secret: string | undefined, namespace: unknown, proof: unknown): string;
  /** HMAC-SHA256 (hex) of "portal-open-call-limit <client>" under `secret`: how nginx proves a limit question. */
  limitProof(secret: string | undefined, client: string): string;
  /** Whether nginx's answer to a limit question means no limiter could be reached (refused, or no answer in time). */
  limitUnreachable(status: number, connectTimes: unknown, headerTimes: unknown, upstreamStatuses: unknown): boolean;
  /** What a limited call does with the limiter's answer, on both servers. */
  limitOutcome(
    status: number,
    retryAfter: unknown,
    unreachable: boolean,
  ): { action: 'through' | 'throttle' | 'refuse'; retryAfter: string };
  TEXT: Record<'name' | 'text' | 'remark' | 'city' | 'identifier' | 'email', number>;
  MESSAGES: { tooLong(max: number): string; controlCharacter: string; dateOutOfRange: string; invalid: string; notJson: string };
  /** The forms' messages for each document rule, by what is wrong (shared/src/validation/documents.ts). */
  DOCUMENT_MESSAGES: Record<string, Record<string, string>> & { ownerDocument: { cpf: string; cnpj: string } };
  /** The licence categories of the contract (mfe-onboarding LICENCE_CATEGORIES). */
  LICENCE_CATEGORIES: string[];
  /** The area codes (DDD) ANATEL allocated, two digits each. */
  AREA_CODES: string[];
  BODIES: Record<'create-driver' | 'licence' | 'location' | 'vehicle', BodyLimits>;
  CALLS: OpenCall[];
  /** The code points refused in any checked text, as sorted [first, last] ranges (noncharacters are refused besides). */
  INVISIBLE: Array<[number, number]>;
  /** A text's length in UTF-16 code units, and whether it holds a refused character. */
  textFacts(text: string): { units: number; invisible: boolean };
  /** Today in Brazil `years` from `now` (ms), as YYYY-MM-DD: back in time clamped to the month's last day, ahead rolled over. */
  brazilDay(years: number, now: number): string;
  /** What is wrong with a document number as a form sends it ('length', 'alphabet', 'checkDigit', 'state', 'cpf', 'cnpj'), or null. */
  documentProblem(rule: string, value: string): string | null;
  openCallOf(method: string, path: string): { answer: string; body: string; limited: boolean; param: string } | null;
  cutAnswer(kind: string, status: number, text: string, param: string): { status: number; text: string };
  bodyProblems(kind: string, text: string, now: number): BodyProblem[];
  refusalText(problems: BodyProblem[]): string;
};
export default openCalls;
