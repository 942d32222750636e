import { IAnalysisTemplate } from './analysis-template-ref';
import { RolloutAnalysisOptions } from './rollout-analysis';
import { metadataBlock, undefinedIfEmpty } from '../private/utils';

/** Renders the RolloutAnalysis block shared by steps, background and blue-green analysis. */
export function renderRolloutAnalysis(where: string, options: RolloutAnalysisOptions): any {
  if (!options.templates || options.templates.length === 0) {
    throw new Error(`${where}: at least one analysis template is required. Pass templates: [template].`);
  }
  const seen = new Set<string>();
  for (const arg of options.args ?? []) {
    if (seen.has(arg.name)) {
      throw new Error(`${where}: analysis argument '${arg.name}' is given twice. Give each argument once.`);
    }
    seen.add(arg.name);
  }
  const retention = Object.entries(options.measurementRetention ?? {}).map(([metricName, limit]) => {
    if (!Number.isInteger(limit) || limit < 0) {
      throw new Error(`${where}: measurementRetention for '${metricName}' must be a non-negative integer, got ${limit}.`);
    }
    return { metricName, limit };
  });
  return {
    templates: options.templates.map(t => (t.clusterScope ? { templateName: t.name, clusterScope: true } : { templateName: t.name })),
    args: undefinedIfEmpty((options.args ?? []).map(a => a._toKube())),
    dryRun: undefinedIfEmpty((options.dryRunMetrics ?? []).map(metricName => ({ metricName }))),
    measurementRetention: undefinedIfEmpty(retention),
    analysisRunMetadata: metadataBlock(options.analysisRunLabels, options.analysisRunAnnotations),
  };
}

/** The manifests of templates this app defines, for reference checks. */
export function templateManifests(templates: IAnalysisTemplate[]): any[] {
  return templates.map(t => t.toManifest()).filter(m => m !== undefined);
}
