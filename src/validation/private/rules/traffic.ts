/**
 * Traffic-routing reference rules V58–V66 and the workloadRef rule V67.
 *
 * Referenced objects are looked up among the given manifests by API group, kind, namespace and name,
 * in the Rollout's namespace (an object without a namespace counts as one in any namespace, see
 * ManifestIndex); an Istio VirtualService may name another namespace as `name.namespace`. An object that is not among the
 * manifests is reported (V63, V67) only with `requireReferencedObjects`; the checks of its content
 * (V58, V59, V64–V66) run only on objects that are present.
 */
import { JsonObject } from '../../../private/manifest-types';
import { apiGroupOf } from '../../../private/object-identity';
import { releasesWith, versionFacts } from '../../../private/versions';
import { virtualServiceName } from '../../../private/virtual-service-name';
import { CANARY_PATH, Rule, RuleContext } from '../context';
import { ManifestView } from '../manifest-view';
import { article, asArray, asNumber, asObject, asString, cutText, isObject, isSet, listWords, quote } from '../util';

const ROUTING_PATH = `${CANARY_PATH}.trafficRouting`;
const NGINX_PATH = `${ROUTING_PATH}.nginx`;
const ALB_PATH = `${ROUTING_PATH}.alb`;
const ISTIO_PATH = `${ROUTING_PATH}.istio`;
const AMBASSADOR_PATH = `${ROUTING_PATH}.ambassador`;
const APP_MESH_PATH = `${ROUTING_PATH}.appMesh`;
const WORKLOAD_REF_PATH = 'spec.workloadRef';

/** API groups of the referenced kinds. */
const INGRESS_GROUPS = ['networking.k8s.io', 'extensions'];
const ISTIO_GROUPS = ['networking.istio.io'];
const AMBASSADOR_GROUPS = ['getambassador.io', 'x.getambassador.io'];
const AMBASSADOR_KINDS = ['Mapping', 'AmbassadorMapping'];
const APP_MESH_GROUPS = ['appmesh.k8s.aws'];
/** App Mesh route types the controller can shift weights on, in the order it looks for them. */
const APP_MESH_ROUTE_TYPES = ['httpRoute', 'tcpRoute', 'http2Route', 'grpcRoute'];
/** The only Ingress version whose backends name their Service under `service.name`. */
const INGRESS_V1 = 'networking.k8s.io/v1';

/** Workload kinds a `workloadRef` may name: API group ('' = core) and the only version served. */
const WORKLOAD_REF_KINDS: ReadonlyMap<string, { readonly group: string; readonly apiVersion: string }> = new Map([
  ['Deployment', { group: 'apps', apiVersion: 'apps/v1' }],
  ['ReplicaSet', { group: 'apps', apiVersion: 'apps/v1' }],
  ['PodTemplate', { group: '', apiVersion: 'v1' }],
]);

// ---------------------------------------------------------------------------------------------
// References
// ---------------------------------------------------------------------------------------------

/** An object named by the Rollout: its name and the field that names it. */
interface NamedReference {
  readonly name: string;
  readonly path: string;
}

function describeNamespace(namespace: string): string {
  return namespace === '' ? 'without a namespace' : `in namespace ${quote(namespace)}`;
}

/** The router object under `trafficRouting` (nginx, alb, ...) when it is set as an object. */
function router(ctx: RuleContext, key: string): JsonObject | undefined {
  return asObject(ctx.trafficRouting?.[key]);
}

/**
 * The names given by a router's single field (a string) and list field, in that order; empty and
 * non-string names are left to the schema rules.
 */
function namedReferences(owner: JsonObject | undefined, base: string, single: string, multiple: string): NamedReference[] {
  const references: NamedReference[] = [];
  const one = owner?.[single];
  if (typeof one === 'string' && one !== '') {
    references.push({ name: one, path: `${base}.${single}` });
  }
  asArray(owner?.[multiple]).forEach((name, k) => {
    if (typeof name === 'string' && name !== '') {
      references.push({ name, path: `${base}.${multiple}[${k}]` });
    }
  });
  return references;
}

