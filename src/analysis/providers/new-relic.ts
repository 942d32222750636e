import { Duration } from 'cdk8s';

/**
 * Options of `MetricProvider.newRelic()`.
 */
export interface NewRelicMetricOptions {
  /**
   * The NRQL query.
   */
  readonly query: string;

  /**
   * The Secret with the New Relic credentials (`personal-api-key`, `account-id`, and optionally
   * `region`, `base-url-rest`, `base-url-nerdgraph`).
   *
   * @default 'newrelic'
   */
  readonly profile?: string;

  /**
   * How long the query may take.
   *
   * @default Duration.seconds(5)
   */
  readonly timeout?: Duration;
}
