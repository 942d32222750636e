// The CloudWatch provider: its options (public) and, module-local, their shape and the renderer of `provider.cloudWatch`.
import { Duration } from 'cdk8s';
import { DURATION, ExpectedStruct, listOf, STRING_MAP, struct } from '../../private/arguments';
import { fail } from '../../private/synth-error';
import { toSeconds, undefinedIfEmpty } from '../../private/utils';
import { renderProvider } from '../private/provider-renderers';
import { hasPlaceholder, positiveGoDuration, requireText } from '../private/providers/common';

/**
 * The metric of a CloudWatch `metricStat`.
 */
export interface CloudWatchMetric {
  /**
   * The metric namespace, e.g. `AWS/ApplicationELB`.
   *
   * @default - not set
   */
  readonly namespace?: string;

  /**
   * The metric name, e.g. `HTTPCode_Target_5XX_Count`.
   *
   * @default - not set
   */
  readonly metricName?: string;

  /**
   * The dimensions, by name.
   *
   * @default - none
   */
  readonly dimensions?: { [name: string]: string };
}

/**
 * A CloudWatch metric statistic.
 */
export interface CloudWatchMetricStat {
  /** The metric. */
  readonly metric: CloudWatchMetric;

  /**
   * The granularity of the data points: 1, 5, 10 or 30 seconds, or a multiple of 60 seconds.
   */
  readonly period: Duration;

  /**
   * The statistic, e.g. `Sum`, `Average`, `p99`.
   */
  readonly stat: string;

  /**
   * The unit to return the data in, e.g. `Count`.
   *
   * @default - the metric's unit
   */
  readonly unit?: string;
}

/**
 * One query of CloudWatch `GetMetricData`: either a metric statistic or a math expression.
 */
export interface CloudWatchMetricDataQuery {
  /**
   * The query id, referenced by expressions and in `result`. Starts with a lowercase letter;
   * letters, digits and `_`. CloudWatch requires it.
   */
  readonly id: string;

  /**
   * A metric math expression over other queries' ids, e.g. `errors / requests`. Set either this
   * or `metricStat`.
   *
   * @default - not set
   */
  readonly expression?: string;

  /**
   * A label for the returned series.
   *
   * @default - CloudWatch's label
   */
  readonly label?: string;

  /**
   * A metric statistic. Set either this or `expression`.
   *
   * @default - not set
   */
  readonly metricStat?: CloudWatchMetricStat;

  /**
   * The granularity of an expression's data points (same values as `metricStat.period`).
   *
   * @default - CloudWatch's choice
   */
  readonly period?: Duration;

  /**
   * Whether this query's data is returned.
   *
   * @default true
   */
  readonly returnData?: boolean;
}

/**
 * Options of `MetricProvider.cloudWatch()`.
 */
export interface CloudWatchMetricOptions {
  /**
   * The time window the queries cover, ending now.
   *
   * @default Duration.minutes(5)
   */
  readonly interval?: Duration;

  /** The queries (at least one, unique ids). */
  readonly metricDataQueries: CloudWatchMetricDataQuery[];
}

/** A rendered CloudWatch query. */
interface CloudWatchQuerySpec {
  readonly id: string;
  readonly expression?: string;
  readonly label?: string;
  readonly metricStat?: {
    readonly metric: {
      readonly namespace?: string;
      readonly metricName?: string;
      readonly dimensions?: { readonly name: string; readonly value: string }[];
    };
    readonly period: number;
    readonly stat: string;
    readonly unit?: string;
  };
  readonly period?: number;
  readonly returnData?: boolean;
}

/** The rendered `provider.cloudWatch` block. */
interface CloudWatchSpec {
  readonly interval?: string;
  readonly metricDataQueries: CloudWatchQuerySpec[];
}

