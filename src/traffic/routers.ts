import { ApiObject, Duration } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { Construct } from 'constructs';
import { appObjects, defineRouterObject, required } from './objects';
import { IgnoreDifference, ITrafficRouter, ITrafficRouterBinding, ITrafficTarget } from './router';
import { RouterObject } from './router-object';
import { ControllerPlugin } from '../install/plugins';
import { ProviderPermissions } from '../install/rbac';
import { argumentOrDefault, checkArgument } from '../private/arguments';
import { checkPluginName } from '../private/names';
import { checkInteger, copyMap, toSeconds, undefinedIfEmpty } from '../private/utils';

/** Names of the Rollout's stable and canary Services, or an error saying how to get them. */
function services(target: ITrafficTarget, router: string): { stable: string; canary: string } {
  const stable = target.stableServiceName();
  const canary = target.canaryServiceName();
  if (!stable || !canary) {
    throw new Error(`The ${router} router of Rollout ${target.rolloutName} needs its stable and canary Services. `
      + 'Leave stableService/canaryService out (the Rollout defines them) or pass your own.');
  }
  return { stable, canary };
}

function port(target: ITrafficTarget, router: string, given?: number): number {
  return given ?? required(target.servicePort(), `The Service port for the ${router} router of Rollout ${target.rolloutName}`,
    'Give the router a servicePort, or give a container of the Rollout a port.');
}

/** A binding whose config is rendered on demand. */
class Binding implements ITrafficRouterBinding {
  constructor(
    public readonly key: string,
    private readonly render: () => any,
    public readonly apiObjects: ApiObject[],
    public readonly ignoreDifferences: IgnoreDifference[],
    public readonly controllerPlugin?: ControllerPlugin,
    public readonly providerPermissions?: ProviderPermissions) {}

  public renderConfig(): any {
    return this.render();
  }
}

// ------------------------------------------------------------------------------------------------
// Istio
// ------------------------------------------------------------------------------------------------

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
   * The VirtualService.
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

