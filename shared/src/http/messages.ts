/** Texts of the error catalogue (docs/product-rules.md, "Errors"), to the letter. */
export const ERROR_TEXTS = {
  notFound: 'O serviço esta indisponivel no momento, tente novamente mais tarde.',
  unexpected: 'Ocorreu um erro inesperado, tente novamente mais tarde.',
  validationTitle: 'Por favor revise os seguintes dados:',
  // Not in the catalogue: our own texts for failures the original app never surfaced.
  timeout: 'O serviço demorou para responder. Verifique sua conexão e tente novamente.',
  offline: 'Sem conexão com a internet. Verifique sua conexão e tente novamente.',
  alertTitle: 'Algo deu errado',
  // A missing or refused token (401): the sandbox's text, shown whatever the server says, so the
  // way out next to it always matches it.
  sessionExpired: 'Sessão expirada. Faça login novamente.',
  sessionExpiredTitle: 'Sessão expirada',
} as const;
