// Every example app, by name: `npm run examples` synthesizes each into dist/examples/<name>/,
// and the tests synthesize and check each one.
import { Chart } from 'cdk8s';
import { Construct } from 'constructs';
import { analysisStep, backgroundAnalysis, baselineVsCanary, demoTemplates, experimentStep, experimentWithAnalysis, secretAnalysis } from './analysis';
import { AnalysisProvidersChart } from './analysis-providers';
import { BlueGreenChart } from './blue-green';
import { GettingStartedChart } from './getting-started';
import { defineInstall } from './install';
import { WorkloadRefChart } from './workload-ref';

/** An example app: a name and the function that defines its charts in an App. */
export interface ExampleApp {
  readonly name: string;
  readonly description: string;
  define(app: Construct): Chart[];
}

export const EXAMPLES: ExampleApp[] = [
  { name: 'install', description: 'Argo Rollouts v1.9.1: CRDs in their own chart, controller, dashboard, notifications', define: defineInstall },
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
];

/** The demo app: the install (CRDs first), then the seed examples. */
export const DEMO = ['install', 'getting-started', 'blue-green', 'workload-ref'];
