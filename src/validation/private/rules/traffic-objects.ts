/**
 * Checks of the content of the routing objects a Rollout names, once fetched from the manifests: the
 * backends of Ingresses (V58, V59), the routes of Istio VirtualServices (V64) and the routes of App
 * Mesh VirtualRouters (V66). The rules that run them are in traffic.ts.
 */
import { JsonObject } from '../../../private/manifest-types';
import { RuleContext } from '../context';
import { ManifestView } from '../manifest-view';
import { asArray, asNumber, asObject, asString, cutText, isObject, isSet, listWords, quote } from '../util';
import { ingress, NamedReference, router, VirtualServiceReference } from './traffic-refs';

/** App Mesh route types the controller can shift weights on, in the order it looks for them. */
const APP_MESH_ROUTE_TYPES = ['httpRoute', 'tcpRoute', 'http2Route', 'grpcRoute'];
/** The only Ingress version whose backends name their Service under `service.name`. */
const INGRESS_V1 = 'networking.k8s.io/v1';

// ---------------------------------------------------------------------------------------------
// Ingresses (V58, V59)
// ---------------------------------------------------------------------------------------------

/** Names of the Services that an Ingress's rules (and default backend) route to, in document order. */
function ingressBackendServices(object: ManifestView): string[] {
  const apiVersion = object.apiVersion;
  const readV1 = apiVersion === INGRESS_V1 || !isSet(apiVersion);
  const readLegacy = apiVersion !== INGRESS_V1;
  const names: string[] = [];
  const add = (backend: unknown) => {
    const value = asObject(backend);
    if (value === undefined) {
      return;
    }
    const v1Name = readV1 ? asString(asObject(value.service)?.name) : '';
    const legacyName = readLegacy ? asString(value.serviceName) : '';
    for (const name of [v1Name, legacyName]) {
      if (name !== '' && !names.includes(name)) {
        names.push(name);
      }
    }
  };
  const spec = asObject(object.spec);
  if (readV1) {
    add(spec?.defaultBackend);
  }
  if (readLegacy) {
    add(spec?.backend);
  }
  for (const rule of asArray(spec?.rules)) {
    for (const path of asArray(asObject(asObject(rule)?.http)?.paths)) {
      add(asObject(path)?.backend);
    }
  }
  return names;
}

function describeBackends(names: readonly string[]): string {
  return names.length === 0 ? 'it routes to no Service' : `it routes only to ${listWords(names.map(name => quote(name)))}`;
}

/** Reports each present Ingress of `references` that routes to no backend of Service `service`. */
export function checkIngressBackends(ctx: RuleContext, references: readonly NamedReference[], service: string, describe: (name: string) => string,
  fix: (name: string) => string): void {
  if (service === '') {
    return; // no Service to look for: V26/V27 report the missing Service name
  }
  for (const reference of references) {
    const object = ingress(ctx, reference.name);
    if (object === undefined) {
      continue;
    }
    const backends = ingressBackendServices(object);
    if (!backends.includes(service)) {
      ctx.report(reference.path, `${describe(reference.name)} has no rule whose backend is the Service ${quote(service)}; ${describeBackends(backends)}.`,
        fix(reference.name), reference.name);
    }
  }
}

// ---------------------------------------------------------------------------------------------
// Istio (V64)
// ---------------------------------------------------------------------------------------------

/** What the edited routes must send traffic to: two host names, or two DestinationRule subsets. */
interface RouteTargets {
  readonly bySubset: boolean;
  readonly canary: string;
  readonly stable: string;
}

/**
 * The canary and stable targets of the Istio routes: the DestinationRule subsets, else the canary and
 * stable Services; with ping-pong and neither Service set, the ping and pong Services (which of them
 * is stable depends on the Rollout status).
 */
