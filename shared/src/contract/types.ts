/**
 * Shapes of the provider's APIs, field names exactly as the specification gives them. The
 * clients, the sandbox API and the tests all read these, so they cannot disagree.
 */

// ---- Core API (legacy, PascalCase) ----
export interface Notification {
  Id: number;
  Titulo: string;
  Descricao: string;
  /** ISO date-time; without an offset it is Brazil time. */
  Data: string;
  HRef: string | null;
  Corpo?: string;
}

export interface NotificationBody {
  Corpo: string;
}

export type RideStatus = 'PAGO' | 'A RECEBER' | 'PROCESSANDO' | 'ESTORNADO';

export interface Ride {
  Data: string;
  SolicitacaoId: number;
  Nome: string;
  DataProvisaoPagamento: string | null;
  ChamadaId: number;
  ValorLiquido: number;
  Status: RideStatus | string;
  Valor: number;
  ValorDesconto: number;
  TransacaoId: string | null;
  Mapa: string | null;
  EnderecoOrigem: string;
  EnderecoDestino: string | null;
}

export interface Statement {
  Corridas: Ride[];
  Mes: string;
  Valor: number;
  /** Available months as DD/MM/YYYY strings. */
  Periodos: string[];
}

export interface Deposit {
  Data: string;
  Valor: number;
  Servico: { product: number };
  Corridas: Array<{ TransacaoId: string; Valor: number }>;
}

/** Legacy error answers carry the text to show in `Message`. */
export interface LegacyErrorBody {
  Message?: string;
  message?: string;
}

// ---- Communication API ----
export interface InboxCategory {
  id: number;
  title: string;
  description: string;
  categorType: number;
  countNews: number;
}

export interface InboxMessage {
  id: number;
  requestId: number;
  title: string;
  description: string;
  receivedat: string;
  read: boolean;
  messageHRef: string | null;
}

export interface InboxMessageList {
  categories: InboxMessage[];
}

export interface InboxMessageDetail {
  id: number;
  title: string;
  message: { body: string; description: string };
}

// ---- Register API ----
/** 400 answers of the newer services: one entry per failed rule. */
export interface ValidationEntry {
  field?: string;
  message: string;
}

export interface ValidationErrorBody {
  validations: ValidationEntry[];
}

export interface EulaDocument {
  documentUrl: string;
}

export interface PolicyItem {
  id: number;
  description: string;
  documentUrl: string;
  checked?: boolean;
}

export interface DriverStates {
  states: Array<{ response: { driverStateType: number } }>;
}

export interface Driver {
  id: string;
  name: string;
  email: string;
  mobile: string;
  cpf: string;
}

// ---- Insurance API (base path defined by us: DECISIONS 2) ----
export interface InsurancePolicy {
  active: boolean;
  policyNumber: string | null;
  /** ISO date-time. */
  expirationDate: string | null;
  bestPaymentDay: number | null;
  requestId: string | null;
}

// ---- EULA service (policy updates) ----
export interface PolicyUpdateItem {
  Id: number;
  Descricao: string;
  UrlDocumento: string;
}
