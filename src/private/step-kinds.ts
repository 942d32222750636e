/**
 * The canary step kinds, one row each: what the rules (V32, V33), the plan (the controller's order of
 * judging a step, the order of a combined step's name), the typed views and the importer know of a
 * kind, as data. The kind's factory (`CanaryStep.<factory>()`), its rendering and the public enum
 * `CanaryStepKind` are in `src/rollout/canary-step.ts`; the plan's words for it in
 * `src/plan/rollout-plan.ts`; the importer's code for it in `src/import/private/emit-rollout.ts`.
 */

/**
 * How the controller judges a step complete (completedCurrentCanaryStep). `counts`: once the
 * ReplicaSets are at their desired counts; `atOnce`: in the step's first reconcile; `waits`: after
 * a pause, an analysis, an experiment or a plugin ends.
 */
export type StepCompletion = 'counts' | 'atOnce' | 'waits';

/** One canary step kind. */
export interface StepKindRow {
  /** Its key in a step of `spec.strategy.canary.steps` (a `CanaryStepKind`). */
  readonly key: string;
  /** Its factory, `CanaryStep.<factory>`. */
  readonly factory: string;
  /** A step may set only one of the exclusive kinds (V33; `CanaryStep.combined()`). */
  readonly exclusive: boolean;
  /** How a step of this kind completes, when this kind decides (see `completionRank`). */
  readonly completion: StepCompletion;
  /** Its rank in the controller's order of judging a step: of a combined step's kinds, the first decides how it completes. */
  readonly completionRank: number;
  /** Its rank in the plan's name of a combined step (the parts joined by ` + `), and in rule V32's fix. */
  readonly nameRank: number;
}

/** The step kinds, in the order rule V33 names the exclusive ones. */
export const STEP_KINDS = [
  { key: 'setWeight', factory: 'CanaryStep.setWeight', exclusive: true, completion: 'counts', completionRank: 3, nameRank: 1 },
  { key: 'pause', factory: 'CanaryStep.pause', exclusive: true, completion: 'waits', completionRank: 1, nameRank: 2 },
  { key: 'experiment', factory: 'CanaryStep.experiment', exclusive: true, completion: 'waits', completionRank: 4, nameRank: 4 },
  { key: 'analysis', factory: 'CanaryStep.analysis', exclusive: true, completion: 'waits', completionRank: 5, nameRank: 3 },
  // (`canaryScale`: jsii reserves one-argument `setXxx` names for Java property setters)
  { key: 'setCanaryScale', factory: 'CanaryStep.canaryScale', exclusive: false, completion: 'counts', completionRank: 2, nameRank: 5 },
  { key: 'setHeaderRoute', factory: 'CanaryStep.setHeaderRoute', exclusive: false, completion: 'atOnce', completionRank: 6, nameRank: 6 },
  { key: 'setMirrorRoute', factory: 'CanaryStep.setMirrorRoute', exclusive: false, completion: 'atOnce', completionRank: 7, nameRank: 7 },
  { key: 'plugin', factory: 'CanaryStep.plugin', exclusive: false, completion: 'waits', completionRank: 8, nameRank: 8 },
] as const satisfies readonly StepKindRow[];

/** A row of STEP_KINDS, with its key's literal type. */
export type StepKindEntry = (typeof STEP_KINDS)[number];

/** A step kind's key. */
export type StepKey = StepKindEntry['key'];

/** The row of a step key, when it is one of a step kind. */
export function stepKindRow(key: string): StepKindEntry | undefined {
  return STEP_KINDS.find(r => r.key === key);
}

/** The step kinds in the order of a rank. */
export function stepKindsBy(rank: 'completionRank' | 'nameRank'): StepKindEntry[] {
  return [...STEP_KINDS].sort((a, b) => a[rank] - b[rank]);
}

/** The keys of the kinds of which a step may set only one (V33), in the rows' order. */
export const EXCLUSIVE_STEP_KEYS: readonly StepKey[] = STEP_KINDS.filter(r => r.exclusive).map(r => r.key);
