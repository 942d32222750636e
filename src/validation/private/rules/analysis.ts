/**
 * Analysis rules A01–A17, checked on every AnalysisTemplate, ClusterAnalysisTemplate and AnalysisRun.
 *
 * The controller applies them to the resolved metrics of an AnalysisRun. On templates, arguments are
 * not resolved yet: a numeric field or duration written as `{{args.x}}` is known only at run time and
 * is skipped. On AnalysisRuns, placeholders of arguments with a literal value are resolved first.
 */
import { PROVIDERS } from '../../../private/providers';
import { FindingSeverity } from '../../types';
import { AnalysisContext, ManifestContext, Rule } from '../context';
import { MetricView } from '../manifest-view';
import { metricPlaceholders } from '../placeholders';
import { TemplateInfo } from '../templates';
import {
  asArray, asObject, asString, compileGoRegexp, intOrStringValue, isObject, isSet, listWords, parseGoDuration, quote, substituteArgs,
} from '../util';

/**
 * Keys of `metric.provider` that select a provider (the rows of src/private/providers.ts, but the
 * plugins); each key under `plugin` counts as one more.
 */
export const METRIC_PROVIDERS: readonly string[] = PROVIDERS.map(p => p.key).filter(key => key !== 'plugin');

/** Int-or-string limits of a metric and their defaults (consecutiveErrorLimit is checked only when set). */
type LimitField = 'count' | 'failureLimit' | 'inconclusiveLimit' | 'consecutiveErrorLimit' | 'consecutiveSuccessLimit';

/** A limit of a metric as the controller reads it: the value, its integer (undefined = known only at run time), its text. */
interface Limit {
  readonly value: unknown;
  readonly int: number | undefined;
  /** For messages: the value as written, with the integer read from a string, or "not set (0)". */
  readonly shown: string;
}

function limitOf(ctx: AnalysisContext, metric: MetricView, field: LimitField): Limit {
  const value = metric[field];
  if (!isSet(value)) {
    return { value, int: 0, shown: 'not set (0)' };
  }
  const int = intOrStringValue(value, ctx.argValue);
  const shown = typeof value === 'string' && int !== undefined && String(int) !== value ? `${quote(value)} (read as ${int})` : quote(value);
  return { value, int, shown };
}

/** Runs `check` for every metric that is an object, with its path. */
function forEachMetric(ctx: AnalysisContext, check: (metric: MetricView, path: string, i: number) => void): void {
  ctx.metrics.forEach((metric, i) => {
    if (isObject(metric)) {
      check(metric, `spec.metrics[${i}]`, i);
    }
  });
}

function metricLabel(metric: MetricView): string {
  return `Metric ${quote(metric.name)}`;
}

/** Reports a limit below `min` (A03, A04, A06, A07). */
function checkLimitAtLeast(ctx: AnalysisContext, field: LimitField, min: number, fix: string, onlyWhenSet = false): void {
  forEachMetric(ctx, (metric, path) => {
    if (onlyWhenSet && !isSet(metric[field])) {
      return;
    }
    const limit = limitOf(ctx, metric, field);
    if (limit.int !== undefined && limit.int < min) {
      ctx.report(`${path}.${field}`, `${metricLabel(metric)} has ${field} ${limit.shown}; it must be at least ${min}.`, fix, limit.value);
    }
  });
}

/** A Go duration field of a metric (A12, A13): a string the controller parses with `time.ParseDuration`. */
function checkDuration(ctx: AnalysisContext, field: 'interval' | 'initialDelay'): void {
  forEachMetric(ctx, (metric, path) => {
    const value = metric[field];
    if (typeof value !== 'string' || value === '') {
      return;
    }
    const text = substituteArgs(value, ctx.argValue);
    if (text !== undefined && parseGoDuration(text) === undefined) {
      ctx.report(`${path}.${field}`, `${metricLabel(metric)} has ${field} ${quote(value)}, which is not a Go duration.`,
        `Write ${field} as a duration such as "30s", "5m" or "1h30m" (units ns, us, ms, s, m, h; no day unit).`, value);
    }
  });
}

/**
 * Checks the metricName patterns of `spec.dryRun` or `spec.measurementRetention` (A15, A16). An
 * AnalysisRun matches its own metrics. A template's lists go into every AnalysisRun it is merged into,
 * and are matched against all the metrics merged there: a template that a Rollout or Experiment among
 * the manifests uses is judged by those uses; one used by nothing is judged with the templates it
 * composes, and a pattern that matches none of their metrics is a warning (a sibling template may
 * have the metric). A pattern that does not compile matches nothing anywhere: an error.
 */
