// The install reads what the app's objects need from the controller (plugins, permissions) from the
// app registry; the order in which objects were declared never shows in its output.
import { Chart, Testing } from 'cdk8s';
import { ArgoRollouts, CanaryStep, ControllerPlugin, Rollout, RolloutStrategy, TrafficRouting } from '../../src';

function plugin(name: string) {
  return TrafficRouting.plugin(name, { controllerPlugin: ControllerPlugin.trafficRouter({ name, location: `file:///plugins/${name.replace('/', '-')}` }) });
}

/** An app with an install and two Rollouts that each need another traffic-router plugin, declared in `order`. */
function install(order: readonly string[]): any {
  const app = Testing.app();
  const chart = new Chart(app, 'app');
  new ArgoRollouts(chart, 'argo-rollouts', { crds: false });
  for (const name of order) {
    const rollout = new Rollout(chart, name, {
      containers: [{ image: 'ghcr.io/acme/web:1.4.2', portNumber: 8080 }],
      strategy: RolloutStrategy.canary({ steps: [CanaryStep.setWeight(20), CanaryStep.pause()] }),
    });
    // added after construction, as a platform construct might
    rollout.addTrafficRouter(plugin(`acme/${name}`));
  }
  return Testing.synth(chart).find(m => m.kind === 'ConfigMap' && m.metadata.name === 'argo-rollouts-config');
}

test('plugins required by the app appear in the same order whatever order the Rollouts were declared in', () => {
  // WHEN
  const forwards = install(['alpha', 'beta']);
  const backwards = install(['beta', 'alpha']);
  // THEN
  expect(forwards.data.trafficRouterPlugins).toContain('acme/alpha');
  expect(forwards.data.trafficRouterPlugins).toContain('acme/beta');
  expect(backwards).toEqual(forwards);
});
