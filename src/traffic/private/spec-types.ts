/**
 * Types of the rendered `spec.strategy.canary.trafficRouting` block of a Rollout: one block per
 * router key (its type in the router's file), and the match types of header and mirror routes.
 * Internal: jsii never sees them (the public `ITrafficRouterBinding.renderConfig()` stays `any`).
 */
import { JsonObject } from '../../private/manifest-types';
import { RouterKey } from '../../private/routers';

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

/** `trafficRouting.plugins`: each plugin's settings under its name. */
export interface PluginsTrafficRoutingSpec {
  readonly [pluginName: string]: JsonObject;
}

/**
 * The router blocks of `trafficRouting`, by router key (the rows of src/private/routers.ts); each
 * router's file has the type of its block (`<Router>TrafficRoutingSpec`), which its binding renders.
 */
export type RouterBlocksSpec = { readonly [K in Exclude<RouterKey, 'plugins'>]?: JsonObject } & { readonly plugins?: PluginsTrafficRoutingSpec };

/** `spec.strategy.canary.trafficRouting`. */
export type TrafficRoutingSpec = RouterBlocksSpec & {
  readonly managedRoutes?: { readonly name: string }[];
  readonly maxTrafficWeight?: number;
};
