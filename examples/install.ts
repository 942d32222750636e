// The Argo Rollouts install: the CRDs in a chart of their own (applied first: Argo CD sync wave -1,
// server-side apply), and the controller with the dashboard and the notification catalog. Both parts
// take the app's release (1.9.1, the default, unless ArgoRolloutsApp.of(app).useVersion() says
// otherwise); pin one with `version: ArgoRolloutsVersion.V1_9_1`.
import { App, Chart, ChartProps } from 'cdk8s';
import { Construct } from 'constructs';
import { ArgoRollouts, ArgoRolloutsCrds } from '../src';

export class ArgoRolloutsCrdsChart extends Chart {
  constructor(scope: Construct, id: string = 'argo-rollouts-crds', props: ChartProps = {}) {
    super(scope, id, props);
    new ArgoRolloutsCrds(this, 'crds', { serverSideApply: true, syncWave: -1 });
  }
}

export class ArgoRolloutsChart extends Chart {
  public readonly install: ArgoRollouts;

  constructor(scope: Construct, id: string = 'argo-rollouts', props: ChartProps = {}) {
    super(scope, id, props);
    this.install = new ArgoRollouts(this, 'argo-rollouts', {
      crds: false, // applied by the CRD chart
      dashboard: true,
      notifications: true,
    });
  }
}

/** Defines both charts; the controller chart depends on the CRD chart, so it comes second. */
export function defineInstall(app: Construct): Chart[] {
  const crds = new ArgoRolloutsCrdsChart(app);
  const controller = new ArgoRolloutsChart(app);
  controller.addDependency(crds);
  return [crds, controller];
}

if (require.main === module) {
  const app = new App();
  defineInstall(app);
  app.synth();
}
