/**
 * Reconcile-by-reconcile simulation of a canary update: the controller's arithmetic
 * (`controller.ts`) applied the way the controller applies it, one ReplicaSet scaled per reconcile
 * (the stable first, then the new one, then the older ones), with the router's weight set before
 * the ReplicaSets are scaled. Pods that are created become available before the next reconcile.
 * A step ends in the reconcile in which the controller counts it complete, which may leave scaling
 * for the next step (see `settle()`).
 *
 * Not exported from the package.
 */

import {
  abortScaleDownDelay, atDesiredCounts, basicCanaryCounts, currentStep, newReplicaSetCount, readyForFullPromotion, routerCanaryWeight,
  RsState, scaleDownDelaySeconds, SpecModel, StatusModel, stepCompletion, trafficRoutedCounts, Weights,
} from './controller';
import { olderAfterScaleDown } from './counts';
import { VersionArithmetic } from './versions';
import { fail } from '../../private/synth-error';

/** One change the controller makes. */
export interface Move {
  /** `stable`, `canary`, `older` or `traffic` (the router's canary weight). */
  readonly target: string;
  readonly before: number;
  readonly after: number;
  /** Pods of the Rollout once the change is made. */
  readonly totalPods: number;
}

interface MutableRs {
  hash: string;
  replicas: number;
  available: number;
}

interface MutableStatus {
  currentStepIndex: number | undefined;
  abort: boolean;
  promoteFull: boolean;
  stableRS: string;
  currentPodHash: string;
  weights: Weights | undefined;
}

/** The most reconciles one phase may take before the simulation gives up (a loop in the arithmetic). */
const MAX_RECONCILES = 10000;

export class CanarySimulation {
  public stable: MutableRs;
  public canary: MutableRs;
  public older: MutableRs[] = [];
  public status: MutableStatus;
  /** Seconds spent waiting for scale-down delays in the last `settle()`. */
  public delaySeconds = 0;
  /** True when the controller judged the current step complete in the last reconcile (completedCurrentCanaryStep). */
  private completedInReconcile = false;
  /** True when the last `settle()` ended because the controller moved on (a step completed, or the full promotion is due). */
  private movedOn = false;

  constructor(private readonly spec: SpecModel, private readonly va: VersionArithmetic) {
    const c = spec.canary!;
    this.stable = { hash: 'stable', replicas: spec.replicas, available: spec.replicas };
    this.canary = { hash: 'canary', replicas: 0, available: 0 };
    this.status = {
      currentStepIndex: c.steps.length > 0 ? 0 : undefined,
      abort: false,
      promoteFull: false,
      stableRS: 'stable',
      currentPodHash: 'canary',
      weights: c.trafficRouting ? { canary: 0, stable: c.maxTrafficWeight } : undefined,
    };
  }

  public clone(): CanarySimulation {
    const copy = new CanarySimulation(this.spec, this.va);
    copy.canary = { ...this.canary };
    copy.stable = this.promoted ? copy.canary : { ...this.stable };
    copy.older = this.older.map(rs => ({ ...rs }));
    copy.status = { ...this.status };
    return copy;
  }

  public get promoted(): boolean {
    return this.status.stableRS === this.status.currentPodHash;
  }

  public get pods(): number {
    return (this.promoted ? this.canary.replicas : this.stable.replicas + this.canary.replicas) + this.olderPods;
  }

  public get olderPods(): number {
    return this.older.reduce((n, rs) => n + rs.replicas, 0);
  }

  /** The stable and canary pods as a user reads them (after promotion, all pods are stable). */
  public get stablePods(): number {
    return this.promoted ? this.canary.replicas : this.stable.replicas;
  }

  public get canaryPods(): number {
    return this.promoted ? 0 : this.canary.replicas;
  }

  /** The status as the arithmetic reads it. */
  public statusModel(): StatusModel {
    return this.model();
  }

  private model(): StatusModel {
    // field by field: a spread of the status (whose shape varies) is the slow part of a plan
    const s = this.status;
    return {
      currentStepIndex: s.currentStepIndex,
      abort: s.abort,
      promoteFull: s.promoteFull,
      stableRS: s.stableRS,
      currentPodHash: s.currentPodHash,
      weights: s.weights,
      activeSelector: '',
      scaleUpPreviewCheckPoint: false,
      pauseConditionCount: 0,
    };
  }

