import { Duration } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { argumentOrDefault, checkArgument } from '../private/arguments';
import { checkPluginName } from '../private/names';
import { stripContainerDefaults } from '../private/pod-defaults';
import { checkInteger, metadataBlock, toGoDuration, toSeconds, undefinedIfEmpty } from '../private/utils';

// ---------------------------------------------------------------------------------------------
// Authentication (Prometheus and Web)
// ---------------------------------------------------------------------------------------------

/**
 * Options of `MetricAuthentication.sigv4()`. Set at least one field.
 */
export interface Sigv4AuthenticationOptions {
  /**
   * The AWS region of the Amazon Managed Service for Prometheus workspace.
   *
   * @default - the region of the controller's AWS configuration
   */
  readonly region?: string;

  /**
   * The AWS profile whose credentials sign the requests.
   *
   * @default - the default credential chain of the controller
   */
  readonly profile?: string;

  /**
   * An IAM role to assume for signing.
   *
   * @default - no role is assumed
   */
  readonly roleArn?: string;
}

/**
 * Options of `MetricAuthentication.oauth2()`: the OAuth2 client-credentials flow.
 */
export interface OAuth2AuthenticationOptions {
  /**
   * The token endpoint, e.g. `https://auth.example.com/oauth2/token`.
   */
  readonly tokenUrl: string;

  /**
   * The client id.
   */
  readonly clientId: string;

  /**
   * The client secret. It is written into the template as given, so pass an argument placeholder
   * such as `{{args.client-secret}}` and fill the argument from a Secret
   * (`valueFrom.secretKeyRef`) rather than a literal secret.
   */
  readonly clientSecret: string;

  /**
   * The scopes to request.
   *
   * @default - no scope is requested
   */
  readonly scopes?: string[];
}

/**
 * How the controller authenticates to a metric endpoint (the `authentication` block of the
 * Prometheus and Web providers).
 *
 * @example
 * MetricAuthentication.oauth2({ tokenUrl: 'https://auth.example.com/token', clientId: 'argo', clientSecret: '{{args.client-secret}}' });
 * MetricAuthentication.sigv4({ region: 'eu-west-1' });
 */
export class MetricAuthentication {
  /**
   * Sign requests with AWS Signature Version 4, for Amazon Managed Service for Prometheus.
   *
   * Only the Prometheus provider supports it, and the controller signs only requests to an
   * address that contains `aps-workspaces`.
   */
  public static sigv4(options: Sigv4AuthenticationOptions = {}): MetricAuthentication {
    options = argumentOrDefault('MetricAuthentication.sigv4()', 'options', options, 'object', {});
    if (!options.region && !options.profile && !options.roleArn) {
      throw new Error('MetricAuthentication.sigv4() needs at least one of region, profile or roleArn; '
        + 'without them the controller does not sign requests. Pass e.g. { region: \'us-east-1\' }.');
    }
    return new MetricAuthentication('sigv4', { region: options.region, profile: options.profile, roleArn: options.roleArn });
  }

  /**
   * Fetch a token with the OAuth2 client-credentials flow and send it with every request.
   */
  public static oauth2(options: OAuth2AuthenticationOptions): MetricAuthentication {
    checkArgument('MetricAuthentication.oauth2()', 'options', options, 'object');
    requireText('MetricAuthentication.oauth2() tokenUrl', options.tokenUrl);
    checkUrl('MetricAuthentication.oauth2() tokenUrl', options.tokenUrl);
    requireText('MetricAuthentication.oauth2() clientId', options.clientId);
    requireText('MetricAuthentication.oauth2() clientSecret', options.clientSecret,
      'Pass a placeholder such as \'{{args.client-secret}}\' and fill the argument from a Secret.');
    return new MetricAuthentication('oauth2', {
      tokenUrl: options.tokenUrl,
      clientId: options.clientId,
      clientSecret: options.clientSecret,
      scopes: undefinedIfEmpty([...options.scopes ?? []]),
    });
  }

  private constructor(
    /** @internal */
    public readonly _method: string,
    private readonly body: any) {}

  /** @internal */
  public _toKube(): any {
    return { [this._method]: this.body };
  }
}

// ---------------------------------------------------------------------------------------------
// Provider options
// ---------------------------------------------------------------------------------------------

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

/**
 * Datadog's aggregations of a v2 query's time series into one value.
 */
export enum DatadogAggregator {
  /** Average. */
  AVG = 'avg',
  /** Minimum. */
  MIN = 'min',
  /** Maximum. */
  MAX = 'max',
  /** Sum. */
  SUM = 'sum',
  /** The last value. */
  LAST = 'last',
  /** Percentile. */
  PERCENTILE = 'percentile',
  /** Mean. */
  MEAN = 'mean',
  /** L2 norm. */
  L2NORM = 'l2norm',
  /** Area under the curve. */
  AREA = 'area',
}

/**
 * Options shared by the two Datadog factories.
 */