function nginxIngresses(ctx: RuleContext): NamedReference[] {
  return ctx.memoize('traffic.nginxIngresses', () => namedReferences(router(ctx, 'nginx'), NGINX_PATH, 'stableIngress', 'stableIngresses'));
}

function albIngresses(ctx: RuleContext): NamedReference[] {
  return ctx.memoize('traffic.albIngresses', () => namedReferences(router(ctx, 'alb'), ALB_PATH, 'ingress', 'ingresses'));
}

function ingress(ctx: RuleContext, name: string): ManifestView | undefined {
  return ctx.index.object(INGRESS_GROUPS, 'Ingress', ctx.namespace, name);
}

/** An Istio VirtualService named by the Rollout (`virtualService` or `virtualServices[k]`). */
interface VirtualServiceReference {
  /** The IstioVirtualService entry of the Rollout. */
  readonly entry: JsonObject;
  /** Path of the entry, e.g. `…istio.virtualServices[1]`. */
  readonly base: string;
  /** Name of the VirtualService object, as the controller reads the reference (`splitVirtualServiceReference`). */
  readonly name: string;
  /** Namespace it is looked for in: the one the reference names, else the Rollout's. */
  readonly namespace: string;
  /** The VirtualService when it is among the manifests. */
  readonly object: ManifestView | undefined;
}

/**
 * `name.namespace` as the controller of the release reads it (src/private/virtual-service-name.ts);
 * a reference without a namespace is looked for in the Rollout's, as the controller does.
 */
function splitVirtualServiceReference(fullName: string, ctx: RuleContext): [string, string] {
  const { name, namespace } = virtualServiceName(fullName, ctx.options.version);
  return [name, namespace !== '' ? namespace : ctx.namespace];
}

function virtualServiceReferences(ctx: RuleContext): VirtualServiceReference[] {
  return ctx.memoize('traffic.virtualServices', () => {
    const istio = router(ctx, 'istio');
    if (istio === undefined) {
      return [];
    }
    const entries: Array<[unknown, string]> = [];
    if (isSet(istio.virtualService)) {
      entries.push([istio.virtualService, `${ISTIO_PATH}.virtualService`]);
    }
    asArray(istio.virtualServices).forEach((entry, k) => entries.push([entry, `${ISTIO_PATH}.virtualServices[${k}]`]));
    const references: VirtualServiceReference[] = [];
    for (const [entry, base] of entries) {
      const fullName = asString(asObject(entry)?.name);
      if (fullName === '') {
        continue; // a missing name is a schema violation (S02)
      }
      const [name, namespace] = splitVirtualServiceReference(fullName, ctx);
      // (a VirtualService without a namespace counts as one in any namespace: see ManifestIndex)
      const object = ctx.index.object(ISTIO_GROUPS, 'VirtualService', namespace, name);
      references.push({ entry: asObject(entry) ?? {}, base, name, namespace, object });
    }
    return references;
  });
}

/**
 * True when a reference with a '.' misses its target while a VirtualService named with the whole
 * dotted name is among the manifests (in the Rollout's namespace): the author meant that one, but
 * the controller splits the name into name and namespace (at the first '.', or from 1.10 at the last).
 */
function isMisreadDottedName(ctx: RuleContext, reference: VirtualServiceReference): boolean {
  const fullName = asString(reference.entry.name);
  return reference.object === undefined && fullName.includes('.')
    && ctx.index.object(ISTIO_GROUPS, 'VirtualService', ctx.namespace, fullName) !== undefined;
}

function ambassadorMapping(ctx: RuleContext, name: string): ManifestView | undefined {
  for (const kind of AMBASSADOR_KINDS) {
    const mapping = ctx.index.object(AMBASSADOR_GROUPS, kind, ctx.namespace, name);
    if (mapping !== undefined) {
      return mapping;
    }
  }
  return undefined;
}

