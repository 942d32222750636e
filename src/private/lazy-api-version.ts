import { ApiObjectProps } from 'cdk8s';
import { Construct } from 'constructs';
import { Manifest } from './manifest-types';
import { OnePassApiObject } from './one-pass-api-object';

/**
 * An ApiObject whose `apiVersion` is decided at synth (e.g. from the app's Argo Rollouts release or
 * its controller's flags, which may be declared after the object). `apiVersion` on the construct
 * is the value known at construction; the manifest gets `resolve()`. A JSON patch of `/apiVersion`
 * still wins (the escape hatch).
 */
export class LazyApiVersionObject extends OnePassApiObject {
  private readonly resolveApiVersion: () => string;

  constructor(scope: Construct, id: string, props: ApiObjectProps, resolve: () => string) {
    super(scope, id, props);
    this.resolveApiVersion = resolve;
  }

  public toJson(): Manifest {
    const json = super.toJson();
    return json.apiVersion === this.apiVersion ? { ...json, apiVersion: this.resolveApiVersion() } : json;
  }
}