class IstioRouter implements ITrafficRouter {
  public readonly key = 'istio';
  public readonly requiresStableAndCanaryServices: boolean;
  constructor(private readonly o: IstioRouterOptions) {
    this.requiresStableAndCanaryServices = !o.subsets;
    if (o.virtualServices && o.virtualServices.length === 0) {
      throw new Error('TrafficRouting.istio(): virtualServices is empty. Leave it out (the router defines one) or list at least one.');
    }
    const defined = (o.virtualServices ?? []).filter(v => !v.object).length;
    if (defined > 1) {
      throw new Error(`TrafficRouting.istio(): ${defined} virtualServices have no object, but the router defines only one VirtualService `
        + '(named virtualServiceName). Give every other entry its own object (RouterObject.fromConstruct() or fromName()).');
    }
    if (o.virtualServiceName?.includes('.')) {
      throw new Error(`TrafficRouting.istio(): virtualServiceName '${o.virtualServiceName}' holds a '.', but the controller reads a '.' in a `
        + `VirtualService reference as name.namespace ('${o.virtualServiceName.split('.')[0]}' in namespace '${o.virtualServiceName.split('.')[1]}'). `
        + `Use a name without '.', e.g. '${o.virtualServiceName.replace(/\./g, '-')}'.`);
    }
    for (const field of ['canarySubsetName', 'stableSubsetName'] as const) {
      if (o.subsets?.[field] === '') {
        // the controller never finds a subset without a name (rule V64)
        throw new Error(`TrafficRouting.istio(): subsets.${field} is empty, so the controller would find no such subset in the routes. `
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
    const ignore: IgnoreDifference[] = [];
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
      ignore.push({ group: 'networking.istio.io', kind: 'VirtualService', name, jsonPointers: ['/spec/http'] });
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
        ignore.push({ group: 'networking.istio.io', kind: 'DestinationRule', name: drName, jsonPointers: ['/spec/subsets'] });
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
    return new Binding('istio', render, [...defined, ...appObjects([...vsSpecs.map(v => v.object), sub?.destinationRule])], ignore);
  }
}

// ------------------------------------------------------------------------------------------------
// Ingress-based: NGINX and ALB
// ------------------------------------------------------------------------------------------------

/** The Ingress a router defines. */
export interface RouterIngressOptions {
  /** Host of the Ingress rule. @default - any host */
  readonly host?: string;
  /** Path of the Ingress rule. @default '/' */
  readonly path?: string;
  /**
   * How the path is matched (`ImplementationSpecific` for controller wildcards such as the ALB's `/*`).
   *
   * @default HttpIngressPathType.PREFIX
   */
  readonly pathType?: kplus.HttpIngressPathType;
  /** Ingress class. @default - none (the cluster default, or the class annotation in `annotations`) */
  readonly ingressClassName?: string;
  /** Annotations of the Ingress. @default - none */
  readonly annotations?: { [key: string]: string };
  /** Name of the Ingress. @default - see the router */
  readonly name?: string;
}

function ingressSpec(o: RouterIngressOptions, backend: any): any {
  return {
    ingressClassName: o.ingressClassName,
    rules: [{
      host: o.host,
      http: { paths: [{ path: o.path ?? '/', pathType: o.pathType ?? kplus.HttpIngressPathType.PREFIX, backend: { service: backend } }] },
    }],
  };
}

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
      throw new Error('TrafficRouting.nginx(): stableIngresses is empty. Leave it out (the router defines the stable Ingress) or list at least one.');
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
    return new Binding('nginx', render, [...defined, ...appObjects(o.stableIngresses ?? [])], []);
  }
}

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
      throw new Error('TrafficRouting.alb(): ingresses is empty. Leave it out (the router defines the Ingress) or list at least one.');
    }
    checkInteger('TrafficRouting.alb() servicePort', o.servicePort, 1, 65535);
    toSeconds('TrafficRouting.alb() stickiness', o.stickiness);
  }

  public bind(scope: Construct, target: ITrafficTarget): ITrafficRouterBinding {
    const o = this.o;
    const prefix = o.annotationPrefix ?? 'alb.ingress.kubernetes.io';
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
    const rootName = o.rootService ?? target.stableServiceName() ?? 'stable';
    const ignore = names.map(name => ({
      group: 'networking.k8s.io',
      kind: 'Ingress',
      name,
      jsonPointers: [`/metadata/annotations/${prefix}~1actions.${rootName}`, `/metadata/annotations/${prefix}~1conditions.${rootName}`],
    }));
    const render = () => ({
      ...(names.length === 1 ? { ingress: names[0] } : { ingresses: [...names] }),
      servicePort: port(target, 'alb', o.servicePort),
      rootService: o.rootService,
      annotationPrefix: o.annotationPrefix,
      stickinessConfig: o.stickiness ? { enabled: true, durationSeconds: toSeconds('stickiness', o.stickiness) } : undefined,
    });
    return new Binding('alb', render, [...defined, ...appObjects(o.ingresses ?? [])], ignore);
  }
}

// ------------------------------------------------------------------------------------------------
// SMI, Ambassador, Traefik, APISIX
// ------------------------------------------------------------------------------------------------

/** Options of the SMI router. */
export interface SmiRouterOptions {
  /** The Service clients call; the TrafficSplit splits it. @default - the stable Service */
  readonly rootService?: string;
  /** Name of the TrafficSplit. @default - the Rollout's name */
  readonly trafficSplitName?: string;
  /**
   * Define the TrafficSplit in the app. The controller creates and updates it either way; defining
   * it lets GitOps tools own it (its backends are then ignored, see `ignoreDifferences`).
   *
   * @default false
   */
  readonly defineTrafficSplit?: boolean;
  /** API version of the TrafficSplit. @default 'split.smi-spec.io/v1alpha1' */
  readonly apiVersion?: string;
}

