/**
 * The traffic routers, one row each: what the rules, the rule engine's name checks, the typed views,
 * the importer and the docs know of a router, as data. The router's code is one file,
 * `src/traffic/<router>.ts`: its options, its `ITrafficRouter` and what the controller writes in its
 * objects for Argo CD, which the file gives to `implementRouter` under the factory of this row
 * (`TrafficRouting.<router>()`, `src/traffic/routers.ts`, reads it back). Its controller permissions
 * (`ProviderPermissions`, public) live in the install layer.
 *
 * What depends on the Argo Rollouts release (which routers take ping-pong or mirror routes) is a fact
 * of the version table (`rules.pingPongRouters`, `rules.mirrorRouteRouters`), not of the row.
 */
import { ImportFields } from './import-mapping';

/** The capabilities the rules check; a router has one when it gives its rank in the rules' lists (their order in messages). */
export interface RouterCapabilities {
  /** `setHeaderRoute` steps (V37). */
  readonly headerRoutes?: number;
  /** Weights of experiment templates (V45). */
  readonly experimentWeights?: number;
  /** `trafficRouting.maxTrafficWeight` (V31). */
  readonly maxTrafficWeight?: number;
  /**
   * Needs the canary's stableService and canaryService (V27), unless the canary uses ping-pong
   * (`unlessPingPong`) or the block sets the field `unlessSet`; `as` is the router's name then.
   */
  readonly stableAndCanaryServices?: {
    readonly rank: number;
    readonly unlessPingPong?: boolean;
    readonly unlessSet?: string;
    readonly as?: string;
  };
}

/** One traffic router. */
export interface RouterRow {
  /** The key of its block under `spec.strategy.canary.trafficRouting`. */
  readonly key: string;
  /** Its name in prose. */
  readonly name: string;
  /** Its factory, `TrafficRouting.<router>`. */
  readonly factory: string;
  /** For a plugin the library knows: the plugin's name under `trafficRouting.plugins`. */
  readonly plugin?: string;
  readonly capabilities: RouterCapabilities;
  /**
   * How it joins the matches of one `setHeaderRoute`: `any` makes each an alternative, `all` puts
   * them as the conditions of one rule (the plan writes them joined by `or`, `and`).
   * @default - not said: the plan joins them by `;`
   */
  readonly headerMatches?: 'any' | 'all';
  /** API groups of the custom resources it names (their names are DNS-1123 subdomains). */
  readonly apiGroups: readonly string[];
  /** How the importer writes `trafficRouting.<key>` as the factory's options; none: it writes the block otherwise. */
  readonly import?: ImportFields;
}