  private stableState(): RsState | undefined {
    return this.promoted ? this.canary : this.stable;
  }

  /** One reconcile: the router's weight, then at most one ReplicaSet scaled. Empty when nothing changed. */
  public reconcile(): Move[] {
    const spec = this.spec;
    const c = spec.canary!;
    const moves: Move[] = [];
    const status = this.model();
    const stableRS = this.stableState();
    const newRS = this.canary;
    const older = this.older;
    let newWeights = this.status.weights;
    if (c.trafficRouting) {
      const w = routerCanaryWeight(spec, status, newRS, stableRS, older, this.va, this.promoted);
      if (w !== undefined) {
        newWeights = { canary: w, stable: c.maxTrafficWeight - w };
        if (this.status.weights?.canary !== w) {
          moves.push({ target: 'traffic', before: this.status.weights?.canary ?? 0, after: w, totalPods: this.pods });
        }
      }
    }
    // the step is judged at the end of the reconcile, on the ReplicaSets as they were read and the weights just set
    this.completedInReconcile = this.stepCompletes(status, newWeights);
    const scale = (target: string, rs: MutableRs, after: number) => {
      const before = rs.replicas;
      rs.replicas = after;
      rs.available = after; // ready before the next reconcile
      moves.push({ target, before, after, totalPods: this.pods });
    };
    // 1. the stable (reconcileCanaryStableReplicaSet), from the weights as they were
    if (!this.promoted) {
      const desired = c.trafficRouting
        ? trafficRoutedCounts(spec, status, newRS, stableRS, this.status.weights, this.va).stable
        : basicCanaryCounts(spec, status, newRS, stableRS, older, this.va).stable;
      if (desired !== this.stable.replicas) {
        scale('stable', this.stable, desired);
        this.status.weights = newWeights;
        return moves;
      }
    }
    // 2. the new ReplicaSet, from the weights just set
    let desiredNew = newReplicaSetCount(spec, status, newRS, stableRS, older, newWeights, this.va);
    if (this.status.abort && this.delaysAbortScaleDown() && desiredNew < this.canary.replicas) {
      const delay = abortScaleDownDelay(spec).seconds!;
      if (stableRS === undefined || stableRS.available !== spec.replicas) {
        desiredNew = this.canary.replicas; // left up until the stable is whole
      } else {
        this.delaySeconds += delay; // annotated, then scaled down once the delay has passed
        desiredNew = 0;
      }
    }
    if (desiredNew !== this.canary.replicas) {
      scale('canary', this.canary, desiredNew);
      this.status.weights = newWeights;
      return moves;
    }
    // 3. the older ReplicaSets
    const keep = olderAfterScaleDown(spec, status, newRS, stableRS, older);
    const olderTotal = this.olderPods;
    if (keep < olderTotal) {
      this.scaleOlderTo(keep, moves);
    } else if (olderTotal > 0 && (c.trafficRouting) && this.promoted) {
      this.delaySeconds += scaleDownDelaySeconds(spec); // kept for scaleDownDelaySeconds, then scaled down
      this.scaleOlderTo(0, moves);
    }
    this.status.weights = newWeights;
    return moves;
  }

  private scaleOlderTo(keep: number, moves: Move[]): void {
    const before = this.olderPods;
    let remaining = keep;
    for (const rs of this.older) {
      const n = Math.min(rs.replicas, remaining);
      remaining -= n;
      rs.replicas = n;
      rs.available = n;
    }
    this.older = this.older.filter(rs => rs.replicas > 0);
    moves.push({ target: 'older', before, after: keep, totalPods: this.pods });
  }

  /** shouldDelayScaleDownOnAbort: a traffic-routed canary keeps its pods for abortScaleDownDelaySeconds. */
  private delaysAbortScaleDown(): boolean {
    const c = this.spec.canary!;
    if (!c.trafficRouting) {
      return false;
    }
    const delay = abortScaleDownDelay(this.spec);
    if (delay.seconds === undefined) {
      return false;
    }
    return !(c.dynamicStableScale && !delay.wasSet);
  }

