import { ANALYSIS_ARG, ArgSpec, MeasurementRetentionSpec, MetricNameSpec, renderDryRun } from '../../analysis/private';
import {
  ANALYSIS_TEMPLATE, checkArgument, CONTAINER_PROPS, DURATION, ExpectedStruct, listOf, mapOf, METADATA, STRING_LIST, STRING_MAP, struct,
} from '../../private/arguments';
import { LabelSelectorSpec, MetadataSpec, PodTemplateSpec } from '../../private/manifest-types';
import { fail } from '../../private/synth-error';
import { checkInteger, metadataBlock, toGoDuration, toSeconds, undefinedIfEmpty } from '../../private/utils';
import { ExperimentAnalysis, ExperimentSpecRef, ExperimentStepOptions } from '../experiment-step';
import { PodTemplateDefaults } from '../pod-template';

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

/** The fields of `ExperimentAnalysis`, for `checkArgument`. */
const EXPERIMENT_ANALYSIS = struct('ExperimentAnalysis', { name: 'string', template: ANALYSIS_TEMPLATE, args: listOf(ANALYSIS_ARG), requiredForCompletion: 'boolean' },
  { required: ['template'], example: "{ name: 'check', template, args: [AnalysisArg.value('service', 'web')] }" });

/** The fields of `ExperimentStepOptions`, for `checkArgument`. */
export const EXPERIMENT_STEP_OPTIONS: ExpectedStruct = struct('ExperimentStepOptions', {
  templates: listOf(struct('ExperimentStepTemplate', {
    name: 'string',
    specRef: { name: 'ExperimentSpecRef', values: Object.values(ExperimentSpecRef) },
    replicas: 'number',
    weight: 'number',
    labels: STRING_MAP,
    annotations: STRING_MAP,
    selector: STRING_MAP,
    service: 'boolean',
    serviceName: 'string',
  }, { example: "{ name: 'canary', specRef: ExperimentSpecRef.CANARY }" })),
  duration: DURATION,
  analyses: listOf(EXPERIMENT_ANALYSIS),
  dryRunMetrics: STRING_LIST,
  analysisRunLabels: STRING_MAP,
  analysisRunAnnotations: STRING_MAP,
  scaleDownDelay: DURATION,
});

/** The fields of `ExperimentProps`, for `checkArgument`. */
export const EXPERIMENT_PROPS: ExpectedStruct = struct('ExperimentProps', {
  metadata: METADATA,
  templates: listOf(struct('ExperimentTemplate', {
    name: 'string',
    containers: listOf(CONTAINER_PROPS),
    labels: STRING_MAP,
    annotations: STRING_MAP,
    selector: STRING_MAP,
    replicas: 'number',
    minReady: DURATION,
    service: 'boolean',
    serviceName: 'string',
    podTemplateDefaults: { name: 'PodTemplateDefaults', values: Object.values(PodTemplateDefaults) },
  }, { example: "{ name: 'baseline', containers: [{ image: 'web:1.0' }], labels: { role: 'baseline' } }" })),
  duration: DURATION,
  progressDeadline: DURATION,
  analyses: listOf(EXPERIMENT_ANALYSIS),
  dryRunMetrics: STRING_LIST,
  measurementRetention: mapOf('number'),
  analysisRunLabels: STRING_MAP,
  analysisRunAnnotations: STRING_MAP,
  scaleDownDelay: DURATION,
  terminate: 'boolean',
});

/** Throws unless every name is given and none is used twice. */
export function checkUniqueNames(where: string, what: 'template' | 'analysis', names: string[]): void {
  const seen = new Set<string>();
  for (const name of names) {
    if (!name) fail(`${where}: every ${what} needs a name.`);
    if (seen.has(name)) {
      fail(`${where}: ${what} name '${name}' is used twice. ${what === 'template' ? 'Template' : 'Analysis'} names must be unique.`);
    }
    seen.add(name);
  }
}

/** The `service` of an experiment template: `{}` for a generated name, `{ name }`, or none. */
export function renderTemplateService(where: string, t: { name: string; service?: boolean; serviceName?: string }): TemplateServiceSpec | undefined {
  if (t.serviceName !== undefined && !t.service) {
    fail(`${where}: template '${t.name}' sets serviceName '${t.serviceName}' without service: true. Set service: true or drop serviceName.`);
  }
  return t.service ? (t.serviceName ? { name: t.serviceName } : {}) : undefined;
}

/** The `analyses` of an experiment (or experiment step); throws on missing or repeated names. */
export function renderExperimentAnalyses(where: string, analyses: ExperimentAnalysis[] | undefined): ExperimentAnalysisSpec[] | undefined {
  checkArgument(where, 'analyses', analyses, listOf(EXPERIMENT_ANALYSIS), true);
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
  checkArgument(where, 'options', options, EXPERIMENT_STEP_OPTIONS);
  if (!options.templates || options.templates.length === 0) {
    fail(`${where}: at least one template is required, e.g. { name: 'canary', specRef: ExperimentSpecRef.CANARY }.`);
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
