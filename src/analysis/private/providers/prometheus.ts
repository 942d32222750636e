// The internals of MetricProvider.prometheus(): the rendered `provider.prometheus` block, the fields of the options and the renderer.
import { AuthenticationSpec } from './authentication';
import { checkUrl, hasPlaceholder, headerList, HeaderSpec, positiveGoDuration, requireText } from './common';
import { DURATION, ExpectedStruct, STRING_MAP, struct } from '../../../private/arguments';
import { fail } from '../../../private/synth-error';
import { toSeconds } from '../../../private/utils';
import { MetricAuthentication } from '../../providers/authentication';
import { PrometheusMetricOptions } from '../../providers/prometheus';

/** The rendered `provider.prometheus` block. */
export interface PrometheusSpec {
  readonly address?: string;
  readonly query: string;
  readonly timeout?: number;
  readonly insecure?: boolean;
  readonly headers?: HeaderSpec[];
  readonly authentication?: AuthenticationSpec;
  readonly rangeQuery?: { readonly start: string; readonly end: string; readonly step: string };
}

/** The fields of `PrometheusMetricOptions`, for `checkArgument`. */
export const PROMETHEUS_OPTIONS: ExpectedStruct = struct('PrometheusMetricOptions', {
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
export function prometheusSpec(options: PrometheusMetricOptions): PrometheusSpec {
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
