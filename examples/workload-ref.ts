// A Rollout that takes its pod template from an existing Deployment (`workloadRef`).
// See docs/workload-ref.md for the zero-downtime migration from a Deployment.
import { App, Chart, ChartProps, Duration } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { Construct } from 'constructs';
import { CanaryStep, Rollout, RolloutStrategy, WorkloadReference } from '../src';

export class WorkloadRefChart extends Chart {
  public readonly rollout: Rollout;

  constructor(scope: Construct, id: string = 'workload-ref', props: ChartProps = {}) {
    super(scope, id, props);

    const labels = { app: 'rollout-ref-deployment' };
    // The Deployment whose pod template the Rollout runs. Its replicas are 0: the Rollout runs the pods.
    new kplus.k8s.KubeDeployment(this, 'deployment', {
      metadata: { name: 'rollout-ref-deployment' },
      spec: {
        replicas: 0,
        selector: { matchLabels: labels },
        template: {
          metadata: { labels },
          spec: {
            containers: [{
              name: 'rollouts-demo',
              image: 'argoproj/rollouts-demo:blue',
              imagePullPolicy: 'Always',
              ports: [{ containerPort: 8080 }],
            }],
          },
        },
      },
    });

    this.rollout = new Rollout(this, 'rollout', {
      metadata: { name: 'rollout-ref-deployment' },
      replicas: 5,
      workloadRef: WorkloadReference.fromDeploymentName('rollout-ref-deployment', { podLabels: labels }),
      strategy: RolloutStrategy.canary({
        steps: [CanaryStep.setWeight(20), CanaryStep.pause(Duration.seconds(10))],
      }),
    });
  }
}

if (require.main === module) {
  const app = new App();
  new WorkloadRefChart(app);
  app.synth();
}
