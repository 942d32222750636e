import { ApiObjectProps } from 'cdk8s';
import { Construct } from 'constructs';
import { OnePassApiObject, OnePassApiObjectOptions } from './one-pass-api-object';

/**
 * An ApiObject of a cluster-scoped kind: cdk8s gives every ApiObject the namespace of its chart,
 * so the namespace is taken out again when the object is rendered.
 */
export class ClusterScopedApiObject extends OnePassApiObject {
  constructor(scope: Construct, id: string, props: ApiObjectProps, options: Omit<OnePassApiObjectOptions, 'clusterScoped'> = {}) {
    super(scope, id, props, { ...options, clusterScoped: true });
  }
}
