/**
 * Options of `MetricProvider.wavefront()`.
 */
export interface WavefrontMetricOptions {
  /**
   * The Wavefront server, e.g. `example.wavefront.com`. The controller looks up the API token
   * under this key in its Secret `wavefront-api-tokens`, so it is required.
   */
  readonly address: string;

  /**
   * The Wavefront query.
   */
  readonly query: string;
}
