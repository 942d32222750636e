/**
 * The metric providers, one row each: the key under `metrics[].provider`, whether it judges a
 * measurement itself, and the importer's mapping of its block to a `MetricProvider` factory, as data.
 * The rule engine's provider list, the plan and the importer read the rows; each provider's options, spec and renderer are in
 * `src/analysis/providers/<provider>.ts`, its factory and `MetricProviderKind` in
 * `src/analysis/metric-provider.ts` (public), the checks the controller makes of its settings in
 * `src/validation/private/rules/providers.ts`.
 */
import { ImportFields, ImportVariant } from './import-mapping';

/** One metric provider. */
export interface ProviderRow {
  /** Its key under `metrics[].provider` (`MetricProviderKind`). */
  readonly key: string;
  /**
   * How it judges a measurement when it does so itself, not by the metric's success and failure
   * conditions: `pass-fail` (failed or successful), `any` (inconclusive too). The plan reads it.
   * @default - by the conditions
   */
  readonly ownVerdict?: 'pass-fail' | 'any';
  /** How the importer writes its block: the first variant whose condition holds; none: it writes the block otherwise. */
  readonly import?: readonly ImportVariant[];
}

/** A duration window of a Kayenta scope. */
const KAYENTA_WINDOW: ImportFields = {
  scope: { string: 'scope' }, region: { string: 'region' }, step: { duration: 'step' }, start: { string: 'start' }, end: { string: 'end' },
};

