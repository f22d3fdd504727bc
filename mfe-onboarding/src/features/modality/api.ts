import { callApi } from '@driver-portal/shared/http';
import { api, PREDICATE_KEYS, type PredicateKey, type PredicateValue } from '../../contract';

/* docs/product-rules.md, "Calls" (Register API, onboarding): loads show their error with a retry; saves alert and reject. */
const sending = { overlay: true, alertOnError: true } as const;

/** The driving modality the driver has (0 or 1), if any; delivery (2) is an enrolment beside it. */
export async function fetchModality(guid: string, signal: AbortSignal): Promise<number | undefined> {
  const { modalities } = await callApi(api.register.modalities, { params: { guid }, signal });
  return modalities.map((item) => item.response.modalityType).find((type) => type === 0 || type === 1);
}

export const setModality = (guid: string, modalityType: number) =>
  callApi(api.register.setModality, { params: { guid, modalityType }, ...sending });

export type Answers = Record<PredicateKey, PredicateValue | ''>;

/** The answers saved before (a driver coming back), '' for a question not answered. */
export async function fetchAnswers(guid: string, modalityType: number, signal: AbortSignal): Promise<Answers> {
  const { predicates } = await callApi(api.register.predicates, { params: { guid, modalityType }, signal });
  const answer = (key: PredicateKey) => {
    const value = predicates.find((item) => item.key === key)?.value;
    return value === 'Sim' || value === 'Não' ? value : '';
  };
  return { CONTRIBUINTE_INSS: answer('CONTRIBUINTE_INSS'), CURSO_CONDUTOR: answer('CURSO_CONDUTOR') };
}

/** Both answers at once, in the documents' key/value shape. */
export const saveAnswers = (guid: string, modalityType: number, answers: Answers) =>
  callApi(api.register.savePredicates, {
    params: { guid, modalityType },
    body: { predicates: PREDICATE_KEYS.map((key) => ({ key, value: answers[key] })) },
    ...sending,
  });
