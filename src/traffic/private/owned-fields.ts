/**
 * The fields of an app's objects that the Argo Rollouts controller writes at run time, read from the
 * Rollout manifests (not from constructs), so that objects from `Include`, Helm or raw `ApiObject`s
 * count too. Each router file says what its router writes (`<router>OwnedFields`); this file holds
 * what they share. Internal: the public entry is `ArgoCdApplication.ignoreDifferencesOf()`.
 */
import { IgnoreDifference } from '../router';

/** The field manager of the Argo Rollouts controller's writes. */
export const CONTROLLER_FIELD_MANAGER = 'rollouts-controller';

/** What a router's `<router>OwnedFields` function needs besides its `trafficRouting.<key>` block. */
export interface OwnedFieldsContext {
  /**
   * The Argo Rollouts release of the controller (a version number such as `1.9.1`); `undefined` for
   * the default release. Some readings depend on it (a dotted Istio VirtualService reference).
   */
  readonly version: string | undefined;
  /** `metadata.name` of the Rollout. */
  readonly rolloutName: string;
  /** `spec.strategy.canary` of the Rollout (an empty object when missing). */
  readonly canary: any;
  /** Names of `trafficRouting.managedRoutes` (the header and mirror routes the steps set). */
  readonly managedRoutes: string[];
  /**
   * The object of that kind and name among the app's manifests (API group one of `groups`, any
   * version), in the Rollout's namespace or without one.
   */
  find(groups: readonly string[], kind: string, name: string): any;
  /**
   * An ignoreDifferences entry: the object's group, kind, name and namespace (those of the object
   * found among the manifests when there is one, else `group` and the Rollout's namespace), the
   * pointers, and the controller as the field manager.
   */
  entry(group: string, kind: string, name: string, jsonPointers: string[], namespace?: string): IgnoreDifference;
}

/** A JSON pointer (RFC 6901) to the path of keys: `~` and `/` in a key are escaped. */
export function pointer(...keys: string[]): string {
  return keys.map(key => `/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/** The pointer of an annotation. */
export function annotationPointer(key: string): string {
  return pointer('metadata', 'annotations', key);
}

/** The value if it is a non-empty string. */
export function nameOf(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The entries of a list value that are objects. */
export function objectsIn(value: unknown): any[] {
  return Array.isArray(value) ? value.filter(v => v !== null && typeof v === 'object' && !Array.isArray(v)) : [];
}
