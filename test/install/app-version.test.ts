import { App, Chart, Testing } from 'cdk8s';
import {
  ArgoRollouts, ArgoRolloutsApp, ArgoRolloutsController, ArgoRolloutsCrds, ArgoRolloutsDashboard, ArgoRolloutsNotifications, ArgoRolloutsRbac,
  ArgoRolloutsVersion, CanaryStep, ReplicaProgressThreshold, Rollout, RolloutStrategy,
  StrategyService, TrafficRouting,
} from '../../src';

const container = { image: 'web:1', portNumber: 8080 };

/** A Rollout with a field 1.8 does not have (replicaProgressThreshold, 1.9+). */
const newerRollout = (chart: Chart) => new Rollout(chart, 'web', {
  containers: [container],
  strategy: RolloutStrategy.canary({ replicaProgressThreshold: ReplicaProgressThreshold.percent(90) }),
});

/** A Rollout that 1.10 accepts and 1.9 refuses: ping-pong with a traffic-router plugin (V22). */
const pluginPingPong = (chart: Chart) => new Rollout(chart, 'web', {
  containers: [container],
  strategy: RolloutStrategy.canary({
    pingPong: {},
    trafficRouting: [TrafficRouting.plugin('argoproj-labs/gatewayAPI', { config: { httpRoute: 'web' } })],
    steps: [CanaryStep.setWeight(20), CanaryStep.pause()],
  }),
});

describe('ArgoRolloutsApp: the version an app is checked against', () => {
  test('an app without an install checks against the default release', () => {
    const app = Testing.app();
    expect(ArgoRolloutsApp.of(app).version).toBe(ArgoRolloutsVersion.V1_9_1);
    expect(ArgoRolloutsApp.of(app).versionSetBy).toBeUndefined();
    const chart = new Chart(app, 'app');
    newerRollout(chart);
    expect(Testing.synth(chart)).toHaveLength(1);
  });

  test('useVersion() applies to every Argo object of the app, declared before or after', () => {
    for (const setFirst of [true, false]) {
      const app = Testing.app();
      if (setFirst) ArgoRolloutsApp.of(app).useVersion(ArgoRolloutsVersion.V1_8_4);
      const chart = new Chart(app, 'app');
      newerRollout(chart);
      if (!setFirst) ArgoRolloutsApp.of(chart).useVersion(ArgoRolloutsVersion.V1_8_4);
      expect(ArgoRolloutsApp.of(chart).version).toBe(ArgoRolloutsVersion.V1_8_4);
      expect(() => Testing.synth(chart)).toThrow(/Rollout app\/web breaks[^]*\[S06\] spec.strategy.canary[^]*replicaProgressThreshold[^]*1\.8\.4/);
    }
  });

  test('the rules of the release apply: 1.10 accepts ping-pong with a plugin router, 1.9 does not', () => {
    const app19 = Testing.app();
    pluginPingPong(new Chart(app19, 'app'));
    expect(() => app19.synth()).toThrow(/\[V22\][^]*in Argo Rollouts 1\.9\.1 ping-pong works only with alb or istio/);

    const app110 = Testing.app();
    const chart = new Chart(app110, 'app');
    pluginPingPong(chart);
    ArgoRolloutsApp.of(app110).useVersion(ArgoRolloutsVersion.V1_10_0_RC1);
    expect(Testing.synth(chart).find(m => m.kind === 'Rollout').spec.strategy.canary.pingPong).toEqual({ pingService: 'app-web-c894e734-ping', pongService: 'app-web-c894e734-pong' });
  });

  test('an install sets it, and says so', () => {
    const app = Testing.app();
    new ArgoRollouts(new Chart(app, 'install'), 'argo', { version: ArgoRolloutsVersion.V1_8_3, crds: false });
    expect(ArgoRolloutsApp.of(app).version).toBe(ArgoRolloutsVersion.V1_8_3);
    expect(ArgoRolloutsApp.of(app).versionSetBy).toEqual('ArgoRollouts install/argo');
    // the same version again is fine
    ArgoRolloutsApp.of(app).useVersion(ArgoRolloutsVersion.V1_8_3);
    new ArgoRolloutsCrds(new Chart(app, 'crds'), 'crds', { version: ArgoRolloutsVersion.V1_8_3 });
  });

  test('two versions in one app are an error naming both', () => {
    const app = Testing.app();
    new ArgoRollouts(new Chart(app, 'install'), 'argo', { crds: false });
    expect(() => ArgoRolloutsApp.of(app).useVersion(ArgoRolloutsVersion.V1_10_0_RC1)).toThrow(
      'ArgoRolloutsApp.of(app).useVersion() uses Argo Rollouts 1.10.0-rc1, but ArgoRollouts install/argo already set this app to 1.9.1.');
    expect(() => new ArgoRolloutsCrds(new Chart(app, 'crds'), 'crds', { version: ArgoRolloutsVersion.V1_8_3 })).toThrow(
      /ArgoRolloutsCrds crds\/crds uses Argo Rollouts 1\.8\.3, but ArgoRollouts install\/argo already set this app to 1\.9\.1/);

    const other = new App();
    ArgoRolloutsApp.of(other).useVersion(ArgoRolloutsVersion.V1_8_4);
    expect(() => new ArgoRollouts(new Chart(other, 'install'), 'argo', { crds: false, version: ArgoRolloutsVersion.V1_9_1 })).toThrow(
      /ArgoRollouts install\/argo uses Argo Rollouts 1\.9\.1, but ArgoRolloutsApp\.of\(app\)\.useVersion\(\) already set this app to 1\.8\.4/);
  });

  test('an install or install part without a version takes the app\'s', () => {
    const app = Testing.app();
    ArgoRolloutsApp.of(app).useVersion(ArgoRolloutsVersion.V1_8_4);
    const chart = new Chart(app, 'install');
    const install = new ArgoRollouts(chart, 'argo', { crds: false });
    expect(install.version).toBe(ArgoRolloutsVersion.V1_8_4);
    new ArgoRolloutsDashboard(chart, 'dashboard');
    const images = Testing.synth(chart).filter(m => m.kind === 'Deployment').map(m => m.spec.template.spec.containers[0].image);
    expect(images).toEqual(['quay.io/argoproj/argo-rollouts:v1.8.4', 'quay.io/argoproj/kubectl-argo-rollouts:v1.8.4']);
  });

  test('each install part sets the app\'s version, and a second one is an error naming both', () => {
    const parts: Array<[string, (chart: Chart, version: ArgoRolloutsVersion) => void]> = [
      ['ArgoRolloutsDashboard', (chart, version) => new ArgoRolloutsDashboard(chart, 'part', { version })],
      ['ArgoRolloutsNotifications', (chart, version) => new ArgoRolloutsNotifications(chart, 'part', { version })],
      ['ArgoRolloutsRbac', (chart, version) => new ArgoRolloutsRbac(chart, 'part', { version })],
      ['ArgoRolloutsController', (chart, version) => new ArgoRolloutsController(chart, 'part', { version })],
      ['ArgoRolloutsCrds', (chart, version) => new ArgoRolloutsCrds(chart, 'part', { version })],
    ];
    for (const [name, define] of parts) {
      const app = Testing.app();
      define(new Chart(app, 'install'), ArgoRolloutsVersion.V1_10_0_RC1);
      expect(ArgoRolloutsApp.of(app).version).toBe(ArgoRolloutsVersion.V1_10_0_RC1);
      expect(ArgoRolloutsApp.of(app).versionSetBy).toEqual(`${name} install/part`);
      expect(() => define(new Chart(app, 'other'), ArgoRolloutsVersion.V1_8_4)).toThrow(
        `${name} other/part uses Argo Rollouts 1.8.4, but ${name} install/part already set this app to 1.10.0-rc1.`);
    }
  });

  test('a wrong argument is named', () => {
    expect(() => ArgoRolloutsApp.of(Testing.app()).useVersion('1.8.3' as any)).toThrow(/'version' must be/);
  });
});

