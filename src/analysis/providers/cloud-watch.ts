import { Duration } from 'cdk8s';

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
