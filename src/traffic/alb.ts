// The ALB router: its options (public) and, module-local, its argument shape, its ITrafficRouter class,
// its `trafficRouting.alb` block and the fields the controller owns.
import { ApiObject, Duration } from 'cdk8s';
import { Construct } from 'constructs';
import { RouterIngressOptions } from './ingress';
import { Binding, port, services } from './private/binding';
import { ingressSpec, ROUTER_INGRESS_FIELDS } from './private/ingress';
import { appObjects, defineRouterObject, ROUTER_OBJECT } from './private/objects';
import { annotationPointer, nameOf, OwnedFieldsContext } from './private/owned-fields';
import { implementRouter } from './private/router-implementations';
import { IgnoreDifference, ITrafficRouter, ITrafficRouterBinding, ITrafficTarget } from './router';
import { RouterObject } from './router-object';
import { DURATION, listOf, struct } from '../private/arguments';
import { objectOrEmpty as obj } from '../private/manifest-types';
import { fail } from '../private/synth-error';
import { checkInteger, copyMap, toSeconds } from '../private/utils';

/** Options of the ALB router. */
export interface AlbRouterOptions extends RouterIngressOptions {
  /**
   * The Ingress(es) the AWS Load Balancer Controller serves; their backend is the root Service with
   * port `use-annotation`, and the Argo controller writes the weighted action annotation.
   *
   * @default - the router defines `<rollout>-ingress`
   */
  readonly ingresses?: RouterObject[];
  /** The Service port the action forwards to. @default - the port of the stable Service */
  readonly servicePort?: number;
  /** The Service named in the Ingress and its action. @default - the stable Service */
  readonly rootService?: string;
  /** Prefix of the ALB annotations. @default 'alb.ingress.kubernetes.io' */
  readonly annotationPrefix?: string;
  /** Target-group stickiness for this long. @default - no stickiness */
  readonly stickiness?: Duration;
}

class AlbRouter implements ITrafficRouter {
  public readonly key = 'alb';
  public readonly requiresStableAndCanaryServices = true;
  constructor(private readonly o: AlbRouterOptions) {
    if (o.ingresses && o.ingresses.length === 0) {
      fail('TrafficRouting.alb(): ingresses is empty. Leave it out (the router defines the Ingress) or list at least one.');
    }
    checkInteger('TrafficRouting.alb() servicePort', o.servicePort, 1, 65535);
    toSeconds('TrafficRouting.alb() stickiness', o.stickiness);
  }

  public bind(scope: Construct, target: ITrafficTarget): ITrafficRouterBinding {
    const o = this.o;
    const root = () => o.rootService ?? services(target, 'alb').stable;
    const defined: ApiObject[] = [];
    let names: string[];
    if (o.ingresses) {
      names = o.ingresses.map(r => r.name);
    } else {
      const name = o.name ?? `${target.rolloutName}-ingress`;
      defined.push(defineRouterObject(scope, 'AlbIngress', 'networking.k8s.io/v1', 'Ingress', name,
        () => ingressSpec(o, { name: root(), port: { name: 'use-annotation' } }), { annotations: copyMap(o.annotations) }));
      names = [name];
    }
    const render = () => ({
      ...(names.length === 1 ? { ingress: names[0] } : { ingresses: [...names] }),
      servicePort: port(target, 'alb', o.servicePort),
      rootService: o.rootService,
      annotationPrefix: o.annotationPrefix,
      stickinessConfig: o.stickiness ? { enabled: true, durationSeconds: toSeconds('stickiness', o.stickiness)! } : undefined,
    });
    return new Binding<AlbTrafficRoutingSpec>('alb', render, [...defined, ...appObjects(o.ingresses ?? [])]);
  }
}

/**
 * What the controller writes in the Ingresses of `trafficRouting.alb` (`ingress`, `ingresses`;
 * rollout/trafficrouting/alb): the action annotation `<annotationPrefix>/actions.<rootService or
 * stableService>` that holds the weights, the list of annotations it manages
 * (`rollouts.argoproj.io/managed-alb-annotations`), and, for each managed (header) route, the
 * annotations `<annotationPrefix>/actions.<route>` and `<annotationPrefix>/conditions.<route>` and the
 * `spec.rules` paths it adds and removes for the route.
 */
function albOwnedFields(given: unknown, ctx: OwnedFieldsContext): IgnoreDifference[] {
  const config = obj(given);
  const prefix = nameOf(config.annotationPrefix) ?? 'alb.ingress.kubernetes.io';
  const action = nameOf(config.rootService) ?? nameOf(ctx.canary.stableService);
  const ingresses: unknown = config.ingresses;
  const names = [nameOf(config.ingress), ...(Array.isArray(ingresses) ? ingresses.map(nameOf) : [])]
    .filter((n): n is string => n !== undefined);
  const pointers = [
    ...(action !== undefined ? [annotationPointer(`${prefix}/actions.${action}`)] : []),
    annotationPointer('rollouts.argoproj.io/managed-alb-annotations'),
    ...ctx.managedRoutes.flatMap(route => [annotationPointer(`${prefix}/actions.${route}`), annotationPointer(`${prefix}/conditions.${route}`)]),
    ...(ctx.managedRoutes.length > 0 ? ['/spec/rules'] : []),
  ];
  return [...new Set(names)].map(name => ctx.entry('networking.k8s.io', 'Ingress', name, pointers));
}

/** `trafficRouting.alb`. */
interface AlbTrafficRoutingSpec {
  readonly ingress?: string;
  readonly ingresses?: string[];
  readonly servicePort: number;
  readonly rootService?: string;
  readonly annotationPrefix?: string;
  readonly stickinessConfig?: { readonly enabled: boolean; readonly durationSeconds: number };
}

implementRouter<AlbRouterOptions>('TrafficRouting.alb', {
  options: struct('AlbRouterOptions', {
    ...ROUTER_INGRESS_FIELDS,
    ingresses: listOf(ROUTER_OBJECT),
    servicePort: 'number',
    rootService: 'string',
    annotationPrefix: 'string',
    stickiness: DURATION,
  }),
  create: options => new AlbRouter(options),
  ownedFields: albOwnedFields,
});
