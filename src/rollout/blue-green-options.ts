import { Duration } from 'cdk8s';
import { AntiAffinity, RolePodMetadata } from './strategy-options';
import { StrategyService } from './strategy-service';
import { RolloutAnalysisOptions } from '../analysis/rollout-analysis';
import * as kplus from '../private/kplus';

/**
 * Options of a blue-green strategy. The timeline: the new version starts behind the preview
 * Service (`previewReplicaCount` pods), pre-promotion analysis runs, the Rollout is promoted
 * (automatically, after `autoPromotionDelay`, or by hand), the active Service switches to the new
 * pods, post-promotion analysis runs, and after `scaleDownDelay` the old pods go away.
 */
export interface BlueGreenStrategyOptions {
  /**
   * The Service that serves production traffic; switched to the new pods at promotion.
   *
   * @default StrategyService.define() named `<rollout>-active`
   */
  readonly activeService?: StrategyService;

  /**
   * The Service that points at the new pods before promotion.
   *
   * @default StrategyService.define() named `<rollout>-preview`
   */
  readonly previewService?: StrategyService;

  /**
   * Promote without a manual step once the new pods are ready. False pauses before the switch.
   *
   * @default true
   */
  readonly autoPromotionEnabled?: boolean;

  /**
   * Promote this long after the new pods are ready (`autoPromotionSeconds`). Ignored when
   * auto-promotion is off.
   *
   * @default - at once
   */
  readonly autoPromotionDelay?: Duration;

  /**
   * Pods of the new version before promotion; scaled to full size before the switch.
   *
   * @default - the full replica count
   */
  readonly previewReplicaCount?: number;

  /**
   * Pods that may be unavailable during the update.
   *
   * @default PercentOrAbsolute.percent(25)
   */
  readonly maxUnavailable?: kplus.PercentOrAbsolute;

  /**
   * Delay before the old pods are scaled down after the switch.
   *
   * @default Duration.seconds(30)
   */
  readonly scaleDownDelay?: Duration;

  /**
   * How many old ReplicaSets may keep running during `scaleDownDelay`. At most `revisionHistoryLimit`.
   *
   * @default - no limit
   */
  readonly scaleDownDelayRevisionLimit?: number;

  /**
   * Delay before the preview pods are scaled down after an abort; `Duration.seconds(0)` keeps them.
   *
   * @default Duration.seconds(30)
   */
  readonly abortScaleDownDelay?: Duration;

  /**
   * Analysis before the switch; its metrics must finish.
   *
   * @default - none
   */
  readonly prePromotionAnalysis?: RolloutAnalysisOptions;

  /**
   * Analysis after the switch; its metrics must finish.
   *
   * @default - none
   */
  readonly postPromotionAnalysis?: RolloutAnalysisOptions;

  /**
   * Anti-affinity of new pods against the previous ReplicaSet.
   *
   * @default - none
   */
  readonly antiAffinity?: AntiAffinity;

  /**
   * Labels and annotations of active pods.
   *
   * @default - none
   */
  readonly activeMetadata?: RolePodMetadata;

  /**
   * Labels and annotations of preview pods.
   *
   * @default - none
   */
  readonly previewMetadata?: RolePodMetadata;
}
