import { AnalysisArg } from '../../analysis/args';
import { renderDryRun } from '../../analysis/private/render';
import { ArgSpec, MeasurementRetentionSpec, MetricNameSpec } from '../../analysis/private/spec-types';
import { ANALYSIS_TEMPLATE, checkArgument, checkListArgument } from '../../private/arguments';
import { LabelSelectorSpec, MetadataSpec, PodTemplateSpec } from '../../private/manifest-types';
import { checkInteger, metadataBlock, toGoDuration, toSeconds, undefinedIfEmpty } from '../../private/utils';
import { ExperimentAnalysis, ExperimentStepOptions } from '../experiment-step';

/** The `service` of a rendered experiment template: `{}` for a generated name. */
export interface TemplateServiceSpec {
  readonly name?: string;
}

/** A rendered analysis of an Experiment (or experiment step). */
export interface ExperimentAnalysisSpec {
  readonly name: string;
  readonly templateName: string;
  readonly clusterScope?: boolean;
  readonly args?: ArgSpec[];
  readonly requiredForCompletion?: boolean;
}

/** A rendered template of an Experiment. */
export interface ExperimentTemplateSpec {
  readonly name: string;
  readonly replicas?: number;
  readonly minReadySeconds?: number;
  readonly selector: LabelSelectorSpec;
  readonly template: PodTemplateSpec;
  readonly service?: TemplateServiceSpec;
}

/** The rendered spec of an Experiment. */
export interface ExperimentSpec {
  readonly templates: ExperimentTemplateSpec[];
  readonly duration?: string;
  readonly progressDeadlineSeconds?: number;
  readonly terminate?: boolean;
  readonly analyses?: ExperimentAnalysisSpec[];
  readonly dryRun?: MetricNameSpec[];
  readonly measurementRetention?: MeasurementRetentionSpec[];
  readonly analysisRunMetadata?: MetadataSpec;
  readonly scaleDownDelaySeconds?: number;
}

/** A rendered template of an experiment step (`steps[].experiment.templates[]`). */
export interface RolloutExperimentTemplateSpec {
  readonly name: string;
  readonly specRef: string;
  readonly replicas?: number;
  readonly weight?: number;
  readonly metadata?: MetadataSpec;
  readonly selector?: LabelSelectorSpec;
  readonly service?: TemplateServiceSpec;
}

/** A rendered experiment step (`steps[].experiment`). */
export interface RolloutExperimentStepSpec {
  readonly templates: RolloutExperimentTemplateSpec[];
  readonly duration?: string;
  readonly analyses?: ExperimentAnalysisSpec[];
  readonly dryRun?: MetricNameSpec[];
  readonly analysisRunMetadata?: MetadataSpec;
  readonly scaleDownDelaySeconds?: number;
}

/** Throws unless every name is given and none is used twice. */
export function checkUniqueNames(where: string, what: 'template' | 'analysis', names: string[]): void {
  const seen = new Set<string>();
  for (const name of names) {
    if (!name) throw new Error(`${where}: every ${what} needs a name.`);
    if (seen.has(name)) {
      throw new Error(`${where}: ${what} name '${name}' is used twice. ${what === 'template' ? 'Template' : 'Analysis'} names must be unique.`);
    }
    seen.add(name);
  }
}

/** The `service` of an experiment template: `{}` for a generated name, `{ name }`, or none. */
export function renderTemplateService(where: string, t: { name: string; service?: boolean; serviceName?: string }): TemplateServiceSpec | undefined {
  if (t.serviceName !== undefined && !t.service) {
    throw new Error(`${where}: template '${t.name}' sets serviceName '${t.serviceName}' without service: true. Set service: true or drop serviceName.`);
  }
  return t.service ? (t.serviceName ? { name: t.serviceName } : {}) : undefined;
}

/** The `analyses` of an experiment (or experiment step); throws on missing or repeated names. */
export function renderExperimentAnalyses(where: string, analyses: ExperimentAnalysis[] | undefined): ExperimentAnalysisSpec[] | undefined {
  checkListArgument(where, 'analyses', analyses, 'object', true);
  (analyses ?? []).forEach((a, i) => {
    checkArgument(where, `analyses[${i}].template`, a.template, ANALYSIS_TEMPLATE);
    checkListArgument(where, `analyses[${i}].args`, a.args, { class: AnalysisArg, name: 'AnalysisArg', example: "AnalysisArg.value('service', 'web')" }, true);
  });
  checkUniqueNames(where, 'analysis', (analyses ?? []).map(a => a.name));
  return undefinedIfEmpty((analyses ?? []).map(a => ({
    name: a.name,
    templateName: a.template.name,
    clusterScope: a.template.clusterScope ? true : undefined,
    args: undefinedIfEmpty((a.args ?? []).map(arg => arg._toKube())),
    requiredForCompletion: a.requiredForCompletion,
  })));
}

/** Validates and renders an experiment step. Throws on impossible input. */
export function renderExperimentStep(options: ExperimentStepOptions): RolloutExperimentStepSpec {
  const where = 'CanaryStep.experiment()';
  checkListArgument(where, 'options.templates', options.templates, 'object', true);
  if (!options.templates || options.templates.length === 0) {
    throw new Error(`${where}: at least one template is required, e.g. { name: 'canary', specRef: ExperimentSpecRef.CANARY }.`);
  }
  checkUniqueNames(where, 'template', options.templates.map(t => t.name));
  const templates = options.templates.map((t): RolloutExperimentTemplateSpec => {
    checkInteger(`${where} template '${t.name}' replicas`, t.replicas, 0);
    checkInteger(`${where} template '${t.name}' weight`, t.weight, 0, 100);
    const service = renderTemplateService(where, t);
    return {
      name: t.name,
      specRef: t.specRef,
      replicas: t.replicas,
      weight: t.weight,
      metadata: metadataBlock(t.labels, t.annotations),
      selector: t.selector ? { matchLabels: { ...t.selector } } : undefined,
      service,
    };
  });
  return {
    templates,
    duration: options.duration ? toGoDuration(`${where} duration`, options.duration) : undefined,
    analyses: renderExperimentAnalyses(where, options.analyses),
    dryRun: renderDryRun(options.dryRunMetrics),
    analysisRunMetadata: metadataBlock(options.analysisRunLabels, options.analysisRunAnnotations),
    scaleDownDelaySeconds: toSeconds(`${where} scaleDownDelay`, options.scaleDownDelay),
  };
}
