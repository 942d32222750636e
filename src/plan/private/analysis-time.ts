/**
 * How long an analysis measures, and how much of a canary update a background analysis covers.
 *
 * A metric takes its first measurement after `initialDelay` and one more every `interval` until it
 * has taken `count` of them: its last measurement comes `initialDelay + (count - 1) × interval` after
 * the analysis starts. With an `interval` and no `count` (or count 0) it measures until the run is
 * stopped — for a background analysis, when the Rollout finishes.
 *
 * A failed or inconclusive result can end an analysis sooner (the controller's assessment of a run,
 * `analysis/analysis.go`): a metric fails once more than `failureLimit` (default 0; -1: never) of its
 * measurements have failed, and turns inconclusive once more than `inconclusiveLimit` (default 0) are
 * inconclusive. The first metric that completes so ends the whole run (the others are terminated); a
 * dry-run metric never does. Errors (a provider that cannot be reached) are left out: they say
 * nothing of the canary, and the soonest end is what the canary's own results can bring about.
 *
 * One source for the plan (the time of analysis steps, the background analysis) and for rule A18 (a
 * background analysis whose metrics all end before the last step). Pure, never throws.
 */
import { formatSeconds } from './render';
import { parseGoDuration } from '../../private/go-values';
import { objectOrEmpty as obj, objectsOrEmpty as list, UncheckedObject } from '../../private/manifest-types';
import { providerRow } from '../../private/providers';
import { PlanBackgroundAnalysis } from '../types';

/**
 * Finds the spec of an analysis template: a ClusterAnalysisTemplate (`clusterScope`) or an
 * AnalysisTemplate of the Rollout's namespace; `undefined` when it is not among the manifests.
 */
export type TemplateSpecLookup = (clusterScope: boolean, name: string) => UncheckedObject | undefined;

/** How a metric ends. */
export type MetricEnd = 'ends' | 'untilStopped' | 'unknown';

/** The time of one metric of an analysis. */
export interface MetricTime {
  readonly name: string;
  /** The template that defines it, in words: `AnalysisTemplate "success-rate"`. */
  readonly template: string;
  readonly end: MetricEnd;
  /**
   * Seconds from the start of the analysis to the metric's last measurement (`ends`); the time of
   * its first measurement for the others (the least it takes).
   */
  readonly seconds: number;
  readonly initialDelaySeconds: number;
  /** Seconds between measurements, when the metric sets a valid interval. */
  readonly intervalSeconds?: number;
  /** The number of measurements, when known. */
  readonly count?: number;
  /** `count` as written, when it is known only at run time (`unknown`). */
  readonly countValue?: unknown;
  /** Why the end is not known (`unknown`), e.g. `its interval "5 minutes" is not a Go duration`. */
  readonly unknownBecause?: string;
  /** True when the analysis runs the metric as a dry run (`dryRun`): its results never end the analysis. */
  readonly dryRun: boolean;
  /**
   * The metric's `consecutiveSuccessLimit`, when it ends the metric sooner than its count (or at all,
   * for a metric without a count): so many successful measurements in a row complete it.
   */
  readonly consecutiveSuccessLimit?: number;
  /**
   * Seconds from the start of the analysis to the soonest result that completes the metric as failed,
   * inconclusive (and so ends the analysis); absent for a dry-run metric, or when its
   * initialDelay or interval is not valid.
   */
  readonly earliestEndSeconds?: number;
}

/** A template an analysis references that is not among the manifests. */
export interface MissingTemplate {
  readonly kind: string;
  readonly name: string;
}

/** The time of an analysis: its metrics, merged from its templates and the templates they compose. */
export interface AnalysisTime {
  readonly metrics: readonly MetricTime[];
  readonly missing: readonly MissingTemplate[];
  /** Seconds to the last measurement of the metrics (the least time for those whose end is not known). */
  readonly seconds: number;
  /** True when some metric measures until the analysis is stopped. */
  readonly untilStopped: boolean;
  /** True when every template was found, there is a metric and the end of every metric is known. */
  readonly known: boolean;
  /**
   * Seconds to the soonest failed or inconclusive result of a metric among those found, which
   * ends the analysis (see `MetricTime.earliestEndSeconds`); absent when no metric can end it so.
   */
  readonly earliestEndSeconds?: number;
}