  /**
   * Whether the controller counts the current step complete at the end of a reconcile that read
   * `status` and set the router to `weights`: a setWeight or setCanaryScale step once the counts are
   * reached (`atDesiredCounts`), a route step at once; a pause, analysis, experiment or plugin step
   * only after its wait, which the plan lets the scaling finish in.
   */
  private stepCompletes(status: StatusModel, weights: Weights | undefined): boolean {
    if (status.abort || this.promoted) {
      return false;
    }
    const { step } = currentStep(this.spec, status);
    switch (step === undefined ? 'none' : stepCompletion(step)) {
      case 'counts':
        return atDesiredCounts(this.spec, status, this.canary, this.stableState(), this.older, weights, this.va);
      case 'atOnce':
        return true;
      default:
        return false;
    }
  }

  /**
   * Reconciles until the controller moves on, or until nothing changes; returns the moves and the
   * most pods seen. During a setWeight, setCanaryScale or route step it stops at the reconcile in
   * which the controller counts the step complete (what is left to scale, e.g. the stable of
   * dynamicStableScale, is scaled during the next step); past the last step, at the reconcile in
   * which the controller promotes (call `promote()` next); otherwise (a wait, an abort, a full
   * promotion) when nothing changes. `onReconcile` is called after each reconcile that changed
   * something, with the simulation in the state it left (e.g. to try an abort from there).
   */
  public settle(onReconcile?: () => void): { moves: Move[]; peak: number } {
    const moves: Move[] = [];
    let peak = this.pods;
    this.delaySeconds = 0;
    this.movedOn = false;
    const atStepEnd = !this.status.abort && !this.promoted && currentStep(this.spec, this.model()).step === undefined;
    for (let i = 0; i < MAX_RECONCILES; i++) {
      // the full promotion reads the new ReplicaSet's availability as it is at the start of the reconcile
      const promotes = atStepEnd && readyForFullPromotion(this.spec, this.canary, this.va);
      const step = this.reconcile();
      for (const m of step) {
        moves.push(m);
        peak = Math.max(peak, m.totalPods);
      }
      if (step.length > 0) {
        onReconcile?.();
      }
      if (this.completedInReconcile || promotes) {
        this.movedOn = true;
        return { moves, peak };
      }
      if (step.length === 0) {
        return { moves, peak };
      }
    }
    fail('The replica arithmetic did not settle: the controller would keep scaling this Rollout. Please report the Rollout with the plan that failed.');
  }

  /**
   * True when the controller moved on at the end of the last `settle()`, or the current step's
   * counts are reached (what completes setWeight and setCanaryScale).
   */
  public atDesired(): boolean {
    return this.movedOn
      || atDesiredCounts(this.spec, this.model(), this.canary, this.stableState(), this.older, this.status.weights, this.va);
  }

  /** The canary's share of traffic, in percent: the router's weight, or (basic canary) its share of the pods. */
  public get trafficPercent(): number {
    const c = this.spec.canary!;
    if (this.promoted) {
      return 100;
    }
    if (c.trafficRouting) {
      return Math.round(((this.status.weights?.canary ?? 0) * 10000) / c.maxTrafficWeight) / 100;
    }
    const serving = this.stable.replicas + this.canary.replicas + this.olderPods;
    return serving === 0 ? 0 : Math.round((this.canary.replicas * 10000) / serving) / 100;
  }

  /** Moves on to the next step. */
  public nextStep(): void {
    if (this.status.currentStepIndex !== undefined) {
      this.status.currentStepIndex++;
    }
  }

  /** The full promotion: the new ReplicaSet becomes the stable one; the previous stable is an older one. */
  public promote(): void {
    const previous = this.stable;
    this.status.stableRS = this.status.currentPodHash;
    if (previous.replicas > 0) {
      this.older.push(previous);
    }
    this.stable = this.canary;
  }

  /** An abort: back to step 0 with the abort flag set. */
  public abort(): void {
    this.status.abort = true;
    if (this.status.currentStepIndex !== undefined) {
      this.status.currentStepIndex = 0;
    }
  }
}
