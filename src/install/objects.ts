import { ApiObject, ApiObjectMetadata } from 'cdk8s';
import { Construct } from 'constructs';
import { PolicyRule } from './rbac';
import { ClusterScopedApiObject } from '../private/cluster-scoped';

/** Labels of the upstream install, by component. */
const PART_OF = { 'app.kubernetes.io/part-of': 'argo-rollouts' };

/** `app.kubernetes.io/*` labels of a component. */
export function componentLabels(component: string, name: string): { [key: string]: string } {
  return { 'app.kubernetes.io/component': component, 'app.kubernetes.io/name': name, ...PART_OF };
}

/**
 * Defines an object with a fixed apiVersion/kind. Namespaced objects get `namespace`; cluster-scoped
 * ones never get one, not even the chart's.
 */
export function defineObject(scope: Construct, id: string, gvk: { apiVersion: string; kind: string }, metadata: ApiObjectMetadata,
  body: { [key: string]: any }, clusterScoped = false): ApiObject {
  const props = { ...gvk, metadata, ...body };
  return clusterScoped ? new ClusterScopedApiObject(scope, id, props) : new ApiObject(scope, id, props);
}

/** A rule as it appears in a manifest (a copy). */
export function renderRule(rule: PolicyRule): any {
  return {
    apiGroups: [...rule.apiGroups],
    resources: [...rule.resources],
    verbs: [...rule.verbs],
    ...(rule.resourceNames ? { resourceNames: [...rule.resourceNames] } : {}),
  };
}
