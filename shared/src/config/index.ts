/**
 * Runtime configuration: the base URL of every service, chosen by the page's host name, so one
 * build is promoted from staging to production unchanged (docs/product-rules.md, "Environments and configuration").
 * The file is config/env.json; each of its fields is explained in config/env.schema.json, which
 * it names (config.test.ts holds the file, the schema and this reader together).
 */

export const SERVICE_NAMES = ['core', 'register', 'communication', 'insurance', 'card', 'statement', 'eula', 'zipLookup'] as const;

export type ServiceName = (typeof SERVICE_NAMES)[number];

export type EnvironmentName = 'sandbox' | 'staging' | 'production';

/** A support phone number the screens may show, with what it is for ("Capitais", say). */
export interface SupportPhone {
  label: string;
  phone: string;
}

export interface EnvironmentConfig {
  /** Where the host lives: standalone remotes send foreign routes there. */
  portalUrl: string;
  services: Record<ServiceName, string>;
  /**
   * The provider's support phones, deployment data: absent until the provider supplies them, and
   * then a screen says how to reach support without a number
   * (docs/product-rules.md, "Environments and configuration").
   */
  supportPhones?: SupportPhone[];
  /**
   * The delivery app's store page, deployment data like the support phones: the provider's app
   * address is not in the documents, so without it the delivery screen offers no download link.
   */
  deliveryAppUrl?: string;
  /**
   * The telemetry collector (docs/telemetry.md, "What pages send"): where the host and a remote's own
   * page send their beacons; none, no telemetry. An http(s) address.
   */
  telemetry?: string;
}

export interface RuntimeConfigFile {
  productionHosts: string[];
  stagingHostPattern: string;
  environments: Record<EnvironmentName, EnvironmentConfig>;
}

export interface ActiveConfig extends EnvironmentConfig {
  environment: EnvironmentName;
}

const LOCAL_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]', '::1']);

/**
 * localhost: the sandbox. A host with a port, or a taxi-driver host: staging. The webview host:
 * production. Any other host is treated as staging, so an unknown host never hits production.
 */
export function selectEnvironment(location: { hostname: string; port: string }, file: RuntimeConfigFile): EnvironmentName {
  const hostname = location.hostname.toLowerCase();
  if (LOCAL_HOSTS.has(hostname)) return 'sandbox';
  if (location.port !== '') return 'staging';
  if (new RegExp(file.stagingHostPattern, 'i').test(hostname)) return 'staging';
  if (file.productionHosts.map((host) => host.toLowerCase()).includes(hostname)) return 'production';
  return 'staging';
}

function absolute(url: string, origin: string): string {
  const resolved = new URL(url, origin).toString();
  return resolved.endsWith('/') ? resolved : `${resolved}/`;
}

/** Only entries with a label and a number that has digits: a malformed one is never dialled. */
function supportPhonesOf(value: unknown): SupportPhone[] {
  if (!Array.isArray(value)) return [];
  return value.flatMap((item: unknown) => {
    const { label, phone } = (item ?? {}) as Partial<Record<keyof SupportPhone, unknown>>;
    return typeof label === 'string' && typeof phone === 'string' && /\d/.test(phone) ? [{ label, phone }] : [];
  });
}

/** Only an https address is ever offered as a link (a typo or a script address is no link). */
function httpsAddress(value: unknown): string | undefined {
  if (typeof value !== 'string') return undefined;
  try {
    const url = new URL(value);
    return url.protocol === 'https:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

/** An http(s) address, a path being on the page's own origin (the telemetry receiver's /telemetry/events), else none. */
function webAddress(value: unknown, origin: string): string | undefined {
  if (typeof value !== 'string' || value === '') return undefined;
  try {
    const url = new URL(value, origin);
    return url.protocol === 'https:' || url.protocol === 'http:' ? url.href : undefined;
  } catch {
    return undefined;
  }
}

let active: ActiveConfig | undefined;

export function applyRuntimeConfig(file: RuntimeConfigFile, location: Location | URL = window.location): ActiveConfig {
  const environment = selectEnvironment(location, file);
  const chosen = file.environments[environment];
  const services = Object.fromEntries(SERVICE_NAMES.map((name) => [name, absolute(chosen.services[name], location.origin)])) as Record<
    ServiceName,
    string
  >;
  active = {
    environment,
    portalUrl: chosen.portalUrl.replace(/\/$/, ''),
    services,
    supportPhones: supportPhonesOf(chosen.supportPhones),
    deliveryAppUrl: httpsAddress(chosen.deliveryAppUrl),
    telemetry: webAddress(chosen.telemetry, location.origin),
  };
  return active;
}

/** Fetches the configuration served beside the page, revalidated (the server answers no-cache: a 304 while unchanged). */
export async function loadRuntimeConfig(url = '/env.json'): Promise<ActiveConfig> {
  const response = await fetch(url, { credentials: 'omit' });
  if (!response.ok) throw new Error(`Runtime configuration unavailable (${response.status})`);
  return applyRuntimeConfig((await response.json()) as RuntimeConfigFile);
}

export function getConfig(): ActiveConfig {
  if (!active) throw new Error('Runtime configuration not loaded: call loadRuntimeConfig() at start-up');
  return active;
}

export function serviceBaseUrl(service: ServiceName): string {
  return getConfig().services[service];
}

/** For tests and the standalone pages of remotes. */
export function setActiveConfig(config: ActiveConfig): void {
  active = config;
}
