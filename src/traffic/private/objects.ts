import { ApiObject, Lazy } from 'cdk8s';
import { Construct } from 'constructs';
import { ExpectedClass } from '../../private/arguments';
import { OnePassApiObject } from '../../private/one-pass-api-object';
import { fail } from '../../private/synth-error';
import { RouterObject } from '../router-object';

/** What `checkArgument` expects where a RouterObject belongs. */
export const ROUTER_OBJECT: ExpectedClass = {
  class: RouterObject, name: 'RouterObject', example: "RouterObject.fromName('web') or RouterObject.fromConstruct(ingress)",
};

/**
 * An object a router defines, with a `spec` rendered at synth (of another project's kind: its type is
 * the one the router's `spec` function gives).
 */
export function defineRouterObject<S extends object>(scope: Construct, id: string, apiVersion: string, kind: string, name: string,
  spec: () => S, metadata: { labels?: { [key: string]: string }; annotations?: { [key: string]: string } } = {}): ApiObject {
  return new OnePassApiObject(scope, id, {
    apiVersion,
    kind,
    metadata: { name, labels: metadata.labels, annotations: metadata.annotations },
    spec: Lazy.any({ produce: spec }),
  });
}

/** The objects of `refs` that belong to this app. */
export function appObjects(refs: (RouterObject | undefined)[]): ApiObject[] {
  return refs.filter((r): r is RouterObject => r?._apiObject !== undefined).map(r => r._apiObject!);
}

/** Throws a clear error for a value a router needs but cannot derive. */
export function required<T>(value: T | undefined, what: string, fix: string): T {
  if (value === undefined) fail(`${what} is unknown. ${fix}`);
  return value;
}

