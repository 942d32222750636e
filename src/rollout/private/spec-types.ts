/**
 * The type of a rendered Rollout spec, for the render methods. Internal: jsii never sees it.
 */
import { BackgroundAnalysisSpec, RolloutAnalysisSpec } from '../../analysis/private';
import { RolloutExperimentStepSpec } from '../../experiment/private';
import { IntOrString, JsonObject, LabelSelectorSpec, MetadataSpec, PodTemplateSpec } from '../../private/manifest-types';
import { StepKey } from '../../private/step-kinds';
import { HeaderRoutingMatchSpec, RouteMatchSpec, TrafficRoutingSpec } from '../../traffic/private';

/** `spec.workloadRef`. */
export interface WorkloadRefSpec {
  readonly apiVersion: string;
  readonly kind: string;
  readonly name: string;
  readonly scaleDown?: string;
}

/** `pause` of a step: `{}` waits until promoted. */
export interface PauseSpec {
  readonly duration?: IntOrString;
}

/** `setCanaryScale` of a step. */
export interface SetCanaryScaleSpec {
  readonly weight?: number;
  readonly replicas?: number;
  readonly matchTrafficWeight?: boolean;
}

/** `setHeaderRoute` of a step; without `match` the route is removed. */
export interface SetHeaderRouteSpec {
  readonly name?: string;
  readonly match?: HeaderRoutingMatchSpec[];
}

/** `setMirrorRoute` of a step; without `match` the route is removed. */
export interface SetMirrorRouteSpec {
  readonly name: string;
  readonly match?: RouteMatchSpec[];
  readonly percentage?: number;
}

/** `plugin` of a step. */
export interface StepPluginSpec {
  readonly name: string;
  readonly config?: JsonObject;
}

/** The block of each step kind; one per row of src/private/step-kinds.ts (`CanaryStepSpec` fails to compile without it). */
interface StepBlockSpecs {
  readonly setWeight: number;
  readonly pause: PauseSpec;
  readonly setCanaryScale: SetCanaryScaleSpec;
  readonly analysis: RolloutAnalysisSpec;
  readonly experiment: RolloutExperimentStepSpec;
  readonly setHeaderRoute: SetHeaderRouteSpec;
  readonly setMirrorRoute: SetMirrorRouteSpec;
  readonly plugin: StepPluginSpec;
}

/** A step of `spec.strategy.canary.steps`: one step kind (several for a combined step). */
export type CanaryStepSpec = { readonly [K in StepKey]?: StepBlockSpecs[K] };

/** `antiAffinity` of a strategy: exactly one of preferred / required. */
export interface AntiAffinitySpec {
  readonly preferredDuringSchedulingIgnoredDuringExecution?: { readonly weight: number };
  readonly requiredDuringSchedulingIgnoredDuringExecution?: Record<string, never>;
}

/** `canary.replicaProgressThreshold` (Argo Rollouts 1.9+). */
export interface ReplicaProgressThresholdSpec {
  /** `Percent` or `Pods`. */
  readonly type: string;
  readonly value: number;
}

/** `spec.strategy.canary`. */
export interface CanaryStrategySpec {
  readonly steps?: CanaryStepSpec[];
  readonly maxSurge?: IntOrString;
  readonly maxUnavailable?: IntOrString;
  readonly stableService?: string;
  readonly canaryService?: string;
  readonly pingPong?: { readonly pingService: string; readonly pongService: string };
  readonly trafficRouting?: TrafficRoutingSpec;
  readonly analysis?: BackgroundAnalysisSpec;
  readonly canaryMetadata?: MetadataSpec;
  readonly stableMetadata?: MetadataSpec;
  readonly scaleDownDelaySeconds?: number;
  readonly scaleDownDelayRevisionLimit?: number;
  readonly abortScaleDownDelaySeconds?: number;
  readonly dynamicStableScale?: boolean;
  readonly minPodsPerReplicaSet?: number;
  readonly antiAffinity?: AntiAffinitySpec;
  readonly replicaProgressThreshold?: ReplicaProgressThresholdSpec;
}

/** `spec.strategy.blueGreen`. */
export interface BlueGreenStrategySpec {
  readonly activeService: string;
  readonly previewService?: string;
  readonly autoPromotionEnabled?: boolean;
  readonly autoPromotionSeconds?: number;
  readonly previewReplicaCount?: number;
  readonly maxUnavailable?: IntOrString;
  readonly scaleDownDelaySeconds?: number;
  readonly scaleDownDelayRevisionLimit?: number;
  readonly abortScaleDownDelaySeconds?: number;
  readonly prePromotionAnalysis?: RolloutAnalysisSpec;
  readonly postPromotionAnalysis?: RolloutAnalysisSpec;
  readonly antiAffinity?: AntiAffinitySpec;
  readonly activeMetadata?: MetadataSpec;
  readonly previewMetadata?: MetadataSpec;
}

/** `spec.strategy`: exactly one of `canary` / `blueGreen`. */
export interface StrategySpec {
  readonly canary?: CanaryStrategySpec;
  readonly blueGreen?: BlueGreenStrategySpec;
}

/** The rendered spec of a Rollout. */
export interface RolloutSpec {
  readonly replicas?: number;
  readonly selector?: LabelSelectorSpec;
  readonly workloadRef?: WorkloadRefSpec;
  readonly template?: PodTemplateSpec;
  readonly minReadySeconds?: number;
  readonly progressDeadlineSeconds?: number;
  readonly progressDeadlineAbort?: boolean;
  readonly revisionHistoryLimit?: number;
  readonly paused?: boolean;
  readonly restartAt?: string;
  readonly rollbackWindow?: { readonly revisions: number };
  readonly analysis?: { readonly successfulRunHistoryLimit?: number; readonly unsuccessfulRunHistoryLimit?: number };
  /** `canary` or `blueGreen`, as the bound strategy renders it. */
  readonly strategy: StrategySpec;
}
