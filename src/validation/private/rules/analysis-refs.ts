/**
 * Referenced analysis templates V50–V57: the AnalysisTemplates and ClusterAnalysisTemplates a Rollout
 * names, looked up among the given manifests by name (AnalysisTemplates in the Rollout's namespace, no
 * namespace on both sides counting as the same; ClusterAnalysisTemplates cluster-wide) and merged with
 * everything they compose through `spec.templates`.
 *
 * A problem located in the Rollout is reported on the Rollout; one located in a template is reported
 * on the template (worded without naming the Rollout, so that it is reported once however many
 * Rollouts use the template). Templates that are not among the manifests are reported by V50 only
 * when referenced objects are required; otherwise they are skipped, and so are the checks that would
 * need them.
 */
import { ManifestContext, Rule, RuleContext, STEPS_PATH } from '../context';
import { AnalysisUseView, MetricView } from '../manifest-view';
import { referencedKind, TemplateInfo } from '../templates';
import { ArgLookup, article, asArray, asObject, asString, intOrStringValue, isObject, isSet, quote } from '../util';
import {
  declaredArgNames, metricArgReferences, reportUnmatchedPatterns, reportUnresolvablePlaceholders, UnmatchedPattern, unmatchedPatterns,
} from './analysis';
import {
  AnalysisType, AnalysisUse, analysisUses, describeTemplate, forEachTemplateOnce, forEachUse, hasValue, MergedArg, MergedTemplates, mergeTemplates,
  TYPE_NAMES,
} from './analysis-uses';
import { describeLookup } from './experiment';

/** Analyses that must finish and whose templates the controller validates strictly (V55, V56). */
const FINITE_TYPES: readonly AnalysisType[] = ['prePromotion', 'postPromotion', 'step'];

/** Placeholder the controller puts in for template arguments without a literal value when judging V55. */
const UNKNOWN_ARG_VALUE = 'placeholder';

/** Reports the dryRun or measurementRetention metric names listed twice in one analysis (V54). */
function checkDuplicatePatterns(ctx: RuleContext, use: AnalysisUse, field: 'dryRun' | 'measurementRetention'): void {
  const names = use.merged[field];
  if (ctx.claim(`${ctx.ruleId} ${field}`, use.merged)) {
    for (const repeated of names.repeated) {
      ctx.reportOn(repeated.template, `spec.${field}[${repeated.index}].metricName`,
        `The ${field} metricName ${quote(repeated.name)} is already listed by ${repeated.earlier}; templates merged into one AnalysisRun must not repeat it.`,
        `Remove one of the two ${field} entries for ${quote(repeated.name)}.`, repeated.name);
    }
  }
  const own = field === 'dryRun' ? use.dryRun : use.measurementRetention;
  if (own.length === 0) {
    return;
  }
  const owners = new Map(names.owners);
  own.forEach((entry, j) => {
    const name = asObject(entry)?.metricName;
    if (typeof name !== 'string') {
      return;
    }
    const earlier = owners.get(name);
    if (earlier === undefined) {
      owners.set(name, `${use.path}.${field}[${j}]`);
      return;
    }
    ctx.report(`${use.path}.${field}[${j}].metricName`, `The ${field} metricName ${quote(name)} is already listed by ${earlier}.`,
      `Remove this ${field} entry, or the one in ${earlier}.`, name);
  });
}

/**
 * V54 across analyses: when it validates a canary Rollout, the controller merges the dryRun (and
 * measurementRetention) list of every step analysis with the templates of every analysis of the
 * Rollout (each step's and the background one), so a step may not list a name that the templates of
 * another analysis list. (Its own templates are `checkDuplicatePatterns`.)
 */
function checkStepPatternsAcrossAnalyses(ctx: RuleContext, field: 'dryRun' | 'measurementRetention'): void {
  const uses = analysisUses(ctx).filter(use => use.type === 'step' || use.type === 'background');
  for (const step of uses.filter(use => use.type === 'step')) {
    const own = field === 'dryRun' ? step.dryRun : step.measurementRetention;
    own.forEach((entry, j) => {
      const name = asObject(entry)?.metricName;
      if (typeof name !== 'string') {
        return;
      }
      for (const other of uses) {
        const owner = other === step ? undefined : other.merged[field].owners.get(name);
        if (owner !== undefined) {
          ctx.report(`${step.path}.${field}[${j}].metricName`,
            `The ${field} metricName ${quote(name)} of this step is also listed by ${owner}, which the ${TYPE_NAMES[other.type]} at ${other.path} uses: `
            + `the controller checks every step's ${field} list together with the templates of every analysis of the Rollout, so the name must not repeat.`,
            `Remove one of the two entries: e.g. drop it from ${owner} and list it in the ${field} of each analysis that needs it.`, name);
        }
      }
    });
  }
}