class SmiRouter implements ITrafficRouter {
  public readonly key = 'smi';
  public readonly requiresStableAndCanaryServices = true;
  constructor(private readonly o: SmiRouterOptions) {}

  public bind(scope: Construct, target: ITrafficTarget): ITrafficRouterBinding {
    const o = this.o;
    const defined: ApiObject[] = [];
    const ignore: IgnoreDifference[] = [];
    if (o.defineTrafficSplit) {
      const name = o.trafficSplitName ?? target.rolloutName;
      defined.push(defineRouterObject(scope, 'TrafficSplit', o.apiVersion ?? 'split.smi-spec.io/v1alpha1', 'TrafficSplit', name, () => {
        const s = services(target, 'smi');
        return { service: o.rootService ?? s.stable, backends: [{ service: s.stable, weight: 100 }, { service: s.canary, weight: 0 }] };
      }));
      ignore.push({ group: 'split.smi-spec.io', kind: 'TrafficSplit', name, jsonPointers: ['/spec/backends'] });
    }
    return new Binding('smi', () => ({ rootService: o.rootService, trafficSplitName: o.trafficSplitName }), defined, ignore);
  }
}

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
      throw new Error('TrafficRouting.ambassador(): mappings is empty. Leave it out (the router defines a Mapping) or list at least one.');
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
    return new Binding('ambassador', () => ({ mappings: [...names] }), [...defined, ...appObjects(o.mappings ?? [])], []);
  }
}

/** Options of the Traefik router. */
export interface TraefikRouterOptions {
  /**
   * The weighted TraefikService.
   *
   * @default - the router defines `<rollout>-traefik-service`
   */
  readonly weightedTraefikService?: RouterObject;
  /** API version of the TraefikService. @default 'traefik.io/v1alpha1' */
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
    const ignore: IgnoreDifference[] = [];
    let name: string;
    if (o.weightedTraefikService) {
      name = o.weightedTraefikService.name;
    } else {
      name = `${target.rolloutName}-traefik-service`;
      const api = o.apiVersion ?? 'traefik.io/v1alpha1';
      defined.push(defineRouterObject(scope, 'TraefikService', api, 'TraefikService', name, () => {
        const s = services(target, 'traefik');
        const p = port(target, 'traefik', o.servicePort);
        return { weighted: { services: [{ name: s.stable, port: p, weight: 100 }, { name: s.canary, port: p, weight: 0 }] } };
      }));
      ignore.push({ group: api.split('/')[0], kind: 'TraefikService', name, jsonPointers: ['/spec/weighted/services'] });
    }
    return new Binding('traefik', () => ({ weightedTraefikServiceName: name }), [...defined, ...appObjects([o.weightedTraefikService])], ignore);
  }
}

/** Options of the APISIX router. */
export interface ApisixRouterOptions {
  /**
   * The ApisixRoute.
   *
   * @default - the router defines `<rollout>-apisix-route`
   */
  readonly route?: RouterObject;
  /** Names of the rules to edit. @default - the rule of the defined route */
  readonly rules?: string[];
  /** Name of the ApisixRoute the router defines. @default `<rollout>-apisix-route` */
  readonly routeName?: string;
  /** Name of the rule of the defined route. @default 'primary' */
  readonly ruleName?: string;
  /** Hosts of the defined rule. @default - any */
  readonly hosts?: string[];
  /** Paths of the defined rule. @default ['/*'] */
  readonly paths?: string[];
  /** Methods of the defined rule. @default - any */
  readonly methods?: string[];
  /** The Service port. @default - the port of the stable Service */
  readonly servicePort?: number;
}

class ApisixRouter implements ITrafficRouter {
  public readonly key = 'apisix';
  public readonly requiresStableAndCanaryServices = true;
  constructor(private readonly o: ApisixRouterOptions) {}

