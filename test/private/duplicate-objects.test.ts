import { ApiObject, App, Chart, Testing, YamlOutputType } from 'cdk8s';
import { AnalysisTemplate, CanaryStep, MetricProvider, Rollout, RolloutStrategy, StrategyService } from '../../src';
import { checkDuplicateObjects } from '../../src/private/duplicate-objects';
import { quote } from '../../src/private/quote';
import { validateManifests } from '../../src/validation/private';
import * as engine from '../../src/validation/private/util';

/** Two constructs of one app that write the same object fail synth, naming both (issue 10, item 7). */
describe('duplicate objects in an app (L05)', () => {
  const container = { name: 'web', image: 'web:1', portNumber: 8080 };
  const rollout = (chart: Chart, id: string, stable = 'shared-stable') => new Rollout(chart, id, {
    containers: [container],
    strategy: RolloutStrategy.canary({
      stableService: StrategyService.define({ name: stable }),
      canaryService: StrategyService.define({ name: `${id}-canary` }),
      steps: [CanaryStep.setWeight(20), CanaryStep.pause()],
    }),
  });

  test('two Rollouts defining Service shared-stable', () => {
    const app = Testing.app();
    const chart = new Chart(app, 'test');
    rollout(chart, 'a');
    rollout(chart, 'b');
    expect(() => app.synth()).toThrow(/\[L05\] test\/a\/\S+ and test\/b\/\S+ both define Service "shared-stable" without a namespace/);
  });

  test('the check is added once per app, and one app does not see another', () => {
    const app = Testing.app();
    const chart = new Chart(app, 'test');
    rollout(chart, 'a');
    rollout(chart, 'b');
    rollout(chart, 'c', 'other-stable');
    expect(app.node.validate()).toHaveLength(1);
    const other = Testing.app();
    rollout(new Chart(other, 'test'), 'a');
    expect(() => other.synth()).not.toThrow();
  });

  test('the same name in other namespaces, kinds or groups is no clash', () => {
    const app = new App({ outdir: Testing.app().outdir, yamlOutputType: YamlOutputType.FILE_PER_APP });
    rollout(new Chart(app, 'one', { namespace: 'one' }), 'a');
    rollout(new Chart(app, 'two', { namespace: 'two' }), 'b');
    const chart = new Chart(app, 'three');
    new ApiObject(chart, 'cm', { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'shared-stable' } });
    new ApiObject(chart, 'knative', { apiVersion: 'serving.knative.dev/v1', kind: 'Service', metadata: { name: 'shared-stable' } });
    expect(() => app.synth()).not.toThrow();
  });

  test('an object of the app that clashes with a template', () => {
    const app = Testing.app();
    const chart = new Chart(app, 'test');
    const metric = { name: 'm', provider: MetricProvider.web({ url: 'https://example.com' }), successCondition: 'result == true' };
    new AnalysisTemplate(chart, 't1', { metadata: { name: 'rate' }, metrics: [metric] });
    new ApiObject(chart, 'copy', { apiVersion: 'argoproj.io/v1alpha1', kind: 'AnalysisTemplate', metadata: { name: 'rate' } });
    expect(() => app.synth()).toThrow(/test\/t1\/Resource and test\/copy both define AnalysisTemplate \(argoproj\.io\) "rate"/);
  });
});

describe('which objects share an output file', () => {
  const container = { name: 'web', image: 'web:1', portNumber: 8080 };
  const twoCharts = (app: App) => {
    for (const id of ['one', 'two']) {
      new Rollout(new Chart(app, id), 'web', { metadata: { name: 'web' }, containers: [container], strategy: RolloutStrategy.canary({ steps: [CanaryStep.setWeight(20)] }) });
    }
  };

  test('by default each chart is a file of its own: the same objects in two charts are no clash', () => {
    const app = Testing.app();
    twoCharts(app);
    expect(app.node.validate()).toEqual([]);
  });

  test.each([YamlOutputType.FILE_PER_APP, YamlOutputType.FILE_PER_RESOURCE])('with output type %p, objects of all charts clash', type => {
    const app = new App({ outdir: Testing.app().outdir, yamlOutputType: type });
    twoCharts(app);
    const errors = app.node.validate();
    expect(errors.length).toBeGreaterThan(0);
    expect(errors[0]).toMatch(/^\[L05\] one\/web\/Resource and two\/web\/Resource both define Rollout \(argoproj\.io\) "[^"]+" without a namespace;/);
  });
});

describe('the app-wide check and rule L05 count and name objects alike (one definition, in src/private/object-identity.ts)', () => {
  test('the rule engine quotes values with the bottom layer\'s quote', () => {
    expect(engine.quote).toBe(quote);
  });

  test('a long name in a namespace: the same object, described the same way', () => {
    const name = `cm-${'x'.repeat(130)}`;
    const manifest = (version: string) => ({ apiVersion: version, kind: 'ConfigMap', metadata: { name, namespace: 'shop' } });
    // the engine: one file with the object twice (the version does not count)
    const finding = validateManifests([manifest('v1'), manifest('v1')], { documentGroups: [0, 0] }).find(f => f.ruleId === 'L05');
    const described = finding?.message.split(' is defined again')[0];
    expect(described).toEqual(`ConfigMap ${quote(name)} in namespace "shop"`);
    expect(described).toMatch(/^ConfigMap "cm-x+\.\.\. in namespace "shop"$/);
    // the app: two constructs writing it
    const app = Testing.app();
    const chart = new Chart(app, 'test', { namespace: 'shop' });
    new ApiObject(chart, 'a', manifest('v1'));
    new ApiObject(chart, 'b', manifest('v1'));
    checkDuplicateObjects(chart);
    expect(app.node.validate().map(e => e.split(' both define ')[1].split(' in the same chart;')[0])).toEqual([described]);
  });
});
