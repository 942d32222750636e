/**
 * Code for the analysis objects: `AnalysisTemplate` / `ClusterAnalysisTemplate`, `AnalysisRun` and
 * `Experiment` with their metrics and metric providers, and the analysis arguments and templates
 * that Rollouts and experiments refer to.
 */
import { call, lit, obj } from './code';
import { bool, containers, duration, list, metadata, num, str } from './emit-values';
import { Demote, ModuleWriter } from './emit-writer';
import { stringMap } from './install-options';
import { Item } from './read';
import { isObject, objectOrEmpty, UncheckedObject } from '../../private/manifest-types';

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

/** `MetricAuthentication.sigv4()` for a sigv4 block (oauth2 is left to a patch). */
function authentication(auth: unknown): string | undefined {
  const a = objectOrEmpty(auth);
  const sigv4 = a.sigv4;
  if (!sigv4 || typeof sigv4 !== 'object' || Object.keys(a).length !== 1) return undefined;
  if (!Object.keys(sigv4).every(k => ['region', 'profile', 'roleArn'].includes(k) && typeof sigv4[k] === 'string')) return undefined;
  return call('MetricAuthentication.sigv4', Object.keys(sigv4).length > 0 ? lit(sigv4) : undefined);
}

/** An entry of a list of HTTP headers (`key`, `value`), as a metric provider takes them. */
interface KeyValue {
  readonly key: string;
  readonly value: string;
}

function isKeyValue(x: unknown): x is KeyValue {
  return isObject(x) && typeof x.key === 'string' && typeof x.value === 'string';
}

