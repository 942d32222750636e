// Analysis and experiments, reproducing the upstream examples: the job-based templates, analysis
// steps, background analysis, experiment steps, a stand-alone Experiment, and a template that
// reads a Secret. Each app defines every template it references.
import { App, Chart, ChartProps, Duration } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { Construct } from 'constructs';
import { demoRollout } from './common';
import {
  AnalysisTemplate, AnalysisTemplateArg, CanaryStep, ClusterAnalysisTemplate, Experiment, ExperimentSpecRef, IAnalysisTemplate, MetricProvider,
  PodTemplateDefaults, RolloutStrategy,
} from '../src';

/** A job that runs `sh -c <script>` in alpine; its exit code is the measurement. */
function shellJob(script: string): MetricProvider {
  return MetricProvider.job({
    containers: [{ name: 'sleep', image: 'alpine:3.8', command: ['sh', '-c'], args: [script] }],
    backoffLimit: 0,
  });
}

/** The templates of analysis-templates.yaml and cluster-analysis-templates.yaml. */
export class DemoTemplates extends Construct {
  public readonly pass: AnalysisTemplate;
  public readonly randomFail: AnalysisTemplate;
  public readonly alwaysPass: ClusterAnalysisTemplate;

  constructor(scope: Construct, id: string) {
    super(scope, id);
    const interval = Duration.seconds(5);
    this.pass = new AnalysisTemplate(this, 'pass', {
      metadata: { name: 'pass' },
      metrics: [{ name: 'pass', count: 1, interval, failureLimit: 1, provider: shellJob('exit 0') }],
    });
    this.randomFail = new AnalysisTemplate(this, 'random-fail', {
      metadata: { name: 'random-fail' },
      metrics: [{ name: 'random-fail', count: 2, interval, failureLimit: 1, provider: shellJob('FLIP=$(($(($RANDOM%10))%2)) && exit $FLIP') }],
    });
    this.alwaysPass = new ClusterAnalysisTemplate(this, 'always-pass', {
      metadata: { name: 'always-pass' },
      metrics: [{ name: 'pass', count: 1, interval, failureLimit: 1, provider: shellJob('exit 0') }],
    });
  }
}

/** A chart whose content is defined by a function of the chart and the demo templates. */
class ExampleChart extends Chart {
  constructor(scope: Construct, id: string, define: (chart: Chart, templates: DemoTemplates) => void, props: ChartProps = {}) {
    super(scope, id, props);
    define(this, new DemoTemplates(this, 'templates'));
  }
}

/** rollout-analysis-step.yaml: an analysis step with a namespaced and a cluster-scoped template. */
export function analysisStep(app: Construct): Chart[] {
  return [new ExampleChart(app, 'analysis-step', (chart, t) => {
    demoRollout(chart, 'rollout-analysis-step', 4, RolloutStrategy.canary({
      steps: [CanaryStep.setWeight(25), CanaryStep.analysis({ templates: [t.randomFail, t.alwaysPass] })],
    }));
  })];
}

/** rollout-background-analysis.yaml: analysis that runs for the whole update. */
export function backgroundAnalysis(app: Construct): Chart[] {
  return [new ExampleChart(app, 'background-analysis', (chart, t) => {
    demoRollout(chart, 'rollout-background-analysis', 4, RolloutStrategy.canary({
      analysis: { templates: [t.randomFail] },
      steps: [CanaryStep.setWeight(25), CanaryStep.pause()],
    }));
  })];
}

/** rollout-experiment-step.yaml: an experiment step that runs the canary pod template with an analysis. */
export function experimentStep(app: Construct): Chart[] {
  return [new ExampleChart(app, 'experiment-step', (chart, t) => {
    demoRollout(chart, 'rollout-experiment-step', 4, RolloutStrategy.canary({
      steps: [
        CanaryStep.setWeight(25),
        CanaryStep.experiment({
          templates: [{ name: 'canary', specRef: ExperimentSpecRef.CANARY }],
          analyses: [{ name: 'random-fail', template: t.randomFail }],
        }),
      ],
    }));
  })];
}

