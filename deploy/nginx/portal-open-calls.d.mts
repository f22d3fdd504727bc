/** Types of portal-open-calls.mjs (the open calls' script nginx and the Node proxy both run). */
export interface OpenCall {
  method: string;
  pattern: string;
  answer?: 'driver-exists' | 'password-match';
  body?: string;
  limited?: boolean;
}
export interface BodyProblem {
  field: string;
  message: string;
}
declare const openCalls: {
  RATE_LIMIT: { perMinute: number; burst: number };
  TEXT: Record<'name' | 'text' | 'remark' | 'city' | 'identifier' | 'email', number>;
  MESSAGES: { tooLong(max: number): string; controlCharacter: string; dateOutOfRange: string; invalid: string; notJson: string };
  CALLS: OpenCall[];
  openCallOf(method: string, path: string): { answer: string; body: string; limited: boolean; param: string } | null;
  cutAnswer(kind: string, status: number, text: string, param: string): { status: number; text: string };
  bodyProblems(kind: string, text: string, now: number): BodyProblem[];
  refusalText(problems: BodyProblem[]): string;
};
export default openCalls;
