/**
 * Strategy rules V14–V19: one strategy, blue-green Services and history, anti-affinity.
 */
import { BLUE_GREEN_PATH, CANARY_PATH, DEFAULT_REVISION_HISTORY_LIMIT, Rule, RuleContext } from '../context';
import { BlueGreenView, CanaryView } from '../manifest-view';
import { asObject, asNumber, asString, isObject, isSet, quote } from '../util';

const STRATEGY_PATH = 'spec.strategy';
const PREFERRED = 'preferredDuringSchedulingIgnoredDuringExecution';
const REQUIRED = 'requiredDuringSchedulingIgnoredDuringExecution';

type StrategyName = 'blueGreen' | 'canary';

function strategyOf(ctx: RuleContext, strategy: StrategyName): { readonly value: BlueGreenView | CanaryView | undefined; readonly path: string } {
  return strategy === 'blueGreen'
    ? { value: ctx.blueGreen, path: BLUE_GREEN_PATH }
    : { value: ctx.canary, path: CANARY_PATH };
}

/** V18 for one strategy: `antiAffinity` must set exactly one of the preferred and required variants. */
export function antiAffinityVariantRule(strategy: StrategyName): Rule {
  return {
    id: 'V18',
    check: ctx => {
      const { value, path } = strategyOf(ctx, strategy);
      const antiAffinity = value?.antiAffinity;
      if (!isSet(antiAffinity)) {
        return;
      }
      const preferred = isSet(asObject(antiAffinity)?.[PREFERRED]);
      const required = isSet(asObject(antiAffinity)?.[REQUIRED]);
      if (preferred === required) {
        const problem = preferred ? 'sets both the preferred and the required variant' : 'sets neither the preferred nor the required variant';
        ctx.report(`${path}.antiAffinity`, `antiAffinity ${quote(antiAffinity)} ${problem}.`,
          `Set exactly one of antiAffinity.${PREFERRED} (with a weight) or antiAffinity.${REQUIRED}: {}.`, antiAffinity);
      }
    },
  };
}

/** V19 for one strategy: the preferred anti-affinity weight must be within 1–100. */
export function antiAffinityWeightRule(strategy: StrategyName): Rule {
  return {
    id: 'V19',
    check: ctx => {
      const { value, path } = strategyOf(ctx, strategy);
      const preferred = asObject(value?.antiAffinity)?.[PREFERRED];
      if (!isSet(preferred)) {
        return;
      }
      const weight = isObject(preferred) ? preferred.weight : undefined;
      const number = asNumber(weight);
      if (number === undefined || number < 1 || number > 100) {
        ctx.report(`${path}.antiAffinity.${PREFERRED}.weight`, `The preferred anti-affinity weight is ${quote(weight)}; it must be between 1 and 100.`,
          'Set weight to an integer from 1 to 100.', weight);
      }
    },
  };
}

/** Strategy rules that precede the canary rules, in the controller's evaluation order. */
export const STRATEGY_RULES: readonly Rule[] = [
  {
    id: 'V14',
    check: ctx => {
      const strategy = asObject(ctx.spec.strategy);
      if (!isSet(strategy?.blueGreen) && !isSet(strategy?.canary)) {
        ctx.report(STRATEGY_PATH, `The Rollout has no strategy: spec.strategy is ${quote(ctx.spec.strategy)}.`,
          'Set exactly one of spec.strategy.canary or spec.strategy.blueGreen.', ctx.spec.strategy);
      }
    },
  },
  {
    id: 'V15',
    check: ctx => {
      const strategy = asObject(ctx.spec.strategy);
      if (isSet(strategy?.blueGreen) && isSet(strategy?.canary)) {
        ctx.report(STRATEGY_PATH, 'The Rollout sets both the blueGreen and the canary strategy.',
          'Keep only one of spec.strategy.canary or spec.strategy.blueGreen.');
      }
    },
  },
  {
    id: 'V16',
    check: ctx => {
      if (ctx.blueGreen === undefined) {
        return;
      }
      const active = asString(ctx.blueGreen.activeService);
      const preview = asString(ctx.blueGreen.previewService);
      if (active === preview) {
        const message = active === ''
          ? 'The blue-green strategy names no activeService (and no previewService).'
          : `activeService and previewService are both ${quote(active)}; they must be different Services.`;
        ctx.report(`${BLUE_GREEN_PATH}.activeService`, message,
          'Set activeService to the Service that receives production traffic, and previewService (if any) to a different Service.', active);
      }
    },
  },
  {
    id: 'V17',
    check: ctx => {
      const limit = asNumber(ctx.blueGreen?.scaleDownDelayRevisionLimit);
      const history = asNumber(ctx.spec.revisionHistoryLimit) ?? DEFAULT_REVISION_HISTORY_LIMIT;
      if (limit !== undefined && limit > history) {
        const shown = isSet(ctx.spec.revisionHistoryLimit) ? quote(history) : `${history} (the default)`;
        ctx.report(`${BLUE_GREEN_PATH}.scaleDownDelayRevisionLimit`,
          `scaleDownDelayRevisionLimit ${quote(limit)} is greater than revisionHistoryLimit ${shown}.`,
          `Set scaleDownDelayRevisionLimit to ${history} or less, or raise spec.revisionHistoryLimit to at least ${limit}.`, limit);
      }
    },
  },
  antiAffinityVariantRule('blueGreen'),
  antiAffinityWeightRule('blueGreen'),
];
