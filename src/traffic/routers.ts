import { AlbRouterOptions } from './alb';
import { AmbassadorRouterOptions } from './ambassador';
import { ApisixRouterOptions } from './apisix';
import { AppMeshRouterOptions } from './app-mesh';
import { GatewayApiRouterOptions } from './gateway-api';
import { IstioRouterOptions } from './istio';
import { NginxRouterOptions } from './nginx';
import { PluginTrafficRouterOptions } from './plugin';
import { ALB_ROUTER_OPTIONS, AlbRouter } from './private/alb';
import { AMBASSADOR_ROUTER_OPTIONS, AmbassadorRouter } from './private/ambassador';
import { APISIX_ROUTER_OPTIONS, ApisixRouter } from './private/apisix';
import { APP_MESH_ROUTER_OPTIONS, AppMeshRouter } from './private/app-mesh';
import { GATEWAY_API_ROUTER_OPTIONS, gatewayApiRouter } from './private/gateway-api';
import { ISTIO_ROUTER_OPTIONS, IstioRouter } from './private/istio';
import { NGINX_ROUTER_OPTIONS, NginxRouter } from './private/nginx';
import { PLUGIN_ROUTER_OPTIONS, PluginRouter } from './private/plugin';
import { SMI_ROUTER_OPTIONS, SmiRouter } from './private/smi';
import { TRAEFIK_ROUTER_OPTIONS, TraefikRouter } from './private/traefik';
import { ITrafficRouter } from './router';
import { SmiRouterOptions } from './smi';
import { TraefikRouterOptions } from './traefik';
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
    options = argumentOrDefault('TrafficRouting.istio()', 'options', options, ISTIO_ROUTER_OPTIONS, {});
    return new IstioRouter(options);
  }

  /** NGINX Ingress Controller: the controller adds a canary Ingress next to the stable one. */
  public static nginx(options: NginxRouterOptions = {}): ITrafficRouter {
    options = argumentOrDefault('TrafficRouting.nginx()', 'options', options, NGINX_ROUTER_OPTIONS, {});
    return new NginxRouter(options);
  }

  /** AWS Load Balancer Controller: weighted actions on an ALB Ingress. */
  public static alb(options: AlbRouterOptions = {}): ITrafficRouter {
    options = argumentOrDefault('TrafficRouting.alb()', 'options', options, ALB_ROUTER_OPTIONS, {});
    return new AlbRouter(options);
  }

  /** SMI TrafficSplit (e.g. Linkerd). */
  public static smi(options: SmiRouterOptions = {}): ITrafficRouter {
    options = argumentOrDefault('TrafficRouting.smi()', 'options', options, SMI_ROUTER_OPTIONS, {});
    return new SmiRouter(options);
  }

  /** Ambassador / Emissary: canary Mappings next to the base Mappings. */
  public static ambassador(options: AmbassadorRouterOptions = {}): ITrafficRouter {
    options = argumentOrDefault('TrafficRouting.ambassador()', 'options', options, AMBASSADOR_ROUTER_OPTIONS, {});
    return new AmbassadorRouter(options);
  }

  /** Traefik: a weighted TraefikService. */
  public static traefik(options: TraefikRouterOptions = {}): ITrafficRouter {
    options = argumentOrDefault('TrafficRouting.traefik()', 'options', options, TRAEFIK_ROUTER_OPTIONS, {});
    return new TraefikRouter(options);
  }

  /** Apache APISIX: weighted backends of an ApisixRoute. */
  public static apisix(options: ApisixRouterOptions = {}): ITrafficRouter {
    options = argumentOrDefault('TrafficRouting.apisix()', 'options', options, APISIX_ROUTER_OPTIONS, {});
    return new ApisixRouter(options);
  }

  /** AWS App Mesh: weighted targets of a VirtualRouter. */
  public static appMesh(options: AppMeshRouterOptions = {}): ITrafficRouter {
    options = argumentOrDefault('TrafficRouting.appMesh()', 'options', options, APP_MESH_ROUTER_OPTIONS, {});
    return new AppMeshRouter(options);
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
    options = argumentOrDefault('TrafficRouting.gatewayApi()', 'options', options, GATEWAY_API_ROUTER_OPTIONS, {});
    return gatewayApiRouter(options);
  }

  private constructor() {}
}
