import { mkdtempSync, readdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { execFileSync } from 'node:child_process';
import { parseAllDocuments } from 'yaml';
import { ConfigMap, Namespace, Service } from 'kubernetes-models/v1';
import { Deployment, StatefulSet } from 'kubernetes-models/apps/v1';
import { PodDisruptionBudget } from 'kubernetes-models/policy/v1';
import { HorizontalPodAutoscaler } from 'kubernetes-models/autoscaling/v2';
import { NetworkPolicy } from 'kubernetes-models/networking.k8s.io/v1';
import { APPS } from '../../build-preset/apps.cjs';
import { CLUSTER_DEFAULTS, NAMESPACE, REDIS_CLIENT, ROLE, k8sObjects, k8sYaml, type K8sObject } from '../k8s.cjs';

const repo = join(__dirname, '..', '..');
/** The model class of each kind the generator emits: every object is validated by its own schema. */
const MODELS: Record<string, new (data: never) => { validate(): void }> = {
  'v1/Namespace': Namespace,
  'v1/ConfigMap': ConfigMap,
  'v1/Service': Service,
  'apps/v1/Deployment': Deployment,
  'apps/v1/StatefulSet': StatefulSet,
  'policy/v1/PodDisruptionBudget': PodDisruptionBudget,
  'autoscaling/v2/HorizontalPodAutoscaler': HorizontalPodAutoscaler,
  'networking.k8s.io/v1/NetworkPolicy': NetworkPolicy,
};

const objects = k8sObjects();
const ofKind = (kind: string) => objects.filter((object) => object.kind === kind);
const deployments = ofKind('Deployment');
const workloads = [...deployments, ...ofKind('StatefulSet')];
const podLabels = (workload: K8sObject) => workload.spec.template.metadata.labels as Record<string, string>;
const matches = (selector: Record<string, string>, labels: Record<string, string>) =>
  Object.entries(selector).every(([key, value]) => labels[key] === value);
/** The workloads whose pods a label selector (matchLabels; {} selects all) picks. */
const selected = (selector: Record<string, string> | undefined) =>
  workloads.filter((workload) => matches(selector ?? {}, podLabels(workload)));

type EnvVar = { name: string; value?: string; valueFrom?: { configMapKeyRef?: { name: string; key: string }; secretKeyRef?: unknown } };

/**
 * A pod as NetworkPolicies see it: its namespace and labels, or an address outside the cluster.
 * The namespace's workloads, and the pods around them the policies name.
 */
type Endpoint = { namespace: string; labels: Record<string, string> } | { address: string };
const endpoints: Record<string, Endpoint> = {
  ...Object.fromEntries(
    workloads.map((workload) => [workload.metadata.name as string, { namespace: NAMESPACE, labels: podLabels(workload) }]),
  ),
  'ingress controller': { namespace: CLUSTER_DEFAULTS.ingressNamespace, labels: CLUSTER_DEFAULTS.ingressPods },
  'pod of another namespace': { namespace: 'default', labels: { 'app.kubernetes.io/name': 'ingress-nginx' } },
  prometheus: { namespace: 'monitoring', labels: { 'app.kubernetes.io/name': 'prometheus' } },
  'kube-dns': { namespace: 'kube-system', labels: { 'k8s-app': 'kube-dns' } },
  provider: { address: '203.0.113.10' },
  'a private address': { address: '10.20.30.40' },
};
const ipv4 = (address: string) => address.split('.').reduce((sum, part) => sum * 256 + Number(part), 0);
const inCidr = (address: string, cidr: string) => {
  const [network = '', bits = '32'] = cidr.split('/');
  const size = 2 ** (32 - Number(bits));
  return Math.floor(ipv4(address) / size) === Math.floor(ipv4(network) / size);
};
type Peer = {
  podSelector?: { matchLabels?: Record<string, string> };
  namespaceSelector?: { matchLabels?: Record<string, string> };
  ipBlock?: { cidr: string; except?: string[] };
};
/** Whether a policy's peer (of a policy in NAMESPACE) is this endpoint, as the NetworkPolicy API defines it. */
function peerIs(peer: Peer, endpoint: Endpoint) {
  if ('address' in endpoint)
    return (
      peer.ipBlock !== undefined &&
      inCidr(endpoint.address, peer.ipBlock.cidr) &&
      !(peer.ipBlock.except ?? []).some((cidr) => inCidr(endpoint.address, cidr))
    );
  if (peer.ipBlock) return false;
  const namespaceOk = peer.namespaceSelector
    ? matches(peer.namespaceSelector.matchLabels ?? {}, { 'kubernetes.io/metadata.name': endpoint.namespace })
    : endpoint.namespace === NAMESPACE;
  return namespaceOk && matches(peer.podSelector?.matchLabels ?? {}, endpoint.labels);
}
const selects = (policy: K8sObject, workload: K8sObject) => matches(policy.spec.podSelector.matchLabels ?? {}, podLabels(workload));
type Rule = { from?: Peer[]; to?: Peer[]; ports?: Array<{ protocol: string; port: number }> };
/**
 * Whether `from` may open a TCP (or, for 53, UDP) connection to `to` on `port`: allowed by the
 * egress of every policy kind that selects the caller (when it is of the namespace) and by the
 * ingress of those that select the callee (likewise).
 */
function opens(from: string, to: string, port: number) {
  const source = endpoints[from]!;
  const target = endpoints[to]!;
  const policies = ofKind('NetworkPolicy');
  const allowedBy = (endpoint: Endpoint, kind: 'Ingress' | 'Egress', other: Endpoint) => {
    if ('address' in endpoint || endpoint.namespace !== NAMESPACE) return true;
    const applying = policies.filter(
      (policy) => policy.spec.policyTypes.includes(kind) && matches(policy.spec.podSelector.matchLabels ?? {}, endpoint.labels),
    );
    if (applying.length === 0) return true;
    return applying.some((policy) =>
      ((kind === 'Ingress' ? policy.spec.ingress : policy.spec.egress) ?? []).some(
        (rule: Rule) =>
          (rule.ports ?? [{ protocol: 'TCP', port }]).some((open) => open.port === port) &&
          ((kind === 'Ingress' ? rule.from : rule.to) ?? [{}]).some((peer) => peerIs(peer, other)),
      ),
    );
  };
  return allowedBy(source, 'Egress', target) && allowedBy(target, 'Ingress', source);
}

describe('the Kubernetes objects generated from apps.json', () => {
  it('are each valid against their Kubernetes schema (kubernetes-models)', () => {
    expect(objects.length).toBeGreaterThan(20);
    for (const object of objects) {
      const Model = MODELS[`${object.apiVersion}/${object.kind}`];
      expect([object.kind, object.metadata.name, Model !== undefined]).toEqual([object.kind, object.metadata.name, true]);
      expect(() => new Model!(object as never).validate()).not.toThrow();
    }
    // The validation is not vacuous: a port that is not a number, a probe with no handler field
    // spelled right, are refused.
    const broken = structuredClone(deployments[0]!);
    broken.spec.template.spec.containers[0].ports[0].containerPort = 'eighty';
    expect(() => new Deployment(broken as never).validate()).toThrow(/containerPort/);
    const misspelt = structuredClone(ofKind('PodDisruptionBudget')[0]!);
    misspelt.spec.maxUnavailable = { one: 1 };
    expect(() => new PodDisruptionBudget(misspelt as never).validate()).toThrow();
  });

  it('run every app of apps.json, the handoff exchange and the telemetry receiver as Deployments of at least two replicas, with probes', () => {
    const names = deployments.map((deployment) => deployment.metadata.name).sort();
    expect(names).toEqual([...APPS.map((app) => app.dir), 'session-handoff', 'telemetry'].sort());
    for (const deployment of deployments) {
      const [container, ...others] = deployment.spec.template.spec.containers;
      expect(others).toEqual([]);
      expect([deployment.metadata.name, deployment.spec.replicas >= 2]).toEqual([deployment.metadata.name, true]);
      // A rollout never goes below the replicas asked for.
      expect(deployment.spec.strategy.rollingUpdate.maxUnavailable).toBe(0);
      for (const probe of [container.readinessProbe, container.livenessProbe]) {
        expect(probe.httpGet.port).toBe('http');
        expect(container.ports.map((port: { name: string }) => port.name)).toContain('http');
      }
      expect(container.resources.requests).toEqual(expect.objectContaining({ cpu: expect.any(String), memory: expect.any(String) }));
      expect(container.resources.limits.memory).toEqual(expect.any(String));
      expect(container.securityContext.allowPrivilegeEscalation).toBe(false);
      expect(container.securityContext.capabilities.drop).toEqual(['ALL']);
    }
    // Every service answers /healthz (the balancers' check, as in Compose).
    for (const deployment of deployments) {
      expect(deployment.spec.template.spec.containers[0].readinessProbe.httpGet.path).toBe('/healthz');
    }
    // The Node services run as no root; nginx's master needs root to render and bind (k8s.cjs).
    for (const name of ['session-handoff', 'telemetry']) {
      const container = deployments.find((deployment) => deployment.metadata.name === name)!.spec.template.spec.containers[0];
      expect(container.securityContext).toMatchObject({ runAsNonRoot: true, readOnlyRootFilesystem: true });
    }
  });

  it('give every Deployment a PodDisruptionBudget and an autoscaler that keep at least two replicas', () => {
    for (const deployment of deployments) {
      const name = deployment.metadata.name;
      const budgets = ofKind('PodDisruptionBudget').filter((pdb) => selected(pdb.spec.selector.matchLabels).includes(deployment));
      expect([name, budgets.length]).toEqual([name, 1]);
      // One replica of two may go: never all of them.
      expect(budgets[0]!.spec.maxUnavailable).toBeLessThan(deployment.spec.replicas);
      const scalers = ofKind('HorizontalPodAutoscaler').filter((hpa) => hpa.spec.scaleTargetRef.name === name);
      expect([name, scalers.length]).toEqual([name, 1]);
      expect(scalers[0]!.spec.minReplicas).toBeGreaterThanOrEqual(2);
      expect(scalers[0]!.spec.maxReplicas).toBeGreaterThan(scalers[0]!.spec.minReplicas);
    }
  });

  it('give every Service pods that exist, on a port they listen on', () => {
    for (const svc of ofKind('Service')) {
      const targets = selected(svc.spec.selector);
      expect([svc.metadata.name, targets.length]).toEqual([svc.metadata.name, 1]);
      const ports = targets[0]!.spec.template.spec.containers[0].ports.map((port: { containerPort: number }) => port.containerPort);
      for (const port of svc.spec.ports) expect(ports).toContain(port.targetPort);
    }
    // Every app's pods are behind a Service of its name, the handoff and telemetry likewise.
    expect(
      ofKind('Service')
        .map((svc) => svc.metadata.name)
        .sort(),
    ).toEqual([...APPS.map((app) => app.dir), 'redis', 'session-handoff', 'telemetry'].sort());
  });

  it('deny every pod of the namespace all ingress and all egress, then open each door as a pair: the caller may send, the callee may receive', () => {
    const policies = ofKind('NetworkPolicy');
    const denyAll = policies.find((policy) => Object.keys(policy.spec.podSelector).length === 0 && policy.spec.ingress === undefined);
    expect(denyAll?.spec.policyTypes).toEqual(['Ingress', 'Egress']);
    expect(denyAll?.spec.egress).toBeUndefined();
    // Every workload is selected by a policy of both kinds.
    for (const workload of workloads)
      for (const kind of ['Ingress', 'Egress'])
        expect([
          workload.metadata.name,
          kind,
          policies.some((policy) => policy.spec.policyTypes.includes(kind) && selects(policy, workload)),
        ]).toEqual([workload.metadata.name, kind, true]);
    const app = APPS.find((entry) => entry.kind === 'remote')!.dir;
    const doors: Array<[from: string, to: string, port: number, open: boolean]> = [
      ['ingress controller', app, 80, true],
      ['ingress controller', 'host', 80, true],
      // Any other pod, of this namespace or another, reaches no app: X-Forwarded-For comes from the ingress only.
      ['pod of another namespace', app, 80, false],
      ['session-handoff', app, 80, false],
      ['redis', 'host', 80, false],
      ['prometheus', app, 80, false],
      [app, 'session-handoff', 4011, true],
      ['host', 'session-handoff', 4011, true],
      [app, 'telemetry', 4010, true],
      ['prometheus', 'telemetry', 4010, true],
      ['telemetry', 'host', 80, true],
      ['telemetry', app, 80, false],
      // The internal limit endpoint (the handoff's port) answers the apps' nginx only.
      ['telemetry', 'session-handoff', 4011, false],
      ['ingress controller', 'session-handoff', 4011, false],
      ['pod of another namespace', 'session-handoff', 4011, false],
      ['ingress controller', 'telemetry', 4010, false],
      ['session-handoff', 'telemetry', 4010, false],
      // Redis: the handoff only.
      ['session-handoff', 'redis', 6379, true],
      ['telemetry', 'redis', 6379, false],
      [app, 'redis', 6379, false],
      ['ingress controller', 'redis', 6379, false],
      ['pod of another namespace', 'redis', 6379, false],
      // The provider's public services on 443: the apps and the handoff only; no private address.
      [app, 'provider', 443, true],
      ['session-handoff', 'provider', 443, true],
      [app, 'a private address', 443, false],
      ['telemetry', 'provider', 443, false],
      ['redis', 'provider', 443, false],
      [app, 'provider', 80, false],
      // Names resolve for every pod; nothing else of kube-system is reached.
      ...workloads.map((workload) => [workload.metadata.name, 'kube-dns', 53, true] as [string, string, number, boolean]),
      [app, 'kube-dns', 443, false],
    ];
    const seen = doors.map(([from, to, port]) => [from, to, port, opens(from, to, port)]);
    expect(seen).toEqual(doors);
  });

  it('keep the Redis label off the receivers (they never use Redis) and give the handoff its own Redis user and password', () => {
    expect(
      workloads
        .filter((workload) => podLabels(workload)[REDIS_CLIENT] === 'true')
        .map((w) => w.metadata.name)
        .sort(),
    ).toEqual(['session-handoff']);
    expect(workloads.filter((workload) => podLabels(workload)[ROLE] === 'app').length).toBe(APPS.length);
    const env = (name: string) =>
      workloads.find((workload) => workload.metadata.name === name)!.spec.template.spec.containers[0].env as EnvVar[];
    const handoff = env('session-handoff');
    const password = handoff.findIndex((variable) => variable.name === 'PORTAL_REDIS_PASSWORD_HANDOFF');
    const url = handoff.findIndex((variable) => variable.name === 'PORTAL_REDIS_URL');
    expect(handoff[password]?.valueFrom).toEqual({ secretKeyRef: { name: 'driver-portal-secrets', key: 'PORTAL_REDIS_PASSWORD_HANDOFF' } });
    // Kubernetes expands $(NAME) only from a variable listed before it.
    expect(password).toBeGreaterThanOrEqual(0);
    expect(password).toBeLessThan(url);
    expect(handoff[url]?.value).toBe(`redis://handoff:$(PORTAL_REDIS_PASSWORD_HANDOFF)@redis.${NAMESPACE}.svc:6379/0`);
    expect(env('telemetry').map((variable) => variable.name)).not.toContain('PORTAL_REDIS_URL');
    // Redis gets the same password (its entrypoint writes the hash) and pings as that user.
    expect(env('redis')).toEqual([handoff[password]]);
    const redis = ofKind('StatefulSet')[0]!.spec.template.spec.containers[0];
    expect(redis.readinessProbe.exec.command).toEqual(['/usr/local/bin/portal-redis-healthz']);
    expect(redis.volumeMounts).toEqual([{ name: 'tmp', mountPath: '/tmp' }]);
  });

  it('believe forwarded addresses from the one proxy in front: the apps from the ingress controller, the handoff and receivers from the pods', () => {
    const value = (name: string, key: string) =>
      (workloads.find((workload) => workload.metadata.name === name)!.spec.template.spec.containers[0].env as EnvVar[]).find(
        (variable) => variable.name === key,
      )?.value;
    for (const app of APPS) expect([app.dir, value(app.dir, 'PORTAL_TRUSTED_PROXIES')]).toEqual([app.dir, CLUSTER_DEFAULTS.ingressProxies]);
    expect(value('session-handoff', 'PORTAL_HANDOFF_TRUSTED_PROXIES')).toBe(CLUSTER_DEFAULTS.podNetwork);
    expect(value('telemetry', 'TELEMETRY_TRUSTED_PROXIES')).toBe(CLUSTER_DEFAULTS.podNetwork);
    // Not every private range, as before.
    expect(JSON.stringify(objects)).not.toContain('172.16.0.0/12 192.168.0.0/16');
    // One configuration moves them all, with the ingress's namespace of the apps' policy.
    const other = k8sObjects({ ingressProxies: '10.8.3.0/24', podNetwork: '10.8.0.0/16', ingressNamespace: 'edge-system' });
    const otherApps = other.find((object) => object.kind === 'NetworkPolicy' && object.metadata.name === 'apps')!;
    expect(otherApps.spec.ingress[0].from[0].namespaceSelector.matchLabels).toEqual({ 'kubernetes.io/metadata.name': 'edge-system' });
    const hostEnv = other.find((object) => object.kind === 'Deployment' && object.metadata.name === 'host')!.spec.template.spec
      .containers[0].env as EnvVar[];
    expect(hostEnv.find((variable) => variable.name === 'PORTAL_TRUSTED_PROXIES')?.value).toBe('10.8.3.0/24');
  });

  it('give every app the public origins of the one configuration (issue 45, 7: without them every proxied call with an Origin was refused)', () => {
    const origins = ofKind('ConfigMap').find((map) => map.metadata.name === 'driver-portal-origins')!.data as Record<string, string>;
    const originOf = (dir: string) => `https://${dir}.${CLUSTER_DEFAULTS.domain}`;
    expect(origins.PORTAL_ORIGINS!.split(' ')).toEqual(APPS.map((app) => originOf(app.dir)));
    const appRegex = new RegExp(`^(?:${origins.PORTAL_APP_ORIGINS_REGEX})$`);
    for (const app of APPS) expect([app.dir, appRegex.test(originOf(app.dir))]).toEqual([app.dir, true]);
    // A look-alike is no portal origin (the dots are escaped, the match whole).
    expect(appRegex.test(`https://hostxmotorista.provedor.invalid`)).toBe(false);
    expect(appRegex.test(`${originOf('host')}.attacker.example`)).toBe(false);
    const remotes = JSON.parse(origins.PORTAL_REMOTES_JSON!) as Array<{ name: string; manifest: string }>;
    expect(remotes.map((remote) => remote.manifest)).toEqual(
      APPS.filter((app) => app.kind === 'remote').map((app) => `${originOf(app.dir)}/mf-manifest.json`),
    );
    for (const deployment of deployments) {
      const env = deployment.spec.template.spec.containers[0].env as EnvVar[];
      const fromOrigins = env.filter((variable) => variable.valueFrom?.configMapKeyRef?.name === 'driver-portal-origins');
      // Every key read exists in the map.
      for (const variable of fromOrigins) expect(Object.keys(origins)).toContain(variable.valueFrom!.configMapKeyRef!.key);
      const name = deployment.metadata.name as string;
      const app = APPS.find((entry) => entry.dir === name);
      if (!app) continue;
      const names = fromOrigins.map((variable) => variable.name);
      expect([name, names.includes('PORTAL_APP_ORIGINS_REGEX')]).toEqual([name, true]);
      expect([name, names.includes(app.kind === 'host' ? 'PORTAL_REMOTES_JSON' : 'PORTAL_HOST_ORIGINS_REGEX')]).toEqual([name, true]);
    }
    // Another domain moves every one of them.
    const moved = k8sObjects({ domain: 'portal.example.com.br' }).find((object) => object.metadata.name === 'driver-portal-origins')!;
    expect(moved.data.PORTAL_ORIGINS).toContain('https://host.portal.example.com.br');
    expect(moved.data.PORTAL_APP_ORIGINS_REGEX).toContain('https://host\\.portal\\.example\\.com\\.br');
  });

  it('keep Redis a cache (no volume but its ACL file in memory), and let Prometheus scrape the receivers', () => {
    const redis = ofKind('StatefulSet')[0]!;
    expect(redis.spec.volumeClaimTemplates).toBeUndefined();
    expect(redis.spec.template.spec.volumes).toEqual([{ name: 'tmp', emptyDir: { medium: 'Memory', sizeLimit: '1Mi' } }]);
    const telemetry = deployments.find((deployment) => deployment.metadata.name === 'telemetry')!;
    expect(telemetry.spec.template.metadata.annotations).toEqual({
      'prometheus.io/scrape': 'true',
      'prometheus.io/port': '4010',
      'prometheus.io/path': '/metrics',
    });
    const scrape = ofKind('ConfigMap').find((map) => map.metadata.name === 'driver-portal-prometheus-scrape')!;
    expect(scrape.data['portal-telemetry.yml']).toContain('__meta_kubernetes_pod_annotation_prometheus_io_scrape');
    // No secret's value is generated: the apps read them from a Secret the deployer makes.
    expect(ofKind('Secret')).toEqual([]);
    expect(JSON.stringify(objects)).not.toMatch(/Basic [A-Za-z0-9+/=]{8,}/);
  });

  it('print as one YAML stream that reads back as generated, and write one file per object with --out', () => {
    const documents = parseAllDocuments(k8sYaml()).map((document) => document.toJS());
    expect(documents).toEqual(JSON.parse(JSON.stringify(objects)));
    const out = mkdtempSync(join(tmpdir(), 'portal-k8s-'));
    execFileSync(process.execPath, [join(repo, 'deploy', 'k8s.cjs'), '--out', out], { stdio: 'pipe' });
    const files = readdirSync(out);
    expect(files).toHaveLength(objects.length);
    expect(readFileSync(join(out, files[0]!), 'utf8')).toContain('kind: Namespace');
  });
});