/**
 * A15 and A16 for the templates merged into one AnalysisRun: each template's own dryRun or
 * measurementRetention patterns are matched against the metrics of all of them (patterns that do not
 * compile are the template's own A15/A16). Reported at `templatesPath` of the Rollout or Experiment.
 */
function checkMergedTemplatePatterns(ctx: ManifestContext, field: 'dryRun' | 'measurementRetention', useName: string, templatesPath: string,
  merged: MergedTemplates): void {
  const { shown, unmatched } = mergedTemplatePatterns(merged, field);
  for (const { template, found } of unmatched) {
    ctx.report(templatesPath,
      `${describeTemplate(template)} lists the ${field} metricName ${quote(found.pattern)} (spec.${field}[${found.index}]), which matches none of the metrics `
      + `that the ${useName} merges (${shown}), so its AnalysisRun would error.`,
      `Correct the pattern in ${describeTemplate(template)} to match one of ${shown} (it may match part of a name), or add the template that has the metric to the analysis.`,
      found.pattern);
  }
}

interface MergedPatterns {
  readonly shown: string;
  readonly unmatched: ReadonlyArray<{ readonly template: TemplateInfo; readonly found: UnmatchedPattern }>;
}

/** The templates' own patterns that match none of the merged metrics; computed once per merge and list in a run. */
const patternCache = new WeakMap<MergedTemplates, Map<string, MergedPatterns>>();
function mergedTemplatePatterns(merged: MergedTemplates, field: 'dryRun' | 'measurementRetention'): MergedPatterns {
  let byField = patternCache.get(merged);
  if (byField === undefined) {
    byField = new Map();
    patternCache.set(merged, byField);
  }
  let result = byField.get(field);
  if (result === undefined) {
    const names = metricNamesOf(merged.templates);
    const unmatched = merged.templates.flatMap(template => template[field].length === 0 ? []
      : unmatchedPatterns(template[field], names).filter(found => found.invalid === undefined).map(found => ({ template, found })));
    result = { shown: quote([...new Set(names)]), unmatched };
    byField.set(field, result);
  }
  return result;
}

/**
 * A15 and A16 on a Rollout: its analyses' own dryRun and measurementRetention lists, and those of
 * their templates, against the metrics of their templates.
 */
function checkUsePatterns(ctx: RuleContext, field: 'dryRun' | 'measurementRetention'): void {
  forEachUse(ctx, use => {
    if (use.complete && use.templates.length > 0) {
      checkMergedTemplatePatterns(ctx, field, TYPE_NAMES[use.type], use.templatesPath, use.merged);
    }
  });
  forEachUse(ctx, use => {
    const entries = field === 'dryRun' ? use.dryRun : use.measurementRetention;
    if (entries.length > 0 && use.templates.length > 0) {
      reportUnmatchedPatterns(ctx, entries, `${use.path}.${field}`, field, metricNamesOf(use.templates), use.complete,
        `the metrics of the ${TYPE_NAMES[use.type]}'s templates`);
    }
  }, ['prePromotion', 'postPromotion', 'step', 'background']);
  if (field !== 'dryRun') {
    return; // an experiment step has no measurementRetention
  }
  // An experiment step's dryRun list goes to each AnalysisRun of its Experiment.
  ctx.steps.forEach((step, i) => {
    const entries = asArray(asObject(asObject(step)?.experiment)?.dryRun);
    if (entries.length === 0) {
      return;
    }
    const prefix = `${STEPS_PATH}[${i}].experiment.analyses[`;
    forEachUse(ctx, use => {
      if (use.path.startsWith(prefix) && use.templates.length > 0) {
        reportUnmatchedPatterns(ctx, entries, `${STEPS_PATH}[${i}].experiment.dryRun`, field, metricNamesOf(use.templates), use.complete,
          `the metrics of the experiment analysis at ${use.path}`);
      }
    }, ['experiment']);
  });
}

