/**
 * Texts of the contract wizard. The success text is the product's, to the letter
 * (docs/product-rules.md, "Errors"); the rest is ours: the documents do not show the screens'
 * wording.
 */
export const CONTRACT_SUCCESS_TEXT = 'Que bom ter você como cliente! Em breve seu seguro de automóvel SulAmérica estará vigente.';

export const WIZARD_TEXTS = {
  required: 'Campo obrigatório',
  invalidDate: 'Data invalida',
  invalidRg: 'Digite o RG como está no documento: números e, se houver, letras (como o X); pontos e traço podem ficar.',
  futureDate: 'A data não pode ser futura',
  repeatedCpf: 'cpf repetido',
  underage: 'O condutor deve ter pelo menos 18 anos',
  insuredCpf: 'Este é o seu CPF: você já é o segurado',
  termsRequired: 'Aceite os termos para continuar',
  noDriver: 'Não foi possível identificar o motorista. Abra o seguro auto pela página inicial do portal.',
  maxDrivers: 'Você já incluiu o máximo de 3 condutores adicionais.',
  noDrivers: 'Nenhum condutor adicional',
  insuredVehicle: 'Veículo segurado',
} as const;

export const STEP_TITLES = {
  disclaimer: 'Antes de contratar',
  complement: 'Dados complementares',
  financial: 'Dados financeiros',
  owner: 'Proprietário do veículo',
  'owner-info': 'Dados do proprietário',
  drivers: 'Condutores adicionais',
  workflow: 'Revise seus dados',
  terms: 'Termos e condições',
} as const;
