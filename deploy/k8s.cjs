// @ts-check
/**
 * The deployment described for a cluster: Kubernetes objects generated from apps.json (the one
 * list of apps), as docker-compose.yml's services are (deploy/compose.cjs). `npm run k8s` prints
 * them as one YAML stream (`kubectl apply -f -`); `npm run k8s -- --out <dir>` writes one file per
 * object. deploy/test/k8s.test.ts validates every object against the Kubernetes schemas
 * (kubernetes-models) and checks what a deployer would notice (probes, replicas, budgets,
 * selectors, who may reach whom).
 *
 * What the deployer supplies: the images (PORTAL_IMAGE_PREFIX, PORTAL_VERSION), a Secret
 * `driver-portal-secrets` with STATEMENT_BASIC_AUTH and PORTAL_COHORT_SECRET (never generated
 * here), the provider's service URLs in the ConfigMap `driver-portal-upstreams` (placeholders
 * here), an ingress or load balancer for the apps' public host names, and a Prometheus in the
 * namespace `monitoring` (the receivers' scrape job is in the ConfigMap
 * `driver-portal-prometheus-scrape`, and their pods carry the prometheus.io annotations).
 *
 * The canary stays in the portal's own remote list (release:remote --canary, decided per driver
 * cohort by the host's nginx), not Argo Rollouts or Flagger: a remote's release is a folder of
 * static files that every replica of that remote serves beside the live one, so a canary needs no
 * new pods, and the unit that must not flip is the driver (a signed cohort cookie keeps one driver
 * on one release for every request and every replica), where Rollouts and Flagger split requests
 * or pods by weight. The same PromQL decides (release:remote --watch reads Prometheus, wherever it
 * runs: a CI job against the cluster's Prometheus); nothing here needs a controller.
 */
const { mkdirSync, writeFileSync } = require('node:fs');
const { join } = require('node:path');
const { stringify } = require('yaml');
const { APPS, HOST } = require('../build-preset/apps.cjs');

const NAMESPACE = 'driver-portal';
const PART_OF = 'driver-portal';
const MONITORING_NAMESPACE = 'monitoring';
/** Labels that say which pods may talk to which (the NetworkPolicies below select on them). */
const ROLE = 'portal.provedor.com.br/role';
const REDIS_CLIENT = 'portal.provedor.com.br/redis-client';

/** @typedef {Record<string, any>} K8sObject */
/** @typedef {{ imagePrefix?: string, version?: string, replicas?: number, maxReplicas?: number }} K8sOptions */

const HANDOFF = { name: 'session-handoff', port: 4011 };
const TELEMETRY = { name: 'telemetry', port: 4010 };
const REDIS = { name: 'redis', port: 6379 };

const labelsOf = (/** @type {string} */ name, /** @type {string} */ role) => ({
  'app.kubernetes.io/name': name,
  'app.kubernetes.io/part-of': PART_OF,
  [ROLE]: role,
});
const selectorOf = (/** @type {string} */ name) => ({ 'app.kubernetes.io/name': name, 'app.kubernetes.io/part-of': PART_OF });
const meta = (/** @type {string} */ name, /** @type {Record<string, string>} */ labels) => ({ name, namespace: NAMESPACE, labels });

/** The provider's services each app's nginx proxies to: placeholders the deployer replaces. */
const UPSTREAMS = {
  PORTAL_STATEMENT_UPSTREAM: 'https://statement.provedor.invalid/statement/',
  PORTAL_STATEMENT_AUTH_URL: 'https://api.provedor.invalid/motorista/notificacoes/lista',
  PORTAL_REGISTER_UPSTREAM: 'https://register.provedor.invalid/',
  PORTAL_INSURANCE_UPSTREAM: 'https://insurance.provedor.invalid/',
  PORTAL_CARD_UPSTREAM: 'https://card.provedor.invalid/',
  PORTAL_DRIVER_AUTH_URL: 'https://api.provedor.invalid/motorista/auth/driver',
};
const REDIS_URL = `redis://${REDIS.name}.${NAMESPACE}.svc:${REDIS.port}/0`;

