/**
 * The shape of a comparison of two sets of rollout plans (a base branch's manifests and a pull
 * request's): what a change does to each Rollout's update. JSON with a stable shape, for snapshot
 * tests and for tools that post it.
 */

/** One figure of a Rollout's update before and after a change. */
export interface PlanFigureChange {
  /**
   * Which figure: `peak` (pods at the most), `cpu` (millicores requested at the peak), `memory`
   * (bytes requested at the peak), `time` (minimum seconds), `promotions` (manual promotions),
   * `abort` (pods at the most when the update is aborted).
   */
  readonly figure: string;
  /**
   * The figure in the base.
   *
   * @default - none: the change adds the Rollout
   */
  readonly base?: number;
  /**
   * The figure in the head.
   *
   * @default - none: the change removes the Rollout
   */
  readonly head?: number;
  /** `head - base` (a missing side counts as 0). */
  readonly delta: number;
}

/** A point of the canary's traffic share over an update: where it changes, or where the update waits. */
export interface PlanTrafficPoint {
  /** The step that sets it (`-1` for the full promotion at the end). */
  readonly step: number;
  /** Percent of the traffic the canary gets from this step on. */
  readonly weight: number;
  /** Seconds after the update starts at the earliest (the minimum times of the steps before it). */
  readonly atSeconds: number;
  /** Manual promotions (and other waits without a time limit) before it. */
  readonly promotionsBefore: number;
}

/** One step of a Rollout's update before and after a change. */
export interface PlanStepChange {
  /** `unchanged`, `changed`, `added` or `removed`. */
  readonly change: string;
  /**
   * The step's index in the base (`-1` for the full promotion).
   *
   * @default - none: the step is added
   */
  readonly baseIndex?: number;
  /**
   * The step's index in the head (`-1` for the full promotion).
   *
   * @default - none: the step is removed
   */
  readonly headIndex?: number;
  /**
   * The step in the base, in words (`setWeight: 20`).
   *
   * @default - none: the step is added
   */
  readonly baseName?: string;
  /**
   * The step in the head, in words.
   *
   * @default - none: the step is removed
   */
  readonly headName?: string;
  /**
   * The canary's traffic share in the base at the end of the step, in percent.
   *
   * @default - none: the step is added
   */
  readonly baseWeight?: number;
  /**
   * The canary's traffic share in the head at the end of the step, in percent.
   *
   * @default - none: the step is removed
   */
  readonly headWeight?: number;
  /** What differs, in words (`canary pods 1 → 2`); empty unless `changed`. */
  readonly differences: string[];
}

/** What a change does to one Rollout's update. */
export interface RolloutPlanChange {
  readonly name: string;
  /** The namespace, `''` when the manifest sets none. */
  readonly namespace: string;
  /**
   * `added`, `removed`, `changed`, or `unchanged` (the plans are the same: the change touches
   * only fields that do not change the update, such as the image).
   */
  readonly change: string;
  /** The strategy of the head (of the base for a removed Rollout). */
  readonly strategy: string;
  /**
   * The Argo Rollouts release of the base plan.
   *
   * @default - none: the change adds the Rollout
   */
  readonly baseVersion?: string;
  /**
   * The Argo Rollouts release of the head plan.
   *
   * @default - none: the change removes the Rollout
   */
  readonly headVersion?: string;
  /** The figures, always in the order peak, cpu, memory, time, promotions, abort. */
  readonly figures: PlanFigureChange[];
  /** True when some step of the base or the head waits without a time limit (so `time` is a minimum). */
  readonly indefinite: boolean;
  /** The steps, aligned: base and head in order, a step of both on one row. */
  readonly steps: PlanStepChange[];
  /** The canary's traffic share over the base's update (where it changes). */
  readonly baseTraffic: PlanTrafficPoint[];
  /** The canary's traffic share over the head's update (where it changes). */
  readonly headTraffic: PlanTrafficPoint[];
  /**
   * Where the base's update waits without a time limit (a manual promotion, a pause without a
   * duration, an analysis that runs until stopped): the step, the canary's share while it waits,
   * how soon the wait begins.
   */
  readonly baseWaits: PlanTrafficPoint[];
  /** The same for the head. */
  readonly headWaits: PlanTrafficPoint[];
  /** Notes of the head plan that the base plan does not have. */
  readonly notesAdded: string[];
  /** Notes of the base plan that the head plan does not have. */
  readonly notesRemoved: string[];
  /** Other differences of the plans, in words (replicas, maxSurge, migration, autoscaling, the release). */
  readonly otherDifferences: string[];
}

/** How many Rollouts a change adds, removes, changes and leaves as they are. */
export interface PlanComparisonSummary {
  readonly added: number;
  readonly removed: number;
  readonly changed: number;
  readonly unchanged: number;
}

/** A comparison of two sets of plans: per Rollout (sorted by namespace, then name), what the change does. */
export interface PlanComparisonJson {
  readonly summary: PlanComparisonSummary;
  readonly rollouts: RolloutPlanChange[];
}
