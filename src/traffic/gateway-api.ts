import { RouterObject } from './router-object';
import { ControllerPlugin } from '../install/plugins';

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