export interface DatadogMetricOptions {
  /**
   * The time window the query covers, ending now. Not the time between measurements (that is the
   * metric's `interval`).
   *
   * @default Duration.minutes(5)
   */
  readonly interval?: Duration;

  /**
   * The Secret with the Datadog credentials (`address`, `api-key`, `app-key`).
   *
   * @default - the controller's `DD_*` environment variables, then the Secret `datadog` in the controller's namespace
   */
  readonly secretName?: string;

  /**
   * Read `secretName` from the namespace of the AnalysisRun instead of the controller's namespace.
   * Needs `secretName`.
   *
   * @default false
   */
  readonly secretNamespaced?: boolean;
}

/**
 * Options of `MetricProvider.datadogQuery()` (Datadog API v1).
 */
export interface DatadogQueryOptions extends DatadogMetricOptions {
  /**
   * The metric query, e.g. `avg:kubernetes.cpu.user.total{service:web}`.
   */
  readonly query: string;
}

/**
 * Options of `MetricProvider.datadogQueries()` (Datadog API v2).
 */
export interface DatadogQueriesOptions extends DatadogMetricOptions {
  /**
   * Named metric queries, e.g. `{ errors: 'sum:requests.error{service:web}.as_count()', total: '...' }`.
   */
  readonly queries: { [name: string]: string };

  /**
   * A formula over the query names, e.g. `errors / total`. Required with more than one query.
   *
   * @default - the single query's value
   */
  readonly formula?: string;

  /**
   * How the time series is reduced to one value.
   *
   * @default - Datadog's default (`last`)
   */
  readonly aggregator?: DatadogAggregator;
}

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

/**
 * The pass and marginal scores of a Kayenta judgement (0 to 100), written as `threshold.pass`
 * and `threshold.marginal`. (Named `passScore`/`marginalScore` because `pass` is a Python keyword.)
 */
export interface KayentaThreshold {
  /**
   * A score at or above this passes (`threshold.pass`).
   */
  readonly passScore: number;

  /**
   * A score below this fails; between `marginalScore` and `passScore` the result is inconclusive
   * (`threshold.marginal`).
   */
  readonly marginalScore: number;
}

/**
 * One side (control or experiment) of a Kayenta scope.
 */
export interface KayentaScopeWindow {
  /**
   * The scope expression, e.g. `app=guestbook and rs={{args.stable-hash}}`.
   */
  readonly scope: string;

  /**
   * The region of the metrics.
   */
  readonly region: string;

  /**
   * The resolution of the metrics.
   */
  readonly step: Duration;

  /**
   * The start of the window (a timestamp). Set on both sides or on neither.
   *
   * @default - computed by the controller from the metric's interval (or the start of the run with `lookback`)
   */
  readonly start?: string;

  /**
   * The end of the window (a timestamp). Set on both sides or on neither.
   *
   * @default - the time of the measurement
   */
  readonly end?: string;
}

/**
 * A named Kayenta scope: the control and the experiment windows to compare.
 */
export interface KayentaScope {
  /**
   * The scope name, as in the canary config (e.g. `default`).
   */
  readonly name: string;

  /**
   * The control (baseline) side.
   */
  readonly controlScope: KayentaScopeWindow;

  /**
   * The experiment (canary) side.
   */
  readonly experimentScope: KayentaScopeWindow;
}

/**
 * Options of `MetricProvider.kayenta()`.
 */
export interface KayentaMetricOptions {
  /** The Kayenta URL, e.g. `http://kayenta.kayenta:8090`. */
  readonly address: string;
  /** The application name. */
  readonly application: string;
  /** The canary configuration to judge with. */
  readonly canaryConfigName: string;
  /** The metrics account. */
  readonly metricsAccountName: string;
  /** The configuration account. */
  readonly configurationAccountName: string;
  /** The storage account. */
  readonly storageAccountName: string;
  /** The pass and marginal scores. */
  readonly threshold: KayentaThreshold;
  /** The scopes to compare (at least one, unique names). */
  readonly scopes: KayentaScope[];

  /**
   * Compare from the start of the AnalysisRun instead of over the last `interval` only.
   *
   * @default false
   */
  readonly lookback?: boolean;
}

/**
 * The HTTP methods of the Web provider.
 */
export enum WebMethod {
  /** GET (no body). */
  GET = 'GET',
  /** POST. */
  POST = 'POST',
  /** PUT. */
  PUT = 'PUT',
}

/**
 * Options of `MetricProvider.web()`.
 */
export interface WebMetricOptions {
  /**
   * The URL to call. Argument placeholders are allowed, e.g. `http://{{args.service}}/health`.
   */
  readonly url: string;

  /**
   * The HTTP method.
   *
   * @default WebMethod.GET
   */
  readonly method?: WebMethod;

  /**
   * HTTP headers, by header name.
   *
   * @default - none
   */
  readonly headers?: { [name: string]: string };

  /**
   * A text body. Only with POST or PUT; not with `jsonBody`.
   *
   * @default - no body
   */
  readonly body?: string;