/** The routers, in the order of the `trafficRouting` keys of the Rollout CRD (a plugin the library knows last). */
export const ROUTERS = [
  {
    key: 'istio',
    name: 'Istio',
    factory: 'TrafficRouting.istio',
    capabilities: {
      headerRoutes: 1,
      experimentWeights: 3,
      stableAndCanaryServices: { rank: 2, unlessPingPong: true, unlessSet: 'destinationRule', as: 'istio (host-level split)' },
    },
    headerMatches: 'any',
    apiGroups: ['networking.istio.io'],
    import: {
      virtualServices: {
        each: { one: 'virtualService', many: 'virtualServices' },
        value: {
          fields: {
            object: { object: 'name', kinds: ['VirtualService'] },
            routes: { list: 'routes' },
            tlsRoutes: { each: { many: 'tlsRoutes' }, value: { fields: { port: { number: 'port' }, sniHosts: { literal: 'sniHosts' } } } },
            tcpRoutePorts: { each: { many: 'tcpRoutes' }, value: { number: 'port' } },
          },
        },
      },
      subsets: {
        under: 'destinationRule',
        fields: {
          host: { fieldOf: 'spec.host', name: 'name', kinds: ['DestinationRule'] },
          destinationRule: { object: 'name', kinds: ['DestinationRule'] },
          canarySubsetName: { string: 'canarySubsetName' },
          stableSubsetName: { string: 'stableSubsetName' },
        },
      },
    },
  },
  {
    key: 'nginx',
    name: 'NGINX',
    factory: 'TrafficRouting.nginx',
    capabilities: { maxTrafficWeight: 1, stableAndCanaryServices: { rank: 6 } },
    apiGroups: [],
    import: {
      stableIngresses: { objects: { one: 'stableIngress', many: 'stableIngresses' }, kinds: ['Ingress'] },
      annotationPrefix: { string: 'annotationPrefix' },
      additionalIngressAnnotations: { stringMap: 'additionalIngressAnnotations' },
      canaryIngressAnnotations: { stringMap: 'canaryIngressAnnotations' },
    },
  },
  {
    key: 'alb',
    name: 'ALB',
    factory: 'TrafficRouting.alb',
    capabilities: { headerRoutes: 2, experimentWeights: 1, stableAndCanaryServices: { rank: 1, unlessPingPong: true } },
    headerMatches: 'all',
    apiGroups: [],
    import: {
      ingresses: { objects: { one: 'ingress', many: 'ingresses' }, kinds: ['Ingress'] },
      servicePort: { number: 'servicePort' },
      rootService: { string: 'rootService' },
      annotationPrefix: { string: 'annotationPrefix' },
    },
  },
  {
    key: 'smi',
    name: 'SMI',
    factory: 'TrafficRouting.smi',
    capabilities: { experimentWeights: 2, stableAndCanaryServices: { rank: 3 } },
    apiGroups: ['split.smi-spec.io'],
    import: { rootService: { string: 'rootService' }, trafficSplitName: { string: 'trafficSplitName' } },
  },
  {
    key: 'ambassador',
    name: 'Ambassador',
    factory: 'TrafficRouting.ambassador',
    capabilities: { stableAndCanaryServices: { rank: 5 } },
    apiGroups: ['getambassador.io', 'x.getambassador.io'],
    import: { mappings: { objects: { many: 'mappings' }, kinds: ['Mapping'] } },
  },
  {
    key: 'appMesh',
    name: 'App Mesh',
    factory: 'TrafficRouting.appMesh',
    capabilities: { stableAndCanaryServices: { rank: 7 } },
    apiGroups: ['appmesh.k8s.aws'],
    import: {
      virtualService: { object: 'virtualService.name', kinds: ['VirtualService'] },
      routes: { list: 'virtualService.routes' },
      canaryVirtualNode: { object: 'virtualNodeGroup.canaryVirtualNodeRef.name', kinds: ['VirtualNode'] },
      stableVirtualNode: { object: 'virtualNodeGroup.stableVirtualNodeRef.name', kinds: ['VirtualNode'] },
    },
  },
  {
    key: 'traefik',
    name: 'Traefik',
    factory: 'TrafficRouting.traefik',
    capabilities: { stableAndCanaryServices: { rank: 8 } },
    // the group the controller uses is a flag (`--traefik-api-group`), its default a fact of the release
    apiGroups: ['traefik.containo.us', 'traefik.io'],
    import: { weightedTraefikService: { object: 'weightedTraefikServiceName', kinds: ['TraefikService'] } },
  },
  {
    key: 'apisix',
    name: 'APISIX',
    factory: 'TrafficRouting.apisix',
    capabilities: { headerRoutes: 3, stableAndCanaryServices: { rank: 4 } },
    apiGroups: ['apisix.apache.org'],
    import: { route: { object: 'route.name', kinds: ['ApisixRoute'] }, rules: { list: 'route.rules' } },
  },
  {
    // any plugin: the importer writes `TrafficRouting.plugin(<name>, { config })` per plugin
    key: 'plugins',
    name: 'a traffic-router plugin',
    factory: 'TrafficRouting.plugin',
    capabilities: { headerRoutes: 4, experimentWeights: 4, maxTrafficWeight: 2 },
    apiGroups: [],
  },
  {
    key: 'plugins',
    name: 'Gateway API',
    factory: 'TrafficRouting.gatewayApi',
    plugin: 'argoproj-labs/gatewayAPI',
    capabilities: {},
    apiGroups: ['gateway.networking.k8s.io'],
  },
] as const satisfies readonly RouterRow[];

/** A key under `trafficRouting` that holds a router (or the plugins). */
export type RouterKey = (typeof ROUTERS)[number]['key'];

/** A router's factory, `TrafficRouting.<router>` (one row each). */
export type RouterFactory = (typeof ROUTERS)[number]['factory'];

/** The row of a router key, when it is one of a router (the first row: the plugins' row for `plugins`). */
export function routerRow(key: string): RouterRow | undefined {
  return ROUTERS.find(r => r.key === key);
}

/** The row of a factory. */
export function factoryRow(factory: RouterFactory): RouterRow {
  return ROUTERS.find(r => r.factory === factory)!;
}

/** The keys of the routers with a capability, in the order of its rank. */
export function routersWith(capability: keyof RouterCapabilities): string[] {
  const rank = (r: RouterRow) => {
    const c = r.capabilities[capability];
    return typeof c === 'object' ? c.rank : c;
  };
  return (ROUTERS as readonly RouterRow[]).filter(r => rank(r) !== undefined && r.plugin === undefined)
    .sort((a, b) => rank(a)! - rank(b)!).map(r => r.key);
}

/** The API groups of the routers' custom resources. */
export const ROUTER_API_GROUPS: readonly string[] = ROUTERS.flatMap(r => [...r.apiGroups]);
