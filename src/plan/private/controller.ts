/**
 * The Argo Rollouts controller's replica arithmetic, over a small model read from plain manifests:
 * maxSurge / maxUnavailable resolution, the basic canary's weight approximation and scale-up /
 * scale-down within replicas + maxSurge and replicas - maxUnavailable, the traffic-routed canary
 * (setCanaryScale, minPodsPerReplicaSet, dynamicStableScale and abort), and blue-green's preview
 * scale. The rules are those of the controller's `utils/replicaset` and `rollout` packages at the
 * chosen release; this is an independent implementation of them, checked by hand-worked tests.
 *
 * Not exported from the package: `replica-counts.ts` and `rollout-plan.ts` are the public face.
 */

import { VersionArithmetic } from './versions';
import { isObject, objectOrEmpty as obj, UncheckedObject } from '../../private/manifest-types';
import { StepCompletion, stepKindsBy } from '../../private/step-kinds';

// ---------------------------------------------------------------------------------------------
// The model
// ---------------------------------------------------------------------------------------------

/** A ReplicaSet as the arithmetic sees it. */
export interface RsState {
  /** The pod template hash (label `rollouts-pod-template-hash`). */
  readonly hash: string;
  /** spec.replicas. */
  readonly replicas: number;
  /** status.availableReplicas. */
  readonly available: number;
}

/** Traffic weights of the router (status.canary.weights). */
export interface Weights {
  readonly canary: number;
  readonly stable: number;
}

export interface CanarySpec {
  readonly steps: readonly UncheckedObject[];
  readonly maxSurge: unknown;
  readonly maxUnavailable: unknown;
  readonly trafficRouting: boolean;
  readonly maxTrafficWeight: number;
  readonly dynamicStableScale: boolean;
  readonly minPodsPerReplicaSet: number | undefined;
  /** As written (undefined when not set). */
  readonly abortScaleDownDelaySeconds: number | undefined;
  readonly scaleDownDelaySeconds: number | undefined;
  readonly replicaProgressThreshold: { readonly type: string; readonly value: number } | undefined;
}

export interface BlueGreenSpec {
  readonly previewReplicaCount: number | undefined;
  readonly maxUnavailable: unknown;
  readonly scaleDownDelaySeconds: number | undefined;
  readonly abortScaleDownDelaySeconds: number | undefined;
  readonly autoPromotionEnabled: boolean;
  readonly autoPromotionSeconds: number | undefined;
}

export interface SpecModel {
  /** spec.replicas, 1 when not set. */
  readonly replicas: number;
  readonly paused: boolean;
  readonly canary: CanarySpec | undefined;
  readonly blueGreen: BlueGreenSpec | undefined;
}

export interface StatusModel {
  readonly currentStepIndex: number | undefined;
  readonly abort: boolean;
  readonly promoteFull: boolean;
  readonly stableRS: string;
  readonly currentPodHash: string;
  readonly weights: Weights | undefined;
  readonly activeSelector: string;
  readonly scaleUpPreviewCheckPoint: boolean;
  readonly pauseConditionCount: number;
}

function int(v: unknown): number | undefined {
  return typeof v === 'number' && Number.isFinite(v) ? Math.trunc(v) : undefined;
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}

