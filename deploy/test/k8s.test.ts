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
import { NAMESPACE, REDIS_CLIENT, ROLE, k8sObjects, k8sYaml, type K8sObject } from '../k8s.cjs';

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

  it('let only the apps reach the handoff, the apps and Prometheus reach telemetry, and only the Node services reach Redis', () => {
    const policies = ofKind('NetworkPolicy');
    // Nothing reaches a pod of the namespace that no policy opens.
    expect(policies.some((policy) => Object.keys(policy.spec.podSelector).length === 0 && policy.spec.ingress === undefined)).toBe(true);
    /** The pods whose traffic a policy admits to the given workload (namespace-local selectors only). */
    const admitted = (target: string) =>
      policies
        .filter((policy) => selected(policy.spec.podSelector.matchLabels).some((workload) => workload.metadata.name === target))
        .flatMap((policy) => policy.spec.ingress ?? [])
        .flatMap((rule: { from?: Array<{ podSelector?: { matchLabels: Record<string, string> }; namespaceSelector?: unknown }> }) =>
          (rule.from ?? [{ anyone: true }]).map((peer) =>
            'anyone' in peer
              ? ['anyone']
              : peer.namespaceSelector
                ? ['other namespace']
                : selected(peer.podSelector?.matchLabels).map((w) => w.metadata.name),
          ),
        )
        .flat();
    const appNames = APPS.map((app) => app.dir).sort();
    expect([...new Set(admitted('session-handoff'))].sort()).toEqual(appNames);
    expect([...new Set(admitted('telemetry'))].sort()).toEqual([...appNames, 'other namespace'].sort());
    expect([...new Set(admitted('redis'))].sort()).toEqual(['session-handoff', 'telemetry']);
    // Prometheus comes from its own namespace, to the receivers' port only.
    const prometheusRule = policies.flatMap((policy) => policy.spec.ingress ?? []).find((rule) => rule.from?.[0]?.namespaceSelector);
    expect(prometheusRule.from[0].namespaceSelector.matchLabels).toEqual({ 'kubernetes.io/metadata.name': 'monitoring' });
    expect(prometheusRule.ports).toEqual([{ protocol: 'TCP', port: 4010 }]);
    // The label that opens Redis is on the Node services' pods only.
    expect(
      workloads
        .filter((workload) => podLabels(workload)[REDIS_CLIENT] === 'true')
        .map((w) => w.metadata.name)
        .sort(),
    ).toEqual(['session-handoff', 'telemetry']);
    expect(workloads.filter((workload) => podLabels(workload)[ROLE] === 'app').length).toBe(APPS.length);
  });

  it('point the services at Redis and keep Redis a cache (no volume), and let Prometheus scrape the receivers', () => {
    for (const name of ['session-handoff', 'telemetry']) {
      const env = deployments.find((deployment) => deployment.metadata.name === name)!.spec.template.spec.containers[0].env as Array<{
        name: string;
        value?: string;
      }>;
      expect(env.find((variable) => variable.name === 'PORTAL_REDIS_URL')?.value).toBe(`redis://redis.${NAMESPACE}.svc:6379/0`);
    }
    const redis = ofKind('StatefulSet')[0]!;
    expect(redis.spec.volumeClaimTemplates).toBeUndefined();
    expect(redis.spec.template.spec.volumes).toBeUndefined();
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
