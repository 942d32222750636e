/**
 * The Argo Rollouts releases whose replica arithmetic the plan layer follows, and what differs
 * between them. Only arithmetic differences are listed; everything else is the same in all four.
 */

/** The release used when none is given (the latest release that is not a candidate). */
export const DEFAULT_PLAN_VERSION = '1.9.1';

/** The releases accepted by `version` options (a leading `v` is allowed). */
export const PLAN_VERSIONS: readonly string[] = ['1.8.3', '1.8.4', '1.9.1', '1.10.0-rc1'];

/** Differences in the controller's replica arithmetic between releases. */
export interface VersionArithmetic {
  /** The release, without `v`. */
  readonly version: string;
  /**
   * From 1.9: an aborted Rollout with `dynamicStableScale` walks its `setWeight` steps backwards to
   * find the weight it scales the canary down to (instead of dropping the weight to 0 at once).
   */
  readonly abortWalksStepsBackwards: boolean;
  /** From 1.9: `replicaProgressThreshold` lets a step complete before all canary pods are available. */
  readonly replicaProgressThreshold: boolean;
  /** From 1.10: `minPodsPerReplicaSet` is capped at `spec.replicas`. */
  readonly minPodsCappedAtReplicas: boolean;
}

/**
 * The arithmetic of a release; throws for a release the plan layer does not know, naming the ones
 * it does.
 */
export function versionArithmetic(version: string | undefined): VersionArithmetic {
  const v = (version ?? DEFAULT_PLAN_VERSION).replace(/^v/, '');
  if (!PLAN_VERSIONS.includes(v)) {
    throw new Error(`Argo Rollouts version ${JSON.stringify(version)} is not supported for plans. Use one of ${PLAN_VERSIONS.join(', ')} (the default is ${DEFAULT_PLAN_VERSION}).`);
  }
  const minor = Number(v.split('.')[1]);
  return {
    version: v,
    abortWalksStepsBackwards: minor >= 9,
    replicaProgressThreshold: minor >= 9,
    minPodsCappedAtReplicas: minor >= 10,
  };
}
