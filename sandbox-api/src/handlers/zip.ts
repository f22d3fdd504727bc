import { insurance } from '../contracts';
import { ok, type Reply, type ZipError } from '../respond';
import { queryValue, route, type SandboxRequest } from '../router';
import type { ZipAddress } from '../state';

/** Zip lookup (a third-party host in production): no token. */

const notFound = (status: number): Reply<never> => ({ status, body: { erro: true } satisfies ZipError });

function lookup({ state, query }: SandboxRequest): Reply<ZipAddress> {
  const zipCode = (queryValue(query, 'zipcode') ?? '').replace(/\D/g, '');
  if (zipCode.length !== 8) return notFound(400);
  const address = state.zip[zipCode];
  return address ? ok({ ...address }) : notFound(404);
}

export const zipRoutes = [route(insurance.zipLookup.address, lookup)];