  public bind(scope: Construct, target: ITrafficTarget): ITrafficRouterBinding {
    const o = this.o;
    const defined: ApiObject[] = [];
    const ignore: IgnoreDifference[] = [];
    let name: string;
    let rules: string[] | undefined = o.rules;
    if (o.route) {
      name = o.route.name;
    } else {
      name = o.routeName ?? `${target.rolloutName}-apisix-route`;
      const rule = o.ruleName ?? 'primary';
      rules = rules ?? [rule];
      defined.push(defineRouterObject(scope, 'ApisixRoute', 'apisix.apache.org/v2', 'ApisixRoute', name, () => {
        const s = services(target, 'apisix');
        const p = port(target, 'apisix', o.servicePort);
        return {
          http: [{
            name: rule,
            match: { paths: [...(o.paths ?? ['/*'])], methods: o.methods ? [...o.methods] : undefined, hosts: o.hosts ? [...o.hosts] : undefined },
            backends: [{ serviceName: s.stable, servicePort: p }, { serviceName: s.canary, servicePort: p }],
          }],
        };
      }));
      ignore.push({ group: 'apisix.apache.org', kind: 'ApisixRoute', name, jsonPointers: ['/spec/http'] });
    }
    return new Binding('apisix', () => ({ route: { name, rules: rules ? [...rules] : undefined } }), [...defined, ...appObjects([o.route])], ignore);
  }
}

// ------------------------------------------------------------------------------------------------
// App Mesh
// ------------------------------------------------------------------------------------------------

/** Options of the App Mesh router. */
export interface AppMeshRouterOptions {
  /**
   * The App Mesh VirtualService (its provider must be a VirtualRouter).
   *
   * @default - the router defines a VirtualService, a VirtualRouter and the two VirtualNodes
   */
  readonly virtualService?: RouterObject;
  /** Routes of the VirtualRouter to edit. @default - all its routes (the router the library defines has one, `primary`) */
  readonly routes?: string[];
  /** The canary VirtualNode, with your own VirtualService. @default - defined */
  readonly canaryVirtualNode?: RouterObject;
  /** The stable VirtualNode, with your own VirtualService. @default - defined */
  readonly stableVirtualNode?: RouterObject;
  /** Name of the defined VirtualService. @default - the Rollout's name */
  readonly virtualServiceName?: string;
  /** Name of the defined VirtualRouter. @default `<rollout>-vrouter` */
  readonly virtualRouterName?: string;
  /** Name of the defined canary VirtualNode. @default `<rollout>-vn-canary` */
  readonly canaryVirtualNodeName?: string;
  /** Name of the defined stable VirtualNode. @default `<rollout>-vn-stable` */
  readonly stableVirtualNodeName?: string;
  /** Port of the VirtualRouter listener. @default - the port of the stable Service */
  readonly servicePort?: number;
  /** Port of the VirtualNode listeners (the container port). @default - the Service port */
  readonly containerPort?: number;
  /** Namespace used in the VirtualNodes' DNS names. @default 'default' */
  readonly namespace?: string;
}

class AppMeshRouter implements ITrafficRouter {
  public readonly key = 'appMesh';
  public readonly requiresStableAndCanaryServices = true;
  constructor(private readonly o: AppMeshRouterOptions) {
    if (o.virtualService && (!o.canaryVirtualNode || !o.stableVirtualNode)) {
      throw new Error('TrafficRouting.appMesh(): with your own virtualService, give canaryVirtualNode and stableVirtualNode too.');
    }
  }

