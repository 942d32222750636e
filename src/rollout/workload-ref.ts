import * as kplus from '../private/kplus';
import { WorkloadRefSpec } from './private/spec-types';
import { argumentOrDefault, checkArgument } from '../private/arguments';
import { checkObjectName } from '../private/names';

/**
 * What happens to the referenced Deployment once the Rollout runs the pods.
 */
export enum WorkloadScaleDown {
  /** Leave the Deployment alone (the default of the controller). */
  NEVER = 'never',
  /** Scale the Deployment to zero once the Rollout is healthy: the zero-downtime migration. */
  ON_SUCCESS = 'onsuccess',
  /** Scale the Deployment down step by step as the Rollout scales up. */
  PROGRESSIVELY = 'progressively',
}

/**
 * Options of a workload reference.
 */
export interface WorkloadReferenceOptions {
  /**
   * What to do with the Deployment once the Rollout has taken over.
   *
   * @default WorkloadScaleDown.NEVER
   */
  readonly scaleDown?: WorkloadScaleDown;
}

/**
 * Options of a workload reference by name.
 */
export interface WorkloadReferenceNameOptions extends WorkloadReferenceOptions {
  /**
   * The labels of the Deployment's pods. Needed only when the Rollout defines Services for its
   * strategy, whose selectors must select these pods.
   *
   * @default - unknown: the Rollout cannot define Services and you pass your own
   */
  readonly podLabels?: { [key: string]: string };
}

/**
 * An existing workload whose pod template a Rollout uses (`spec.workloadRef`), instead of a pod
 * template of its own.
 *
 * This is how a Deployment is migrated to a Rollout without downtime: reference it with
 * `scaleDown: WorkloadScaleDown.ON_SUCCESS` and keep its replicas; once the Rollout is healthy
 * the controller scales the Deployment to zero.
 */
export class WorkloadReference {
  /**
   * A cdk8s-plus Deployment of this app.
   */
  public static fromDeployment(deployment: kplus.Deployment, options: WorkloadReferenceOptions = {}): WorkloadReference {
    checkArgument('WorkloadReference.fromDeployment()', 'deployment', deployment, { class: kplus.Deployment, name: 'Deployment (cdk8s-plus)', example: 'new kplus.Deployment(chart, id, ...)' });
    options = argumentOrDefault('WorkloadReference.fromDeployment()', 'options', options, 'object', {});
    return new WorkloadReference('apps/v1', 'Deployment', deployment.name, options.scaleDown, () => deployment.matchLabels, deployment);
  }

  /**
   * A Deployment defined elsewhere, by name (in the Rollout's namespace).
   */
  public static fromDeploymentName(name: string, options: WorkloadReferenceNameOptions = {}): WorkloadReference {
    checkArgument('WorkloadReference.fromDeploymentName()', 'name', name, 'string');
    options = argumentOrDefault('WorkloadReference.fromDeploymentName()', 'options', options, 'object', {});
    checkObjectName('Deployment name', name);
    const labels = options.podLabels ? { ...options.podLabels } : undefined;
    return new WorkloadReference('apps/v1', 'Deployment', name, options.scaleDown, () => labels);
  }

  private constructor(
    /** API version of the workload. */
    public readonly apiVersion: string,
    /** Kind of the workload. */
    public readonly kind: string,
    /** Name of the workload. */
    public readonly name: string,
    private readonly scaleDown: WorkloadScaleDown | undefined,
    /** @internal */ public readonly _podLabels: () => { [key: string]: string } | undefined,
    /** @internal */ public readonly _deployment?: kplus.Deployment) {}

  /** @internal */
  public _toKube(): WorkloadRefSpec {
    return { apiVersion: this.apiVersion, kind: this.kind, name: this.name, scaleDown: this.scaleDown };
  }
}
