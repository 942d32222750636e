/**
 * The fields of an app's objects that the Argo Rollouts controller writes at run time, read from the
 * Rollout manifests (not from constructs), so that objects from `Include`, Helm or raw `ApiObject`s
 * count too. Each router's file says once what its router writes (its `ownedFields`, over the
 * router's `trafficRouting` block); src/traffic/private/router-owned-fields.ts runs them for a
 * Rollout. Both `rollout.ignoreDifferences` and `ArgoCdApplication.ignoreDifferencesOf()` come from
 * there. This file holds what they share: the context a router's function gets, the lookup of the
 * objects it names, and the merging of entries.
 */
import { IConstruct } from 'constructs';
import { controllerTraefikApiVersion } from '../../install/private';
import { appRelease } from '../../private/app-registry';
import { isObject, manifestName, manifestNamespace, objectOrEmpty, UncheckedObject } from '../../private/manifest-types';
import { apiGroupOf, objectIdentity } from '../../private/object-identity';
import { VersionFacts, versionFacts } from '../../private/versions';
import { IgnoreDifference } from '../router';

/** The field manager of the Argo Rollouts controller's writes. */
export const CONTROLLER_FIELD_MANAGER = 'rollouts-controller';

/** What a router's `<router>OwnedFields` function needs besides its `trafficRouting.<key>` block. */
export interface OwnedFieldsContext {
  /**
   * The Argo Rollouts release of the controller (a version number such as `1.9.1`). Some readings
   * depend on it (a dotted Istio VirtualService reference).
   */
  readonly version: string;
  /**
   * The API group the controller reads and writes TraefikServices in (`--traefik-api-group`, else
   * the release's default).
   */
  readonly traefikApiGroup: string;
  /** `metadata.name` of the Rollout. */
  readonly rolloutName: string;
  /** `spec.strategy.canary` of the Rollout (an empty object when missing). */
  readonly canary: CanaryFields;
  /** Names of `trafficRouting.managedRoutes` (the header and mirror routes the steps set). */
  readonly managedRoutes: string[];
  /**
   * The object of that kind and name among the app's manifests (API group one of `groups`, any
   * version), in the Rollout's namespace or without one.
   */
  find(groups: readonly string[], kind: string, name: string): UncheckedObject | undefined;
  /**
   * An ignoreDifferences entry: the object's group, kind, name and namespace (those of the object
   * found among the manifests when there is one, else `group` and the Rollout's namespace), the
   * pointers, and the controller as the field manager.
   */
  entry(group: string, kind: string, name: string, jsonPointers: string[], namespace?: string): IgnoreDifference;
}

/** The fields of `spec.strategy.canary` the routers read, each as written. */
export interface CanaryFields {
  readonly stableService?: unknown;
  readonly trafficRouting?: unknown;
}

/** What the app says about its controller, beyond the manifests. */
export interface ControllerFacts {
  /** The release. */
  readonly release: VersionFacts;
  /** The API group of the TraefikServices the controller updates. */
  readonly traefikApiGroup: string;
}

/** The controller of a release with its default settings (`undefined`: the default release). */
export function releaseController(version: string | undefined): ControllerFacts {
  const release = versionFacts(version);
  return { release, traefikApiGroup: release.controllerDefaults.traefikApiGroup };
}

/**
 * The controller of `scope`'s app: the app's release, and the settings of an `ArgoRollouts` install
 * in the app (else the release's defaults). Read it at synth.
 */
export function appController(scope: IConstruct): ControllerFacts {
  // (an install's --traefik-api-group and --traefik-api-version name one group: it checks that they do)
  return { release: appRelease(scope), traefikApiGroup: apiGroupOf(controllerTraefikApiVersion(scope)) };
}

/** A JSON pointer (RFC 6901) to the path of keys: `~` and `/` in a key are escaped. */
export function pointer(...keys: string[]): string {
  return keys.map(key => `/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`).join('');
}

/** The pointer of an annotation. */
export function annotationPointer(key: string): string {
  return pointer('metadata', 'annotations', key);
}

/** The pointer of a label. */
export function labelPointer(key: string): string {
  return pointer('metadata', 'labels', key);
}

/** The value if it is a non-empty string. */
export function nameOf(value: unknown): string | undefined {
  return typeof value === 'string' && value !== '' ? value : undefined;
}

/** The entries of a list value that are objects. */
export function objectsIn(value: unknown): UncheckedObject[] {
  return Array.isArray(value) ? value.filter(isObject) : [];
}

/**
 * Manifests by API group, kind, namespace and name (the first of several with the same four), for
 * the objects a Rollout's routers write to: looked up in the Rollout's namespace, then among the
 * objects without one. (The rule engine's `ManifestIndex` resolves references by other rules.)
 */
export class ObjectLookup {
  private readonly objects = new Map<string, UncheckedObject>();

  constructor(manifests: readonly unknown[]) {
    for (const manifest of manifests) {
      const id = objectIdentity(manifest);
      if (id !== undefined) {
        const key = this.key(id.group, id.kind, id.namespace, id.name);
        if (!this.objects.has(key)) this.objects.set(key, objectOrEmpty(manifest));
      }
    }
  }

  /** The object in `namespace`, else one without a namespace (applied into the destination namespace). */
  public find(groups: readonly string[], kind: string, namespace: string, name: string): UncheckedObject | undefined {
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

/** `spec.strategy.canary` of a Rollout manifest, an empty object when missing. */
export function canaryOf(rollout: unknown): UncheckedObject {
  const strategy = objectOrEmpty(objectOrEmpty(objectOrEmpty(rollout).spec).strategy);
  return objectOrEmpty(strategy.canary);
}

/** The context the routers' functions get for one Rollout, whose objects are looked up in `index`. */
export function ownedFieldsContext(rollout: unknown, index: ObjectLookup, controller: ControllerFacts): OwnedFieldsContext {
  const namespace = manifestNamespace(rollout);
  const canary = canaryOf(rollout);
  return {
    version: controller.release.version,
    traefikApiGroup: controller.traefikApiGroup,
    rolloutName: manifestName(rollout),
    canary,
    managedRoutes: objectsIn(canary.trafficRouting?.managedRoutes).map(r => nameOf(r.name)).filter((n): n is string => n !== undefined),
    find: (groups, kind, name) => index.find(groups, kind, namespace, name),
    entry: (group, kind, name, jsonPointers, explicitNamespace) => {
      const found = explicitNamespace === undefined ? index.find([group], kind, namespace, name) : undefined;
      const ns = explicitNamespace ?? (found !== undefined && manifestNamespace(found) !== '' ? manifestNamespace(found) : namespace);
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

/** Collects entries, one per object: the pointers of entries for the same object are merged. */
export class OwnedFieldEntries {
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
