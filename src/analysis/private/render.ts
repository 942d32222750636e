import { IConstruct } from 'constructs';
import { IAnalysisTemplate } from '../analysis-template-ref';
import { AnalysisArg } from '../args';
import { Metric } from '../metric';
import { MetricProvider } from '../metric-provider';
import { RolloutAnalysisOptions } from '../rollout-analysis';
import { MeasurementRetentionSpec, MetricNameSpec, MetricSpec, RolloutAnalysisSpec, TemplateRefSpec } from './spec-types';
import { addControllerRequirement } from '../../install/private';
import {
  ANALYSIS_TEMPLATE, checkArgument, ExpectedClass, ExpectedStruct, listOf, mapOf, STRING_LIST, STRING_MAP, struct,
} from '../../private/arguments';
import { Manifest } from '../../private/manifest-types';
import { isAnalysisName } from '../../private/name-syntax';
import { fail } from '../../private/synth-error';
import { checkInteger, metadataBlock, toGoDuration, undefinedIfEmpty } from '../../private/utils';

/** What `checkArgument` expects where an AnalysisArg belongs. */
export const ANALYSIS_ARG: ExpectedClass = { class: AnalysisArg, name: 'AnalysisArg', example: "AnalysisArg.value('service', 'web')" };

/** The fields of `RolloutAnalysisOptions` (and of `BackgroundAnalysisOptions`), for `checkArgument`. */
export const ROLLOUT_ANALYSIS_OPTIONS: ExpectedStruct = struct('RolloutAnalysisOptions', {
  templates: listOf(ANALYSIS_TEMPLATE),
  args: listOf(ANALYSIS_ARG),
  dryRunMetrics: STRING_LIST,
  measurementRetention: mapOf('number'),
  analysisRunLabels: STRING_MAP,
  analysisRunAnnotations: STRING_MAP,
  startingStep: 'number',
}, { example: "{ templates: [template], args: [AnalysisArg.value('service', 'web')] }" });

/**
 * Renders the RolloutAnalysis block shared by steps, background and blue-green analysis.
 *
 * @param name the options' name in messages, e.g. `options.prePromotionAnalysis`
 */
export function renderRolloutAnalysis(where: string, options: RolloutAnalysisOptions, name = 'options'): RolloutAnalysisSpec {
  checkArgument(where, name, options, ROLLOUT_ANALYSIS_OPTIONS);
  if (!options.templates || options.templates.length === 0) {
    fail(`${where}: at least one analysis template is required. Pass templates: [template].`);
  }
  const seen = new Set<string>();
  for (const arg of options.args ?? []) {
    if (seen.has(arg.name)) {
      fail(`${where}: analysis argument '${arg.name}' is given twice. Give each argument once.`);
    }
    seen.add(arg.name);
  }
  return {
    templates: options.templates.map(templateRef),
    args: undefinedIfEmpty((options.args ?? []).map(a => a._toKube())),
    dryRun: renderDryRun(options.dryRunMetrics),
    measurementRetention: renderMeasurementRetention(where, options.measurementRetention),
    analysisRunMetadata: metadataBlock(options.analysisRunLabels, options.analysisRunAnnotations),
  };
}

/** A `dryRun` list of metric names (or patterns). */
export function renderDryRun(metrics: string[] | undefined): MetricNameSpec[] | undefined {
  return undefinedIfEmpty((metrics ?? []).map(metricName => ({ metricName })));
}

/** A `measurementRetention` list from metric name (or pattern) → number kept; throws on a bad number. */
export function renderMeasurementRetention(where: string,
  retention: { [metricName: string]: number } | undefined): MeasurementRetentionSpec[] | undefined {
  return undefinedIfEmpty(Object.entries(retention ?? {}).map(([metricName, limit]) => {
    if (!Number.isInteger(limit) || limit < 0) {
      fail(`${where}: measurementRetention for '${metricName}' must be a non-negative integer, got ${limit}.`);
    }
    return { metricName, limit };
  }));
}