const CLUSTER = 'ClusterAnalysisTemplate';
const NAMESPACED = 'AnalysisTemplate';

/** Seconds of a metric duration (a Go duration string); `undefined` when not set, `null` when not valid. */
function metricSeconds(value: unknown): number | undefined | null {
  if (value === undefined || value === null || value === '') {
    return undefined;
  }
  const seconds = typeof value === 'string' ? parseGoDuration(value) : undefined;
  return seconds === undefined || seconds < 0 ? null : seconds;
}

/** The literal value of `{{args.name}}` (the whole string), from the analysis' args first, then the templates'. */
function argValue(text: string, args: ReadonlyMap<string, string>): string | undefined {
  const m = /^\{\{\s*args\.([^\s{}]+)\s*\}\}$/.exec(text);
  return m === null ? undefined : args.get(m[1]);
}

/** The count of measurements: a number, a numeric string, an argument with a literal value; `undefined` when not set. */
function countOf(value: unknown, args: ReadonlyMap<string, string>): number | undefined | null {
  if (value === undefined || value === null) {
    return undefined;
  }
  if (typeof value === 'number') {
    return Number.isSafeInteger(value) && value >= 0 ? value : null;
  }
  if (typeof value !== 'string') {
    return null;
  }
  const text = /^[0-9]+$/.test(value) ? value : argValue(value, args);
  return text !== undefined && /^[0-9]+$/.test(text) ? Number(text) : null;
}

/**
 * A limit of a metric (`failureLimit`, `inconclusiveLimit`): a whole number,
 * a numeric string or an argument with a literal value; `fallback` when not set, `null` when known only
 * at run time.
 */
function limitOf(value: unknown, args: ReadonlyMap<string, string>, fallback: number): number | null {
  if (value === undefined || value === null) {
    return fallback;
  }
  if (typeof value === 'number') {
    return Number.isSafeInteger(value) ? value : null;
  }
  if (typeof value !== 'string') {
    return null;
  }
  const text = /^-?[0-9]+$/.test(value) ? value : argValue(value, args);
  return text !== undefined && /^-?[0-9]+$/.test(text) ? Number(text) : null;
}

/**
 * What a measurement of a metric can come out as, besides successful and errored. A provider that
 * evaluates the conditions: failed when the metric has a successCondition or a failureCondition (with
 * neither, every measurement succeeds), inconclusive only when it has both and neither holds. A provider
 * that judges a measurement itself says what it can come out as (its row's `ownVerdict`).
 */
function verdicts(metric: UncheckedObject): { fails: boolean; inconclusive: boolean } {
  const own = Object.keys(obj(metric.provider)).map(key => providerRow(key)?.ownVerdict).filter(v => v !== undefined);
  const set = (c: unknown) => typeof c === 'string' && c !== '';
  const success = set(metric.successCondition);
  const failure = set(metric.failureCondition);
  if (own.length > 0) {
    return { fails: true, inconclusive: own.includes('any') };
  }
  return { fails: success || failure, inconclusive: success && failure };
}

/**
 * The soonest a metric completes as failed or inconclusive, in seconds from the start of the
 * analysis. Its measurements come at `delay`, `delay + interval`, …; `count` bounds them (`undefined`:
 * no bound, as for a metric that measures until stopped or whose count is known only at run time).
 * A limit known only at run time does not count.
 */
function earliestEnd(
  metric: UncheckedObject, args: ReadonlyMap<string, string>, delay: number, interval: number, count: number | undefined,
): number | undefined {
  const ends: number[] = [];
  const can = verdicts(metric);
  // the (limit + 1)-th measurement of a kind, if the metric takes that many
  const nth = (limit: number | null) => {
    if (limit !== null && limit >= 0 && (count === undefined || limit + 1 <= count)) {
      ends.push(delay + limit * interval);
    }
  };
  if (can.fails) {
    nth(limitOf(metric.failureLimit, args, 0));
  }
  if (can.inconclusive) {
    nth(limitOf(metric.inconclusiveLimit, args, 0));
  }
  return ends.length === 0 ? undefined : Math.min(...ends);
}