export function routeTargets(ctx: RuleContext): RouteTargets {
  const destinationRule = asObject(router(ctx, 'istio')?.destinationRule);
  if (destinationRule !== undefined) {
    return { bySubset: true, canary: asString(destinationRule.canarySubsetName), stable: asString(destinationRule.stableSubsetName) };
  }
  const canary = asString(ctx.canary?.canaryService);
  const stable = asString(ctx.canary?.stableService);
  const pingPong = asObject(ctx.canary?.pingPong);
  if (pingPong !== undefined && canary === '' && stable === '') {
    const ping = asString(pingPong.pingService);
    const pong = asString(pingPong.pongService);
    const stablePing = asObject(asObject(ctx.manifest.status)?.canary)?.stablePingPong === 'ping';
    return { bySubset: false, canary: stablePing ? pong : ping, stable: stablePing ? ping : pong };
  }
  return { bySubset: false, canary, stable };
}

/** The first DNS label of a destination host, as the controller compares it with a Service name. */
function hostLabel(host: string): string {
  const dot = host.indexOf('.');
  return dot < 0 ? host : host.slice(0, dot);
}

/** Reports an edited route whose destinations lack the canary or the stable target. */
function checkRouteDestinations(ctx: RuleContext, route: unknown, targets: RouteTargets, what: string, virtualService: string, path: string): void {
  const destinations = asArray(asObject(route)?.route).map((entry) => asObject(asObject(entry)?.destination));
  const found = destinations.map((destination) => targets.bySubset ? asString(destination?.subset) : hostLabel(asString(destination?.host)));
  const noun = targets.bySubset ? 'subset' : 'Service';
  const missing: string[] = [];
  // An empty subset name never matches (the controller skips empty names when it looks for them, then
  // reports the subset as not found); an empty Service name is V27's to report.
  for (const [role, wanted] of [['canary', targets.canary], ['stable', targets.stable]]) {
    if (wanted === '' && targets.bySubset) {
      missing.push(`the ${role} subset, whose name (destinationRule.${role}SubsetName) is empty`);
    } else if (wanted !== '' && !found.includes(wanted)) {
      missing.push(`the ${role} ${noun} ${quote(wanted)}`);
    }
  }
  if (missing.length === 0) {
    return;
  }
  const shown = targets.bySubset ? 'subsets' : 'hosts';
  const emptySubset = targets.bySubset && (targets.canary === '' || targets.stable === '');
  const fix = emptySubset
    ? 'Set destinationRule.canarySubsetName and stableSubsetName to the names of two subsets of the DestinationRule, and give the route a destination for each.'
    : targets.bySubset
      ? `Give that route two destinations with subset: ${cutText(targets.canary)} and subset: ${cutText(targets.stable)} (e.g. weights 0 and 100), or correct destinationRule.canarySubsetName / stableSubsetName.`
      : `Give that route two destinations with host: ${cutText(targets.canary)} and host: ${cutText(targets.stable)} (e.g. weights 0 and 100), or correct canaryService / stableService.`;
  ctx.report(path, `${what} of the VirtualService ${quote(virtualService)} has no destination for ${listWords(missing)}; its destination ${shown} are ${quote(found)}.`,
    fix, found);
}

/** Names of a route list, for messages. */
function routeNames(routes: readonly unknown[]): string {
  return quote(routes.map((route) => asString(asObject(route)?.name)));
}

