import { ApiObject } from 'cdk8s';
import { IConstruct } from 'constructs';
import { checkArgument, SCOPE } from '../private/arguments';
import { checkObjectName } from '../private/names';

/**
 * A router object (VirtualService, Ingress, TrafficSplit, HTTPRoute, ...) that you bring instead of
 * the one the router would define: an object of this app, or one defined elsewhere, by name.
 */
export class RouterObject {
  /**
   * An object defined elsewhere, by name, in the Rollout's namespace (unless its router reads the
   * name otherwise: see the router's options).
   */
  public static fromName(name: string): RouterObject {
    checkArgument('RouterObject.fromName()', 'name', name, 'string');
    return new RouterObject(checkObjectName('Router object name', name));
  }

  /**
   * An object of this app: a cdk8s `ApiObject`, or a construct whose default child is one (e.g. a
   * cdk8s-plus `Ingress`). The Rollout checks that it fits (rules V58–V66).
   */
  public static fromConstruct(construct: IConstruct): RouterObject {
    checkArgument('RouterObject.fromConstruct()', 'construct', construct, SCOPE);
    const apiObject = ApiObject.of(construct);
    return new RouterObject(apiObject.name, apiObject);
  }

  private constructor(
    /** The object's name. */
    public readonly name: string,
    /** @internal */ public readonly _apiObject?: ApiObject) {}
}
