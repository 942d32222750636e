// Traffic routing through Ambassador, Apache APISIX, AWS App Mesh (reproducing the upstream examples),
// Traefik and the Gateway API (no upstream example). The objects of kinds this library does not own
// (the Ambassador resolver, the App Mesh Mesh, the Traefik IngressRoute, the Gateway) are plain cdk8s
// ApiObjects.
import { ApiObject, App, Chart, Duration } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { Construct } from 'constructs';
import { httpContainer, upstreamRollout } from './common';
import {
  AnalysisTemplate, AnalysisTemplateArg, ArgoRollouts, CanaryStep, ControllerPlugin, ManagedRoute, MetricProvider, RolloutStrategy,
  StrategyService, StringMatch, TrafficRouting,
} from '../src';

// ------------------------------------------------------------------------------------------------
// Ambassador: ambassador/{rollout,echo-mapping,echo-service,resolver}.yaml
// ------------------------------------------------------------------------------------------------

/** The echo Services: ClusterIP, port 80 to the (unnamed) container port 8080. */
function echoService(name: string): StrategyService {
  return StrategyService.define({
    name,
    serviceType: kplus.ServiceType.CLUSTER_IP,
    labels: { app: 'echo' },
    ports: [{ name: 'http', port: 80, targetPort: 8080, protocol: kplus.Protocol.TCP }],
  });
}

/** Ambassador: a base Mapping the router defines, and the canary Mapping the controller creates from it. */
export function ambassador(app: Construct): Chart[] {
  const chart = new Chart(app, 'ambassador');
  // resolves Services to their endpoints, so the canary Mapping reaches the canary pods
  const resolver = new ApiObject(chart, 'resolver', { apiVersion: 'getambassador.io/v2', kind: 'KubernetesEndpointResolver', metadata: { name: 'endpoint' } });
  upstreamRollout(chart, 'echo-rollout', {
    podMetadata: { labels: { app: 'echo' } },
    containers: [{
      name: 'echo-v1',
      image: 'hashicorp/http-echo',
      args: ['-text=VERSION 1', '-listen=:8080'],
      imagePullPolicy: kplus.ImagePullPolicy.ALWAYS,
      portNumber: 8080,
    }],
    strategy: RolloutStrategy.canary({
      stableService: echoService('echo-stable'),
      canaryService: echoService('echo-canary'),
      // the base Mapping `echo`: /echo to echo-stable:80
      trafficRouting: [TrafficRouting.ambassador({ mappingName: 'echo', prefix: '/echo', rewrite: '/echo', resolver: resolver.name })],
      steps: [
        ...CanaryStep.progression({ weights: [30, 60], pause: Duration.seconds(30) }),
        CanaryStep.setWeight(100), CanaryStep.pause(Duration.seconds(10)),
      ],
    }),
  });
  return [chart];
}

// ------------------------------------------------------------------------------------------------
// Apache APISIX: apisix/{rollout,route,services}.yaml
// ------------------------------------------------------------------------------------------------

/** APISIX: weighted backends of an ApisixRoute; requests with `trace: debug` go to the canary. */
export function apisix(app: Construct): Chart[] {
  const chart = new Chart(app, 'apisix');
  const name = 'rollout-apisix-canary';
  const setHeader = ManagedRoute.named('set-header');
  upstreamRollout(chart, name, {
    replicas: 5,
    revisionHistoryLimit: 2,
    containers: [httpContainer('rollouts-demo', 'argoproj/rollouts-demo:blue', 8080, 32)],
    strategy: RolloutStrategy.canary({
      // rollout-apisix-canary-stable and -canary, port 80
      stableService: StrategyService.define({ port: 80 }),
      canaryService: StrategyService.define({ port: 80 }),
      trafficRouting: [TrafficRouting.apisix({
        routeName: 'rollouts-apisix-route',
        ruleName: 'rollouts-apisix',
        hosts: ['rollouts-demo.apisix.local'],
        methods: ['GET', 'POST', 'PUT', 'DELETE', 'PATCH'],
      })],
      steps: [
        // scale the canary up and route header-matched requests to it, in one step
        CanaryStep.combined([
          CanaryStep.canaryScale({ replicas: 1 }),
          CanaryStep.setHeaderRoute(setHeader, [{ headerName: 'trace', headerValue: StringMatch.exact('debug') }]),
        ]),
        CanaryStep.pause(),
        ...CanaryStep.progression({ weights: [20, 40, 60, 80], pause: Duration.seconds(15), indefinitePauseAfter: [20] }),
      ],
    }),
  });
  return [chart];
}

