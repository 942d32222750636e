/**
 * Options of `MetricProvider.graphite()`.
 */
export interface GraphiteMetricOptions {
  /** The Graphite URL, e.g. `http://graphite.monitoring:80`. */
  readonly address: string;
  /** The Graphite query. */
  readonly query: string;
}
