import { ExperimentStepOptions } from './experiment-step';
import { checkInteger, metadataBlock, toGoDuration, toSeconds, undefinedIfEmpty } from '../private/utils';

/** Validates and renders an experiment step. Throws on impossible input. */
export function renderExperimentStep(options: ExperimentStepOptions): any {
  const where = 'CanaryStep.experiment()';
  if (!options.templates || options.templates.length === 0) {
    throw new Error(`${where}: at least one template is required, e.g. { name: 'canary', specRef: ExperimentSpecRef.CANARY }.`);
  }
  const names = new Set<string>();
  const templates = options.templates.map(t => {
    if (!t.name) throw new Error(`${where}: every template needs a name.`);
    if (names.has(t.name)) throw new Error(`${where}: template name '${t.name}' is used twice. Template names must be unique.`);
    names.add(t.name);
    checkInteger(`${where} template '${t.name}' replicas`, t.replicas, 0);
    checkInteger(`${where} template '${t.name}' weight`, t.weight, 0, 100);
    if (t.serviceName !== undefined && !t.service) {
      throw new Error(`${where}: template '${t.name}' sets serviceName '${t.serviceName}' without service: true. Set service: true or drop serviceName.`);
    }
    const metadata = metadataBlock(t.labels, t.annotations);
    return {
      name: t.name,
      specRef: t.specRef,
      replicas: t.replicas,
      weight: t.weight,
      metadata,
      selector: t.selector ? { matchLabels: { ...t.selector } } : undefined,
      service: t.service ? (t.serviceName ? { name: t.serviceName } : {}) : undefined,
    };
  });
  const analysisNames = new Set<string>();
  const analyses = (options.analyses ?? []).map(a => {
    if (!a.name) throw new Error(`${where}: every analysis needs a name.`);
    if (analysisNames.has(a.name)) throw new Error(`${where}: analysis name '${a.name}' is used twice.`);
    analysisNames.add(a.name);
    return {
      name: a.name,
      templateName: a.template.name,
      clusterScope: a.template.clusterScope ? true : undefined,
      args: undefinedIfEmpty((a.args ?? []).map(arg => arg._toKube())),
      requiredForCompletion: a.requiredForCompletion,
    };
  });
  return {
    templates,
    duration: options.duration ? toGoDuration(`${where} duration`, options.duration) : undefined,
    analyses: undefinedIfEmpty(analyses),
    dryRun: undefinedIfEmpty((options.dryRunMetrics ?? []).map(metricName => ({ metricName }))),
    analysisRunMetadata: metadataBlock(options.analysisRunLabels, options.analysisRunAnnotations),
    scaleDownDelaySeconds: toSeconds(`${where} scaleDownDelay`, options.scaleDownDelay),
  };
}
