/**
 * The one place that reads what each router writes: `trafficRouting.<key>` (and the known plugins under
 * `trafficRouting.plugins`) to the `ownedFields` of the router's implementation (its file,
 * `src/traffic/<router>.ts`), through the router's row (src/private/routers.ts).
 * `rollout.ignoreDifferences` (through the canary strategy) and `ArgoCdApplication` (all Rollouts of
 * the app) both call `routerOwnedFields`, so the two cannot differ.
 */
// Loading the factory loads every router's file, and each file adds its implementation to the table.
import '../routers';
import { ControllerFacts, ObjectLookup, OwnedFieldEntries, OwnedFieldsContext, ownedFieldsContext } from './owned-fields';
import { routerImplementation } from './router-implementations';
import { isObject, objectOrEmpty } from '../../private/manifest-types';
import { RouterRow, ROUTERS } from '../../private/routers';
import { IgnoreDifference } from '../router';

/**
 * The fields the controller (or a router plugin it runs) writes in the router objects of one Rollout,
 * as the routers of its `trafficRouting` say; routers and plugins the library does not know give none.
 */
export function routerOwnedFields(ctx: OwnedFieldsContext): IgnoreDifference[] {
  const trafficRouting = objectOrEmpty(ctx.canary.trafficRouting);
  const plugins = objectOrEmpty(trafficRouting.plugins);
  const entries: IgnoreDifference[] = [];
  for (const row of ROUTERS) {
    // a plugin the library does not know (`TrafficRouting.plugin`) says nothing of the objects it writes
    if (row.factory === 'TrafficRouting.plugin') continue;
    const { key, plugin }: RouterRow = row;
    const config = plugin === undefined ? trafficRouting[key] : plugins[plugin];
    if (plugin === undefined ? isObject(config) : plugin in plugins) entries.push(...routerImplementation(row.factory).ownedFields(config, ctx));
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
