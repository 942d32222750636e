// The NGINX router: its options (public) and, module-local, its argument shape, its ITrafficRouter class,
// its `trafficRouting.nginx` block and the fields the controller owns.
import { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import { RouterIngressOptions } from './ingress';
import { Binding, port, services } from './private/binding';
import { ingressSpec, ROUTER_INGRESS_FIELDS } from './private/ingress';
import { appObjects, defineRouterObject, ROUTER_OBJECT } from './private/objects';
import { OwnedFieldsContext } from './private/owned-fields';
import { implementRouter } from './private/router-implementations';
import { IgnoreDifference, ITrafficRouter, ITrafficRouterBinding, ITrafficTarget } from './router';
import { RouterObject } from './router-object';
import { listOf, STRING_MAP, struct } from '../private/arguments';
import { StringMap } from '../private/manifest-types';
import { fail } from '../private/synth-error';
import { copyMap } from '../private/utils';

/** Options of the NGINX router. */
export interface NginxRouterOptions extends RouterIngressOptions {
  /**
   * The stable Ingress(es), whose backend is the stable Service; the controller creates a canary
   * Ingress next to each.
   *
   * @default - the router defines `<rollout>-stable`
   */
  readonly stableIngresses?: RouterObject[];
  /** Prefix of the NGINX annotations. @default 'nginx.ingress.kubernetes.io' */
  readonly annotationPrefix?: string;
  /** Annotations added to the canary Ingress, prefixed with `annotationPrefix`. @default - none */
  readonly additionalIngressAnnotations?: { [key: string]: string };
  /** Annotations added to the canary Ingress as given. @default - none */
  readonly canaryIngressAnnotations?: { [key: string]: string };
  /** The Service port of the defined Ingress's backend. @default - the port of the stable Service */
  readonly servicePort?: number;
}

class NginxRouter implements ITrafficRouter {
  public readonly key = 'nginx';
  public readonly requiresStableAndCanaryServices = true;
  constructor(private readonly o: NginxRouterOptions) {
    if (o.stableIngresses && o.stableIngresses.length === 0) {
      fail('TrafficRouting.nginx(): stableIngresses is empty. Leave it out (the router defines the stable Ingress) or list at least one.');
    }
  }

  public bind(scope: Construct, target: ITrafficTarget): ITrafficRouterBinding {
    const o = this.o;
    const defined: ApiObject[] = [];
    let names: string[];
    if (o.stableIngresses) {
      names = o.stableIngresses.map(r => r.name);
    } else {
      const name = o.name ?? `${target.rolloutName}-stable`;
      defined.push(defineRouterObject(scope, 'StableIngress', 'networking.k8s.io/v1', 'Ingress', name,
        () => ingressSpec(o, { name: services(target, 'nginx').stable, port: { number: port(target, 'nginx', o.servicePort) } }),
        { annotations: copyMap(o.annotations) }));
      names = [name];
    }
    const render = () => ({
      ...(names.length === 1 ? { stableIngress: names[0] } : { stableIngresses: [...names] }),
      annotationPrefix: o.annotationPrefix,
      additionalIngressAnnotations: copyMap(o.additionalIngressAnnotations),
      canaryIngressAnnotations: copyMap(o.canaryIngressAnnotations),
    });
    return new Binding<NginxTrafficRoutingSpec>('nginx', render, [...defined, ...appObjects(o.stableIngresses ?? [])]);
  }
}

/**
 * What the controller writes in the objects of `trafficRouting.nginx` that the app holds: nothing.
 * It creates and updates its own canary Ingress (`<rollout>-<stableIngress>-canary`, owned by the
 * Rollout, never in Git) and only reads the stable Ingresses (rollout/trafficrouting/nginx).
 */
function nginxOwnedFields(_config: unknown, _ctx: OwnedFieldsContext): IgnoreDifference[] {
  return [];
}

/** `trafficRouting.nginx`. */
interface NginxTrafficRoutingSpec {
  readonly stableIngress?: string;
  readonly stableIngresses?: string[];
  readonly annotationPrefix?: string;
  readonly additionalIngressAnnotations?: StringMap;
  readonly canaryIngressAnnotations?: StringMap;
}

implementRouter<NginxRouterOptions>('TrafficRouting.nginx', {
  options: struct('NginxRouterOptions', {
    ...ROUTER_INGRESS_FIELDS,
    stableIngresses: listOf(ROUTER_OBJECT),
    annotationPrefix: 'string',
    additionalIngressAnnotations: STRING_MAP,
    canaryIngressAnnotations: STRING_MAP,
    servicePort: 'number',
  }),
  create: options => new NginxRouter(options),
  ownedFields: nginxOwnedFields,
});
