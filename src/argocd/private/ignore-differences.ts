/**
 * The Argo CD `ignoreDifferences` of a whole app: every field that the Argo Rollouts controller
 * writes at run time in the app's objects, read from the manifests (so that Rollouts from `Include`,
 * Helm or raw `ApiObject`s count as much as ours). What each traffic router writes is said by its
 * router file (`src/traffic/<router>.ts`, `<router>OwnedFields`); the Services, the autoscaled
 * Rollouts and the workloadRef Deployments are here.
 */
import { albOwnedFields } from '../../traffic/alb';
import { ambassadorOwnedFields } from '../../traffic/ambassador';
import { apisixOwnedFields } from '../../traffic/apisix';
import { appMeshOwnedFields } from '../../traffic/app-mesh';
import { GATEWAY_API_PLUGIN_NAME, gatewayApiOwnedFields } from '../../traffic/gateway-api';
import { istioOwnedFields } from '../../traffic/istio';
import { nginxOwnedFields } from '../../traffic/nginx';
import { annotationPointer, CONTROLLER_FIELD_MANAGER, nameOf, objectsIn, OwnedFieldsContext, pointer } from '../../traffic/private/owned-fields';
import { IgnoreDifference } from '../../traffic/router';
import { smiOwnedFields } from '../../traffic/smi';
import { traefikOwnedFields } from '../../traffic/traefik';
import { scalerOf } from '../../validation/private/rules/gitops';

type OwnedFields = (config: any, ctx: OwnedFieldsContext) => IgnoreDifference[];

/** The routers under `trafficRouting`, by key. */
const ROUTERS: ReadonlyArray<[string, OwnedFields]> = [
  ['istio', istioOwnedFields], ['nginx', nginxOwnedFields], ['alb', albOwnedFields], ['smi', smiOwnedFields],
  ['ambassador', ambassadorOwnedFields], ['traefik', traefikOwnedFields], ['apisix', apisixOwnedFields], ['appMesh', appMeshOwnedFields],
];

/** Router plugins (`trafficRouting.plugins.<name>`) whose writes are known. */
const PLUGINS: ReadonlyMap<string, OwnedFields> = new Map([[GATEWAY_API_PLUGIN_NAME, gatewayApiOwnedFields]]);

/** workloadRef.scaleDown values with which the controller scales the referenced Deployment down. */
const SCALING_DOWN = new Set(['onsuccess', 'progressively']);

const MANAGED_BY = annotationPointer('argo-rollouts.argoproj.io/managed-by-rollouts');
const POD_TEMPLATE_HASH_SELECTOR = pointer('spec', 'selector', 'rollouts-pod-template-hash');

function isObject(value: unknown): value is { [key: string]: any } {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

function groupOf(apiVersion: unknown): string {
  return typeof apiVersion === 'string' && apiVersion.includes('/') ? apiVersion.split('/')[0] : '';
}

function namespaceOf(manifest: any): string {
  return nameOf(manifest?.metadata?.namespace) ?? '';
}

/** The app's objects by API group, kind, namespace and name. */
class ObjectIndex {
  private readonly objects = new Map<string, any>();

  constructor(manifests: readonly any[]) {
    for (const manifest of manifests) {
      const name = nameOf(manifest?.metadata?.name);
      if (isObject(manifest) && typeof manifest.kind === 'string' && name !== undefined) {
        const key = this.key(groupOf(manifest.apiVersion), manifest.kind, namespaceOf(manifest), name);
        if (!this.objects.has(key)) this.objects.set(key, manifest);
      }
    }
  }

  /** The object in `namespace`, else one without a namespace (applied into the destination namespace). */
  public find(groups: readonly string[], kind: string, namespace: string, name: string): any {
    for (const ns of namespace === '' ? [''] : [namespace, '']) {
      for (const group of groups) {
        const found = this.objects.get(this.key(group, kind, ns, name));
        if (found !== undefined) return found;
      }
    }
    return undefined;
  }

  private key(group: string, kind: string, namespace: string, name: string): string {
    return [group, kind, namespace, name].join('\u0000');
  }
}

/** Collects entries, one per object: the pointers of entries for the same object are merged. */
class Entries {
  private readonly byObject = new Map<string, IgnoreDifference>();

  public add(entry: IgnoreDifference): void {
    if ((entry.jsonPointers ?? []).length === 0) return;
    const key = [entry.group, entry.kind, entry.namespace ?? '', entry.name].join('\u0000');
    const seen = this.byObject.get(key);
    const pointers = [...new Set([...(seen?.jsonPointers ?? []), ...(entry.jsonPointers ?? [])])];
    this.byObject.set(key, { ...entry, jsonPointers: pointers });
  }

  /** The entries ordered by group, kind, namespace and name. */
  public list(): IgnoreDifference[] {
    return [...this.byObject.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)).map(([, entry]) => entry);
  }
}

