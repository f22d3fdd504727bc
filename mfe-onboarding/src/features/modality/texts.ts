import type { PredicateKey } from '../../contract';

/** The modalities (docs/product-rules.md, "Onboarding"): only 0 is offered in the choice. */
export const MODALITY_NAMES: Record<number, string> = { 0: 'Motorista/Taxista', 1: 'Motorista de aplicativo' };
export const OFFERED_MODALITIES = [0] as const;

/**
 * The documents each modality needs (docs/product-rules.md, "Onboarding", documents required),
 * by document type, in the order the checklist asks for them.
 */
export const MODALITY_DOCUMENTS: Record<number, ReadonlyArray<{ type: number; name: string }>> = {
  0: [
    { type: 0, name: 'CNH (Carteira Nacional de Habilitação) com EAR' },
    { type: 1, name: 'Comprovante de residência' },
    { type: 2, name: 'Foto do rosto (selfie)' },
    { type: 3, name: 'Permissão para motorista de táxi' },
    { type: 5, name: 'Licença do veículo' },
    { type: 4, name: 'CRLV (documento do veículo)' },
  ],
  1: [
    { type: 0, name: 'CNH (Carteira Nacional de Habilitação) com EAR' },
    { type: 1, name: 'Comprovante de residência' },
    { type: 2, name: 'Foto do rosto (selfie)' },
    { type: 4, name: 'CRLV (documento do veículo)' },
  ],
};

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

/** `0` or `1` from the path, else undefined. */
export function parseModality(value: string | undefined): number | undefined {
  return value === '0' || value === '1' ? Number(value) : undefined;
}