function metricTime(raw: unknown, template: string, args: ReadonlyMap<string, string>, dryRun: (name: string) => boolean): MetricTime {
  const metric = obj(raw);
  const name = typeof metric.name === 'string' ? metric.name : '';
  const delay = metricSeconds(metric.initialDelay);
  const interval = metricSeconds(metric.interval);
  const count = countOf(metric.count, args);
  const isDryRun = dryRun(name);
  // the soonest end, for a metric whose results count and whose times are valid (without an interval it measures once)
  const measures = (n: number | undefined) => {
    const soonest = isDryRun || delay === null || interval === null ? undefined
      : earliestEnd(metric, args, delay ?? 0, interval ?? 0, interval === undefined || interval <= 0 ? 1 : n);
    return soonest === undefined ? {} : { earliestEndSeconds: soonest };
  };
  const base = {
    name, template, initialDelaySeconds: delay ?? 0, ...(typeof interval === 'number' ? { intervalSeconds: interval } : {}), dryRun: isDryRun,
  };
  if (delay === null || interval === null) {
    const which = delay === null ? `initialDelay ${JSON.stringify(metric.initialDelay)}` : `interval ${JSON.stringify(metric.interval)}`;
    return { ...base, end: 'unknown', seconds: delay ?? 0, unknownBecause: `its ${which} is not a Go duration` };
  }
  if (count === null) {
    const unknownBecause = `its count ${JSON.stringify(metric.count)} is known only at run time`;
    return { ...base, end: 'unknown', seconds: delay ?? 0, countValue: metric.count, unknownBecause, ...measures(undefined) };
  }
  const repeats = interval !== undefined && interval > 0;
  // consecutiveSuccessLimit: so many successes in a row complete the metric, before its count (1.8.3–1.10.0-rc1)
  const successes = repeats ? limitOf(metric.consecutiveSuccessLimit, args, 0) : 0;
  const byCount = count === undefined || count === 0 ? (repeats ? undefined : 1) : count;
  if (successes !== null && successes > 0 && (byCount === undefined || successes < byCount)) {
    const end = { end: 'ends' as const, count: successes, consecutiveSuccessLimit: successes };
    return { ...base, ...end, seconds: (delay ?? 0) + (successes - 1) * (interval ?? 0), ...measures(byCount) };
  }
  if (byCount === undefined) {
    return { ...base, end: 'untilStopped', seconds: delay ?? 0, ...measures(undefined) };
  }
  return { ...base, end: 'ends', count: byCount, seconds: (delay ?? 0) + (byCount - 1) * (interval ?? 0), ...measures(byCount) };
}

/**
 * Which metrics run as a dry run: the `dryRun` entries of the analysis and of its templates, each a
 * regular expression the metric's name matches somewhere (as Go's `regexp.MatchString`); an entry
 * that is not a valid expression matches nothing.
 */
function dryRunMatcher(entries: readonly unknown[]): (name: string) => boolean {
  const patterns: RegExp[] = [];
  for (const e of entries) {
    const p: unknown = obj(e).metricName;
    if (typeof p !== 'string') {
      continue;
    }
    try {
      patterns.push(new RegExp(p));
    } catch {
      // not a valid expression here: the controller rejects the analysis (another rule's business)
    }
  }
  return name => patterns.some(p => p.test(name));
}

/**
 * The time of an analysis of `refs` (`templateName` + `clusterScope`), following the templates they
 * compose (`spec.templates`; each template once). `args` are the analysis' own arguments: a count
 * written as `{{args.x}}` takes their literal value, else a template's default. `dryRun` are the
 * analysis' own dry-run entries (the templates' are added).
 */