describe('the Traefik router follows the controller of the app', () => {
  const traefik = (chart: Chart, options: any = {}) => new Rollout(chart, 'web', {
    containers: [container],
    strategy: RolloutStrategy.canary({
      stableService: StrategyService.define({ port: 80 }),
      canaryService: StrategyService.define({ port: 80 }),
      trafficRouting: [TrafficRouting.traefik(options)],
      steps: [CanaryStep.setWeight(20), CanaryStep.pause()],
    }),
  });
  const traefikService = (chart: Chart) => Testing.synth(chart).find(m => m.kind === 'TraefikService');

  test('up to 1.9, traefik.containo.us/v1alpha1; from 1.10, traefik.io/v1alpha1 (set before or after)', () => {
    const old = new Chart(Testing.app(), 'app');
    const rollout = traefik(old);
    expect(traefikService(old).apiVersion).toEqual('traefik.containo.us/v1alpha1');
    expect(rollout.ignoreDifferences.map(d => d.group)).toEqual(['traefik.containo.us']);

    const app = Testing.app();
    const chart = new Chart(app, 'app');
    const r = traefik(chart);
    ArgoRolloutsApp.of(app).useVersion(ArgoRolloutsVersion.V1_10_0_RC1);
    expect(traefikService(chart).apiVersion).toEqual('traefik.io/v1alpha1');
    expect(r.ignoreDifferences.map(d => d.group)).toEqual(['traefik.io']);
  });

  test('an install with --traefik-api-version in the app decides, wherever it is declared', () => {
    const app = Testing.app();
    const chart = new Chart(app, 'app');
    traefik(chart);
    new ArgoRollouts(new Chart(app, 'install'), 'argo', {
      crds: false, controller: { flags: { traefikApiGroup: 'traefik.io', traefikApiVersion: 'traefik.io/v1alpha1' } },
    });
    expect(traefikService(chart).apiVersion).toEqual('traefik.io/v1alpha1');
  });

  test('an explicit apiVersion wins', () => {
    const chart = new Chart(Testing.app(), 'app');
    traefik(chart, { apiVersion: 'traefik.io/v1alpha1' });
    expect(traefikService(chart).apiVersion).toEqual('traefik.io/v1alpha1');
  });
});
