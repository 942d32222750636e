// Building blocks of the install constructs (not exported from the library): names, labels, the
// object factory and the message subject.
import { ApiObject, ApiObjectMetadata } from 'cdk8s';
import { Construct, IConstruct } from 'constructs';
import { cdk8sPlus } from '../../private/cdk8s-plus';
import { ClusterScopedApiObject } from '../../private/cluster-scoped';
import type * as kplus from '../../private/kplus';
import { PolicyRuleSpec, ResourceRequirementsSpec } from '../../private/manifest-types';
import { dns1123LabelError } from '../../private/name-syntax';
import { OnePassApiObject } from '../../private/one-pass-api-object';
import { fail } from '../../private/synth-error';
import { copyMap } from '../../private/utils';
import { PolicyRule } from '../rbac';

/** Name of the controller's objects (Deployment, ServiceAccount, roles). */
export const NAME = 'argo-rollouts';
/** Name of the dashboard's objects. */
export const DASHBOARD = 'argo-rollouts-dashboard';
/** The port of the dashboard. */
export const DASHBOARD_PORT = 3100;
/** The default namespace of an install. */
export const DEFAULT_NAMESPACE = NAME;
/** The pod selector of the controller. */
export const SELECTOR: { readonly [key: string]: string } = { 'app.kubernetes.io/name': NAME };
/** The pod selector of the dashboard. */
export const DASHBOARD_SELECTOR: { readonly [key: string]: string } = { 'app.kubernetes.io/name': DASHBOARD };
export const RBAC_GROUP = 'rbac.authorization.k8s.io';

/** Labels of the upstream install, by component. */
const PART_OF = { 'app.kubernetes.io/part-of': 'argo-rollouts' };

/** `app.kubernetes.io/*` labels of a component. */
export function componentLabels(component: string, name: string): { [key: string]: string } {
  return { 'app.kubernetes.io/component': component, 'app.kubernetes.io/name': name, ...PART_OF };
}

/** Labels of the controller's objects. */
export const CONTROLLER_LABELS = componentLabels('rollouts-controller', NAME);

export const GVK = {
  serviceAccount: { apiVersion: 'v1', kind: 'ServiceAccount' },
  clusterRole: { apiVersion: `${RBAC_GROUP}/v1`, kind: 'ClusterRole' },
  clusterRoleBinding: { apiVersion: `${RBAC_GROUP}/v1`, kind: 'ClusterRoleBinding' },
  role: { apiVersion: `${RBAC_GROUP}/v1`, kind: 'Role' },
  roleBinding: { apiVersion: `${RBAC_GROUP}/v1`, kind: 'RoleBinding' },
  configMap: { apiVersion: 'v1', kind: 'ConfigMap' },
  secret: { apiVersion: 'v1', kind: 'Secret' },
  service: { apiVersion: 'v1', kind: 'Service' },
  deployment: { apiVersion: 'apps/v1', kind: 'Deployment' },
  pdb: { apiVersion: 'policy/v1', kind: 'PodDisruptionBudget' },
  networkPolicy: { apiVersion: 'networking.k8s.io/v1', kind: 'NetworkPolicy' },
  serviceMonitor: { apiVersion: 'monitoring.coreos.com/v1', kind: 'ServiceMonitor' },
  namespace: { apiVersion: 'v1', kind: 'Namespace' },
  ingress: { apiVersion: 'networking.k8s.io/v1', kind: 'Ingress' },
  httpRoute: { apiVersion: 'gateway.networking.k8s.io/v1', kind: 'HTTPRoute' },
};

/** The restricted Pod Security Standard, for containers. */
export const RESTRICTED_CONTAINER = {
  allowPrivilegeEscalation: false,
  capabilities: { drop: ['ALL'] },
  readOnlyRootFilesystem: true,
  seccompProfile: { type: 'RuntimeDefault' },
};

/**
 * Defines an object with a fixed apiVersion/kind. Namespaced objects get `namespace`; cluster-scoped
 * ones never get one, not even the chart's.
 */
export function defineObject(scope: Construct, id: string, gvk: { apiVersion: string; kind: string }, metadata: ApiObjectMetadata,
  body: { [key: string]: any }, clusterScoped = false): ApiObject {
  const props = { ...gvk, metadata, ...body };
  return clusterScoped ? new ClusterScopedApiObject(scope, id, props) : new OnePassApiObject(scope, id, props);
}

/** The metadata of an install object: name, the namespace (not for cluster-scoped objects), copies of labels and annotations. */
export function objectMeta(namespace: string, name: string, labels?: { [key: string]: string }, annotations?: { [key: string]: string },
  clusterScoped = false): ApiObjectMetadata {
  return {
    name,
    namespace: clusterScoped ? undefined : namespace,
    labels: labels ? { ...labels } : undefined,
    annotations: copyMap(annotations),
  };
}

/** A rule as it appears in a manifest (a copy). */
export function renderRule(rule: PolicyRule): PolicyRuleSpec {
  return {
    apiGroups: [...rule.apiGroups],
    resources: [...rule.resources],
    verbs: [...rule.verbs],
    ...(rule.resourceNames ? { resourceNames: [...rule.resourceNames] } : {}),
  };
}

/** Container resources through cdk8s-plus, as plain JSON. */
export function renderResources(resources: kplus.ContainerResources): ResourceRequirementsSpec | undefined {
  const kplusLib = cdk8sPlus();
  const container = new kplusLib.Container({ image: 'x', resources });
  return kplusLib.k8s.toJson_Container(container._toKube())?.resources;
}

/**
 * The install a component belongs to, for messages: `ArgoRollouts <path>` when it is part of an
 * `ArgoRollouts`, so that every message names what the user declared.
 */
const SUBJECT = Symbol.for('cdk8s-argo-rollouts.install-subject');

/** Marks `install` as the construct that messages of its components name. */
export function markInstall(install: IConstruct, subject: string): void {
  Object.defineProperty(install, SUBJECT, { value: subject, enumerable: false });
}

/** `ArgoRollouts <path>` of the enclosing install, else `<className> <path>` of the component itself. */
export function subjectOf(component: IConstruct, className: string): string {
  for (const scope of [...component.node.scopes].reverse()) {
    const subject = (scope as any)[SUBJECT];
    if (typeof subject === 'string') return subject;
  }
  return `${className} ${component.node.path}`;
}

/** Throws for a namespace that is not a DNS-1123 label. */
export function checkNamespace(where: string, namespace: string): void {
  if (dns1123LabelError(namespace) !== undefined) {
    fail(`${where}: namespace '${namespace}' is not a valid namespace name (lowercase letters, digits and '-', at most 63).`);
  }
}
