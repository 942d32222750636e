/**
 * Types of the rendered `spec.strategy.canary.trafficRouting` block of a Rollout: one block per
 * router key, as each router's binding renders it, and the match types of header and mirror routes.
 * Internal: jsii never sees them (the public `ITrafficRouterBinding.renderConfig()` stays `any`).
 */
import { JsonObject, StringMap } from '../../private/manifest-types';

/** A StringMatch: exactly one of `exact`, `prefix`, `regex`. */
export interface StringMatchSpec {
  readonly exact?: string;
  readonly prefix?: string;
  readonly regex?: string;
}

/** `setHeaderRoute.match[]`: a header condition. */
export interface HeaderRoutingMatchSpec {
  readonly headerName: string;
  readonly headerValue: StringMatchSpec;
}

/** `setMirrorRoute.match[]`: a request condition. */
export interface RouteMatchSpec {
  readonly method?: StringMatchSpec;
  readonly path?: StringMatchSpec;
  readonly headers?: { readonly [headerName: string]: StringMatchSpec };
}

/** A VirtualService reference of `istio.virtualService(s)`. */
export interface IstioVirtualServiceSpec {
  readonly name: string;
  readonly routes?: string[];
  readonly tlsRoutes?: { readonly port?: number; readonly sniHosts?: string[] }[];
  readonly tcpRoutes?: { readonly port?: number }[];
}

/** `trafficRouting.istio`. */
export interface IstioTrafficRoutingSpec {
  readonly virtualService?: IstioVirtualServiceSpec;
  readonly virtualServices?: IstioVirtualServiceSpec[];
  readonly destinationRule?: {
    readonly name: string;
    readonly canarySubsetName: string;
    readonly stableSubsetName: string;
    readonly additionalSubsetNames?: string[];
  };
}

/** `trafficRouting.nginx`. */
export interface NginxTrafficRoutingSpec {
  readonly stableIngress?: string;
  readonly stableIngresses?: string[];
  readonly annotationPrefix?: string;
  readonly additionalIngressAnnotations?: StringMap;
  readonly canaryIngressAnnotations?: StringMap;
}

/** `trafficRouting.alb`. */
export interface AlbTrafficRoutingSpec {
  readonly ingress?: string;
  readonly ingresses?: string[];
  readonly servicePort: number;
  readonly rootService?: string;
  readonly annotationPrefix?: string;
  readonly stickinessConfig?: { readonly enabled: boolean; readonly durationSeconds: number };
}

/** `trafficRouting.smi`. */
export interface SmiTrafficRoutingSpec {
  readonly rootService?: string;
  readonly trafficSplitName?: string;
}

/** `trafficRouting.ambassador`. */
export interface AmbassadorTrafficRoutingSpec {
  readonly mappings: string[];
}

/** `trafficRouting.appMesh`. */
export interface AppMeshTrafficRoutingSpec {
  readonly virtualService?: { readonly name: string; readonly routes?: string[] };
  readonly virtualNodeGroup?: {
    readonly canaryVirtualNodeRef: { readonly name: string };
    readonly stableVirtualNodeRef: { readonly name: string };
  };
}

/** `trafficRouting.traefik`. */
export interface TraefikTrafficRoutingSpec {
  readonly weightedTraefikServiceName: string;
}

/** `trafficRouting.apisix`. */
export interface ApisixTrafficRoutingSpec {
  readonly route?: { readonly name: string; readonly rules?: string[] };
}

/** `trafficRouting.plugins`: each plugin's settings under its name. */
export interface PluginsTrafficRoutingSpec {
  readonly [pluginName: string]: JsonObject;
}

/** The router blocks of `trafficRouting`, by router key (`ITrafficRouter.key`). */
export interface RouterBlocksSpec {
  readonly istio?: IstioTrafficRoutingSpec;
  readonly nginx?: NginxTrafficRoutingSpec;
  readonly alb?: AlbTrafficRoutingSpec;
  readonly smi?: SmiTrafficRoutingSpec;
  readonly ambassador?: AmbassadorTrafficRoutingSpec;
  readonly appMesh?: AppMeshTrafficRoutingSpec;
  readonly traefik?: TraefikTrafficRoutingSpec;
  readonly apisix?: ApisixTrafficRoutingSpec;
  readonly plugins?: PluginsTrafficRoutingSpec;
}

/** A router key of `trafficRouting`. */
export type RouterKey = keyof RouterBlocksSpec;

/** `spec.strategy.canary.trafficRouting`. */
export interface TrafficRoutingSpec extends RouterBlocksSpec {
  readonly managedRoutes?: { readonly name: string }[];
  readonly maxTrafficWeight?: number;
}
