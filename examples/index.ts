// Every example app, by name: `npm run examples` synthesizes each into dist/examples/<name>/,
// and the tests synthesize and check each one.
import { Chart } from 'cdk8s';
import { Construct } from 'constructs';
import { analysisStep, backgroundAnalysis, baselineVsCanary, demoTemplates, experimentStep, experimentWithAnalysis, secretAnalysis } from './analysis';
import { AnalysisProvidersChart } from './analysis-providers';
import { BlueGreenChart } from './blue-green';
import { GettingStartedChart } from './getting-started';
import { defineInstall } from './install';
import { albExperimentStep, istioExperimentStep, smiExperimentStep } from './routing-experiments';
import { albGettingStarted, mixedGettingStarted, nginxGettingStarted, smiGettingStarted } from './routing-ingress';
import { istioGettingStarted, istioGettingStartedSingle, istioMirror, istioSubsetSplit } from './routing-istio';
import { ambassador, apisix, appMesh, gatewayApi, traefik } from './routing-mesh';
import { WorkloadRefChart } from './workload-ref';

/** An example app: a name and the function that defines its charts in an App. */
export interface ExampleApp {
  readonly name: string;
  readonly description: string;
  define(app: Construct): Chart[];
}

export const EXAMPLES: ExampleApp[] = [
  { name: 'install', description: 'Argo Rollouts (the app\'s release): CRDs in their own chart, controller, dashboard, notifications', define: defineInstall },
  { name: 'getting-started', description: 'canary demo of the getting-started guide', define: app => [new GettingStartedChart(app)] },
  { name: 'blue-green', description: 'blue-green with a manual promotion gate', define: app => [new BlueGreenChart(app)] },
  { name: 'workload-ref', description: 'Rollout that runs the pod template of a Deployment', define: app => [new WorkloadRefChart(app)] },
  { name: 'analysis-templates', description: 'job-based AnalysisTemplates and a ClusterAnalysisTemplate', define: demoTemplates },
  { name: 'analysis-step', description: 'canary with an analysis step', define: analysisStep },
  { name: 'background-analysis', description: 'canary with background analysis', define: backgroundAnalysis },
  { name: 'experiment-step', description: 'canary with an experiment step and an analysis', define: experimentStep },
  { name: 'baseline-vs-canary', description: 'experiment step: baseline and canary side by side', define: baselineVsCanary },
  { name: 'experiment-with-analysis', description: 'a stand-alone Experiment with analyses', define: experimentWithAnalysis },
  { name: 'secret-analysis', description: 'an analysis argument read from a Secret', define: secretAnalysis },
  { name: 'analysis-providers', description: 'every metric provider; blue-green with pre- and post-promotion analysis', define: app => [new AnalysisProvidersChart(app)] },
  { name: 'istio-subset-split', description: 'Istio: subset-level split with a DestinationRule', define: istioSubsetSplit },
  { name: 'istio-mirror', description: 'Istio: host-level split through a Gateway, with a mirror route', define: istioMirror },
  { name: 'istio-getting-started', description: 'Istio guide: two VirtualServices with TLS routes, and a Gateway', define: istioGettingStarted },
  { name: 'istio-getting-started-single', description: 'Istio guide with one VirtualService, defined by the router', define: istioGettingStartedSingle },
  { name: 'nginx-getting-started', description: 'NGINX guide: the stable Ingress the controller copies for the canary', define: nginxGettingStarted },
  { name: 'alb-getting-started', description: 'ALB guide: a root Service and the Ingress of the AWS Load Balancer Controller', define: albGettingStarted },
  { name: 'smi-getting-started', description: 'SMI guide: Linkerd TrafficSplit, an NGINX Ingress in front', define: smiGettingStarted },
  { name: 'mixed-getting-started', description: 'NGINX and SMI routing one Rollout', define: mixedGettingStarted },
  { name: 'ambassador', description: 'Ambassador: a base Mapping with an endpoint resolver', define: ambassador },
  { name: 'apisix', description: 'Apache APISIX: weighted ApisixRoute backends and a header route', define: apisix },
  { name: 'appmesh', description: 'AWS App Mesh: VirtualService, VirtualRouter, VirtualNodes, a load tester', define: appMesh },
  { name: 'traefik', description: 'Traefik: a weighted TraefikService behind an IngressRoute', define: traefik },
  { name: 'gateway-api', description: 'Gateway API plugin: an HTTPRoute, and the install that loads the plugin', define: gatewayApi },
  { name: 'istio-experiment-step', description: 'Istio: an experiment step with 20% of the traffic', define: istioExperimentStep },
  { name: 'alb-experiment-step', description: 'ALB: an experiment step with 20% of the traffic', define: albExperimentStep },
  { name: 'smi-experiment-step', description: 'SMI: an experiment step with 5% of the traffic', define: smiExperimentStep },
];

/** The demo app: the install (CRDs first), then the seed examples. */
export const DEMO = ['install', 'getting-started', 'blue-green', 'workload-ref'];
