import { Duration } from 'cdk8s';
import { Construct } from 'constructs';
import { AnalysisTemplate } from './analysis-template';
import { AnalysisArg } from './args';
import { Condition, EmptyResultPolicy } from './conditions';
import { MetricProvider } from './metric-provider';
import { AnalysisTemplateArg } from './template-arg';
import { checkArgument, DURATION, ExpectedStruct, SCOPE, struct } from '../private/arguments';
import { fail } from '../private/synth-error';
import { checkInteger, toGoDuration } from '../private/utils';

/**
 * Where request metrics come from: the traffic router (or mesh) that exports them to Prometheus.
 */
export enum RequestMetricsSource {
  /** Istio (`istio_requests_total`, `istio_request_duration_milliseconds`), by destination Service. */
  ISTIO = 'istio',
  /** NGINX Ingress Controller (`nginx_ingress_controller_requests`, `..._request_duration_seconds`), by backend Service. */
  NGINX = 'nginx',
  /** Traefik (`traefik_service_requests_total`, `..._request_duration_seconds`), by Kubernetes Service. */
  TRAEFIK = 'traefik',
  /** Envoy-based routers (App Mesh, Contour, Gateway API implementations on Envoy): `envoy_cluster_upstream_rq*` by cluster. */
  ENVOY = 'envoy',
  /** Linkerd (`response_total`, `response_latency_ms`), by Deployment of the Service name. */
  LINKERD = 'linkerd',
}

/**
 * Options of the ready-made Prometheus templates.
 */
export interface RequestMetricsTemplateOptions {
  /** Which router's metrics to query. */
  readonly source: RequestMetricsSource;

  /**
   * The Prometheus server.
   *
   * @default - the controller's `ARGO_ROLLOUTS_PROMETHEUS_ADDRESS`
   */
  readonly prometheusAddress?: string;

  /**
   * The window of each query, e.g. the last minute of requests.
   *
   * @default Duration.minutes(1)
   */
  readonly window?: Duration;

  /**
   * Time between measurements.
   *
   * @default Duration.minutes(1)
   */
  readonly interval?: Duration;

  /**
   * Number of measurements (finite, so the template also serves analysis steps and blue-green
   * promotion analysis). Not together with `runIndefinitely`.
   *
   * @default 5 - unless `runIndefinitely` is set
   */
  readonly count?: number;

  /**
   * Measure every `interval` until the analysis is stopped, with no `count`: the way a background
   * analysis (`RolloutStrategy.canary({ analysis })`) covers the whole update — the controller stops it
   * when the Rollout finishes. A step, pre- or post-promotion analysis must end, so it cannot use
   * such a template (rule V55 fails the synth).
   *
   * @default false - `count` measurements
   */
  readonly runIndefinitely?: boolean;

  /**
   * Failed measurements tolerated.
   *
   * @default 1
   */
  readonly failureLimit?: number;

  /**
   * What a query that returns no data (no traffic yet) counts as.
   *
   * @default EmptyResultPolicy.INCONCLUSIVE - the Rollout pauses for a human to decide
   */
  readonly onEmpty?: EmptyResultPolicy;

  /**
   * The template's Kubernetes name.
   *
   * @default - generated from the construct path
   */
  readonly name?: string;
}

/** Options of `RequestMetricsTemplates.successRate()`. */
export interface SuccessRateTemplateOptions extends RequestMetricsTemplateOptions {
  /**
   * Lowest share of non-5xx responses, from 0 to 1.
   *
   * @default 0.99
   */
  readonly minSuccessRate?: number;
}

/** Options of `RequestMetricsTemplates.latency()`. */
export interface LatencyTemplateOptions extends RequestMetricsTemplateOptions {
  /**
   * Highest 99th-percentile request duration.
   *
   * @default Duration.millis(500)
   */
  readonly maxP99?: Duration;
}