export function analysisTime(
  refs: readonly unknown[], lookup: TemplateSpecLookup, args: readonly unknown[] = [], dryRun: readonly unknown[] = [],
): AnalysisTime {
  const found: Array<{ label: string; spec: unknown }> = [];
  const missing: MissingTemplate[] = [];
  const seen = new Set<string>();
  const queue = [...refs];
  while (queue.length > 0) {
    const ref = obj(queue.shift());
    const clusterScope = ref.clusterScope === true;
    const kind = clusterScope ? CLUSTER : NAMESPACED;
    const name = typeof ref.templateName === 'string' ? ref.templateName : '';
    const key = `${kind}/${name}`;
    if (seen.has(key)) {
      continue;
    }
    seen.add(key);
    const spec = lookup(clusterScope, name);
    if (spec === undefined) {
      missing.push({ kind, name });
      continue;
    }
    found.push({ label: `${kind} ${JSON.stringify(name)}`, spec: obj(spec) });
    queue.push(...list(obj(spec).templates));
  }
  // argument values: the analysis' own first, then the templates' defaults; '' for one known only at
  // run time (valueFrom, or an analysis argument without a literal value)
  const values = new Map<string, string>();
  const take = (arg: UncheckedObject, fromAnalysis: boolean) => {
    if (typeof arg.name !== 'string' || values.has(arg.name)) {
      return;
    }
    if ((typeof arg.value === 'string' || typeof arg.value === 'number') && arg.valueFrom === undefined) {
      values.set(arg.name, String(arg.value));
    } else if (fromAnalysis || arg.valueFrom !== undefined) {
      values.set(arg.name, '');
    }
  };
  list(args).forEach(a => take(a, true));
  found.forEach(t => list(obj(t.spec).args).forEach(a => take(a, false)));
  const isDryRun = dryRunMatcher([...dryRun, ...found.flatMap(t => list(obj(t.spec).dryRun))]);
  const metrics = found.flatMap(t => list(obj(t.spec).metrics).map(m => metricTime(m, t.label, values, isDryRun)));
  const earliest = metrics.flatMap(m => (m.earliestEndSeconds === undefined ? [] : [m.earliestEndSeconds]));
  return {
    metrics,
    missing,
    seconds: Math.max(0, ...metrics.map(m => m.seconds)),
    untilStopped: metrics.some(m => m.end === 'untilStopped'),
    known: missing.length === 0 && metrics.length > 0 && metrics.every(m => m.end !== 'unknown'),
    ...(earliest.length > 0 ? { earliestEndSeconds: Math.min(...earliest) } : {}),
  };
}

/** A step as the coverage reads it: the plan's minimum time of a canary step. */
export interface TimedStep {
  /** The step's index in `spec.strategy.canary.steps` (-1 for the full promotion after the last). */
  readonly index: number;
  readonly name: string;
  readonly minSeconds: number;
  /** True when the step may take longer than any time (a manual pause, an analysis that never ends). */
  readonly indefinite: boolean;
}

/** How far a background analysis covers the update. */
export type CoverageKind =
  /** Some metric measures until the Rollout finishes. */
  | 'untilFinished'
  /** Every metric ends before the last step starts, even with the steps at their minimum time (rule A18). */
  | 'endsEarly'
  /** The metrics end at or after the start of the last step at the steps' minimum time. */
  | 'reachesLastStep'
  /** When the metrics end is not known (a template not among the manifests, a count known at run time). */
  | 'unknown'
  /** `startingStep` is past the last step. */
  | 'pastLastStep';

/** What a background analysis (`spec.strategy.canary.analysis`) covers of the steps. */
export interface BackgroundCoverage {
  readonly kind: CoverageKind;
  /** The analysis' template names, e.g. `success-rate, latency`. */
  readonly templates: string;
  /** The same names, one each. */
  readonly templateNames: readonly string[];
  readonly startingStep: number;
  readonly time: AnalysisTime;
  /** The index of the last step. */
  readonly lastStep: number;
  /** Seconds from the start of `startingStep` to the start of the last step, with the steps at their minimum time. */
  readonly lastStepAfterSeconds: number;
  /** The step during which the metrics end (`endsEarly`). */
  readonly endStep: number;
  /**
   * The indices of the steps from `startingStep` that start while a metric still measures, with the
   * steps at their minimum time: all to the last for `untilFinished`, those known to be covered for
   * `unknown` (the metrics' least time), none for `pastLastStep`.
   */
  readonly coveredSteps: readonly number[];
  /** The steps from the start to the last that wait indefinitely (manual pauses): they only make the analysis end earlier. */
  readonly waitingSteps: readonly TimedStep[];
  /** The steps by index. */
  readonly steps: readonly TimedStep[];
}

/** The whole number a `startingStep` is, or 0 when it is not set (or not a whole number: other rules report it). */
function startingStepOf(analysis: unknown): number {
  const s: unknown = obj(analysis).startingStep;
  return typeof s === 'number' && Number.isSafeInteger(s) && s >= 0 ? s : 0;
}