  public bind(scope: Construct, target: ITrafficTarget): ITrafficRouterBinding {
    const o = this.o;
    const api = 'appmesh.k8s.aws/v1beta2';
    const defined: ApiObject[] = [];
    const ignore: IgnoreDifference[] = [];
    const vsName = o.virtualService?.name ?? o.virtualServiceName ?? target.rolloutName;
    const routerName = o.virtualRouterName ?? `${target.rolloutName}-vrouter`;
    const canaryNode = o.canaryVirtualNode?.name ?? o.canaryVirtualNodeName ?? `${target.rolloutName}-vn-canary`;
    const stableNode = o.stableVirtualNode?.name ?? o.stableVirtualNodeName ?? `${target.rolloutName}-vn-stable`;
    if (!o.virtualService) {
      const p = () => port(target, 'appMesh', o.servicePort);
      defined.push(defineRouterObject(scope, 'AppMeshVirtualService', api, 'VirtualService', vsName, () => ({
        provider: { virtualRouter: { virtualRouterRef: { name: routerName } } },
      })));
      defined.push(defineRouterObject(scope, 'AppMeshVirtualRouter', api, 'VirtualRouter', routerName, () => ({
        listeners: [{ portMapping: { port: p(), protocol: 'http' } }],
        routes: [{
          name: 'primary',
          httpRoute: {
            match: { prefix: '/' },
            action: { weightedTargets: [{ virtualNodeRef: { name: canaryNode }, weight: 0 }, { virtualNodeRef: { name: stableNode }, weight: 100 }] },
          },
        }],
      })));
      ignore.push({ group: 'appmesh.k8s.aws', kind: 'VirtualRouter', name: routerName, jsonPointers: ['/spec/routes'] });
      const node = (id: string, name: string, role: 'canary' | 'stable') => defineRouterObject(scope, id, api, 'VirtualNode', name, () => ({
        podSelector: { matchLabels: { ...target.podLabels(), 'rollouts-pod-template-hash': `${role}-tbd` } },
        listeners: [{ portMapping: { port: o.containerPort ?? p(), protocol: 'http' } }],
        serviceDiscovery: { dns: { hostname: `${services(target, 'appMesh')[role]}.${o.namespace ?? 'default'}.svc.cluster.local`, responseType: 'ENDPOINTS' } },
      }));
      defined.push(node('AppMeshCanaryVirtualNode', canaryNode, 'canary'), node('AppMeshStableVirtualNode', stableNode, 'stable'));
      for (const name of [canaryNode, stableNode]) {
        ignore.push({ group: 'appmesh.k8s.aws', kind: 'VirtualNode', name, jsonPointers: ['/spec/podSelector/matchLabels/rollouts-pod-template-hash'] });
      }
    }
    const render = () => ({
      virtualService: { name: vsName, routes: o.routes ? [...o.routes] : undefined },
      virtualNodeGroup: { canaryVirtualNodeRef: { name: canaryNode }, stableVirtualNodeRef: { name: stableNode } },
    });
    return new Binding('appMesh', render, [...defined, ...appObjects([o.virtualService, o.canaryVirtualNode, o.stableVirtualNode])], ignore);
  }
}

// ------------------------------------------------------------------------------------------------
// Plugins and the Gateway API
// ------------------------------------------------------------------------------------------------

/** Options of a traffic-router plugin. */
export interface PluginTrafficRouterOptions {
  /** The plugin's settings, as the plugin documents them. @default {} */
  readonly config?: { [key: string]: any };
  /**
   * The plugin binary, registered in the app's `ArgoRollouts` install.
   *
   * @default - the install must register the plugin itself (synth fails otherwise)
   */
  readonly controllerPlugin?: ControllerPlugin;
  /** Permissions the controller needs for the plugin, added to the app's install. @default - none */
  readonly providerPermissions?: ProviderPermissions;
  /** Whether the plugin needs the stable and canary Services. @default true */
  readonly requiresStableAndCanaryServices?: boolean;
}

const GATEWAY_API_PLUGIN = 'argoproj-labs/gatewayAPI';

class PluginRouter implements ITrafficRouter {
  public readonly key = 'plugins';
  public readonly requiresStableAndCanaryServices: boolean;
  constructor(public readonly pluginName: string, private readonly o: PluginTrafficRouterOptions,
    private readonly define?: (scope: Construct, target: ITrafficTarget) => { objects: ApiObject[]; config: () => any; ignore: IgnoreDifference[] }) {
    this.requiresStableAndCanaryServices = o.requiresStableAndCanaryServices ?? true;
    if (o.controllerPlugin && o.controllerPlugin.name !== pluginName) {
      throw new Error(`Traffic router plugin '${pluginName}' is given the controller plugin '${o.controllerPlugin.name}'. Give the binary of '${pluginName}'.`);
    }
  }