/** Node services: no root, no writes outside /tmp, no capabilities. */
const nodeSecurity = {
  runAsNonRoot: true,
  runAsUser: 1000,
  runAsGroup: 1000,
  allowPrivilegeEscalation: false,
  readOnlyRootFilesystem: true,
  capabilities: { drop: ['ALL'] },
};
/**
 * The app images' nginx: its master renders the templates into /etc/nginx at start and binds
 * port 80 as root, then its workers run as www-data (Debian's nginx.conf), so the pod cannot be
 * runAsNonRoot; it keeps only the capabilities that needs.
 */
const nginxSecurity = {
  allowPrivilegeEscalation: false,
  capabilities: { drop: ['ALL'], add: ['CHOWN', 'NET_BIND_SERVICE', 'SETGID', 'SETUID'] },
};

/**
 * @param {{ name: string, role: string, image: string, port: number, env: any[], probePath: string,
 *   security: Record<string, unknown>, resources: Record<string, unknown>, replicas: number,
 *   annotations?: Record<string, string>, extraLabels?: Record<string, string>, tmp?: boolean }} spec
 */
function deployment({ name, role, image, port, env, probePath, security, resources, replicas, annotations, extraLabels = {}, tmp }) {
  const labels = { ...labelsOf(name, role), ...extraLabels };
  const probe = { httpGet: { path: probePath, port: 'http' }, periodSeconds: 10, timeoutSeconds: 3 };
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: meta(name, labels),
    spec: {
      replicas,
      selector: { matchLabels: selectorOf(name) },
      // One replica at a time, never fewer than the replicas asked for during a rollout.
      strategy: { type: 'RollingUpdate', rollingUpdate: { maxUnavailable: 0, maxSurge: 1 } },
      template: {
        metadata: { labels, ...(annotations ? { annotations } : {}) },
        spec: {
          automountServiceAccountToken: false,
          securityContext: { seccompProfile: { type: 'RuntimeDefault' } },
          // Replicas on different nodes where the cluster has several.
          topologySpreadConstraints: [
            {
              maxSkew: 1,
              topologyKey: 'kubernetes.io/hostname',
              whenUnsatisfiable: 'ScheduleAnyway',
              labelSelector: { matchLabels: selectorOf(name) },
            },
          ],
          containers: [
            {
              name,
              image,
              ports: [{ name: 'http', containerPort: port, protocol: 'TCP' }],
              env,
              readinessProbe: { ...probe, failureThreshold: 2 },
              livenessProbe: { ...probe, initialDelaySeconds: 10, failureThreshold: 3 },
              resources,
              securityContext: security,
              ...(tmp ? { volumeMounts: [{ name: 'tmp', mountPath: '/tmp' }] } : {}),
            },
          ],
          ...(tmp ? { volumes: [{ name: 'tmp', emptyDir: { sizeLimit: '64Mi' } }] } : {}),
        },
      },
    },
  };
}

const service = (/** @type {string} */ name, /** @type {string} */ role, /** @type {number} */ port) => ({
  apiVersion: 'v1',
  kind: 'Service',
  metadata: meta(name, labelsOf(name, role)),
  spec: { type: 'ClusterIP', selector: selectorOf(name), ports: [{ name: 'http', port, targetPort: port, protocol: 'TCP' }] },
});

/** At most one replica down for a drain or an upgrade: with two, one always serves. */
const budget = (/** @type {string} */ name, /** @type {string} */ role) => ({
  apiVersion: 'policy/v1',
  kind: 'PodDisruptionBudget',
  metadata: meta(name, labelsOf(name, role)),
  spec: { maxUnavailable: 1, selector: { matchLabels: selectorOf(name) } },
});

const autoscaler = (/** @type {string} */ name, /** @type {string} */ role, /** @type {number} */ min, /** @type {number} */ max) => ({
  apiVersion: 'autoscaling/v2',
  kind: 'HorizontalPodAutoscaler',
  metadata: meta(name, labelsOf(name, role)),
  spec: {
    scaleTargetRef: { apiVersion: 'apps/v1', kind: 'Deployment', name },
    minReplicas: min,
    maxReplicas: max,
    metrics: [{ type: 'Resource', resource: { name: 'cpu', target: { type: 'Utilization', averageUtilization: 70 } } }],
  },
});