/**
 * What the background analysis of a canary covers, with the steps at the plan's minimum times
 * (`steps`: the plan's steps of that canary); `undefined` when there is no background analysis.
 */
export function backgroundCoverage(canary: unknown, steps: readonly TimedStep[], lookup: TemplateSpecLookup): BackgroundCoverage | undefined {
  const analysis = obj(obj(canary).analysis);
  if (Object.keys(analysis).length === 0) {
    return undefined;
  }
  const refs = list(analysis.templates);
  const time = analysisTime(refs, lookup, list(analysis.args));
  const own = steps.filter(s => s.index >= 0).sort((a, b) => a.index - b.index);
  const startingStep = startingStepOf(analysis);
  const lastStep = own.length - 1;
  const templateNames = refs.map(r => String(obj(r).templateName ?? ''));
  const base = { templates: templateNames.join(', '), templateNames, startingStep, time, lastStep, steps: own, endStep: -1 };
  if (startingStep > lastStep) {
    return { ...base, kind: lastStep < 0 ? 'untilFinished' : 'pastLastStep', lastStepAfterSeconds: 0, waitingSteps: [], coveredSteps: [] };
  }
  const between = own.slice(startingStep, lastStep);
  const lastStepAfterSeconds = between.reduce((n, s) => n + s.minSeconds, 0);
  const waitingSteps = between.filter(s => s.indefinite);
  // the steps that start at or before the metrics' last measurement (all of them while a metric measures until stopped)
  const coveredSteps: number[] = [];
  let start = 0;
  for (const step of own.slice(startingStep)) {
    if (!time.untilStopped && start > time.seconds) {
      break;
    }
    coveredSteps.push(step.index);
    start += step.minSeconds;
  }
  const common = { ...base, lastStepAfterSeconds, waitingSteps, coveredSteps };
  if (time.untilStopped) {
    return { ...common, kind: 'untilFinished' };
  }
  if (!time.known) {
    return { ...common, kind: 'unknown' };
  }
  if (time.seconds >= lastStepAfterSeconds) {
    return { ...common, kind: 'reachesLastStep' };
  }
  // the step still running when the last measurement is taken
  let elapsed = 0;
  let endStep = startingStep;
  for (const step of between) {
    elapsed += step.minSeconds;
    endStep = step.index;
    if (elapsed > time.seconds) {
      break;
    }
  }
  return { ...common, kind: 'endsEarly', endStep };
}

/**
 * The plan's data on a background analysis (`RolloutPlan.backgroundAnalysis`), from its coverage: the
 * optional fields only when they have a value, in a fixed order.
 */
export function planBackgroundAnalysis(coverage: BackgroundCoverage): PlanBackgroundAnalysis {
  const c = coverage;
  const endsAt = c.kind !== 'untilFinished' && c.kind !== 'unknown' && c.time.known ? c.time.seconds : undefined;
  const earliest = c.time.earliestEndSeconds;
  const sooner = earliest !== undefined && (endsAt === undefined || earliest < endsAt);
  return {
    templates: [...c.templateNames],
    startingStep: c.startingStep,
    coveredSteps: [...c.coveredSteps],
    metricsEnd: c.kind,
    ...(endsAt !== undefined ? { metricsEndSeconds: endsAt } : {}),
    ...(c.kind === 'endsEarly' ? { endStep: c.endStep } : {}),
    ...(sooner ? { earliestEndSeconds: earliest } : {}),
  };
}

/** Steps `from`–`to` in words: `step 5`, `steps 2–5`. */
export function stepRange(from: number, to: number): string {
  return from === to ? `step ${from}` : `steps ${from}–${to}`;
}

/** A step in words: `step 1 (pause: 5m)`. */
export function stepLabel(coverage: BackgroundCoverage, index: number): string {
  const step = coverage.steps[index];
  return step === undefined ? `step ${index}` : `step ${index} (${step.name})`;
}

