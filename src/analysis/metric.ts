import { Duration } from 'cdk8s';
import { Condition } from './conditions';
import { MetricProvider } from './metric-provider';

/**
 * A metric of an analysis: what to measure, how often, and what counts as success.
 */
export interface Metric {
  /** The metric name, unique within the analysis (and across templates merged into one run). */
  readonly name: string;

  /** Where the measurement comes from. */
  readonly provider: MetricProvider;

  /**
   * Time between measurements. With an interval and no count, the metric runs until the analysis
   * ends (allowed only for background analysis).
   *
   * @default - one measurement
   */
  readonly interval?: Duration;

  /**
   * Wait before the first measurement.
   *
   * @default - none
   */
  readonly initialDelay?: Duration;

  /**
   * Number of measurements. More than one needs an `interval`.
   *
   * @default - 1 without interval, unbounded with one
   */
  readonly count?: number;

  /**
   * Success and failure conditions built with `Condition` (e.g. `Condition.resultAtLeast(0.95)`),
   * including the guard for an empty result. Not together with `successCondition` or `failureCondition`.
   *
   * @default - none
   */
  readonly condition?: Condition;

  /**
   * Expression over `result` that makes a measurement successful, written by hand.
   *
   * @default - any measurement that is not a failure succeeds
   */
  readonly successCondition?: string;

  /**
   * Expression over `result` that makes a measurement failed. When both conditions are set and
   * neither holds, the measurement is inconclusive.
   *
   * @default - no failure condition
   */
  readonly failureCondition?: string;

  /**
   * Failed measurements tolerated before the metric fails; -1 turns the limit off (then
   * `consecutiveSuccessLimit` decides).
   *
   * @default 0
   */
  readonly failureLimit?: number;

  /**
   * Inconclusive measurements tolerated before the metric is inconclusive.
   *
   * @default 0
   */
  readonly inconclusiveLimit?: number;

  /**
   * Consecutive measurement errors tolerated before the metric errors.
   *
   * @default 4
   */
  readonly consecutiveErrorLimit?: number;

  /**
   * Consecutive successful measurements that make the metric successful.
   *
   * @default 0 - off
   */
  readonly consecutiveSuccessLimit?: number;

  /**
   * Run the metric in dry-run mode: its result does not affect the analysis.
   *
   * @default false
   */
  readonly dryRun?: boolean;

  /**
   * Number of measurements kept in the AnalysisRun status.
   *
   * @default 10
   */
  readonly measurementRetention?: number;
}
