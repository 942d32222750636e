import { Testing } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { Rollout, RolloutStrategy, WorkloadReference, WorkloadScaleDown } from '../../src';
import { schemaErrors, synth } from '../util';

/**
 * The manifests without what cdk8s-plus's own Deployment writes only on some lines (from cdk8s-plus-32 on,
 * `revisionHistoryLimit: 10` and `shareProcessNamespace: false`; test/plus-lines.test.ts holds that), so
 * that one snapshot serves every line.
 */
function withoutLineDefaults(manifests: any[]): any[] {
  return manifests.map(m => {
    if (m.kind !== 'Deployment') return m;
    const { revisionHistoryLimit, ...spec } = m.spec;
    const { shareProcessNamespace, ...podSpec } = spec.template.spec;
    return { ...m, spec: { ...spec, template: { ...spec.template, spec: podSpec } } };
  });
}

describe('workloadRef', () => {
  test('migrating a cdk8s-plus Deployment without downtime', () => {
    const chart = Testing.chart();
    const deployment = new kplus.Deployment(chart, 'web', { replicas: 3, containers: [{ image: 'web:1', portNumber: 8080 }] });
    new Rollout(chart, 'rollout', {
      replicas: 3,
      workloadRef: WorkloadReference.fromDeployment(deployment, { scaleDown: WorkloadScaleDown.ON_SUCCESS }),
      strategy: RolloutStrategy.blueGreen(),
    });
    const manifests = synth(chart);
    expect(withoutLineDefaults(manifests)).toMatchSnapshot();
    const dep = manifests.find(m => m.kind === 'Deployment');
    const rollout = manifests.find(m => m.kind === 'Rollout');
    expect(rollout.spec.workloadRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: dep.metadata.name, scaleDown: 'onsuccess' });
    expect(rollout.spec.template).toBeUndefined();
    expect(rollout.spec.selector).toBeUndefined();
    // the Services defined for the strategy select the Deployment's pods, on its ports
    const active = manifests.find(m => m.kind === 'Service' && m.metadata.name === rollout.spec.strategy.blueGreen.activeService);
    expect(active.spec.selector).toEqual(dep.spec.selector.matchLabels);
    expect(active.spec.ports).toEqual([{ port: 8080, targetPort: 8080 }]);
    expect(schemaErrors(rollout)).toEqual([]);
  });

  test('by name, scale down progressively', () => {
    const chart = Testing.chart();
    new Rollout(chart, 'r', { workloadRef: WorkloadReference.fromDeploymentName('legacy', { scaleDown: WorkloadScaleDown.PROGRESSIVELY }) });
    expect(synth(chart)[0].spec.workloadRef).toEqual({ apiVersion: 'apps/v1', kind: 'Deployment', name: 'legacy', scaleDown: 'progressively' });
  });

  describe('errors', () => {
    test('containers next to workloadRef', () => expect(() => new Rollout(Testing.chart(), 'r', {
      workloadRef: WorkloadReference.fromDeploymentName('legacy'), containers: [{ image: 'x' }],
    })).toThrow(/takes its pod template from workloadRef Deployment\/legacy, so it cannot also have containers/));
    test('addContainer with workloadRef', () => {
      const r = new Rollout(Testing.chart(), 'r', { workloadRef: WorkloadReference.fromDeploymentName('legacy') });
      expect(() => r.addContainer({ image: 'x' })).toThrow(/add a container to the referenced workload instead/);
    });
    test('invalid name', () => expect(() => WorkloadReference.fromDeploymentName('Legacy_App')).toThrow(/Deployment name 'Legacy_App' is not a valid Kubernetes name/));
    test('Services without known pod labels', () => {
      const chart = Testing.chart();
      new Rollout(chart, 'r', { workloadRef: WorkloadReference.fromDeploymentName('legacy'), strategy: RolloutStrategy.blueGreen() });
      expect(() => chart.toJson()).toThrow(/cannot define its active Service, because its pods have no labels to select/);
    });
  });
});
