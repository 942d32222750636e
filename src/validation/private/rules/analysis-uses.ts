/**
 * The analyses of a Rollout with their templates resolved, for the rules of analysis-refs.ts (V50–V57,
 * A15–A17): each analysis in the controller's order, the templates its references name, looked up
 * among the manifests with everything they compose, and those templates merged the controller's way
 * (arguments, metric names, dryRun and measurementRetention lists).
 */
import { BLUE_GREEN_PATH, CANARY_PATH, ManifestContext, RuleContext, STEPS_PATH } from '../context';
import { AnalysisUseView, ArgView } from '../manifest-view';
import { MissingNestedTemplate, referencedKind, TemplateInfo } from '../templates';
import { asArray, asObject, asString, isObject, isSet, quote } from '../util';

/** How a Rollout uses an analysis: the controller's checks differ between them. */
export type AnalysisType = 'prePromotion' | 'postPromotion' | 'step' | 'experiment' | 'background';

/** A `templateName` (with `clusterScope`) in the Rollout. */
export interface TemplateReference {
  readonly kind: string;
  readonly name: string;
  /** Path of the `templateName` field. */
  readonly path: string;
}

/** A template argument after the templates' arguments are merged, and the template it came from. */
export interface MergedArg {
  readonly arg: ArgView;
  readonly template: TemplateInfo;
}

/** A `metricName` of a template's dryRun or measurementRetention list that an earlier template already lists. */
export interface RepeatedPattern {
  readonly template: TemplateInfo;
  readonly index: number;
  readonly name: string;
  readonly earlier: string;
}

/** The metric names of dryRun or measurementRetention lists across merged templates. */
export interface PatternNames {
  /** Each name and where it is first listed, for messages. */
  readonly owners: ReadonlyMap<string, string>;
  readonly repeated: readonly RepeatedPattern[];
}

/**
 * What a list of template references resolves to in a namespace: computed once per run for each
 * distinct list, however many Rollouts use it.
 */
export interface MergedTemplates {
  /** The templates found, with everything they compose, each once. */
  readonly templates: readonly TemplateInfo[];
  /** `kind/name` of the listed templates that are not among the manifests. */
  readonly missing: ReadonlySet<string>;
  readonly missingNested: readonly MissingNestedTemplate[];
  /** Template arguments merged the controller's way: a value given by a later template fills an earlier one without. */
  readonly mergedArgs: ReadonlyMap<string, MergedArg>;
  /** Metric names defined by two different templates. */
  readonly duplicateMetrics: ReadonlyArray<{ readonly name: string; readonly first: TemplateInfo; readonly second: TemplateInfo }>;
  readonly dryRun: PatternNames;
  readonly measurementRetention: PatternNames;
}

/** One analysis of a Rollout with its templates resolved. */
export interface AnalysisUse {
  readonly type: AnalysisType;
  /** Path of the analysis in the Rollout, e.g. `spec.strategy.canary.steps[2].analysis`. */
  readonly path: string;
  /** Path that stands for the analysis' template list in messages about merged templates. */
  readonly templatesPath: string;
  readonly args: readonly unknown[];
  readonly dryRun: readonly unknown[];
  readonly measurementRetention: readonly unknown[];
  readonly merged: MergedTemplates;
  readonly templates: readonly TemplateInfo[];
  readonly missingRefs: readonly TemplateReference[];
  /** True when every template, nested ones included, was found. */
  readonly complete: boolean;
}

export const TYPE_NAMES: Record<AnalysisType, string> = {
  prePromotion: 'pre-promotion analysis',
  postPromotion: 'post-promotion analysis',
  step: 'step analysis',
  experiment: 'experiment-step analysis',
  background: 'background analysis',
};

export function hasValue(arg: unknown): boolean {
  return isSet(asObject(arg)?.value) || isSet(asObject(arg)?.valueFrom);
}

export function describeTemplate(template: TemplateInfo): string {
  return `${template.kind} ${quote(template.name)}`;
}

function refKey(ref: TemplateReference): string {
  return `${ref.kind}/${ref.name}`;
}

function mergeArgs(templates: readonly TemplateInfo[]): Map<string, MergedArg> {
  const merged = new Map<string, MergedArg>();
  for (const template of templates) {
    for (const arg of template.args) {
      if (!isObject(arg)) {
        continue;
      }
      const name = asString(arg.name);
      const stored = merged.get(name);
      if (stored === undefined || !isSet(stored.arg.value)) {
        merged.set(name, { arg, template });
      }
    }
  }
  return merged;
}

function findDuplicateMetrics(templates: readonly TemplateInfo[]): MergedTemplates['duplicateMetrics'] {
  const duplicates: Array<{ name: string; first: TemplateInfo; second: TemplateInfo }> = [];
  const owners = new Map<string, TemplateInfo>();
  for (const template of templates) {
    for (const metric of template.metrics) {
      const name = asString(asObject(metric)?.name);
      const owner = owners.get(name);
      if (owner === undefined) {
        owners.set(name, template);
      } else if (owner !== template) {
        duplicates.push({ name, first: owner, second: template });
      }
    }
  }
  return duplicates;
}

function patternNames(templates: readonly TemplateInfo[], field: 'dryRun' | 'measurementRetention'): PatternNames {
  const owners = new Map<string, string>();
  const repeated: RepeatedPattern[] = [];
  for (const template of templates) {
    template[field].forEach((entry, index) => {
      const name = asObject(entry)?.metricName;
      if (typeof name !== 'string') {
        return;
      }
      const earlier = owners.get(name);
      if (earlier === undefined) {
        owners.set(name, `${describeTemplate(template)} (spec.${field})`);
      } else {
        repeated.push({ template, index, name, earlier });
      }
    });
  }
  return { owners, repeated };
}

