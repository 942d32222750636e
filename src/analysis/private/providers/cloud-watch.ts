// The internals of MetricProvider.cloudWatch(): the rendered `provider.cloudWatch` block, the fields of the options and the renderer.
import { Duration } from 'cdk8s';
import { hasPlaceholder, positiveGoDuration, requireText } from './common';
import { DURATION, ExpectedStruct, listOf, STRING_MAP, struct } from '../../../private/arguments';
import { fail } from '../../../private/synth-error';
import { toSeconds, undefinedIfEmpty } from '../../../private/utils';
import { CloudWatchMetricOptions } from '../../providers/cloud-watch';

/** A rendered CloudWatch query. */
export interface CloudWatchQuerySpec {
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
export interface CloudWatchSpec {
  readonly interval?: string;
  readonly metricDataQueries: CloudWatchQuerySpec[];
}

/** The fields of `CloudWatchMetricOptions`, for `checkArgument`. */
export const CLOUD_WATCH_OPTIONS: ExpectedStruct = struct('CloudWatchMetricOptions', {
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
export function cloudWatchSpec(options: CloudWatchMetricOptions): CloudWatchSpec {
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