/** The providers, in the order of `MetricProviderKind` (the plugins last). */
export const PROVIDERS: readonly ProviderRow[] = [
  {
    key: 'prometheus',
    import: [{
      factory: 'MetricProvider.prometheus',
      fields: {
        address: { string: 'address' },
        query: { string: 'query', default: "''" },
        timeout: { duration: 'timeout' },
        insecure: { bool: 'insecure' },
        headers: { convert: 'keyValues', from: 'headers' },
        authentication: { convert: 'authentication', from: 'authentication' },
      },
    }],
  },
  {
    key: 'datadog',
    import: [
      { factory: 'MetricProvider.datadogQuery', when: { string: 'query' }, fields: { query: { string: 'query' }, interval: { duration: 'interval' } } },
      {
        factory: 'MetricProvider.datadogQueries',
        when: { set: 'queries' },
        fields: {
          queries: { stringMap: 'queries' },
          formula: { string: 'formula' },
          aggregator: {
            oneOf: 'aggregator',
            values: Object.fromEntries(['avg', 'min', 'max', 'sum', 'last', 'percentile', 'mean', 'l2norm', 'area']
              .map(a => [a, `DatadogAggregator.${a.toUpperCase()}`])),
          },
          interval: { duration: 'interval' },
        },
      },
    ],
  },
  {
    key: 'newRelic',
    import: [{
      factory: 'MetricProvider.newRelic',
      fields: { query: { string: 'query', default: "''" }, profile: { string: 'profile' }, timeout: { duration: 'timeout' } },
    }],
  },
  {
    key: 'wavefront',
    import: [{ factory: 'MetricProvider.wavefront', fields: { address: { string: 'address', default: "''" }, query: { string: 'query', default: "''" } } }],
  },
  {
    key: 'kayenta',
    ownVerdict: 'any', // a marginal score is inconclusive
    import: [{
      factory: 'MetricProvider.kayenta',
      fields: {
        address: { string: 'address' },
        application: { string: 'application' },
        canaryConfigName: { string: 'canaryConfigName' },
        metricsAccountName: { string: 'metricsAccountName' },
        configurationAccountName: { string: 'configurationAccountName' },
        storageAccountName: { string: 'storageAccountName' },
        threshold: { fields: { passScore: { number: 'threshold.pass' }, marginalScore: { number: 'threshold.marginal' } } },
        scopes: {
          each: { many: 'scopes' },
          value: {
            fields: {
              name: { string: 'name' },
              controlScope: { under: 'controlScope', fields: KAYENTA_WINDOW },
              experimentScope: { under: 'experimentScope', fields: KAYENTA_WINDOW },
            },
          },
        },
        lookback: { bool: 'lookback' },
      },
    }],
  },
  {
    key: 'web',
    import: [{
      factory: 'MetricProvider.web',
      fields: {
        url: { string: 'url', default: "''" },
        method: { oneOf: 'method', values: { GET: 'WebMethod.GET', POST: 'WebMethod.POST', PUT: 'WebMethod.PUT' } },
        headers: { convert: 'keyValues', from: 'headers' },
        body: { string: 'body' },
        jsonBody: { literal: 'jsonBody' },
        jsonPath: { string: 'jsonPath' },
        timeout: { duration: 'timeoutSeconds' },
        insecure: { bool: 'insecure' },
        authentication: { convert: 'authentication', from: 'authentication' },
      },
    }],
  },
  {
    key: 'job',
    ownVerdict: 'pass-fail',
    import: [{
      factory: 'MetricProvider.job',
      fields: {
        containers: { convert: 'containers', from: 'spec.template.spec.containers', default: '[]' },
        labels: { stringMap: 'metadata.labels' },
        annotations: { stringMap: 'metadata.annotations' },
        podLabels: { stringMap: 'spec.template.metadata.labels' },
        podAnnotations: { stringMap: 'spec.template.metadata.annotations' },
        backoffLimit: { number: 'spec.backoffLimit' },
        activeDeadline: { duration: 'spec.activeDeadlineSeconds' },
        ttlAfterFinished: { duration: 'spec.ttlSecondsAfterFinished' },
        serviceAccountName: { string: 'spec.template.spec.serviceAccountName' },
        restartPolicy: { oneOf: 'spec.template.spec.restartPolicy', values: { Never: 'kplus.RestartPolicy.NEVER', OnFailure: 'kplus.RestartPolicy.ON_FAILURE' } },
      },
    }],
  },
  {
    key: 'cloudWatch',
    import: [{
      factory: 'MetricProvider.cloudWatch',
      fields: {
        interval: { duration: 'interval' },
        metricDataQueries: {
          each: { many: 'metricDataQueries' },
          value: {
            fields: {
              id: { string: 'id' },
              expression: { string: 'expression' },
              label: { string: 'label' },
              metricStat: {
                under: 'metricStat',
                fields: {
                  metric: {
                    fields: {
                      namespace: { string: 'metric.namespace' },
                      metricName: { string: 'metric.metricName' },
                      dimensions: { convert: 'nameValues', from: 'metric.dimensions' },
                    },
                    default: '{}',
                  },
                  period: { duration: 'period' },
                  stat: { string: 'stat' },
                  unit: { string: 'unit' },
                },
              },
              period: { duration: 'period' },
              returnData: { bool: 'returnData' },
            },
          },
          default: '[]',
        },
      },
    }],
  },
  {
    key: 'graphite',
    import: [{ factory: 'MetricProvider.graphite', fields: { address: { string: 'address', default: "''" }, query: { string: 'query', default: "''" } } }],
  },
  {
    key: 'influxdb',
    import: [{ factory: 'MetricProvider.influxdb', fields: { query: { string: 'query', default: "''" }, profile: { string: 'profile' } } }],
  },
  {
    key: 'skywalking',
    import: [{
      factory: 'MetricProvider.skywalking',
      fields: { address: { string: 'address', default: "''" }, query: { string: 'query', default: "''" }, interval: { duration: 'interval', default: 'Duration.minutes(5)' } },
    }],
  },
  // any plugin, under its name: the importer writes `MetricProvider.plugin(<name>, <config>)`
  { key: 'plugin', ownVerdict: 'any' }, // a plugin may say anything
];

/** The row of a provider key. */
export function providerRow(key: string): ProviderRow | undefined {
  return PROVIDERS.find(p => p.key === key);
}
