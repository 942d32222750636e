/**
 * What the rules read of a manifest, typed. A manifest comes from anywhere (parsed YAML, a user's
 * JSON), so nothing in it is trusted: every field is optional and `unknown` until a rule checks it
 * with a guard (`isObject`, `asObject`, `asArray`, `asString`, `typeof`, ...). The views name the
 * fields the rules read, so that a reader sees which fields a shape has; a field a view does not name
 * reads as `unknown` too (the views are JSON objects).
 *
 * Where a context has checked a value (that `spec` is an object, that the canary strategy is the only
 * one set), it hands out the view itself rather than `unknown`.
 */
import { JsonObject } from '../../private/manifest-types';
import { RouterKey } from '../../private/routers';
import { StepKey } from '../../private/step-kinds';

/** A manifest: identity and body as written. */
export interface ManifestView extends JsonObject {
  readonly apiVersion?: unknown;
  readonly kind?: unknown;
  readonly metadata?: unknown;
  readonly spec?: unknown;
}

/** `metadata` of a manifest. */
export interface MetadataView extends JsonObject {
  readonly name?: unknown;
  readonly namespace?: unknown;
  readonly labels?: unknown;
  readonly annotations?: unknown;
  readonly ownerReferences?: unknown;
}

/** `spec` of a Rollout. */
export interface RolloutSpecView extends JsonObject {
  readonly replicas?: unknown;
  readonly selector?: unknown;
  readonly template?: unknown;
  readonly workloadRef?: unknown;
  readonly strategy?: unknown;
  readonly minReadySeconds?: unknown;
  readonly revisionHistoryLimit?: unknown;
  readonly progressDeadlineSeconds?: unknown;
  readonly progressDeadlineAbort?: unknown;
  readonly paused?: unknown;
  readonly analysis?: unknown;
}

/** `spec.strategy.blueGreen` of a Rollout. */
export interface BlueGreenView extends JsonObject {
  readonly activeService?: unknown;
  readonly previewService?: unknown;
  readonly autoPromotionEnabled?: unknown;
  readonly autoPromotionSeconds?: unknown;
  readonly scaleDownDelaySeconds?: unknown;
  readonly prePromotionAnalysis?: unknown;
  readonly postPromotionAnalysis?: unknown;
  readonly previewReplicaCount?: unknown;
}

/** `spec.strategy.canary` of a Rollout. */
export interface CanaryView extends JsonObject {
  readonly stableService?: unknown;
  readonly canaryService?: unknown;
  readonly pingPong?: unknown;
  readonly steps?: unknown;
  readonly trafficRouting?: unknown;
  readonly analysis?: unknown;
  readonly maxSurge?: unknown;
  readonly maxUnavailable?: unknown;
  readonly dynamicStableScale?: unknown;
  readonly scaleDownDelaySeconds?: unknown;
}

/** The router blocks of `trafficRouting`, by router key (the rows of src/private/routers.ts). */
type RouterBlocksView = { readonly [K in RouterKey]?: unknown };

/** `spec.strategy.canary.trafficRouting` of a Rollout: the routers and what they share. */
export interface TrafficRoutingView extends JsonObject, RouterBlocksView {
  readonly maxTrafficWeight?: unknown;
  readonly managedRoutes?: unknown;
}

/** The blocks of a canary step, by step kind (the rows of src/private/step-kinds.ts). */
type StepBlocksView = { readonly [K in StepKey]?: unknown };

/** A canary step: one of its kinds is set. */
export interface CanaryStepView extends JsonObject, StepBlocksView {}

/** `spec` of an AnalysisTemplate, ClusterAnalysisTemplate or AnalysisRun. */
export interface AnalysisSpecView extends JsonObject {
  readonly metrics?: unknown;
  readonly args?: unknown;
  readonly dryRun?: unknown;
  readonly measurementRetention?: unknown;
  /** Nested template references. */
  readonly templates?: unknown;
}

/** An analysis of a Rollout (`analysis`, `prePromotionAnalysis`, a step's `analysis`) or an Experiment. */
export interface AnalysisUseView extends JsonObject {
  readonly name?: unknown;
  readonly templates?: unknown;
  readonly templateName?: unknown;
  readonly clusterScope?: unknown;
  readonly args?: unknown;
  readonly dryRun?: unknown;
  readonly measurementRetention?: unknown;
}

/** A template reference: `templateName` and `clusterScope`. */
export interface TemplateRefView extends JsonObject {
  readonly templateName?: unknown;
  readonly clusterScope?: unknown;
}

/** An argument: declared by a template (`value` a default) or passed by a caller. */
export interface ArgView extends JsonObject {
  readonly name?: unknown;
  readonly value?: unknown;
  readonly valueFrom?: unknown;
}

/** A metric of an analysis template or run. */
export interface MetricView extends JsonObject {
  readonly name?: unknown;
  readonly provider?: unknown;
  readonly interval?: unknown;
  readonly initialDelay?: unknown;
  readonly count?: unknown;
  readonly failureLimit?: unknown;
  readonly inconclusiveLimit?: unknown;
  readonly consecutiveErrorLimit?: unknown;
  readonly successCondition?: unknown;
  readonly failureCondition?: unknown;
}
