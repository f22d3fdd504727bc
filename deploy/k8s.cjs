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
 * `driver-portal-secrets` with STATEMENT_BASIC_AUTH, PORTAL_COHORT_SECRET and
 * PORTAL_REDIS_PASSWORD_HANDOFF (never generated here), the provider's service URLs in the
 * ConfigMap `driver-portal-upstreams` (placeholders here), an ingress controller for the apps'
 * public host names, and a Prometheus in the namespace `monitoring` (the receivers' scrape job is
 * in the ConfigMap `driver-portal-prometheus-scrape`, and their pods carry the prometheus.io
 * annotations).
 *
 * One configuration (K8sOptions, from the environment by `npm run k8s`; decision 0025) gives
 * what depends on the cluster: the apps' public origins (`https://<app>.<PORTAL_K8S_DOMAIN>`: the
 * CSP, CORS and Origin checks of every app, the host's remote list, the origins the handoff and
 * the receivers take, all in the ConfigMap `driver-portal-origins`), the ingress controller
 * (PORTAL_K8S_INGRESS_NAMESPACE: the only pods that may reach the apps' port; PORTAL_K8S_INGRESS_PROXIES:
 * its pods' addresses, the only ones whose X-Forwarded-For the apps believe), the pods' network
 * (PORTAL_K8S_POD_NETWORK: the apps' nginx, whose X-Portal-Client-Address and X-Real-IP the
 * handoff and the receivers believe, the NetworkPolicies letting no other pod reach them) and the
 * provider's networks the apps and the handoff may call out to (PORTAL_K8S_PROVIDER_NETWORKS).
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
const { APPS, HOST, REMOTES } = require('../build-preset/apps.cjs');

const NAMESPACE = 'driver-portal';
const PART_OF = 'driver-portal';
const MONITORING_NAMESPACE = 'monitoring';
/** Labels that say which pods may talk to which (the NetworkPolicies below select on them). */
const ROLE = 'portal.provedor.com.br/role';
const REDIS_CLIENT = 'portal.provedor.com.br/redis-client';

/** @typedef {Record<string, any>} K8sObject */
/**
 * domain: the apps' public origins are https://<app folder>.<domain>. ingressNamespace and
 * ingressPods (labels): the ingress controller's pods, the only ones admitted to the apps' port.
 * ingressProxies: their addresses (addresses or CIDR networks, space-separated), the only ones
 * whose X-Forwarded-For the apps believe. podNetwork: the pods' network (the apps' nginx as the
 * handoff and the receivers see them). providerNetworks: where the provider's services are (egress
 * on 443 for the apps and the handoff).
 * @typedef {{ imagePrefix?: string, version?: string, replicas?: number, maxReplicas?: number, domain?: string,
 *   ingressNamespace?: string, ingressPods?: Record<string, string>, ingressProxies?: string, podNetwork?: string,
 *   providerNetworks?: string }} K8sOptions
 */

/** What a cluster is rendered for unless told otherwise (kubeadm's and ingress-nginx's defaults; placeholders for the rest). */
const CLUSTER_DEFAULTS = {
  domain: 'motorista.provedor.invalid',
  ingressNamespace: 'ingress-nginx',
  ingressPods: { 'app.kubernetes.io/name': 'ingress-nginx' },
  ingressProxies: '10.244.0.0/16',
  podNetwork: '10.244.0.0/16',
  /** Anywhere outside the private ranges (the provider's public APIs). */
  providerNetworks: '0.0.0.0/0',
};
/** Never a provider network: the cluster's own and the other private ranges (RFC 1918). */
const PRIVATE_NETWORKS = ['10.0.0.0/8', '172.16.0.0/12', '192.168.0.0/16'];

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
/**
 * The handoff's own Redis user (deploy/docker/redis-users.acl) and its password from the Secret:
 * Kubernetes expands $(PORTAL_REDIS_PASSWORD_HANDOFF), an earlier variable of the same container.
 */
const REDIS_URL = `redis://handoff:$(PORTAL_REDIS_PASSWORD_HANDOFF)@${REDIS.name}.${NAMESPACE}.svc:${REDIS.port}/0`;

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
const originEnv = (/** @type {string} */ key) => ({ name: key, valueFrom: { configMapKeyRef: { name: 'driver-portal-origins', key } } });
const escapeRegex = (/** @type {string} */ text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * The apps' public origins and every setting made of them (item 7 of issue 45: an app Deployment
 * without PORTAL_APP_ORIGINS_REGEX refused every proxied call with an Origin): the ConfigMap
 * driver-portal-origins, read by every Deployment.
 * @param {string} domain
 */
function originSettings(domain) {
  const origin = (/** @type {{ dir: string }} */ app) => `https://${app.dir}.${domain}`;
  return {
    /** The page origins (the handoff mints codes for these; the receivers count beacons from these). */
    PORTAL_ORIGINS: APPS.map(origin).join(' '),
    /** Every app's origin: whose Origin the driver-data, statement and handoff proxies let through. */
    PORTAL_APP_ORIGINS_REGEX: APPS.map((app) => escapeRegex(origin(app))).join('|'),
    /** The host's origin: the remotes' CORS for the host's page. */
    PORTAL_HOST_ORIGINS_REGEX: escapeRegex(origin(HOST)),
    /** The remotes' origins: the host's CSP. */
    PORTAL_REMOTE_ORIGINS: REMOTES.map(origin).join(' '),
    /** The host's remote list, each remote at its public origin. */
    PORTAL_REMOTES_JSON: JSON.stringify(
      REMOTES.map((remote) => ({ name: remote.name, manifest: `${origin(remote)}/mf-manifest.json`, prefixes: remote.prefixes })),
    ),
  };
}
const upstreamEnv = (/** @type {string} */ key) => ({
  name: key,
  valueFrom: { configMapKeyRef: { name: 'driver-portal-upstreams', key } },
});

/**
 * Every object of the deployment, in the order `kubectl apply` wants them (namespace first).
 * @param {K8sOptions} [options]
 * @returns {K8sObject[]}
 */
function k8sObjects({ imagePrefix = 'driver-portal/', version = 'local', replicas = 2, maxReplicas = 10, ...given } = {}) {
  const cluster = {
    ...CLUSTER_DEFAULTS,
    ...Object.fromEntries(Object.entries(given).filter(([, value]) => value !== undefined && value !== '')),
  };
  const image = (/** @type {string} */ name) => `${imagePrefix}${name}:${version}`;
  const origins = originSettings(cluster.domain);
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
      // The public origins (driver-portal-origins): without them every proxied call with an Origin is refused.
      originEnv('PORTAL_APP_ORIGINS_REGEX'),
      ...(app.kind === 'host'
        ? [originEnv('PORTAL_REMOTE_ORIGINS'), originEnv('PORTAL_REMOTES_JSON')]
        : [originEnv('PORTAL_HOST_ORIGINS_REGEX')]),
      // X-Forwarded-For believed from the ingress controller's pods only (deploy/docker/30-portal-real-ip.sh).
      { name: 'PORTAL_TRUSTED_PROXIES', value: cluster.ingressProxies },
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
        secretEnv('PORTAL_REDIS_PASSWORD_HANDOFF'),
        { name: 'PORTAL_REDIS_URL', value: REDIS_URL },
        // X-Portal-Client-Address from the apps' pods only (the policies admit no other pod).
        { name: 'PORTAL_HANDOFF_TRUSTED_PROXIES', value: cluster.podNetwork },
        // A code only for a token the provider's check accepts; the apps' nginx proves its limit
        // questions with the cohort secret (decision 0024).
        upstreamEnv('PORTAL_DRIVER_AUTH_URL'),
        secretEnv('PORTAL_COHORT_SECRET'),
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
        // The apps' pods (the policies admit no other pod but Prometheus's), not every private range.
        { name: 'TELEMETRY_TRUSTED_PROXIES', value: cluster.podNetwork },
        // Checks the driver proofs the apps sign with it: only verified beacons decide a canary (docs/telemetry.md).
        secretEnv('PORTAL_COHORT_SECRET'),
      ],
      // Its /healthz, not /metrics: a probe need not render every series each time.
      probePath: '/healthz',
      security: nodeSecurity,
      resources: nodeResources,
      replicas,
      annotations: { 'prometheus.io/scrape': 'true', 'prometheus.io/port': String(TELEMETRY.port), 'prometheus.io/path': '/metrics' },
      // No Redis label: the receivers keep their quotas in memory and never reach Redis.
      // tsx compiles into /tmp.
      tmp: true,
    }),
    // The public host names the ingress gives the apps, and every setting made of them.
    {
      apiVersion: 'v1',
      kind: 'ConfigMap',
      metadata: meta('driver-portal-origins', { 'app.kubernetes.io/part-of': PART_OF }),
      data: origins,
    },
    ...redisObjects(image('redis')),
    ...networkPolicies(cluster),
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
                // Its users' passwords (deploy/docker/redis-entrypoint.sh writes their hashes to /tmp).
                env: [secretEnv('PORTAL_REDIS_PASSWORD_HANDOFF')],
                // PONG to the handoff's user: an unauthenticated PING is answered NOAUTH.
                readinessProbe: { exec: { command: ['/usr/local/bin/portal-redis-healthz'] }, periodSeconds: 5 },
                livenessProbe: { tcpSocket: { port: 'redis' }, initialDelaySeconds: 5, periodSeconds: 10 },
                resources: { requests: { cpu: '100m', memory: '128Mi' }, limits: { memory: '320Mi' } },
                securityContext: { ...nodeSecurity, runAsUser: 65534, runAsGroup: 65534 },
                volumeMounts: [{ name: 'tmp', mountPath: '/tmp' }],
              },
            ],
            volumes: [{ name: 'tmp', emptyDir: { medium: 'Memory', sizeLimit: '1Mi' } }],
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
 * Who may reach whom, both ways (decision 0025): every pod of the namespace denied all ingress and
 * all egress, then each opened for what it needs, each opening written as the pair it is (the
 * caller's egress and the callee's ingress):
 *   ingress controller -> apps :80            (its namespace and pods only; K8sOptions)
 *   apps -> handoff :4011, apps -> telemetry :4010
 *   telemetry -> host :80                     (the host's remote list)
 *   Prometheus (namespace monitoring) -> telemetry :4010
 *   handoff -> Redis :6379                    (the pods labelled Redis clients: the handoff only)
 *   apps, handoff -> the provider :443        (providerNetworks, never the private ranges)
 *   every pod -> the cluster's DNS :53        (kube-system's kube-dns)
 * Redis calls out to nothing.
 * @param {Required<Omit<K8sOptions, 'imagePrefix' | 'version' | 'replicas' | 'maxReplicas'>>} cluster
 */
