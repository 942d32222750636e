/**
 * Code for the analysis objects: `AnalysisTemplate` / `ClusterAnalysisTemplate`, `AnalysisRun` and
 * `Experiment` with their metrics and metric providers, and the analysis arguments and templates
 * that Rollouts and experiments refer to.
 */
import { call, lit, obj } from './code';
import { variantCode } from './emit-mapping';
import { bool, containers, duration, list, metadata, num, str } from './emit-values';
import { Demote, ModuleWriter } from './emit-writer';
import { stringMap } from './install-options';
import { Item } from './read';
import { objectOrEmpty, UncheckedObject } from '../../private/manifest-types';
import { providerRow } from '../../private/providers';

/** The arguments of an analysis a Rollout or an experiment runs. */
export function rolloutArgs(args: unknown): string | undefined {
  if (!Array.isArray(args)) return undefined;
  return list(args.map((arg: unknown) => {
    const a = objectOrEmpty(arg);
    if (typeof a.value === 'string') return call('AnalysisArg.value', lit(a.name), lit(a.value));
    const hash = objectOrEmpty(a.valueFrom).podTemplateHashValue;
    if (hash === 'Stable' || hash === 'Latest') return call('AnalysisArg.fromPodTemplateHash', lit(a.name), `PodTemplateHash.${hash.toUpperCase()}`);
    const field = objectOrEmpty(objectOrEmpty(a.valueFrom).fieldRef).fieldPath;
    if (typeof field === 'string') return call('AnalysisArg.fromFieldRef', lit(a.name), lit(field));
    return undefined;
  }));
}

/** The analyses of an experiment (of an experiment step, or of an Experiment). */
export function experimentAnalyses(w: ModuleWriter, analyses: unknown): string | undefined {
  if (!Array.isArray(analyses)) return undefined;
  return list(analyses.map((entry: unknown) => {
    const a = objectOrEmpty(entry);
    return obj({
      name: str(a.name),
      template: w.template(a.templateName, a.clusterScope === true),
      args: rolloutArgs(a.args),
      requiredForCompletion: bool(a.requiredForCompletion),
    });
  }));
}

/** The code of a metric provider (its row's mapping); undefined (and a gap) for one the importer does not map. */
function providerCode(w: ModuleWriter, p: UncheckedObject | undefined, item: Item): string | undefined {
  const kinds = Object.keys(p ?? {});
  if (kinds.length !== 1) return undefined;
  const v = p?.[kinds[0]] ?? {};
  const row = providerRow(kinds[0]);
  if (kinds[0] === 'plugin') {
    const names = Object.keys(v);
    return names.length === 1 ? call('MetricProvider.plugin', lit(names[0]), v[names[0]] !== undefined ? lit(v[names[0]]) : undefined) : undefined;
  }
  if (row?.import === undefined) {
    w.gap(item, `metric provider '${kinds[0]}': the importer has no mapping to its MetricProvider factory yet`);
    return undefined;
  }
  return variantCode(w, row.import, v);
}

/** The metrics of an analysis; a provider without a mapping demotes the object to a plain ApiObject. */
function metricsCode(w: ModuleWriter, metrics: unknown, analysisSpec: unknown, item: Item): string | undefined {
  if (!Array.isArray(metrics)) return undefined;
  const spec = objectOrEmpty(analysisSpec);
  const dry = new Set((spec.dryRun ?? []).map((d: unknown) => objectOrEmpty(d).metricName));
  const retention = new Map((spec.measurementRetention ?? []).map((r: unknown) => [objectOrEmpty(r).metricName, objectOrEmpty(r).limit]));
  return list(metrics.map((metric: unknown) => {
    const m = objectOrEmpty(metric);
    const provider = providerCode(w, m.provider, item);
    if (!provider) throw new Demote(`metric '${m.name}': provider ${Object.keys(m.provider ?? {}).join(', ')} has no MetricProvider mapping`);
    const condition = typeof m.successCondition === 'string'
      ? call('Condition.expression', lit(m.successCondition), str(m.failureCondition))
      : typeof m.failureCondition === 'string' ? call('Condition.failureExpression', lit(m.failureCondition)) : undefined;
    return obj({
      name: str(m.name),
      provider,
      interval: m.interval !== undefined ? duration(m.interval) : undefined,
      initialDelay: m.initialDelay !== undefined ? duration(m.initialDelay) : undefined,
      count: num(m.count),
      condition,
      failureLimit: num(m.failureLimit),
      inconclusiveLimit: num(m.inconclusiveLimit),
      consecutiveErrorLimit: num(m.consecutiveErrorLimit),
      consecutiveSuccessLimit: num(m.consecutiveSuccessLimit),
      dryRun: dry.has(m.name) ? 'true' : undefined,
      measurementRetention: typeof retention.get(m.name) === 'number' ? String(retention.get(m.name)) : undefined,
    });
  }));
}