/** Reads the spec model of a Rollout manifest (tolerant: absent or mistyped fields read as unset). */
export function readSpec(rollout: unknown): SpecModel {
  const spec = obj(obj(rollout).spec);
  const strategy = obj(spec.strategy);
  const replicas = int(spec.replicas) ?? 1;
  let canary: CanarySpec | undefined;
  let blueGreen: BlueGreenSpec | undefined;
  if (isObject(strategy.canary)) {
    const c = strategy.canary;
    const tr = isObject(c.trafficRouting) ? c.trafficRouting : undefined;
    const rpt = isObject(c.replicaProgressThreshold) ? c.replicaProgressThreshold : undefined;
    canary = {
      steps: Array.isArray(c.steps) ? c.steps.map(obj) : [],
      maxSurge: c.maxSurge,
      maxUnavailable: c.maxUnavailable,
      trafficRouting: tr !== undefined,
      maxTrafficWeight: (tr && int(tr.maxTrafficWeight)) ?? 100,
      dynamicStableScale: c.dynamicStableScale === true,
      minPodsPerReplicaSet: int(c.minPodsPerReplicaSet),
      abortScaleDownDelaySeconds: int(c.abortScaleDownDelaySeconds),
      scaleDownDelaySeconds: int(c.scaleDownDelaySeconds),
      replicaProgressThreshold: rpt ? { type: str(rpt.type), value: int(rpt.value) ?? 0 } : undefined,
    };
  } else if (isObject(strategy.blueGreen)) {
    const b = strategy.blueGreen;
    blueGreen = {
      previewReplicaCount: int(b.previewReplicaCount),
      maxUnavailable: b.maxUnavailable,
      scaleDownDelaySeconds: int(b.scaleDownDelaySeconds),
      abortScaleDownDelaySeconds: int(b.abortScaleDownDelaySeconds),
      autoPromotionEnabled: b.autoPromotionEnabled !== false,
      autoPromotionSeconds: int(b.autoPromotionSeconds),
    };
  }
  return { replicas, paused: spec.paused === true, canary, blueGreen };
}

/** Reads the status model of a Rollout manifest. */
export function readStatus(rollout: unknown): StatusModel {
  const status = obj(obj(rollout).status);
  const w = obj(obj(status.canary).weights);
  const weights = isObject(w.canary) || isObject(w.stable)
    ? { canary: int(obj(w.canary).weight) ?? 0, stable: int(obj(w.stable).weight) ?? 0 }
    : undefined;
  return {
    currentStepIndex: int(status.currentStepIndex),
    abort: status.abort === true,
    promoteFull: status.promoteFull === true,
    stableRS: str(status.stableRS),
    currentPodHash: str(status.currentPodHash),
    weights,
    activeSelector: str(obj(status.blueGreen).activeSelector),
    scaleUpPreviewCheckPoint: obj(status.blueGreen).scaleUpPreviewCheckPoint === true,
    pauseConditionCount: Array.isArray(status.pauseConditions) ? status.pauseConditions.length : 0,
  };
}

// ---------------------------------------------------------------------------------------------
// maxSurge and maxUnavailable
// ---------------------------------------------------------------------------------------------

/** The controller's default for both fenceposts: the string "25", read as 25 percent. */
const DEFAULT_FENCEPOST = '25';
const GO_ATOI = /^[+-]?[0-9]+$/;

/** Int-or-percent strings read so far (NaN: not a number): a plan reads the same few on every reconcile. */
const PERCENTS = new Map<string, number>();

/** The number of an int-or-percent string, every '%' removed; `undefined` when it is not one. */
function percentOf(value: string): number | undefined {
  let percent = PERCENTS.get(value);
  if (percent === undefined) {
    const digits = value.split('%').join('');
    percent = GO_ATOI.test(digits) ? Number(digits) : NaN;
    if (PERCENTS.size >= 1000) PERCENTS.clear(); // (a bound: lint may read many distinct values)
    PERCENTS.set(value, percent);
  }
  return Number.isNaN(percent) ? undefined : percent;
}

/**
 * An int-or-string scaled against `total` the way the controller does it (the legacy
 * apimachinery reading): an integer is absolute; any string is a percentage once every '%' is
 * removed (so "25" is 25 percent too), rounded up or down. `undefined` when the string is not a
 * number, which makes the controller resolve both fenceposts to 0.
 */
export function scaledIntOrPercent(value: unknown, total: number, roundUp: boolean): number | undefined {
  if (typeof value === 'number') {
    return Number.isFinite(value) ? Math.trunc(value) : undefined;
  }
  if (typeof value !== 'string') {
    return undefined;
  }
  const percent = percentOf(value);
  if (percent === undefined) {
    return undefined;
  }
  const exact = (percent * total) / 100;
  return roundUp ? Math.ceil(exact) : Math.floor(exact);
}