function checkHttpRoutes(ctx: RuleContext, reference: VirtualServiceReference, http: readonly unknown[] | undefined, targets: RouteTargets): void {
  if (http === undefined) {
    return; // no http section: the controller checks none of the http settings (a tls- or tcp-only VirtualService)
  }
  const routes = http;
  const listed = asArray(reference.entry.routes);
  if (listed.length > 0) {
    listed.forEach((value, j) => {
      const name = asString(value);
      const path = `${reference.base}.routes[${j}]`;
      const route = routes.find((candidate) => asString(asObject(candidate)?.name) === name);
      if (route === undefined) {
        ctx.report(path, `The HTTP route ${quote(name)} is not in the VirtualService ${quote(reference.name)}, whose http routes are named ${routeNames(routes)}.`,
          `Name an http route of VirtualService ${quote(reference.name)} ${quote(name)}, or list one of its route names here.`, name);
      } else {
        checkRouteDestinations(ctx, route, targets, `The HTTP route ${quote(name)}`, reference.name, path);
      }
    });
    return;
  }
  if (http.length === 0) {
    return;
  }
  // Without `routes`, the controller edits the only route, else the first one without a name.
  const edited = http.length === 1 ? 0 : http.findIndex((route) => asString(asObject(route)?.name) === '');
  if (edited >= 0) {
    checkRouteDestinations(ctx, http[edited], targets, `The http route [${edited}]`, reference.name, `${reference.base}.name`);
  }
  const managed = new Set(asArray(ctx.trafficRouting?.managedRoutes).map((route) => asString(asObject(route)?.name)));
  const unmanaged = http.filter((route) => !managed.has(asString(asObject(route)?.name)));
  if (unmanaged.length > 1) {
    ctx.report(`${reference.base}.routes`,
      `routes is not set, but the VirtualService ${quote(reference.name)} has ${unmanaged.length} http routes besides the managed ones (${routeNames(unmanaged)}), so it is unclear which one to edit.`,
      `List the http route(s) to edit under routes, e.g. routes: [${quote(asString(asObject(unmanaged[0])?.name) || 'primary')}], naming the route in the VirtualService if needed.`,
      unmanaged.length);
  }
}

/** Ports of a TLS/TCP route's matches (0 when a match sets none), and its SNI hosts. */
function routeMatchKeys(route: unknown): { ports: Set<number>; sniHosts: Set<string> } {
  const ports = new Set<number>();
  const sniHosts = new Set<string>();
  for (const match of asArray(asObject(route)?.match)) {
    ports.add(asNumber(asObject(match)?.port) ?? 0);
    for (const host of asArray(asObject(match)?.sniHosts)) {
      sniHosts.add(asString(host));
    }
  }
  return { ports, sniHosts };
}

/**
 * Indexes of the VirtualService TLS/TCP routes that a Rollout entry selects: a route matches when its
 * matches name exactly one port (none counts as port 0), equal to the entry's, and, for TLS, the SNI
 * hosts of its matches are those of the entry.
 */
function matchingRoutes(routes: readonly unknown[], entry: unknown, withSniHosts: boolean): number[] {
  const port = asNumber(asObject(entry)?.port) ?? 0;
  const wanted = asArray(asObject(entry)?.sniHosts).map(asString);
  const indexes: number[] = [];
  routes.forEach((route, i) => {
    const keys = routeMatchKeys(route);
    if (keys.ports.size > 1) {
      return;
    }
    const routePort = keys.ports.size === 0 ? 0 : [...keys.ports][0];
    const hostsMatch = !withSniHosts || (wanted.length === keys.sniHosts.size && [...keys.sniHosts].every(host => wanted.includes(host)));
    if (routePort === port && hostsMatch) {
      indexes.push(i);
    }
  });
  return indexes;
}

