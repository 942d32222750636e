import { Chart, Duration, Testing } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import * as api from '../../src';
import { isCrash } from '../validation/fuzz-properties';

/**
 * What a JavaScript caller or a jsii language can put in any field of the options of the public
 * entry points: each field of a rich, valid configuration is replaced in turn by a value of another
 * type (null, a number, a string, a plain object where a class instance belongs, an empty list), and
 * by the off-contract shapes of its own type: a numeric string where a number belongs, a string where
 * a Duration or a Date belongs, a list with a null member, an object without its required fields, and
 * an object or list that contains itself or nests 1,000 levels deep. Building and synthesizing must
 * then work or fail with an error of the library, never a TypeError, a RangeError or a stack overflow
 * from inside ("Cannot read properties", "is not a function", "Maximum call stack"); the error shows a
 * numeric string as a string and null as null.
 */

/** One entry point: a valid configuration (a tree of plain objects, lists and class instances) and how it is used. */
interface Scenario {
  readonly name: string;
  /** A valid configuration: the options, or (with `params`) the list of the call's arguments. */
  readonly make: (chart: Chart) => any;
  /** The names of the call's arguments, when `make` gives them as a list. */
  readonly params?: readonly string[];
  readonly use: (chart: Chart, options: any) => void;
}

const container = { image: 'nginx:1.27', portNumber: 8080 };

function template(chart: Chart, id = 'template'): api.AnalysisTemplate {
  return new api.AnalysisTemplate(chart, id, {
    args: [api.AnalysisTemplateArg.required('service')],
    metrics: [{
      name: 'success',
      provider: api.MetricProvider.prometheus({ address: 'http://prometheus:9090', query: 'sum(up{service="{{args.service}}"})' }),
      interval: Duration.minutes(1),
      count: 3,
      condition: api.Condition.resultAtLeast(1),
    }],
  });
}

/** A canary Rollout with these steps and routers. */
function canary(chart: Chart, steps: api.CanaryStep[], trafficRouting: api.ITrafficRouter[] = [], extra: object = {}): api.Rollout {
  return new api.Rollout(chart, 'rollout', {
    containers: [container],
    strategy: api.RolloutStrategy.canary({ steps, trafficRouting, ...extra }),
  });
}

/** A canary Rollout that routes with this router. */
function routed(chart: Chart, router: api.ITrafficRouter, extra: object = {}): void {
  canary(chart, [api.CanaryStep.setWeight(20), api.CanaryStep.pause()], [router], extra);
}

/** An AnalysisTemplate with one metric of this provider. */
function measured(chart: Chart, provider: api.MetricProvider, metric: object = { count: 1, condition: api.Condition.resultAtLeast(1) }): void {
  new api.AnalysisTemplate(chart, 'measured', { metrics: [{ name: 'measured', provider, ...metric }] });
}

/** A Rollout manifest, as the plan and Argo CD helpers read it. */
function rolloutManifest(): any {
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Rollout',
    metadata: { name: 'web', annotations: { team: 'web' } },
    spec: {
      replicas: 4,
      selector: { matchLabels: { app: 'web' } },
      template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx:1.27' }] } },
      strategy: { canary: { steps: [{ setWeight: 25 }, { pause: { duration: '30s' } }] } },
    },
  };
}

const routerPlugin = () => api.ControllerPlugin.trafficRouter({ name: 'argoproj-labs/router', location: 'https://example.com/router' });
const stepPlugin = () => api.ControllerPlugin.step({ name: 'argoproj-labs/step', location: 'https://example.com/step' });
const metricPlugin = () => api.ControllerPlugin.metricProvider({ name: 'argoproj-labs/metrics', location: 'https://example.com/metrics' });
const gatewayPlugin = () => api.ControllerPlugin.trafficRouter({ name: 'argoproj-labs/gatewayAPI', location: 'https://example.com/gateway' });
const slack = () => api.NotificationService.slack('slack-token');