function checkMetricPatterns(ctx: AnalysisContext, field: 'dryRun' | 'measurementRetention'): void {
  const entries = asArray(ctx.spec[field]);
  if (entries.length === 0) {
    return;
  }
  const { names, complete } = ctx.metricNames();
  if (ctx.isRun) {
    reportUnmatchedPatterns(ctx, entries, `spec.${field}`, field, names, complete, 'the metrics');
    return;
  }
  const used = ctx.index.isUsedTemplate(ctx.template);
  const shown = quote([...new Set(names)]);
  for (const found of unmatchedPatterns(entries, names)) {
    const path = `spec.${field}[${found.index}].metricName`;
    if (found.invalid !== undefined) {
      reportInvalidPattern(ctx, path, field, found.pattern, found.invalid);
    } else if (complete && !used) {
      ctx.reportOn(ctx, path,
        `The ${field} metricName ${quote(found.pattern)} matches none of the metrics of the template and of those it composes (${shown}): `
        + 'an AnalysisRun made from it alone would error; it works only next to a template with a matching metric.',
        `Use the name of one of the metrics ${shown} (or part of it: the pattern may match anywhere in a name), or a regular expression such as ".*".`,
        found.pattern, FindingSeverity.WARNING);
    }
  }
}

/** A metricName pattern of a list that matches none of the names (`invalid`: why it does not compile). */
export interface UnmatchedPattern {
  readonly index: number;
  readonly pattern: string;
  readonly invalid?: string;
}

/**
 * The metricName patterns of a dryRun or measurementRetention list that match none of `names`, as
 * the controller matches them when it runs an AnalysisRun: a Go regular expression found anywhere in
 * the name (`regexp.MatchString`); a pattern that does not compile matches nothing. Patterns this
 * engine cannot evaluate are left out.
 */
export function unmatchedPatterns(entries: readonly unknown[], names: readonly string[]): UnmatchedPattern[] {
  const found: UnmatchedPattern[] = [];
  entries.forEach((entry, index) => {
    const pattern = asObject(entry)?.metricName;
    if (typeof pattern !== 'string') {
      return;
    }
    const compiled = compileGoRegexp(pattern, false);
    if ('error' in compiled) {
      found.push({ index, pattern, invalid: compiled.error });
    } else if ('regexp' in compiled && !names.some(name => compiled.regexp.test(name))) {
      found.push({ index, pattern });
    }
  });
  return found;
}

function reportInvalidPattern(ctx: ManifestContext, path: string, field: string, pattern: string, why: string): void {
  ctx.report(path, `The ${field} metricName ${quote(pattern)} is not a valid Go regular expression: ${why}; it matches no metric.`,
    'Write the metric name itself, or a Go (RE2) regular expression such as "error-.*" (".*" matches every metric).', pattern);
}

/**
 * Reports the metricName patterns of a dryRun or measurementRetention list (at `listPath`) that match
 * none of `names` (see `unmatchedPatterns`). Unmatched ones are not reported when the names are not
 * all known (`complete` false); invalid ones always are.
 *
 * @param whose what the names are, for messages, e.g. `the metrics of the step analysis`
 */
export function reportUnmatchedPatterns(ctx: ManifestContext, entries: readonly unknown[], listPath: string, field: 'dryRun' | 'measurementRetention',
  names: readonly string[], complete: boolean, whose: string): void {
  const shown = quote([...new Set(names)]);
  for (const found of unmatchedPatterns(entries, names)) {
    const path = `${listPath}[${found.index}].metricName`;
    if (found.invalid !== undefined) {
      reportInvalidPattern(ctx, path, field, found.pattern, found.invalid);
    } else if (complete) {
      ctx.report(path, `The ${field} metricName ${quote(found.pattern)} matches none of ${whose} (${shown}), so the AnalysisRun would error.`,
        `Use the name of one of the metrics ${shown} (or part of it: the pattern may match anywhere in a name), or a regular expression such as ".*".`, found.pattern);
    }
  }
}

/** Names declared in the `spec.args` of templates. */
export function declaredArgNames(templates: readonly TemplateInfo[]): Set<string> {
  return new Set(templates.flatMap(template => template.args.map((arg) => asString(asObject(arg)?.name))));
}