const secretEnv = (/** @type {string} */ key) => ({ name: key, valueFrom: { secretKeyRef: { name: 'driver-portal-secrets', key } } });
const upstreamEnv = (/** @type {string} */ key) => ({
  name: key,
  valueFrom: { configMapKeyRef: { name: 'driver-portal-upstreams', key } },
});

/**
 * Every object of the deployment, in the order `kubectl apply` wants them (namespace first).
 * @param {K8sOptions} [options]
 * @returns {K8sObject[]}
 */
function k8sObjects({ imagePrefix = 'driver-portal/', version = 'local', replicas = 2, maxReplicas = 10 } = {}) {
  const image = (/** @type {string} */ name) => `${imagePrefix}${name}:${version}`;
  /** A Deployment with what every one of them has beside it: its Service, budget and autoscaler. @param {Parameters<typeof deployment>[0]} spec */
  const workload = (spec) => [
    deployment(spec),
    service(spec.name, spec.role, spec.port),
    budget(spec.name, spec.role),
    autoscaler(spec.name, spec.role, replicas, maxReplicas),
  ];
  const inCluster = (/** @type {string} */ name, /** @type {number} */ port) => `http://${name}.${NAMESPACE}.svc:${port}`;
  /** @type {K8sObject[]} */
  const objects = [
    { apiVersion: 'v1', kind: 'Namespace', metadata: { name: NAMESPACE, labels: { 'app.kubernetes.io/part-of': PART_OF } } },
    {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: meta('driver-portal-upstreams', { 'app.kubernetes.io/part-of': PART_OF }),
      data: UPSTREAMS,
    },
  ];
  const nginxResources = { requests: { cpu: '50m', memory: '64Mi' }, limits: { memory: '128Mi' } };
  const nodeResources = { requests: { cpu: '100m', memory: '128Mi' }, limits: { memory: '256Mi' } };
  for (const app of APPS) {
    const env = [
      ...Object.keys(UPSTREAMS).map(upstreamEnv),
      secretEnv('STATEMENT_BASIC_AUTH'),
      secretEnv('PORTAL_COHORT_SECRET'),
      { name: 'PORTAL_TELEMETRY_UPSTREAM', value: inCluster(TELEMETRY.name, TELEMETRY.port) },
      { name: 'PORTAL_HANDOFF_UPSTREAM', value: inCluster(HANDOFF.name, HANDOFF.port) },
      ...(app.kind === 'host' || app.camera ? [{ name: 'PORTAL_CAMERA_ALLOWLIST', value: 'self' }] : []),
    ];
    objects.push(
      ...workload({
        name: app.dir,
        role: 'app',
        image: image(app.dir),
        port: 80,
        env,
        probePath: '/healthz',
        security: nginxSecurity,
        resources: nginxResources,
        replicas,
      }),
    );
  }
  const redisClient = { [REDIS_CLIENT]: 'true' };
  objects.push(
    ...workload({
      name: HANDOFF.name,
      role: 'handoff',
      image: image(HANDOFF.name),
      port: HANDOFF.port,
      env: [
        { name: 'PORTAL_HANDOFF_LISTEN', value: `0.0.0.0:${HANDOFF.port}` },
        { name: 'PORTAL_HANDOFF_ORIGINS', valueFrom: { configMapKeyRef: { name: 'driver-portal-origins', key: 'PORTAL_ORIGINS' } } },
        { name: 'PORTAL_REDIS_URL', value: REDIS_URL },
      ],
      probePath: '/healthz',
      security: nodeSecurity,
      resources: nodeResources,
      replicas,
      extraLabels: redisClient,
    }),
    ...workload({
      name: TELEMETRY.name,
      role: 'telemetry',
      image: image(TELEMETRY.name),
      port: TELEMETRY.port,
      env: [
        { name: 'TELEMETRY_LISTEN', value: String(TELEMETRY.port) },
        { name: 'TELEMETRY_REMOTE_LIST_URL', value: `${inCluster(HOST.dir, 80)}/remotes.json` },
        { name: 'TELEMETRY_PORTAL_ORIGINS', valueFrom: { configMapKeyRef: { name: 'driver-portal-origins', key: 'PORTAL_ORIGINS' } } },
        // The apps' pods: the cluster's pod network (the deployer narrows it to its own range).
        { name: 'TELEMETRY_TRUSTED_PROXIES', value: '10.0.0.0/8 172.16.0.0/12 192.168.0.0/16' },
        { name: 'PORTAL_REDIS_URL', value: REDIS_URL },
        // Checks the driver proofs the apps sign with it: only verified beacons decide a canary (docs/telemetry.md).
        secretEnv('PORTAL_COHORT_SECRET'),
      ],
      // Its /healthz, not /metrics: a probe need not render every series each time.
      probePath: '/healthz',
      security: nodeSecurity,
      resources: nodeResources,
      replicas,
      annotations: { 'prometheus.io/scrape': 'true', 'prometheus.io/port': String(TELEMETRY.port), 'prometheus.io/path': '/metrics' },
      extraLabels: redisClient,
      // tsx compiles into /tmp.
      tmp: true,
    }),
    // The page origins of the portal (the handoff mints codes for these; the receiver counts
    // beacons from these): the public host names the ingress gives the apps.
    {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: meta('driver-portal-origins', { 'app.kubernetes.io/part-of': PART_OF }),
      data: { PORTAL_ORIGINS: APPS.map((app) => `https://${app.dir}.motorista.provedor.invalid`).join(' ') },
    },
    ...redisObjects(image('redis')),
    ...networkPolicies(),
    prometheusScrape(),
  );
  return objects;
}