  /**
   * A JSON body (sent with `Content-Type: application/json`). Only with POST or PUT; not with `body`.
   *
   * @default - no body
   */
  readonly jsonBody?: { [key: string]: any };

  /**
   * A JSONPath template in braces that selects the result from the response, e.g. `{$.data.ok}`.
   *
   * @default '{$}' (the whole response)
   */
  readonly jsonPath?: string;

  /**
   * How long the request may take (whole seconds, at least 1).
   *
   * @default Duration.seconds(10)
   */
  readonly timeout?: Duration;

  /**
   * Skip the verification of the server's TLS certificate.
   *
   * @default false
   */
  readonly insecure?: boolean;

  /**
   * How the controller authenticates. The Web provider supports OAuth2 only.
   *
   * @default - no authentication
   */
  readonly authentication?: MetricAuthentication;
}

/**
 * Options of `MetricProvider.job()`: a Kubernetes Job per measurement; the measurement succeeds
 * when the Job succeeds.
 */
export interface JobMetricOptions {
  /**
   * The containers of the Job's pod (cdk8s-plus container properties). Fields that cdk8s-plus
   * would fill in by default (`imagePullPolicy`, `resources`, `securityContext`, `startupProbe`)
   * are written only when set here.
   */
  readonly containers: kplus.ContainerProps[];

  /**
   * How many times a failed pod is retried before the Job (and the measurement) fails.
   *
   * @default - the Kubernetes default (6)
   */
  readonly backoffLimit?: number;

  /**
   * How long the Job may run before it is stopped and fails.
   *
   * @default - no limit
   */
  readonly activeDeadline?: Duration;

  /**
   * Delete the Job this long after it finishes.
   *
   * @default - the Job is kept until the controller garbage-collects old measurements
   */
  readonly ttlAfterFinished?: Duration;

  /**
   * The service account of the Job's pod.
   *
   * @default - the namespace's `default` service account
   */
  readonly serviceAccountName?: string;

  /**
   * Labels of the Job.
   *
   * @default - none (the controller adds its own)
   */
  readonly labels?: { [key: string]: string };

  /**
   * Annotations of the Job.
   *
   * @default - none (the controller adds its own)
   */
  readonly annotations?: { [key: string]: string };

  /**
   * Labels of the Job's pod.
   *
   * @default - none
   */
  readonly podLabels?: { [key: string]: string };

  /**
   * Annotations of the Job's pod, e.g. `{ 'sidecar.istio.io/inject': 'false' }`.
   *
   * @default - none
   */
  readonly podAnnotations?: { [key: string]: string };

  /**
   * The pod's restart policy: `NEVER` or `ON_FAILURE` (Jobs do not allow `ALWAYS`).
   *
   * @default kplus.RestartPolicy.NEVER
   */
  readonly restartPolicy?: kplus.RestartPolicy;

  /**
   * Volumes of the pod. Volumes mounted by the containers are added automatically.
   *
   * @default - the volumes the containers mount
   */
  readonly volumes?: kplus.Volume[];
}

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

/**
 * Options of `MetricProvider.graphite()`.
 */
export interface GraphiteMetricOptions {
  /** The Graphite URL, e.g. `http://graphite.monitoring:80`. */
  readonly address: string;
  /** The Graphite query. */
  readonly query: string;
}

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

/**
 * The providers of a metric: its key under `metrics[].provider`.
 */
export enum MetricProviderKind {
  /** `MetricProvider.prometheus()`. */
  PROMETHEUS = 'prometheus',
  /** `MetricProvider.datadogQuery()` and `datadogQueries()`. */
  DATADOG = 'datadog',
  /** `MetricProvider.newRelic()`. */
  NEW_RELIC = 'newRelic',
  /** `MetricProvider.wavefront()`. */
  WAVEFRONT = 'wavefront',
  /** `MetricProvider.kayenta()`. */
  KAYENTA = 'kayenta',
  /** `MetricProvider.web()`. */
  WEB = 'web',
  /** `MetricProvider.job()`. */
  JOB = 'job',
  /** `MetricProvider.cloudWatch()`. */
  CLOUD_WATCH = 'cloudWatch',
  /** `MetricProvider.graphite()`. */
  GRAPHITE = 'graphite',
  /** `MetricProvider.influxdb()`. */
  INFLUXDB = 'influxdb',
  /** `MetricProvider.skywalking()`. */
  SKYWALKING = 'skywalking',
  /** `MetricProvider.plugin()`. */
  PLUGIN = 'plugin',
}

// ---------------------------------------------------------------------------------------------
// MetricProvider
// ---------------------------------------------------------------------------------------------

/** The annotation and label keys the controller writes on analysis Jobs (and overwrites). */
const RESERVED_JOB_LABELS = ['analysisrun.argoproj.io/uid'];
const RESERVED_JOB_ANNOTATIONS = ['analysisrun.argoproj.io/name', 'analysisrun.argoproj.io/namespace', 'analysisrun.argoproj.io/metric-name'];

