/**
 * The one place that reads what each router writes: `trafficRouting.<key>` (and the known plugins under
 * `trafficRouting.plugins`) to the router's `<router>OwnedFields`, through its row (src/private/routers.ts)
 * and the table of the factories (`ROUTER_OWNED_FIELDS`, below).
 * `rollout.ignoreDifferences` (through the canary strategy) and `ArgoCdApplication` (all Rollouts of
 * the app) both call `routerOwnedFields`, so the two cannot differ.
 */
import { albOwnedFields } from './alb';
import { ambassadorOwnedFields } from './ambassador';
import { apisixOwnedFields } from './apisix';
import { appMeshOwnedFields } from './app-mesh';
import { gatewayApiOwnedFields } from './gateway-api';
import { istioOwnedFields } from './istio';
import { nginxOwnedFields } from './nginx';
import { ControllerFacts, ObjectLookup, OwnedFieldEntries, OwnedFieldsContext, ownedFieldsContext } from './owned-fields';
import { smiOwnedFields } from './smi';
import { traefikOwnedFields } from './traefik';
import { isObject, objectOrEmpty } from '../../private/manifest-types';
import { factoryRow, RouterFactory } from '../../private/routers';
import { IgnoreDifference } from '../router';

/** What the controller (or a router plugin it runs) writes in a router's objects, from the router's block. */
export type OwnedFields = (config: unknown, ctx: OwnedFieldsContext) => IgnoreDifference[];

/**
 * Each router's `<router>OwnedFields`, by the factory of its row (src/private/routers.ts), in the order
 * they are read. Not exported from the package: `routerOwnedFields` reads it.
 */
export const ROUTER_OWNED_FIELDS: { readonly [F in RouterFactory]?: OwnedFields } = {
  'TrafficRouting.istio': istioOwnedFields,
  'TrafficRouting.nginx': nginxOwnedFields,
  'TrafficRouting.alb': albOwnedFields,
  'TrafficRouting.smi': smiOwnedFields,
  'TrafficRouting.ambassador': ambassadorOwnedFields,
  'TrafficRouting.traefik': traefikOwnedFields,
  'TrafficRouting.apisix': apisixOwnedFields,
  'TrafficRouting.appMesh': appMeshOwnedFields,
  'TrafficRouting.gatewayApi': gatewayApiOwnedFields,
};

/**
 * The fields the controller (or a router plugin it runs) writes in the router objects of one Rollout,
 * as the routers of its `trafficRouting` say; routers and plugins the library does not know give none.
 */
export function routerOwnedFields(ctx: OwnedFieldsContext): IgnoreDifference[] {
  const trafficRouting = objectOrEmpty(ctx.canary.trafficRouting);
  const plugins = objectOrEmpty(trafficRouting.plugins);
  const entries: IgnoreDifference[] = [];
  for (const [factory, ownedFields] of Object.entries(ROUTER_OWNED_FIELDS) as Array<[RouterFactory, OwnedFields]>) {
    const row = factoryRow(factory);
    const config = row.plugin === undefined ? trafficRouting[row.key] : plugins[row.plugin];
    if (row.plugin === undefined ? isObject(config) : row.plugin in plugins) entries.push(...ownedFields(config, ctx));
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
