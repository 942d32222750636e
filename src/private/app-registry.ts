/**
 * The app-level registry: the facts that belong to a whole cdk8s app rather than to one construct,
 * kept in one place, in the spirit of `Chart.of(construct)`.
 *
 * - the Argo Rollouts version the app's objects are checked against (set by an install, by
 *   `ArgoRolloutsCrds`, or by the app itself); two different versions are an error naming both;
 * - lists of values that constructs contribute and others read at synth, e.g. the controller
 *   requirements (plugins, provider permissions) of the app's Rollouts, which an install renders;
 * - once-per-app hooks, e.g. the app-wide duplicate-object validation.
 *
 * The registry is a plain data bag attached to the root construct under a global symbol, so that
 * several copies of this library in one app (a platform package and the app itself) share it. No
 * child constructs are added, and what the library's own constructs contribute is never found by
 * scanning the construct tree. (Objects it does not create cannot register themselves, so the few
 * checks that read them search the tree at synth: a ResourceQuota or HPA for the budget rules, any
 * ApiObject for the duplicate-object check and for Argo CD's ignoreDifferences and the plans.)
 *
 * This module sits in the bottom layer: it knows nothing of plugins or rules; the layers above give
 * meaning to the slots. The release it hands out is an entry of the version table (./versions), the
 * default one resolved there.
 */
import { IConstruct } from 'constructs';
import { fail } from './synth-error';
import { VersionFacts, versionFacts } from './versions';

/** The key of the data bag on the root construct; versioned, so that a future shape can coexist. */
const REGISTRY = Symbol.for('cdk8s-argo-rollouts.app-registry/v1');

/** Who set the app's version, and to what. */
interface VersionSetting {
  /** The version number, e.g. `1.9.1`. */
  readonly version: string;
  /** What set it, for messages, e.g. `ArgoRollouts app/install`. */
  readonly setBy: string;
}

/** The data kept on the root. Plain values only: every copy of the library must understand them. */
interface RegistryData {
  version?: VersionSetting;
  readonly slots: Map<string, unknown[]>;
  readonly hooks: Set<string>;
}

/**
 * A named list in the registry, typed for the layer that declares it. Two slots with the same name
 * are the same list (also across copies of the library).
 */
export class AppSlot<T> {
  /** Only the type parameter uses `T`; this field keeps TypeScript from erasing it. */
  declare private readonly _type: T;

  constructor(
    /** A unique name, e.g. `controller-requirements`. */
    public readonly name: string) {}
}

/**
 * The registry of one app (the root of a construct tree). Get it with `AppRegistry.of(scope)`.
 */
export class AppRegistry {
  /** The registry of the app that `scope` belongs to; created on first use. */
  public static of(scope: IConstruct): AppRegistry {
    const root = scope.node.root as IConstruct & { [REGISTRY]?: RegistryData };
    let data = root[REGISTRY];
    if (data === undefined) {
      data = { slots: new Map(), hooks: new Set() };
      Object.defineProperty(root, REGISTRY, { value: data, enumerable: false });
    }
    return new AppRegistry(root, data);
  }

  private constructor(
    /** The root construct of the app. */
    public readonly root: IConstruct,
    private readonly data: RegistryData) {}

  /**
   * The Argo Rollouts version (a version number, e.g. `1.9.1`) something set for the app;
   * `undefined` when nothing did. What the app's objects are checked against is `release()`.
   */
  public get version(): string | undefined {
    return this.data.version?.version;
  }

  /** What set the version (e.g. `ArgoRollouts app/install`), when something did. */
  public get versionSetBy(): string | undefined {
    return this.data.version?.setBy;
  }

  /**
   * Sets the app's version. Setting the same version again is allowed (several installs of one
   * version, e.g. the CRDs in a chart of their own); a different one throws, naming both.
   *
   * @param version a version number, e.g. `1.9.1`
   * @param setBy what sets it, for the message, e.g. `ArgoRollouts app/install`
   */
  public setVersion(version: string, setBy: string): void {
    const current = this.data.version;
    if (current === undefined) {
      this.data.version = { version, setBy };
      return;
    }
    if (current.version !== version) {
      fail(`${setBy} uses Argo Rollouts ${version}, but ${current.setBy} already set this app to ${current.version}. `
        + 'One app is checked against one release of the controller: use the same ArgoRolloutsVersion for every install, '
        + 'ArgoRolloutsCrds and ArgoRolloutsApp.of(app).useVersion() of the app, or put the other version in an app of its own.');
    }
  }

  /**
   * The release the app's objects are checked against: the version set for the app, else the
   * default release (resolved by the version table). Read it at synth, so that an install declared
   * after the objects counts.
   */
  public release(): VersionFacts {
    return versionFacts(this.version);
  }

  /** Adds a value to a list of the registry. */
  public add<T>(slot: AppSlot<T>, value: T): void {
    let list = this.data.slots.get(slot.name);
    if (list === undefined) {
      list = [];
      this.data.slots.set(slot.name, list);
    }
    list.push(value);
  }

  /** The values of a list, in the order they were added (a copy). */
  public list<T>(slot: AppSlot<T>): T[] {
    return [...(this.data.slots.get(slot.name) ?? [])] as T[];
  }

  /**
   * Runs `init` the first time `key` is asked for in this app, and never again (whichever copy of
   * the library asks): for app-wide validations such as the duplicate-object check.
   *
   * @returns whether `init` ran now
   */
  public once(key: string, init: (root: IConstruct) => void): boolean {
    if (this.data.hooks.has(key)) {
      return false;
    }
    this.data.hooks.add(key);
    init(this.root);
    return true;
  }
}

/**
 * The release the objects of `scope`'s app are checked against (see `AppRegistry.release`). Call it
 * at synth, not in a constructor.
 */
export function appRelease(scope: IConstruct): VersionFacts {
  return AppRegistry.of(scope).release();
}
