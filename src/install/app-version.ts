import { IConstruct } from 'constructs';
import { AppRegistry } from '../private/app-registry';
import { checkArgument, SCOPE } from '../private/arguments';
import { ArgoRolloutsVersion } from '../release/version';

/**
 * The Argo Rollouts facts of a cdk8s app, in the spirit of `Chart.of(construct)`: reach it from
 * any construct of the app with `ArgoRolloutsApp.of(scope)`.
 *
 * Its `version` is the release every Argo object of the app (Rollouts, analysis templates and runs,
 * Experiments) is checked against at synth, and the one router objects follow (e.g. the
 * TraefikService's API group). An `ArgoRollouts` install or an `ArgoRolloutsCrds` in the app sets
 * it; an app that only authors Rollouts, for a cluster whose controller is installed elsewhere,
 * sets it with `useVersion()`. One app has one version: a second, different one is an error that
 * names both.
 *
 * @example
 *
 *   const app = new App();
 *   ArgoRolloutsApp.of(app).useVersion(ArgoRolloutsVersion.V1_8_4);
 */
export class ArgoRolloutsApp {
  /**
   * The Argo Rollouts facts of the app that `scope` belongs to.
   *
   * @param scope any construct of the app (the app itself, a chart, a Rollout)
   */
  public static of(scope: IConstruct): ArgoRolloutsApp {
    checkArgument('ArgoRolloutsApp.of()', 'scope', scope, SCOPE);
    return new ArgoRolloutsApp(AppRegistry.of(scope));
  }

  private constructor(private readonly registry: AppRegistry) {}

  /**
   * The release the app's Argo objects are checked against: the one set by an install, by
   * `ArgoRolloutsCrds` or by `useVersion()`, else the default release.
   */
  public get version(): ArgoRolloutsVersion {
    return ArgoRolloutsVersion.of(this.registry.release().version);
  }

  /**
   * What set the version, e.g. `ArgoRollouts app/install`; undefined while nothing has (the default
   * release applies).
   */
  public get versionSetBy(): string | undefined {
    return this.registry.versionSetBy;
  }

  /**
   * Checks every Argo object of the app against this release at synth (objects declared before or
   * after this call alike). Setting the version that is already set is allowed; another one throws,
   * naming both and what set them.
   *
   * @param version the release of the cluster's controller
   */
  public useVersion(version: ArgoRolloutsVersion): void {
    checkArgument('ArgoRolloutsApp.useVersion()', 'version', version,
      { class: ArgoRolloutsVersion, name: 'ArgoRolloutsVersion', example: 'ArgoRolloutsVersion.V1_8_4' });
    const root = this.registry.root;
    this.registry.setVersion(version.version, `ArgoRolloutsApp.of(${root.node.path === '' ? 'app' : root.node.path}).useVersion()`);
  }
}
