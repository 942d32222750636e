// The Gateway API router (the `argoproj-labs/gatewayAPI` plugin): its options (public) and, module-local,
// its argument shape, the plugin router it makes and the fields the plugin owns.
import { ApiObject } from 'cdk8s';
import { port, services } from './private/binding';
import { appObjects, defineRouterObject, ROUTER_OBJECT } from './private/objects';
import { labelPointer, nameOf, objectsIn, OwnedFieldsContext } from './private/owned-fields';
import { PluginRouter } from './private/plugin';
import { implementRouter } from './private/router-implementations';
import { IgnoreDifference, ITrafficRouter } from './router';
import { RouterObject } from './router-object';
import { ControllerPlugin } from '../install/plugins';
import { CONTROLLER_PLUGIN } from '../install/private';
import { ProviderPermissions } from '../install/rbac';
import { listOf, STRING_LIST, struct } from '../private/arguments';
import { objectOrEmpty as obj } from '../private/manifest-types';
import { factoryRow } from '../private/routers';
import { fail } from '../private/synth-error';

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

/** The plugin's name under `trafficRouting.plugins` (its row's). */
const GATEWAY_API_PLUGIN = factoryRow('TrafficRouting.gatewayApi').plugin!;

/** The Gateway API router: the plugin router with the HTTPRoute it defines unless you bring routes. */
function gatewayApiRouter(options: GatewayApiRouterOptions): ITrafficRouter {
  const own = options.httpRoutes ?? options.grpcRoutes ?? options.tcpRoutes;
  if (!own && !options.gatewayName) {
    fail('TrafficRouting.gatewayApi() needs a gatewayName for the HTTPRoute it defines, or your own httpRoutes/grpcRoutes/tcpRoutes.');
  }
  const list = (refs: RouterObject[] | undefined) => refs?.map(r => r.name);
  return new PluginRouter(GATEWAY_API_PLUGIN, { controllerPlugin: options.controllerPlugin, providerPermissions: ProviderPermissions.GATEWAY_API },
    (scope, target) => {
      const objects: ApiObject[] = [...appObjects([...(options.httpRoutes ?? []), ...(options.grpcRoutes ?? []), ...(options.tcpRoutes ?? [])])];
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
        http = [name];
      }
      const one = (names: string[] | undefined, single: string, several: string) =>
        (names === undefined ? {} : names.length === 1 ? { [single]: names[0] } : { [several]: names.map(name => ({ name })) });
      return {
        objects,
        config: () => ({
          ...one(http, 'httpRoute', 'httpRoutes'),
          ...one(list(options.grpcRoutes), 'grpcRoute', 'grpcRoutes'),
          ...one(list(options.tcpRoutes), 'tcpRoute', 'tcpRoutes'),
          namespace: options.namespace ?? 'default',
        }),
      };
    });
}

/** The label the plugin (from v0.9.0) sets on a route while a canary runs, unless told otherwise. */
const IN_PROGRESS_LABEL = 'rollouts.argoproj.io/gatewayapi-canary';

/**
 * What the Gateway API plugin (argoproj-labs/rollouts-plugin-trafficrouter-gatewayapi, run by the
 * controller) writes in the routes of its config (`httpRoute(s)`, `grpcRoute(s)`, `tcpRoute(s)`,
 * `tlsRoute(s)`; in `namespace`): `spec.rules`, whose backend weights it sets and where it adds the
 * header routes of `setHeaderRoute` steps; and, from plugin v0.9.0, the label
 * `inProgressLabelKey` (default `rollouts.argoproj.io/gatewayapi-canary`) that marks a route while
 * the canary runs, unless `disableInProgressLabel` is true. Routes chosen by a label selector
 * (`httpRouteSelector`, ...) have no name here and get no entry.
 */
function gatewayApiOwnedFields(given: unknown, ctx: OwnedFieldsContext): IgnoreDifference[] {
  const config = obj(given);
  const namespace = nameOf(config.namespace);
  const label = config.disableInProgressLabel === true ? [] : [labelPointer(nameOf(config.inProgressLabelKey) ?? IN_PROGRESS_LABEL)];
  const kinds: Array<[string, string, string]> = [['HTTPRoute', 'httpRoute', 'httpRoutes'], ['GRPCRoute', 'grpcRoute', 'grpcRoutes'],
    ['TCPRoute', 'tcpRoute', 'tcpRoutes'], ['TLSRoute', 'tlsRoute', 'tlsRoutes']];
  const entries: IgnoreDifference[] = [];
  for (const [kind, single, several] of kinds) {
    const names = [nameOf(config[single]), ...objectsIn(config[several]).map(r => nameOf(r.name))].filter((n): n is string => n !== undefined);
    for (const name of [...new Set(names)]) {
      entries.push(ctx.entry('gateway.networking.k8s.io', kind, name, ['/spec/rules', ...label], namespace));
    }
  }
  return entries;
}

implementRouter<GatewayApiRouterOptions>('TrafficRouting.gatewayApi', {
  options: struct('GatewayApiRouterOptions', {
    httpRoutes: listOf(ROUTER_OBJECT),
    grpcRoutes: listOf(ROUTER_OBJECT),
    tcpRoutes: listOf(ROUTER_OBJECT),
    gatewayName: 'string',
    gatewayNamespace: 'string',
    hostnames: STRING_LIST,
    namespace: 'string',
    servicePort: 'number',
    controllerPlugin: CONTROLLER_PLUGIN,
  }),
  create: options => gatewayApiRouter(options),
  ownedFields: gatewayApiOwnedFields,
});