/**
 * Where the measurements of a metric come from (`metrics[].provider`).
 *
 * Strings may contain argument placeholders such as `{{args.service-name}}`; they are resolved
 * by the controller when it creates the AnalysisRun. URLs are checked only when they contain no
 * placeholder.
 *
 * @example
 * MetricProvider.prometheus({
 *   address: 'http://prometheus.monitoring:9090',
 *   query: 'sum(rate(http_requests_total{service="{{args.service-name}}",code!~"5.."}[5m])) / sum(rate(http_requests_total{service="{{args.service-name}}"}[5m]))',
 * });
 */
export class MetricProvider {
  /**
   * Query Prometheus (or a Prometheus-compatible server).
   *
   * An instant vector gives `result` as a list of numbers (`result[0]` is the first series), a
   * scalar gives a number.
   */
  public static prometheus(options: PrometheusMetricOptions): MetricProvider {
    checkArgument('MetricProvider.prometheus()', 'options', options, 'object');
    const where = 'MetricProvider.prometheus()';
    requireText(`${where} query`, options.query);
    if (options.address !== undefined) {
      requireText(`${where} address`, options.address, 'Leave address out to use the controller\'s ARGO_ROLLOUTS_PROMETHEUS_ADDRESS.');
      checkUrl(`${where} address`, options.address);
    }
    const timeout = toSeconds(`${where} timeout`, options.timeout);
    if (timeout === 0) {
      throw new Error(`${where} timeout must be at least 1 second, got 0s: the query would time out at once. Leave it out for the default 30s.`);
    }
    const auth = options.authentication;
    if (auth?._method === 'sigv4' && options.address !== undefined && !hasPlaceholder(options.address)
      && !options.address.includes('aps-workspaces')) {
      throw new Error(`${where}: sigv4 authentication is used only for Amazon Managed Service for Prometheus addresses `
        + `(containing 'aps-workspaces'), got '${options.address}'. Use the workspace URL or remove the authentication.`);
    }
    let rangeQuery;
    if (options.rangeQuery) {
      const r = options.rangeQuery;
      requireText(`${where} rangeQuery.start`, r.start, 'Use a time expression such as \'now() - duration("10m")\'.');
      requireText(`${where} rangeQuery.end`, r.end, 'Use a time expression such as \'now()\'.');
      rangeQuery = { start: r.start, end: r.end, step: positiveGoDuration(`${where} rangeQuery.step`, r.step) };
    }
    return new MetricProvider(MetricProviderKind.PROMETHEUS, {
      address: options.address,
      query: options.query,
      timeout,
      insecure: options.insecure,
      headers: headerList(where, options.headers),
      authentication: auth?._toKube(),
      rangeQuery,
    });
  }

  /**
   * Query Datadog with a single metric query (Datadog API v1). `result` is the last data point,
   * or nil when the query returns no data.
   *
   * @example
   * MetricProvider.datadogQuery({ query: 'avg:trace.http.request.errors{service:{{args.service}}}.as_count()', interval: Duration.minutes(5) });
   */
  public static datadogQuery(options: DatadogQueryOptions): MetricProvider {
    checkArgument('MetricProvider.datadogQuery()', 'options', options, 'object');
    const where = 'MetricProvider.datadogQuery()';
    const js = options as any;
    for (const v2 of ['queries', 'formula', 'aggregator']) {
      if (js[v2] !== undefined) {
        throw new Error(`${where} does not take '${v2}' (Datadog API v1 has a single query). Use MetricProvider.datadogQueries() for v2 queries.`);
      }
    }
    requireText(`${where} query`, options.query);
    return new MetricProvider(MetricProviderKind.DATADOG, {
      apiVersion: 'v1',
      query: options.query,
      ...datadogCommon(where, options),
    });
  }

  /**
   * Query Datadog with named queries and a formula (Datadog API v2). `result` is the formula's
   * (or the single query's) value, or nil when there is no data.
   *
   * @example
   * MetricProvider.datadogQueries({
   *   queries: { errors: 'sum:requests.error{service:web}.as_count()', total: 'sum:requests{service:web}.as_count()' },
   *   formula: 'errors / total',
   * });
   */
  public static datadogQueries(options: DatadogQueriesOptions): MetricProvider {
    checkArgument('MetricProvider.datadogQueries()', 'options', options, 'object');
    const where = 'MetricProvider.datadogQueries()';
    if ((options as any).query !== undefined) {
      throw new Error(`${where} does not take 'query'. Put it in queries (e.g. { a: '...' }) or use MetricProvider.datadogQuery().`);
    }
    const queries = Object.entries(options.queries ?? {});
    if (queries.length === 0) {
      throw new Error(`${where} needs at least one query, e.g. { queries: { errors: 'sum:requests.error{*}.as_count()' } }.`);
    }
    for (const [name, q] of queries) {
      requireText(`${where} query name`, name);
      requireText(`${where} query '${name}'`, q);
    }
    if (options.formula !== undefined) requireText(`${where} formula`, options.formula);
    if (queries.length > 1 && !options.formula) {
      throw new Error(`${where} has ${queries.length} queries (${queries.map(([n]) => n).join(', ')}) but no formula; `
        + `Datadog would return one column per query. Add a formula, e.g. formula: '${queries[0][0]} / ${queries[1][0]}'.`);
    }
    return new MetricProvider(MetricProviderKind.DATADOG, {
      apiVersion: 'v2',
      queries: Object.fromEntries(queries),
      formula: options.formula,
      aggregator: options.aggregator,
      ...datadogCommon(where, options),
    });
  }

