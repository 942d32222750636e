/**
 * `nextReplicaCounts(rollout, replicaSets)`: the stable and canary replica counts the Argo Rollouts
 * controller sets next, from a Rollout manifest (spec and status) and its current ReplicaSets.
 */

import {
  abortScaleDownDelay, basicCanaryCounts, maxSurge, maxUnavailable, newReplicaSetCount, readSpec, readStatus, RsState,
  canaryReplicasOrWeight, routerCanaryWeight, scaleDownDelaySeconds, SpecModel, trafficRoutedCounts, StatusModel,
} from './controller';
import { versionArithmetic, VersionArithmetic } from './versions';

/** Options of `nextReplicaCounts`. */
export interface NextReplicaCountsOptions {
  /**
   * The Argo Rollouts release whose arithmetic applies: `1.9.1`, `1.8.3`, `1.8.4` or `1.10.0-rc1`.
   * They differ in how an aborted `dynamicStableScale` canary scales down (1.9 walks the steps
   * backwards), in `replicaProgressThreshold` (from 1.9) and in `minPodsPerReplicaSet`, which 1.10
   * caps at `spec.replicas`.
   *
   * @default '1.9.1'
   */
  readonly version?: string;
}

/** The controller's next move: the replica counts it sets for each ReplicaSet of a Rollout. */
export interface ReplicaCounts {
  /** `canary`, `trafficRoutedCanary` or `blueGreen`. */
  readonly strategy: string;
  /**
   * Replicas of the new ReplicaSet (the canary, or the blue-green preview): the one whose
   * `rollouts-pod-template-hash` is `status.currentPodHash`.
   */
  readonly canary: number;
  /**
   * Replicas of the stable ReplicaSet (hash `status.stableRS`; the active one in blue-green). When
   * there is no stable ReplicaSet, or it is the new one, this is 0 and `canary` holds the pods.
   */
  readonly stable: number;
  /**
   * Replicas the older ReplicaSets keep in total after this reconcile's scale-down. A basic canary
   * drains them within maxUnavailable; a traffic-routed canary or blue-green keeps a previous
   * stable up for `scaleDownDelaySeconds` once fully promoted, then scales it to 0.
   */
  readonly older: number;
  /** maxSurge resolved against spec.replicas (rounded up; 0 for blue-green). */
  readonly maxSurge: number;
  /** maxUnavailable resolved against spec.replicas (rounded down; 1 when both resolve to 0). */
  readonly maxUnavailable: number;
  /**
   * The canary weight the counts follow (of `maxTrafficWeight`), or -1 when an explicit
   * `setCanaryScale.replicas` sets the canary count.
   */
  readonly weight: number;
  /**
   * The canary weight the controller sets on the traffic router in this reconcile; -1 when it
   * leaves the weights as they are (the stable cannot carry its share yet) or there is no router.
   */
  readonly routerWeight: number;
  /** Seconds an aborted canary or preview stays scaled up (-1: until the abort is undone). */
  readonly abortScaleDownDelaySeconds: number;
  /** Seconds a previous stable / active ReplicaSet stays scaled up after full promotion. */
  readonly scaleDownDelaySeconds: number;
}

/** The pod template hash of a ReplicaSet manifest (its label, else the end of its name). */
function hashOf(rs: any): string {
  const labels = rs?.metadata?.labels;
  const label = labels && typeof labels === 'object' ? labels['rollouts-pod-template-hash'] : undefined;
  if (typeof label === 'string' && label !== '') {
    return label;
  }
  const name = typeof rs?.metadata?.name === 'string' ? rs.metadata.name : '';
  const dash = name.lastIndexOf('-');
  return dash >= 0 ? name.slice(dash + 1) : name;
}

function count(value: any, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.max(0, Math.trunc(value)) : fallback;
}

/** A ReplicaSet manifest as the arithmetic sees it: spec.replicas (default 1) and status.availableReplicas (default 0). */
function rsState(rs: any): RsState {
  return { hash: hashOf(rs), replicas: count(rs?.spec?.replicas, 1), available: count(rs?.status?.availableReplicas, 0) };
}

/** Sorts ReplicaSets into the new, the stable and the older ones, as the controller does by hash. */
export function classify(
  status: StatusModel, sets: readonly RsState[],
): { newRS: RsState | undefined; stableRS: RsState | undefined; older: RsState[] } {
  const newRS = sets.find(rs => status.currentPodHash !== '' && rs.hash === status.currentPodHash);
  const stableRS = sets.find(rs => status.stableRS !== '' && rs.hash === status.stableRS);
  const older = sets.filter(rs => rs !== newRS && rs !== stableRS);
  return { newRS, stableRS, older };
}

