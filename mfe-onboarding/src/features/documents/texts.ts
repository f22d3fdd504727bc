import { DATA_NAMES } from '../../progress';

/** The checklist's and instructions' texts (document 1 and 2 where they give them; ours otherwise). */
export const STATUS_TEXTS = {
  none: 'Não enviado',
  created: 'Aguarde...',
  aproved: 'Documento Aprovado',
  rejected: 'Reenviar documento',
} as const;

export const CHECKLIST_TEXTS = {
  title: 'Envie seus documentos',
  intro: 'Toque em cada documento para ver como fotografá-lo. Quando todos estiverem enviados, envie para análise.',
  yours: 'Seus documentos',
  vehicle: 'Documentos do veículo',
  // The data forms' rows, named as the forms' headings.
  licenceData: DATA_NAMES.licence,
  licenceDataHint: 'Envie a foto da CNH para preencher os dados dela.',
  vehicleData: DATA_NAMES.vehicle,
  vehicleDataHint: (names: string) => `Envie ${names} para preencher os dados do veículo.`,
  dataFilled: 'Preenchidos',
  dataMissing: 'Não preenchidos',
  submit: 'Enviar para análise',
  /** What the submit waits for: documents not sent (or rejected) and data not filled. */
  submitHint: (missing: readonly string[]) => `Pendências para enviar para análise: ${missing.join(', ')}.`,
  failure: 'erro ao enviar os dados.',
} as const;

/** What each document must show, by type. */
export const INSTRUCTIONS: Record<number, { intro: string; tips: string[] }> = {
  0: {
    intro:
      'Fotografe a CNH aberta, fora do plástico: primeiro a frente, depois o verso. A observação EAR (exerce atividade remunerada) precisa aparecer.',
    tips: ['Apoie a CNH sobre uma superfície escura e lisa.', 'Encaixe o documento inteiro na moldura.'],
  },
  1: {
    intro: 'Uma conta de água, luz, gás, telefone ou internet dos últimos 90 dias, com o endereço completo legível.',
    tips: ['Fotografe a conta inteira, com o endereço e a data à vista.'],
  },
  2: {
    intro: 'Uma foto do seu rosto, de frente, sem óculos escuros, boné ou máscara.',
    tips: ['Fique de frente para uma janela ou luz clara.', 'Segure o celular na altura dos olhos.'],
  },
  3: {
    intro: 'A permissão (alvará) de motorista de táxi emitida pela prefeitura, dentro da validade.',
    tips: ['Fotografe o documento inteiro, com o número e a validade à vista.'],
  },
  4: {
    intro: 'O CRLV digital em PDF (até 2 MB), baixado do aplicativo Carteira Digital de Trânsito. Fotos não são aceitas.',
    tips: ['No aplicativo, abra o veículo e toque em "Exportar PDF".'],
  },
  5: {
    intro: 'A licença do veículo para táxi emitida pela prefeitura, dentro da validade.',
    tips: ['Fotografe o documento inteiro, com a placa e a validade à vista.'],
  },
  6: {
    intro: 'A permissão para motorista de aplicativo emitida pela prefeitura, dentro da validade.',
    tips: ['Fotografe o documento inteiro, com o número e a validade à vista.'],
  },
};

/** Said for every photo, the selfie included (nothing here may speak of a document only). */
export const PHOTO_TIPS = [
  'Use boa luz, sem flash, e evite reflexos.',
  'Segure o celular firme e espere o foco antes de tirar a foto.',
] as const;
