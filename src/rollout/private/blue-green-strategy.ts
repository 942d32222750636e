import { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import { ResolvedService, resolveStrategyService } from './service-binding';
import { StrategySpec } from './spec-types';
import { BoundStrategy, OpenStrategy, StrategyHost, StrategyServiceRole } from './strategy-binding';
import {
  ANTI_AFFINITY, checkDistinct, checkOnce, copyAnalysis, metadataOf, percentOrAbsolute, ROLE_POD_METADATA, STRATEGY_SERVICE, wrongStrategy,
} from './strategy-common';
import { IAnalysisTemplate } from '../../analysis/analysis-template-ref';
import { renderRolloutAnalysis, ROLLOUT_ANALYSIS_OPTIONS } from '../../analysis/private';
import { RolloutAnalysisOptions } from '../../analysis/rollout-analysis';
import { DURATION, PERCENT_OR_ABSOLUTE, struct } from '../../private/arguments';
import { fail } from '../../private/synth-error';
import { checkInteger, toSeconds } from '../../private/utils';
import { IgnoreDifference } from '../../traffic/router';
import { BlueGreenStrategyOptions } from '../blue-green-options';
import { CanaryStep } from '../canary-step';
import { StrategyService } from '../strategy-service';

/** The fields of `BlueGreenStrategyOptions`, for `checkArgument`. */
export const BLUE_GREEN_OPTIONS = struct('BlueGreenStrategyOptions', {
  activeService: STRATEGY_SERVICE,
  previewService: STRATEGY_SERVICE,
  autoPromotionEnabled: 'boolean',
  autoPromotionDelay: DURATION,
  previewReplicaCount: 'number',
  maxUnavailable: PERCENT_OR_ABSOLUTE,
  scaleDownDelay: DURATION,
  scaleDownDelayRevisionLimit: 'number',
  abortScaleDownDelay: DURATION,
  prePromotionAnalysis: ROLLOUT_ANALYSIS_OPTIONS,
  postPromotionAnalysis: ROLLOUT_ANALYSIS_OPTIONS,
  antiAffinity: ANTI_AFFINITY,
  activeMetadata: ROLE_POD_METADATA,
  previewMetadata: ROLE_POD_METADATA,
});

/**
 * A blue-green strategy bound to one Rollout: its active and preview Services and its pre- and
 * post-promotion analyses. It has no steps, traffic routers or background analysis; adding one
 * throws.
 */
export class BlueGreenStrategy implements BoundStrategy {
  /** Checks the values of blue-green options (their types: `BLUE_GREEN_OPTIONS`). */
  public static check(o: BlueGreenStrategyOptions): void {
    percentOrAbsolute('maxUnavailable', o.maxUnavailable);
    checkInteger('previewReplicaCount', o.previewReplicaCount, 1);
    checkInteger('scaleDownDelayRevisionLimit', o.scaleDownDelayRevisionLimit, 0);
    toSeconds('autoPromotionDelay', o.autoPromotionDelay);
    toSeconds('scaleDownDelay', o.scaleDownDelay);
    toSeconds('abortScaleDownDelay', o.abortScaleDownDelay);
    if (o.activeService?._mode === 'none') {
      fail('A blue-green Rollout needs an active Service: leave activeService out (the Rollout defines one) or pass your own.');
    }
    if (o.autoPromotionDelay !== undefined && o.autoPromotionEnabled === false) {
      fail('autoPromotionDelay has no effect with autoPromotionEnabled: false (the Rollout waits to be promoted by hand). Drop one of them.');
    }
    if (o.prePromotionAnalysis) renderRolloutAnalysis('prePromotionAnalysis', o.prePromotionAnalysis);
    if (o.postPromotionAnalysis) renderRolloutAnalysis('postPromotionAnalysis', o.postPromotionAnalysis);
  }

  /** Adds the analyses of the options to a Rollout through its add-methods, in the order of the options. */
  public static replay(o: BlueGreenStrategyOptions, target: OpenStrategy): void {
    if (o.prePromotionAnalysis) target.addPrePromotionAnalysis(o.prePromotionAnalysis);
    if (o.postPromotionAnalysis) target.addPostPromotionAnalysis(o.postPromotionAnalysis);
  }

  private readonly active: ResolvedService;
  private readonly preview: ResolvedService | undefined;
  private prePromotion: RolloutAnalysisOptions | undefined;
  private postPromotion: RolloutAnalysisOptions | undefined;

  /** Defines the active and preview Services the Rollout needs. */
  constructor(private readonly host: Construct & StrategyHost, private readonly options: BlueGreenStrategyOptions) {
    const o = options;
    this.active = resolveStrategyService(host, 'active', host.name, o.activeService ?? StrategyService.define(), host.namespace)!;
    this.preview = resolveStrategyService(host, 'preview', host.name, o.previewService ?? StrategyService.define(), host.namespace);
    checkDistinct(host, this.active, this.preview, 'active', 'preview');
  }

  public service(role: StrategyServiceRole): ResolvedService | undefined {
    if (role === 'active') return this.active;
    return role === 'preview' ? this.preview : undefined;
  }

  public services(): ResolvedService[] {
    return this.preview ? [this.active, this.preview] : [this.active];
  }

  public steps(): CanaryStep[] {
    return [];
  }

  public addStep(): void {
    this.noCanary('steps', 'Use RolloutStrategy.canary() for steps.');
  }

  public addTrafficRouter(): void {
    this.noCanary('traffic routers (the controller switches the active Service at promotion)',
      'Use RolloutStrategy.canary() to shift traffic through a router.');
  }

  public addBackgroundAnalysis(): void {
    this.noCanary('background analysis', 'Use addPrePromotionAnalysis() or addPostPromotionAnalysis(), or RolloutStrategy.canary().');
  }

  public addPrePromotionAnalysis(options: RolloutAnalysisOptions): void {
    checkOnce(this.host, this.prePromotion, 'pre-promotion analysis', 'addPrePromotionAnalysis()');
    renderRolloutAnalysis('prePromotionAnalysis', options);
    this.prePromotion = copyAnalysis(options);
  }

  public addPostPromotionAnalysis(options: RolloutAnalysisOptions): void {
    checkOnce(this.host, this.postPromotion, 'post-promotion analysis', 'addPostPromotionAnalysis()');
    renderRolloutAnalysis('postPromotionAnalysis', options);
    this.postPromotion = copyAnalysis(options);
  }

  public analysisTemplates(): IAnalysisTemplate[] {
    return [...(this.prePromotion?.templates ?? []), ...(this.postPromotion?.templates ?? [])];
  }

  public routerObjects(): ApiObject[] {
    return [];
  }

  public ignoreDifferences(): IgnoreDifference[] {
    return [];
  }

  public render(): StrategySpec {
    const o = this.options;
    const historyLimit = this.host.revisionHistoryLimit ?? 10;
    if (o.scaleDownDelayRevisionLimit !== undefined && o.scaleDownDelayRevisionLimit > historyLimit) {
      fail(`scaleDownDelayRevisionLimit (${o.scaleDownDelayRevisionLimit}) is above revisionHistoryLimit (${historyLimit}). `
        + 'Lower it, or raise revisionHistoryLimit.');
    }
    return {
      blueGreen: {
        activeService: this.active.name,
        previewService: this.preview?.name,
        autoPromotionEnabled: o.autoPromotionEnabled,
        autoPromotionSeconds: toSeconds('autoPromotionDelay', o.autoPromotionDelay),
        previewReplicaCount: o.previewReplicaCount,
        maxUnavailable: percentOrAbsolute('maxUnavailable', o.maxUnavailable),
        scaleDownDelaySeconds: toSeconds('scaleDownDelay', o.scaleDownDelay),
        scaleDownDelayRevisionLimit: o.scaleDownDelayRevisionLimit,
        abortScaleDownDelaySeconds: toSeconds('abortScaleDownDelay', o.abortScaleDownDelay),
        prePromotionAnalysis: this.prePromotion ? renderRolloutAnalysis('prePromotionAnalysis', this.prePromotion) : undefined,
        postPromotionAnalysis: this.postPromotion ? renderRolloutAnalysis('postPromotionAnalysis', this.postPromotion) : undefined,
        antiAffinity: o.antiAffinity?._toKube(),
        activeMetadata: metadataOf(o.activeMetadata),
        previewMetadata: metadataOf(o.previewMetadata),
      },
    };
  }

  private noCanary(what: string, fix: string): never {
    return wrongStrategy(this.host, 'blue-green', what, fix);
  }
}
