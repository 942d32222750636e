import { Manifest } from './manifest-types';
import { OnePassApiObject } from './one-pass-api-object';

/**
 * An ApiObject of a cluster-scoped kind: cdk8s gives every ApiObject the namespace of its chart,
 * so the namespace is taken out again when the object is rendered.
 */
export class ClusterScopedApiObject extends OnePassApiObject {
  public toJson(): Manifest {
    const json = super.toJson();
    if (json.metadata?.namespace === undefined) {
      return json;
    }
    const { namespace: _, ...metadata } = json.metadata;
    return { ...json, metadata };
  }
}
