/**
 * `nextReplicaCounts(rollout, replicaSets)`: the stable and canary replica counts the Argo Rollouts
 * controller sets next, from a Rollout manifest (spec and status) and its current ReplicaSets.
 */

import { readSpec, readStatus } from './private/controller';
import { replicaCountsOf, rsState } from './private/counts';
import { versionArithmetic } from './private/versions';
import { NextReplicaCountsOptions, ReplicaCounts } from './types';
import { argumentOrDefault, checkArgument } from '../private/arguments';
import { releaseNumber } from '../release/private';

/**
 * The replica counts the Argo Rollouts controller sets next for a Rollout: pure, over plain
 * manifests, following the controller's arithmetic at the chosen release.
 *
 * `rollout` is a Rollout manifest with its `status` as the controller sees it:
 * `currentStepIndex`, `abort`, `promoteFull`, `stableRS` and `currentPodHash` (pod template hashes),
 * `canary.weights` (the router's current weights) and, for blue-green, `blueGreen.activeSelector`,
 * `blueGreen.scaleUpPreviewCheckPoint` and `pauseConditions`. A Rollout without status is one whose
 * stable has not been recorded yet: the new ReplicaSet gets all replicas.
 *
 * `replicaSets` are the Rollout's ReplicaSet manifests: `spec.replicas` (default 1),
 * `status.availableReplicas` (default 0) and the label `rollouts-pod-template-hash` (or a name ending
 * in `-<hash>`). The new one has the hash `status.currentPodHash`, the stable one `status.stableRS`;
 * all others are older ones.
 *
 * The controller scales one ReplicaSet per reconcile (the stable first, then the new one, then the
 * older ones); the counts returned are the targets of all three, computed from the same state.
 *
 * @param rollout a Rollout manifest (spec and status)
 * @param replicaSets the Rollout's current ReplicaSet manifests
 * @param options the release whose arithmetic applies
 */
export function nextReplicaCounts(rollout: any, replicaSets: any[], options: NextReplicaCountsOptions = {}): ReplicaCounts {
  checkArgument('nextReplicaCounts()', 'rollout', rollout, 'object');
  checkArgument('nextReplicaCounts()', 'replicaSets', replicaSets, 'array', true);
  const va = versionArithmetic(releaseNumber('NextReplicaCountsOptions.version', argumentOrDefault('nextReplicaCounts()', 'options', options, 'object', {}).version));
  return replicaCountsOf(readSpec(rollout), readStatus(rollout), (replicaSets ?? []).map(rsState), va);
}
