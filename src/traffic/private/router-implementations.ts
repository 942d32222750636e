/**
 * The table of router implementations. A router is one file, `src/traffic/<router>.ts`: its options
 * (public) and, module-local, its `ITrafficRouter` class, the shape of its options and what the
 * controller writes in its objects. That file adds its implementation here when it loads (`implementRouter`);
 * `src/traffic/routers.ts` loads every router file (it re-exports their options), and its factory
 * `TrafficRouting.<router>()` reads the implementation back by the factory of the router's row
 * (src/private/routers.ts). Nothing else names a router.
 */
import { OwnedFieldsContext } from './owned-fields';
import { ExpectedStruct } from '../../private/arguments';
import { RouterFactory } from '../../private/routers';
import { fail } from '../../private/synth-error';
import { IgnoreDifference, ITrafficRouter } from '../router';

/** What the controller (or a router plugin it runs) writes in a router's objects, from the router's block. */
export type OwnedFields = (config: unknown, ctx: OwnedFieldsContext) => IgnoreDifference[];

/** One router, as its file implements it. */
export interface RouterImplementation<O> {
  /** The fields of its options, for `checkArgument`. */
  readonly options: ExpectedStruct;
  /** The router, from checked options. */
  readonly create: (options: O) => ITrafficRouter;
  /** What the controller writes in the objects its `trafficRouting` block names, for Argo CD. */
  readonly ownedFields: OwnedFields;
}

// (each under its own options type: `never` takes them all)
const IMPLEMENTATIONS = new Map<RouterFactory, RouterImplementation<never>>();

/** Called once by each router's file, when it loads. */
export function implementRouter<O>(factory: RouterFactory, implementation: RouterImplementation<O>): void {
  if (IMPLEMENTATIONS.has(factory)) {
    fail(`Internal error: ${factory} is implemented twice (a router's file adds itself once, when it loads).`);
  }
  IMPLEMENTATIONS.set(factory, implementation);
}

/** The implementation of a router's factory; its file is loaded by src/traffic/routers.ts. */
export function routerImplementation<O>(factory: RouterFactory): RouterImplementation<O> {
  const implementation = IMPLEMENTATIONS.get(factory);
  if (implementation === undefined) {
    fail(`Internal error: no implementation of ${factory} is loaded. src/traffic/routers.ts loads every router's file `
      + '(export * from \'./<router>\'); a router\'s file must call implementRouter().');
  }
  return implementation as RouterImplementation<O>;
}
