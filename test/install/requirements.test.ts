// The install reads what the app's objects need from the controller (plugins, permissions) from the
// app registry; the order in which objects were declared never shows in its output.
import { Chart, Testing } from 'cdk8s';
import { AnalysisTemplate, ArgoRollouts, CanaryStep, ControllerPlugin, MetricProvider, Rollout, RolloutStrategy, TrafficRouting } from '../../src';

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

describe('metric-provider and step plugins reach the install too', () => {
  const container = { image: 'ghcr.io/acme/web:1.4.2', portNumber: 8080 };
  const binary = (kind: 'metricProvider' | 'step', name: string) => ControllerPlugin[kind]({ name, location: `file:///plugins/${name.replace('/', '-')}` });
  /** An app with an install (`plugins` registered there), a template measuring with `acme/metrics` and a Rollout running `acme/step`. */
  function app(options: { binaries?: boolean; plugins?: ControllerPlugin[] } = {}) {
    const chart = new Chart(Testing.app(), 'app');
    new ArgoRollouts(chart, 'argo-rollouts', { crds: false, plugins: options.plugins });
    new AnalysisTemplate(chart, 'errors', {
      metrics: [{
        name: 'errors',
        provider: MetricProvider.plugin('acme/metrics', { query: 'errors' }, options.binaries ? binary('metricProvider', 'acme/metrics') : undefined),
      }],
    });
    new Rollout(chart, 'web', {
      containers: [container],
      strategy: RolloutStrategy.canary({
        steps: [CanaryStep.setWeight(20), CanaryStep.plugin('acme/step', { a: 1 }, options.binaries ? binary('step', 'acme/step') : undefined)],
      }),
    });
    return chart;
  }
  const config = (chart: Chart) => Testing.synth(chart).find(m => m.kind === 'ConfigMap' && m.metadata.name === 'argo-rollouts-config');

  test('a plugin the install does not load is an error naming the object, the plugin and the fix', () => {
    expect(() => Testing.synth(app())).toThrow("app/errors measures a metric with the plugin 'acme/metrics', but ArgoRollouts app/argo-rollouts does not register it, "
      + "so the controller would not load it. Register it with addPlugin(ControllerPlugin.metricProvider({ name: 'acme/metrics', location })) (or the install's plugins), or give MetricProvider.plugin() its binary.");
    expect(() => Testing.synth(app({ plugins: [binary('metricProvider', 'acme/metrics')] }))).toThrow(
      "app/web runs a step of the plugin 'acme/step', but ArgoRollouts app/argo-rollouts does not register it, so the controller would not load it. "
      + "Register it with addPlugin(ControllerPlugin.step({ name: 'acme/step', location })) (or the install's plugins), or give CanaryStep.plugin() its binary.");
  });

  test('registered by the install, or given with the provider and the step', () => {
    const registered = config(app({ plugins: [binary('metricProvider', 'acme/metrics'), binary('step', 'acme/step')] }));
    const given = config(app({ binaries: true }));
    expect(given.data).toEqual(registered.data);
    expect(given.data).toEqual({
      metricProviderPlugins: '- name: acme/metrics\n  location: file:///plugins/acme-metrics\n',
      stepPlugins: '- name: acme/step\n  location: file:///plugins/acme-step\n',
    });
  });

  test('the binary must be the plugin\'s, of its kind', () => {
    expect(() => MetricProvider.plugin('acme/metrics', {}, binary('step', 'acme/metrics'))).toThrow(
      "Metric provider plugin 'acme/metrics' is given the controller plugin 'acme/metrics' (stepPlugins). Give the binary of 'acme/metrics': "
      + "ControllerPlugin.metricProvider({ name: 'acme/metrics', location }).");
    expect(() => CanaryStep.plugin('acme/step', {}, binary('step', 'acme/other'))).toThrow(/Step plugin 'acme\/step' is given the controller plugin 'acme\/other'/);
  });
});
