import { ApiObject, ApiObjectMetadata, Lazy } from 'cdk8s';
import { Construct } from 'constructs';
import { ClusterScopedApiObject } from './cluster-scoped';

/** The API version of every Argo Rollouts kind. */
export const ARGO_API_VERSION = 'argoproj.io/v1alpha1';

/**
 * The single object (id `Resource`) of an Argo Rollouts construct, with its `spec` produced at
 * synth (so everything added after construction shows up).
 */
export function defineArgoObject(scope: Construct, kind: string, metadata: ApiObjectMetadata | undefined, spec: () => any,
  clusterScoped = false): ApiObject {
  const props = { apiVersion: ARGO_API_VERSION, kind, metadata, spec: Lazy.any({ produce: spec }) };
  return clusterScoped ? new ClusterScopedApiObject(scope, 'Resource', props) : new ApiObject(scope, 'Resource', props);
}

/**
 * The plain manifest of an Argo object with a rendered spec, for the rule engine: identity and spec,
 * without resolving the rest of the object through cdk8s.
 */
export function argoManifest(apiObject: ApiObject, spec: any, clusterScoped = false): any {
  return {
    apiVersion: ARGO_API_VERSION,
    kind: apiObject.kind,
    metadata: { name: apiObject.name, namespace: clusterScoped ? undefined : apiObject.metadata.namespace },
    spec,
  };
}
