// The Istio router: its options (public) and, module-local, its argument shape, its ITrafficRouter class,
// its `trafficRouting.istio` block and the fields the controller owns.
import { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import { Binding, services } from './private/binding';
import { appObjects, defineRouterObject, ROUTER_OBJECT } from './private/objects';
import { annotationPointer, nameOf, objectsIn, OwnedFieldsContext } from './private/owned-fields';
import { implementRouter } from './private/router-implementations';
import { IgnoreDifference, ITrafficRouter, ITrafficRouterBinding, ITrafficTarget } from './router';
import { RouterObject } from './router-object';
import { listOf, STRING_LIST, struct } from '../private/arguments';
import { objectOrEmpty } from '../private/manifest-types';
import { fail } from '../private/synth-error';
import { checkInteger, undefinedIfEmpty } from '../private/utils';
import { VERSION_NUMBERS } from '../private/versions';
import { virtualServiceName } from '../private/virtual-service-name';

/** A TLS route of a VirtualService, matched by port and SNI hosts. */
export interface IstioTlsRoute {
  /** The port. */
  readonly port: number;
  /** The SNI hosts. @default - any */
  readonly sniHosts?: string[];
}

/** A VirtualService the Istio router edits. */
export interface IstioVirtualService {
  /**
   * The VirtualService. A `RouterObject.fromName()` with a '.' names one of another namespace
   * (`web.mesh`: `web` in `mesh`); the releases read a name with several dots differently
   * (docs/argocd.md).
   *
   * @default - the router defines `<rollout>-vsvc` with one HTTP route `primary`
   */
  readonly object?: RouterObject;

  /**
   * Names of the HTTP routes to edit.
   *
   * @default - `['primary']` for the VirtualService the router defines; for your own, its only HTTP route
   */
  readonly routes?: string[];

  /** TLS routes to edit. @default - none */
  readonly tlsRoutes?: IstioTlsRoute[];

  /** TCP routes to edit, by port. @default - none */
  readonly tcpRoutePorts?: number[];
}

/** Subset-level traffic splitting: one Service, two DestinationRule subsets. */
export interface IstioSubsetOptions {
  /** The Service (host) the VirtualService routes to. */
  readonly host: string;

  /**
   * The DestinationRule.
   *
   * @default - the router defines `<rollout>-destrule` with the subsets
   */
  readonly destinationRule?: RouterObject;

  /** Name of the canary subset. @default 'canary' */
  readonly canarySubsetName?: string;

  /** Name of the stable subset. @default 'stable' */
  readonly stableSubsetName?: string;
}

/** Options of the Istio router. */
export interface IstioRouterOptions {
  /**
   * The VirtualServices to edit.
   *
   * @default - one VirtualService the router defines
   */
  readonly virtualServices?: IstioVirtualService[];

  /**
   * Split by subsets of one Service (DestinationRule) instead of between the stable and canary
   * Services (host-level split).
   *
   * @default - host-level split
   */
  readonly subsets?: IstioSubsetOptions;

  /**
   * `hosts` of the VirtualService the router defines.
   *
   * @default - the stable Service (host-level) or the subset host
   */
  readonly hosts?: string[];

  /** `gateways` of the VirtualService the router defines. @default - the mesh only */
  readonly gateways?: string[];

  /**
   * Name of the VirtualService the router defines; it may not hold a '.' (the Rollout's reference
   * would read as name.namespace).
   *
   * @default `<rollout>-vsvc`, with each '.' of the Rollout's name replaced by '-'
   */
  readonly virtualServiceName?: string;

  /** Name of the DestinationRule the router defines. @default `<rollout>-destrule` */
  readonly destinationRuleName?: string;

  /** API version of the Istio objects. @default 'networking.istio.io/v1alpha3' */
  readonly apiVersion?: string;
}

/**
 * What the controllers of the supported releases read a dotted VirtualService reference as, e.g.
 * `'web' in namespace 'v2'`, or one reading per group of releases when they differ.
 */
function misreadings(reference: string): string {
  const readings = new Map<string, string[]>();
  for (const version of VERSION_NUMBERS) {
    const { name, namespace } = virtualServiceName(reference, version);
    const reading = `'${name}' in namespace '${namespace}'`;
    readings.set(reading, [...(readings.get(reading) ?? []), version]);
  }
  return readings.size === 1 ? [...readings.keys()][0]
    : [...readings.entries()].map(([reading, versions]) => `${reading} with Argo Rollouts ${versions.join(', ')}`).join('; ');
}

class IstioRouter implements ITrafficRouter {
  public readonly key = 'istio';
  public readonly requiresStableAndCanaryServices: boolean;
  constructor(private readonly o: IstioRouterOptions) {
    this.requiresStableAndCanaryServices = !o.subsets;
    if (o.virtualServices && o.virtualServices.length === 0) {
      fail('TrafficRouting.istio(): virtualServices is empty. Leave it out (the router defines one) or list at least one.');
    }
    const defined = (o.virtualServices ?? []).filter(v => !v.object).length;
    if (defined > 1) {
      fail(`TrafficRouting.istio(): ${defined} virtualServices have no object, but the router defines only one VirtualService `
        + '(named virtualServiceName). Give every other entry its own object (RouterObject.fromConstruct() or fromName()).');
    }
    if (o.virtualServiceName?.includes('.')) {
      fail(`TrafficRouting.istio(): virtualServiceName '${o.virtualServiceName}' holds a '.', but the controller reads a '.' in a `
        + `VirtualService reference as name.namespace (${misreadings(o.virtualServiceName)}). `
        + `Use a name without '.', e.g. '${o.virtualServiceName.replace(/\./g, '-')}'.`);
    }
    for (const field of ['canarySubsetName', 'stableSubsetName'] as const) {
      if (o.subsets?.[field] === '') {
        // the controller never finds a subset without a name (rule V64)
        fail(`TrafficRouting.istio(): subsets.${field} is empty, so the controller would find no such subset in the routes. `
          + `Leave it out (default '${field === 'canarySubsetName' ? 'canary' : 'stable'}') or name a subset of the DestinationRule.`);
      }
    }
    for (const p of o.virtualServices?.flatMap(v => [...(v.tlsRoutes ?? []).map(t => t.port), ...(v.tcpRoutePorts ?? [])]) ?? []) {
      checkInteger('TrafficRouting.istio() route port', p, 1, 65535);
    }
  }

  public bind(scope: Construct, target: ITrafficTarget): ITrafficRouterBinding {
    const o = this.o;
    const api = o.apiVersion ?? 'networking.istio.io/v1alpha3';
    const sub = o.subsets;
    const canarySubset = sub?.canarySubsetName ?? 'canary';
    const stableSubset = sub?.stableSubsetName ?? 'stable';
    const vsSpecs = o.virtualServices ?? [{}];
    const defined: ApiObject[] = [];
    const vss = vsSpecs.map((v, i) => {
      if (v.object) return { name: v.object.name, routes: v.routes, spec: v };
      // a '.' in a VirtualService reference separates name and namespace, so the generated name has none
      const name = o.virtualServiceName ?? `${target.rolloutName.replace(/\./g, '-')}-vsvc`;
      const obj = defineRouterObject(scope, i === 0 ? 'IstioVirtualService' : `IstioVirtualService${i}`, api, 'VirtualService', name, () => {
        const dest = (kind: 'stable' | 'canary') => {
          if (sub) return { host: sub.host, subset: kind === 'stable' ? stableSubset : canarySubset };
          const s = services(target, 'istio');
          return { host: s[kind] };
        };
        return {
          hosts: o.hosts ? [...o.hosts] : [sub ? sub.host : services(target, 'istio').stable],
          gateways: o.gateways ? [...o.gateways] : undefined,
          http: [{ name: 'primary', route: [{ destination: dest('stable'), weight: 100 }, { destination: dest('canary'), weight: 0 }] }],
        };
      });
      defined.push(obj);
      return { name, routes: v.routes ?? ['primary'], spec: v };
    });
    let drName: string | undefined;
    if (sub) {
      if (sub.destinationRule) {
        drName = sub.destinationRule.name;
      } else {
        drName = o.destinationRuleName ?? `${target.rolloutName}-destrule`;
        defined.push(defineRouterObject(scope, 'IstioDestinationRule', api, 'DestinationRule', drName, () => ({
          host: sub.host,
          subsets: [{ name: stableSubset, labels: { ...target.podLabels() } }, { name: canarySubset, labels: { ...target.podLabels() } }],
        })));
      }
    }
    const render = () => {
      const refs = vss.map(v => ({
        name: v.name,
        routes: v.routes ? [...v.routes] : undefined,
        tlsRoutes: undefinedIfEmpty((v.spec.tlsRoutes ?? []).map(t => ({ port: t.port, sniHosts: t.sniHosts ? [...t.sniHosts] : undefined }))),
        tcpRoutes: undefinedIfEmpty((v.spec.tcpRoutePorts ?? []).map(p => ({ port: p }))),
      }));
      return {
        ...(refs.length === 1 ? { virtualService: refs[0] } : { virtualServices: refs }),
        destinationRule: drName ? { name: drName, canarySubsetName: canarySubset, stableSubsetName: stableSubset } : undefined,
      };
    };
    return new Binding<IstioTrafficRoutingSpec>('istio', render, [...defined, ...appObjects([...vsSpecs.map(v => v.object), sub?.destinationRule])]);
  }
}

/**
 * What the controller writes in the Istio objects of `trafficRouting.istio` (rollout/trafficrouting/istio):
 * - each VirtualService (`virtualService`, `virtualServices`; a dotted reference names its namespace,
 *   split as the controller of the app's release splits it, see `virtualServiceName`): `spec.http`, whose route weights it sets and where the header and mirror routes of
 *   `setHeaderRoute`/`setMirrorRoute` go (left alone only when the reference lists TLS or TCP routes
 *   and no HTTP routes, and there are no managed routes); `spec.tls` for `tlsRoutes`, `spec.tcp` for
 *   `tcpRoutes`;
 * - the DestinationRule (`destinationRule`): `spec.subsets`, whose `rollouts-pod-template-hash`
 *   labels it sets, and the annotation `argo-rollouts.argoproj.io/managed-by-rollouts` it adds.
 */
function istioOwnedFields(given: unknown, ctx: OwnedFieldsContext): IgnoreDifference[] {
  const config = objectOrEmpty(given);
  const entries: IgnoreDifference[] = [];
  for (const ref of [...objectsIn([config.virtualService]), ...objectsIn(config.virtualServices)]) {
    const full = nameOf(ref.name);
    if (full === undefined) continue;
    const { name, namespace } = virtualServiceName(full, ctx.version);
    const tls = objectsIn(ref.tlsRoutes).length > 0;
    const tcp = objectsIn(ref.tcpRoutes).length > 0;
    const http = (Array.isArray(ref.routes) && ref.routes.length > 0) || (!tls && !tcp) || ctx.managedRoutes.length > 0;
    const pointers = [...(http ? ['/spec/http'] : []), ...(tls ? ['/spec/tls'] : []), ...(tcp ? ['/spec/tcp'] : [])];
    entries.push(ctx.entry('networking.istio.io', 'VirtualService', name, pointers, namespace !== '' ? namespace : undefined));
  }
  const rule = nameOf(objectOrEmpty(config.destinationRule).name);
  if (rule !== undefined) {
    entries.push(ctx.entry('networking.istio.io', 'DestinationRule', rule,
      ['/spec/subsets', annotationPointer('argo-rollouts.argoproj.io/managed-by-rollouts')]));
  }
  return entries;
}

/** A VirtualService reference of `istio.virtualService(s)`. */
interface IstioVirtualServiceSpec {
  readonly name: string;
  readonly routes?: string[];
  readonly tlsRoutes?: { readonly port?: number; readonly sniHosts?: string[] }[];
  readonly tcpRoutes?: { readonly port?: number }[];
}

/** `trafficRouting.istio`. */
interface IstioTrafficRoutingSpec {
  readonly virtualService?: IstioVirtualServiceSpec;
  readonly virtualServices?: IstioVirtualServiceSpec[];
  readonly destinationRule?: {
    readonly name: string;
    readonly canarySubsetName: string;
    readonly stableSubsetName: string;
    readonly additionalSubsetNames?: string[];
  };
}

implementRouter<IstioRouterOptions>('TrafficRouting.istio', {
  options: struct('IstioRouterOptions', {
    virtualServices: listOf(struct('IstioVirtualService', {
      object: ROUTER_OBJECT,
      routes: STRING_LIST,
      tlsRoutes: listOf(struct('IstioTlsRoute', { port: 'number', sniHosts: STRING_LIST }, { required: ['port'], example: "{ port: 443, sniHosts: ['web.example.com'] }" })),
      tcpRoutePorts: listOf('number'),
    }, { example: "{ object: RouterObject.fromName('web-vsvc'), routes: ['primary'] }" })),
    subsets: struct('IstioSubsetOptions', {
      host: 'string',
      destinationRule: ROUTER_OBJECT,
      canarySubsetName: 'string',
      stableSubsetName: 'string',
    }, { required: ['host'], example: "{ host: 'web' }" }),
    hosts: STRING_LIST,
    gateways: STRING_LIST,
    virtualServiceName: 'string',
    destinationRuleName: 'string',
    apiVersion: 'string',
  }),
  create: options => new IstioRouter(options),
  ownedFields: istioOwnedFields,
});
