import { IAnalysisTemplate } from './analysis-template-ref';
import { AnalysisArg } from './args';

/**
 * The analysis a Rollout runs: one or more templates merged into one AnalysisRun.
 * Used by analysis steps, canary background analysis and blue-green pre/post-promotion analysis.
 */
export interface RolloutAnalysisOptions {
  /**
   * The templates to run. Their metrics are merged into one AnalysisRun, so metric names must be
   * unique across them.
   */
  readonly templates: IAnalysisTemplate[];

  /**
   * Values for the templates' arguments.
   *
   * @default - no arguments
   */
  readonly args?: AnalysisArg[];

  /**
   * Metrics (names or regular expressions, `.*` for all) that run in dry-run mode: their result
   * does not affect the analysis.
   *
   * @default - none
   */
  readonly dryRunMetrics?: string[];

  /**
   * How many measurements to keep per metric (name or regular expression).
   *
   * @default - the controller keeps 10
   */
  readonly measurementRetention?: { [metricName: string]: number };

  /**
   * Labels added to the AnalysisRuns the controller creates.
   *
   * @default - none
   */
  readonly analysisRunLabels?: { [key: string]: string };

  /**
   * Annotations added to the AnalysisRuns the controller creates.
   *
   * @default - none
   */
  readonly analysisRunAnnotations?: { [key: string]: string };
}

/**
 * Background analysis of a canary: runs from `startingStep` until the Rollout completes.
 */
export interface BackgroundAnalysisOptions extends RolloutAnalysisOptions {
  /**
   * Index of the step at which the analysis starts.
   *
   * @default 0
   */
  readonly startingStep?: number;
}