/**
 * Redis: a cache of 30-second handoff codes and per-minute counters, so no persistence (no volume,
 * no snapshot: a restart loses at most 30 s of codes and a minute of counts) and one replica, a
 * StatefulSet for its stable name. Losing it is what docs/security.md says the services do while
 * the store is away; a PodDisruptionBudget would only block node drains.
 * @param {string} image
 */
function redisObjects(image) {
  const labels = labelsOf(REDIS.name, 'store');
  return [
    {
      apiVersion: 'apps/v1',
      kind: 'StatefulSet',
      metadata: meta(REDIS.name, labels),
      spec: {
        serviceName: REDIS.name,
        replicas: 1,
        selector: { matchLabels: selectorOf(REDIS.name) },
        template: {
          metadata: { labels },
          spec: {
            automountServiceAccountToken: false,
            securityContext: { seccompProfile: { type: 'RuntimeDefault' } },
            containers: [
              {
                name: REDIS.name,
                image,
                ports: [{ name: 'redis', containerPort: REDIS.port, protocol: 'TCP' }],
                readinessProbe: { exec: { command: ['redis-cli', 'ping'] }, periodSeconds: 5 },
                livenessProbe: { tcpSocket: { port: 'redis' }, initialDelaySeconds: 5, periodSeconds: 10 },
                resources: { requests: { cpu: '100m', memory: '128Mi' }, limits: { memory: '320Mi' } },
                securityContext: { ...nodeSecurity, runAsUser: 65534, runAsGroup: 65534 },
              },
            ],
          },
        },
      },
    },
    {
      apiVersion: 'v1',
      kind: 'Service',
      metadata: meta(REDIS.name, labels),
      spec: {
        type: 'ClusterIP',
        selector: selectorOf(REDIS.name),
        ports: [{ name: 'redis', port: REDIS.port, targetPort: REDIS.port, protocol: 'TCP' }],
      },
    },
  ];
}

/**
 * Who may reach whom: nothing by default; the apps from anywhere (they are the public pages,
 * through the ingress); the handoff exchange from the apps only; the telemetry receivers from the
 * apps and from Prometheus (its namespace); Redis from the Node services only.
 */