  /**
   * Run an NRQL query against New Relic. `result` is a map of the query's result fields, e.g.
   * `result.successRate`.
   */
  public static newRelic(options: NewRelicMetricOptions): MetricProvider {
    checkArgument('MetricProvider.newRelic()', 'options', options, 'object');
    const where = 'MetricProvider.newRelic()';
    requireText(`${where} query`, options.query);
    if (options.profile !== undefined) requireText(`${where} profile`, options.profile, 'Leave it out for the Secret \'newrelic\'.');
    return new MetricProvider(MetricProviderKind.NEW_RELIC, {
      query: options.query,
      profile: options.profile,
      timeout: toSeconds(`${where} timeout`, options.timeout),
    });
  }

  /**
   * Query Wavefront.
   */
  public static wavefront(options: WavefrontMetricOptions): MetricProvider {
    checkArgument('MetricProvider.wavefront()', 'options', options, 'object');
    const where = 'MetricProvider.wavefront()';
    requireText(`${where} address`, options.address, 'The controller looks up the API token by this address in the Secret \'wavefront-api-tokens\'.');
    requireText(`${where} query`, options.query);
    return new MetricProvider(MetricProviderKind.WAVEFRONT, { address: options.address, query: options.query });
  }

  /**
   * Let Kayenta judge the canary against the baseline. `result` is the canary score.
   */
  public static kayenta(options: KayentaMetricOptions): MetricProvider {
    checkArgument('MetricProvider.kayenta()', 'options', options, 'object');
    const where = 'MetricProvider.kayenta()';
    for (const field of ['address', 'application', 'canaryConfigName', 'metricsAccountName', 'configurationAccountName', 'storageAccountName']) {
      requireText(`${where} ${field}`, (options as any)[field]);
    }
    checkUrl(`${where} address`, options.address);
    const t = options.threshold;
    if (!t) throw new Error(`${where} needs a threshold, e.g. { passScore: 90, marginalScore: 75 }.`);
    checkInteger(`${where} threshold.passScore`, t.passScore, 0, 100);
    checkInteger(`${where} threshold.marginalScore`, t.marginalScore, 0, 100);
    if (t.marginalScore > t.passScore) {
      throw new Error(`${where} threshold.marginalScore (${t.marginalScore}) must not be greater than threshold.passScore (${t.passScore}). Swap them.`);
    }
    if (!options.scopes || options.scopes.length === 0) {
      throw new Error(`${where} needs at least one scope, e.g. scopes: [{ name: 'default', controlScope: {...}, experimentScope: {...} }].`);
    }
    const names = new Set<string>();
    const scopes = options.scopes.map(s => {
      requireText(`${where} scope name`, s.name);
      if (names.has(s.name)) throw new Error(`${where}: scope '${s.name}' is given twice. Give each scope a unique name.`);
      names.add(s.name);
      const at = `${where} scope '${s.name}'`;
      if (!s.controlScope || !s.experimentScope) throw new Error(`${at} needs both controlScope and experimentScope.`);
      for (const field of ['start', 'end'] as const) {
        const c = s.controlScope[field];
        const e = s.experimentScope[field];
        if ((c === undefined || c === '') !== (e === undefined || e === '')) {
          throw new Error(`${at}: ${field} is set on ${c ? 'controlScope' : 'experimentScope'} only (${JSON.stringify(c || e)}). `
            + `Set ${field} on both sides or on neither.`);
        }
      }
      return {
        name: s.name,
        controlScope: kayentaWindow(`${at} controlScope`, s.controlScope),
        experimentScope: kayentaWindow(`${at} experimentScope`, s.experimentScope),
      };
    });
    return new MetricProvider(MetricProviderKind.KAYENTA, {
      address: options.address,
      application: options.application,
      canaryConfigName: options.canaryConfigName,
      metricsAccountName: options.metricsAccountName,
      configurationAccountName: options.configurationAccountName,
      storageAccountName: options.storageAccountName,
      threshold: { pass: t.passScore, marginal: t.marginalScore },
      scopes,
      lookback: options.lookback,
    });
  }