/**
 * Arguments a metric refers to as `{{args.x}}` in any of its strings (provider settings and job specs
 * included, object keys too), each once, in order; see `metricPlaceholders`.
 */
export function metricArgReferences(metric: MetricView): string[] {
  return [...metricPlaceholders(metric).argNames];
}

/**
 * Reports the placeholders of a template's (or run's) metric that no argument could ever resolve:
 * `{{…}}` that is no `{{args.<name>}}` reference, and `{{` never closed. `rule` names what fails
 * (e.g. "the AnalysisRun would error"); findings go on `target` at `spec.metrics[m]`.
 */
export function reportUnresolvablePlaceholders(ctx: ManifestContext, target: TemplateInfo, metric: MetricView, m: number, rule: string): void {
  const found = metricPlaceholders(metric);
  for (const text of found.others) {
    const inner = text.slice(2, -2).trim();
    const hint = inner.startsWith('{') || inner.endsWith('}') ? ' (a third brace becomes part of the tag)'
      : /^args\./.test(inner) ? ' (tabs and line breaks inside the braces are not trimmed)' : '';
    ctx.reportOn(target, `spec.metrics[${m}]`,
      `Metric ${quote(metric.name)} has the placeholder ${quote(text)}, which is no argument reference${hint}: the controller resolves only {{args.<name>}} of declared arguments, so ${rule}.`,
      /^[A-Za-z0-9_.-]+$/.test(inner) && !inner.startsWith('args.')
        ? `Write {{args.${inner}}} and declare { name: ${quote(inner)} } in spec.args, or remove the braces.`
        : 'Write the placeholder as {{args.<name>}} of a declared argument (spaces inside the braces are allowed), or remove the braces.',
      text);
  }
  for (const text of found.unclosed) {
    ctx.reportOn(target, `spec.metrics[${m}]`,
      `Metric ${quote(metric.name)} has a "{{" that no "}}" closes, in ${quote(text)}: the controller cannot read the placeholder, so ${rule}.`,
      'Close the placeholder as {{args.<name>}}, or remove the "{{".', text);
  }
}

/**
 * A17, `{{args.x}}` of an undeclared argument. An AnalysisRun resolves its metrics with its own
 * arguments. A template is merged into a run with everything it composes and, in a Rollout's or
 * Experiment's analysis, with its sibling templates, whose arguments all count: a template that
 * something among the manifests uses is judged by those uses (A17 on the Rollout or Experiment,
 * V56); one used by nothing is judged with what it composes, and an argument declared nowhere is a
 * warning (a template merged with one that declares it works).
 */
function checkUndeclaredArgs(ctx: AnalysisContext): void {
  if (ctx.isRun) {
    const declared = declaredArgNames([ctx.template]);
    forEachMetric(ctx, (metric, path) => {
      for (const name of metricArgReferences(metric)) {
        if (!declared.has(name)) {
          ctx.report(path, `${metricLabel(metric)} uses {{args.${name}}}, but spec.args declares no argument ${quote(name)}.`,
            `Declare the argument in spec.args, e.g. { name: ${quote(name)} }, or correct the placeholder.`, name);
        }
      }
    });
    return;
  }
  if (ctx.index.isUsedTemplate(ctx.template)) {
    return;
  }
  const tree = ctx.index.templateTree(ctx.template, ctx.template.clusterScope ? undefined : ctx.namespace);
  if (tree.missing.length > 0 || tree.unresolvable) {
    return; // a composed template that is not among the manifests may declare it
  }
  const declared = declaredArgNames(tree.templates);
  for (const template of tree.templates) {
    template.metrics.forEach((metric, m) => {
      if (!isObject(metric)) {
        return;
      }
      for (const name of metricArgReferences(metric)) {
        if (declared.has(name)) {
          continue;
        }
        const composed = template === ctx.template ? '' : ` (composed by ${ctx.template.kind} ${quote(ctx.template.name)})`;
        ctx.reportOn(template, `spec.metrics[${m}]`,
          `${metricLabel(metric)}${composed} uses {{args.${name}}}, but no template it is merged with here declares ${quote(name)}: an AnalysisRun made from it alone would error; `
          + 'it works only next to a template that declares the argument.',
          `Declare { name: ${quote(name)} } in spec.args, or correct the placeholder.`, name, FindingSeverity.WARNING);
      }
    });
  }
}