/** Selectors of each source for one Service in one namespace (the template arguments). */
const SOURCES: { [source: string]: { success: (w: string) => [string, string]; latencyMs: (w: string) => string } } = {
  istio: {
    success: w => {
      const sel = 'reporter="destination",destination_service_name="{{args.service}}",destination_service_namespace="{{args.namespace}}"';
      return [`sum(irate(istio_requests_total{${sel},response_code!~"5.*"}[${w}]))`, `sum(irate(istio_requests_total{${sel}}[${w}]))`];
    },
    latencyMs: w => 'histogram_quantile(0.99, sum(irate(istio_request_duration_milliseconds_bucket{reporter="destination",'
      + `destination_service_name="{{args.service}}",destination_service_namespace="{{args.namespace}}"}[${w}])) by (le))`,
  },
  nginx: {
    success: w => {
      const sel = 'namespace="{{args.namespace}}",service="{{args.service}}"';
      return [`sum(rate(nginx_ingress_controller_requests{${sel},status!~"5.*"}[${w}]))`, `sum(rate(nginx_ingress_controller_requests{${sel}}[${w}]))`];
    },
    latencyMs: w => 'histogram_quantile(0.99, sum(rate(nginx_ingress_controller_request_duration_seconds_bucket{'
      + `namespace="{{args.namespace}}",service="{{args.service}}"}[${w}])) by (le)) * 1000`,
  },
  traefik: {
    success: w => {
      const sel = 'service=~"{{args.namespace}}-{{args.service}}-.*"';
      return [`sum(rate(traefik_service_requests_total{${sel},code!~"5.*"}[${w}]))`, `sum(rate(traefik_service_requests_total{${sel}}[${w}]))`];
    },
    latencyMs: w => `histogram_quantile(0.99, sum(rate(traefik_service_request_duration_seconds_bucket{service=~"{{args.namespace}}-{{args.service}}-.*"}[${w}])) by (le)) * 1000`,
  },
  envoy: {
    success: w => {
      const sel = 'envoy_cluster_name=~".*{{args.namespace}}.*{{args.service}}.*"';
      return [`sum(rate(envoy_cluster_upstream_rq{${sel},envoy_response_code!~"5.*"}[${w}]))`, `sum(rate(envoy_cluster_upstream_rq{${sel}}[${w}]))`];
    },
    latencyMs: w => `histogram_quantile(0.99, sum(rate(envoy_cluster_upstream_rq_time_bucket{envoy_cluster_name=~".*{{args.namespace}}.*{{args.service}}.*"}[${w}])) by (le))`,
  },
  linkerd: {
    success: w => {
      const sel = 'namespace="{{args.namespace}}",deployment="{{args.service}}",direction="inbound"';
      return [`sum(rate(response_total{${sel},classification!="failure"}[${w}]))`, `sum(rate(response_total{${sel}}[${w}]))`];
    },
    latencyMs: w => `histogram_quantile(0.99, sum(rate(response_latency_ms_bucket{namespace="{{args.namespace}}",deployment="{{args.service}}",direction="inbound"}[${w}])) by (le))`,
  },
};

/**
 * Ready-made AnalysisTemplates for the two signals every canary watches — request success rate and
 * 99th-percentile latency — over the Prometheus metrics of a traffic router. Each template takes the
 * arguments `service` and `namespace`; `RequestMetricsTemplates.args()` binds them for a Service.
 *
 * A query that returns no data (no requests yet) is inconclusive by default instead of an error.
 * By default a template takes 5 measurements a minute apart, so that analysis steps and blue-green
 * promotion analysis can use it; a background analysis should cover the whole update instead:
 * `runIndefinitely: true` (rule A18 warns about a background analysis that ends before the last step).
 *
 * @example
 * const successRate = RequestMetricsTemplates.successRate(chart, 'success-rate', { source: RequestMetricsSource.ISTIO, runIndefinitely: true });
 * RolloutStrategy.canary({
 *   analysis: { templates: [successRate], args: RequestMetricsTemplates.args('my-app-canary') },
 *   ...
 * });
 */