/** The App Mesh objects of the Rollout: its VirtualService and, through its provider, the VirtualRouter. */
interface AppMeshObjects {
  readonly serviceName: string;
  readonly virtualService: ManifestView | undefined;
  /** `spec.provider.virtualRouter.virtualRouterRef` of the VirtualService, when set. */
  readonly routerRef: JsonObject | undefined;
  readonly routerName: string;
  readonly routerNamespace: string;
  readonly router: ManifestView | undefined;
}

function appMeshObjects(ctx: RuleContext): AppMeshObjects | undefined {
  return ctx.memoize('traffic.appMesh', () => {
    const appMesh = router(ctx, 'appMesh');
    const reference = asObject(appMesh?.virtualService);
    if (reference === undefined) {
      return undefined;
    }
    const serviceName = asString(reference.name);
    const virtualService = ctx.index.object(APP_MESH_GROUPS, 'VirtualService', ctx.namespace, serviceName);
    const routerRef = asObject(asObject(asObject(asObject(virtualService?.spec)?.provider)?.virtualRouter)?.virtualRouterRef);
    const routerName = asString(routerRef?.name);
    const refNamespace = asString(routerRef?.namespace);
    const routerNamespace = refNamespace !== '' ? refNamespace : asString(asObject(virtualService?.metadata)?.namespace);
    const virtualRouter = routerRef === undefined ? undefined : ctx.index.object(APP_MESH_GROUPS, 'VirtualRouter', routerNamespace, routerName);
    return { serviceName, virtualService, routerRef, routerName, routerNamespace, router: virtualRouter };
  });
}

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
function checkIngressBackends(ctx: RuleContext, references: readonly NamedReference[], service: string, describe: (name: string) => string,
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
function routeTargets(ctx: RuleContext): RouteTargets {
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

function checkVirtualService(ctx: RuleContext, reference: VirtualServiceReference, targets: RouteTargets): void {
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
function appMeshRouteProblem(route: unknown): string | undefined {
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

// ---------------------------------------------------------------------------------------------
// Rules
// ---------------------------------------------------------------------------------------------

/** V67, the first thing the controller does for a Rollout: resolving its workloadRef. */
export const WORKLOAD_REF_RULES: readonly Rule[] = [
  {
    id: 'V67',
    check: ctx => {
      const ref = ctx.spec.workloadRef;
      if (!isSet(ref)) {
        return;
      }
      const kind = asString(asObject(ref)?.kind);
      const apiVersion = asString(asObject(ref)?.apiVersion);
      const group = apiGroupOf(apiVersion);
      const supported = WORKLOAD_REF_KINDS.get(kind);
      const shown = { apiVersion: asObject(ref)?.apiVersion, kind: asObject(ref)?.kind };
      const fix = 'Point workloadRef at apiVersion: apps/v1 with kind Deployment or ReplicaSet, or at apiVersion: v1 with kind PodTemplate.';
      if (supported === undefined || supported.group !== group) {
        const what = group === '' ? `kind ${quote(kind)} of the core API group` : `kind ${quote(kind)} of API group ${quote(group)}`;
        ctx.report(WORKLOAD_REF_PATH, `workloadRef names ${what} (${quote(shown)}); the controller can take the pod template only from an apps Deployment, an apps ReplicaSet or a core PodTemplate.`,
          fix, shown);
        return;
      }
      if (apiVersion !== supported.apiVersion) {
        ctx.report(WORKLOAD_REF_PATH, `workloadRef uses apiVersion ${quote(apiVersion)} for ${article(kind)} ${kind}, which is not a served API version (expected ${quote(supported.apiVersion)}).`,
          `Set workloadRef.apiVersion to ${supported.apiVersion}.`, shown);
        return;
      }
      if (ctx.options.requireReferencedObjects !== true) {
        return;
      }
      const name = asString(asObject(ref)?.name);
      if (ctx.index.workload(kind, ctx.namespace, name) === undefined) {
        ctx.report(WORKLOAD_REF_PATH, `The ${kind} ${quote(name)} named by workloadRef does not exist among the manifests (looked for ${describeNamespace(ctx.namespace)}).`,
          `Define ${article(kind)} ${kind} named ${quote(name)} in the Rollout's namespace, or correct workloadRef.name.`, name);
      }
    },
  },
];

/**
 * Traffic-routing rules of the controller's fetch phase, in its order: the nginx and ALB Ingress
 * fields (V60, V61), the Ingresses (V63), the Istio VirtualService fields (V62), then the
 * VirtualServices, Ambassador Mappings and App Mesh objects (V63).
 */
export const TRAFFIC_REFERENCE_RULES: readonly Rule[] = [
  {
    id: 'V60',
    check: ctx => {
      const nginx = router(ctx, 'nginx');
      if (nginx === undefined) {
        return;
      }
      const single = asString(nginx.stableIngress) !== '';
      const multiple = isSet(nginx.stableIngresses);
      if (single && multiple) {
        const value = { stableIngress: nginx.stableIngress, stableIngresses: nginx.stableIngresses };
        ctx.report(NGINX_PATH, `nginx sets both stableIngress ${quote(nginx.stableIngress)} and stableIngresses ${quote(nginx.stableIngresses)}; only one may be set.`,
          'Keep stableIngress for a single Ingress, or move every Ingress name into stableIngresses and remove stableIngress.', value);
      } else if (!single && !multiple) {
        ctx.report(NGINX_PATH, 'nginx sets neither stableIngress nor stableIngresses, so the controller has no stable Ingress to copy for the canary.',
          'Set nginx.stableIngress to the name of the Ingress that routes to stableService (or list several under stableIngresses).', nginx);
      }
    },
  },
  {
    id: 'V61',
    check: ctx => {
      const alb = router(ctx, 'alb');
      if (alb === undefined) {
        return;
      }
      const single = asString(alb.ingress) !== '';
      const multiple = isSet(alb.ingresses);
      if (single && multiple) {
        const value = { ingress: alb.ingress, ingresses: alb.ingresses };
        ctx.report(ALB_PATH, `alb sets both ingress ${quote(alb.ingress)} and ingresses ${quote(alb.ingresses)}; only one may be set.`,
          'Keep alb.ingress for a single Ingress, or move every Ingress name into alb.ingresses and remove alb.ingress.', value);
      } else if (!single && !multiple) {
        ctx.report(ALB_PATH, 'alb sets neither ingress nor ingresses, so the controller has no Ingress to write the traffic split to.',
          'Set alb.ingress to the name of the Ingress whose rule points at alb.rootService (or stableService), or list several under alb.ingresses.', alb);
      }
    },
  },
  {
    id: 'V63',
    check: ctx => {
      if (ctx.options.requireReferencedObjects !== true) {
        return;
      }
      const missing = (references: readonly NamedReference[], label: string) => {
        for (const reference of references) {
          if (ingress(ctx, reference.name) === undefined) {
            ctx.report(reference.path, `The ${label} Ingress ${quote(reference.name)} does not exist among the manifests (looked for ${describeNamespace(ctx.namespace)}).`,
              `Define an Ingress named ${quote(reference.name)} (networking.k8s.io/v1) in the Rollout's namespace, or correct the name.`, reference.name);
          }
        }
      };
      missing(nginxIngresses(ctx), 'nginx stable');
      missing(albIngresses(ctx), 'ALB');
    },
  },
  {
    id: 'V62',
    check: ctx => {
      const istio = router(ctx, 'istio');
      if (istio === undefined) {
        return;
      }
      const single = isSet(istio.virtualService);
      const multiple = isSet(istio.virtualServices);
      if (single && multiple) {
        const value = { virtualService: istio.virtualService, virtualServices: istio.virtualServices };
        ctx.report(ISTIO_PATH, `istio sets both virtualService ${quote(istio.virtualService)} and virtualServices ${quote(istio.virtualServices)}; only one may be set.`,
          'Keep istio.virtualService for a single VirtualService, or move every entry into istio.virtualServices and remove istio.virtualService.', value);
      } else if (!single && !multiple) {
        const only = isSet(istio.destinationRule) ? ' (a destinationRule alone is not enough)' : '';
        ctx.report(ISTIO_PATH, `istio sets neither virtualService nor virtualServices${only}, so the controller has no VirtualService to set weights on.`,
          'Set istio.virtualService.name to the VirtualService that routes to the canary and stable Services (or subsets), with routes naming its http route.', istio);
      }
    },
  },
  {
    id: 'V63',
    check: ctx => {
      const require = ctx.options.requireReferencedObjects === true;
      for (const reference of virtualServiceReferences(ctx)) {
        const fullName = asString(reference.entry.name);
        if (isMisreadDottedName(ctx, reference)) {
          ctx.report(`${reference.base}.name`,
            `The VirtualService reference ${quote(fullName)} holds a '.', so the controller reads it as VirtualService ${quote(reference.name)} ${describeNamespace(reference.namespace)}, `
            + `not as the VirtualService ${quote(fullName)} ${describeNamespace(ctx.namespace)} among the manifests.`,
            `Rename the VirtualService to a name without '.' (e.g. ${quote(fullName.replace(/\./g, '-'))}) and reference that name; `
            + "in istio.virtualService(s).name a '.' always separates name and namespace.", fullName);
        } else if (require && reference.object === undefined) {
          ctx.report(`${reference.base}.name`,
            `The VirtualService ${quote(reference.name)} does not exist among the manifests (looked for ${describeNamespace(reference.namespace)}).`,
            `Define an Istio VirtualService (networking.istio.io) named ${quote(reference.name)} ${describeNamespace(reference.namespace)}, or correct the name (use name.namespace for another namespace).`,
            fullName);
        }
      }
      const ambassador = router(ctx, 'ambassador');
      if (ambassador !== undefined) {
        const mappings = asArray(ambassador.mappings);
        if (mappings.length === 0) {
          ctx.report(`${AMBASSADOR_PATH}.mappings`, `ambassador.mappings is ${quote(ambassador.mappings)}; the controller needs at least one base Mapping to create the canary Mapping from.`,
            'List the name of the Ambassador Mapping that routes to stableService under ambassador.mappings.', ambassador.mappings);
        } else if (require) {
          mappings.forEach((value, k) => {
            const name = asString(value);
            if (ambassadorMapping(ctx, name) === undefined) {
              ctx.report(`${AMBASSADOR_PATH}.mappings[${k}]`, `The Ambassador Mapping ${quote(name)} does not exist among the manifests (looked for ${describeNamespace(ctx.namespace)}).`,
                `Define a Mapping (getambassador.io) named ${quote(name)} in the Rollout's namespace, or correct the name.`, name);
            }
          });
        }
      }
      const appMesh = router(ctx, 'appMesh');
      if (appMesh !== undefined) {
        const objects = appMeshObjects(ctx);
        if (objects === undefined) {
          ctx.report(`${APP_MESH_PATH}.virtualService`, 'appMesh sets no virtualService, so the controller has no App Mesh VirtualService (and VirtualRouter) to shift traffic with.',
            'Set appMesh.virtualService.name to the App Mesh VirtualService whose provider is the VirtualRouter of the canary and stable VirtualNodes.');
        } else if (require && objects.virtualService === undefined) {
          ctx.report(`${APP_MESH_PATH}.virtualService`,
            `The App Mesh VirtualService ${quote(objects.serviceName)} does not exist among the manifests (looked for ${describeNamespace(ctx.namespace)}).`,
            `Define an App Mesh VirtualService (appmesh.k8s.aws) named ${quote(objects.serviceName)} in the Rollout's namespace, or correct appMesh.virtualService.name.`,
            objects.serviceName);
        } else if (require && objects.routerRef !== undefined && objects.router === undefined) {
          ctx.report(`${APP_MESH_PATH}.virtualService`,
            `The VirtualRouter ${quote(objects.routerName)} that App Mesh VirtualService ${quote(objects.serviceName)} uses does not exist among the manifests (looked for ${describeNamespace(objects.routerNamespace)}).`,
            `Define an App Mesh VirtualRouter named ${quote(objects.routerName)} ${describeNamespace(objects.routerNamespace)}, or correct spec.provider.virtualRouter.virtualRouterRef of VirtualService ${quote(objects.serviceName)}.`,
            objects.routerName);
        }
      }
    },
  },
];

/** True when a manifest names the Rollout of `ctx` as its controlling owner (`ownerReferences[].controller`). */
function controlledByRollout(ctx: RuleContext, manifest: ManifestView): boolean {
  return asArray(asObject(manifest.metadata)?.ownerReferences).some((owner) => isObject(owner) && owner.controller === true
    && owner.kind === 'Rollout' && apiGroupOf(owner.apiVersion) === 'argoproj.io' && owner.name === ctx.name);
}

/**
 * Checks of the fetched routing objects, in the controller's order: Ingresses (V58, V59),
 * VirtualServices (V64), Ambassador Mappings (V65), App Mesh (V66); then, as the weight is set,
 * the SMI TrafficSplit (V69).
 */
export const TRAFFIC_RULES: readonly Rule[] = [
  {
    id: 'V58',
    check: ctx => {
      const stable = asString(ctx.canary?.stableService);
      checkIngressBackends(ctx, nginxIngresses(ctx), stable, name => `The nginx stable Ingress ${quote(name)}`,
        name => `Point a path of Ingress ${quote(name)} at the Service ${quote(stable)} (backend.service.name: ${cutText(stable)}), or set stableService to the Service the Ingress routes to.`);
    },
  },
  {
    id: 'V59',
    check: ctx => {
      const alb = router(ctx, 'alb');
      if (alb === undefined) {
        return;
      }
      const stable = asString(ctx.canary?.stableService);
      if (router(ctx, 'nginx') !== undefined && versionFacts(ctx.options.version).rules.ingressesCheckedAsNginx) {
        // this release checks the ALB Ingresses of a Rollout that also routes through nginx as nginx's
        const later = releasesWith(f => !f.rules.ingressesCheckedAsNginx);
        checkIngressBackends(ctx, albIngresses(ctx), stable,
          name => `With an nginx router too, Argo Rollouts ${ctx.options.version} checks the ALB Ingress ${quote(name)} as an nginx stable Ingress, and it`,
          name => `Point a path of Ingress ${quote(name)} at the Service ${quote(stable)} (stableService) as well, or use a release that checks it against `
            + `alb.rootService (${later.join(', ')}).`);
        return;
      }
      const root = asString(alb.rootService);
      const service = root !== '' ? root : stable;
      const field = root !== '' ? 'alb.rootService' : 'stableService (alb.rootService is not set)';
      checkIngressBackends(ctx, albIngresses(ctx), service, name => `The ALB Ingress ${quote(name)}`,
        name => `Point a path of Ingress ${quote(name)} at the Service ${quote(service)} named by ${field} (backend.service.name: ${cutText(service)}, port.name: use-annotation), or correct ${root !== '' ? 'alb.rootService' : 'stableService'}.`);
    },
  },
  {
    id: 'V64',
    check: ctx => {
      const references = virtualServiceReferences(ctx);
      if (references.length > 0) {
        const targets = routeTargets(ctx);
        for (const reference of references) {
          if (reference.object !== undefined) {
            checkVirtualService(ctx, reference, targets);
          }
        }
      }
      // The DestinationRule's subsets are not checked: the controller only relabels the subsets it
      // finds, so a DestinationRule that lacks one is no InvalidSpec.
    },
  },
  {
    id: 'V65',
    check: ctx => {
      asArray(router(ctx, 'ambassador')?.mappings).forEach((value, k) => {
        const name = asString(value);
        const mapping = ambassadorMapping(ctx, name);
        const weight = asObject(mapping?.spec)?.weight;
        if (asNumber(weight) !== undefined && weight !== 0) {
          ctx.report(`${AMBASSADOR_PATH}.mappings[${k}]`, `The base Ambassador Mapping ${quote(name)} sets spec.weight to ${quote(weight)}; the controller requires base Mappings to carry no weight.`,
            `Remove spec.weight from Mapping ${quote(name)}; the controller sets the weight on the canary Mapping it creates.`, weight);
        }
      });
    },
  },
  {
    id: 'V66',
    check: ctx => {
      if (router(ctx, 'appMesh') === undefined) {
        return;
      }
      const objects = appMeshObjects(ctx);
      if (objects?.virtualService === undefined) {
        return;
      }
      const path = `${APP_MESH_PATH}.virtualService`;
      const service = quote(objects.serviceName);
      if (objects.routerRef === undefined) {
        const provider = asObject(asObject(objects.virtualService.spec)?.provider);
        ctx.report(path, `The App Mesh VirtualService ${service} is not provided by a VirtualRouter (its provider is ${quote(provider)}), so the controller cannot split its traffic.`,
          `Set spec.provider.virtualRouter.virtualRouterRef.name of VirtualService ${service} to a VirtualRouter whose routes target the canary and stable VirtualNodes.`, provider);
        return;
      }
      if (objects.router === undefined) {
        return;
      }
      const routerName = quote(objects.routerName);
      const routes = asObject(objects.router.spec)?.routes;
      if (!Array.isArray(routes) || routes.length === 0) {
        ctx.report(path, `The VirtualRouter ${routerName} of App Mesh VirtualService ${service} has no routes (spec.routes is ${quote(routes)}).`,
          `Add a route to VirtualRouter ${routerName} with an httpRoute whose action.weightedTargets list the canary and stable VirtualNodes.`, routes);
        return;
      }
      routes.forEach((route, i) => {
        const problem = appMeshRouteProblem(route);
        if (problem !== undefined) {
          const name = asString(asObject(route)?.name);
          const which = name === '' ? `route [${i}]` : `route [${i}] ${quote(name)}`;
          ctx.report(path, `The ${which} of VirtualRouter ${routerName} (App Mesh VirtualService ${service}) ${problem}.`,
            'Give every route of the VirtualRouter one httpRoute, http2Route, grpcRoute or tcpRoute whose action.weightedTargets has exactly two entries: the canary and the stable VirtualNode.',
            route);
        }
      });
    },
  },
  {
    id: 'V69',
    check: ctx => {
      const smi = router(ctx, 'smi');
      if (smi === undefined) {
        return;
      }
      const given = asString(smi.trafficSplitName);
      const name = given !== '' ? given : ctx.name;
      const split = ctx.index.object(['split.smi-spec.io'], 'TrafficSplit', ctx.namespace, name);
      if (split === undefined || controlledByRollout(ctx, split)) {
        return;
      }
      const which = given !== '' ? `trafficSplitName ${quote(name)}` : `the Rollout's name, ${quote(name)} (trafficSplitName is not set)`;
      ctx.report(`${ROUTING_PATH}.smi`, `The TrafficSplit ${quote(name)} is among the manifests, but the controller only changes a TrafficSplit it created itself, `
        + `with an owner reference to the Rollout; it would stop at the first weight step with "Rollout does not own TrafficSplit". The TrafficSplit is named by ${which}.`,
      `Remove the TrafficSplit ${quote(name)} from the manifests (the controller creates it), or set trafficSplitName to a name no object uses.`, name);
    },
  },
];
