/**
 * The type of a rendered Rollout spec, for the render methods. Internal: jsii never sees it.
 */
import { JsonObject, LabelSelectorSpec, PodTemplateSpec } from '../../private/manifest-types';

/** `spec.workloadRef`. */
export interface WorkloadRefSpec {
  readonly apiVersion: string;
  readonly kind: string;
  readonly name: string;
  readonly scaleDown?: string;
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
  readonly strategy: JsonObject;
}
