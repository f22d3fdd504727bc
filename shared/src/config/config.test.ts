import Ajv from 'ajv';
import { applyRuntimeConfig, selectEnvironment, SERVICE_NAMES, type RuntimeConfigFile } from '.';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// The file every app serves as /env.json.
const raw = readFileSync(join(__dirname, '../../../config/env.json'), 'utf8');
const config = JSON.parse(raw) as RuntimeConfigFile;
const at = (url: string) => new URL(url);

describe('environment by host name', () => {
  it.each([
    ['http://localhost:3000/App', 'sandbox'],
    ['http://127.0.0.1:3001/notifications/list/', 'sandbox'],
    ['https://portal.provedor.com.br:8443/App', 'staging'],
    ['https://taxista.provedor.com.br/App', 'staging'],
    ['https://motorista.webview.provedor.com.br/App', 'production'],
    ['https://desconhecido.example.com/App', 'staging'],
  ])('%s is %s', (url, environment) => {
    expect(selectEnvironment(at(url), config)).toBe(environment);
  });

  it('resolves every service URL, relative ones against the page origin', () => {
    const active = applyRuntimeConfig(config, at('https://motorista.webview.provedor.com.br/App'));
    expect(active.environment).toBe('production');
    expect(active.services.statement).toBe('https://motorista.webview.provedor.com.br/statement/');
    expect(Object.keys(active.services).sort()).toEqual([
      'card',
      'communication',
      'core',
      'eula',
      'insurance',
      'register',
      'statement',
      'zipLookup',
    ]);
  });

  it('sends telemetry to /telemetry/events of the page’s own origin in every environment (no other origin in the CSP)', () => {
    for (const url of [
      'http://localhost:3000/App',
      'http://localhost:3001/notifications/list/',
      'https://motorista.webview.provedor.com.br/App',
    ]) {
      expect(applyRuntimeConfig(config, at(url)).telemetry).toBe(`${new URL(url).origin}/telemetry/events`);
    }
    const withTelemetry = (telemetry: unknown): RuntimeConfigFile => ({
      ...config,
      environments: { ...config.environments, production: { ...config.environments.production, telemetry } as never },
    });
    for (const bad of ['javascript:alert(1)', 42, '']) {
      expect(applyRuntimeConfig(withTelemetry(bad), at('https://motorista.webview.provedor.com.br/App')).telemetry).toBeUndefined();
    }
  });

  it('gives the support phones only where an environment lists them: samples in the sandbox, none in staging or production yet', () => {
    expect(applyRuntimeConfig(config, at('http://localhost:3000/App')).supportPhones).toEqual([
      { label: 'Capitais e regiões metropolitanas', phone: '4003 0000' },
      { label: 'Demais localidades', phone: '0800 000 0000' },
    ]);
    expect(applyRuntimeConfig(config, at('https://taxista.provedor.com.br/App')).supportPhones).toEqual([]);
    expect(applyRuntimeConfig(config, at('https://motorista.webview.provedor.com.br/App')).supportPhones).toEqual([]);
  });

  it("offers the delivery app's store page only where configured, and only an https address", () => {
    expect(applyRuntimeConfig(config, at('http://localhost:3000/App')).deliveryAppUrl).toMatch(/^https:\/\/play\.google\.com\//);
    expect(applyRuntimeConfig(config, at('https://motorista.webview.provedor.com.br/App')).deliveryAppUrl).toBeUndefined();
    const production = (deliveryAppUrl: unknown): RuntimeConfigFile => ({
      ...config,
      environments: { ...config.environments, production: { ...config.environments.production, deliveryAppUrl } as never },
    });
    for (const bad of ['javascript:alert(1)', 'http://loja.example/app', 'não é endereço', 42]) {
      expect(applyRuntimeConfig(production(bad), at('https://motorista.webview.provedor.com.br/App')).deliveryAppUrl).toBeUndefined();
    }
  });

  it('drops a support phone without a label or a number, and a list that is not one', () => {
    const withPhones = (supportPhones: unknown): RuntimeConfigFile => ({
      ...config,
      environments: { ...config.environments, production: { ...config.environments.production, supportPhones } as never },
    });
    const production = at('https://motorista.webview.provedor.com.br/App');
    const phones = [{ label: 'Suporte', phone: '0800 123 4567' }, { label: 'Sem número', phone: '—' }, { phone: '4004 1234' }, null, 'x'];
    expect(applyRuntimeConfig(withPhones(phones), production).supportPhones).toEqual([{ label: 'Suporte', phone: '0800 123 4567' }]);
    expect(applyRuntimeConfig(withPhones('0800 123 4567'), production).supportPhones).toEqual([]);
  });

  it('holds no credential for any environment', () => {
    expect(raw).not.toMatch(/basic|secret|password|senha/i);
  });
});

describe('env.json and its schema (config/env.schema.json, where each field is explained)', () => {
  const schema = JSON.parse(readFileSync(join(__dirname, '../../../config/env.schema.json'), 'utf8')) as {
    definitions: { environment: { properties: Record<string, unknown> & { services: { required: string[] } } } };
  };
  const validate = new Ajv({ allErrors: true }).compile(schema);

  it('the file names the schema and passes it', () => {
    expect((config as unknown as { $schema: string }).$schema).toBe('./env.schema.json');
    expect(validate(config) ? [] : validate.errors).toEqual([]);
  });

  it('the schema explains exactly the fields the reader reads, and every service', () => {
    const { properties } = schema.definitions.environment;
    expect(Object.keys(properties).sort()).toEqual(['deliveryAppUrl', 'portalUrl', 'services', 'supportPhones', 'telemetry']);
    expect(Object.keys(applyRuntimeConfig(config, at('http://localhost:3000/App'))).sort()).toEqual(
      ['environment', ...Object.keys(properties)].sort(),
    );
    expect([...properties.services.required].sort()).toEqual([...SERVICE_NAMES].sort());
  });

  it('refuses what the reader could not use (the check can fail)', () => {
    const sandbox = config.environments.sandbox;
    const { core: _core, ...withoutCore } = sandbox.services;
    const broken = { ...config, environments: { ...config.environments, sandbox: { ...sandbox, services: withoutCore } } };
    expect(validate(broken)).toBe(false);
    expect(validate({ ...config, environments: { ...config.environments, staging: { ...sandbox, deliveryAppUrl: 'http://x' } } })).toBe(
      false,
    );
    expect(validate({ ...config, extra: true })).toBe(false);
    // The host's release settings (host/src/federation/remote-registry.ts) are the file's too.
    expect(validate({ ...config, releases: { revalidateSeconds: 30 } })).toBe(true);
    expect(validate({ ...config, releases: { revalidateSeconds: -1 } })).toBe(false);
  });
});
