/**
 * The one place that knows which router file says what its router writes: `trafficRouting.<key>`
 * (and the known plugins under `trafficRouting.plugins`) to the router's `<router>OwnedFields`.
 * `rollout.ignoreDifferences` (through the canary strategy) and `ArgoCdApplication` (all Rollouts of
 * the app) both call `routerOwnedFields`, so the two cannot differ.
 */
import { ControllerFacts, ObjectLookup, OwnedFieldEntries, OwnedFieldsContext, ownedFieldsContext } from './owned-fields';
import { isObject, objectOrEmpty } from '../../private/manifest-types';
import { albOwnedFields } from '../alb';
import { ambassadorOwnedFields } from '../ambassador';
import { apisixOwnedFields } from '../apisix';
import { appMeshOwnedFields } from '../app-mesh';
import { GATEWAY_API_PLUGIN_NAME, gatewayApiOwnedFields } from '../gateway-api';
import { istioOwnedFields } from '../istio';
import { nginxOwnedFields } from '../nginx';
import { IgnoreDifference } from '../router';
import { smiOwnedFields } from '../smi';
import { traefikOwnedFields } from '../traefik';

type OwnedFields = (config: unknown, ctx: OwnedFieldsContext) => IgnoreDifference[];

/** The routers under `trafficRouting`, by key. */
const ROUTERS: ReadonlyArray<[string, OwnedFields]> = [
  ['istio', istioOwnedFields], ['nginx', nginxOwnedFields], ['alb', albOwnedFields], ['smi', smiOwnedFields],
  ['ambassador', ambassadorOwnedFields], ['traefik', traefikOwnedFields], ['apisix', apisixOwnedFields], ['appMesh', appMeshOwnedFields],
];

/** Router plugins (`trafficRouting.plugins.<name>`) whose writes are known. */
const PLUGINS: ReadonlyMap<string, OwnedFields> = new Map([[GATEWAY_API_PLUGIN_NAME, gatewayApiOwnedFields]]);

/**
 * The fields the controller (or a router plugin it runs) writes in the router objects of one Rollout,
 * as the routers of its `trafficRouting` say; routers and plugins the library does not know give none.
 */
export function routerOwnedFields(ctx: OwnedFieldsContext): IgnoreDifference[] {
  const trafficRouting = objectOrEmpty(ctx.canary.trafficRouting);
  const entries: IgnoreDifference[] = [];
  for (const [key, ownedFields] of ROUTERS) {
    if (isObject(trafficRouting[key])) entries.push(...ownedFields(trafficRouting[key], ctx));
  }
  const plugins = isObject(trafficRouting.plugins) ? Object.entries(trafficRouting.plugins) : [];
  for (const [plugin, config] of plugins) {
    entries.push(...(PLUGINS.get(plugin)?.(config, ctx) ?? []));
  }
  return entries;
}

/**
 * The router entries of one Rollout manifest, one per object (pointers merged, ordered by group,
 * kind, namespace and name), with the objects it names looked up among `manifests`.
 */
export function rolloutRouterOwnedFields(rollout: unknown, manifests: readonly unknown[], controller: ControllerFacts): IgnoreDifference[] {
  const entries = new OwnedFieldEntries();
  routerOwnedFields(ownedFieldsContext(rollout, new ObjectLookup(manifests), controller)).forEach(e => entries.add(e));
  return entries.list();
}
