import { AlbRouter, AlbRouterOptions } from './alb';
import { AmbassadorRouter, AmbassadorRouterOptions } from './ambassador';
import { ApisixRouter, ApisixRouterOptions } from './apisix';
import { AppMeshRouter, AppMeshRouterOptions } from './app-mesh';
import { gatewayApiRouter, GatewayApiRouterOptions } from './gateway-api';
import { IstioRouter, IstioRouterOptions } from './istio';
import { NginxRouter, NginxRouterOptions } from './nginx';
import { PluginRouter, PluginTrafficRouterOptions } from './plugin';
import { ITrafficRouter } from './router';
import { SmiRouter, SmiRouterOptions } from './smi';
import { TraefikRouter, TraefikRouterOptions } from './traefik';
import { argumentOrDefault, checkArgument } from '../private/arguments';
import { checkPluginName } from '../private/names';

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
    return gatewayApiRouter(options);
  }

  private constructor() {}
}