const SCENARIOS: Scenario[] = [
  // strategies and the Rollout
  {
    name: 'RolloutStrategy.canary() options',
    make: chart => ({
      steps: [api.CanaryStep.setWeight(20), api.CanaryStep.pause(Duration.seconds(30)),
        api.CanaryStep.analysis({ templates: [template(chart)], args: [api.AnalysisArg.value('service', 'web')] })],
      maxSurge: kplus.PercentOrAbsolute.percent(25),
      maxUnavailable: kplus.PercentOrAbsolute.absolute(0),
      stableService: api.StrategyService.define({ port: 8080, labels: { tier: 'web' } }),
      canaryService: api.StrategyService.define(),
      trafficRouting: [api.TrafficRouting.istio()],
      analysis: { templates: [template(chart, 'background')], args: [api.AnalysisArg.value('service', 'web')], startingStep: 1 },
      canaryMetadata: { labels: { role: 'canary' } },
      stableMetadata: { annotations: { role: 'stable' } },
      scaleDownDelay: Duration.seconds(30),
      scaleDownDelayRevisionLimit: 2,
      abortScaleDownDelay: Duration.seconds(30),
      minPodsPerReplicaSet: 1,
      antiAffinity: api.AntiAffinity.preferred(10),
    }),
    use: (chart, options) => new api.Rollout(chart, 'rollout', { containers: [container], replicas: 3, strategy: api.RolloutStrategy.canary(options) }),
  },
  {
    name: 'RolloutStrategy.canary() options with ping-pong',
    make: () => ({
      pingPong: { pingService: api.StrategyService.define({ name: 'web-ping' }), pongService: api.StrategyService.define({ name: 'web-pong' }) },
      trafficRouting: [api.TrafficRouting.alb({ rootService: 'web-root' })],
      steps: [api.CanaryStep.setWeight(20)],
      replicaProgressThreshold: api.ReplicaProgressThreshold.percent(50),
    }),
    use: (chart, options) => new api.Rollout(chart, 'rollout', { containers: [container], strategy: api.RolloutStrategy.canary(options) }),
  },
  {
    name: 'RolloutStrategy.blueGreen() options',
    make: chart => ({
      activeService: api.StrategyService.define(),
      previewService: api.StrategyService.define(),
      autoPromotionEnabled: true,
      autoPromotionDelay: Duration.seconds(60),
      previewReplicaCount: 1,
      scaleDownDelay: Duration.seconds(30),
      scaleDownDelayRevisionLimit: 2,
      abortScaleDownDelay: Duration.seconds(30),
      prePromotionAnalysis: { templates: [template(chart)], args: [api.AnalysisArg.value('service', 'web')], dryRunMetrics: ['success'] },
      postPromotionAnalysis: { templates: [template(chart, 'post')], args: [api.AnalysisArg.value('service', 'web')], measurementRetention: { success: 5 } },
      activeMetadata: { labels: { role: 'active' } },
      previewMetadata: { labels: { role: 'preview' } },
      maxUnavailable: kplus.PercentOrAbsolute.absolute(1),
    }),
    use: (chart, options) => new api.Rollout(chart, 'rollout', { containers: [container], strategy: api.RolloutStrategy.blueGreen(options) }),
  },
  {
    name: 'new Rollout() props',
    make: () => ({
      containers: [{ ...container, name: 'web', command: ['nginx'], args: ['-g', 'daemon off;'], workingDir: '/srv' }],
      replicas: 3,
      minReady: Duration.seconds(5),
      progressDeadline: Duration.minutes(10),
      progressDeadlineAbort: true,
      revisionHistoryLimit: 3,
      paused: false,
      restartAt: new Date('2024-01-01T00:00:00Z'),
      rollbackWindowRevisions: 2,
      successfulRunHistoryLimit: 5,
      unsuccessfulRunHistoryLimit: 5,
      budget: { pods: 10, cpu: '4', memory: '8Gi' },
      strategy: api.RolloutStrategy.canary({ steps: [api.CanaryStep.setWeight(50)] }),
      metadata: { labels: { app: 'web' } },
    }),
    use: (chart, props) => new api.Rollout(chart, 'rollout', props),
  },
  {
    name: 'new Rollout() props with a workloadRef',
    make: () => ({
      workloadRef: api.WorkloadReference.fromDeploymentName('web', { podLabels: { app: 'web' }, scaleDown: api.WorkloadScaleDown.PROGRESSIVELY }),
      strategy: api.RolloutStrategy.canary({ steps: [api.CanaryStep.setWeight(50)] }),
    }),
    use: (chart, props) => new api.Rollout(chart, 'rollout', props),
  },
  {
    name: 'Rollout.addBackgroundAnalysis() options',
    make: chart => ({
      templates: [template(chart)],
      args: [api.AnalysisArg.value('service', 'web')],
      startingStep: 1,
      analysisRunLabels: { team: 'web' },
      analysisRunAnnotations: { owner: 'web' },
    }),
    use: (chart, options) => canary(chart, [api.CanaryStep.setWeight(20), api.CanaryStep.pause()]).addBackgroundAnalysis(options),
  },
  {
    name: 'Rollout.notify() arguments',
    params: ['trigger', 'service', 'recipients'],
    make: chart => {
      new api.ArgoRollouts(chart, 'install', { notifications: true, notificationOptions: { services: [slack()] } });
      return [api.SubscriptionTrigger.ROLLOUT_COMPLETED, slack(), api.NotificationRecipients.slackChannels('deploys')];
    },
    use: (chart, [trigger, service, recipients]) => canary(chart, [api.CanaryStep.setWeight(20)]).notify(trigger, service, recipients),
  },
  {
    name: 'RolloutBudget.forApp() arguments',
    params: ['scope', 'budget'],
    make: chart => [chart, { pods: 12, cpu: '4', memory: '8Gi' }],
    use: (chart, [scope, budget]) => {
      api.RolloutBudget.forApp(scope, budget);
      canary(chart, [api.CanaryStep.setWeight(20)]);
    },
  },
  // canary steps
  {
    name: 'CanaryStep.setWeight() arguments',
    params: ['weight', 'options'],
    make: () => [20, { maxTrafficWeight: 100 }],
    use: (chart, [weight, options]) => canary(chart, [api.CanaryStep.setWeight(weight, options)]),
  },
  {
    name: 'CanaryStep.pause() arguments',
    params: ['duration'],
    make: () => [Duration.seconds(30)],
    use: (chart, [duration]) => canary(chart, [api.CanaryStep.pause(duration)]),
  },
  {
    name: 'CanaryStep.canaryScale() options (replicas)',
    make: () => ({ replicas: 2 }),
    use: (chart, options) => canary(chart, [api.CanaryStep.canaryScale(options)], [api.TrafficRouting.istio()]),
  },
  {
    name: 'CanaryStep.canaryScale() options (weight)',
    make: () => ({ weight: 20 }),
    use: (chart, options) => canary(chart, [api.CanaryStep.canaryScale(options)], [api.TrafficRouting.istio()]),
  },
  {
    name: 'CanaryStep.progression() options',
    make: () => ({ weights: [20, 40, 60], pause: Duration.seconds(30), indefinitePauseAfter: [20] }),
    use: (chart, options) => canary(chart, api.CanaryStep.progression(options)),
  },
  {
    name: 'CanaryStep.setHeaderRoute() arguments',
    params: ['route', 'matches'],
    make: () => [api.ManagedRoute.named('header'), [
      { headerName: 'x-canary', headerValue: api.StringMatch.exact('yes') },
      { headerName: 'x-beta', headerValue: api.StringMatch.prefix('b') },
    ]],
    use: (chart, [route, matches]) => canary(chart,
      [api.CanaryStep.setWeight(20), api.CanaryStep.setHeaderRoute(route, matches)], [api.TrafficRouting.istio()]),
  },
  {
    name: 'CanaryStep.setMirrorRoute() arguments',
    params: ['route', 'options'],
    make: () => [api.ManagedRoute.named('mirror'), {
      matches: [
        { method: api.StringMatch.exact('GET'), path: api.StringMatch.prefix('/api'), headers: { 'x-mirror': api.StringMatch.exact('yes') } },
        { path: api.StringMatch.regex('/v[0-9]+') },
      ],
      percentage: 50,
    }],
    use: (chart, [route, options]) => canary(chart,
      [api.CanaryStep.setWeight(20), api.CanaryStep.setMirrorRoute(route, options)], [api.TrafficRouting.istio()]),
  },
  {
    name: 'CanaryStep.analysis() options',
    make: chart => ({
      templates: [template(chart)],
      args: [api.AnalysisArg.value('service', 'web')],
      dryRunMetrics: ['success'],
      measurementRetention: { success: 5 },
      analysisRunLabels: { team: 'web' },
      analysisRunAnnotations: { owner: 'web' },
    }),
    use: (chart, options) => canary(chart, [api.CanaryStep.setWeight(20), api.CanaryStep.analysis(options)]),
  },
  {
    name: 'CanaryStep.experiment() options',
    make: chart => ({
      templates: [{ name: 'canary', specRef: api.ExperimentSpecRef.CANARY, replicas: 1, weight: 10, labels: { role: 'exp' }, service: true }],
      duration: Duration.minutes(5),
      analyses: [{ name: 'check', template: template(chart), args: [api.AnalysisArg.value('service', 'web')], requiredForCompletion: true }],
      dryRunMetrics: ['success'],
      analysisRunLabels: { team: 'web' },
      scaleDownDelay: Duration.seconds(30),
    }),
    use: (chart, options) => canary(chart, [api.CanaryStep.experiment(options)], [api.TrafficRouting.istio()]),
  },
  {
    name: 'CanaryStep.plugin() arguments',
    params: ['name', 'config', 'controllerPlugin'],
    make: () => ['argoproj-labs/step', { message: 'hello', retries: 3, targets: [{ name: 'a', weight: 1 }] }, stepPlugin()],
    use: (chart, [name, config, plugin]) => canary(chart, [api.CanaryStep.plugin(name, config, plugin)]),
  },
  {
    name: 'CanaryStep.combined() arguments',
    params: ['steps'],
    make: () => [[api.CanaryStep.canaryScale({ replicas: 1 }), api.CanaryStep.setHeaderRoute(api.ManagedRoute.named('header'),
      [{ headerName: 'x-canary', headerValue: api.StringMatch.exact('yes') }])]],
    use: (chart, [steps]) => canary(chart, [api.CanaryStep.combined(steps)], [api.TrafficRouting.istio()]),
  },
  // traffic routers
  {
    name: 'TrafficRouting.istio() options (defined VirtualService)',
    make: () => ({
      hosts: ['web.example.com'],
      gateways: ['istio-system/public'],
      virtualServiceName: 'web-vsvc',
      destinationRuleName: 'web-destrule',
      apiVersion: 'networking.istio.io/v1beta1',
    }),
    use: (chart, options) => routed(chart, api.TrafficRouting.istio(options)),
  },
  {
    name: 'TrafficRouting.istio() options (own VirtualServices)',
    make: () => ({
      virtualServices: [
        { object: api.RouterObject.fromName('web-vsvc'), routes: ['primary', 'secondary'] },
        { object: api.RouterObject.fromName('web-tls'), tlsRoutes: [{ port: 443, sniHosts: ['web.example.com'] }], tcpRoutePorts: [8443] },
      ],
    }),
    use: (chart, options) => routed(chart, api.TrafficRouting.istio(options)),
  },
  {
    name: 'TrafficRouting.istio() options (subsets)',
    make: () => ({ subsets: { host: 'web', canarySubsetName: 'canary', stableSubsetName: 'stable' } }),
    use: (chart, options) => routed(chart, api.TrafficRouting.istio(options)),
  },
  {
    name: 'TrafficRouting.nginx() options (defined Ingress)',
    make: () => ({
      host: 'web.example.com',
      path: '/',
      pathType: kplus.HttpIngressPathType.PREFIX,
      ingressClassName: 'nginx',
      annotations: { 'cert-manager.io/cluster-issuer': 'letsencrypt' },
      name: 'web-ingress',
      annotationPrefix: 'nginx.ingress.kubernetes.io',
      additionalIngressAnnotations: { 'canary-by-header': 'x-canary' },
      canaryIngressAnnotations: { 'x-team': 'web' },
      servicePort: 8080,
    }),
    use: (chart, options) => routed(chart, api.TrafficRouting.nginx(options)),
  },
  {
    name: 'TrafficRouting.nginx() options (own Ingresses)',
    make: () => ({ stableIngresses: [api.RouterObject.fromName('web'), api.RouterObject.fromName('web-internal')] }),
    use: (chart, options) => routed(chart, api.TrafficRouting.nginx(options)),
  },
  {
    name: 'TrafficRouting.alb() options',
    make: () => ({
      host: 'web.example.com',
      ingressClassName: 'alb',
      servicePort: 8080,
      annotationPrefix: 'alb.ingress.kubernetes.io',
      stickiness: Duration.minutes(5),
    }),
    use: (chart, options) => routed(chart, api.TrafficRouting.alb(options)),
  },
  {
    name: 'TrafficRouting.alb() options (own Ingresses)',
    make: () => ({ ingresses: [api.RouterObject.fromName('web')], rootService: 'web-root' }),
    use: (chart, options) => routed(chart, api.TrafficRouting.alb(options)),
  },
  {
    name: 'TrafficRouting.smi() options',
    make: () => ({ rootService: 'web', trafficSplitName: 'web-split', apiVersion: 'split.smi-spec.io/v1alpha2' }),
    use: (chart, options) => routed(chart, api.TrafficRouting.smi(options)),
  },
  {
    name: 'TrafficRouting.ambassador() options',
    make: () => ({ mappingName: 'web', prefix: '/web/', rewrite: '/', host: 'web.example.com', resolver: 'endpoint', servicePort: 8080 }),
    use: (chart, options) => routed(chart, api.TrafficRouting.ambassador(options)),
  },
  {
    name: 'TrafficRouting.ambassador() options (own Mappings)',
    make: () => ({ mappings: [api.RouterObject.fromName('web'), api.RouterObject.fromName('web-admin')] }),
    use: (chart, options) => routed(chart, api.TrafficRouting.ambassador(options)),
  },
  {
    name: 'TrafficRouting.traefik() options',
    make: () => ({ weightedTraefikService: api.RouterObject.fromName('web-wts'), apiVersion: 'traefik.io/v1alpha1', servicePort: 8080 }),
    use: (chart, options) => routed(chart, api.TrafficRouting.traefik(options)),
  },
  {
    name: 'TrafficRouting.apisix() options',
    make: () => ({ routeName: 'web', ruleName: 'web-rule', hosts: ['web.example.com'], paths: ['/*'], methods: ['GET', 'POST'], servicePort: 8080 }),
    use: (chart, options) => routed(chart, api.TrafficRouting.apisix(options)),
  },
  {
    name: 'TrafficRouting.apisix() options (own route)',
    make: () => ({ route: api.RouterObject.fromName('web'), rules: ['web-rule'] }),
    use: (chart, options) => routed(chart, api.TrafficRouting.apisix(options)),
  },
  {
    name: 'TrafficRouting.appMesh() options',
    make: () => ({
      virtualServiceName: 'web',
      virtualRouterName: 'web-router',
      canaryVirtualNodeName: 'web-canary',
      stableVirtualNodeName: 'web-stable',
      routes: ['primary'],
      servicePort: 8080,
      containerPort: 8080,
      namespace: 'web',
    }),
    use: (chart, options) => routed(chart, api.TrafficRouting.appMesh(options)),
  },
  {
    name: 'TrafficRouting.appMesh() options (own objects)',
    make: () => ({
      virtualService: api.RouterObject.fromName('web'),
      canaryVirtualNode: api.RouterObject.fromName('web-canary'),
      stableVirtualNode: api.RouterObject.fromName('web-stable'),
    }),
    use: (chart, options) => routed(chart, api.TrafficRouting.appMesh(options)),
  },
  {
    name: 'TrafficRouting.gatewayApi() options',
    make: () => ({
      gatewayName: 'public',
      gatewayNamespace: 'infra',
      hostnames: ['web.example.com'],
      namespace: 'web',
      servicePort: 8080,
      controllerPlugin: gatewayPlugin(),
    }),
    use: (chart, options) => routed(chart, api.TrafficRouting.gatewayApi(options)),
  },
  {
    name: 'TrafficRouting.gatewayApi() options (own routes)',
    make: () => ({
      httpRoutes: [api.RouterObject.fromName('web-http')],
      grpcRoutes: [api.RouterObject.fromName('web-grpc')],
      tcpRoutes: [api.RouterObject.fromName('web-tcp')],
      controllerPlugin: gatewayPlugin(),
    }),
    use: (chart, options) => routed(chart, api.TrafficRouting.gatewayApi(options)),
  },
  {
    name: 'TrafficRouting.plugin() arguments',
    params: ['name', 'options'],
    make: () => ['argoproj-labs/router', {
      config: { routes: ['primary'], weights: { stable: 90, canary: 10 }, debug: true },
      controllerPlugin: routerPlugin(),
      providerPermissions: api.ProviderPermissions.custom('router', [{ apiGroups: ['example.com'], resources: ['routes'], verbs: ['get', 'update'] }]),
      requiresStableAndCanaryServices: true,
    }],
    use: (chart, [name, options]) => routed(chart, api.TrafficRouting.plugin(name, options)),
  },
  // analysis
  {
    name: 'new AnalysisTemplate() props',
    make: () => ({
      args: [api.AnalysisTemplateArg.required('service'), api.AnalysisTemplateArg.withDefault('window', '5m')],
      metrics: [{
        name: 'success',
        provider: api.MetricProvider.web({ url: 'https://metrics.example.com/{{args.service}}', headers: { accept: 'application/json' } }),
        interval: Duration.minutes(1),
        initialDelay: Duration.seconds(30),
        count: 3,
        failureLimit: 1,
        inconclusiveLimit: 1,
        consecutiveErrorLimit: 2,
        consecutiveSuccessLimit: 1,
        measurementRetention: 5,
        dryRun: false,
        condition: api.Condition.resultAtLeast(1),
      }],
    }),
    use: (chart, props) => new api.AnalysisTemplate(chart, 'template', props),
  },
  {
    name: 'new ClusterAnalysisTemplate() props',
    make: () => ({
      metadata: { name: 'success-rate', labels: { team: 'web' }, annotations: { owner: 'web' } },
      metrics: [{
        name: 'up',
        provider: api.MetricProvider.prometheus({ address: 'http://prometheus:9090', query: 'up' }),
        count: 1,
        condition: api.Condition.resultAtLeast(1),
      }],
    }),
    use: (chart, props) => new api.ClusterAnalysisTemplate(chart, 'template', props),
  },
  {
    name: 'StrategyService.define() options',
    make: () => ({
      name: 'web-canary',
      port: 8080,
      protocol: kplus.Protocol.TCP,
      serviceType: kplus.ServiceType.CLUSTER_IP,
      labels: { role: 'canary' },
      annotations: { owner: 'web' },
    }),
    use: (chart, options) => new api.Rollout(chart, 'rollout', {
      containers: [container],
      strategy: api.RolloutStrategy.canary({
        canaryService: api.StrategyService.define(options),
        trafficRouting: [api.TrafficRouting.istio()],
        steps: [api.CanaryStep.setWeight(20)],
      }),
    }),
  },
  {
    name: 'MetricAuthentication.sigv4() options',
    make: () => ({ region: 'eu-west-1', profile: 'amp', roleArn: 'arn:aws:iam::123456789012:role/amp' }),
    use: (chart, options) => measured(chart, api.MetricProvider.prometheus({
      query: 'up', address: 'https://aps-workspaces.eu-west-1.amazonaws.com/workspaces/ws-1', authentication: api.MetricAuthentication.sigv4(options),
    })),
  },
  {
    name: 'ControllerPlugin.trafficRouter() options',
    make: () => ({ name: 'argoproj-labs/router', location: 'https://example.com/router', sha256: 'a'.repeat(64), args: ['--debug'] }),
    use: (chart, options) => new api.ArgoRollouts(chart, 'install', { plugins: [api.ControllerPlugin.trafficRouter(options)] }),
  },
  {
    name: 'new ArgoRolloutsNotifications() props',
    make: () => ({
      namespace: 'argo-rollouts',
      services: [slack()],
      triggers: [{ name: 'on-degraded', condition: "rollout.status.phase == 'Degraded'", templates: ['degraded'] }],
      templates: [{ name: 'degraded', message: 'Rollout {{.rollout.metadata.name}} is degraded', services: { slack: { attachments: [{ color: 'red' }] } } }],
    }),
    use: (chart, props) => new api.ArgoRolloutsNotifications(chart, 'notifications', props),
  },
  {
    name: 'new AnalysisRun() props',
    make: chart => ({
      metadata: { labels: { team: 'web' } },
      templates: [template(chart)],
      args: [api.AnalysisTemplateArg.withDefault('service', 'web')],
      ttlAfterCompletion: Duration.hours(1),
      ttlAfterSuccess: Duration.hours(1),
      ttlAfterFailure: Duration.hours(2),
      terminate: false,
    }),
    use: (chart, props) => new api.AnalysisRun(chart, 'run', props),
  },
  {
    name: 'RequestMetricsTemplates.successRate() options',
    make: () => ({
      source: api.RequestMetricsSource.ISTIO,
      prometheusAddress: 'http://prometheus:9090',
      window: Duration.minutes(5),
      interval: Duration.minutes(1),
      count: 5,
      failureLimit: 1,
      name: 'success-rate',
      minSuccessRate: 0.99,
    }),
    use: (chart, options) => api.RequestMetricsTemplates.successRate(chart, 'success', options),
  },
  {
    name: 'Condition.resultAtLeast() arguments',
    params: ['threshold', 'options'],
    make: () => [0.95, { onEmpty: api.EmptyResultPolicy.FAIL }],
    use: (chart, [threshold, options]) => measured(chart, api.MetricProvider.prometheus({ query: 'up' }), {
      count: 1, condition: api.Condition.resultAtLeast(threshold, options),
    }),
  },
  {
    name: 'MetricProvider.prometheus() options',
    make: () => ({
      query: 'sum(up)',
      address: 'https://aps-workspaces.eu-west-1.amazonaws.com/workspaces/ws-1',
      timeout: Duration.seconds(30),
      insecure: false,
      headers: { 'x-scope': 'web' },
      authentication: api.MetricAuthentication.sigv4({ region: 'eu-west-1', roleArn: 'arn:aws:iam::123456789012:role/amp' }),
      rangeQuery: { start: 'now() - duration("5m")', end: 'now()', step: Duration.minutes(1) },
    }),
    use: (chart, options) => measured(chart, api.MetricProvider.prometheus(options)),
  },
  {
    name: 'MetricAuthentication.oauth2() options',
    make: () => ({ tokenUrl: 'https://auth.example.com/token', clientId: 'rollouts', clientSecret: '$client-secret', scopes: ['metrics:read'] }),
    use: (chart, options) => measured(chart, api.MetricProvider.prometheus({
      query: 'sum(up)', address: 'https://prometheus.example.com', authentication: api.MetricAuthentication.oauth2(options),
    })),
  },
  {
    name: 'MetricProvider.datadogQuery() options',
    make: () => ({ query: 'avg:errors{service:web}', interval: Duration.minutes(5), secretName: 'datadog', secretNamespaced: true }),
    use: (chart, options) => measured(chart, api.MetricProvider.datadogQuery(options)),
  },
  {
    name: 'MetricProvider.datadogQueries() options',
    make: () => ({ queries: { errors: 'sum:errors{service:web}', total: 'sum:requests{service:web}' }, formula: 'errors / total', aggregator: api.DatadogAggregator.SUM }),
    use: (chart, options) => measured(chart, api.MetricProvider.datadogQueries(options)),
  },
  {
    name: 'MetricProvider.newRelic() options',
    make: () => ({ query: "FROM Transaction SELECT percentage(count(*), WHERE error is false) AS successRate WHERE appName = 'web'", profile: 'newrelic', timeout: Duration.seconds(30) }),
    use: (chart, options) => measured(chart, api.MetricProvider.newRelic(options), { count: 1, successCondition: 'result.successRate >= 0.95' }),
  },
  {
    name: 'MetricProvider.wavefront() options',
    make: () => ({ address: 'example.wavefront.com', query: 'ts(errors)' }),
    use: (chart, options) => measured(chart, api.MetricProvider.wavefront(options)),
  },
  {
    name: 'MetricProvider.kayenta() options',
    make: () => ({
      address: 'http://kayenta:8090',
      application: 'web',
      canaryConfigName: 'web-canary',
      metricsAccountName: 'prometheus',
      configurationAccountName: 'config',
      storageAccountName: 'storage',
      threshold: { passScore: 95, marginalScore: 75 },
      scopes: [{
        name: 'default',
        controlScope: { scope: 'app=web-stable', region: 'eu-west-1', step: Duration.minutes(1), start: '{{args.start-time}}', end: '{{args.end-time}}' },
        experimentScope: { scope: 'app=web-canary', region: 'eu-west-1', step: Duration.minutes(1), start: '{{args.start-time}}', end: '{{args.end-time}}' },
      }],
      lookback: true,
    }),
    use: (chart, options) => measured(chart, api.MetricProvider.kayenta(options), { count: 1, successCondition: 'result.score >= 95' }),
  },
  {
    name: 'MetricProvider.web() options',
    make: () => ({
      url: 'https://metrics.example.com/health',
      method: api.WebMethod.POST,
      headers: { 'content-type': 'application/json' },
      jsonBody: { service: 'web', window: { minutes: 5 }, tags: ['a', 'b'] },
      jsonPath: '{$.ok}',
      timeout: Duration.seconds(10),
      insecure: false,
    }),
    use: (chart, options) => measured(chart, api.MetricProvider.web(options)),
  },
  {
    name: 'MetricProvider.job() options',
    make: () => ({
      containers: [{ name: 'smoke', image: 'curlimages/curl:8.8.0', command: ['curl', '-fsS', 'http://web/health'] }],
      backoffLimit: 1,
      activeDeadline: Duration.minutes(5),
      ttlAfterFinished: Duration.minutes(10),
      serviceAccountName: 'smoke',
      labels: { job: 'smoke' },
      annotations: { owner: 'web' },
      podLabels: { job: 'smoke' },
      podAnnotations: { owner: 'web' },
      restartPolicy: kplus.RestartPolicy.NEVER,
    }),
    use: (chart, options) => measured(chart, api.MetricProvider.job(options), { count: 1 }),
  },
  {
    name: 'MetricProvider.cloudWatch() options',
    make: () => ({
      interval: Duration.minutes(5),
      metricDataQueries: [
        {
          id: 'errors',
          metricStat: {
            metric: { namespace: 'AWS/ApplicationELB', metricName: 'HTTPCode_Target_5XX_Count', dimensions: { LoadBalancer: 'app/web/123' } },
            period: Duration.minutes(5),
            stat: 'Sum',
            unit: 'Count',
          },
          returnData: false,
        },
        { id: 'rate', expression: 'errors / 100', label: 'error rate', period: Duration.minutes(5), returnData: true },
      ],
    }),
    use: (chart, options) => measured(chart, api.MetricProvider.cloudWatch(options), { count: 1, successCondition: 'len(result[0].Values) >= 0' }),
  },
  {
    name: 'MetricProvider.graphite() options',
    make: () => ({ address: 'http://graphite:8080', query: 'target=summarize(errors, "5min", "sum")' }),
    use: (chart, options) => measured(chart, api.MetricProvider.graphite(options), { count: 1, successCondition: 'result[0] >= 0' }),
  },
  {
    name: 'MetricProvider.influxdb() options',
    make: () => ({ query: 'from(bucket: "web") |> range(start: -5m)', profile: 'influxdb' }),
    use: (chart, options) => measured(chart, api.MetricProvider.influxdb(options), { count: 1, successCondition: 'result[0] >= 0' }),
  },
  {
    name: 'MetricProvider.skywalking() options',
    make: () => ({ address: 'http://skywalking:12800', query: 'query queryData($duration: Duration!) { x }', interval: Duration.minutes(5) }),
    use: (chart, options) => measured(chart, api.MetricProvider.skywalking(options), { count: 1, successCondition: 'result >= 0' }),
  },
  {
    name: 'MetricProvider.plugin() arguments',
    params: ['name', 'config', 'controllerPlugin'],
    make: () => ['argoproj-labs/metrics', { address: 'http://prometheus:9090', query: 'up', labels: { team: 'web' }, limits: [1, 2] }, metricPlugin()],
    use: (chart, [name, config, plugin]) => measured(chart, api.MetricProvider.plugin(name, config, plugin)),
  },
  // experiments
  {
    name: 'new Experiment() props',
    make: chart => ({
      metadata: { labels: { team: 'web' } },
      templates: [{ name: 'baseline', containers: [container], labels: { app: 'baseline' }, replicas: 1, minReady: Duration.seconds(5), service: true }],
      duration: Duration.minutes(10),
      progressDeadline: Duration.minutes(5),
      analyses: [{ name: 'check', template: template(chart), args: [api.AnalysisArg.value('service', 'web')] }],
      dryRunMetrics: ['success'],
      measurementRetention: { success: 5 },
      analysisRunLabels: { team: 'web' },
      scaleDownDelay: Duration.seconds(30),
      terminate: false,
    }),
    use: (chart, props) => new api.Experiment(chart, 'experiment', props),
  },
  // install and notifications
  {
    name: 'new ArgoRollouts() props',
    make: () => ({
      namespace: 'argo-rollouts',
      dashboard: true,
      notifications: true,
      plugins: [api.ControllerPlugin.trafficRouter({ name: 'argoproj-labs/gatewayAPI', location: 'https://example.com/plugin', args: ['--debug'] })],
      controller: {
        replicas: 2,
        maxUnavailable: kplus.PercentOrAbsolute.absolute(1),
        imagePullSecrets: ['registry'],
        extraArgs: ['--loglevel=debug'],
        env: { TZ: 'UTC' },
        nodeSelector: { 'kubernetes.io/os': 'linux' },
        podLabels: { team: 'platform' },
        priorityClassName: 'system-cluster-critical',
      },
      additionalRules: [{ apiGroups: ['example.com'], resources: ['routes'], verbs: ['get'] }],
      metrics: { serviceMonitor: true, scrapeInterval: '30s', serviceMonitorLabels: { release: 'prometheus' } },
      dashboardOptions: { readOnly: true },
    }),
    use: (chart, props) => new api.ArgoRollouts(chart, 'install', props),
  },
  {
    name: 'new ArgoRollouts() controller flags and image',
    make: () => ({
      flags: {
        logLevel: api.ControllerLogLevel.DEBUG,
        klogLevel: 2,
        instanceId: 'blue',
        rolloutResync: Duration.minutes(15),
        qps: 40,
        burst: 80,
        rolloutThreads: 10,
        leaderElect: true,
        leaderElectionLeaseDuration: Duration.seconds(15),
        albIngressClasses: ['alb'],
        nginxIngressClasses: ['nginx'],
        istioApiVersion: 'v1beta1',
      },
      image: { registry: 'quay.io', repository: 'argoproj/argo-rollouts', tag: 'v1.9.1' },
    }),
    use: (chart, controller) => new api.ArgoRollouts(chart, 'install', { controller }),
  },
  {
    name: 'ArgoRollouts.exposeDashboardViaIngress() options',
    make: () => ({
      acknowledgeNoAuthentication: true,
      host: 'rollouts.example.com',
      ingressClassName: 'nginx',
      tlsSecretName: 'rollouts-tls',
      annotations: { 'cert-manager.io/cluster-issuer': 'letsencrypt' },
    }),
    use: (chart, options) => new api.ArgoRollouts(chart, 'install', { dashboard: true }).exposeDashboardViaIngress(options),
  },
  {
    name: 'ArgoRollouts.exposeDashboardViaHttpRoute() options',
    make: () => ({ acknowledgeNoAuthentication: true, gatewayName: 'public', gatewayNamespace: 'infra', hostnames: ['rollouts.example.com'] }),
    use: (chart, options) => new api.ArgoRollouts(chart, 'install', { dashboard: true }).exposeDashboardViaHttpRoute(options),
  },
  {
    name: 'WorkloadReference.fromDeployment() arguments',
    params: ['deployment', 'options'],
    make: chart => [new kplus.Deployment(chart, 'deployment', { containers: [container] }), { scaleDown: api.WorkloadScaleDown.ON_SUCCESS }],
    use: (chart, [deployment, options]) => new api.Rollout(chart, 'rollout', {
      workloadRef: api.WorkloadReference.fromDeployment(deployment, options),
      strategy: api.RolloutStrategy.canary({ steps: [api.CanaryStep.setWeight(50)] }),
    }),
  },
  {
    name: 'new ArgoRollouts() notificationOptions',
    make: () => ({
      catalog: false,
      services: [slack(), api.NotificationService.webhook('hook', 'https://hooks.example.com/x', { headers: { 'x-team': 'web' } })],
      triggers: [{ name: 'on-degraded', condition: "rollout.status.phase == 'Degraded'", templates: ['degraded'], oncePer: 'rollout.metadata.name' }],
      templates: [{ name: 'degraded', message: 'Rollout {{.rollout.metadata.name}} is degraded', services: { slack: { attachments: [{ color: 'red', title: 'x' }] } } }],
      defaultSubscriptions: [{ recipients: ['slack:deploys'], triggers: ['on-degraded'] }],
      secret: api.NotificationSecret.fromValues({ 'slack-token': 'xoxb' }),
    }),
    use: (chart, notificationOptions) => new api.ArgoRollouts(chart, 'install', { notifications: true, notificationOptions }),
  },
  {
    name: 'new SelfServiceNotifications() props',
    make: () => ({
      namespace: 'team-a',
      services: [slack()],
      triggers: [{ name: 'on-degraded', condition: "rollout.status.phase == 'Degraded'", templates: ['degraded'] }],
      templates: [{ name: 'degraded', message: 'Rollout {{.rollout.metadata.name}} is degraded' }],
    }),
    use: (chart, props) => new api.SelfServiceNotifications(chart, 'team', props),
  },
  {
    name: 'NotificationService.custom() arguments',
    params: ['name', 'settings'],
    make: () => ['pagerduty', { token: '$pagerduty-token', nested: { level: 1, tags: ['a'] } }],
    use: (chart, [name, settings]) => new api.ArgoRollouts(chart, 'install', {
      notifications: true, notificationOptions: { services: [api.NotificationService.custom(name, settings)] },
    }),
  },
  {
    name: 'NotificationService.email() options',
    make: () => ({ host: 'smtp.example.com', port: 587, from: 'rollouts@example.com', usernameSecretKey: 'email-user', passwordSecretKey: 'email-password' }),
    use: (chart, options) => new api.ArgoRollouts(chart, 'install', { notifications: true, notificationOptions: { services: [api.NotificationService.email(options)] } }),
  },
  {
    name: 'NotificationService.gcpPubSub() arguments',
    params: ['project', 'topic', 'options'],
    make: () => ['acme', 'rollouts', { keyFileSecretKey: 'pubsub-key', attributes: { team: 'web' } }],
    use: (chart, [project, topic, options]) => new api.ArgoRollouts(chart, 'install', {
      version: api.ArgoRolloutsVersion.V1_10_0_RC1,
      notifications: true,
      notificationOptions: { services: [api.NotificationService.gcpPubSub(project, topic, options)] },
    }),
  },
  {
    name: 'ProviderPermissions.custom() arguments',
    params: ['name', 'rules'],
    make: () => ['router', [{ apiGroups: ['example.com'], resources: ['routes'], verbs: ['get', 'update'], resourceNames: ['web'] }]],
    use: (chart, [name, rules]) => new api.ArgoRollouts(chart, 'install', { providerPermissions: [api.ProviderPermissions.custom(name, rules)] }),
  },
  // Argo CD and plans (they read manifests: free-form JSON)
  {
    name: 'new ArgoCdApplication() props',
    make: () => ({
      source: { repoUrl: 'https://github.com/acme/deploy.git', path: 'dist', targetRevision: 'main', recurse: true, exclude: '*.md' },
      destination: { server: 'https://kubernetes.default.svc', namespace: 'web' },
      name: 'web',
      namespace: 'argocd',
      project: 'default',
      automated: { prune: true, selfHeal: true },
      syncOptions: ['CreateNamespace=true'],
      ignoreDifferences: [{ group: 'apps', kind: 'Deployment', jsonPointers: ['/spec/replicas'] }],
      syncWaves: true,
      waves: { crds: -3, controller: -2, prerequisites: -1, rollouts: 0 },
    }),
    use: (chart, props) => new api.ArgoCdApplication(chart, 'application', props),
  },
  {
    name: 'ArgoCdApplication.ignoreDifferencesOf() arguments',
    params: ['manifests', 'version'],
    make: () => [[rolloutManifest()], api.ArgoRolloutsVersion.V1_9_1],
    use: (_chart, [manifests, version]) => api.ArgoCdApplication.ignoreDifferencesOf(manifests, version),
  },
  {
    name: 'RolloutPlan.fromManifest() arguments',
    params: ['manifest', 'options'],
    make: () => [rolloutManifest(), { version: '1.9.1' }],
    use: (_chart, [manifest, options]) => api.RolloutPlan.fromManifest(manifest, options),
  },
  {
    name: 'RolloutPlan.nextReplicaCounts() arguments',
    params: ['rollout', 'replicaSets', 'options'],
    make: () => [rolloutManifest(), [{ metadata: { name: 'web-1', labels: { 'rollouts-pod-template-hash': 'abc' } }, spec: { replicas: 4 }, status: { availableReplicas: 4 } }], {}],
    use: (_chart, [rollout, replicaSets, options]) => api.RolloutPlan.nextReplicaCounts(rollout, replicaSets, options),
  },
];