function networkPolicies() {
  const policy = (/** @type {string} */ name, /** @type {Record<string, unknown>} */ spec) => ({
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: meta(name, { 'app.kubernetes.io/part-of': PART_OF }),
    spec,
  });
  const apps = { podSelector: { matchLabels: { [ROLE]: 'app' } } };
  const tcp = (/** @type {number} */ port) => [{ protocol: 'TCP', port }];
  return [
    policy('default-deny-ingress', { podSelector: {}, policyTypes: ['Ingress'] }),
    policy('apps-public', { podSelector: { matchLabels: { [ROLE]: 'app' } }, policyTypes: ['Ingress'], ingress: [{ ports: tcp(80) }] }),
    policy('handoff-from-apps', {
      podSelector: { matchLabels: selectorOf(HANDOFF.name) },
      policyTypes: ['Ingress'],
      ingress: [{ from: [apps], ports: tcp(HANDOFF.port) }],
    }),
    policy('telemetry-from-apps-and-prometheus', {
      podSelector: { matchLabels: selectorOf(TELEMETRY.name) },
      policyTypes: ['Ingress'],
      ingress: [
        { from: [apps], ports: tcp(TELEMETRY.port) },
        {
          from: [
            {
              namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': MONITORING_NAMESPACE } },
              podSelector: { matchLabels: { 'app.kubernetes.io/name': 'prometheus' } },
            },
          ],
          ports: tcp(TELEMETRY.port),
        },
      ],
    }),
    policy('redis-from-node-services', {
      podSelector: { matchLabels: selectorOf(REDIS.name) },
      policyTypes: ['Ingress'],
      ingress: [{ from: [{ podSelector: { matchLabels: { [REDIS_CLIENT]: 'true' } } }], ports: tcp(REDIS.port) }],
    }),
  ];
}

/**
 * The scrape job for the cluster's Prometheus (no ServiceMonitor, no operator): every pod of this
 * namespace annotated prometheus.io/scrape, at its annotated port and path.
 */
function prometheusScrape() {
  const job = {
    job_name: 'portal-telemetry',
    kubernetes_sd_configs: [{ role: 'pod', namespaces: { names: [NAMESPACE] } }],
    relabel_configs: [
      { source_labels: ['__meta_kubernetes_pod_annotation_prometheus_io_scrape'], action: 'keep', regex: 'true' },
      {
        source_labels: ['__meta_kubernetes_pod_annotation_prometheus_io_path'],
        action: 'replace',
        target_label: '__metrics_path__',
        regex: '(.+)',
      },
      {
        source_labels: ['__address__', '__meta_kubernetes_pod_annotation_prometheus_io_port'],
        action: 'replace',
        regex: '([^:]+)(?::\\d+)?;(\\d+)',
        replacement: '$1:$2',
        target_label: '__address__',
      },
      { source_labels: ['__meta_kubernetes_pod_name'], target_label: 'pod' },
    ],
  };
  return {
    apiVersion: 'v1',
    kind: 'ConfigMap',
    metadata: {
      name: 'driver-portal-prometheus-scrape',
      namespace: MONITORING_NAMESPACE,
      labels: { 'app.kubernetes.io/part-of': PART_OF },
    },
    data: { 'portal-telemetry.yml': stringify({ scrape_configs: [job] }) },
  };
}

/** The objects as one YAML stream. */
const k8sYaml = (/** @type {K8sOptions} */ options = {}) =>
  `# Generated from apps.json by \`npm run k8s\` (deploy/k8s.cjs): do not edit.\n${k8sObjects(options)
    .map((object) => stringify(object, { lineWidth: 0 }))
    .join('---\n')}`;

function main(argv = process.argv.slice(2), env = process.env) {
  const options = { imagePrefix: env.PORTAL_IMAGE_PREFIX, version: env.PORTAL_VERSION };
  const outIndex = argv.indexOf('--out');
  if (outIndex === -1) {
    process.stdout.write(k8sYaml(options));
    return;
  }
  const out = argv[outIndex + 1];
  if (!out) throw new Error('--out needs a folder');
  mkdirSync(out, { recursive: true });
  const objects = k8sObjects(options);
  objects.forEach((object, index) => {
    const file = join(out, `${String(index).padStart(2, '0')}-${object.kind.toLowerCase()}-${object.metadata.name}.yaml`);
    writeFileSync(file, stringify(object, { lineWidth: 0 }));
  });
  console.log(`wrote ${objects.length} objects to ${out}`);
}

if (require.main === module) main();

module.exports = { NAMESPACE, ROLE, REDIS_CLIENT, k8sObjects, k8sYaml };
