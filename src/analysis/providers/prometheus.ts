import { Duration } from 'cdk8s';
import { MetricAuthentication } from './authentication';

/**
 * A Prometheus range query: the query is evaluated at every `step` between `start` and `end`,
 * and `result` holds all the samples.
 */
export interface PrometheusRangeQuery {
  /**
   * The start of the range, as an expression that yields a time, e.g. `now() - duration("10m")`.
   */
  readonly start: string;

  /**
   * The end of the range, as an expression that yields a time, e.g. `now()`.
   */
  readonly end: string;

  /**
   * The resolution of the range.
   */
  readonly step: Duration;
}

/**
 * Options of `MetricProvider.prometheus()`.
 */
export interface PrometheusMetricOptions {
  /**
   * The PromQL query. Argument placeholders such as `{{args.service-name}}` are allowed.
   */
  readonly query: string;

  /**
   * The URL of the Prometheus server, e.g. `http://prometheus.monitoring:9090`.
   *
   * @default - the controller's `ARGO_ROLLOUTS_PROMETHEUS_ADDRESS` environment variable
   */
  readonly address?: string;

  /**
   * How long a query may take.
   *
   * @default Duration.seconds(30)
   */
  readonly timeout?: Duration;

  /**
   * Skip the verification of the server's TLS certificate.
   *
   * @default false
   */
  readonly insecure?: boolean;

  /**
   * Extra HTTP headers, by header name.
   *
   * @default - none
   */
  readonly headers?: { [name: string]: string };

  /**
   * How the controller authenticates to the server.
   *
   * @default - no authentication
   */
  readonly authentication?: MetricAuthentication;

  /**
   * Run a range query instead of an instant query.
   *
   * @default - an instant query
   */
  readonly rangeQuery?: PrometheusRangeQuery;
}
