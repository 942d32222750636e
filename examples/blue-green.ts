// A blue-green Rollout with a manual gate before promotion. The Rollout defines its active and
// preview Services (port 80 to the container's 8080).
import { App, Chart, ChartProps } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { Construct } from 'constructs';
import { PodTemplateDefaults, Rollout, RolloutStrategy, StrategyService } from '../src';

export class BlueGreenChart extends Chart {
  public readonly rollout: Rollout;

  constructor(scope: Construct, id: string = 'blue-green', props: ChartProps = {}) {
    super(scope, id, props);

    const servicePorts = [{ port: 80, targetPort: 8080, protocol: kplus.Protocol.TCP }];
    this.rollout = new Rollout(this, 'rollout-bluegreen', {
      metadata: { name: 'rollout-bluegreen' },
      replicas: 2,
      revisionHistoryLimit: 2,
      select: false,
      podMetadata: { labels: { app: 'rollout-bluegreen' } },
      podTemplateDefaults: PodTemplateDefaults.NONE,
      containers: [{
        name: 'rollouts-demo',
        image: 'argoproj/rollouts-demo:blue',
        imagePullPolicy: kplus.ImagePullPolicy.ALWAYS,
        portNumber: 8080,
      }],
      strategy: RolloutStrategy.blueGreen({
        // the Rollout defines `rollout-bluegreen-active` and `rollout-bluegreen-preview`
        activeService: StrategyService.define({ ports: servicePorts }),
        previewService: StrategyService.define({ ports: servicePorts }),
        // pause before promotion: `kubectl argo rollouts promote rollout-bluegreen`
        autoPromotionEnabled: false,
      }),
    });
  }
}

if (require.main === module) {
  const app = new App();
  new BlueGreenChart(app);
  app.synth();
}
