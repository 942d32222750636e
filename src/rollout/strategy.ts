import { Construct } from 'constructs';
import { BlueGreenStrategyOptions } from './blue-green-options';
import { CanaryStrategyOptions } from './canary-options';
import { BLUE_GREEN_OPTIONS, BlueGreenStrategy } from './private/blue-green-strategy';
import { CANARY_OPTIONS, CanaryStrategy } from './private/canary-strategy';
import { BoundStrategy, OpenStrategy, StrategyHost } from './private/strategy-binding';
import { copyList } from './private/strategy-common';
import { argumentOrDefault } from '../private/arguments';

/**
 * The update strategy of a Rollout: canary or blue-green.
 *
 * A strategy is a value that several Rollouts may share. Each Rollout binds it to itself and
 * replays its lists (steps, traffic routers, analyses) through its own add-methods
 * (`rollout.addStep()`, `rollout.addTrafficRouter()`, `rollout.addBackgroundAnalysis()`,
 * `rollout.addPrePromotionAnalysis()`, `rollout.addPostPromotionAnalysis()`), which stay open after
 * construction: adding the same things later gives the same manifest.
 */
export class RolloutStrategy {
  /**
   * A canary update: the new version gets a growing share of pods or traffic, step by step.
   */
  public static canary(options: CanaryStrategyOptions = {}): RolloutStrategy {
    options = argumentOrDefault('RolloutStrategy.canary()', 'options', options, CANARY_OPTIONS, {});
    CanaryStrategy.check(options);
    return new RolloutStrategy('canary', options, {});
  }

  /**
   * A blue-green update: the new version starts next to the old one behind a preview Service and
   * takes over the active Service at promotion.
   */
  public static blueGreen(options: BlueGreenStrategyOptions = {}): RolloutStrategy {
    options = argumentOrDefault('RolloutStrategy.blueGreen()', 'options', options, BLUE_GREEN_OPTIONS, {});
    BlueGreenStrategy.check(options);
    return new RolloutStrategy('blueGreen', {}, options);
  }

  private readonly canaryOptions: CanaryStrategyOptions;
  private readonly blueGreenOptions: BlueGreenStrategyOptions;

  private constructor(
    /** The strategy kind: `canary` or `blueGreen`. */
    public readonly kind: string,
    canaryOptions: CanaryStrategyOptions,
    blueGreenOptions: BlueGreenStrategyOptions) {
    // the lists are copied: changing the caller's arrays later does not change the strategy
    this.canaryOptions = { ...canaryOptions, steps: copyList(canaryOptions.steps), trafficRouting: copyList(canaryOptions.trafficRouting) };
    this.blueGreenOptions = { ...blueGreenOptions };
  }

  /**
   * Binds the strategy to a Rollout: defines the Services it needs, with empty lists. Called once,
   * by the Rollout, which then calls `_replay()`.
   *
   * @internal
   */
  public _bind(host: Construct & StrategyHost): BoundStrategy {
    return this.kind === 'canary' ? new CanaryStrategy(host, this.canaryOptions) : new BlueGreenStrategy(host, this.blueGreenOptions);
  }

  /**
   * Adds the strategy's lists to a Rollout through its add-methods, in the order of the options.
   *
   * @internal
   */
  public _replay(target: OpenStrategy): void {
    if (this.kind === 'canary') {
      CanaryStrategy.replay(this.canaryOptions, target);
    } else {
      BlueGreenStrategy.replay(this.blueGreenOptions, target);
    }
  }
}
