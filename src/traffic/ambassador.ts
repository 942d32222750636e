// The Ambassador router: its options (public) and, module-local, its argument shape, its ITrafficRouter class,
// its `trafficRouting.ambassador` block and the fields the controller owns.
import { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import { Binding, port, services } from './private/binding';
import { appObjects, defineRouterObject, ROUTER_OBJECT } from './private/objects';
import { OwnedFieldsContext } from './private/owned-fields';
import { implementRouter } from './private/router-implementations';
import { IgnoreDifference, ITrafficRouter, ITrafficRouterBinding, ITrafficTarget } from './router';
import { RouterObject } from './router-object';
import { listOf, struct } from '../private/arguments';
import { fail } from '../private/synth-error';

/** Options of the Ambassador router. */
export interface AmbassadorRouterOptions {
  /**
   * The base Mappings; the controller creates a canary Mapping from each.
   *
   * @default - the router defines one Mapping named after the Rollout
   */
  readonly mappings?: RouterObject[];
  /** Name of the Mapping the router defines. @default - the Rollout's name */
  readonly mappingName?: string;
  /** URL prefix of the defined Mapping. @default '/' */
  readonly prefix?: string;
  /** Rewrite of the defined Mapping. @default - Ambassador's default */
  readonly rewrite?: string;
  /** Host of the defined Mapping. @default - any */
  readonly host?: string;
  /** Resolver of the defined Mapping. @default - Ambassador's default */
  readonly resolver?: string;
  /** API version of the Mapping. @default 'getambassador.io/v2' */
  readonly apiVersion?: string;
  /** The Service port. @default - the port of the stable Service */
  readonly servicePort?: number;
}

class AmbassadorRouter implements ITrafficRouter {
  public readonly key = 'ambassador';
  public readonly requiresStableAndCanaryServices = true;
  constructor(private readonly o: AmbassadorRouterOptions) {
    if (o.mappings && o.mappings.length === 0) {
      fail('TrafficRouting.ambassador(): mappings is empty. Leave it out (the router defines a Mapping) or list at least one.');
    }
  }

  public bind(scope: Construct, target: ITrafficTarget): ITrafficRouterBinding {
    const o = this.o;
    const defined: ApiObject[] = [];
    let names: string[];
    if (o.mappings) {
      names = o.mappings.map(m => m.name);
    } else {
      const name = o.mappingName ?? target.rolloutName;
      defined.push(defineRouterObject(scope, 'Mapping', o.apiVersion ?? 'getambassador.io/v2', 'Mapping', name, () => ({
        prefix: o.prefix ?? '/',
        rewrite: o.rewrite,
        host: o.host,
        resolver: o.resolver,
        service: `${services(target, 'ambassador').stable}:${port(target, 'ambassador', o.servicePort)}`,
      })));
      names = [name];
    }
    return new Binding<AmbassadorTrafficRoutingSpec>('ambassador', () => ({ mappings: [...names] }), [...defined, ...appObjects(o.mappings ?? [])]);
  }
}

/**
 * What the controller writes in the Mappings of `trafficRouting.ambassador` that the app holds:
 * nothing. It creates, weighs and deletes its own `<mapping>-canary` Mapping (never in Git) and only
 * reads the base Mappings (rollout/trafficrouting/ambassador).
 */
function ambassadorOwnedFields(_config: unknown, _ctx: OwnedFieldsContext): IgnoreDifference[] {
  return [];
}

/** `trafficRouting.ambassador`. */
interface AmbassadorTrafficRoutingSpec {
  readonly mappings: string[];
}

implementRouter<AmbassadorRouterOptions>('TrafficRouting.ambassador', {
  options: struct('AmbassadorRouterOptions', {
    mappings: listOf(ROUTER_OBJECT),
    mappingName: 'string',
    prefix: 'string',
    rewrite: 'string',
    host: 'string',
    resolver: 'string',
    apiVersion: 'string',
    servicePort: 'number',
  }),
  create: options => new AmbassadorRouter(options),
  ownedFields: ambassadorOwnedFields,
});
