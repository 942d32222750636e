// The Datadog provider: its options (public) and, module-local, their shapes and the renderers of `provider.datadog`
// (MetricProvider.datadogQuery() for API v1, datadogQueries() for API v2).
import { Duration } from 'cdk8s';
import { DURATION, ExpectedStruct, STRING_MAP, struct } from '../../private/arguments';
import { fail } from '../../private/synth-error';
import { renderProvider } from '../private/provider-renderers';
import { positiveGoDuration, requireText } from '../private/providers/common';

/**
 * Datadog's aggregations of a v2 query's time series into one value.
 */
export enum DatadogAggregator {
  /** Average. */
  AVG = 'avg',
  /** Minimum. */
  MIN = 'min',
  /** Maximum. */
  MAX = 'max',
  /** Sum. */
  SUM = 'sum',
  /** The last value. */
  LAST = 'last',
  /** Percentile. */
  PERCENTILE = 'percentile',
  /** Mean. */
  MEAN = 'mean',
  /** L2 norm. */
  L2NORM = 'l2norm',
  /** Area under the curve. */
  AREA = 'area',
}

/**
 * Options shared by the two Datadog factories.
 */
export interface DatadogMetricOptions {
  /**
   * The time window the query covers, ending now. Not the time between measurements (that is the
   * metric's `interval`).
   *
   * @default Duration.minutes(5)
   */
  readonly interval?: Duration;

  /**
   * The Secret with the Datadog credentials (`address`, `api-key`, `app-key`).
   *
   * @default - the controller's `DD_*` environment variables, then the Secret `datadog` in the controller's namespace
   */
  readonly secretName?: string;

  /**
   * Read `secretName` from the namespace of the AnalysisRun instead of the controller's namespace.
   * Needs `secretName`.
   *
   * @default false
   */
  readonly secretNamespaced?: boolean;

  /**
   * How long each request to Datadog may take. Argo Rollouts 1.10 and later (`requestTimeout`); the
   * CRD of an earlier release does not have the field, so synth fails there (S06) rather than let the
   * API server drop it.
   *
   * @default - 10 seconds (the controller's default)
   */
  readonly requestTimeout?: Duration;
}

/**
 * Options of `MetricProvider.datadogQuery()` (Datadog API v1).
 */
export interface DatadogQueryOptions extends DatadogMetricOptions {
  /**
   * The metric query, e.g. `avg:kubernetes.cpu.user.total{service:web}`.
   */
  readonly query: string;
}

/**
 * Options of `MetricProvider.datadogQueries()` (Datadog API v2).
 */
export interface DatadogQueriesOptions extends DatadogMetricOptions {
  /**
   * Named metric queries, e.g. `{ errors: 'sum:requests.error{service:web}.as_count()', total: '...' }`.
   */
  readonly queries: { [name: string]: string };

  /**
   * A formula over the query names, e.g. `errors / total`. Required with more than one query.
   *
   * @default - the single query's value
   */
  readonly formula?: string;

  /**
   * How the time series is reduced to one value.
   *
   * @default - Datadog's default (`last`)
   */
  readonly aggregator?: DatadogAggregator;
}

/** The rendered `provider.datadog` block (API v1 or v2). */
interface DatadogSpec {
  readonly apiVersion: 'v1' | 'v2';
  readonly query?: string;
  readonly queries?: { [name: string]: string };
  readonly formula?: string;
  readonly aggregator?: DatadogAggregator;
  readonly interval?: string;
  readonly requestTimeout?: string;
  readonly secretRef?: { readonly name: string; readonly namespaced?: boolean };
}

/** The fields of `DatadogMetricOptions`. */
const DATADOG_COMMON = { interval: DURATION, secretName: 'string', secretNamespaced: 'boolean', requestTimeout: DURATION } as const;

/** The fields of `DatadogQueryOptions`, for `checkArgument`. */
const DATADOG_QUERY_OPTIONS: ExpectedStruct = struct('DatadogQueryOptions', { ...DATADOG_COMMON, query: 'string' });

/** The fields of `DatadogQueriesOptions`, for `checkArgument`. */
const DATADOG_QUERIES_OPTIONS: ExpectedStruct = struct('DatadogQueriesOptions', {
  ...DATADOG_COMMON,
  queries: STRING_MAP,
  formula: 'string',
  aggregator: { name: 'DatadogAggregator', values: Object.values(DatadogAggregator) },
});

/** Checks the options of `MetricProvider.datadogQuery()` and renders the provider. */
function datadogQuerySpec(options: DatadogQueryOptions): DatadogSpec {
  const where = 'MetricProvider.datadogQuery()';
  const js = options as any;
  for (const v2 of ['queries', 'formula', 'aggregator']) {
    if (js[v2] !== undefined) {
      fail(`${where} does not take '${v2}' (Datadog API v1 has a single query). Use MetricProvider.datadogQueries() for v2 queries.`);
    }
  }
  requireText(`${where} query`, options.query);
  return {
    apiVersion: 'v1',
    query: options.query,
    ...datadogCommon(where, options),
  };
}

/** Checks the options of `MetricProvider.datadogQueries()` and renders the provider. */
function datadogQueriesSpec(options: DatadogQueriesOptions): DatadogSpec {
  const where = 'MetricProvider.datadogQueries()';
  if ((options as any).query !== undefined) {
    fail(`${where} does not take 'query'. Put it in queries (e.g. { a: '...' }) or use MetricProvider.datadogQuery().`);
  }
  const queries = Object.entries(options.queries ?? {});
  if (queries.length === 0) {
    fail(`${where} needs at least one query, e.g. { queries: { errors: 'sum:requests.error{*}.as_count()' } }.`);
  }
  for (const [name, q] of queries) {
    requireText(`${where} query name`, name);
    requireText(`${where} query '${name}'`, q);
  }
  if (options.formula !== undefined) requireText(`${where} formula`, options.formula);
  if (queries.length > 1 && !options.formula) {
    fail(`${where} has ${queries.length} queries (${queries.map(([n]) => n).join(', ')}) but no formula; `
      + `Datadog would return one column per query. Add a formula, e.g. formula: '${queries[0][0]} / ${queries[1][0]}'.`);
  }
  return {
    apiVersion: 'v2',
    queries: Object.fromEntries(queries),
    formula: options.formula,
    aggregator: options.aggregator,
    ...datadogCommon(where, options),
  };
}

function datadogCommon(where: string, options: DatadogMetricOptions): Pick<DatadogSpec, 'interval' | 'requestTimeout' | 'secretRef'> {
  if (options.secretNamespaced && !options.secretName) {
    fail(`${where}: secretNamespaced needs secretName (the Secret to read in the AnalysisRun's namespace). Set secretName or remove secretNamespaced.`);
  }
  if (options.secretName !== undefined) requireText(`${where} secretName`, options.secretName);
  return {
    interval: options.interval !== undefined ? positiveGoDuration(`${where} interval`, options.interval) : undefined,
    requestTimeout: options.requestTimeout !== undefined ? positiveGoDuration(`${where} requestTimeout`, options.requestTimeout) : undefined,
    secretRef: options.secretName !== undefined
      ? { name: options.secretName, namespaced: options.secretNamespaced }
      : undefined,
  };
}

renderProvider<DatadogQueryOptions>('MetricProvider.datadogQuery', { options: DATADOG_QUERY_OPTIONS, render: datadogQuerySpec });
renderProvider<DatadogQueriesOptions>('MetricProvider.datadogQueries', { options: DATADOG_QUERIES_OPTIONS, render: datadogQueriesSpec });
