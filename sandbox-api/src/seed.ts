import { DEMO_PASSWORD } from './constants';
import { seedAccounts, seedBanks } from './fixtures/account';
import { seedPendingPolicies } from './fixtures/eula';
import { seedInboxes } from './fixtures/inbox';
import { seedInsurancePolicies } from './fixtures/insurance';
import { seedInvoices } from './fixtures/invoices';
import { seedNotifications } from './fixtures/notifications';
import { seedDrivers, seedPolicies } from './fixtures/register';
import { seedDeposits, seedStatement } from './fixtures/statement';
import { seedZipCodes } from './fixtures/zip';
import { seedCards } from './fixtures/card';
import { seedVehicles } from './fixtures/vehicles';
import type { SandboxState } from './state';
import { seedLicenceVehicle } from './licence-vehicle-state';
import { seedDocuments } from './documents-state';

/**
 * The sandbox's starting state. Pure: the same `now` gives the same state, and every call
 * builds new objects, so a reset never shares anything with the state it replaces. Dates are
 * relative to `now` (today's inbox message, the current statement month).
 */
export function createSeed(now: Date = new Date()): SandboxState {
  const statement = seedStatement(now);
  return {
    seededAt: now.toISOString(),
    core: {
      password: DEMO_PASSWORD,
      notifications: seedNotifications(now),
      statement,
      deposits: seedDeposits(statement),
    },
    communication: { inboxes: seedInboxes(now) },
    register: { drivers: seedDrivers(), policies: seedPolicies(), codesSent: [], verifiedMobiles: [], predicates: {} },
    insurance: { policiesByDriver: seedInsurancePolicies(now), actions: [], requests: [] },
    eula: { pending: seedPendingPolicies() },
    statementService: { invoices: seedInvoices(now) },
    zip: seedZipCodes(),
    card: { byDriver: seedCards(now) },
    vehicles: seedVehicles(),
    account: { drivers: seedAccounts(), banks: seedBanks(), incomeStatements: [], acceptedPolicies: [] },
    licenceVehicle: seedLicenceVehicle(),
    documents: seedDocuments(now),
  };
}
