/** See k8s.cjs. Kubernetes objects are free-form here: the test validates them with kubernetes-models. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any -- free-form, see above
export type K8sObject = Record<string, any>;
export interface K8sOptions {
  imagePrefix?: string;
  version?: string;
  replicas?: number;
  maxReplicas?: number;
}
export const NAMESPACE: string;
export const ROLE: string;
export const REDIS_CLIENT: string;
export function k8sObjects(options?: K8sOptions): K8sObject[];
export function k8sYaml(options?: K8sOptions): string;
