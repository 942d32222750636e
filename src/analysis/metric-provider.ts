import { ControllerPlugin, ControllerPluginKind } from '../install/plugins';
import { PluginUse, pluginUse } from '../install/private';
import { checkArgument, JSON_OBJECT } from '../private/arguments';
import { providerRenderer } from './private/provider-renderers';
import { prune, RenderedProvider } from './private/providers/common';
import { pluginSpec } from './private/providers/plugin';
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

export * from './providers/prometheus';
export * from './providers/datadog';
export * from './providers/new-relic';
export * from './providers/wavefront';
export * from './providers/kayenta';
export * from './providers/web';
export * from './providers/job';
export * from './providers/cloud-watch';
export * from './providers/graphite';
export * from './providers/influxdb';
export * from './providers/skywalking';

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
    return new MetricProvider(MetricProviderKind.PROMETHEUS, rendered('MetricProvider.prometheus', options));
  }

  /**
   * Query Datadog with a single metric query (Datadog API v1). `result` is the last data point,
   * or nil when the query returns no data.
   *
   * @example
   * MetricProvider.datadogQuery({ query: 'avg:trace.http.request.errors{service:{{args.service}}}.as_count()', interval: Duration.minutes(5) });
   */
  public static datadogQuery(options: DatadogQueryOptions): MetricProvider {
    return new MetricProvider(MetricProviderKind.DATADOG, rendered('MetricProvider.datadogQuery', options));
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
    return new MetricProvider(MetricProviderKind.DATADOG, rendered('MetricProvider.datadogQueries', options));
  }

  /**
   * Run an NRQL query against New Relic. `result` is a map of the query's result fields, e.g.
   * `result.successRate`.
   */
  public static newRelic(options: NewRelicMetricOptions): MetricProvider {
    return new MetricProvider(MetricProviderKind.NEW_RELIC, rendered('MetricProvider.newRelic', options));
  }

  /**
   * Query Wavefront.
   */
  public static wavefront(options: WavefrontMetricOptions): MetricProvider {
    return new MetricProvider(MetricProviderKind.WAVEFRONT, rendered('MetricProvider.wavefront', options));
  }

  /**
   * Let Kayenta judge the canary against the baseline. `result` is the canary score.
   */
  public static kayenta(options: KayentaMetricOptions): MetricProvider {
    return new MetricProvider(MetricProviderKind.KAYENTA, rendered('MetricProvider.kayenta', options));
  }

  /**
   * Call an HTTP endpoint. `result` is the value `jsonPath` selects from the JSON response
   * (or the text of a non-JSON response).
   */
  public static web(options: WebMetricOptions): MetricProvider {
    return new MetricProvider(MetricProviderKind.WEB, rendered('MetricProvider.web', options));
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
    return new MetricProvider(MetricProviderKind.JOB, rendered('MetricProvider.job', options));
  }

  /**
   * Query Amazon CloudWatch with `GetMetricData`. `result` is the list of returned series
   * (`result[0].Values` holds the first series' values).
   */
  public static cloudWatch(options: CloudWatchMetricOptions): MetricProvider {
    return new MetricProvider(MetricProviderKind.CLOUD_WATCH, rendered('MetricProvider.cloudWatch', options));
  }

  /**
   * Query Graphite. `result` is the list of data points.
   */
  public static graphite(options: GraphiteMetricOptions): MetricProvider {
    return new MetricProvider(MetricProviderKind.GRAPHITE, rendered('MetricProvider.graphite', options));
  }

  /**
   * Run a Flux query against InfluxDB.
   */
  public static influxdb(options: InfluxDbMetricOptions): MetricProvider {
    return new MetricProvider(MetricProviderKind.INFLUXDB, rendered('MetricProvider.influxdb', options));
  }

  /**
   * Run a GraphQL query against Apache SkyWalking.
   */
  public static skywalking(options: SkyWalkingMetricOptions): MetricProvider {
    return new MetricProvider(MetricProviderKind.SKYWALKING, rendered('MetricProvider.skywalking', options));
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
    private readonly body: object,
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

/** The block a factory renders from its options, checked against the shape its file gives. */
function rendered<O>(factory: string, options: O): object {
  const renderer = providerRenderer<O>(factory);
  checkArgument(`${factory}()`, 'options', options, renderer.options);
  return renderer.render(options);
}