type Path = ReadonlyArray<string | number>;

/** The plain objects and lists of a configuration (class instances are leaves). */
function isPlain(value: unknown): value is object {
  return value !== null && typeof value === 'object' && (Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype);
}

/** A cdk8s Duration, by its methods. */
function isDuration(value: unknown): boolean {
  return value !== null && typeof value === 'object' && typeof (value as any).toSeconds === 'function' && typeof (value as any).toMilliseconds === 'function';
}

/** A chain of `levels` objects, each holding the next. */
function nested(levels: number, list = false): unknown {
  let value: unknown = list ? ['end'] : { end: true };
  for (let i = 0; i < levels; i++) {
    value = list ? [value] : { level: value };
  }
  return value;
}

/** A copy of a plain object or list that also contains itself. */
function circular(value: any): unknown {
  if (Array.isArray(value)) {
    const copy: any[] = [...value];
    copy.push(copy);
    return copy;
  }
  const copy: any = { ...value };
  copy.self = copy;
  return copy;
}

/** The bad values of every field: what TypeScript would refuse whatever the field's type. */
const BAD: ReadonlyArray<[string, (valid: any) => unknown]> = [
  ['null', () => null],
  ['a number', () => 7],
  ['a string', () => 'x'],
  ['a plain object', () => ({ name: 'x', value: 1 })],
  ['an empty list', () => []],
];