/** Analysis rules in the controller's order. */
export const ANALYSIS_RULES: readonly Rule<AnalysisContext>[] = [
  {
    id: 'A01',
    check: ctx => {
      if (ctx.metrics.length > 0 || (!ctx.isRun && ctx.template.refs.length > 0)) {
        return;
      }
      const what = ctx.isRun ? 'The AnalysisRun has no metrics' : `The ${ctx.kind} has no metrics and composes no other template (spec.templates)`;
      ctx.report('spec.metrics', `${what}: spec.metrics is ${quote(ctx.spec.metrics)}.`,
        ctx.isRun ? 'Add at least one metric to spec.metrics.' : 'Add at least one metric to spec.metrics, or list the templates it composes in spec.templates.',
        ctx.spec.metrics);
    },
  },
  {
    id: 'A02',
    check: ctx => {
      const first = new Map<string, number>();
      forEachMetric(ctx, (metric, path, i) => {
        const name = asString(metric.name);
        const earlier = first.get(name);
        if (earlier === undefined) {
          first.set(name, i);
          return;
        }
        ctx.report(`${path}.name`, `The metric name ${quote(name)} is already used by spec.metrics[${earlier}]; metric names must be unique.`,
          `Rename one of the two metrics ${quote(name)}, or merge them.`, name);
      });
    },
  },
  {
    id: 'A03',
    check: ctx => checkLimitAtLeast(ctx, 'consecutiveSuccessLimit', 0, 'Set consecutiveSuccessLimit to 0 (off, the default) or a positive number.'),
  },
  {
    id: 'A04',
    check: ctx => checkLimitAtLeast(ctx, 'failureLimit', -1,
      'Set failureLimit to the number of failed measurements to tolerate (0 = none, the default), or -1 to judge by consecutiveSuccessLimit alone.'),
  },
  {
    id: 'A05',
    check: ctx => forEachMetric(ctx, (metric, path) => {
      const failureLimit = limitOf(ctx, metric, 'failureLimit');
      const successLimit = limitOf(ctx, metric, 'consecutiveSuccessLimit');
      if (failureLimit.int === -1 && successLimit.int === 0) {
        ctx.report(`${path}.failureLimit`,
          `${metricLabel(metric)} turns failureLimit off (${failureLimit.shown}) while consecutiveSuccessLimit is ${successLimit.shown}, so nothing could end it.`,
          'Set consecutiveSuccessLimit above 0 when failureLimit is -1, or set failureLimit to 0 or more.', failureLimit.value);
      }
    }),
  },
  {
    id: 'A06',
    check: ctx => checkLimitAtLeast(ctx, 'inconclusiveLimit', 0, 'Set inconclusiveLimit to 0 (the default) or a positive number.'),
  },
  {
    id: 'A07',
    check: ctx => checkLimitAtLeast(ctx, 'consecutiveErrorLimit', 0, 'Set consecutiveErrorLimit to 0 or more (it defaults to 4), or omit it.', true),
  },
  {
    id: 'A08',
    check: ctx => forEachMetric(ctx, (metric, path) => {
      const count = limitOf(ctx, metric, 'count');
      const failureLimit = limitOf(ctx, metric, 'failureLimit');
      const successLimit = limitOf(ctx, metric, 'consecutiveSuccessLimit');
      if (count.int === undefined || failureLimit.int === undefined || successLimit.int === undefined) {
        return;
      }
      const needed = failureLimit.int + successLimit.int;
      if (count.int > 0 && failureLimit.int >= 0 && count.int < needed) {
        ctx.report(`${path}.count`,
          `${metricLabel(metric)} has count ${count.shown}, less than failureLimit ${failureLimit.shown} and consecutiveSuccessLimit ${successLimit.shown} added up (${needed}).`,
          `Raise count to at least ${needed}, or lower failureLimit or consecutiveSuccessLimit.`, count.value);
      }
    }),
  },
  {
    id: 'A09',
    check: ctx => forEachMetric(ctx, (metric, path) => {
      const count = limitOf(ctx, metric, 'count');
      const failureLimit = limitOf(ctx, metric, 'failureLimit');
      const successLimit = limitOf(ctx, metric, 'consecutiveSuccessLimit');
      if (count.int === undefined || successLimit.int === undefined) {
        return;
      }
      if (count.int > 0 && failureLimit.int === -1 && count.int < successLimit.int) {
        ctx.report(`${path}.count`,
          `${metricLabel(metric)} has count ${count.shown}, fewer than consecutiveSuccessLimit ${successLimit.shown}, so it could never succeed.`,
          `Raise count to at least ${successLimit.int}, or lower consecutiveSuccessLimit.`, count.value);
      }
    }),
  },
  {
    id: 'A10',
    check: ctx => forEachMetric(ctx, (metric, path) => {
      const count = limitOf(ctx, metric, 'count');
      const inconclusiveLimit = limitOf(ctx, metric, 'inconclusiveLimit');
      if (count.int === undefined || inconclusiveLimit.int === undefined) {
        return;
      }
      if (count.int > 0 && count.int < inconclusiveLimit.int) {
        ctx.report(`${path}.count`, `${metricLabel(metric)} has count ${count.shown}, fewer than inconclusiveLimit ${inconclusiveLimit.shown}.`,
          `Raise count to at least ${inconclusiveLimit.int}, or lower inconclusiveLimit.`, count.value);
      }
    }),
  },
  {
    id: 'A11',
    check: ctx => forEachMetric(ctx, (metric, path) => {
      const count = limitOf(ctx, metric, 'count');
      if (count.int !== undefined && count.int > 1 && asString(metric.interval) === '') {
        ctx.report(`${path}.interval`, `${metricLabel(metric)} takes count ${count.shown} measurements but sets no interval between them.`,
          'Set interval, e.g. interval: "1m", or set count to 1.', metric.interval);
      }
    }),
  },
  {
    id: 'A12',
    check: ctx => checkDuration(ctx, 'interval'),
  },
  {
    id: 'A13',
    check: ctx => checkDuration(ctx, 'initialDelay'),
  },
  {
    id: 'A14',
    check: ctx => forEachMetric(ctx, (metric, path) => {
      const provider = asObject(metric.provider);
      const used = METRIC_PROVIDERS.filter(key => isSet(provider?.[key]));
      const plugins = asObject(provider?.plugin);
      if (plugins !== undefined) {
        used.push(...Object.keys(plugins).filter(key => isSet(plugins[key])).map(key => `plugin ${quote(key)}`));
      }
      if (used.length === 1) {
        return;
      }
      const others = provider === undefined ? [] : Object.keys(provider).filter(key => !METRIC_PROVIDERS.includes(key) && key !== 'plugin');
      const unknown = others.length > 0 ? ` (${listWords(others.map(key => quote(key)))} ${others.length === 1 ? 'is' : 'are'} not a provider)` : '';
      const message = used.length === 0
        ? `${metricLabel(metric)} has no provider${unknown}: provider is ${quote(metric.provider)}.`
        : `${metricLabel(metric)} sets ${used.length} providers (${listWords(used)}); a metric takes its measurements from exactly one.`;
      const fix = used.length === 0
        ? `Set exactly one provider, e.g. provider: { prometheus: { address: ..., query: ... } } (one of ${listWords(METRIC_PROVIDERS)}, or plugin).`
        : 'Keep one provider and move each other one into a metric of its own.';
      ctx.report(`${path}.provider`, message, fix, metric.provider);
    }),
  },
  {
    id: 'A15',
    check: ctx => checkMetricPatterns(ctx, 'dryRun'),
  },
  {
    id: 'A16',
    check: ctx => checkMetricPatterns(ctx, 'measurementRetention'),
  },
  {
    id: 'A17',
    check: ctx => {
      const rule = ctx.isRun ? 'the AnalysisRun would error' : 'every AnalysisRun made from the template would error';
      forEachMetric(ctx, (metric, _path, m) => reportUnresolvablePlaceholders(ctx, ctx.template, metric, m, rule));
      checkUndeclaredArgs(ctx);
      if (!ctx.isRun) {
        return; // templates may leave arguments for the caller to supply
      }
      ctx.args.forEach((arg, a) => {
        if (isObject(arg) && !isSet(arg.value) && !isSet(arg.valueFrom)) {
          ctx.report(`spec.args[${a}]`, `The AnalysisRun argument ${quote(arg.name)} has neither value nor valueFrom.`,
            'Give the argument a value, or valueFrom a Secret (secretKeyRef) or a field (fieldRef).', arg.name);
        }
      });
    },
  },
];