function checkPortRoutes(ctx: RuleContext, reference: VirtualServiceReference, routes: readonly unknown[] | undefined, targets: RouteTargets,
  kind: 'tls' | 'tcp'): void {
  if (routes === undefined) {
    return; // no such section: the controller checks none of its settings
  }
  const field = kind === 'tls' ? 'tlsRoutes' : 'tcpRoutes';
  const label = kind.toUpperCase();
  const present = routes;
  const listed = asArray(reference.entry[field]);
  if (listed.length > 0) {
    listed.forEach((entry, j) => {
      const path = `${reference.base}.${field}[${j}]`;
      const indexes = matchingRoutes(present, entry, kind === 'tls');
      if (indexes.length === 0) {
        const selector = kind === 'tls' ? `port ${quote(asNumber(asObject(entry)?.port) ?? 0)} and sniHosts ${quote(asArray(asObject(entry)?.sniHosts))}` : `port ${quote(asNumber(asObject(entry)?.port) ?? 0)}`;
        const matchFix = kind === 'tls' ? 'exactly one port and exactly these sniHosts' : 'exactly this one port';
        ctx.report(path, `No ${label} route of the VirtualService ${quote(reference.name)} matches ${selector}.`,
          `Add a ${kind} route whose matches give ${matchFix} to VirtualService ${quote(reference.name)}, or change ${field}[${j}] to match one of its ${kind} routes.`,
          entry);
      }
      for (const i of indexes) {
        checkRouteDestinations(ctx, present[i], targets, `The ${label} route [${i}]`, reference.name, path);
      }
    });
    return;
  }
  if (present.length === 0) {
    return;
  }
  // Without a list, the controller edits the first route.
  checkRouteDestinations(ctx, present[0], targets, `The ${label} route [0]`, reference.name, `${reference.base}.name`);
  if (present.length > 1) {
    ctx.report(`${reference.base}.${field}`,
      `${field} is not set, but the VirtualService ${quote(reference.name)} has ${present.length} ${kind} routes, so it is unclear which one to edit.`,
      `List the ${kind} route(s) to edit under ${field}, giving the port${kind === 'tls' ? ' and sniHosts' : ''} of their matches.`, present.length);
  }
}

/** The route list of a VirtualService field when it is a list, else undefined (the field is absent). */
function routeList(spec: JsonObject | undefined, field: string): readonly unknown[] | undefined {
  const list = spec?.[field];
  return Array.isArray(list) ? list : undefined;
}

export function checkVirtualService(ctx: RuleContext, reference: VirtualServiceReference, targets: RouteTargets): void {
  const spec = asObject(reference.object?.spec); // (called for a VirtualService among the manifests)
  const http = routeList(spec, 'http');
  const tls = routeList(spec, 'tls');
  const tcp = routeList(spec, 'tcp');
  if (http === undefined && tls === undefined && tcp === undefined) {
    ctx.report(`${reference.base}.name`, `The VirtualService ${quote(reference.name)} has no http, tls or tcp route list, so there is no route whose weights the Rollout could set.`,
      `Add an http (or tls/tcp) route to VirtualService ${quote(reference.name)} with destinations for the canary and stable ${targets.bySubset ? 'subsets' : 'Services'}.`,
      reference.name);
    return;
  }
  checkHttpRoutes(ctx, reference, http, targets);
  checkPortRoutes(ctx, reference, tls, targets, 'tls');
  checkPortRoutes(ctx, reference, tcp, targets, 'tcp');
}

// ---------------------------------------------------------------------------------------------
// App Mesh (V66)
// ---------------------------------------------------------------------------------------------

/** What is wrong with one VirtualRouter route, or undefined when the controller can use it. */
export function appMeshRouteProblem(route: unknown): string | undefined {
  if (!isObject(route)) {
    return `is ${quote(route)}, not a route object`;
  }
  const type = APP_MESH_ROUTE_TYPES.find(candidate => isSet(route[candidate]));
  if (type === undefined) {
    return `has none of the supported route types ${listWords(APP_MESH_ROUTE_TYPES)}`;
  }
  const rule = route[type];
  if (!isObject(rule)) {
    return `has ${type} ${quote(rule)}, which is not an object`;
  }
  const targets = asObject(rule.action)?.weightedTargets;
  if (!Array.isArray(targets)) {
    return `has no ${type}.action.weightedTargets list`;
  }
  if (targets.length !== 2) {
    return `has ${targets.length} weighted target${targets.length === 1 ? '' : 's'} in ${type}.action.weightedTargets instead of exactly 2 (canary and stable)`;
  }
  return undefined;
}
