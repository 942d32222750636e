// The Argo Rollouts getting-started demo: a canary Rollout that shifts 20/40/60/80 percent of the
// pods to the new version, waiting for a manual promotion after the first step.
import { App, Chart, ChartProps, Duration, Size } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { Construct } from 'constructs';
import { CanaryStep, PodTemplateDefaults, Rollout, RolloutStrategy } from '../src';

export class GettingStartedChart extends Chart {
  public readonly rollout: Rollout;

  constructor(scope: Construct, id: string = 'getting-started', props: ChartProps = {}) {
    super(scope, id, props);

    this.rollout = new Rollout(this, 'rollouts-demo', {
      metadata: { name: 'rollouts-demo' },
      replicas: 5,
      revisionHistoryLimit: 2,
      // select pods by the `app` label, as the upstream manifest does
      select: false,
      podMetadata: { labels: { app: 'rollouts-demo' } },
      podTemplateDefaults: PodTemplateDefaults.NONE,
      containers: [{
        name: 'rollouts-demo',
        image: 'argoproj/rollouts-demo:blue',
        ports: [{ name: 'http', number: 8080, protocol: kplus.Protocol.TCP }],
        resources: { cpu: { request: kplus.Cpu.millis(5) }, memory: { request: Size.mebibytes(32) } },
      }],
      strategy: RolloutStrategy.canary({
        steps: CanaryStep.progression({ weights: [20, 40, 60, 80], pause: Duration.seconds(10), indefinitePauseAfter: [20] }),
      }),
    });

    // The Service of the demo, which targets the container port by name.
    new kplus.k8s.KubeService(this, 'service', {
      metadata: { name: 'rollouts-demo' },
      spec: {
        ports: [{ port: 80, targetPort: kplus.k8s.IntOrString.fromString('http'), protocol: 'TCP', name: 'http' }],
        selector: { app: 'rollouts-demo' },
      },
    });
  }
}

if (require.main === module) {
  const app = new App();
  new GettingStartedChart(app);
  app.synth();
}