/** maxSurge and maxUnavailable of a canary, resolved together (both 0 makes maxUnavailable 1). */
export function canaryFenceposts(spec: SpecModel): { surge: number; unavailable: number } {
  const c = spec.canary;
  const surgeValue = c?.maxSurge ?? DEFAULT_FENCEPOST;
  const unavailableValue = c?.maxUnavailable ?? DEFAULT_FENCEPOST;
  const surge = scaledIntOrPercent(surgeValue === null ? DEFAULT_FENCEPOST : surgeValue, spec.replicas, true);
  const unavailable = scaledIntOrPercent(unavailableValue === null ? DEFAULT_FENCEPOST : unavailableValue, spec.replicas, false);
  if (surge === undefined || unavailable === undefined) {
    return { surge: 0, unavailable: 0 };
  }
  return { surge, unavailable: surge === 0 && unavailable === 0 ? 1 : unavailable };
}

/** The most pods above spec.replicas (canary only; 0 for blue-green). */
export function maxSurge(spec: SpecModel): number {
  return spec.canary ? canaryFenceposts(spec).surge : 0;
}

/** The most pods below spec.replicas that may be unavailable, capped at spec.replicas. */
export function maxUnavailable(spec: SpecModel): number {
  if (spec.replicas === 0) {
    return 0;
  }
  let value: number;
  if (spec.canary) {
    value = canaryFenceposts(spec).unavailable;
  } else {
    const raw = spec.blueGreen?.maxUnavailable;
    value = scaledIntOrPercent(raw === undefined || raw === null ? DEFAULT_FENCEPOST : raw, spec.replicas, false) ?? 0;
  }
  return Math.min(value, spec.replicas);
}

// ---------------------------------------------------------------------------------------------
// Steps and weights
// ---------------------------------------------------------------------------------------------

export function maxWeight(spec: SpecModel): number {
  return spec.canary?.trafficRouting ? spec.canary.maxTrafficWeight : 100;
}

/** The current step and its index; the step is undefined past the last step (or without steps). */
export function currentStep(spec: SpecModel, status: StatusModel): { step: UncheckedObject | undefined; index: number | undefined } {
  const steps = spec.canary?.steps ?? [];
  if (steps.length === 0) {
    return { step: undefined, index: undefined };
  }
  const index = status.currentStepIndex ?? 0;
  return { step: index < steps.length ? steps[index] : undefined, index };
}

/** The weight of the last setWeight step at or before the current step (max past the end, 0 when aborted). */
export function currentSetWeight(spec: SpecModel, status: StatusModel): number {
  if (status.abort) {
    return 0;
  }
  const { step, index } = currentStep(spec, status);
  if (step === undefined || index === undefined) {
    return maxWeight(spec);
  }
  for (let i = index; i >= 0; i--) {
    const w = int(spec.canary!.steps[i].setWeight);
    if (w !== undefined) {
      return w;
    }
  }
  return 0;
}

/** Seconds the canary (or preview) stays up after an abort: undefined means for ever. */
export function abortScaleDownDelay(spec: SpecModel): { seconds: number | undefined; wasSet: boolean } {
  let raw: number | undefined;
  if (spec.blueGreen) {
    raw = spec.blueGreen.abortScaleDownDelaySeconds;
  } else if (spec.canary?.trafficRouting) {
    raw = spec.canary.abortScaleDownDelaySeconds;
  } else {
    return { seconds: 0, wasSet: false };
  }
  if (raw === undefined) {
    return { seconds: 30, wasSet: false };
  }
  return { seconds: raw === 0 ? undefined : raw, wasSet: true };
}

