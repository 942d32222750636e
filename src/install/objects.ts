import { ApiObject, ApiObjectMetadata } from 'cdk8s';
import { Construct } from 'constructs';

/** Labels of the upstream install, by component. */
export const PART_OF = { 'app.kubernetes.io/part-of': 'argo-rollouts' };

/** `app.kubernetes.io/*` labels of a component. */
export function componentLabels(component: string, name: string): { [key: string]: string } {
  return { 'app.kubernetes.io/component': component, 'app.kubernetes.io/name': name, ...PART_OF };
}

/**
 * An ApiObject of a cluster-scoped kind: cdk8s gives every ApiObject the namespace of its chart,
 * so the namespace is taken out again when the object is rendered.
 */
export class ClusterScopedApiObject extends ApiObject {
  public toJson(): any {
    const json = super.toJson();
    if (json.metadata) delete json.metadata.namespace;
    return json;
  }
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

/** A policy rule of a Role or ClusterRole. */
export interface PolicyRule {
  /**
   * API groups; `''` is the core group.
   */
  readonly apiGroups: string[];

  /**
   * Resources, e.g. `rollouts` or `rollouts/status`.
   */
  readonly resources: string[];

  /**
   * Verbs, e.g. `get`, `list`, `watch`.
   */
  readonly verbs: string[];

  /**
   * Restrict the rule to these object names.
   *
   * @default - all objects
   */
  readonly resourceNames?: string[];
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