function networkPolicies(cluster) {
  const policy = (/** @type {string} */ name, /** @type {Record<string, unknown>} */ spec) => ({
    apiVersion: 'networking.k8s.io/v1',
    kind: 'NetworkPolicy',
    metadata: meta(name, { 'app.kubernetes.io/part-of': PART_OF }),
    spec,
  });
  const apps = { podSelector: { matchLabels: { [ROLE]: 'app' } } };
  const handoff = { podSelector: { matchLabels: selectorOf(HANDOFF.name) } };
  const telemetry = { podSelector: { matchLabels: selectorOf(TELEMETRY.name) } };
  const redis = { podSelector: { matchLabels: selectorOf(REDIS.name) } };
  const host = { podSelector: { matchLabels: selectorOf(HOST.dir) } };
  const redisClients = { podSelector: { matchLabels: { [REDIS_CLIENT]: 'true' } } };
  const ingressController = {
    namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': cluster.ingressNamespace } },
    podSelector: { matchLabels: cluster.ingressPods },
  };
  const prometheus = {
    namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': MONITORING_NAMESPACE } },
    podSelector: { matchLabels: { 'app.kubernetes.io/name': 'prometheus' } },
  };
  const provider = cluster.providerNetworks
    .split(/\s+/)
    .filter(Boolean)
    .map((cidr) => ({ ipBlock: { cidr, ...(cidr.endsWith('/0') ? { except: PRIVATE_NETWORKS } : {}) } }));
  const tcp = (/** @type {number} */ port) => [{ protocol: 'TCP', port }];
  const both = ['Ingress', 'Egress'];
  return [
    policy('default-deny', { podSelector: {}, policyTypes: both }),
    policy('dns', {
      podSelector: {},
      policyTypes: ['Egress'],
      egress: [
        {
          to: [
            {
              namespaceSelector: { matchLabels: { 'kubernetes.io/metadata.name': 'kube-system' } },
              podSelector: { matchLabels: { 'k8s-app': 'kube-dns' } },
            },
          ],
          ports: [
            { protocol: 'UDP', port: 53 },
            { protocol: 'TCP', port: 53 },
          ],
        },
      ],
    }),
    policy('apps', {
      ...apps,
      policyTypes: both,
      ingress: [{ from: [ingressController], ports: tcp(80) }],
      egress: [
        { to: [handoff], ports: tcp(HANDOFF.port) },
        { to: [telemetry], ports: tcp(TELEMETRY.port) },
        { to: provider, ports: tcp(443) },
      ],
    }),
    policy('host-remote-list-from-telemetry', { ...host, policyTypes: ['Ingress'], ingress: [{ from: [telemetry], ports: tcp(80) }] }),
    policy('handoff', {
      ...handoff,
      policyTypes: both,
      ingress: [{ from: [apps], ports: tcp(HANDOFF.port) }],
      egress: [
        { to: [redis], ports: tcp(REDIS.port) },
        { to: provider, ports: tcp(443) },
      ],
    }),
    policy('telemetry', {
      ...telemetry,
      policyTypes: both,
      ingress: [
        { from: [apps], ports: tcp(TELEMETRY.port) },
        { from: [prometheus], ports: tcp(TELEMETRY.port) },
      ],
      egress: [{ to: [host], ports: tcp(80) }],
    }),
    policy('redis', { ...redis, policyTypes: both, ingress: [{ from: [redisClients], ports: tcp(REDIS.port) }], egress: [] }),
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

/** The configuration of `npm run k8s` from its environment (K8sOptions; unset: CLUSTER_DEFAULTS). @returns {K8sOptions} */
const optionsFromEnv = (env = process.env) => ({
  imagePrefix: env.PORTAL_IMAGE_PREFIX,
  version: env.PORTAL_VERSION,
  domain: env.PORTAL_K8S_DOMAIN,
  ingressNamespace: env.PORTAL_K8S_INGRESS_NAMESPACE,
  ingressProxies: env.PORTAL_K8S_INGRESS_PROXIES,
  podNetwork: env.PORTAL_K8S_POD_NETWORK,
  providerNetworks: env.PORTAL_K8S_PROVIDER_NETWORKS,
});

function main(argv = process.argv.slice(2), env = process.env) {
  const options = optionsFromEnv(env);
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

module.exports = { NAMESPACE, ROLE, REDIS_CLIENT, CLUSTER_DEFAULTS, k8sObjects, k8sYaml, optionsFromEnv };