function metricNamesOf(templates: readonly TemplateInfo[]): string[] {
  return templates.flatMap(template => template.metrics.map((metric) => asString(asObject(metric)?.name)));
}

/** How the controller reads a template's own arguments when it judges V55: literal defaults, else a placeholder. */
function templateArgLookup(template: TemplateInfo): ArgLookup {
  const values = new Map<string, string>();
  for (const arg of template.args) {
    if (isObject(arg)) {
      values.set(asString(arg.name), isSet(arg.value) && !isSet(arg.valueFrom) ? asString(arg.value) : UNKNOWN_ARG_VALUE);
    }
  }
  return name => values.get(name);
}

/** V55 for one template: metrics that set an interval and no count (or a count read as 0). */
function checkFiniteMetrics(ctx: RuleContext, template: TemplateInfo): void {
  const lookup = templateArgLookup(template);
  template.metrics.forEach((metric, m) => {
    if (!isObject(metric) || asString(metric.interval) === '') {
      return;
    }
    const count = metric.count;
    const int = isSet(count) ? intOrStringValue(count, lookup) : 0;
    if (int !== 0) {
      return; // finite, or known only once an undeclared argument is fixed (V56)
    }
    const fromArg = typeof count === 'string' && count.includes('{{');
    const reason = !isSet(count) ? 'no count'
      : fromArg ? `count ${quote(count)} taken from an argument without a numeric default (read as 0)` : `count ${quote(count)} (read as 0)`;
    ctx.reportOn(template, `spec.metrics[${m}].count`,
      `Metric ${quote(metric.name)} has interval ${quote(metric.interval)} and ${reason}, so it would measure until stopped; `
      + 'a step, pre-promotion or post-promotion analysis must end.',
      fromArg ? 'Give the argument a numeric default value (e.g. value: "5"), or write count as a number.'
        : 'Set count (e.g. count: 5) so that the metric ends, or use the template only as background analysis (spec.strategy.canary.analysis).',
      count);
  });
}

/**
 * V56 for one template: placeholders that no declared argument of the template itself resolves
 * (the controller checks each template with its own arguments), and arguments with both value and
 * valueFrom.
 */
function checkTemplateArgs(ctx: RuleContext, template: TemplateInfo): void {
  const declared = declaredArgNames([template]);
  template.metrics.forEach((metric, m) => {
    if (!isObject(metric)) {
      return;
    }
    reportUnresolvablePlaceholders(ctx, template, metric, m, 'Rollouts cannot use the template for a step, pre- or post-promotion analysis');
    for (const name of metricArgReferences(metric)) {
      if (!declared.has(name)) {
        ctx.reportOn(template, `spec.metrics[${m}]`,
          `Metric ${quote(metric.name)} uses {{args.${name}}}, but the template declares no argument ${quote(name)}, so Rollouts cannot use it for a step, pre- or post-promotion analysis.`,
          `Declare { name: ${quote(name)} } in spec.args of ${describeTemplate(template)}, or correct the placeholder.`, name);
      }
    }
  });
  template.args.forEach((arg, a) => {
    if (isObject(arg) && isSet(arg.value) && isSet(arg.valueFrom)) {
      ctx.reportOn(template, `spec.args[${a}]`, `Argument ${quote(arg.name)} sets both value ${quote(arg.value)} and valueFrom.`,
        'Keep either value or valueFrom.', arg.name);
    }
  });
}

/**
 * V53 for one analysis (of a Rollout or an Experiment): a merged template argument that has no value
 * and that the analysis does not supply is an error (the AnalysisRun cannot be made); an argument
 * that no template declares is a warning (the controller drops it).
 *
 * @param supplies whether an argument of the analysis gives a value (Experiments read `value` only)
 */
