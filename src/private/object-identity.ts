/**
 * Which manifests define the same object: the API server knows an object by API group, kind,
 * namespace and name, and `kubectl apply` keeps only the last of two manifests with the same four.
 * Used by rule L05 of the engine (manifests of a file) and by the app-wide check at synth
 * (`checkDuplicateObjects`, constructs of an app), so that both count the same objects as one.
 */
import { objectOrEmpty } from './manifest-types';
import { quote } from './quote';

/** The identity of an object as the API server sees it. */
export interface ObjectIdentity {
  /** API group ('' = core; the version does not count: apps/v1 and apps/v1beta1 are one object). */
  readonly group: string;
  readonly kind: string;
  /** '' when the manifest sets none (it is applied into the namespace `kubectl apply -n` names). */
  readonly namespace: string;
  readonly name: string;
}

/** A manifest that defines the same object as an earlier one. */
export interface DuplicateObject {
  /** Index of the earlier manifest. */
  readonly first: number;
  /** Index of the later one (the one `kubectl apply` keeps). */
  readonly second: number;
  readonly identity: ObjectIdentity;
}

/**
 * The API group of an `apiVersion`: the part before the `/`, `''` for the core group (`v1`) and for a
 * value that is not a string.
 */
export function apiGroupOf(apiVersion: unknown): string {
  if (typeof apiVersion !== 'string') {
    return '';
  }
  const slash = apiVersion.indexOf('/');
  return slash < 0 ? '' : apiVersion.slice(0, slash);
}

/** The identity of a manifest, when it has a kind and a name (an object named by generateName is new each time). */
export function objectIdentity(manifest: unknown): ObjectIdentity | undefined {
  const m = objectOrEmpty(manifest);
  const metadata = objectOrEmpty(m.metadata);
  const kind: unknown = m.kind;
  const name: unknown = metadata.name;
  if (typeof kind !== 'string' || kind === '' || typeof name !== 'string' || name === '') {
    return undefined;
  }
  const group = apiGroupOf(m.apiVersion);
  const namespace = typeof metadata.namespace === 'string' ? metadata.namespace : '';
  return { group, kind, namespace, name };
}

/** The identity of a manifest as one string (for maps), when it has one (see `objectIdentity`). */
export function identityKey(manifest: unknown): string | undefined {
  const identity = objectIdentity(manifest);
  return identity === undefined ? undefined : keyOf(identity);
}

function keyOf(identity: ObjectIdentity): string {
  return [identity.group, identity.kind, identity.namespace, identity.name].join('\u0000');
}

/**
 * Finds the manifests that define the same object as an earlier one of their group (file), given
 * one at a time in order: it keeps each object's identity, not the manifests.
 */
export class DuplicateObjectFinder {
  private readonly firstOf = new Map<string, number>();

  /**
   * Adds the manifest at `index` of group `group`; returns the duplicate when an earlier manifest of
   * the group defines the same object.
   */
  public add(manifest: unknown, index: number, group: number): DuplicateObject | undefined {
    const identity = objectIdentity(manifest);
    if (identity === undefined) {
      return undefined;
    }
    const key = `${group}\u0000${keyOf(identity)}`;
    const first = this.firstOf.get(key);
    if (first === undefined) {
      this.firstOf.set(key, index);
      return undefined;
    }
    return { first, second: index, identity };
  }
}

/**
 * Every manifest that defines the same object as an earlier manifest of its group (file), paired
 * with the first one that does. Manifests of different groups never clash (a base and an overlay
 * of one folder define the same objects on purpose).
 *
 * @param groups the group (file) of each manifest, by position; by default all are one group
 */
export function duplicateObjects(manifests: readonly unknown[], groups?: readonly number[]): DuplicateObject[] {
  const finder = new DuplicateObjectFinder();
  const duplicates: DuplicateObject[] = [];
  manifests.forEach((manifest, index) => {
    const duplicate = finder.add(manifest, index, groups?.[index] ?? 0);
    if (duplicate !== undefined) {
      duplicates.push(duplicate);
    }
  });
  return duplicates;
}

/** Describes an object for messages, e.g. `Service "web-stable" in namespace "shop"`. */
export function describeObject(identity: ObjectIdentity): string {
  const group = identity.group === '' ? '' : ` (${identity.group})`;
  const namespace = identity.namespace === '' ? ' without a namespace' : ` in namespace ${quote(identity.namespace)}`;
  return `${identity.kind}${group} ${quote(identity.name)}${namespace}`;
}