export class RequestMetricsTemplates {
  /**
   * A template that fails when the share of non-5xx responses drops below `minSuccessRate`.
   */
  public static successRate(scope: Construct, id: string, options: SuccessRateTemplateOptions): AnalysisTemplate {
    checkArgument('RequestMetricsTemplates.successRate()', 'scope', scope, SCOPE);
    checkArgument('RequestMetricsTemplates.successRate()', 'id', id, 'string');
    checkArgument('RequestMetricsTemplates.successRate()', 'options', options, templateOptions({ minSuccessRate: 'number' }));
    const min = options.minSuccessRate ?? 0.99;
    if (!(min > 0 && min <= 1)) {
      fail(`RequestMetricsTemplates.successRate(): minSuccessRate must be above 0 and at most 1, got ${min}. Use e.g. 0.99 for 99%.`);
    }
    const [ok, all] = SOURCES[options.source].success(window(options));
    return template(scope, id, options, 'success-rate', `${ok} / ${all}`, Condition.resultAtLeast(min, { onEmpty: options.onEmpty ?? EmptyResultPolicy.INCONCLUSIVE }));
  }

  /**
   * A template that fails when the 99th percentile of request durations rises above `maxP99`.
   */
  public static latency(scope: Construct, id: string, options: LatencyTemplateOptions): AnalysisTemplate {
    checkArgument('RequestMetricsTemplates.latency()', 'scope', scope, SCOPE);
    checkArgument('RequestMetricsTemplates.latency()', 'id', id, 'string');
    checkArgument('RequestMetricsTemplates.latency()', 'options', options, templateOptions({ maxP99: DURATION }));
    const max = (options.maxP99 ?? Duration.millis(500)).toMilliseconds();
    if (!(max > 0)) fail(`RequestMetricsTemplates.latency(): maxP99 must be above zero, got ${max}ms.`);
    const query = SOURCES[options.source].latencyMs(window(options));
    return template(scope, id, options, 'latency-p99', query, Condition.resultAtMost(max, { onEmpty: options.onEmpty ?? EmptyResultPolicy.INCONCLUSIVE }));
  }

  /**
   * The arguments of these templates for one Service: `service` as given, `namespace` from the
   * Rollout's (or Experiment's) namespace.
   *
   * @param serviceName the Service whose requests are measured (usually the canary Service)
   */
  public static args(serviceName: string): AnalysisArg[] {
    checkArgument('RequestMetricsTemplates.args()', 'serviceName', serviceName, 'string');
    return [AnalysisArg.value('service', serviceName), AnalysisArg.fromFieldRef('namespace', 'metadata.namespace')];
  }

  private constructor() {}
}

/** The fields of the options of a request-metrics template: the common ones and `own`. */
function templateOptions(own: ExpectedStruct['fields']): ExpectedStruct {
  return struct('RequestMetricsTemplateOptions', {
    source: { name: 'RequestMetricsSource', values: Object.keys(SOURCES) },
    prometheusAddress: 'string',
    window: DURATION,
    interval: DURATION,
    count: 'number',
    runIndefinitely: 'boolean',
    failureLimit: 'number',
    onEmpty: { name: 'EmptyResultPolicy', values: Object.values(EmptyResultPolicy) },
    name: 'string',
    ...own,
  }, { required: ['source'], example: '{ source: RequestMetricsSource.ISTIO }' });
}

function window(options: RequestMetricsTemplateOptions): string {
  return toGoDuration('window', options.window ?? Duration.minutes(1));
}

function template(scope: Construct, id: string, options: RequestMetricsTemplateOptions, metric: string, query: string,
  condition: Condition): AnalysisTemplate {
  checkInteger(`${metric} count`, options.count, 1);
  if (options.runIndefinitely === true && options.count !== undefined) {
    const method = metric === 'success-rate' ? 'successRate' : 'latency';
    fail(`RequestMetricsTemplates.${method}() (${[scope.node.path, id].filter(p => p !== '').join('/')}): count is ${options.count} `
      + 'and runIndefinitely is true, but a metric either ends after count measurements '
      + 'or runs until the analysis is stopped. Remove count (a background analysis that covers the whole update), '
      + 'or remove runIndefinitely (a template that steps and promotion analyses can use too).');
  }
  return new AnalysisTemplate(scope, id, {
    metadata: options.name ? { name: options.name } : undefined,
    args: [AnalysisTemplateArg.required('service'), AnalysisTemplateArg.required('namespace')],
    metrics: [{
      name: metric,
      interval: options.interval ?? Duration.minutes(1),
      count: options.runIndefinitely === true ? undefined : options.count ?? 5,
      failureLimit: options.failureLimit ?? 1,
      condition,
      provider: MetricProvider.prometheus({ address: options.prometheusAddress, query }),
    }],
  });
}