/** The off-contract shapes of a field of the valid value's type. */
function shapesOf(valid: unknown): ReadonlyArray<[string, (valid: any) => unknown]> {
  const out: Array<[string, (valid: any) => unknown]> = [];
  if (typeof valid === 'number') {
    out.push(['a numeric string', () => '37']);
  }
  if (isDuration(valid)) {
    out.push(['a duration string', () => '30s']);
  }
  if (valid instanceof Date) {
    out.push(['a date string', () => '2024-01-01']);
    out.push(['an invalid Date', () => new Date('not a date')]);
  }
  if (Array.isArray(valid)) {
    out.push(['the list with null appended', v => [...v, null]]);
    out.push(['the list containing itself', v => circular(v)]);
    out.push(['the list with a list nested 1,000 levels deep', v => [...v, nested(1000, true)]]);
  } else if (isPlain(valid)) {
    out.push(['an empty object', () => ({})]);
    out.push(['the object containing itself', v => circular(v)]);
    out.push(['the object with an object nested 1,000 levels deep', v => ({ ...v, deep: nested(1000) })]);
  }
  return out;
}

/** Every field of a configuration (into plain objects and lists; class instances are leaves), as a path, with its valid value. */
function fields(value: any, path: Array<string | number> = [], out: Array<[Path, unknown]> = []): Array<[Path, unknown]> {
  if (!isPlain(value)) {
    return out;
  }
  for (const key of Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value)) {
    out.push([[...path, key], (value as any)[key]]);
    fields((value as any)[key], [...path, key], out);
  }
  return out;
}