function checkSuppliedArgs(ctx: ManifestContext, useName: string, path: string, args: readonly unknown[],
  mergedArgs: ReadonlyMap<string, MergedArg>, supplies: (arg: unknown) => boolean): void {
  const supplied = new Set<string>();
  args.forEach((arg, j) => {
    if (!isObject(arg)) {
      return;
    }
    const name = asString(arg.name);
    if (!mergedArgs.has(name)) {
      const declared = [...mergedArgs.keys()];
      // Accepted by the controller (it drops the argument), so a warning, not an error.
      ctx.warn(`${path}.args[${j}].name`,
        `The ${useName} passes argument ${quote(name)}, which none of its templates declares; the controller ignores it without a word.`,
        declared.length > 0 ? `Correct the name to one of the declared arguments ${quote(declared)}, or remove it.`
          : 'Remove the argument (the templates declare none), or declare it in the template that should use it.', name);
    } else if (supplies(arg)) {
      supplied.add(name);
    }
  });
  for (const [name, merged] of mergedArgs) {
    if (!hasValue(merged.arg) && !supplied.has(name)) {
      const passedWithoutValue = args.some((arg) => isObject(arg) && asString(arg.name) === name && isSet(arg.valueFrom));
      const note = passedWithoutValue && supplies !== hasValue ? ' (an Experiment passes only value to its AnalysisRuns; valueFrom is dropped)' : '';
      ctx.report(`${path}.args`,
        `Argument ${quote(name)} of ${describeTemplate(merged.template)} has no default value, and the ${useName} does not pass one${note}.`,
        `Add { name: ${quote(name)}, value: ... }${supplies === hasValue ? ' (or valueFrom)' : ''} to ${path}.args, or give the argument a default value in the template.`, name);
    }
  }
}

/** Rules on the analysis templates a Rollout uses, in the controller's order. V50 runs in the fetch phase, before V48. */
export const ANALYSIS_REFERENCE_RULES: readonly Rule[] = [
  {
    id: 'V50',
    check: ctx => {
      if (ctx.options.requireReferencedObjects !== true) {
        return;
      }
      forEachUse(ctx, use => {
        for (const ref of use.missingRefs) {
          if (ref.name === '') {
            ctx.report(ref.path, `The ${TYPE_NAMES[use.type]} lists a template without a name (templateName is empty).`,
              'Set templateName to the name of an AnalysisTemplate (or of a ClusterAnalysisTemplate, with clusterScope: true).', ref.name);
            continue;
          }
          ctx.report(ref.path,
            `The ${TYPE_NAMES[use.type]} uses the ${ref.kind} ${quote(ref.name)}, which does not exist among the manifests (${describeLookup(ref.kind, ctx.namespace)}).`,
            `Define ${article(ref.kind)} ${ref.kind} named ${quote(ref.name)}${ref.kind === 'AnalysisTemplate' ? ' in the Rollout\'s namespace' : ''}, `
            + 'or correct templateName (clusterScope: true selects a ClusterAnalysisTemplate).', ref.name);
        }
        for (const missing of use.merged.missingNested) {
          ctx.reportOn(missing.holder, `spec.templates[${missing.index}].templateName`,
            `The template composes the ${missing.kind} ${quote(missing.name)}, which does not exist among the manifests (${describeLookup(missing.kind, ctx.namespace)}).`,
            `Define ${article(missing.kind)} ${missing.kind} named ${quote(missing.name)}, or correct templateName (clusterScope: true selects a ClusterAnalysisTemplate).`,
            missing.name);
        }
      });
    },
  },
];