  /**
   * Call an HTTP endpoint. `result` is the value `jsonPath` selects from the JSON response
   * (or the text of a non-JSON response).
   */
  public static web(options: WebMetricOptions): MetricProvider {
    checkArgument('MetricProvider.web()', 'options', options, 'object');
    const where = 'MetricProvider.web()';
    requireText(`${where} url`, options.url);
    checkUrl(`${where} url`, options.url);
    const method = options.method ?? WebMethod.GET;
    if (options.body !== undefined && options.jsonBody !== undefined) {
      throw new Error(`${where} takes body or jsonBody, not both. Keep one of them.`);
    }
    if ((options.body !== undefined || options.jsonBody !== undefined) && method === WebMethod.GET) {
      throw new Error(`${where}: a ${options.body !== undefined ? 'body' : 'jsonBody'} needs method POST or PUT, got ${method}. `
        + 'Set method: WebMethod.POST (or PUT), or remove the body.');
    }
    if (options.jsonPath !== undefined && !(options.jsonPath.startsWith('{') && options.jsonPath.endsWith('}'))) {
      throw new Error(`${where} jsonPath must be a JSONPath template in braces, got '${options.jsonPath}'. Use e.g. '{$.data.ok}'.`);
    }
    const timeoutSeconds = toSeconds(`${where} timeout`, options.timeout);
    if (timeoutSeconds === 0) {
      throw new Error(`${where} timeout must be at least 1 second, got 0s (the controller would use its default of 10s). Leave it out for the default.`);
    }
    if (options.authentication?._method === 'sigv4') {
      throw new Error(`${where}: the Web provider does not sign requests with sigv4 (the controller ignores it). Use MetricAuthentication.oauth2() or headers.`);
    }
    return new MetricProvider(MetricProviderKind.WEB, {
      url: options.url,
      method: options.method,
      headers: headerList(where, options.headers),
      body: options.body,
      jsonBody: options.jsonBody !== undefined ? { ...options.jsonBody } : undefined,
      jsonPath: options.jsonPath,
      timeoutSeconds,
      insecure: options.insecure,
      authentication: options.authentication?._toKube(),
    });
  }

  /**
   * Run a Kubernetes Job per measurement: the measurement succeeds when the Job succeeds and
   * fails when it fails. Conditions do not apply.
   *
   * @example
   * MetricProvider.job({
   *   containers: [{ name: 'smoke', image: 'curlimages/curl:8.8.0', command: ['curl', '-fsS', 'http://{{args.service}}/health'] }],
   *   backoffLimit: 1,
   * });
   */
  public static job(options: JobMetricOptions): MetricProvider {
    checkArgument('MetricProvider.job()', 'options', options, 'object');
    const where = 'MetricProvider.job()';
    const given = options.containers ?? [];
    if (given.length === 0) {
      throw new Error(`${where} needs at least one container, e.g. containers: [{ image: 'curlimages/curl', command: ['curl', '-f', 'http://web/health'] }].`);
    }
    checkInteger(`${where} backoffLimit`, options.backoffLimit, 0);
    const activeDeadlineSeconds = toSeconds(`${where} activeDeadline`, options.activeDeadline);
    if (activeDeadlineSeconds === 0) {
      throw new Error(`${where} activeDeadline must be at least 1 second, got 0s. Leave it out for no deadline.`);
    }
    const restartPolicy = options.restartPolicy ?? kplus.RestartPolicy.NEVER;
    if (restartPolicy === kplus.RestartPolicy.ALWAYS) {
      throw new Error(`${where} restartPolicy must be NEVER or ON_FAILURE, got ALWAYS (Kubernetes rejects Jobs that always restart). Leave it out for NEVER.`);
    }
    for (const key of Object.keys(options.labels ?? {})) {
      if (RESERVED_JOB_LABELS.includes(key)) {
        throw new Error(`${where} label '${key}' is set by the controller on every analysis Job and would be overwritten. Use another key.`);
      }
    }
    for (const key of Object.keys(options.annotations ?? {})) {
      if (RESERVED_JOB_ANNOTATIONS.includes(key)) {
        throw new Error(`${where} annotation '${key}' is set by the controller on every analysis Job and would be overwritten. Use another key.`);
      }
    }

    const names = new Set<string>();
    const volumes = new Map<string, kplus.Volume>();
    const addVolume = (v: kplus.Volume) => {
      const known = volumes.get(v.name);
      if (known && known !== v) {
        throw new Error(`${where}: two different volumes are named '${v.name}'. Give each volume a unique name.`);
      }
      volumes.set(v.name, v);
    };
    (options.volumes ?? []).forEach(addVolume);
    const containers = given.map((props, i) => {
      const container = new kplus.Container(props);
      if (names.has(container.name)) {
        throw new Error(`${where}: container ${i} is named '${container.name}' like an earlier one`
          + `${props.name === undefined ? ' (cdk8s-plus names unnamed containers \'main\')' : ''}. Give each container a unique name.`);
      }
      names.add(container.name);
      container.mounts.forEach(m => addVolume(m.volume));
      return stripContainerDefaults(kplus.k8s.toJson_Container(container._toKube()), props);
    });

    const podMeta = metadataBlock(options.podLabels, options.podAnnotations);
    return new MetricProvider(MetricProviderKind.JOB, {
      metadata: metadataBlock(options.labels, options.annotations),
      spec: {
        backoffLimit: options.backoffLimit,
        activeDeadlineSeconds,
        ttlSecondsAfterFinished: toSeconds(`${where} ttlAfterFinished`, options.ttlAfterFinished),
        template: {
          metadata: podMeta,
          spec: {
            serviceAccountName: options.serviceAccountName,
            containers,
            volumes: undefinedIfEmpty([...volumes.values()].map(v => kplus.k8s.toJson_Volume(v._toKube()))),
            restartPolicy,
          },
        },
      },
    });
  }