function replaced(value: any, path: Path, bad: unknown): any {
  if (path.length === 0) return bad;
  const copy: any = Array.isArray(value) ? [...value] : { ...value };
  copy[path[0]] = replaced(value[path[0]], path.slice(1), bad);
  return copy;
}

function valueAt(value: any, path: Path): any {
  return path.reduce((v, key) => v?.[key], value);
}

/** A path as the caller reads it: `options.matches[0].headers`, or `matches[1]` for the second argument named `matches`. */
function pathName(scenario: Scenario, path: Path): string {
  const [first, ...rest] = scenario.params ? [scenario.params[path[0] as number], ...path.slice(1)] : ['', ...path];
  return rest.reduce<string>((out, key) => (typeof key === 'number' ? `${out}[${key}]` : out === '' ? key : `${out}.${key}`), first as string);
}

/**
 * Whether an error message shows the bad value faithfully: a numeric string as a string (in quotes,
 * never "got 37"), null as null (never as the string 'null').
 */
function showsFaithfully(what: string, message: string): boolean {
  if (what === 'a numeric string' && (/\bgot 37\b/.test(message) || (/\b37\b/.test(message) && !/["']37["']/.test(message)))) {
    return false;
  }
  return !/['"](null|undefined)['"]/.test(message);
}

type Case = [string, string, string, Scenario, Path, (valid: any) => unknown];
const cases: Case[] = [];
for (const scenario of SCENARIOS) {
  const paths = scenario.params ? scenario.params.map((_, i): [Path, unknown] => [[i], scenario.make(Testing.chart())[i]]) : [];
  for (const [path, valid] of [...paths, ...fields(scenario.make(Testing.chart()))].filter(([p], i, all) => all.findIndex(([q]) => q.join('.') === p.join('.')) === i)) {
    for (const [what, bad] of [...BAD, ...shapesOf(valid)]) {
      cases.push([scenario.name, pathName(scenario, path), what, scenario, path, bad]);
    }
  }
}

test('the scenarios are valid as they stand', () => {
  const errors: string[] = [];
  for (const scenario of SCENARIOS) {
    const chart = Testing.chart();
    try {
      scenario.use(chart, scenario.make(chart));
      Testing.synth(chart);
    } catch (e) {
      errors.push(`${scenario.name}: ${(e as any)?.message}`);
    }
  }
  expect(errors).toEqual([]);
});

test('a stack overflow inside the library counts as a crash', () => {
  const overflow = (n: number): number => overflow(n + 1) + 1;
  let error: unknown;
  try {
    overflow(0);
  } catch (e) {
    error = e;
  }
  expect(isCrash(error)).toBe(true);
  expect(isCrash(new Error("Failed serializing construct at path 'test/r/Resource': RangeError: Maximum call stack size exceeded"))).toBe(true);
});

function runCase(field: string, what: string, scenario: Scenario, path: Path, bad: (valid: any) => unknown): void {
  const chart = Testing.chart();
  let error: unknown;
  try {
    const valid = scenario.make(chart);
    scenario.use(chart, replaced(valid, path, bad(valueAt(valid, path))));
    Testing.synth(chart);
  } catch (e) {
    error = e;
  }
  const message = String((error as any)?.message ?? '');
  const crash = error !== undefined && isCrash(error);
  const faithful = showsFaithfully(what, message);
  // the message is shown when the case fails
  expect({ field, crash, faithful, message: crash || !faithful ? message : '' }).toEqual({ field, crash: false, faithful: true, message: '' });
}

test.each(cases)('%s: %s as %s', (_name, field, what, scenario, path, bad) => runCase(field, what, scenario, path, bad));

