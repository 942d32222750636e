// The Prometheus provider: its options (public) and, module-local, their shape and the renderer of `provider.prometheus`.
import { Duration } from 'cdk8s';
import { MetricAuthentication } from './authentication';
import { DURATION, ExpectedStruct, STRING_MAP, struct } from '../../private/arguments';
import { fail } from '../../private/synth-error';
import { toSeconds } from '../../private/utils';
import { renderProvider } from '../private/provider-renderers';
import { AuthenticationSpec } from '../private/providers/authentication';
import { checkUrl, hasPlaceholder, headerList, HeaderSpec, positiveGoDuration, requireText } from '../private/providers/common';

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

/** The rendered `provider.prometheus` block. */
interface PrometheusSpec {
  readonly address?: string;
  readonly query: string;
  readonly timeout?: number;
  readonly insecure?: boolean;
  readonly headers?: HeaderSpec[];
  readonly authentication?: AuthenticationSpec;
  readonly rangeQuery?: { readonly start: string; readonly end: string; readonly step: string };
}

/** The fields of `PrometheusMetricOptions`, for `checkArgument`. */
const PROMETHEUS_OPTIONS: ExpectedStruct = struct('PrometheusMetricOptions', {
  query: 'string',
  address: 'string',
  timeout: DURATION,
  insecure: 'boolean',
  headers: STRING_MAP,
  authentication: { class: MetricAuthentication, name: 'MetricAuthentication', example: "MetricAuthentication.oauth2({ ... }) or MetricAuthentication.sigv4({ region: 'eu-west-1' })" },
  rangeQuery: struct('PrometheusRangeQuery', { start: 'string', end: 'string', step: DURATION }, {
    required: ['start', 'end', 'step'], example: "{ start: 'now() - duration(\"5m\")', end: 'now()', step: Duration.minutes(1) }",
  }),
});

/** Checks the options of `MetricProvider.prometheus()` and renders the provider. */
function prometheusSpec(options: PrometheusMetricOptions): PrometheusSpec {
  const where = 'MetricProvider.prometheus()';
  requireText(`${where} query`, options.query);
  if (options.address !== undefined) {
    requireText(`${where} address`, options.address, 'Leave address out to use the controller\'s ARGO_ROLLOUTS_PROMETHEUS_ADDRESS.');
    checkUrl(`${where} address`, options.address);
  }
  const timeout = toSeconds(`${where} timeout`, options.timeout);
  if (timeout === 0) {
    fail(`${where} timeout must be at least 1 second, got 0s: the query would time out at once. Leave it out for the default 30s.`);
  }
  const auth = options.authentication;
  if (auth?._method === 'sigv4' && options.address !== undefined && !hasPlaceholder(options.address)
    && !options.address.includes('aps-workspaces')) {
    fail(`${where}: sigv4 authentication is used only for Amazon Managed Service for Prometheus addresses `
      + `(containing 'aps-workspaces'), got '${options.address}'. Use the workspace URL or remove the authentication.`);
  }
  let rangeQuery;
  if (options.rangeQuery) {
    const r = options.rangeQuery;
    requireText(`${where} rangeQuery.start`, r.start, 'Use a time expression such as \'now() - duration("10m")\'.');
    requireText(`${where} rangeQuery.end`, r.end, 'Use a time expression such as \'now()\'.');
    rangeQuery = { start: r.start, end: r.end, step: positiveGoDuration(`${where} rangeQuery.step`, r.step) };
  }
  return {
    address: options.address,
    query: options.query,
    timeout,
    insecure: options.insecure,
    headers: headerList(where, options.headers),
    authentication: auth?._toKube(),
    rangeQuery,
  };
}

renderProvider<PrometheusMetricOptions>('MetricProvider.prometheus', { options: PROMETHEUS_OPTIONS, render: prometheusSpec });
