import { checkArgument } from '../private/arguments';

/**
 * A pinned Argo Rollouts release: selects the CRDs, the controller image tag and the install
 * objects of that release.
 */
export class ArgoRolloutsVersion {
  /** Argo Rollouts v1.9.1 (the default). */
  public static readonly V1_9_1 = new ArgoRolloutsVersion('1.9.1');

  /** Argo Rollouts v1.8.3, for clusters that stay on the 1.8 line. */
  public static readonly V1_8_3 = new ArgoRolloutsVersion('1.8.3');

  /** Every release this library ships the install data of, newest first. */
  public static all(): ArgoRolloutsVersion[] {
    return [ArgoRolloutsVersion.V1_9_1, ArgoRolloutsVersion.V1_8_3];
  }

  /**
   * The version with this number (`1.9.1` or `v1.9.1`).
   */
  public static of(version: string): ArgoRolloutsVersion {
    checkArgument('ArgoRolloutsVersion.of()', 'version', version, 'string');
    const wanted = version.replace(/^v/, '');
    const found = ArgoRolloutsVersion.all().find(v => v.version === wanted);
    if (!found) {
      throw new Error(`Argo Rollouts version '${version}' is not supported. Use one of: ${ArgoRolloutsVersion.all().map(v => v.version).join(', ')}.`);
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

  /** Whether this version is at least `major.minor`. */
  public isAtLeast(major: number, minor: number): boolean {
    const [ma, mi] = this.version.split('.').map(Number);
    return ma > major || (ma === major && mi >= minor);
  }
}
