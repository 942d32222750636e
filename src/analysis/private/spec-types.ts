/**
 * Types of the rendered analysis specs (AnalysisTemplate, ClusterAnalysisTemplate, AnalysisRun and
 * the blocks Rollouts and Experiments share), for the render methods. Internal: jsii never sees them.
 */
import { RenderedProvider } from './providers/common';
import { MetadataSpec } from '../../private/manifest-types';

/** An argument: declared by a template (`value` a default) or given by a user of it. */
export interface ArgSpec {
  readonly name: string;
  readonly value?: string;
  readonly valueFrom?: {
    readonly secretKeyRef?: { readonly name: string; readonly key: string };
    readonly fieldRef?: { readonly fieldPath: string };
    readonly podTemplateHashValue?: string;
  };
}

/** A metric of `spec.metrics`. */
export interface MetricSpec {
  readonly name: string;
  readonly interval?: string;
  readonly initialDelay?: string;
  readonly count?: number;
  readonly successCondition?: string;
  readonly failureCondition?: string;
  readonly failureLimit?: number;
  readonly inconclusiveLimit?: number;
  readonly consecutiveErrorLimit?: number;
  readonly consecutiveSuccessLimit?: number;
  readonly provider: RenderedProvider;
}

/** An entry of `dryRun`: a metric name or pattern. */
export interface MetricNameSpec {
  readonly metricName: string;
}

/** An entry of `measurementRetention`. */
export interface MeasurementRetentionSpec {
  readonly metricName: string;
  readonly limit: number;
}

/** A reference to a template (`templates[]`). */
export interface TemplateRefSpec {
  readonly templateName: string;
  readonly clusterScope?: boolean;
}

/** The rendered spec of an AnalysisTemplate or ClusterAnalysisTemplate. */
export interface AnalysisTemplateSpec {
  readonly args?: ArgSpec[];
  readonly metrics?: MetricSpec[];
  readonly dryRun?: MetricNameSpec[];
  readonly measurementRetention?: MeasurementRetentionSpec[];
  readonly templates?: TemplateRefSpec[];
}

/** The rendered spec of an AnalysisRun. */
export interface AnalysisRunSpec {
  readonly args?: ArgSpec[];
  readonly metrics: MetricSpec[];
  readonly dryRun?: MetricNameSpec[];
  readonly measurementRetention?: MeasurementRetentionSpec[];
  readonly terminate?: boolean;
  readonly ttlStrategy?: {
    readonly secondsAfterCompletion?: number;
    readonly secondsAfterSuccess?: number;
    readonly secondsAfterFailure?: number;
  };
}

/** The RolloutAnalysis block of steps, background and blue-green analysis. */
export interface RolloutAnalysisSpec {
  readonly templates: TemplateRefSpec[];
  readonly args?: ArgSpec[];
  readonly dryRun?: MetricNameSpec[];
  readonly measurementRetention?: MeasurementRetentionSpec[];
  readonly analysisRunMetadata?: MetadataSpec;
}

/** The background analysis of a canary (`canary.analysis`): a RolloutAnalysis and where it starts. */
export interface BackgroundAnalysisSpec extends RolloutAnalysisSpec {
  readonly startingStep?: number;
}
