// Every metric provider, and a blue-green Rollout gated by pre- and post-promotion analysis with the
// ready-made request-metrics templates. Credentials are Secret references, never values.
import { App, Chart, ChartProps, Duration } from 'cdk8s';
import { Construct } from 'constructs';
import { demoRollout } from './common';
import {
  AnalysisRun, AnalysisTemplate, AnalysisTemplateArg, ClusterAnalysisTemplate, Condition, ControllerPlugin, DatadogAggregator, EmptyResultPolicy,
  MetricAuthentication, MetricProvider, RequestMetricsSource, RequestMetricsTemplates, RolloutStrategy, StrategyService, WebMethod,
} from '../src';

/** Where the controller downloads the sample metric plugin (a placeholder: use the plugin's release URL and its sha256). */
export const SAMPLE_METRIC_PLUGIN_LOCATION = 'https://example.invalid/argoproj-labs/sample-rollouts-metric-plugin/v0.0.4/metric-plugin-linux-amd64';

export class AnalysisProvidersChart extends Chart {
  constructor(scope: Construct, id: string = 'analysis-providers', props: ChartProps = {}) {
    super(scope, id, props);
    const interval = Duration.minutes(1);

    // The request-metrics templates, bound to the preview Service of the blue-green Rollout.
    const successRate = RequestMetricsTemplates.successRate(this, 'success-rate', {
      name: 'istio-success-rate', source: RequestMetricsSource.ISTIO, prometheusAddress: 'http://prometheus.monitoring:9090',
    });
    const latency = RequestMetricsTemplates.latency(this, 'latency', {
      name: 'istio-latency', source: RequestMetricsSource.ISTIO, prometheusAddress: 'http://prometheus.monitoring:9090', maxP99: Duration.millis(300),
    });
    demoRollout(this, 'bluegreen-analysis', 3, RolloutStrategy.blueGreen({
      activeService: StrategyService.define({ name: 'bluegreen-analysis-active' }),
      previewService: StrategyService.define({ name: 'bluegreen-analysis-preview' }),
      prePromotionAnalysis: { templates: [successRate, latency], args: RequestMetricsTemplates.args('bluegreen-analysis-preview') },
      postPromotionAnalysis: { templates: [successRate], args: RequestMetricsTemplates.args('bluegreen-analysis-active') },
    }));

    // One cluster-wide template per observability backend.
    new ClusterAnalysisTemplate(this, 'backends', {
      metadata: { name: 'observability-backends' },
      args: [AnalysisTemplateArg.required('service'), AnalysisTemplateArg.withDefault('env', 'production')],
      metrics: [
        {
          name: 'datadog-error-rate',
          interval,
          count: 3,
          condition: Condition.resultBelow(0.01, { onEmpty: EmptyResultPolicy.FAIL }),
          provider: MetricProvider.datadogQueries({
            queries: { errors: 'sum:requests.error{service:{{args.service}}}.as_count()', total: 'sum:requests{service:{{args.service}}}.as_count()' },
            formula: 'errors / total',
            aggregator: DatadogAggregator.SUM,
            interval: Duration.minutes(5),
          }),
        },
        {
          name: 'datadog-latency',
          interval,
          count: 3,
          successCondition: 'default(result, 0) < 0.5',
          provider: MetricProvider.datadogQuery({ query: 'avg:trace.http.request.duration{service:{{args.service}}}' }),
        },
        {
          name: 'newrelic-error-rate',
          interval,
          count: 3,
          successCondition: 'result.errorRate < 0.01',
          provider: MetricProvider.newRelic({ query: "FROM Transaction SELECT percentage(count(*), WHERE error is true) AS errorRate WHERE appName = '{{args.service}}'" }),
        },
        {
          name: 'wavefront-error-rate',
          interval,
          count: 3,
          successCondition: 'result < 0.01',
          provider: MetricProvider.wavefront({ address: 'example.wavefront.com', query: 'sum(ts(requests.error, service="{{args.service}}"))' }),
        },
        {
          name: 'cloudwatch-5xx',
          interval,
          count: 3,
          successCondition: 'all(result[0].Values, {# <= 0.01})',
          provider: MetricProvider.cloudWatch({
            interval: Duration.minutes(5),
            metricDataQueries: [
              { id: 'errors', metricStat: { metric: { namespace: 'AWS/ApplicationELB', metricName: 'HTTPCode_Target_5XX_Count', dimensions: { TargetGroup: '{{args.service}}' } }, period: Duration.minutes(5), stat: 'Sum' }, returnData: false },
              { id: 'requests', metricStat: { metric: { namespace: 'AWS/ApplicationELB', metricName: 'RequestCount', dimensions: { TargetGroup: '{{args.service}}' } }, period: Duration.minutes(5), stat: 'Sum' }, returnData: false },
              { id: 'ratio', expression: 'errors / requests' },
            ],
          }),
        },
        {
          name: 'graphite-errors',
          interval,
          count: 3,
          successCondition: 'result[0] < 10',
          provider: MetricProvider.graphite({ address: 'http://graphite.monitoring:8080', query: 'sumSeries(app.{{args.service}}.errors)' }),
        },
        {
          name: 'influxdb-errors',
          interval,
          count: 3,
          successCondition: 'result[0] < 10',
          provider: MetricProvider.influxdb({ profile: 'influxdb', query: 'from(bucket: "app") |> range(start: -5m) |> filter(fn: (r) => r.service == "{{args.service}}")' }),
        },
        {
          name: 'skywalking-sla',
          interval,
          count: 3,
          successCondition: 'result.service_sla >= 9900',
          provider: MetricProvider.skywalking({
            address: 'http://skywalking-oap.monitoring:12800',
            // the provider passes the query window as $duration
            query: 'query queryData($duration: Duration!) { service_sla: readMetricsValues(condition: { name: "service_sla", '
              + 'entity: { scope: Service, serviceName: "{{args.service}}", normal: true } }, duration: $duration) { values { values { value } } } }',
            interval: Duration.minutes(5),
          }),
        },
        {
          name: 'web-health',
          interval,
          count: 3,
          successCondition: "result == 'ok'",
          provider: MetricProvider.web({
            url: 'https://status.example.com/api/services/{{args.service}}',
            method: WebMethod.POST,
            jsonBody: { env: '{{args.env}}' },
            headers: { Accept: 'application/json' },
            jsonPath: '{$.status}',
            timeout: Duration.seconds(20),
          }),
        },
        {
          name: 'plugin-metric',
          interval,
          count: 3,
          successCondition: 'result == true',
          dryRun: true,
          // the binary goes to an install in the same app (its argo-rollouts-config)
          provider: MetricProvider.plugin('argoproj-labs/sample-prometheus', { address: 'http://prometheus.monitoring:9090', query: 'up{service="{{args.service}}"}' },
            ControllerPlugin.metricProvider({ name: 'argoproj-labs/sample-prometheus', location: SAMPLE_METRIC_PLUGIN_LOCATION })),
        },
      ],
    });

    // Kayenta judges a canary against a baseline with its own statistics.
    new AnalysisTemplate(this, 'kayenta', {
      metadata: { name: 'kayenta-canary' },
      args: [AnalysisTemplateArg.required('start-time'), AnalysisTemplateArg.required('end-time'),
        AnalysisTemplateArg.required('stable-hash'), AnalysisTemplateArg.required('canary-hash')],
      metrics: [{
        name: 'kayenta-judgement',
        count: 1,
        provider: MetricProvider.kayenta({
          address: 'https://kayenta.example.com',
          application: 'guestbook',
          canaryConfigName: 'guestbook-canary',
          metricsAccountName: 'prometheus',
          configurationAccountName: 'gcs',
          storageAccountName: 'gcs',
          threshold: { passScore: 90, marginalScore: 75 },
          scopes: [{
            name: 'default',
            controlScope: { scope: 'app=guestbook and rollouts-pod-template-hash={{args.stable-hash}}', region: 'us-central1', step: Duration.minutes(1), start: '{{args.start-time}}', end: '{{args.end-time}}' },
            experimentScope: { scope: 'app=guestbook and rollouts-pod-template-hash={{args.canary-hash}}', region: 'us-central1', step: Duration.minutes(1), start: '{{args.start-time}}', end: '{{args.end-time}}' },
          }],
        }),
      }],
    });

    // A one-off run of a Prometheus query with SigV4 (Amazon Managed Prometheus), deleted a day after it ends.
    new AnalysisRun(this, 'smoke', {
      metadata: { name: 'smoke-check' },
      metrics: [{
        name: 'up',
        successCondition: 'result[0] == 1',
        provider: MetricProvider.prometheus({
          address: 'https://aps-workspaces.us-east-1.amazonaws.com/workspaces/ws-123',
          query: 'min(up{job="guestbook"})',
          authentication: MetricAuthentication.sigv4({ region: 'us-east-1' }),
        }),
      }],
      ttlAfterCompletion: Duration.days(1),
    });
  }
}

if (require.main === module) {
  const app = new App();
  new AnalysisProvidersChart(app);
  app.synth();
}
