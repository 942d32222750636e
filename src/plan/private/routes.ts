/**
 * The managed routes of a traffic-routed canary over its steps: which header routes and mirror
 * routes are in force at each step (setHeaderRoute, setMirrorRoute), in words.
 *
 * A step with a match sets (or replaces) the route of its name; one without a match removes it;
 * the routes stay in force over the following steps until then, and the controller removes them
 * all at the full promotion.
 */

import { objectOrEmpty as obj, objectsOrEmpty as list } from '../../private/manifest-types';
import { routerRow } from '../../private/routers';
import { PlanRoute } from '../types';

/** A StringMatch in words: `= "v"`, `prefix "v"`, `regex "v"`. */
function stringMatch(m: unknown): string {
  const s = obj(m);
  if (s.exact !== undefined) return `= ${JSON.stringify(String(s.exact))}`;
  if (s.prefix !== undefined) return `prefix ${JSON.stringify(String(s.prefix))}`;
  if (s.regex !== undefined) return `regex ${JSON.stringify(String(s.regex))}`;
  return '(any value)';
}

/**
 * How the traffic router combines the matches of a setHeaderRoute, as its row says: each an
 * alternative (` or `), or the conditions of one rule (` and `); `; ` when the row does not say or
 * there are several routers.
 */
export function headerMatchJoin(trafficRouting: unknown): string {
  const routers = Object.keys(obj(trafficRouting)).filter(k => k !== 'managedRoutes');
  const joined = routers.length === 1 ? routerRow(routers[0])?.headerMatches : undefined;
  return joined === 'any' ? ' or ' : joined === 'all' ? ' and ' : '; ';
}

/** The matches of a setHeaderRoute in words: `header X-Canary = "yes"`, joined as the router combines them. */
function headerMatches(matches: readonly unknown[], join: string): string {
  return matches.map(obj).map(m => `header ${String(m.headerName ?? '')} ${stringMatch(m.headerValue)}`).join(join);
}

/** The matches of a setMirrorRoute in words: `method = "GET", path prefix "/api"`, alternatives joined by `or`. */
function mirrorMatches(matches: readonly unknown[]): string {
  return matches.map(obj).map(m => {
    const conditions: string[] = [];
    if (m.method !== undefined) conditions.push(`method ${stringMatch(m.method)}`);
    if (m.path !== undefined) conditions.push(`path ${stringMatch(m.path)}`);
    const headers = obj(m.headers);
    for (const name of Object.keys(headers).sort()) {
      conditions.push(`header ${name} ${stringMatch(headers[name])}`);
    }
    return conditions.length === 0 ? 'any request' : conditions.join(', ');
  }).join(' or ');
}

/** A mirror route's percentage: 100 when not set. */
function mirrorPercent(route: unknown): number {
  const p = obj(route).percentage;
  return typeof p === 'number' && Number.isFinite(p) ? p : 100;
}

/** True when a setHeaderRoute / setMirrorRoute removes its route (it has no match). */
function removesRoute(route: unknown): boolean {
  return list(obj(route).match).length === 0;
}

/**
 * A setHeaderRoute or setMirrorRoute as the route it sets; undefined when it removes its route.
 *
 * @param trafficRouting the strategy's trafficRouting (its router says how header matches combine)
 */
export function routeOf(kind: 'header' | 'mirror', raw: unknown, trafficRouting: unknown): PlanRoute | undefined {
  const r = obj(raw);
  if (removesRoute(r)) {
    return undefined;
  }
  return kind === 'header'
    ? { name: String(r.name ?? ''), kind, match: headerMatches(list(r.match), headerMatchJoin(trafficRouting)), percent: 100 }
    : { name: String(r.name ?? ''), kind, match: mirrorMatches(list(r.match)), percent: mirrorPercent(r) };
}

/** A route in words, for a table cell or a picture: `h1: header X = "yes"`, `m1: mirror 35% of method = "GET"`. */
export function routeText(route: PlanRoute): string {
  return route.kind === 'header' ? `${route.name}: ${route.match}` : `${route.name}: mirror ${route.percent}% of ${route.match}`;
}

/** The routes in force, step by step. */
export class RouteState {
  private readonly inForce = new Map<string, PlanRoute>();
  private readonly order: readonly string[];

  /** @param trafficRouting the strategy's trafficRouting: its managedRoutes' order is the routes' precedence */
  constructor(private readonly trafficRouting: unknown) {
    this.order = list(obj(trafficRouting).managedRoutes).map(r => String(r.name ?? ''));
  }

  /** Applies a step's setHeaderRoute and setMirrorRoute (both, in a combined step). */
  public apply(step: unknown): void {
    const s = obj(step);
    if (s.setHeaderRoute !== undefined) {
      this.set(String(obj(s.setHeaderRoute).name ?? ''), routeOf('header', s.setHeaderRoute, this.trafficRouting));
    }
    if (s.setMirrorRoute !== undefined) {
      this.set(String(obj(s.setMirrorRoute).name ?? ''), routeOf('mirror', s.setMirrorRoute, this.trafficRouting));
    }
  }

  /** The routes in force, in the order of managedRoutes (routes not listed there last, by name). */
  public current(): PlanRoute[] {
    const rank = (name: string) => {
      const i = this.order.indexOf(name);
      return i < 0 ? this.order.length : i;
    };
    return [...this.inForce.values()]
      .sort((a, b) => rank(a.name) - rank(b.name) || (a.name < b.name ? -1 : a.name > b.name ? 1 : 0))
      .map(r => ({ ...r }));
  }

  private set(name: string, route: PlanRoute | undefined): void {
    if (route === undefined) {
      this.inForce.delete(name);
    } else {
      this.inForce.set(name, route);
    }
  }
}