/** Rules on the merged templates of each analysis; they run after the Service checks V48–V49. */
export const ANALYSIS_TEMPLATE_RULES: readonly Rule[] = [
  {
    id: 'V51',
    check: ctx => forEachUse(ctx, use => {
      for (const { name, first, second } of use.merged.duplicateMetrics) {
        ctx.report(use.templatesPath,
          `The metric ${quote(name)} is defined by both ${describeTemplate(first)} and ${describeTemplate(second)}, which the ${TYPE_NAMES[use.type]} merges into one AnalysisRun.`,
          `Rename the metric ${quote(name)} in one of the two templates, or do not use both in the same analysis.`, name);
      }
    }),
  },
  {
    id: 'V52',
    check: ctx => forEachUse(ctx, use => {
      if (!ctx.claim(ctx.ruleId, use.merged)) {
        return; // the same templates, already checked for another analysis
      }
      const first = new Map<string, MergedArg>();
      for (const template of use.templates) {
        template.args.forEach((arg, a) => {
          if (!isObject(arg)) {
            return;
          }
          const name = asString(arg.name);
          const stored = first.get(name);
          if (stored !== undefined && isSet(stored.arg.value) && isSet(arg.value) && asString(stored.arg.value) !== asString(arg.value)) {
            ctx.reportOn(template, `spec.args[${a}].value`,
              `Argument ${quote(name)} has the default ${quote(arg.value)} here, but ${describeTemplate(stored.template)} gives it ${quote(stored.arg.value)}; `
              + 'templates merged into one AnalysisRun must agree.',
              `Use the same default for ${quote(name)} in both templates, or remove it from one and pass the value from the Rollout.`, arg.value);
          }
          if (stored === undefined || !isSet(stored.arg.value)) {
            first.set(name, { arg, template });
          }
        });
      }
    }),
  },
  {
    id: 'V53',
    check: ctx => forEachUse(ctx, use => {
      if (use.complete && use.templates.length > 0) {
        checkSuppliedArgs(ctx, TYPE_NAMES[use.type], use.path, use.args, use.merged.mergedArgs, hasValue);
      }
    }),
  },
  {
    id: 'V54',
    check: ctx => {
      forEachUse(ctx, use => {
        checkDuplicatePatterns(ctx, use, 'dryRun');
        checkDuplicatePatterns(ctx, use, 'measurementRetention');
      });
      checkStepPatternsAcrossAnalyses(ctx, 'dryRun');
      checkStepPatternsAcrossAnalyses(ctx, 'measurementRetention');
    },
  },
  {
    id: 'V55',
    check: ctx => forEachTemplateOnce(ctx, FINITE_TYPES, template => checkFiniteMetrics(ctx, template)),
  },
  {
    id: 'V56',
    check: ctx => forEachTemplateOnce(ctx, FINITE_TYPES, template => checkTemplateArgs(ctx, template)),
  },
  {
    id: 'V57',
    check: ctx => forEachUse(ctx, use => {
      if (!use.complete) {
        return;
      }
      const passed = new Set(use.args.map((arg) => asString(asObject(arg)?.name)));
      for (const template of use.templates) {
        for (const arg of template.args) {
          const name = asString(asObject(arg)?.name);
          const merged = use.merged.mergedArgs.get(name);
          if (!isObject(arg) || hasValue(arg) || passed.has(name) || merged === undefined || !hasValue(merged.arg)) {
            continue; // V53 covers an argument that no template gives a value
          }
          ctx.report(`${use.path}.args`,
            `Argument ${quote(name)} of ${describeTemplate(template)} has no default and the background analysis does not pass it; `
            + `the default in ${describeTemplate(merged.template)} does not count for background analysis.`,
            `Add { name: ${quote(name)}, value: ... } to ${use.path}.args.`, name);
        }
      }
    }, ['background']),
  },
];

/**
 * A17 on the analyses whose templates the controller does not check one by one (background and
 * experiment-step analyses): the AnalysisRun merges the templates' arguments first, so a metric
 * may use `{{args.x}}` that a sibling template declares; one that no merged template declares makes
 * the AnalysisRun error.
 */
function checkMergedArgReferences(ctx: ManifestContext, useName: string, templatesPath: string, merged: MergedTemplates): void {
  for (const { template, metric, name } of undeclaredReferences(merged)) {
    ctx.report(templatesPath,
      `Metric ${quote(metric.name)} of ${describeTemplate(template)} uses {{args.${name}}}, but none of the templates the ${useName} merges declares ${quote(name)}, so its AnalysisRun would error.`,
      `Declare { name: ${quote(name)} } in spec.args of ${describeTemplate(template)} (or of another template of the analysis), or correct the placeholder.`, name);
  }
}

/** `{{args.x}}` of the merged templates' metrics that none of them declares; computed once per merge in a run. */
const undeclaredCache = new WeakMap<MergedTemplates, ReadonlyArray<{ template: TemplateInfo; metric: MetricView; name: string }>>();
function undeclaredReferences(merged: MergedTemplates): ReadonlyArray<{ template: TemplateInfo; metric: MetricView; name: string }> {
  let found = undeclaredCache.get(merged);
  if (found === undefined) {
    const list: Array<{ template: TemplateInfo; metric: MetricView; name: string }> = [];
    for (const template of merged.templates) {
      for (const metric of template.metrics) {
        if (isObject(metric)) {
          metricArgReferences(metric).filter(name => !merged.mergedArgs.has(name)).forEach(name => list.push({ template, metric, name }));
        }
      }
    }
    found = list;
    undeclaredCache.set(merged, found);
  }
  return found;
}