  /**
   * Query Amazon CloudWatch with `GetMetricData`. `result` is the list of returned series
   * (`result[0].Values` holds the first series' values).
   */
  public static cloudWatch(options: CloudWatchMetricOptions): MetricProvider {
    checkArgument('MetricProvider.cloudWatch()', 'options', options, 'object');
    const where = 'MetricProvider.cloudWatch()';
    const queries = options.metricDataQueries ?? [];
    if (queries.length === 0) {
      throw new Error(`${where} needs at least one query in metricDataQueries.`);
    }
    const ids = new Set<string>();
    const rendered = queries.map((q, i) => {
      const at = `${where} metricDataQueries[${i}]`;
      requireText(`${at} id`, q.id, 'CloudWatch needs an id on every query, e.g. id: \'errors\'.');
      if (!hasPlaceholder(q.id) && !/^[a-z][a-zA-Z0-9_]*$/.test(q.id)) {
        throw new Error(`${at} id '${q.id}' must start with a lowercase letter and contain only letters, digits and '_', e.g. 'error_rate'.`);
      }
      if (ids.has(q.id)) throw new Error(`${at} id '${q.id}' is used twice. Give each query a unique id.`);
      ids.add(q.id);
      if ((q.expression === undefined) === (q.metricStat === undefined)) {
        throw new Error(`${at} ('${q.id}') must set exactly one of expression and metricStat, got ${q.expression === undefined ? 'neither' : 'both'}.`);
      }
      if (q.expression !== undefined) requireText(`${at} expression`, q.expression);
      let metricStat;
      if (q.metricStat) {
        const s = q.metricStat;
        requireText(`${at} metricStat.stat`, s.stat, 'Use e.g. \'Sum\', \'Average\' or \'p99\'.');
        const dims = Object.entries(s.metric?.dimensions ?? {}).map(([name, value]) => ({ name, value }));
        metricStat = {
          metric: {
            namespace: s.metric?.namespace,
            metricName: s.metric?.metricName,
            dimensions: undefinedIfEmpty(dims),
          },
          period: cloudWatchPeriod(`${at} metricStat.period`, s.period),
          stat: s.stat,
          unit: s.unit,
        };
      }
      return {
        id: q.id,
        expression: q.expression,
        label: q.label,
        metricStat,
        period: q.period !== undefined ? cloudWatchPeriod(`${at} period`, q.period) : undefined,
        returnData: q.returnData,
      };
    });
    return new MetricProvider(MetricProviderKind.CLOUD_WATCH, {
      interval: options.interval !== undefined ? positiveGoDuration(`${where} interval`, options.interval) : undefined,
      metricDataQueries: rendered,
    });
  }

  /**
   * Query Graphite. `result` is the list of data points.
   */
  public static graphite(options: GraphiteMetricOptions): MetricProvider {
    checkArgument('MetricProvider.graphite()', 'options', options, 'object');
    const where = 'MetricProvider.graphite()';
    requireText(`${where} address`, options.address);
    checkUrl(`${where} address`, options.address);
    requireText(`${where} query`, options.query);
    return new MetricProvider(MetricProviderKind.GRAPHITE, { address: options.address, query: options.query });
  }

  /**
   * Run a Flux query against InfluxDB.
   */
  public static influxdb(options: InfluxDbMetricOptions): MetricProvider {
    checkArgument('MetricProvider.influxdb()', 'options', options, 'object');
    const where = 'MetricProvider.influxdb()';
    requireText(`${where} query`, options.query);
    if (options.profile !== undefined) requireText(`${where} profile`, options.profile, 'Leave it out for the Secret \'influxdb\'.');
    return new MetricProvider(MetricProviderKind.INFLUXDB, { profile: options.profile, query: options.query });
  }

  /**
   * Run a GraphQL query against Apache SkyWalking.
   */
  public static skywalking(options: SkyWalkingMetricOptions): MetricProvider {
    checkArgument('MetricProvider.skywalking()', 'options', options, 'object');
    const where = 'MetricProvider.skywalking()';
    requireText(`${where} address`, options.address);
    checkUrl(`${where} address`, options.address);
    requireText(`${where} query`, options.query);
    if (options.interval === undefined) {
      throw new Error(`${where} needs an interval (the controller cannot run the query without one), e.g. interval: Duration.minutes(5).`);
    }
    return new MetricProvider(MetricProviderKind.SKYWALKING, {
      address: options.address,
      query: options.query,
      interval: positiveGoDuration(`${where} interval`, options.interval),
    });
  }

