// The internals of MetricProvider.datadogQuery() and datadogQueries(): the rendered `provider.datadog` block, the fields of the options and the renderer.
import { positiveGoDuration, requireText } from './common';
import { DURATION, ExpectedStruct, STRING_MAP, struct } from '../../../private/arguments';
import { fail } from '../../../private/synth-error';
import { DatadogAggregator, DatadogMetricOptions, DatadogQueriesOptions, DatadogQueryOptions } from '../../providers/datadog';

/** The rendered `provider.datadog` block (API v1 or v2). */
export interface DatadogSpec {
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
export const DATADOG_QUERY_OPTIONS: ExpectedStruct = struct('DatadogQueryOptions', { ...DATADOG_COMMON, query: 'string' });

/** The fields of `DatadogQueriesOptions`, for `checkArgument`. */
export const DATADOG_QUERIES_OPTIONS: ExpectedStruct = struct('DatadogQueriesOptions', {
  ...DATADOG_COMMON,
  queries: STRING_MAP,
  formula: 'string',
  aggregator: { name: 'DatadogAggregator', values: Object.values(DatadogAggregator) },
});

/** Checks the options of `MetricProvider.datadogQuery()` and renders the provider. */
export function datadogQuerySpec(options: DatadogQueryOptions): DatadogSpec {
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
export function datadogQueriesSpec(options: DatadogQueriesOptions): DatadogSpec {
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
