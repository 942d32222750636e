/**
 * The Argo Rollouts releases whose replica arithmetic the plan layer follows, and what differs
 * between them: a view of the version table (src/private/versions.ts), where every release fact
 * lives once.
 */
import { VERSION_NUMBERS, versionFacts } from '../../private/versions';

/** The releases accepted by `version` options (a leading `v` is allowed). */
export const PLAN_VERSIONS: readonly string[] = VERSION_NUMBERS;

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
  /**
   * From 1.9: past the last step, the full promotion waits for at least `spec.replicas` available
   * canary pods (1.8: exactly `spec.replicas`, so more canary pods hold it back).
   */
  readonly promotesAboveReplicas: boolean;
}

/**
 * The arithmetic of a release; throws for a release the library does not know, naming the ones
 * it does.
 */
export function versionArithmetic(version: string | undefined): VersionArithmetic {
  const facts = versionFacts(version, 'Argo Rollouts version (for plans)');
  return {
    version: facts.version,
    abortWalksStepsBackwards: facts.rules.abortWalksStepsBackwards,
    replicaProgressThreshold: facts.rules.replicaProgressThreshold,
    minPodsCappedAtReplicas: facts.rules.minPodsCappedAtReplicas,
    promotesAboveReplicas: facts.rules.promotesAboveReplicas,
  };
}