/** rollout-baseline-vs-canary.yaml: baseline and canary pods side by side. */
export function baselineVsCanary(app: Construct): Chart[] {
  return [new ExampleChart(app, 'baseline-vs-canary', chart => {
    demoRollout(chart, 'rollout-baseline-vs-canary', 3, RolloutStrategy.canary({
      steps: [CanaryStep.experiment({
        templates: [{ name: 'baseline', specRef: ExperimentSpecRef.STABLE }, { name: 'canary', specRef: ExperimentSpecRef.CANARY }],
      })],
    }));
  })];
}

/** experiment-with-analysis.yaml: a stand-alone Experiment of two versions, with two analyses. */
export function experimentWithAnalysis(app: Construct): Chart[] {
  return [new ExampleChart(app, 'experiment-with-analysis', (chart, t) => {
    const version = (color: string) => ({
      name: color,
      labels: { app: 'rollouts-demo' },
      podTemplateDefaults: PodTemplateDefaults.NONE,
      containers: [{ name: 'rollouts-demo', image: `argoproj/rollouts-demo:${color}`, imagePullPolicy: kplus.ImagePullPolicy.ALWAYS }],
    });
    new Experiment(chart, 'experiment', {
      metadata: { name: 'experiment-with-analysis' },
      templates: [version('purple'), version('orange')],
      analyses: [{ name: 'random-fail', template: t.randomFail }, { name: 'pass', template: t.pass }],
    });
  })];
}

/** rollout-secret.yaml: an analysis whose URL comes from a Secret. */
export function secretAnalysis(app: Construct): Chart[] {
  const chart = new Chart(app, 'secret-analysis');
  demoRollout(chart, 'rollout-secret', 1, RolloutStrategy.canary({
    steps: [CanaryStep.setWeight(25), CanaryStep.analysis({ templates: [secretTemplate(chart)] }), CanaryStep.pause()],
  }));
  new kplus.k8s.KubeSecret(chart, 'secret', {
    metadata: { name: 'example-secret' },
    type: 'Opaque',
    // the URL of a JSON document with `message: It worked!`, base64-encoded as Secret data is
    data: {
      secretUrl: 'aHR0cHM6Ly9naXN0LmdpdGh1YnVzZXJjb250ZW50LmNvbS9raGhpcmFuaS8yYWIxMTIzMjQwMjUxOGQ1Mjc3YWYwMz'
        + 'BkZDg5MTZkNy9yYXcvZDI3MmY1NTFmMmQxODA2YTAzOTc0ZGJhZWYxMWRmZDU1MTAyZmVlYS9leGFtcGxlLmpzb24=',
    },
  });
  return [chart];
}

function secretTemplate(scope: Construct): IAnalysisTemplate {
  return new AnalysisTemplate(scope, 'analysis-secret', {
    metadata: { name: 'analysis-secret' },
    args: [AnalysisTemplateArg.fromSecret('secret-url', 'example-secret', 'secretUrl')],
    metrics: [{
      name: 'webmetric',
      successCondition: "result == 'It worked!'",
      provider: MetricProvider.web({ url: '{{args.secret-url}}', jsonPath: '{$.message}' }),
    }],
  });
}

/** analysis-templates.yaml and cluster-analysis-templates.yaml. */
export function demoTemplates(app: Construct): Chart[] {
  const chart = new Chart(app, 'analysis-templates');
  new DemoTemplates(chart, 'templates');
  return [chart];
}

if (require.main === module) {
  const app = new App();
  for (const define of [demoTemplates, analysisStep, backgroundAnalysis, experimentStep, baselineVsCanary, experimentWithAnalysis, secretAnalysis]) {
    define(app);
  }
  app.synth();
}
