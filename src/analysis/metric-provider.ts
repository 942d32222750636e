import { ControllerPlugin, ControllerPluginKind } from '../install/plugins';
import { PluginUse, pluginUse } from '../install/private';
import { checkArgument, JSON_OBJECT } from '../private/arguments';
import { CLOUD_WATCH_OPTIONS, cloudWatchSpec, CloudWatchSpec } from './private/providers/cloud-watch';
import { prune, RenderedProvider } from './private/providers/common';
import { DATADOG_QUERIES_OPTIONS, DATADOG_QUERY_OPTIONS, datadogQueriesSpec, datadogQuerySpec, DatadogSpec } from './private/providers/datadog';
import { GRAPHITE_OPTIONS, graphiteSpec, GraphiteSpec } from './private/providers/graphite';
import { INFLUXDB_OPTIONS, influxDbSpec, InfluxDbSpec } from './private/providers/influxdb';
import { JOB_OPTIONS, jobSpec, JobSpec } from './private/providers/job';
import { KAYENTA_OPTIONS, kayentaSpec, KayentaSpec } from './private/providers/kayenta';
import { NEW_RELIC_OPTIONS, newRelicSpec, NewRelicSpec } from './private/providers/new-relic';
import { pluginSpec, PluginSpec } from './private/providers/plugin';
import { PROMETHEUS_OPTIONS, prometheusSpec, PrometheusSpec } from './private/providers/prometheus';
import { SKYWALKING_OPTIONS, skyWalkingSpec, SkyWalkingSpec } from './private/providers/skywalking';
import { WAVEFRONT_OPTIONS, wavefrontSpec, WavefrontSpec } from './private/providers/wavefront';
import { WEB_OPTIONS, webSpec, WebSpec } from './private/providers/web';
import { CloudWatchMetricOptions } from './providers/cloud-watch';
import { DatadogQueriesOptions, DatadogQueryOptions } from './providers/datadog';
import { GraphiteMetricOptions } from './providers/graphite';
import { InfluxDbMetricOptions } from './providers/influxdb';
import { JobMetricOptions } from './providers/job';
import { KayentaMetricOptions } from './providers/kayenta';
import { NewRelicMetricOptions } from './providers/new-relic';
import { PrometheusMetricOptions } from './providers/prometheus';
import { SkyWalkingMetricOptions } from './providers/skywalking';
import { WavefrontMetricOptions } from './providers/wavefront';
import { WebMetricOptions } from './providers/web';

