import type {
  CardAddress,
  CardStage,
  Deposit,
  DriverVehicle,
  InsuranceRequest,
  Driver,
  InboxCategory,
  InboxMessage,
  InsurancePolicy,
  Notification,
  PolicyItem,
  PolicyUpdateItem,
  Ride,
} from './contracts';
import type { Bank, BankAccount, Location, Modality, Predicate } from './contracts';
import type { LicenceVehicleState } from './licence-vehicle-state';
import type { DocumentsState } from './documents-state';

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
  /** Card requests by driver id (card service). */
  card: CardState;
  /** Each driver's vehicle by modality (register service's vehicle call): `vehicles[driverId][modality]`. */
  vehicles: Record<string, Record<string, DriverVehicle>>;
  /** The account calls (register service): per driver, and the bank list. */
  account: AccountState;
  /** Licence and vehicle data, documents under review (src/licence-vehicle-state.ts). */
  licenceVehicle: LicenceVehicleState;
  /** Uploaded documents and their review (handlers/documents.ts). */
  documents: DocumentsState;
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
  /** Mobiles (11 digits) an SMS code was sent to and not confirmed yet. */
  codesSent: string[];
  /** Mobiles whose code was confirmed: only these may create an account. */
  verifiedMobiles: string[];
  /** The predicate answers per driver id (lower case), then per modality. */
  predicates: Record<string, Record<string, Predicate[]>>;
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
  /** Contracts received (the request bodies), oldest first. */
  requests: InsuranceRequestRecord[];
}

export interface InsuranceRequestRecord {
  requestId: string;
  at: string;
  body: InsuranceRequest;
}

export interface CardRecord {
  stage: CardStage;
  /** ISO date-time. */
  requestedAt: string;
  address: CardAddress;
}

export interface CardState {
  byDriver: Record<string, CardRecord>;
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

/** The namespace of a request that names none: `npm start`, the demo, anyone not asking for isolation. */
export const DEFAULT_NAMESPACE = 'default';

export interface NamespaceLimits {
  /** Namespaces kept besides the default one; the least recently used goes first. */
  maxNamespaces: number;
  /** A namespace unused for this long is dropped (its next call starts again from the seed). */
  idleMs: number;
}

/** Enough for every test of a run (each e2e test has its own), about 65 KB each with the seed's data. */
export const DEFAULT_NAMESPACE_LIMITS: NamespaceLimits = { maxNamespaces: 200, idleMs: 10 * 60_000 };

/**
 * The sandbox's state per namespace, so tests running side by side never see each other's
 * changes. A namespace is created from the seed on first use; memory stays bounded by dropping
 * namespaces idle for `idleMs` and, past `maxNamespaces`, the least recently used. The default
 * namespace is never dropped.
 */
export class SandboxStates {
  /** In order of last use, oldest first (a Map keeps insertion order; a use re-inserts). */
  private readonly entries = new Map<string, { state: SandboxState; lastUsed: number }>();

  constructor(
    private readonly createState: () => SandboxState,
    private readonly limits: NamespaceLimits = DEFAULT_NAMESPACE_LIMITS,
    private readonly clock: () => number = Date.now,
  ) {}

  /** The namespace's live state, created from the seed if it has none. */
  get(namespace: string): SandboxState {
    const now = this.clock();
    const entry = this.entries.get(namespace);
    this.entries.delete(namespace);
    if (!entry) this.makeRoom(namespace, now);
    const state = entry?.state ?? this.createState();
    this.entries.set(namespace, { state, lastUsed: now });
    return state;
  }

  /** Back to the seed, for this namespace only. */
  reset(namespace: string): void {
    this.entries.delete(namespace);
    this.get(namespace);
  }

  /** The namespaces that hold state now, oldest use first. */
  namespaces(): string[] {
    return [...this.entries.keys()];
  }

  /** Before `adding` gets state: drop the idle namespaces, then the least recently used past the cap. */
  private makeRoom(adding: string, now: number): void {
    for (const [namespace, entry] of this.entries) {
      if (namespace !== DEFAULT_NAMESPACE && now - entry.lastUsed > this.limits.idleMs) this.entries.delete(namespace);
    }
    if (adding === DEFAULT_NAMESPACE) return;
    const others = [...this.entries.keys()].filter((namespace) => namespace !== DEFAULT_NAMESPACE);
    const excess = others.length + 1 - this.limits.maxNamespaces;
    for (const namespace of others.slice(0, Math.max(0, excess))) this.entries.delete(namespace);
  }
}

/** What the account screens read and change, per driver id (lower case). */
export interface DriverAccountRecord {
  location: Location | null;
  modalities: Modality[];
  bankAccount: BankAccount | null;
  /** Vehicle attributes by vehicle id ("Yes"/"No"). */
  vehiclePredicates: Record<string, Predicate[]>;
  /** Language attributes ("yes"/"no"). */
  driverPredicates: Predicate[];
  /** The password the register service's password change sets. */
  password: string;
  /** Where the last code of each kind went: the change must name the same e-mail or mobile. */
  codesSentTo: Partial<Record<'email' | 'mobile' | 'password', string>>;
}

export interface IncomeStatementRequest {
  cpf: string;
  BirthDate: string;
  email: string;
  year: number;
  at: string;
}

export interface AccountState {
  drivers: Record<string, DriverAccountRecord>;
  banks: Bank[];
  /** Income statements asked for, oldest first (tests read them via /__sandbox/state). */
  incomeStatements: IncomeStatementRequest[];
  /** Policy ids accepted through the eula service, oldest first. */
  acceptedPolicies: number[];
}
