import { RouterObject } from './router-object';

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