/** The context a router's function gets for one Rollout. */
function contextOf(rollout: any, canary: any, index: ObjectIndex, version: string | undefined): OwnedFieldsContext {
  const namespace = namespaceOf(rollout);
  return {
    version,
    rolloutName: nameOf(rollout.metadata?.name) ?? '',
    canary,
    managedRoutes: objectsIn(canary.trafficRouting?.managedRoutes).map(r => nameOf(r.name)).filter((n): n is string => n !== undefined),
    find: (groups, kind, name) => index.find(groups, kind, namespace, name),
    entry: (group, kind, name, jsonPointers, explicitNamespace) => {
      const found = explicitNamespace === undefined ? index.find([group], kind, namespace, name) : undefined;
      const ns = explicitNamespace ?? (found !== undefined && namespaceOf(found) !== '' ? namespaceOf(found) : namespace);
      return {
        group,
        kind,
        name,
        ...(ns !== '' ? { namespace: ns } : {}),
        jsonPointers,
        managedFieldsManagers: [CONTROLLER_FIELD_MANAGER],
      };
    },
  };
}

/** Whether the Rollout has a router plugin of that name (`plugins` is a map from plugin name to config). */
function pluginsOf(trafficRouting: any): Array<[string, any]> {
  return isObject(trafficRouting?.plugins) ? Object.entries(trafficRouting.plugins) : [];
}

/**
 * The ignoreDifferences entries for every field the Argo Rollouts controller writes at run time in
 * the given manifests (see docs/argocd.md for why each is there):
 * - the Services a Rollout names (stable, canary, ping, pong, active, preview): the selector key
 *   `rollouts-pod-template-hash` and the annotation `argo-rollouts.argoproj.io/managed-by-rollouts`;
 * - the objects of each traffic router, header and mirror routes included (per router, see
 *   `src/traffic/<router>.ts`);
 * - `spec.replicas` of a Rollout that an HPA or KEDA ScaledObject among the manifests scales (with
 *   or without the field in the manifest: with `RespectIgnoreDifferences=true` a sync then never
 *   removes the live value, the trap of rule L06);
 * - `spec.replicas` of the Deployment of a `workloadRef` with `scaleDown: onsuccess` or
 *   `progressively`.
 * Each entry names group, kind, name and (when known) namespace, lists JSON pointers, and names the
 * controller's field manager (`rollouts-controller`) for server-side diff. One entry per object.
 *
 * @param version the controller's release (a version number); `undefined` for the default release
 */
export function controllerOwnedFields(manifests: readonly any[], version?: string): IgnoreDifference[] {
  const list = Array.isArray(manifests) ? manifests : [];
  const index = new ObjectIndex(list);
  const entries = new Entries();
  const scaled = new Set<string>();
  for (const manifest of list) {
    const scaler = scalerOf(manifest);
    if (scaler !== undefined) scaled.add(`${scaler.namespace}\u0000${scaler.target}`);
  }
  for (const rollout of list) {
    if (!isObject(rollout) || rollout.kind !== 'Rollout' || !['', 'argoproj.io'].includes(groupOf(rollout.apiVersion))) continue;
    const spec = isObject(rollout.spec) ? rollout.spec : {};
    const strategy = isObject(spec.strategy) ? spec.strategy : {};
    const canary = isObject(strategy.canary) ? strategy.canary : {};
    const blueGreen = isObject(strategy.blueGreen) ? strategy.blueGreen : {};
    const ctx = contextOf(rollout, canary, index, version);
    const namespace = namespaceOf(rollout);

    const serviceNames = [canary.stableService, canary.canaryService, canary.pingPong?.pingService, canary.pingPong?.pongService,
      blueGreen.activeService, blueGreen.previewService].map(nameOf).filter((n): n is string => n !== undefined);
    for (const name of serviceNames) {
      entries.add(ctx.entry('', 'Service', name, [POD_TEMPLATE_HASH_SELECTOR, MANAGED_BY]));
    }

    const trafficRouting = isObject(canary.trafficRouting) ? canary.trafficRouting : {};
    for (const [key, ownedFields] of ROUTERS) {
      if (isObject(trafficRouting[key])) ownedFields(trafficRouting[key], ctx).forEach(e => entries.add(e));
    }
    for (const [plugin, config] of pluginsOf(trafficRouting)) {
      PLUGINS.get(plugin)?.(config, ctx).forEach(e => entries.add(e));
    }

    const name = ctx.rolloutName;
    if ((scaled.has(`${namespace}\u0000${name}`) || scaled.has(`\u0000${name}`))) {
      entries.add(ctx.entry('argoproj.io', 'Rollout', name, ['/spec/replicas']));
    }
    const workloadRef = isObject(spec.workloadRef) ? spec.workloadRef : undefined;
    const workload = nameOf(workloadRef?.name);
    if (workloadRef !== undefined && workload !== undefined && workloadRef.kind === 'Deployment' && SCALING_DOWN.has(String(workloadRef.scaleDown))) {
      entries.add(ctx.entry('apps', 'Deployment', workload, ['/spec/replicas']));
    }
  }
  return entries.list();
}
