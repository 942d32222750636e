/**
 * A18 (a warning; not a controller check): a background analysis (`spec.strategy.canary.analysis`)
 * whose metrics all take their last measurement before the Rollout reaches its last step, even with
 * every step at its minimum time: the steps after that run without background analysis. The metrics'
 * ends and the steps' times are the plan's (`src/plan/private/analysis-time.ts`, the same computation
 * as the plan's note on the background analysis), over the templates among the manifests and the
 * templates they compose; when one is missing, or a count is known only at run time, nothing is reported.
 */
import {
  backgroundCoverage, BackgroundCoverage, countToReach, describeMetricEnd, formatSeconds, stepLabel, stepRange, TemplateSpecLookup,
} from '../../../plan/private';
import { CANARY_PATH, Rule, RuleContext } from '../context';
import { ANALYSIS_TEMPLATE, CLUSTER_ANALYSIS_TEMPLATE } from '../templates';
import { isObject, listWords } from '../util';
import { planOf } from './budget';

/**
 * How to make the analysis last: leave count (and consecutiveSuccessLimit, which ends a metric after
 * so many successes in a row) out, or raise them for each metric (to reach the last step).
 */
function fixOf(c: BackgroundCoverage): string {
  const raises = c.time.metrics.map(m => {
    const needed = countToReach(m, c.lastStepAfterSeconds);
    const field = m.consecutiveSuccessLimit !== undefined ? 'consecutiveSuccessLimit' : 'count';
    return needed === undefined ? `give ${JSON.stringify(m.name)} an interval and no count`
      : `raise the ${field} of ${JSON.stringify(m.name)} to at least ${needed}`;
  });
  const limited = c.time.metrics.filter(m => m.consecutiveSuccessLimit !== undefined).map(m => JSON.stringify(m.name));
  const leaveOut = limited.length === 0 ? 'Leave count out of the metrics'
    : `Leave count out of the metrics, and consecutiveSuccessLimit out of ${listWords(limited)} (it ends a metric after so many successes in a row),`;
  return `${leaveOut} so that they measure every interval until the Rollout finishes and the controller stops the analysis `
    + '(RequestMetricsTemplates.successRate() and .latency(): runIndefinitely: true; a Metric: no count), '
    + `or ${listWords(raises)} (enough for the steps at their minimum time; a manual pause or slow pods take longer). `
    + 'A template that a step, pre- or post-promotion analysis also uses must keep a count (V55): give the background analysis a template of its own.';
}

const A18: Rule<RuleContext> = {
  id: 'A18',
  check(ctx) {
    if (!isObject(ctx.canary?.analysis)) {
      return;
    }
    const plan = planOf(ctx);
    if (plan === undefined) {
      return;
    }
    const lookup: TemplateSpecLookup = (clusterScope, name) =>
      ctx.index.template(clusterScope ? CLUSTER_ANALYSIS_TEMPLATE : ANALYSIS_TEMPLATE, clusterScope ? '' : ctx.namespace, name)?.spec;
    const c = backgroundCoverage(ctx.canary, plan.steps, lookup);
    if (c === undefined || c.kind !== 'endsEarly') {
      return;
    }
    const ends = c.time.metrics.map(describeMetricEnd);
    const waiting = c.waitingSteps.length === 0 ? ''
      : ` ${c.waitingSteps.length === 1 ? `Step ${c.waitingSteps[0].index} waits` : `Steps ${listWords(c.waitingSteps.map(s => String(s.index)))} wait`} `
        + 'for a manual promotion, so the analysis ends earlier still.';
    const unanalysed = stepRange(c.endStep + 1, c.lastStep);
    ctx.warn(`${CANARY_PATH}.analysis`,
      `Background analysis ${c.templates} starts at step ${c.startingStep}, and all its metrics end before the last step: `
      + `${listWords(ends)}, so the analysis ends about ${formatSeconds(c.time.seconds)} after it starts, during ${stepLabel(c, c.endStep)}, `
      + `while the last step, ${stepLabel(c, c.lastStep)}, starts ${formatSeconds(c.lastStepAfterSeconds)} after step ${c.startingStep} at the earliest `
      + `(the steps' minimum times, as argo-rollouts-plan counts them). ${unanalysed.charAt(0).toUpperCase()}${unanalysed.slice(1)} `
      + `${c.endStep + 1 === c.lastStep ? 'runs' : 'run'} without background analysis.${waiting}`,
      fixOf(c), ctx.canary.analysis.templates);
  },
};

/** The background-analysis rules, run on every Rollout after the analyses' own (A15–A17). */
export const BACKGROUND_ANALYSIS_RULES: readonly Rule[] = [A18];