/** Seconds an old ReplicaSet stays scaled up after the switch (blue-green, traffic-routed canary). */
export function scaleDownDelaySeconds(spec: SpecModel): number {
  if (spec.blueGreen) {
    return spec.blueGreen.scaleDownDelaySeconds ?? 30;
  }
  if (spec.canary?.trafficRouting) {
    return spec.canary.scaleDownDelaySeconds ?? 30;
  }
  return 0;
}

/** The setCanaryScale in force, if any: only with traffic routing, and not after matchTrafficWeight. */
export function setCanaryScaleInForce(spec: SpecModel, status: StatusModel): UncheckedObject | undefined {
  if (!spec.canary?.trafficRouting) {
    return undefined;
  }
  if (status.abort && abortScaleDownDelay(spec).seconds !== undefined) {
    return undefined; // on abort it is ignored, unless abortScaleDownDelaySeconds is 0
  }
  const { step, index } = currentStep(spec, status);
  if (step === undefined || index === undefined) {
    return undefined;
  }
  for (let i = index; i >= 0; i--) {
    const scs = spec.canary.steps[i].setCanaryScale;
    if (!isObject(scs)) {
      continue;
    }
    return scs.matchTrafficWeight === true ? undefined : scs;
  }
  return undefined;
}

function trafficWeightToReplicas(replicas: number, weight: number, max: number): number {
  return Math.ceil((weight * replicas) / max);
}

/** The canary weight the controller scales for (abort with dynamicStableScale walks the steps back from 1.9). */
export function desiredCanaryWeight(
  spec: SpecModel, status: StatusModel, newRS: RsState | undefined, stableRS: RsState | undefined, va: VersionArithmetic,
): number {
  if (va.abortWalksStepsBackwards && status.abort && spec.canary?.dynamicStableScale && newRS && stableRS) {
    const max = maxWeight(spec);
    const expected = spec.replicas - stableRS.available;
    const canaryReplicas = Math.max(expected, newRS.available);
    const steps = spec.canary.steps;
    for (let i = steps.length - 1; i >= 0; i--) {
      const w = int(steps[i].setWeight);
      if (w !== undefined && trafficWeightToReplicas(spec.replicas, w, max) < canaryReplicas) {
        return w;
      }
    }
    return 0;
  }
  return currentSetWeight(spec, status);
}

/** Either an explicit canary replica count (setCanaryScale.replicas) or the weight to scale for. */
export function canaryReplicasOrWeight(
  spec: SpecModel, status: StatusModel, newRS: RsState | undefined, stableRS: RsState | undefined, va: VersionArithmetic,
): { replicas: number | undefined; weight: number } {
  if (status.promoteFull || status.stableRS === '' || status.currentPodHash === status.stableRS) {
    return { replicas: undefined, weight: maxWeight(spec) };
  }
  const scs = setCanaryScaleInForce(spec, status);
  if (scs !== undefined) {
    const r = int(scs.replicas);
    if (r !== undefined) {
      return { replicas: r, weight: 0 };
    }
    const w = int(scs.weight);
    if (w !== undefined) {
      return { replicas: undefined, weight: w };
    }
  }
  return { replicas: undefined, weight: desiredCanaryWeight(spec, status, newRS, stableRS, va) };
}

// ---------------------------------------------------------------------------------------------
// Basic canary
// ---------------------------------------------------------------------------------------------

function tiedAt(weight: number, max: number, total: number): boolean {
  const x = total * (weight / max);
  return x - Math.trunc(x) === 0.5;
}

function weightDelta(weight: number, max: number, canary: number, total: number): number {
  return Math.abs((canary * max) / total - weight);
}

/**
 * The canary and stable counts closest to a weight: they sum to replicas or, when surge is
 * allowed, replicas + 1; a weight strictly between 0 and max never gives 0 pods on either side
 * unless there is one replica and no surge. On a tie the larger canary count wins.
 */
