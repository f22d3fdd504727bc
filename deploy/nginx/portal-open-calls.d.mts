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
}
export interface BodyProblem {
  field: string;
  message: string;
}
declare const openCalls: {
  RATE_LIMIT: { perMinute: number; burst: number };
  /** The message of a throttled call (429), on both servers. */
  TOO_MANY: string;
  TEXT: Record<'name' | 'text' | 'remark' | 'city' | 'identifier' | 'email', number>;
  MESSAGES: { tooLong(max: number): string; controlCharacter: string; dateOutOfRange: string; invalid: string; notJson: string };
  BODIES: Record<'create-driver' | 'licence' | 'location' | 'vehicle', BodyLimits>;
  CALLS: OpenCall[];
  /** The code points refused in any checked text, as sorted [first, last] ranges (noncharacters are refused besides). */
  INVISIBLE: Array<[number, number]>;
  /** A text's length in UTF-16 code units, and whether it holds a refused character. */
  textFacts(text: string): { units: number; invisible: boolean };
  openCallOf(method: string, path: string): { answer: string; body: string; limited: boolean; param: string } | null;
  cutAnswer(kind: string, status: number, text: string, param: string): { status: number; text: string };
  bodyProblems(kind: string, text: string, now: number): BodyProblem[];
  refusalText(problems: BodyProblem[]): string;
};
export default openCalls;
