/**
 * What a canary step learns from the strategy it belongs to. Internal: the strategy builds it and
 * passes it to `CanaryStep._check()` and `CanaryStep._render()`.
 */
export interface CanaryStepContext {
  /** The step's index in the strategy's steps, for messages. */
  readonly index: number;

  /** The strategy's traffic weight denominator (100 unless the strategy sets `maxTrafficWeight`). */
  readonly maxTrafficWeight: number;

  /** Whether the strategy sets `maxTrafficWeight` itself. */
  readonly maxTrafficWeightSet: boolean;
}

/** The context of a step in a strategy with the given `maxTrafficWeight` (undefined: not set). */
export function stepContext(index: number, maxTrafficWeight: number | undefined): CanaryStepContext {
  return { index, maxTrafficWeight: maxTrafficWeight ?? 100, maxTrafficWeightSet: maxTrafficWeight !== undefined };
}