export function approximateWeightedCounts(replicas: number, weight: number, max: number, surge: number): { canary: number; stable: number } {
  if (replicas === 0) {
    return { canary: 0, stable: 0 };
  }
  const ceil = Math.ceil((replicas * weight) / max);
  const floor = Math.floor((replicas * weight) / max);
  const zeroAllowed = weight === max || weight === 0 || (replicas === 1 && surge === 0);
  const options: Array<[number, number]> = [];
  if (ceil < replicas || zeroAllowed) {
    options.push([ceil, replicas]);
  }
  if (!tiedAt(weight, max, replicas) && (floor !== 0 || zeroAllowed)) {
    options.push([floor, replicas]);
  }
  if (surge > 0) {
    options.push([ceil, replicas + 1]);
    if (!tiedAt(weight, max, replicas + 1) && (floor !== 0 || zeroAllowed)) {
      options.push([floor, replicas + 1]);
    }
  }
  if (options.length === 0) {
    return { canary: 0, stable: replicas };
  }
  let best = options[0];
  let bestDelta = weightDelta(weight, max, best[0], best[1]);
  for (const option of options.slice(1)) {
    const delta = weightDelta(weight, max, option[0], option[1]);
    if (delta < bestDelta) {
      best = option;
      bestDelta = delta;
    }
  }
  return { canary: best[0], stable: best[1] - best[0] };
}

/** True when a stable ReplicaSet exists and is not the new one. */
function stableExists(newRS: RsState | undefined, stableRS: RsState | undefined): boolean {
  return stableRS !== undefined && (newRS === undefined || newRS.hash !== stableRS.hash);
}

function replicasForScaleDown(rs: RsState | undefined, ignoreAvailability: boolean): number {
  if (rs === undefined) {
    return 0;
  }
  if (rs.replicas < rs.available || ignoreAvailability) {
    return rs.replicas;
  }
  return rs.available;
}

function sumReplicas(sets: ReadonlyArray<RsState | undefined>): number {
  return sets.reduce((n, rs) => n + (rs?.replicas ?? 0), 0);
}

/** The counts a basic canary (no traffic routing) sets for the new and the stable ReplicaSet. */
export function basicCanaryCounts(
  spec: SpecModel, status: StatusModel, newRS: RsState | undefined, stableRS: RsState | undefined, older: readonly RsState[],
  va: VersionArithmetic,
): { canary: number; stable: number } {
  const replicas = spec.replicas;
  const { weight } = canaryReplicasOrWeight(spec, status, newRS, stableRS, va);
  const surge = maxSurge(spec);
  const target = approximateWeightedCounts(replicas, weight, maxWeight(spec), surge);
  let desiredNew = target.canary;
  let desiredStable = target.stable;
  let newCount = newRS?.replicas ?? 0;
  let stableCount = 0;
  const scaleStable = stableExists(newRS, stableRS);
  if (scaleStable) {
    stableCount = stableRS!.replicas;
  } else {
    desiredNew = replicas;
    desiredStable = 0;
  }
  const maxAllowed = replicas + surge;
  const all: Array<RsState | undefined> = [...older, newRS, ...(scaleStable ? [stableRS] : [])];
  let scaleUp = maxAllowed - sumReplicas(all);

  if (scaleStable && stableRS!.replicas < desiredStable && scaleUp > 0) {
    if (stableRS!.replicas + scaleUp < desiredStable) {
      stableCount = stableRS!.replicas + scaleUp;
      scaleUp = 0;
    } else {
      stableCount = desiredStable;
      scaleUp -= desiredStable - stableRS!.replicas;
    }
  }
  if (newRS && newRS.replicas < desiredNew && scaleUp > 0) {
    newCount = Math.min(newRS.replicas + scaleUp, desiredNew);
  }
  if (sumReplicas(older) > 0) {
    return { canary: newCount, stable: stableCount }; // older ReplicaSets are drained first
  }
  const minAvailable = replicas - maxUnavailable(spec);
  const increasing = newRS === undefined || desiredNew >= newRS.replicas;
  const toScaleDown = replicasForScaleDown(newRS, !increasing) + replicasForScaleDown(stableRS, increasing);
  if (toScaleDown <= minAvailable) {
    return { canary: newCount, stable: stableCount };
  }
  const scaleDown = toScaleDown - minAvailable;
  if (!increasing) {
    newCount = drainCount(newRS, desiredNew, scaleDown, newCount);
    const [n, s] = adjustWithinLimits(newRS, stableRS, newCount, stableCount, maxAllowed, minAvailable);
    return { canary: n, stable: s };
  }
  if (scaleStable) {
    stableCount = drainCount(stableRS, desiredStable, scaleDown, stableCount);
    const [s, n] = adjustWithinLimits(stableRS, newRS, stableCount, newCount, maxAllowed, minAvailable);
    return { canary: n, stable: s };
  }
  return { canary: newCount, stable: stableCount };
}