/** The rendered body of one provider. */
type ProviderSpec = PrometheusSpec | DatadogSpec | NewRelicSpec | WavefrontSpec | KayentaSpec | WebSpec | JobSpec | CloudWatchSpec
  | GraphiteSpec | InfluxDbSpec | SkyWalkingSpec | PluginSpec;

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
    checkArgument('MetricProvider.prometheus()', 'options', options, PROMETHEUS_OPTIONS);
    return new MetricProvider(MetricProviderKind.PROMETHEUS, prometheusSpec(options));
  }

  /**
   * Query Datadog with a single metric query (Datadog API v1). `result` is the last data point,
   * or nil when the query returns no data.
   *
   * @example
   * MetricProvider.datadogQuery({ query: 'avg:trace.http.request.errors{service:{{args.service}}}.as_count()', interval: Duration.minutes(5) });
   */
  public static datadogQuery(options: DatadogQueryOptions): MetricProvider {
    checkArgument('MetricProvider.datadogQuery()', 'options', options, DATADOG_QUERY_OPTIONS);
    return new MetricProvider(MetricProviderKind.DATADOG, datadogQuerySpec(options));
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
    checkArgument('MetricProvider.datadogQueries()', 'options', options, DATADOG_QUERIES_OPTIONS);
    return new MetricProvider(MetricProviderKind.DATADOG, datadogQueriesSpec(options));
  }

  /**
   * Run an NRQL query against New Relic. `result` is a map of the query's result fields, e.g.
   * `result.successRate`.
   */
  public static newRelic(options: NewRelicMetricOptions): MetricProvider {
    checkArgument('MetricProvider.newRelic()', 'options', options, NEW_RELIC_OPTIONS);
    return new MetricProvider(MetricProviderKind.NEW_RELIC, newRelicSpec(options));
  }

  /**
   * Query Wavefront.
   */
  public static wavefront(options: WavefrontMetricOptions): MetricProvider {
    checkArgument('MetricProvider.wavefront()', 'options', options, WAVEFRONT_OPTIONS);
    return new MetricProvider(MetricProviderKind.WAVEFRONT, wavefrontSpec(options));
  }

  /**
   * Let Kayenta judge the canary against the baseline. `result` is the canary score.
   */
  public static kayenta(options: KayentaMetricOptions): MetricProvider {
    checkArgument('MetricProvider.kayenta()', 'options', options, KAYENTA_OPTIONS);
    return new MetricProvider(MetricProviderKind.KAYENTA, kayentaSpec(options));
  }

  /**
   * Call an HTTP endpoint. `result` is the value `jsonPath` selects from the JSON response
   * (or the text of a non-JSON response).
   */
  public static web(options: WebMetricOptions): MetricProvider {
    checkArgument('MetricProvider.web()', 'options', options, WEB_OPTIONS);
    return new MetricProvider(MetricProviderKind.WEB, webSpec(options));
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
    checkArgument('MetricProvider.job()', 'options', options, JOB_OPTIONS);
    return new MetricProvider(MetricProviderKind.JOB, jobSpec(options));
  }

  /**
   * Query Amazon CloudWatch with `GetMetricData`. `result` is the list of returned series
   * (`result[0].Values` holds the first series' values).
   */
  public static cloudWatch(options: CloudWatchMetricOptions): MetricProvider {
    checkArgument('MetricProvider.cloudWatch()', 'options', options, CLOUD_WATCH_OPTIONS);
    return new MetricProvider(MetricProviderKind.CLOUD_WATCH, cloudWatchSpec(options));
  }

  /**
   * Query Graphite. `result` is the list of data points.
   */
  public static graphite(options: GraphiteMetricOptions): MetricProvider {
    checkArgument('MetricProvider.graphite()', 'options', options, GRAPHITE_OPTIONS);
    return new MetricProvider(MetricProviderKind.GRAPHITE, graphiteSpec(options));
  }

  /**
   * Run a Flux query against InfluxDB.
   */
  public static influxdb(options: InfluxDbMetricOptions): MetricProvider {
    checkArgument('MetricProvider.influxdb()', 'options', options, INFLUXDB_OPTIONS);
    return new MetricProvider(MetricProviderKind.INFLUXDB, influxDbSpec(options));
  }

  /**
   * Run a GraphQL query against Apache SkyWalking.
   */
  public static skywalking(options: SkyWalkingMetricOptions): MetricProvider {
    checkArgument('MetricProvider.skywalking()', 'options', options, SKYWALKING_OPTIONS);
    return new MetricProvider(MetricProviderKind.SKYWALKING, skyWalkingSpec(options));
  }

  /**
   * Use a metric provider plugin registered in the controller's `metricProviderPlugins`
   * configuration.
   *
   * An `ArgoRollouts` install in the same app must load the plugin: register it there
   * (`plugins`, or `addPlugin()`), or give its binary here and the install registers it.
   *
   * @param name the plugin name, `<namespace>/<name>`
   * @param config the plugin's settings
   * @param controllerPlugin the plugin's binary, `ControllerPlugin.metricProvider({ name, location })`, for the app's install
   * @example
   * MetricProvider.plugin('argoproj-labs/sample-prometheus', { address: 'http://prometheus:9090', query: 'up' });
   */
  public static plugin(name: string, config: { [key: string]: any } = {}, controllerPlugin?: ControllerPlugin): MetricProvider {
    checkArgument('MetricProvider.plugin()', 'name', name, 'string');
    checkArgument('MetricProvider.plugin()', 'config', config, JSON_OBJECT, true);
    const spec = pluginSpec(name, config);
    const use = pluginUse('MetricProvider.plugin()', 'controllerPlugin', ControllerPluginKind.METRIC_PROVIDER, name, controllerPlugin);
    return new MetricProvider(MetricProviderKind.PLUGIN, spec, use);
  }

  private constructor(
    /** The provider (its key under `provider`). */
    public readonly kind: MetricProviderKind,
    private readonly body: ProviderSpec,
    /** The plugin of a plugin provider, for the app's install. */
    private readonly plugin?: PluginUse) {}

  /**
   * The metric-provider plugin this provider uses (the controller must load it).
   *
   * @internal
   */
  public _plugin(): PluginUse | undefined {
    return this.plugin;
  }

  /**
   * The value of `metrics[].provider`, e.g. `{ prometheus: { ... } }`.
   *
   * @internal
   */
  public _toKube(): RenderedProvider {
    return { [this.kind]: prune(this.body) };
  }
}
