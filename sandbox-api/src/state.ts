import type {
  Deposit,
  Driver,
  InboxCategory,
  InboxMessage,
  InsurancePolicy,
  Notification,
  PolicyItem,
  PolicyUpdateItem,
  Ride,
} from './contracts';

/**
 * Everything the sandbox remembers between calls. Links to the sandbox's own pages are kept as
 * paths (`/static/...`) and made absolute per request, so they follow the port it listens on.
 */
export interface SandboxState {
  /** When the seed was built (ISO): dates such as "today" in the inbox are relative to it. */
  seededAt: string;
  core: CoreState;
  communication: { inboxes: Record<string, DriverInbox> };
  register: RegisterState;
  insurance: InsuranceState;
  eula: { pending: PolicyUpdateItem[] };
  statementService: { invoices: Invoice[] };
  zip: Record<string, ZipAddress>;
}

export interface CoreState {
  /** The demo driver's current password (the core service knows one driver: the token's). */
  password: string;
  /** Full notifications, Corpo included; the list call leaves the body out. */
  notifications: Notification[];
  statement: StatementState;
  deposits: Deposit[];
}

export interface StatementState {
  /** The current month when the statement was built; a newer month rebuilds it. */
  currentPeriod: string;
  /** Newest first. */
  months: StatementMonth[];
}

export interface StatementMonth {
  /** `01/MM/YYYY`, as listed in Periodos. */
  period: string;
  rides: Ride[];
}

export type InboxCategoryRecord = Omit<InboxCategory, 'countNews'>;

export interface InboxMessageRecord extends InboxMessage {
  categoryId: number;
  /** HTML or plain text, as the provider sends it. */
  body: string;
  /** The detail's `message.description`. */
  detailDescription: string;
}

export interface DriverInbox {
  categories: InboxCategoryRecord[];
  messages: InboxMessageRecord[];
}

export interface DriverRecord extends Driver {
  /** driverStateType values, oldest first. */
  states: number[];
}

export interface RegisterState {
  drivers: DriverRecord[];
  /** documentUrl is a sandbox path. */
  policies: PolicyItem[];
}

export interface InsuranceAction {
  requestId: string;
  action: 'renew' | 'cancel';
  at: string;
}

export interface InsuranceState {
  policiesByDriver: Record<string, InsurancePolicy>;
  /** Renew and cancel requests received, oldest first (tests read them via /__sandbox/state). */
  actions: InsuranceAction[];
}

/** One invoice (nota fiscal) of the statement service; linkNF is a sandbox path. */
export interface Invoice {
  dataEmissao: string;
  totalLiquido: number;
  linkNF: string;
}

export interface ZipAddress {
  logradouro: string;
  bairro: string;
  uf: string;
  localidade: string;
}
