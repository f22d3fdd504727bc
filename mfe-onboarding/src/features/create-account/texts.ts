/** Texts of the mobile confirmation and create-account screens (docs/product-rules.md, "Errors" and "Onboarding"). */
export const CREATE_ACCOUNT_TEXTS = {
  alreadyRegistered: 'Esse telefone já está associado à um registro, faça o login para continuar.',
  // Ours: the documents show no text for these.
  mobileTitle: 'Confirme seu celular',
  mobileIntro: 'Vamos enviar um código por SMS para confirmar o seu celular.',
  sent: (mobile: string) => `Enviamos um código de 6 dígitos para ${mobile}.`,
  wrongCode: 'Código inválido.',
  formTitle: 'Criar conta',
  policiesLegend: 'Termos',
  policiesRequired: 'Aceite todos os termos para continuar.',
  genderLegend: 'Sexo',
} as const;
