import { checkArgument } from '../private/arguments';
import { fail } from '../private/synth-error';
import { VERSION_NUMBERS, VersionFacts, versionFacts } from '../private/versions';

/**
 * A pinned Argo Rollouts release: selects the CRDs, the controller image tag, the install objects
 * and the controller rules of that release.
 *
 * Every fact about a release (its images, CRDs, schema validators, controller flags and rule
 * differences) comes from one generated version table; see docs/maintaining.md.
 */
export class ArgoRolloutsVersion {
  /**
   * Argo Rollouts v1.10.0-rc1, a release candidate. Its CRDs are too large for client-side apply:
   * apply them server-side (`ArgoRolloutsCrds` asks Argo CD to, by default).
   */
  public static readonly V1_10_0_RC1 = new ArgoRolloutsVersion('1.10.0-rc1');

  /** Argo Rollouts v1.9.1 (the default: the latest release that is not a candidate). */
  public static readonly V1_9_1 = new ArgoRolloutsVersion('1.9.1');

  /** Argo Rollouts v1.8.4, for clusters that stay on the 1.8 line (its manifests equal 1.8.3's). */
  public static readonly V1_8_4 = new ArgoRolloutsVersion('1.8.4');

  /** Argo Rollouts v1.8.3, for clusters that stay on the 1.8 line. */
  public static readonly V1_8_3 = new ArgoRolloutsVersion('1.8.3');

  /** Every release this library supports, newest first. */
  public static all(): ArgoRolloutsVersion[] {
    return VERSION_NUMBERS.map(v => ArgoRolloutsVersion.of(v));
  }

  /**
   * The release used when none is given: the latest release that is not a candidate (v1.9.1).
   */
  public static defaultVersion(): ArgoRolloutsVersion {
    return ArgoRolloutsVersion.of(versionFacts(undefined).version);
  }

  /**
   * The version with this number (`1.9.1` or `v1.9.1`).
   */
  public static of(version: string): ArgoRolloutsVersion {
    checkArgument('ArgoRolloutsVersion.of()', 'version', version, 'string');
    const wanted = version.replace(/^v/, '');
    const found = KNOWN.find(v => v.version === wanted);
    if (!found) {
      fail(`Argo Rollouts version '${version}' is not supported. Use one of: ${VERSION_NUMBERS.join(', ')}.`);
    }
    return found;
  }

  private constructor(
    /** The version number, e.g. `1.9.1`. */
    public readonly version: string) {}

  /** The release tag, e.g. `v1.9.1`: the tag of the controller and dashboard images. */
  public get tag(): string {
    return `v${this.version}`;
  }

  /** Whether this is a release candidate (e.g. `1.10.0-rc1`). */
  public get isPrerelease(): boolean {
    return this._facts.prerelease;
  }

  /** Whether this version is at least `major.minor`. */
  public isAtLeast(major: number, minor: number): boolean {
    const [ma, mi] = this.version.split('.').map(v => parseInt(v, 10));
    return ma > major || (ma === major && mi >= minor);
  }

  /**
   * The facts of the version table for this release.
   *
   * @internal
   */
  public get _facts(): VersionFacts {
    return versionFacts(this.version);
  }
}

/** The constants, so that `of()` returns the same object for the same release. */
const KNOWN: readonly ArgoRolloutsVersion[] = [
  ArgoRolloutsVersion.V1_10_0_RC1, ArgoRolloutsVersion.V1_9_1, ArgoRolloutsVersion.V1_8_4, ArgoRolloutsVersion.V1_8_3,
];
