/**
 * Container resources: resource names, quantities (parsed exactly), requests not above limits,
 * requests equal to limits for resources that cannot be overcommitted (huge pages, extended
 * resources), and resource claims.
 */
import { asArray, asString, cutText, isObject, isSet, qualifiedNameError, quote } from '../util';
import { PodCheck } from './context';
import { ContainerClaimView, ResourcesView } from './views';
import { JsonObject, objectOrEmpty } from '../../../private/manifest-types';
import { compareQuantities, isWholeQuantity, parseQuantity, Quantity } from '../../../private/quantity';

/** Resource names a container may request without a domain prefix. */
const STANDARD_CONTAINER_RESOURCES: ReadonlySet<string> = new Set(['cpu', 'memory', 'ephemeral-storage']);
const HUGE_PAGES = 'hugepages-';

/** A native resource: no domain, or a kubernetes.io domain. */
function isNative(name: string): boolean {
  return !name.includes('/') || name.includes('kubernetes.io/');
}

/** Resources that may be requested below their limit. */
function overcommitAllowed(name: string): boolean {
  return isNative(name) && !name.startsWith(HUGE_PAGES);
}

/** Why a resource name cannot be used in a container, or undefined. */
function resourceNameError(name: string): string | undefined {
  const qualified = qualifiedNameError(name);
  if (qualified !== undefined) {
    return `it is not a qualified name (${qualified})`;
  }
  if (!name.includes('/')) {
    return STANDARD_CONTAINER_RESOURCES.has(name) || name.startsWith(HUGE_PAGES) ? undefined
      : 'containers take cpu, memory, ephemeral-storage, hugepages-<size>, or a resource with a domain such as example.com/gpu';
  }
  if (!isNative(name) && (name.startsWith('requests.') || qualifiedNameError(`requests.${name}`) !== undefined)) {
    return 'it does not follow the extended resource name form <domain>/<name>';
  }
  return undefined;
}

function shown(q: Quantity): string {
  return quote(q.text);
}

/** Checks one resource list (`limits` or `requests`) and returns the parsed quantities by name. */
function checkList(ctx: PodCheck, given: unknown, path: string, kind: string): Map<string, Quantity> {
  const parsed = new Map<string, Quantity>();
  if (!isObject(given)) {
    return parsed;
  }
  const list: JsonObject = given;
  for (const name of Object.keys(list)) {
    const at = `${path}.${cutText(name)}`;
    const nameError = resourceNameError(name);
    if (nameError !== undefined) {
      ctx.report(at, `The resource name ${quote(name)} in ${kind} is not valid: ${nameError}.`,
        'Use cpu, memory, ephemeral-storage, hugepages-<size> or an extended resource such as example.com/gpu.', name);
    }
    const value = list[name];
    const quantity = parseQuantity(value);
    if (quantity === undefined) {
      ctx.report(at, `The ${cutText(name)} ${kind} is ${quote(value)}, which is not a Kubernetes quantity.`,
        'Write a quantity such as "500m" or "2" (cpu), "512Mi" or "1G" (memory): a number with an optional suffix n, u, m, k, M, G, T, P, E, Ki, Mi, Gi, Ti, Pi, Ei or an exponent such as e3.', value);
      continue;
    }
    if (quantity.nanos < 0n) {
      ctx.report(at, `The ${cutText(name)} ${kind} is ${shown(quantity)}; it must not be negative.`, `Set ${cutText(name)} to 0 or more.`, value);
      continue;
    }
    if (!isNative(name) && !isWholeQuantity(quantity)) {
      ctx.report(at, `The ${cutText(name)} ${kind} is ${shown(quantity)}; extended resources come in whole units.`, `Set ${cutText(name)} to a whole number, e.g. "1".`, value);
    }
    parsed.set(name, quantity);
  }
  return parsed;
}

/** Checks a container's `resources`. */
export function checkResources(ctx: PodCheck, value: unknown, path: string): void {
  if (!isObject(value)) {
    return;
  }
  const resources: ResourcesView = value;
  // checkList parsed requests only when they are an object
  const requested: JsonObject = objectOrEmpty(resources.requests);
  const limited: JsonObject = objectOrEmpty(resources.limits);
  const limits = checkList(ctx, resources.limits, `${path}.limits`, 'limit');
  const requests = checkList(ctx, resources.requests, `${path}.requests`, 'request');
  for (const [name, request] of requests) {
    const limit = limits.get(name);
    const at = `${path}.requests.${cutText(name)}`;
    if (limit !== undefined) {
      const order = compareQuantities(request, limit);
      if (!overcommitAllowed(name) && order !== 0) {
        ctx.report(at, `The ${cutText(name)} request ${shown(request)} differs from its limit ${shown(limit)}; ${cutText(name)} cannot be overcommitted, so both must be equal.`,
          `Set the ${cutText(name)} request and limit to the same value, or set only the limit.`, requested[name]);
      } else if (order > 0) {
        ctx.report(at, `The ${cutText(name)} request ${shown(request)} is greater than its limit ${shown(limit)}.`,
          `Lower the ${cutText(name)} request to at most ${limit.text}, or raise the limit to at least ${request.text}.`, requested[name]);
      }
    } else if (isSet(limited[name]) === false && !overcommitAllowed(name)) {
      ctx.report(`${path}.limits`, `The ${cutText(name)} request ${shown(request)} has no limit; ${cutText(name)} cannot be overcommitted, so a limit is required.`,
        `Add limits.${cutText(name)} with the same value as the request.`, requested[name]);
    }
  }
  const names = [...limits.keys(), ...requests.keys()];
  if (names.some(n => n.startsWith(HUGE_PAGES)) && !names.some(n => n === 'cpu' || n === 'memory')) {
    ctx.report(path, 'The container requests huge pages but neither cpu nor memory.', 'Add a cpu or memory request or limit next to the huge pages.');
  }
  const seen = new Set<string>();
  asArray(resources.claims).forEach((item: unknown, i: number) => {
    const claim: ContainerClaimView = objectOrEmpty(item);
    const name = asString(claim.name);
    const at = `${path}.claims[${i}]`;
    if (name === '') {
      ctx.report(at, 'A resource claim of the container has no name.', 'Set name to one of the pod\'s spec.resourceClaims.', item);
      return;
    }
    const key = asString(claim.request) === '' ? name : `${name}/${asString(claim.request)}`;
    if (seen.has(key) || seen.has(name)) {
      ctx.report(at, `The container uses resource claim ${quote(key)} twice.`, 'List each claim (or claim request) once.', key);
    }
    seen.add(key);
    if (!ctx.claimNames.has(name)) {
      ctx.report(at, `The container uses resource claim ${quote(name)}, which the pod does not declare in spec.resourceClaims.`,
        `Add a resource claim named ${quote(name)} to spec.resourceClaims, or use one of the declared claims.`, name);
    }
  });
}