/**
 * What the AnalysisRuns of a Rollout's analyses would fail on: A15 and A16 (the analyses' own dryRun
 * and measurementRetention lists, and an experiment step's dryRun, against their metrics), A17 for
 * background and experiment-step analyses (step, pre- and post-promotion ones are V56).
 */
export const ANALYSIS_RUN_RULES: readonly Rule[] = [
  {
    id: 'A15',
    check: ctx => checkUsePatterns(ctx, 'dryRun'),
  },
  {
    id: 'A16',
    check: ctx => checkUsePatterns(ctx, 'measurementRetention'),
  },
  {
    id: 'A17',
    check: ctx => forEachUse(ctx, use => {
      if (use.complete && use.templates.length > 0) {
        checkMergedArgReferences(ctx, TYPE_NAMES[use.type], use.templatesPath, use.merged);
      }
    }, ['background', 'experiment']),
  },
];

/** An analysis of an Experiment manifest (`spec.analyses[k]` at `path`), resolved with its templates. */
interface ExperimentUse {
  readonly path: string;
  readonly analysis: AnalysisUseView;
  readonly merged: MergedTemplates;
}

/** The analyses of an Experiment manifest, each resolved with its templates (`spec.analyses[k]`). */
function experimentUses(ctx: ManifestContext): ExperimentUse[] {
  return ctx.memoize('experimentUses', () => {
    const uses: ExperimentUse[] = [];
    asArray(ctx.spec.analyses).forEach((analysis, k) => {
      if (!isObject(analysis)) {
        return;
      }
      const path = `spec.analyses[${k}]`;
      const ref = { kind: referencedKind(analysis), name: asString(analysis.templateName), path: `${path}.templateName` };
      uses.push({ path, analysis, merged: mergeTemplates(ctx, [ref]) });
    });
    return uses;
  });
}

/** True when every template of a merge, nested ones included, was found. */
function isComplete(merged: MergedTemplates): boolean {
  return merged.missing.size === 0 && merged.missingNested.length === 0 && merged.templates.length > 0;
}

/**
 * Rules on the analyses of Experiment manifests, the same checks as on a Rollout's experiment-step
 * analyses: V53 (arguments), A15 and A16 (the Experiment's dryRun and measurementRetention lists,
 * which go to every AnalysisRun of the Experiment), then A17 (placeholders of the merged templates).
 */
export const EXPERIMENT_ANALYSIS_RULES: readonly Rule<ManifestContext>[] = [
  {
    id: 'V53',
    check: ctx => {
      for (const use of experimentUses(ctx)) {
        if (isComplete(use.merged)) {
          checkSuppliedArgs(ctx, `analysis ${quote(use.analysis.name)}`, use.path, asArray(use.analysis.args), use.merged.mergedArgs,
            arg => isSet(asObject(arg)?.value));
        }
      }
    },
  },
  ...(['dryRun', 'measurementRetention'] as const).map((field): Rule<ManifestContext> => ({
    id: field === 'dryRun' ? 'A15' : 'A16',
    // The Experiment's list goes to the AnalysisRun of each of its analyses.
    check: ctx => {
      const entries = asArray(ctx.spec[field]);
      for (const use of experimentUses(ctx)) {
        if (entries.length > 0 && use.merged.templates.length > 0) {
          reportUnmatchedPatterns(ctx, entries, `spec.${field}`, field, metricNamesOf(use.merged.templates), isComplete(use.merged),
            `the metrics of analysis ${quote(use.analysis.name)}`);
        }
        if (isComplete(use.merged)) {
          checkMergedTemplatePatterns(ctx, field, `analysis ${quote(use.analysis.name)}`, `${use.path}.templateName`, use.merged);
        }
      }
    },
  })),
  {
    id: 'A17',
    check: ctx => {
      for (const use of experimentUses(ctx)) {
        if (isComplete(use.merged)) {
          checkMergedArgReferences(ctx, `analysis ${quote(use.analysis.name)}`, `${use.path}.templateName`, use.merged);
        }
      }
    },
  },
];
