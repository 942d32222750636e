// A blue-green Rollout with a manual gate before promotion. The Rollout defines its active and
// preview Services (port 80 to the container's 8080).
import { App, Chart, ChartProps } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { Construct } from 'constructs';
import { demoRollout } from './common';
import { Rollout, RolloutStrategy, StrategyService } from '../src';

export class BlueGreenChart extends Chart {
  public readonly rollout: Rollout;

  constructor(scope: Construct, id: string = 'blue-green', props: ChartProps = {}) {
    super(scope, id, props);

    // the upstream manifest's pod template: `app: rollout-bluegreen` pods of rollouts-demo:blue on port 8080
    this.rollout = demoRollout(this, 'rollout-bluegreen', 2, RolloutStrategy.blueGreen({
      // the Rollout defines `rollout-bluegreen-active` and `rollout-bluegreen-preview`, port 80 to 8080
      activeService: StrategyService.define({ port: 80, protocol: kplus.Protocol.TCP }),
      previewService: StrategyService.define({ port: 80, protocol: kplus.Protocol.TCP }),
      // pause before promotion: `kubectl argo rollouts promote rollout-bluegreen`
      autoPromotionEnabled: false,
    }));
  }
}

if (require.main === module) {
  const app = new App();
  new BlueGreenChart(app);
  app.synth();
}
