/** See k8s.cjs. Kubernetes objects are free-form here: the test validates them with kubernetes-models. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- free-form, see above
export type K8sObject = Record<string, any>;
export interface K8sOptions {
  imagePrefix?: string;
  version?: string;
  replicas?: number;
  maxReplicas?: number;
  /** The apps' public origins: https://<app folder>.<domain>. */
  domain?: string;
  /** The ingress controller's namespace and pod labels: the only pods admitted to the apps' port. */
  ingressNamespace?: string;
  ingressPods?: Record<string, string>;
  /** Its pods' addresses (space-separated addresses or networks): whose X-Forwarded-For the apps believe. */
  ingressProxies?: string;
  /** The pods' network: whose forwarded client address the handoff and the receivers believe. */
  podNetwork?: string;
  /** Where the provider's services are (egress on 443), space-separated networks. */
  providerNetworks?: string;
}
export const CLUSTER_DEFAULTS: Required<Omit<K8sOptions, 'imagePrefix' | 'version' | 'replicas' | 'maxReplicas'>>;
export function optionsFromEnv(env?: Record<string, string | undefined>): K8sOptions;
export const NAMESPACE: string;
export const ROLE: string;
export const REDIS_CLIENT: string;
export function k8sObjects(options?: K8sOptions): K8sObject[];
export function k8sYaml(options?: K8sOptions): string;