/** The older ReplicaSets' total after the canary's scale-down of them (basic canary: within maxUnavailable). */
export function olderAfterScaleDown(
  spec: SpecModel, status: StatusModel, newRS: RsState | undefined, stableRS: RsState | undefined, older: readonly RsState[],
): number {
  const total = older.reduce((n, rs) => n + rs.replicas, 0);
  if (total === 0) {
    return 0;
  }
  if (spec.blueGreen || spec.canary?.trafficRouting) {
    const promoted = status.stableRS !== '' && status.stableRS === status.currentPodHash;
    if (spec.canary?.trafficRouting && (!promoted || spec.canary.dynamicStableScale)) {
      return 0; // an intermediate ReplicaSet, or dynamic stable scaling: scaled down at once
    }
    return total; // kept for scaleDownDelaySeconds
  }
  // basic canary: unhealthy pods go first, then at most (available - minAvailable) more
  const healthy = older.map(rs => Math.min(rs.replicas, rs.available));
  const available = [...older, ...(newRS ? [newRS] : []), ...(stableRS && stableRS !== newRS ? [stableRS] : [])]
    .reduce((n, rs) => n + rs.available, 0);
  let room = available - (spec.replicas - maxUnavailable(spec));
  let kept = 0;
  for (const h of healthy) {
    const cut = Math.max(0, Math.min(h, room));
    room -= cut;
    kept += h - cut;
  }
  return kept;
}

/** The counts from the parsed model; shared with the plan's simulation. */
export function replicaCountsOf(spec: SpecModel, status: StatusModel, sets: readonly RsState[], va: VersionArithmetic): ReplicaCounts {
  const { newRS, stableRS, older } = classify(status, sets);
  const abort = abortScaleDownDelay(spec);
  const base = {
    maxSurge: maxSurge(spec),
    maxUnavailable: maxUnavailable(spec),
    older: olderAfterScaleDown(spec, status, newRS, stableRS, older),
    abortScaleDownDelaySeconds: abort.seconds ?? -1,
    scaleDownDelaySeconds: scaleDownDelaySeconds(spec),
  };
  const sameAsStable = newRS !== undefined && stableRS !== undefined && newRS.hash === stableRS.hash;
  if (spec.blueGreen) {
    const canary = newRS ? newReplicaSetCount(spec, status, newRS, stableRS, older, status.weights, va) : 0;
    const stable = stableRS && !sameAsStable ? spec.replicas : 0;
    return { strategy: 'blueGreen', canary: sameAsStable ? spec.replicas : canary, stable, weight: -1, routerWeight: -1, ...base };
  }
  if (!spec.canary) {
    throw new Error('The Rollout has neither spec.strategy.canary nor spec.strategy.blueGreen: the controller computes no replica counts for it. Set one of the two strategies.');
  }
  const { replicas: explicit, weight } = canaryReplicasOrWeight(spec, status, newRS, stableRS, va);
  if (spec.canary.trafficRouting) {
    const promoted = status.stableRS !== '' && status.stableRS === status.currentPodHash;
    const router = routerCanaryWeight(spec, status, newRS, stableRS, older, va, promoted);
    // the stable follows the weights as they were; the new ReplicaSet the weights just set
    const stableCounts = trafficRoutedCounts(spec, status, newRS, stableRS, status.weights, va);
    const max = spec.canary.maxTrafficWeight;
    const newWeights = router === undefined ? status.weights : { canary: router, stable: max - router };
    const canaryCounts = trafficRoutedCounts(spec, status, newRS, stableRS, newWeights, va);
    return {
      strategy: 'trafficRoutedCanary',
      canary: newRS ? (sameAsStable ? spec.replicas : canaryCounts.canary) : 0,
      stable: stableRS && !sameAsStable ? stableCounts.stable : 0,
      weight: explicit !== undefined ? -1 : weight,
      routerWeight: router ?? -1,
      ...base,
    };
  }
  const counts = basicCanaryCounts(spec, status, newRS, stableRS, older, va);
  return {
    strategy: 'canary',
    canary: newRS ? counts.canary : 0,
    stable: stableRS && !sameAsStable ? counts.stable : 0,
    weight: explicit !== undefined ? -1 : weight,
    routerWeight: -1,
    ...base,
  };
}

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
  const va = versionArithmetic(options.version);
  return replicaCountsOf(readSpec(rollout), readStatus(rollout), (replicaSets ?? []).map(rsState), va);
}