/** The arguments of an analysis template. */
function templateArgs(args: unknown): string | undefined {
  if (!Array.isArray(args)) return undefined;
  return list(args.map((arg: unknown) => {
    const a = objectOrEmpty(arg);
    if (typeof a.value === 'string') return call('AnalysisTemplateArg.withDefault', lit(a.name), lit(a.value));
    const secret = objectOrEmpty(a.valueFrom).secretKeyRef;
    if (secret) return call('AnalysisTemplateArg.fromSecret', lit(a.name), lit(secret.name), lit(secret.key));
    const field = objectOrEmpty(objectOrEmpty(a.valueFrom).fieldRef).fieldPath;
    if (typeof field === 'string') return call('AnalysisTemplateArg.fromFieldRef', lit(a.name), lit(field));
    return call('AnalysisTemplateArg.required', lit(a.name));
  }));
}

/** Declares an `AnalysisTemplate` / `ClusterAnalysisTemplate`. */
export function declareAnalysisTemplate(w: ModuleWriter, item: Item): void {
  const spec = item.manifest.spec ?? {};
  const props = obj({
    metadata: metadata(item.manifest.metadata),
    args: templateArgs(spec.args),
    metrics: metricsCode(w, spec.metrics, spec, item),
    templates: Array.isArray(spec.templates)
      ? list(spec.templates.map((t: unknown) => w.template(objectOrEmpty(t).templateName, objectOrEmpty(t).clusterScope === true))) : undefined,
  });
  w.write(`const ${item.variable} = new ${item.kind}(this, ${lit(item.id)}, ${props ?? '{}'});`);
}

/** Declares an `AnalysisRun`. */
export function declareAnalysisRun(w: ModuleWriter, item: Item): void {
  const spec = item.manifest.spec ?? {};
  const props = obj({
    metadata: metadata(item.manifest.metadata),
    args: Array.isArray(spec.args) ? list(spec.args.map((arg: unknown) => {
      const a = objectOrEmpty(arg);
      return typeof a.value === 'string'
        ? call('AnalysisTemplateArg.withDefault', lit(a.name), lit(a.value)) : call('AnalysisTemplateArg.required', lit(a.name));
    })) : undefined,
    metrics: metricsCode(w, spec.metrics, spec, item),
    terminate: bool(spec.terminate),
    ttlAfterCompletion: duration(spec.ttlStrategy?.secondsAfterCompletion),
    ttlAfterSuccess: duration(spec.ttlStrategy?.secondsAfterSuccess),
    ttlAfterFailure: duration(spec.ttlStrategy?.secondsAfterFailure),
  });
  w.write(`const ${item.variable} = new AnalysisRun(this, ${lit(item.id)}, ${props ?? '{}'});`);
  w.generatedName(item);
}

/** Declares an `Experiment`. */
export function declareExperiment(w: ModuleWriter, item: Item): void {
  const spec = item.manifest.spec ?? {};
  const retention = Array.isArray(spec.measurementRetention)
    ? Object.fromEntries(spec.measurementRetention.filter((r: unknown) => typeof objectOrEmpty(r).limit === 'number')
      .map((r: unknown) => [objectOrEmpty(r).metricName, objectOrEmpty(r).limit])) : {};
  const props = obj({
    metadata: metadata(item.manifest.metadata),
    templates: list((spec.templates ?? []).map((template: unknown) => {
      const t = objectOrEmpty(template);
      const pod = objectOrEmpty(t.template);
      return obj({
        name: str(t.name),
        containers: containers(objectOrEmpty(pod.spec).containers) ?? '[]',
        labels: stringMap(objectOrEmpty(pod.metadata).labels) ?? '{}',
        annotations: stringMap(objectOrEmpty(pod.metadata).annotations),
        selector: stringMap(objectOrEmpty(t.selector).matchLabels),
        replicas: num(t.replicas),
        minReady: t.minReadySeconds !== undefined ? duration(t.minReadySeconds) : undefined,
        service: t.service && Object.keys(t.service).length === 0 ? 'true' : undefined,
        serviceName: str(objectOrEmpty(t.service).name),
        podTemplateDefaults: 'PodTemplateDefaults.NONE',
      });
    })) ?? '[]',
    duration: spec.duration !== undefined ? duration(spec.duration) : undefined,
    progressDeadline: spec.progressDeadlineSeconds !== undefined ? duration(spec.progressDeadlineSeconds) : undefined,
    analyses: experimentAnalyses(w, spec.analyses),
    dryRunMetrics: Array.isArray(spec.dryRun) ? list(spec.dryRun.map((d: unknown) => str(objectOrEmpty(d).metricName))) : undefined,
    measurementRetention: Object.keys(retention).length > 0 ? lit(retention) : undefined,
    analysisRunLabels: stringMap(spec.analysisRunMetadata?.labels),
    analysisRunAnnotations: stringMap(spec.analysisRunMetadata?.annotations),
    scaleDownDelay: spec.scaleDownDelaySeconds !== undefined ? duration(spec.scaleDownDelaySeconds) : undefined,
    terminate: bool(spec.terminate),
  });
  w.write(`const ${item.variable} = new Experiment(this, ${lit(item.id)}, ${props});`);
  w.generatedName(item);
}
