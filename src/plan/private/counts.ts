/**
 * The replica counts of a parsed Rollout and its ReplicaSets (`nextReplicaCounts` and the plan's
 * simulation share it). Not exported from the package.
 */

import {
  abortScaleDownDelay, basicCanaryCounts, maxSurge, maxUnavailable, newReplicaSetCount, RsState,
  canaryReplicasOrWeight, routerCanaryWeight, scaleDownDelaySeconds, SpecModel, trafficRoutedCounts, StatusModel,
} from './controller';
import { ReplicaCounts } from '../types';
import { VersionArithmetic } from './versions';
import { objectOrEmpty as obj } from '../../private/manifest-types';
import { fail } from '../../private/synth-error';

/** The pod template hash of a ReplicaSet manifest (its label, else the end of its name). */
export function hashOf(rs: unknown): string {
  const metadata = obj(obj(rs).metadata);
  const label: unknown = obj(metadata.labels)['rollouts-pod-template-hash'];
  if (typeof label === 'string' && label !== '') {
    return label;
  }
  const name = typeof metadata.name === 'string' ? metadata.name : '';
  const dash = name.lastIndexOf('-');
  return dash >= 0 ? name.slice(dash + 1) : name;
}

function count(value: unknown, fallback: number): number {
  return typeof value === 'number' && Number.isFinite(value) ? Math.max(0, Math.trunc(value)) : fallback;
}

/** A ReplicaSet manifest as the arithmetic sees it: spec.replicas (default 1) and status.availableReplicas (default 0). */
export function rsState(rs: unknown): RsState {
  return { hash: hashOf(rs), replicas: count(obj(obj(rs).spec).replicas, 1), available: count(obj(obj(rs).status).availableReplicas, 0) };
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
    fail('The Rollout has neither spec.strategy.canary nor spec.strategy.blueGreen: the controller computes no replica counts for it. Set one of the two strategies.');
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