/** When a metric takes its last measurement, in words: `"success-rate" after 4m (5 measurements 1m apart)`. */
export function describeMetricEnd(metric: MetricTime): string {
  const name = JSON.stringify(metric.name);
  if (metric.end === 'untilStopped') {
    return `${name} measures every ${formatSeconds(metric.intervalSeconds ?? 0)} until stopped`;
  }
  if (metric.end === 'unknown') {
    return `${name}: ${metric.unknownBecause}`;
  }
  const delay = metric.initialDelaySeconds > 0 ? `initialDelay ${formatSeconds(metric.initialDelaySeconds)}, ` : '';
  const limited = metric.consecutiveSuccessLimit !== undefined;
  const what = limited ? `${metric.count} successful measurements in a row` : `${metric.count} measurements`;
  const how = metric.count === 1 ? `${delay}one measurement` : `${delay}${what} ${formatSeconds(metric.intervalSeconds ?? 0)} apart${limited ? ', consecutiveSuccessLimit' : ''}`;
  return `${name} after ${formatSeconds(metric.seconds)} (${how})`;
}

/**
 * How many measurements a metric needs for its last one to come at least `seconds` after the
 * analysis starts; `undefined` for a metric without an interval (one measurement).
 */
export function countToReach(metric: MetricTime, seconds: number): number | undefined {
  const interval = metric.intervalSeconds;
  if (interval === undefined || interval <= 0) {
    return undefined;
  }
  return Math.max(1, Math.ceil((seconds - metric.initialDelaySeconds) / interval) + 1);
}

/** Why the end of an analysis is not known, in words (for `unknown`). */
export function unknownReasons(time: AnalysisTime): string {
  const reasons = [
    ...time.missing.map(t => `${t.kind} ${JSON.stringify(t.name)} is not among the manifests`),
    ...time.metrics.filter(m => m.end === 'unknown').map(m => `metric ${JSON.stringify(m.name)}: ${m.unknownBecause}`),
  ];
  return reasons.length > 0 ? reasons.join('; ') : 'it has no metrics';
}

/**
 * The plan's note on a background analysis: which steps it covers, e.g. "Background analysis
 * success-rate runs from step 1; its metrics end about 4m after it starts, during step 1 (pause: 5m):
 * steps 2–5 run unanalysed."
 */
export function backgroundNote(coverage: BackgroundCoverage): string {
  const c = coverage;
  const what = `Background analysis ${c.templates}`;
  const tail = ' It can abort the update at any time but adds no time.';
  const waiting = c.waitingSteps.length === 0 ? ''
    : ` ${c.waitingSteps.length === 1 ? `Step ${c.waitingSteps[0].index} waits` : `Steps ${c.waitingSteps.map(s => s.index).join(', ')} wait`} `
      + 'without a time limit (a manual promotion), so the metrics may well end before the last step: leave count out to measure until the Rollout finishes.';
  switch (c.kind) {
    case 'untilFinished': {
      const open = c.time.metrics.filter(m => m.end === 'untilStopped').map(describeMetricEnd).join(', ');
      return `${what} runs from step ${c.startingStep} until the Rollout finishes${open === '' ? '' : ` (${open})`}.${tail}`;
    }
    case 'pastLastStep':
      return `${what} starts at step ${c.startingStep}, after the last step (${c.lastStep}).${tail}`;
    case 'unknown':
      return `${what} runs from step ${c.startingStep}; when its metrics end is not known (${unknownReasons(c.time)}).${tail}`;
    case 'endsEarly':
      return `${what} runs from step ${c.startingStep}; its metrics end about ${formatSeconds(c.time.seconds)} after it starts, `
        + `during ${stepLabel(c, c.endStep)}: ${stepRange(c.endStep + 1, c.lastStep)} run${c.endStep + 1 === c.lastStep ? 's' : ''} unanalysed `
        + `(rule A18). ${c.time.metrics.some(m => m.consecutiveSuccessLimit !== undefined)
          ? 'Leave count and consecutiveSuccessLimit out of its metrics to measure until the Rollout finishes, or raise them.'
          : 'Leave count out of its metrics to measure until the Rollout finishes, or raise it.'}`
        + `${c.waitingSteps.length > 0 ? ' The steps waiting for a manual promotion make it end earlier still.' : ''}${tail}`;
    default:
      return `${what} runs from step ${c.startingStep}; its metrics end about ${formatSeconds(c.time.seconds)} after it starts, `
        + `and the last step (${c.lastStep}) starts ${formatSeconds(c.lastStepAfterSeconds)} after it at the earliest.${waiting}${tail}`;
  }
}
