/**
 * Options of `MetricProvider.influxdb()`.
 */
export interface InfluxDbMetricOptions {
  /** The Flux query. */
  readonly query: string;

  /**
   * The Secret with `address`, `authToken` and `org`.
   *
   * @default 'influxdb'
   */
  readonly profile?: string;
}
