import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { api as account } from '@driver-portal/mfe-account/contract';
import { api as insurance } from '@driver-portal/mfe-insurance/contract';
import { api as onboarding } from '@driver-portal/mfe-onboarding/contract';
import { api as selfService } from '@driver-portal/mfe-self-service/contract';
import { endpointsOf, type AnyEndpoint, type EndpointTable } from '@driver-portal/shared/contract';
import { REMOTES } from '../../build-preset/apps.cjs';

/**
 * The provider's calls as the remotes declare them: each remote owns its table (its
 * `src/contract/`, exporting `api`). The sandbox serves what they declare and checks its answers
 * against every declaration of the call, so a fixture cannot drift from what a screen expects.
 * The remotes are those of apps.json (a new remote's table joins without an edit here); a remote
 * that calls no provider service has no `src/contract/`. The typed imports above are the tables
 * the sandbox's handlers answer, call by call.
 */
export const REMOTE_TABLES: Readonly<Record<string, EndpointTable>> = Object.fromEntries(
  REMOTES.flatMap((remote) => {
    const folder = join(__dirname, '..', '..', remote.dir, 'src', 'contract');
    if (!existsSync(folder)) return [];
    // A path known only at run time (apps.json): an import the TypeScript checker cannot follow.
    const table = (require(folder) as { api?: EndpointTable }).api;
    return table ? [[remote.dir, table]] : [];
  }),
);

export interface Declaration {
  /** `mfe-account register.driver`, for messages. */
  owner: string;
  endpoint: AnyEndpoint;
}

/** Every declaration of every remote. */
export function declarations(tables: Readonly<Record<string, EndpointTable>> = REMOTE_TABLES): Declaration[] {
  return Object.entries(tables).flatMap(([remote, table]) =>
    endpointsOf(table).map(({ name, endpoint }) => ({ owner: `${remote} ${name}`, endpoint })),
  );
}

export { account, insurance, onboarding, selfService };
export type {
  Deposit,
  InboxCategory,
  InboxMessage,
  InboxMessageDetail,
  Notification,
  Ride,
  RideStatus,
  Statement,
} from '@driver-portal/mfe-self-service/contract';
export type {
  CardAddress,
  CardStage,
  CardStatus,
  DriverVehicle,
  InsurancePolicy,
  InsuranceRequest,
  ZipAddress as ZipAnswer,
} from '@driver-portal/mfe-insurance/contract';
export type {
  CodeConfirmation,
  Driver,
  DriverStates,
  LocationBody,
  PolicyItem,
  Registration,
} from '@driver-portal/mfe-onboarding/contract';
export type { EulaDocument, PolicyUpdateItem } from '@driver-portal/mfe-account/contract';
export type {
  Bank,
  BankAccount,
  ForgotPasswordLookup,
  InvoiceItem,
  Location,
  Modality,
  Predicate,
  VehicleSummary,
} from '@driver-portal/mfe-account/contract';