/** The code of a metric provider; undefined (and a gap) for one the importer does not map. */
function providerCode(w: ModuleWriter, p: UncheckedObject | undefined, item: Item): string | undefined {
  const kinds = Object.keys(p ?? {});
  if (kinds.length !== 1) return undefined;
  const v = p?.[kinds[0]] ?? {};
  const headers = (h: unknown) => Array.isArray(h) && h.every(isKeyValue)
    && new Set(h.map(x => x.key)).size === h.length ? lit(Object.fromEntries(h.map(x => [x.key, x.value]))) : undefined;
  switch (kinds[0]) {
    case 'prometheus':
      return call('MetricProvider.prometheus', obj({
        address: str(v.address),
        query: str(v.query) ?? "''",
        timeout: v.timeout !== undefined ? duration(v.timeout) : undefined,
        insecure: bool(v.insecure),
        headers: headers(v.headers),
        authentication: authentication(v.authentication),
      }));
    case 'web': {
      const methods: { [m: string]: string } = { GET: 'WebMethod.GET', POST: 'WebMethod.POST', PUT: 'WebMethod.PUT' };
      return call('MetricProvider.web', obj({
        url: str(v.url) ?? "''",
        method: methods[v.method],
        headers: headers(v.headers),
        body: str(v.body),
        jsonBody: v.jsonBody !== undefined ? lit(v.jsonBody) : undefined,
        jsonPath: str(v.jsonPath),
        timeout: v.timeoutSeconds !== undefined ? duration(v.timeoutSeconds) : undefined,
        insecure: bool(v.insecure),
        authentication: authentication(v.authentication),
      }));
    }
    case 'job': {
      const pod = v.spec?.template ?? {};
      const policies: { [r: string]: string } = { Never: 'kplus.RestartPolicy.NEVER', OnFailure: 'kplus.RestartPolicy.ON_FAILURE' };
      return call('MetricProvider.job', obj({
        containers: containers(pod.spec?.containers) ?? '[]',
        labels: stringMap(v.metadata?.labels),
        annotations: stringMap(v.metadata?.annotations),
        podLabels: stringMap(pod.metadata?.labels),
        podAnnotations: stringMap(pod.metadata?.annotations),
        backoffLimit: num(v.spec?.backoffLimit),
        activeDeadline: v.spec?.activeDeadlineSeconds !== undefined ? duration(v.spec.activeDeadlineSeconds) : undefined,
        ttlAfterFinished: v.spec?.ttlSecondsAfterFinished !== undefined ? duration(v.spec.ttlSecondsAfterFinished) : undefined,
        serviceAccountName: str(pod.spec?.serviceAccountName),
        restartPolicy: policies[pod.spec?.restartPolicy],
      }));
    }
    case 'newRelic':
      return call('MetricProvider.newRelic', obj({ query: str(v.query) ?? "''", profile: str(v.profile), timeout: v.timeout !== undefined ? duration(v.timeout) : undefined }));
    case 'wavefront':
      return call('MetricProvider.wavefront', obj({ address: str(v.address) ?? "''", query: str(v.query) ?? "''" }));
    case 'graphite':
      return call('MetricProvider.graphite', obj({ address: str(v.address) ?? "''", query: str(v.query) ?? "''" }));
    case 'influxdb':
      return call('MetricProvider.influxdb', obj({ query: str(v.query) ?? "''", profile: str(v.profile) }));
    case 'skywalking':
      return call('MetricProvider.skywalking', obj({ address: str(v.address) ?? "''", query: str(v.query) ?? "''", interval: duration(v.interval) ?? 'Duration.minutes(5)' }));
    case 'datadog':
      if (typeof v.query === 'string') return call('MetricProvider.datadogQuery', obj({ query: lit(v.query), interval: v.interval !== undefined ? duration(v.interval) : undefined }));
      if (v.queries) {
        const aggregators = ['avg', 'min', 'max', 'sum', 'last', 'percentile', 'mean', 'l2norm', 'area'];
        return call('MetricProvider.datadogQueries', obj({
          queries: stringMap(v.queries),
          formula: str(v.formula),
          aggregator: aggregators.includes(v.aggregator) ? `DatadogAggregator.${v.aggregator.toUpperCase()}` : undefined,
          interval: v.interval !== undefined ? duration(v.interval) : undefined,
        }));
      }
      return undefined;
    case 'kayenta': {
      const window = (scope: unknown) => {
        const sw = objectOrEmpty(scope);
        return obj({
          scope: str(sw.scope),
          region: str(sw.region),
          step: duration(sw.step),
          start: str(sw.start),
          end: str(sw.end),
        });
      };
      return call('MetricProvider.kayenta', obj({
        address: str(v.address),
        application: str(v.application),
        canaryConfigName: str(v.canaryConfigName),
        metricsAccountName: str(v.metricsAccountName),
        configurationAccountName: str(v.configurationAccountName),
        storageAccountName: str(v.storageAccountName),
        threshold: obj({ passScore: num(v.threshold?.pass), marginalScore: num(v.threshold?.marginal) }),
        scopes: Array.isArray(v.scopes) ? list(v.scopes.map((scope: unknown) => {
          const sc = objectOrEmpty(scope);
          return obj({
            name: str(sc.name),
            controlScope: window(sc.controlScope),
            experimentScope: window(sc.experimentScope),
          });
        })) : undefined,
        lookback: bool(v.lookback),
      }));
    }
    case 'cloudWatch': {
      const dimensions = (d: unknown) => (Array.isArray(d) && d.length > 0
        ? lit(Object.fromEntries(d.map((x: unknown) => [objectOrEmpty(x).name, objectOrEmpty(x).value]))) : undefined);
      return call('MetricProvider.cloudWatch', obj({
        interval: v.interval !== undefined ? duration(v.interval) : undefined,
        metricDataQueries: list((v.metricDataQueries ?? []).map((query: unknown) => {
          const q = objectOrEmpty(query);
          return obj({
            id: str(q.id),
            expression: str(q.expression),
            label: str(q.label),
            metricStat: q.metricStat ? obj({
              metric: obj({
                namespace: str(q.metricStat.metric?.namespace),
                metricName: str(q.metricStat.metric?.metricName),
                dimensions: dimensions(q.metricStat.metric?.dimensions),
              }) ?? '{}',
              period: duration(q.metricStat.period),
              stat: str(q.metricStat.stat),
              unit: str(q.metricStat.unit),
            }) : undefined,
            period: q.period !== undefined ? duration(q.period) : undefined,
            returnData: bool(q.returnData),
          });
        })) ?? '[]',
      }));
    }
    case 'plugin': {
      const names = Object.keys(v);
      return names.length === 1 ? call('MetricProvider.plugin', lit(names[0]), v[names[0]] !== undefined ? lit(v[names[0]]) : undefined) : undefined;
    }
    default:
      w.gap(item, `metric provider '${kinds[0]}': the importer has no mapping to its MetricProvider factory yet`);
      return undefined;
  }
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