/** Resolves and merges a list of template references as seen from `namespace`; cached per run. */
export function mergeTemplates(ctx: ManifestContext, refs: readonly TemplateReference[]): MergedTemplates {
  return ctx.index.memoize(`merged\u0000${ctx.namespace}\u0000${refs.map(refKey).join('\u0000')}`, () => {
    const templates: TemplateInfo[] = [];
    const seen = new Set<TemplateInfo>();
    const missing = new Set<string>();
    const missingNested: MissingNestedTemplate[] = [];
    const seenMissing = new Set<string>();
    for (const ref of refs) {
      const found = ctx.index.template(ref.kind, ctx.namespace, ref.name);
      if (found === undefined) {
        missing.add(refKey(ref));
        continue;
      }
      const tree = ctx.index.templateTree(found, ctx.namespace);
      for (const template of tree.templates) {
        if (!seen.has(template)) {
          seen.add(template);
          templates.push(template);
        }
      }
      for (const nested of tree.missing) {
        const nestedKey = `${nested.holder.documentIndex}\u0000${nested.index}`;
        if (!seenMissing.has(nestedKey)) {
          seenMissing.add(nestedKey);
          missingNested.push(nested);
        }
      }
    }
    return {
      templates,
      missing,
      missingNested,
      mergedArgs: mergeArgs(templates),
      duplicateMetrics: findDuplicateMetrics(templates),
      dryRun: patternNames(templates, 'dryRun'),
      measurementRetention: patternNames(templates, 'measurementRetention'),
    };
  });
}

/** Resolves the templates of one analysis. */
function resolveUse(
  ctx: RuleContext, type: AnalysisType, path: string, analysis: AnalysisUseView, refs: TemplateReference[], templatesPath: string,
): AnalysisUse {
  const merged = mergeTemplates(ctx, refs);
  const missingRefs = merged.missing.size === 0 ? [] : refs.filter(ref => merged.missing.has(refKey(ref)));
  return {
    type,
    path,
    templatesPath,
    args: asArray(analysis.args),
    dryRun: asArray(analysis.dryRun),
    measurementRetention: asArray(analysis.measurementRetention),
    merged,
    templates: merged.templates,
    missingRefs,
    complete: merged.missing.size === 0 && merged.missingNested.length === 0,
  };
}

/** A RolloutAnalysis (`templates[]`, `args[]`, …) at `path`. */
function rolloutAnalysis(ctx: RuleContext, type: AnalysisType, analysis: AnalysisUseView, path: string): AnalysisUse {
  const refs: TemplateReference[] = [];
  asArray(analysis.templates).forEach((ref, j) => {
    if (isObject(ref)) {
      refs.push({ kind: referencedKind(ref), name: asString(ref.templateName), path: `${path}.templates[${j}].templateName` });
    }
  });
  return resolveUse(ctx, type, path, analysis, refs, `${path}.templates`);
}

/**
 * The analyses of a Rollout in the controller's order: pre- and post-promotion; or each step (step
 * analyses and experiment-step analyses), then background. Computed once per Rollout.
 */
export function analysisUses(ctx: RuleContext): readonly AnalysisUse[] {
  return ctx.memoize('analysisUses', () => {
    const uses: AnalysisUse[] = [];
    if (ctx.blueGreen !== undefined) {
      for (const [type, field] of [['prePromotion', 'prePromotionAnalysis'], ['postPromotion', 'postPromotionAnalysis']] as const) {
        if (isObject(ctx.blueGreen[field])) {
          uses.push(rolloutAnalysis(ctx, type, ctx.blueGreen[field], `${BLUE_GREEN_PATH}.${field}`));
        }
      }
    }
    ctx.steps.forEach((value, i) => {
      const step = asObject(value);
      if (isObject(step?.analysis)) {
        uses.push(rolloutAnalysis(ctx, 'step', step.analysis, `${STEPS_PATH}[${i}].analysis`));
      }
      asArray(asObject(step?.experiment)?.analyses).forEach((analysis, k) => {
        if (isObject(analysis)) {
          const path = `${STEPS_PATH}[${i}].experiment.analyses[${k}]`;
          const ref = { kind: referencedKind(analysis), name: asString(analysis.templateName), path: `${path}.templateName` };
          uses.push(resolveUse(ctx, 'experiment', path, analysis, [ref], `${path}.templateName`));
        }
      });
    });
    if (isObject(ctx.canary?.analysis)) {
      uses.push(rolloutAnalysis(ctx, 'background', ctx.canary.analysis, `${CANARY_PATH}.analysis`));
    }
    return uses;
  });
}

/** Runs `check` for each analysis of the Rollout whose type is in `types` (all when omitted). */
export function forEachUse(ctx: RuleContext, check: (use: AnalysisUse) => void, types?: readonly AnalysisType[]): void {
  for (const use of analysisUses(ctx)) {
    if (types === undefined || types.includes(use.type)) {
      check(use);
    }
  }
}

/**
 * Runs `check` once per run for each template used by an analysis of the given types: for checks whose
 * result depends on the template alone, so that a template used by many Rollouts is checked once.
 */
export function forEachTemplateOnce(ctx: RuleContext, types: readonly AnalysisType[], check: (template: TemplateInfo) => void): void {
  forEachUse(ctx, use => {
    if (!ctx.claim(ctx.ruleId, use.merged)) {
      return; // the same templates, already checked for another analysis
    }
    for (const template of use.templates) {
      if (ctx.claim(ctx.ruleId, template)) {
        check(template);
      }
    }
  }, types);
}