  public bind(scope: Construct, target: ITrafficTarget): ITrafficRouterBinding {
    const own = this.define?.(scope, target);
    const render = () => ({ [this.pluginName]: { ...(own ? own.config() : {}), ...(this.o.config ?? {}) } });
    return new Binding('plugins', render, own?.objects ?? [], own?.ignore ?? [], this.o.controllerPlugin, this.o.providerPermissions);
  }
}

/** Options of the Gateway API router (the `argoproj-labs/gatewayAPI` plugin). */
export interface GatewayApiRouterOptions {
  /**
   * The HTTPRoute(s) whose backends the plugin weighs.
   *
   * @default - the router defines `<rollout>-http-route` attached to `gateway`
   */
  readonly httpRoutes?: RouterObject[];
  /** GRPCRoutes to weigh. @default - none */
  readonly grpcRoutes?: RouterObject[];
  /** TCPRoutes to weigh. @default - none */
  readonly tcpRoutes?: RouterObject[];
  /** The Gateway the defined HTTPRoute attaches to (needed unless you bring routes). @default - none */
  readonly gatewayName?: string;
  /** Namespace of that Gateway. @default - the route's namespace */
  readonly gatewayNamespace?: string;
  /** Host names of the defined HTTPRoute. @default - the Gateway's */
  readonly hostnames?: string[];
  /** Namespace of the routes, as the plugin needs it. @default 'default' */
  readonly namespace?: string;
  /** The Service port. @default - the port of the stable Service */
  readonly servicePort?: number;
  /**
   * The plugin binary, registered in the app's `ArgoRollouts` install.
   *
   * @default - the install must register the plugin itself (synth fails otherwise)
   */
  readonly controllerPlugin?: ControllerPlugin;
}

/**
 * Traffic routers for canary Rollouts. By default each router defines its objects (VirtualService,
 * Ingress, Mapping, ...) with names and backends that fit the Rollout; pass a `RouterObject` to use
 * your own instead.
 */
export class TrafficRouting {
  /** Istio: host-level split between the stable and canary Services, or subset-level with a DestinationRule. */
  public static istio(options: IstioRouterOptions = {}): ITrafficRouter {
    options = argumentOrDefault('TrafficRouting.istio()', 'options', options, 'object', {});
    return new IstioRouter(options);
  }

  /** NGINX Ingress Controller: the controller adds a canary Ingress next to the stable one. */
  public static nginx(options: NginxRouterOptions = {}): ITrafficRouter {
    options = argumentOrDefault('TrafficRouting.nginx()', 'options', options, 'object', {});
    return new NginxRouter(options);
  }

  /** AWS Load Balancer Controller: weighted actions on an ALB Ingress. */
  public static alb(options: AlbRouterOptions = {}): ITrafficRouter {
    options = argumentOrDefault('TrafficRouting.alb()', 'options', options, 'object', {});
    return new AlbRouter(options);
  }

  /** SMI TrafficSplit (e.g. Linkerd). */
  public static smi(options: SmiRouterOptions = {}): ITrafficRouter {
    options = argumentOrDefault('TrafficRouting.smi()', 'options', options, 'object', {});
    return new SmiRouter(options);
  }

  /** Ambassador / Emissary: canary Mappings next to the base Mappings. */
  public static ambassador(options: AmbassadorRouterOptions = {}): ITrafficRouter {
    options = argumentOrDefault('TrafficRouting.ambassador()', 'options', options, 'object', {});
    return new AmbassadorRouter(options);
  }

  /** Traefik: a weighted TraefikService. */
  public static traefik(options: TraefikRouterOptions = {}): ITrafficRouter {
    options = argumentOrDefault('TrafficRouting.traefik()', 'options', options, 'object', {});
    return new TraefikRouter(options);
  }

