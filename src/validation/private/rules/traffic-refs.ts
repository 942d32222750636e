/**
 * The objects that a Rollout's traffic routing names (rules V58–V66): the fields that name them and
 * their lookup among the manifests, by API group, kind, namespace and name, as the controller fetches
 * them (see traffic.ts).
 */
import { JsonObject } from '../../../private/manifest-types';
import { routerRow } from '../../../private/routers';
import { virtualServiceName } from '../../../private/virtual-service-name';
import { CANARY_PATH, RuleContext } from '../context';
import { ManifestView } from '../manifest-view';
import { asArray, asObject, asString, isSet, quote } from '../util';

export const ROUTING_PATH = `${CANARY_PATH}.trafficRouting`;
export const NGINX_PATH = `${ROUTING_PATH}.nginx`;
export const ALB_PATH = `${ROUTING_PATH}.alb`;
export const ISTIO_PATH = `${ROUTING_PATH}.istio`;
export const AMBASSADOR_PATH = `${ROUTING_PATH}.ambassador`;
export const APP_MESH_PATH = `${ROUTING_PATH}.appMesh`;

/** API groups of the referenced kinds (the routers' from their rows). */
const INGRESS_GROUPS = ['networking.k8s.io', 'extensions'];
const ISTIO_GROUPS = routerRow('istio')!.apiGroups;
const AMBASSADOR_GROUPS = routerRow('ambassador')!.apiGroups;
const AMBASSADOR_KINDS = ['Mapping', 'AmbassadorMapping'];
const APP_MESH_GROUPS = routerRow('appMesh')!.apiGroups;

// ---------------------------------------------------------------------------------------------
// References
// ---------------------------------------------------------------------------------------------

/** An object named by the Rollout: its name and the field that names it. */
export interface NamedReference {
  readonly name: string;
  readonly path: string;
}

export function describeNamespace(namespace: string): string {
  return namespace === '' ? 'without a namespace' : `in namespace ${quote(namespace)}`;
}

/** The router object under `trafficRouting` (nginx, alb, ...) when it is set as an object. */
export function router(ctx: RuleContext, key: string): JsonObject | undefined {
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

export function nginxIngresses(ctx: RuleContext): NamedReference[] {
  return ctx.memoize('traffic.nginxIngresses', () => namedReferences(router(ctx, 'nginx'), NGINX_PATH, 'stableIngress', 'stableIngresses'));
}

export function albIngresses(ctx: RuleContext): NamedReference[] {
  return ctx.memoize('traffic.albIngresses', () => namedReferences(router(ctx, 'alb'), ALB_PATH, 'ingress', 'ingresses'));
}

export function ingress(ctx: RuleContext, name: string): ManifestView | undefined {
  return ctx.index.object(INGRESS_GROUPS, 'Ingress', ctx.namespace, name);
}

/** An Istio VirtualService named by the Rollout (`virtualService` or `virtualServices[k]`). */
export interface VirtualServiceReference {
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

export function virtualServiceReferences(ctx: RuleContext): VirtualServiceReference[] {
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
export function isMisreadDottedName(ctx: RuleContext, reference: VirtualServiceReference): boolean {
  const fullName = asString(reference.entry.name);
  return reference.object === undefined && fullName.includes('.')
    && ctx.index.object(ISTIO_GROUPS, 'VirtualService', ctx.namespace, fullName) !== undefined;
}

export function ambassadorMapping(ctx: RuleContext, name: string): ManifestView | undefined {
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

export function appMeshObjects(ctx: RuleContext): AppMeshObjects | undefined {
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
