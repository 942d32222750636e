import { Duration } from 'cdk8s';

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
