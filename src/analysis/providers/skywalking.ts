import { Duration } from 'cdk8s';

/**
 * Options of `MetricProvider.skywalking()`.
 */
export interface SkyWalkingMetricOptions {
  /** The SkyWalking OAP URL, e.g. `http://skywalking-oap.skywalking:12800`. */
  readonly address: string;
  /** The GraphQL query. */
  readonly query: string;
  /**
   * The time window the query covers, ending now. The controller fails without it, so it is
   * required.
   */
  readonly interval: Duration;
}