function drainCount(rs: RsState | undefined, desired: number, scaleDown: number, current: number): number {
  if (rs && rs.replicas > desired) {
    return Math.max(desired, rs.replicas - scaleDown);
  }
  return current;
}

/**
 * Keeps the ReplicaSet being drained and the other one within replicas + maxSurge, giving the
 * other one back pods when cutting it would drop below the minimum available.
 */
function adjustWithinLimits(
  drainRS: RsState | undefined, adjustRS: RsState | undefined, drainCountIn: number, adjustCountIn: number, maxAllowed: number,
  minAvailable: number,
): [number, number] {
  let drain = drainCountIn;
  let adjust = adjustCountIn;
  let over = Math.max(0, adjust + drain - maxAllowed);
  let available = drainRS ? Math.min(drainRS.available, drain) : 0;
  if (adjustRS) {
    adjust -= over;
    available += Math.min(adjustRS.available, adjust);
    const lostAvailability = Math.max(0, adjustRS.available - adjust);
    const stillNeeded = Math.max(0, minAvailable - available);
    adjust += Math.min(lostAvailability, stillNeeded);
    over = Math.max(0, adjust + drain - maxAllowed);
    drain -= over;
  }
  return [drain, adjust];
}

// ---------------------------------------------------------------------------------------------
// Traffic-routed canary
// ---------------------------------------------------------------------------------------------

function withMinPods(spec: SpecModel, count: number, va: VersionArithmetic): number {
  const c = spec.canary;
  if (count === 0 || !c || c.minPodsPerReplicaSet === undefined || !c.trafficRouting) {
    return count;
  }
  const min = va.minPodsCappedAtReplicas ? Math.min(c.minPodsPerReplicaSet, spec.replicas) : c.minPodsPerReplicaSet;
  return Math.max(count, min);
}

/** The counts a traffic-routed canary sets, given the router's current weights. */
export function trafficRoutedCounts(
  spec: SpecModel, status: StatusModel, newRS: RsState | undefined, stableRS: RsState | undefined, weights: Weights | undefined,
  va: VersionArithmetic,
): { canary: number; stable: number } {
  const replicas = spec.replicas;
  const { replicas: explicit, weight } = canaryReplicasOrWeight(spec, status, newRS, stableRS, va);
  const max = maxWeight(spec);
  let canary = explicit ?? withMinPods(spec, trafficWeightToReplicas(replicas, weight, max), va);
  if (!spec.canary!.dynamicStableScale) {
    return { canary, stable: replicas };
  }
  let stable = trafficWeightToReplicas(replicas, max - weight, max);
  if (weights) {
    stable = Math.max(stable, trafficWeightToReplicas(replicas, weights.stable, max));
    if (status.abort) {
      canary = Math.max(canary, trafficWeightToReplicas(replicas, weights.canary, max));
    }
  }
  return { canary: withMinPods(spec, canary, va), stable: withMinPods(spec, stable, va) };
}

// ---------------------------------------------------------------------------------------------
// The new ReplicaSet, step completion and the router's weight
// ---------------------------------------------------------------------------------------------

