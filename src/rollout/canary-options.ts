import { Duration } from 'cdk8s';
import { CanaryStep } from './canary-step';
import { AntiAffinity, ReplicaProgressThreshold, RolePodMetadata } from './strategy-options';
import { StrategyService } from './strategy-service';
import { BackgroundAnalysisOptions } from '../analysis/rollout-analysis';
import * as kplus from '../private/kplus';
import { ITrafficRouter } from '../traffic/router';

/**
 * Ping-pong Services: the controller swaps two Services between stable and canary instead of
 * using stable and canary Services. Only some routers take it, depending on the release: synth names
 * them (docs/rules.md, V22).
 */
export interface PingPongOptions {
  /**
   * The ping Service.
   *
   * @default StrategyService.define() named `<rollout>-ping`
   */
  readonly pingService?: StrategyService;

  /**
   * The pong Service.
   *
   * @default StrategyService.define() named `<rollout>-pong`
   */
  readonly pongService?: StrategyService;
}

/**
 * Options of a canary strategy.
 */
export interface CanaryStrategyOptions {
  /**
   * The steps of an update, in order.
   *
   * @default - no steps: the new version replaces the old one like a rolling update
   */
  readonly steps?: CanaryStep[];

  /**
   * Pods that may be created above the desired count during the update.
   *
   * @default PercentOrAbsolute.percent(25)
   */
  readonly maxSurge?: kplus.PercentOrAbsolute;

  /**
   * Pods that may be unavailable during the update. Not 0 when `maxSurge` is 0.
   *
   * @default PercentOrAbsolute.percent(25)
   */
  readonly maxUnavailable?: kplus.PercentOrAbsolute;

  /**
   * The Service that selects only stable pods.
   *
   * @default - defined when a traffic router needs it, none otherwise
   */
  readonly stableService?: StrategyService;

  /**
   * The Service that selects only canary pods.
   *
   * @default - defined when a traffic router needs it, none otherwise
   */
  readonly canaryService?: StrategyService;

  /**
   * Traffic routers that shift traffic by weight instead of by pod counts.
   *
   * @default - no traffic routing: the canary weight is approximated by replica counts
   */
  readonly trafficRouting?: ITrafficRouter[];

  /**
   * The denominator of traffic weights. Only some routers take it: synth names them (docs/traffic.md
   * lists them).
   *
   * @default 100
   */
  readonly maxTrafficWeight?: number;

  /**
   * Background analysis that runs during the update.
   *
   * @default - none
   */
  readonly analysis?: BackgroundAnalysisOptions;

  /**
   * Labels and annotations of canary pods during an update.
   *
   * @default - none
   */
  readonly canaryMetadata?: RolePodMetadata;

  /**
   * Labels and annotations of stable pods.
   *
   * @default - none
   */
  readonly stableMetadata?: RolePodMetadata;

  /**
   * Delay before the old ReplicaSet is scaled down once the update is complete. Traffic routing only.
   *
   * @default - 30 seconds with traffic routing
   */
  readonly scaleDownDelay?: Duration;

  /**
   * How many old ReplicaSets may keep running during `scaleDownDelay`.
   *
   * @default - no limit
   */
  readonly scaleDownDelayRevisionLimit?: number;

  /**
   * Delay before the canary is scaled down after an abort; `Duration.seconds(0)` keeps it. Traffic routing only.
   *
   * @default - 30 seconds
   */
  readonly abortScaleDownDelay?: Duration;

  /**
   * Scale the stable ReplicaSet down as canary traffic grows. Traffic routing only; not with `scaleDownDelay`.
   *
   * @default false
   */
  readonly dynamicStableScale?: boolean;

  /**
   * Minimum pods per stable and canary ReplicaSet. Traffic routing only.
   *
   * @default 1
   */
  readonly minPodsPerReplicaSet?: number;

  /**
   * Anti-affinity of new pods against the previous ReplicaSet.
   *
   * @default - none
   */
  readonly antiAffinity?: AntiAffinity;

  /**
   * Ping-pong Services instead of stable and canary Services (only some routers take them, depending
   * on the release: synth names them).
   *
   * @default - none
   */
  readonly pingPong?: PingPongOptions;

  /**
   * Share of canary pods that must be available before a step completes (Argo Rollouts 1.9+).
   *
   * @default - 100%
   */
  readonly replicaProgressThreshold?: ReplicaProgressThreshold;
}
