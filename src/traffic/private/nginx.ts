// The NGINX router: its argument shape, its ITrafficRouter class, its `trafficRouting.nginx` block and the fields the controller owns.
import { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import { Binding, port, services } from './binding';
import { ingressSpec, ROUTER_INGRESS_FIELDS } from './ingress';
import { appObjects, defineRouterObject, ROUTER_OBJECT } from './objects';
import { OwnedFieldsContext } from './owned-fields';
import { ExpectedStruct, listOf, STRING_MAP, struct } from '../../private/arguments';
import { StringMap } from '../../private/manifest-types';
import { fail } from '../../private/synth-error';
import { copyMap } from '../../private/utils';
import { NginxRouterOptions } from '../nginx';
import { IgnoreDifference, ITrafficRouter, ITrafficRouterBinding, ITrafficTarget } from '../router';

/** The fields of `NginxRouterOptions`, for `checkArgument`. */
export const NGINX_ROUTER_OPTIONS: ExpectedStruct = struct('NginxRouterOptions', {
  ...ROUTER_INGRESS_FIELDS,
  stableIngresses: listOf(ROUTER_OBJECT),
  annotationPrefix: 'string',
  additionalIngressAnnotations: STRING_MAP,
  canaryIngressAnnotations: STRING_MAP,
  servicePort: 'number',
});

export class NginxRouter implements ITrafficRouter {
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
export function nginxOwnedFields(_config: unknown, _ctx: OwnedFieldsContext): IgnoreDifference[] {
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