/** The count the controller sets for the new ReplicaSet (both strategies). */
export function newReplicaSetCount(
  spec: SpecModel, status: StatusModel, newRS: RsState, stableRS: RsState | undefined, older: readonly RsState[],
  weights: Weights | undefined, va: VersionArithmetic,
): number {
  if (spec.blueGreen) {
    const preview = spec.blueGreen.previewReplicaCount;
    if (preview === undefined) {
      return spec.replicas;
    }
    const active = status.activeSelector;
    if (active === '' || active === newRS.hash) {
      return spec.replicas;
    }
    if (status.promoteFull) {
      return spec.replicas;
    }
    if (newRS.hash !== status.currentPodHash) {
      return preview;
    }
    const notPaused = !spec.paused && status.pauseConditionCount === 0;
    return notPaused && status.scaleUpPreviewCheckPoint ? spec.replicas : preview;
  }
  if (spec.canary!.trafficRouting) {
    return trafficRoutedCounts(spec, status, newRS, stableRS, weights, va).canary;
  }
  return basicCanaryCounts(spec, status, newRS, stableRS, older, va).canary;
}

function progressThresholdMet(spec: SpecModel, rs: RsState | undefined, desired: number, va: VersionArithmetic): boolean {
  const t = spec.canary?.replicaProgressThreshold;
  const allAvailable = rs !== undefined && desired === rs.replicas && desired === rs.available;
  if (!va.replicaProgressThreshold || t === undefined || rs === undefined || t.value < 0) {
    return allAvailable;
  }
  if (t.type === 'Percent') {
    if (desired === 0) {
      return true;
    }
    const percent = (rs.available / desired) * 100;
    return percent >= t.value || Math.abs(percent - t.value) <= 1e-10;
  }
  return rs.available >= t.value;
}

/** True when the ReplicaSets are at the counts the current step asks for (its pods available). */
export function atDesiredCounts(
  spec: SpecModel, status: StatusModel, newRS: RsState | undefined, stableRS: RsState | undefined, older: readonly RsState[],
  weights: Weights | undefined, va: VersionArithmetic,
): boolean {
  const c = spec.canary!;
  const counts = c.trafficRouting
    ? trafficRoutedCounts(spec, status, newRS, stableRS, weights, va)
    : basicCanaryCounts(spec, status, newRS, stableRS, older, va);
  if (!progressThresholdMet(spec, newRS, counts.canary, va)) {
    return false;
  }
  if (!c.trafficRouting || !c.dynamicStableScale) {
    // the stable must have exactly its count (all created, which the model equates with available)
    if (!(stableRS !== undefined && stableRS.replicas === counts.stable)) {
      return false;
    }
  }
  if (!c.trafficRouting && older.reduce((n, rs) => n + rs.available, 0) !== 0) {
    return false;
  }
  return true;
}

/** The step kinds in the controller's order of judging a step (their rows, src/private/step-kinds.ts). */
const COMPLETION_ORDER = stepKindsBy('completionRank');

/**
 * How the controller judges a canary step complete (completedCurrentCanaryStep): the first of the
 * step's parts in its order (the rows' `completionRank`: pause, setCanaryScale, setWeight, experiment,
 * analysis, setHeaderRoute, setMirrorRoute, plugin) decides, by its row's `completion`. `counts`: once
 * `atDesiredCounts` holds; `atOnce`: in the step's first reconcile; `waits`: after a pause, an
 * analysis, an experiment or a plugin (or never, for a step the controller does not know).
 */
export function stepCompletion(step: UncheckedObject): StepCompletion {
  const decides = COMPLETION_ORDER.find(row => step[row.key] !== undefined && step[row.key] !== null);
  return decides?.completion ?? 'waits';
}

/**
 * Past the last step, whether the controller promotes the new ReplicaSet in this reconcile
 * (shouldFullPromote): when its available pods, as read at the start of the reconcile, reach
 * spec.replicas (1.8: exactly spec.replicas) or, from 1.9, meet `replicaProgressThreshold`.
 */
