import { CanaryStep } from './canary-step';
import { ResolvedService, ServicePodSource } from './service-binding';
import { IAnalysisTemplate } from '../analysis/analysis-template-ref';
import { IgnoreDifference } from '../traffic/router';

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
 * A strategy bound to one Rollout: holds that Rollout's mutable state (steps) and Services.
 */
export interface BoundStrategy {
  readonly services: { [role: string]: ResolvedService };
  readonly steps: CanaryStep[];
  addStep(step: CanaryStep): void;
  render(): any;
  analysisTemplates(): IAnalysisTemplate[];
  routerManifests(): any[];
  ignoreDifferences(): IgnoreDifference[];
}