// ------------------------------------------------------------------------------------------------
// AWS App Mesh: appmesh/{canary-service,canary-rollout}.yaml
// ------------------------------------------------------------------------------------------------

const MESH = 'argo-examples';

/** The mesh and its namespace: cluster-scoped, in a chart without a namespace. */
class AppMeshClusterChart extends Chart {
  constructor(scope: Construct) {
    super(scope, 'appmesh-cluster');
    new ApiObject(this, 'mesh', {
      apiVersion: 'appmesh.k8s.aws/v1beta2',
      kind: 'Mesh',
      metadata: { name: MESH },
      spec: { namespaceSelector: { matchLabels: { mesh: MESH } } },
    });
    new kplus.k8s.KubeNamespace(this, 'namespace', {
      metadata: { name: MESH, labels: { 'mesh': MESH, 'appmesh.k8s.aws/sidecarInjectorWebhook': 'enabled' } },
    });
  }
}

/** The load tester: a VirtualNode whose backend is the VirtualService my-svc, and its Deployment. */
function wrkTester(scope: Construct, virtualService: string) {
  const labels = { app: 'wrk-tester' };
  new ApiObject(scope, 'wrk-tester-node', {
    apiVersion: 'appmesh.k8s.aws/v1beta2',
    kind: 'VirtualNode',
    metadata: { name: 'wrk-tester' },
    spec: { podSelector: { matchLabels: labels }, backends: [{ virtualService: { virtualServiceRef: { name: virtualService } } }] },
  });
  new kplus.k8s.KubeDeployment(scope, 'wrk-tester', {
    metadata: { name: 'wrk-tester', labels },
    spec: {
      replicas: 1,
      selector: { matchLabels: labels },
      template: {
        metadata: { name: 'wrk-tester', labels },
        spec: {
          containers: [{
            name: 'wrk',
            image: 'argoproj/load-tester:latest',
            command: ['/bin/sh', '-c', '-x',
              `while true; do wrk -t10 -c40 -d2m -s report.lua http://${virtualService}.${MESH}/color; `
              + "jq -e '.errors_ratio <= 0.35 and .latency_avg_ms < 100' report.json; done"],
          }],
        },
      },
    },
  });
}

/** App Mesh: the router defines the VirtualService my-svc, the VirtualRouter my-vrouter and the two VirtualNodes. */
export function appMesh(app: Construct): Chart[] {
  const cluster = new AppMeshClusterChart(app);
  const chart = new Chart(app, 'appmesh', { namespace: MESH });
  chart.addDependency(cluster);
  // resolves the initial DNS requests of the app containers for the VirtualService
  new kplus.k8s.KubeService(chart, 'my-svc', {
    metadata: { name: 'my-svc' },
    spec: { ports: [{ port: 80, targetPort: kplus.k8s.IntOrString.fromString('http'), protocol: 'TCP', name: 'http' }], selector: { app: 'my-app' } },
  });
  // the virtual nodes discover the pods through headless Services
  const service = (name: string) => StrategyService.define({ name, port: 80, protocol: kplus.Protocol.TCP, headless: true });
  upstreamRollout(chart, 'my-rollout', {
    replicas: 4,
    podMetadata: { labels: { app: 'my-app' } },
    containers: [{ name: 'demo', image: 'argoproj/rollouts-demo:blue', imagePullPolicy: kplus.ImagePullPolicy.ALWAYS, ports: [{ name: 'http', number: 8080 }] }],
    strategy: RolloutStrategy.canary({
      stableService: service('my-svc-stable'),
      canaryService: service('my-svc-canary'),
      trafficRouting: [TrafficRouting.appMesh({
        virtualServiceName: 'my-svc',
        virtualRouterName: 'my-vrouter',
        canaryVirtualNodeName: 'my-vn-canary',
        stableVirtualNodeName: 'my-vn-stable',
        containerPort: 8080,
        namespace: MESH,
      })],
      steps: CanaryStep.progression({ weights: [25, 50, 75], pause: Duration.minutes(10), indefinitePauseAfter: [25] }),
    }),
  });
  wrkTester(chart, 'my-svc');
  // the success rate the wrk tester sees, for an analysis (upstream leaves it unused, commented out)
  new AnalysisTemplate(chart, 'success-rate', {
    metadata: { name: 'success-rate' },
    args: [AnalysisTemplateArg.required('envoy_cluster_name')],
    metrics: [{
      name: 'success-rate',
      interval: Duration.minutes(5),
      successCondition: 'result[0] >= 0.99',
      failureLimit: 3,
      provider: MetricProvider.prometheus({
        address: 'http://appmesh-prometheus.appmesh-system:9090',
        query: 'sum(irate(envoy_cluster_upstream_rq_xx{app="wrk-tester",envoy_cluster_name="{{args.envoy_cluster_name}}",envoy_response_code_class!~"5.*"}[5m])) /\n'
          + 'sum(irate(envoy_cluster_upstream_rq_xx{app="wrk-tester",envoy_cluster_name="{{args.envoy_cluster_name}}"}[5m]))\n',
      }),
    }],
  });
  return [cluster, chart];
}