/** A reference to a template, as in `templates[]` of an analysis. */
export function templateRef(t: IAnalysisTemplate): TemplateRefSpec {
  return t.clusterScope ? { templateName: t.name, clusterScope: true } : { templateName: t.name };
}

/** A template that composes others and can list them (implemented by the library's templates). */
interface ComposingTemplate {
  _composedTemplates(): IAnalysisTemplate[];
}

function composedTemplatesOf(template: IAnalysisTemplate): IAnalysisTemplate[] {
  const composing = template as Partial<ComposingTemplate>;
  return typeof composing._composedTemplates === 'function' ? composing._composedTemplates() : [];
}

/**
 * The manifests of the given templates and of every template they compose, at any depth, each once
 * (templates defined elsewhere have none): what the rule engine needs to follow nested references at
 * synth as it does in the CLI.
 */
export function templateManifests(templates: readonly IAnalysisTemplate[]): Manifest[] {
  const manifests: Manifest[] = [];
  const seen = new Set<IAnalysisTemplate>();
  const stack = [...templates].reverse();
  while (stack.length > 0) {
    const template = stack.pop()!;
    if (seen.has(template)) {
      continue;
    }
    seen.add(template);
    const manifest = template.toManifest();
    if (manifest !== undefined) {
      manifests.push(manifest);
    }
    stack.push(...[...composedTemplatesOf(template)].reverse());
  }
  return manifests;
}

/** Checks a metric's own values eagerly, with the field, value and fix. */
export function checkMetric(where: string, m: Metric): void {
  checkArgument(where, 'metric', m, 'object');
  checkArgument(where, 'metric.name', m.name, 'string');
  checkArgument(`${where}, metric '${m.name}'`, 'provider', m.provider, { class: MetricProvider, name: 'MetricProvider', example: 'a factory such as MetricProvider.prometheus({ ... })' });
  if (!m.name || !isAnalysisName(m.name)) {
    fail(`${where}: metric name '${m.name}' is invalid: use letters, digits, '-', '_' and '.'.`);
  }
  const at = `${where}, metric '${m.name}'`;
  checkInteger(`${at}: count`, m.count, 0);
  checkInteger(`${at}: failureLimit`, m.failureLimit, -1);
  checkInteger(`${at}: inconclusiveLimit`, m.inconclusiveLimit, 0);
  checkInteger(`${at}: consecutiveErrorLimit`, m.consecutiveErrorLimit, 0);
  checkInteger(`${at}: consecutiveSuccessLimit`, m.consecutiveSuccessLimit, 0);
  checkInteger(`${at}: measurementRetention`, m.measurementRetention, 0);
  if (m.condition && (m.successCondition !== undefined || m.failureCondition !== undefined)) {
    fail(`${at}: give either condition or successCondition/failureCondition, not both.`);
  }
  if (m.interval) toGoDuration(`${at}: interval`, m.interval);
  if (m.initialDelay) toGoDuration(`${at}: initialDelay`, m.initialDelay);
}

/** A metric as it appears in `spec.metrics`. */
export function renderMetric(m: Metric): MetricSpec {
  return {
    name: m.name,
    interval: m.interval ? toGoDuration('interval', m.interval) : undefined,
    initialDelay: m.initialDelay ? toGoDuration('initialDelay', m.initialDelay) : undefined,
    count: m.count,
    successCondition: m.condition ? m.condition.successCondition : m.successCondition,
    failureCondition: m.condition ? m.condition.failureCondition : m.failureCondition,
    failureLimit: m.failureLimit,
    inconclusiveLimit: m.inconclusiveLimit,
    consecutiveErrorLimit: m.consecutiveErrorLimit,
    consecutiveSuccessLimit: m.consecutiveSuccessLimit,
    provider: m.provider._toKube(),
  };
}

/**
 * Records, for the app's install, that `scope` measures `metric` with a metric-provider plugin: the
 * controller must load it (`metricProviderPlugins` of argo-rollouts-config).
 */
export function requireMetricPlugin(scope: IConstruct, metric: Metric): void {
  const plugin = metric.provider._plugin();
  if (plugin !== undefined) addControllerRequirement(scope, { plugin });
}
