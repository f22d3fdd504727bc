import type { PredicateKey } from '../../contract';

/** The modalities (docs/product-rules.md, "Onboarding"): only 0 is offered in the choice. */
export const MODALITY_NAMES: Record<number, string> = { 0: 'Motorista/Taxista', 1: 'Motorista de aplicativo' };
export const OFFERED_MODALITIES = [0] as const;

/** The two predicate questions (ours: the documents give only their keys). */
export const PREDICATE_QUESTIONS: Record<PredicateKey, string> = {
  CONTRIBUINTE_INSS: 'Você é contribuinte do INSS?',
  CURSO_CONDUTOR: 'Você fez o curso de condutor?',
};

export const MODALITY_TEXTS = {
  modalityTitle: 'Modalidade',
  modalityLegend: 'Como você vai dirigir?',
  predicatesTitle: 'Sobre você',
  docsTitle: 'Tenha seus documentos em mãos',
  docsIntro: 'Para continuar o cadastro, você vai fotografar estes documentos. Deixe-os por perto:',
  docsPdf: 'O CRLV é enviado em PDF.',
  invalidModality: 'Modalidade inválida.',
} as const;