// ------------------------------------------------------------------------------------------------
// Traefik (no upstream example)
// ------------------------------------------------------------------------------------------------

/** Traefik: an IngressRoute to the weighted TraefikService the router defines. */
export function traefik(app: Construct): Chart[] {
  const chart = new Chart(app, 'traefik');
  const rollout = upstreamRollout(chart, 'web', {
    replicas: 3,
    revisionHistoryLimit: 2,
    containers: [httpContainer('web', 'argoproj/rollouts-demo:blue', 8080, 32)],
    strategy: RolloutStrategy.canary({
      // web-stable, web-canary, and the TraefikService web-traefik-service weighing them 100/0
      stableService: StrategyService.define({ port: 80 }),
      canaryService: StrategyService.define({ port: 80 }),
      // Traefik v3 objects (traefik.io), as the IngressRoute below; the controller looks for them there by default
      // from Argo Rollouts 1.10, before that with flags: { traefikApiGroup: 'traefik.io', traefikApiVersion: 'traefik.io/v1alpha1' }
      trafficRouting: [TrafficRouting.traefik({ apiVersion: 'traefik.io/v1alpha1' })],
      steps: CanaryStep.progression({ weights: [10, 30, 60], pause: Duration.minutes(2), indefinitePauseAfter: [10] }),
    }),
  });
  new ApiObject(chart, 'ingress-route', {
    apiVersion: 'traefik.io/v1alpha1',
    kind: 'IngressRoute',
    metadata: { name: 'web' },
    spec: {
      entryPoints: ['web'],
      routes: [{ match: 'Host(`web.example.com`)', kind: 'Rule', services: [{ name: `${rollout.name}-traefik-service`, kind: 'TraefikService' }] }],
    },
  });
  return [chart];
}

// ------------------------------------------------------------------------------------------------
// Gateway API (no upstream example)
// ------------------------------------------------------------------------------------------------

/** Where the controller downloads the Gateway API plugin (a placeholder: use the plugin's release URL and its sha256). */
export const GATEWAY_API_PLUGIN_LOCATION = 'https://example.invalid/argoproj-labs/rollouts-plugin-trafficrouter-gatewayapi/v0.5.0/gatewayapi-plugin-linux-amd64';

/**
 * The Gateway API through the `argoproj-labs/gatewayAPI` plugin: the router defines the HTTPRoute
 * web-http-route on the Gateway `public`, and the install in the same app gets the plugin entry and
 * the Gateway API permissions.
 */
export function gatewayApi(app: Construct): Chart[] {
  const platform = new Chart(app, 'gateway-api-platform');
  new ArgoRollouts(platform, 'argo-rollouts');
  new ApiObject(platform, 'gateway', {
    apiVersion: 'gateway.networking.k8s.io/v1',
    kind: 'Gateway',
    metadata: { name: 'public', namespace: 'default' },
    spec: {
      gatewayClassName: 'example',
      listeners: [{ name: 'http', protocol: 'HTTP', port: 80, hostname: 'web.example.com', allowedRoutes: { namespaces: { from: 'Same' } } }],
    },
  });

  const chart = new Chart(app, 'gateway-api', { namespace: 'default' });
  chart.addDependency(platform);
  upstreamRollout(chart, 'web', {
    replicas: 3,
    revisionHistoryLimit: 2,
    containers: [httpContainer('web', 'argoproj/rollouts-demo:blue', 8080, 32)],
    strategy: RolloutStrategy.canary({
      stableService: StrategyService.define({ port: 80 }),
      canaryService: StrategyService.define({ port: 80 }),
      trafficRouting: [TrafficRouting.gatewayApi({
        gatewayName: 'public',
        hostnames: ['web.example.com'],
        controllerPlugin: ControllerPlugin.trafficRouter({ name: 'argoproj-labs/gatewayAPI', location: GATEWAY_API_PLUGIN_LOCATION }),
      })],
      steps: CanaryStep.progression({ weights: [10, 30, 60], pause: Duration.minutes(2), indefinitePauseAfter: [10] }),
    }),
  });
  return [platform, chart];
}

if (require.main === module) {
  const app = new App();
  for (const define of [ambassador, apisix, appMesh, traefik, gatewayApi]) {
    define(app);
  }
  app.synth();
}
