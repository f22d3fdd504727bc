/**
 * The taxi cooperatives a driver can ask to join. The provider has no affiliation service yet
 * (docs/product-rules.md, "Account": the screen is a mock with no server call), so these are the
 * 18 sample entries the screen offers; the first is the one the confirmation text names.
 */
export interface Cooperative {
  id: number;
  name: string;
}

export const SAMPLE_COOPERATIVES: readonly Cooperative[] = [
  'Rádio Táxi',
  'Coopertáxi São Paulo',
  'Cooperativa Táxi Amarelo',
  'Rádio Táxi Ligue Táxi',
  'Coopertáxi ABC',
  'Cooperativa Táxi Aeroporto',
  'Rádio Táxi Centro',
  'Cooperativa Táxi Zona Sul',
  'Cooperativa Táxi Zona Norte',
  'Rádio Táxi Capital',
  'Coopertáxi Campinas',
  'Rádio Táxi Rio',
  'Cooperativa Táxi Carioca',
  'Coopertáxi Belo Horizonte',
  'Rádio Táxi Curitiba',
  'Coopertáxi Porto Alegre',
  'Rádio Táxi Salvador',
  'Coopertáxi Recife',
].map((name, index) => ({ id: index + 1, name }));

/** The affiliation kept for the session (docs/product-rules.md, "Entities": name, id, requestDate, activateDate). */
export interface Affiliation {
  id: number;
  name: string;
  /** ISO date (YYYY-MM-DD) the driver confirmed. */
  requestDate: string;
  /** ISO date the cooperative accepted; null while it is being analysed (always, in the mock). */
  activateDate: string | null;
}

/** A stored value read back defensively: anything that is not an affiliation counts as none. */
export function parseAffiliation(stored: string | undefined): Affiliation | undefined {
  if (!stored) return undefined;
  try {
    const value: unknown = JSON.parse(stored);
    if (typeof value !== 'object' || value === null) return undefined;
    const { id, name, requestDate, activateDate } = value as Record<string, unknown>;
    if (typeof id !== 'number' || typeof name !== 'string' || typeof requestDate !== 'string') return undefined;
    return { id, name, requestDate, activateDate: typeof activateDate === 'string' ? activateDate : null };
  } catch {
    return undefined;
  }
}