  /**
   * Use a metric provider plugin registered in the controller's `metricProviderPlugins`
   * configuration.
   *
   * @param name the plugin name, `<namespace>/<name>`
   * @param config the plugin's settings
   * @example
   * MetricProvider.plugin('argoproj-labs/sample-prometheus', { address: 'http://prometheus:9090', query: 'up' });
   */
  public static plugin(name: string, config: { [key: string]: any } = {}): MetricProvider {
    checkPluginName(`Metric provider plugin name '${name}'`, name, 'argoproj-labs/sample-prometheus');
    return new MetricProvider(MetricProviderKind.PLUGIN, { [name]: { ...config } });
  }

  private constructor(
    /** The provider (its key under `provider`). */
    public readonly kind: MetricProviderKind,
    private readonly body: any) {}

  /**
   * The value of `metrics[].provider`, e.g. `{ prometheus: { ... } }`.
   *
   * @internal
   */
  public _toKube(): any {
    return { [this.kind]: prune(this.body) };
  }
}

// ---------------------------------------------------------------------------------------------
// Helpers
// ---------------------------------------------------------------------------------------------

function hasPlaceholder(value: string): boolean {
  return value.includes('{{');
}

function requireText(field: string, value: string | undefined, fix?: string) {
  if (typeof value !== 'string' || value.trim() === '') {
    throw new Error(`'${field}' must be a non-empty string, got ${JSON.stringify(value)}.${fix ? ` ${fix}` : ''}`);
  }
}

/** Throws unless `value` is an absolute URL with a host; values with `{{` placeholders are not checked. */
function checkUrl(field: string, value: string) {
  if (hasPlaceholder(value)) return;
  let ok = false;
  try {
    const u = new URL(value);
    ok = u.protocol !== '' && u.host !== '';
  } catch {
    ok = false;
  }
  if (!ok) {
    throw new Error(`'${field}' must be an absolute URL with a scheme and a host, got '${value}'. Use e.g. 'http://prometheus.monitoring:9090'.`);
  }
}

function headerList(where: string, headers: { [name: string]: string } | undefined): any[] | undefined {
  const list = Object.entries(headers ?? {}).map(([key, value]) => {
    requireText(`${where} header name`, key);
    if (typeof value !== 'string') {
      throw new Error(`${where} header '${key}' must have a string value, got ${JSON.stringify(value)}.`);
    }
    return { key, value };
  });
  return undefinedIfEmpty(list);
}

function positiveGoDuration(field: string, duration: Duration): string {
  const text = toGoDuration(field, duration);
  if (text === '0s') {
    throw new Error(`'${field}' must be at least 1 second, got 0s. Use e.g. Duration.minutes(5).`);
  }
  return text;
}

function datadogCommon(where: string, options: DatadogMetricOptions): any {
  if (options.secretNamespaced && !options.secretName) {
    throw new Error(`${where}: secretNamespaced needs secretName (the Secret to read in the AnalysisRun's namespace). Set secretName or remove secretNamespaced.`);
  }
  if (options.secretName !== undefined) requireText(`${where} secretName`, options.secretName);
  return {
    interval: options.interval !== undefined ? positiveGoDuration(`${where} interval`, options.interval) : undefined,
    secretRef: options.secretName !== undefined
      ? { name: options.secretName, namespaced: options.secretNamespaced }
      : undefined,
  };
}

function kayentaWindow(where: string, w: KayentaScopeWindow): any {
  requireText(`${where} scope`, w.scope);
  requireText(`${where} region`, w.region);
  if (w.step === undefined) throw new Error(`${where} needs a step, e.g. step: Duration.minutes(1).`);
  const step = toSeconds(`${where} step`, w.step)!;
  if (step === 0) throw new Error(`'${where} step' must be at least 1 second, got 0s. Use e.g. Duration.minutes(1).`);
  return { scope: w.scope, region: w.region, step, start: w.start || undefined, end: w.end || undefined };
}

/** A CloudWatch period in whole seconds: 1, 5, 10, 30 or a multiple of 60. */
function cloudWatchPeriod(field: string, period: Duration | undefined): number {
  if (period === undefined) throw new Error(`'${field}' is required by CloudWatch. Use e.g. Duration.minutes(1).`);
  const seconds = toSeconds(field, period)!;
  if (![1, 5, 10, 30].includes(seconds) && !(seconds > 0 && seconds % 60 === 0)) {
    throw new Error(`'${field}' must be 1, 5, 10 or 30 seconds or a multiple of 60 seconds, got ${seconds}s. Use e.g. Duration.minutes(1).`);
  }
  return seconds;
}

/** A copy without `undefined` values (so the manifest holds only what is set). */
function prune(value: any): any {
  if (Array.isArray(value)) return value.map(prune);
  if (value && typeof value === 'object' && Object.getPrototypeOf(value) === Object.prototype) {
    const out: any = {};
    for (const [k, v] of Object.entries(value)) {
      if (v !== undefined) out[k] = prune(v);
    }
    return out;
  }
  return value;
}