/** The fields of `CloudWatchMetricOptions`, for `checkArgument`. */
const CLOUD_WATCH_OPTIONS: ExpectedStruct = struct('CloudWatchMetricOptions', {
  interval: DURATION,
  metricDataQueries: listOf(struct('CloudWatchMetricDataQuery', {
    id: 'string',
    expression: 'string',
    label: 'string',
    metricStat: struct('CloudWatchMetricStat', {
      metric: struct('CloudWatchMetric', { namespace: 'string', metricName: 'string', dimensions: STRING_MAP }),
      period: DURATION,
      stat: 'string',
      unit: 'string',
    }),
    period: DURATION,
    returnData: 'boolean',
  }, { example: "{ id: 'errors', expression: 'SUM(METRICS())' }" })),
});

/** Checks the options of `MetricProvider.cloudWatch()` and renders the provider. */
function cloudWatchSpec(options: CloudWatchMetricOptions): CloudWatchSpec {
  const where = 'MetricProvider.cloudWatch()';
  const queries = options.metricDataQueries ?? [];
  if (queries.length === 0) {
    fail(`${where} needs at least one query in metricDataQueries.`);
  }
  const ids = new Set<string>();
  const rendered = queries.map((q, i) => {
    const at = `${where} metricDataQueries[${i}]`;
    requireText(`${at} id`, q.id, 'CloudWatch needs an id on every query, e.g. id: \'errors\'.');
    if (!hasPlaceholder(q.id) && !/^[a-z][a-zA-Z0-9_]*$/.test(q.id)) {
      fail(`${at} id '${q.id}' must start with a lowercase letter and contain only letters, digits and '_', e.g. 'error_rate'.`);
    }
    if (ids.has(q.id)) fail(`${at} id '${q.id}' is used twice. Give each query a unique id.`);
    ids.add(q.id);
    if ((q.expression === undefined) === (q.metricStat === undefined)) {
      fail(`${at} ('${q.id}') must set exactly one of expression and metricStat, got ${q.expression === undefined ? 'neither' : 'both'}.`);
    }
    if (q.expression !== undefined) requireText(`${at} expression`, q.expression);
    let metricStat;
    if (q.metricStat) {
      const s = q.metricStat;
      requireText(`${at} metricStat.stat`, s.stat, 'Use e.g. \'Sum\', \'Average\' or \'p99\'.');
      const dims = Object.entries(s.metric?.dimensions ?? {}).map(([name, value]) => ({ name, value }));
      metricStat = {
        metric: {
          namespace: s.metric?.namespace,
          metricName: s.metric?.metricName,
          dimensions: undefinedIfEmpty(dims),
        },
        period: cloudWatchPeriod(`${at} metricStat.period`, s.period),
        stat: s.stat,
        unit: s.unit,
      };
    }
    return {
      id: q.id,
      expression: q.expression,
      label: q.label,
      metricStat,
      period: q.period !== undefined ? cloudWatchPeriod(`${at} period`, q.period) : undefined,
      returnData: q.returnData,
    };
  });
  return {
    interval: options.interval !== undefined ? positiveGoDuration(`${where} interval`, options.interval) : undefined,
    metricDataQueries: rendered,
  };
}

/** A CloudWatch period in whole seconds: 1, 5, 10, 30 or a multiple of 60. */
function cloudWatchPeriod(field: string, period: Duration | undefined): number {
  if (period === undefined) fail(`'${field}' is required by CloudWatch. Use e.g. Duration.minutes(1).`);
  const seconds = toSeconds(field, period)!;
  if (![1, 5, 10, 30].includes(seconds) && !(seconds > 0 && seconds % 60 === 0)) {
    fail(`'${field}' must be 1, 5, 10 or 30 seconds or a multiple of 60 seconds, got ${seconds}s. Use e.g. Duration.minutes(1).`);
  }
  return seconds;
}

renderProvider<CloudWatchMetricOptions>('MetricProvider.cloudWatch', { options: CLOUD_WATCH_OPTIONS, render: cloudWatchSpec });