export function readyForFullPromotion(spec: SpecModel, newRS: RsState | undefined, va: VersionArithmetic): boolean {
  if (newRS === undefined) {
    return false;
  }
  const enough = va.promotesAboveReplicas ? newRS.available >= spec.replicas : newRS.available === spec.replicas;
  if (enough) {
    return true;
  }
  return va.replicaProgressThreshold && spec.canary?.replicaProgressThreshold !== undefined
    && progressThresholdMet(spec, newRS, spec.replicas, va);
}

/**
 * The canary weight the router is set to in this reconcile (traffic routing only), or undefined
 * when the controller leaves the weights as they are (the stable cannot carry the new weight yet).
 */
export function routerCanaryWeight(
  spec: SpecModel, status: StatusModel, newRS: RsState | undefined, stableRS: RsState | undefined, older: readonly RsState[],
  va: VersionArithmetic, fullyPromoted: boolean,
): number | undefined {
  const max = maxWeight(spec);
  const c = spec.canary!;
  const { step, index } = currentStep(spec, status);
  let desired = 0;
  if (fullyPromoted) {
    desired = 0; // routes removed; the stable (now the new pods) takes everything
  } else if (status.abort) {
    desired = weightOnAbort(spec, status, newRS, stableRS, va);
  } else if (newRS === undefined || newRS.available === 0) {
    desired = 0;
  } else if (status.promoteFull) {
    if (c.dynamicStableScale) {
      desired = Math.trunc((max * newRS.available) / spec.replicas);
    } else {
      desired = status.weights?.canary ?? 0;
    }
  } else if (index !== undefined) {
    if (!atDesiredCounts(spec, status, newRS, stableRS, older, undefined, va)) {
      for (let i = index - 1; i >= 0; i--) {
        const w = int(c.steps[i].setWeight);
        if (w !== undefined) {
          desired = w;
          break;
        }
      }
    } else if (step !== undefined) {
      desired = currentSetWeight(spec, status);
    } else {
      desired = max;
    }
  }
  // the stable must have the pods for its share first
  if (!stableCanCarry(spec, stableRS, max - desired, va)) {
    return undefined;
  }
  return desired;
}

function stableCanCarry(spec: SpecModel, stableRS: RsState | undefined, stableWeight: number, va: VersionArithmetic): boolean {
  if (stableRS === undefined) {
    return false;
  }
  const needed = Math.trunc((stableWeight * spec.replicas) / maxWeight(spec));
  if (stableRS.available >= needed) {
    return true;
  }
  // short of pods: only a replicaProgressThreshold (1.9 and later) lets the weight move anyway
  return va.replicaProgressThreshold && spec.canary?.replicaProgressThreshold !== undefined && progressThresholdMet(spec, stableRS, needed, va);
}

function weightOnAbort(
  spec: SpecModel, status: StatusModel, newRS: RsState | undefined, stableRS: RsState | undefined, va: VersionArithmetic,
): number {
  const c = spec.canary!;
  if (!c.dynamicStableScale || !stableRS || spec.replicas === 0 || (va.abortWalksStepsBackwards && !newRS)) {
    return 0;
  }
  const max = maxWeight(spec);
  const expected = Math.max(0, max - Math.trunc((max * stableRS.available) / spec.replicas));
  if (!va.abortWalksStepsBackwards) {
    return status.weights ? Math.min(expected, status.weights.canary) : expected;
  }
  const desired = desiredCanaryWeight(spec, status, newRS, stableRS, va);
  if (!status.weights) {
    return Math.max(expected, desired);
  }
  const current = status.weights.canary;
  if (desired <= 0) {
    return Math.min(expected, current);
  }
  const stableWeight = Math.trunc((max * stableRS.available) / spec.replicas);
  if (stableWeight < max - desired) {
    return current;
  }
  return Math.min(desired, current);
}
