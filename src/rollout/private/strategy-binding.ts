import { ApiObject } from 'cdk8s';
import { CanaryStep } from '../canary-step';
import { ResolvedService, ServicePodSource } from './service-binding';
import { StrategySpec } from './spec-types';
import { IAnalysisTemplate } from '../../analysis/analysis-template-ref';
import { BackgroundAnalysisOptions, RolloutAnalysisOptions } from '../../analysis/rollout-analysis';
import { IgnoreDifference, ITrafficRouter } from '../../traffic/router';

/**
 * What a strategy needs from the Rollout it is bound to.
 */
export interface StrategyHost extends ServicePodSource {
  /** The Rollout's Kubernetes name. */
  readonly name: string;
  /** The Rollout's namespace. */
  readonly namespace?: string;
  /** `revisionHistoryLimit` as configured. */
  readonly revisionHistoryLimit?: number;
}

/**
 * The lists of a strategy that stay open after construction: the Rollout's add-methods. A
 * strategy's own lists are replayed through them (`RolloutStrategy._replay()`).
 */
export interface OpenStrategy {
  addStep(step: CanaryStep): void;
  addTrafficRouter(router: ITrafficRouter): void;
  addBackgroundAnalysis(options: BackgroundAnalysisOptions): void;
  addPrePromotionAnalysis(options: RolloutAnalysisOptions): void;
  addPostPromotionAnalysis(options: RolloutAnalysisOptions): void;
}

/** The role of a Service of a strategy. */
export type StrategyServiceRole = 'stable' | 'canary' | 'ping' | 'pong' | 'active' | 'preview';

/**
 * A strategy bound to one Rollout (`CanaryStrategy`, `BlueGreenStrategy`): holds that Rollout's
 * mutable state (steps, routers, analyses) and Services. The add-methods throw when the strategy
 * has no such list (a router on blue-green).
 */
export interface BoundStrategy extends OpenStrategy {
  /** The Service of a role, when the strategy has one; a router added later may add the stable and canary ones. */
  service(role: StrategyServiceRole): ResolvedService | undefined;
  /** All the Services, in the order they were resolved. */
  services(): ResolvedService[];
  /** The canary steps (a copy); empty for blue-green. */
  steps(): CanaryStep[];
  /** `spec.strategy`; pure. */
  render(): StrategySpec;
  analysisTemplates(): IAnalysisTemplate[];
  /** The router objects this app defines, for the check at synth. */
  routerObjects(): ApiObject[];
  ignoreDifferences(): IgnoreDifference[];
}