  /** Apache APISIX: weighted backends of an ApisixRoute. */
  public static apisix(options: ApisixRouterOptions = {}): ITrafficRouter {
    options = argumentOrDefault('TrafficRouting.apisix()', 'options', options, 'object', {});
    return new ApisixRouter(options);
  }

  /** AWS App Mesh: weighted targets of a VirtualRouter. */
  public static appMesh(options: AppMeshRouterOptions = {}): ITrafficRouter {
    options = argumentOrDefault('TrafficRouting.appMesh()', 'options', options, 'object', {});
    return new AppMeshRouter(options);
  }

  /**
   * A traffic-router plugin, configured under `trafficRouting.plugins.<name>`.
   *
   * @param name the plugin name, `<namespace>/<name>`
   */
  public static plugin(name: string, options: PluginTrafficRouterOptions = {}): ITrafficRouter {
    checkArgument('TrafficRouting.plugin()', 'name', name, 'string');
    options = argumentOrDefault('TrafficRouting.plugin()', 'options', options, 'object', {});
    return new PluginRouter(checkPluginName(`Traffic router plugin name '${name}'`, name), options);
  }

  /**
   * The Gateway API, through the `argoproj-labs/gatewayAPI` plugin: weighted backends of HTTPRoutes,
   * GRPCRoutes or TCPRoutes. The app's `ArgoRollouts` install gets the plugin and its permissions.
   */
  public static gatewayApi(options: GatewayApiRouterOptions = {}): ITrafficRouter {
    options = argumentOrDefault('TrafficRouting.gatewayApi()', 'options', options, 'object', {});
    const own = options.httpRoutes ?? options.grpcRoutes ?? options.tcpRoutes;
    if (!own && !options.gatewayName) {
      throw new Error('TrafficRouting.gatewayApi() needs a gatewayName for the HTTPRoute it defines, or your own httpRoutes/grpcRoutes/tcpRoutes.');
    }
    const list = (refs: RouterObject[] | undefined) => refs?.map(r => r.name);
    return new PluginRouter(GATEWAY_API_PLUGIN, { controllerPlugin: options.controllerPlugin, providerPermissions: ProviderPermissions.GATEWAY_API },
      (scope, target) => {
        const objects: ApiObject[] = [...appObjects([...(options.httpRoutes ?? []), ...(options.grpcRoutes ?? []), ...(options.tcpRoutes ?? [])])];
        const ignore: IgnoreDifference[] = [];
        let http = list(options.httpRoutes);
        if (!own) {
          const name = `${target.rolloutName}-http-route`;
          objects.push(defineRouterObject(scope, 'HttpRoute', 'gateway.networking.k8s.io/v1', 'HTTPRoute', name, () => {
            const s = services(target, 'gatewayApi');
            const p = port(target, 'gatewayApi', options.servicePort);
            return {
              parentRefs: [{ name: options.gatewayName, namespace: options.gatewayNamespace }],
              hostnames: options.hostnames ? [...options.hostnames] : undefined,
              rules: [{ backendRefs: [{ name: s.stable, port: p, weight: 100 }, { name: s.canary, port: p, weight: 0 }] }],
            };
          }));
          ignore.push({ group: 'gateway.networking.k8s.io', kind: 'HTTPRoute', name, jsonPointers: ['/spec/rules'] });
          http = [name];
        }
        const one = (names: string[] | undefined, single: string, several: string) =>
          (names === undefined ? {} : names.length === 1 ? { [single]: names[0] } : { [several]: names.map(name => ({ name })) });
        return {
          objects,
          ignore,
          config: () => ({
            ...one(http, 'httpRoute', 'httpRoutes'),
            ...one(list(options.grpcRoutes), 'grpcRoute', 'grpcRoutes'),
            ...one(list(options.tcpRoutes), 'tcpRoute', 'tcpRoutes'),
            namespace: options.namespace ?? 'default',
          }),
        };
      });
  }

  private constructor() {}
}
