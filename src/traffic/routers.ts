import { AlbRouterOptions } from './alb';
import { AmbassadorRouterOptions } from './ambassador';
import { ApisixRouterOptions } from './apisix';
import { AppMeshRouterOptions } from './app-mesh';
import { GatewayApiRouterOptions } from './gateway-api';
import { IstioRouterOptions } from './istio';
import { NginxRouterOptions } from './nginx';
import { PluginTrafficRouterOptions } from './plugin';
import { PLUGIN_ROUTER_OPTIONS, PluginRouter } from './private/plugin';
import { routerImplementation } from './private/router-implementations';
import { ITrafficRouter } from './router';
import { SmiRouterOptions } from './smi';
import { TraefikRouterOptions } from './traefik';
import { argumentOrDefault, checkArgument } from '../private/arguments';
import { checkPluginName } from '../private/names';
import { RouterFactory } from '../private/routers';

export * from './alb';
export * from './ambassador';
export * from './apisix';
export * from './app-mesh';
export * from './gateway-api';
export * from './istio';
export * from './nginx';
export * from './smi';
export * from './traefik';

/**
 * Traffic routers for canary Rollouts. By default each router defines its objects (VirtualService,
 * Ingress, Mapping, ...) with names and backends that fit the Rollout; pass a `RouterObject` to use
 * your own instead.
 */
export class TrafficRouting {
  /** Istio: host-level split between the stable and canary Services, or subset-level with a DestinationRule. */
  public static istio(options: IstioRouterOptions = {}): ITrafficRouter {
    return router('TrafficRouting.istio', options);
  }

  /** NGINX Ingress Controller: the controller adds a canary Ingress next to the stable one. */
  public static nginx(options: NginxRouterOptions = {}): ITrafficRouter {
    return router('TrafficRouting.nginx', options);
  }

  /** AWS Load Balancer Controller: weighted actions on an ALB Ingress. */
  public static alb(options: AlbRouterOptions = {}): ITrafficRouter {
    return router('TrafficRouting.alb', options);
  }

  /** SMI TrafficSplit (e.g. Linkerd). */
  public static smi(options: SmiRouterOptions = {}): ITrafficRouter {
    return router('TrafficRouting.smi', options);
  }

  /** Ambassador / Emissary: canary Mappings next to the base Mappings. */
  public static ambassador(options: AmbassadorRouterOptions = {}): ITrafficRouter {
    return router('TrafficRouting.ambassador', options);
  }

  /** Traefik: a weighted TraefikService. */
  public static traefik(options: TraefikRouterOptions = {}): ITrafficRouter {
    return router('TrafficRouting.traefik', options);
  }

  /** Apache APISIX: weighted backends of an ApisixRoute. */
  public static apisix(options: ApisixRouterOptions = {}): ITrafficRouter {
    return router('TrafficRouting.apisix', options);
  }

  /** AWS App Mesh: weighted targets of a VirtualRouter. */
  public static appMesh(options: AppMeshRouterOptions = {}): ITrafficRouter {
    return router('TrafficRouting.appMesh', options);
  }

  /**
   * A traffic-router plugin, configured under `trafficRouting.plugins.<name>`.
   *
   * @param name the plugin name, `<namespace>/<name>`
   */
  public static plugin(name: string, options: PluginTrafficRouterOptions = {}): ITrafficRouter {
    checkArgument('TrafficRouting.plugin()', 'name', name, 'string');
    options = argumentOrDefault('TrafficRouting.plugin()', 'options', options, PLUGIN_ROUTER_OPTIONS, {});
    return new PluginRouter(checkPluginName(`Traffic router plugin name '${name}'`, name), options);
  }

  /**
   * The Gateway API, through the `argoproj-labs/gatewayAPI` plugin: weighted backends of HTTPRoutes,
   * GRPCRoutes or TCPRoutes. The app's `ArgoRollouts` install gets the plugin and its permissions.
   */
  public static gatewayApi(options: GatewayApiRouterOptions = {}): ITrafficRouter {
    return router('TrafficRouting.gatewayApi', options);
  }

  private constructor() {}
}

/** The router of a factory, from its options, checked against the shape its file gives. */
function router<O>(factory: RouterFactory, options: O): ITrafficRouter {
  const implementation = routerImplementation<O>(factory);
  return implementation.create(argumentOrDefault(`${factory}()`, 'options', options, implementation.options, {} as O));
}
