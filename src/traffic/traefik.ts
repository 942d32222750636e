// The Traefik router: its options (public) and, module-local, its argument shape, its ITrafficRouter class,
// its `trafficRouting.traefik` block and the fields the controller owns.
import { ApiObject, Lazy } from 'cdk8s';
import { Construct } from 'constructs';
import { Binding, port, services } from './private/binding';
import { appObjects, defineRouterObject, ROUTER_OBJECT } from './private/objects';
import { nameOf, OwnedFieldsContext } from './private/owned-fields';
import { implementRouter } from './private/router-implementations';
import { IgnoreDifference, ITrafficRouter, ITrafficRouterBinding, ITrafficTarget } from './router';
import { RouterObject } from './router-object';
import { controllerTraefikApiVersion } from '../install/private';
import { struct } from '../private/arguments';
import { LazyApiVersionObject } from '../private/lazy-api-version';
import { objectOrEmpty as obj } from '../private/manifest-types';
import { apiGroupOf } from '../private/object-identity';

/** Options of the Traefik router. */
export interface TraefikRouterOptions {
  /**
   * The weighted TraefikService.
   *
   * @default - the router defines `<rollout>-traefik-service`
   */
  readonly weightedTraefikService?: RouterObject;
  /**
   * API version of the TraefikService the router defines.
   *
   * @default - the one the controller looks for: the `traefikApiVersion` flag of an `ArgoRollouts`
   * install in the app, else the default of the app's release (`traefik.io/v1alpha1` from 1.10,
   * `traefik.containo.us/v1alpha1` before)
   */
  readonly apiVersion?: string;
  /** The Service port. @default - the port of the stable Service */
  readonly servicePort?: number;
}

class TraefikRouter implements ITrafficRouter {
  public readonly key = 'traefik';
  public readonly requiresStableAndCanaryServices = true;
  constructor(private readonly o: TraefikRouterOptions) {}

  public bind(scope: Construct, target: ITrafficTarget): ITrafficRouterBinding {
    const o = this.o;
    const defined: ApiObject[] = [];
    let name: string;
    if (o.weightedTraefikService) {
      name = o.weightedTraefikService.name;
    } else {
      name = `${target.rolloutName}-traefik-service`;
      const spec = () => {
        const s = services(target, 'traefik');
        const p = port(target, 'traefik', o.servicePort);
        return { weighted: { services: [{ name: s.stable, port: p, weight: 100 }, { name: s.canary, port: p, weight: 0 }] } };
      };
      // without an apiVersion, the one the app's controller looks for, known at synth (an install may come later)
      const api = () => o.apiVersion ?? controllerTraefikApiVersion(scope);
      defined.push(o.apiVersion !== undefined
        ? defineRouterObject(scope, 'TraefikService', o.apiVersion, 'TraefikService', name, spec)
        : new LazyApiVersionObject(scope, 'TraefikService', { apiVersion: api(), kind: 'TraefikService', metadata: { name }, spec: Lazy.any({ produce: spec }) }, api));
    }
    return new Binding<TraefikTrafficRoutingSpec>('traefik', () => ({ weightedTraefikServiceName: name }), [...defined, ...appObjects([o.weightedTraefikService])]);
  }
}

/**
 * What the controller writes in the TraefikService of `trafficRouting.traefik`
 * (`weightedTraefikServiceName`, in the Rollout's namespace; rollout/trafficrouting/traefik): the
 * weights of `spec.weighted.services` (it updates the whole list). The API group is the object's
 * when the app holds it, else the one the controller uses (`--traefik-api-group` of an install in
 * the app, else the release's default: `traefik.containo.us` up to 1.9, `traefik.io` from 1.10).
 */
function traefikOwnedFields(config: unknown, ctx: OwnedFieldsContext): IgnoreDifference[] {
  const name = nameOf(obj(config).weightedTraefikServiceName);
  if (name === undefined) return [];
  const found = ctx.find(['traefik.io', 'traefik.containo.us'], 'TraefikService', name);
  const group = apiGroupOf(found?.apiVersion) || ctx.traefikApiGroup;
  return [ctx.entry(group, 'TraefikService', name, ['/spec/weighted/services'])];
}

/** `trafficRouting.traefik`. */
interface TraefikTrafficRoutingSpec {
  readonly weightedTraefikServiceName: string;
}

implementRouter<TraefikRouterOptions>('TrafficRouting.traefik', {
  options: struct('TraefikRouterOptions', { weightedTraefikService: ROUTER_OBJECT, apiVersion: 'string', servicePort: 'number' }),
  create: options => new TraefikRouter(options),
  ownedFields: traefikOwnedFields,
});
