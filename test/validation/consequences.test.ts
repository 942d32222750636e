import { rolloutWithSteps } from './helpers';
import { checkFindings, FindingSeverity } from '../../src/validation/private';
import { consequenceOf } from '../../src/validation/private/rules/consequences';

describe('consequences of findings (issue 10)', () => {
  test.each([
    ['S01', 'Rollout', 'spec', 'the API server would refuse the object'],
    ['S03', 'Rollout', 'spec.replicas', 'the API server would refuse the object'],
    ['S06', 'Rollout', 'spec.strategy.canary.stepz', 'the API server would drop the field'],
    ['S08', 'Rollout', 'spec.template.spec.containers[0].image', 'the API server would accept the Rollout, but refuse every pod its ReplicaSet creates'],
    ['S08', 'Experiment', 'spec.templates[0].template.spec.nodeName', 'the API server would accept the Experiment and its ReplicaSet, but refuse every pod'],
    ['S08', 'AnalysisRun', 'spec.metrics[0].provider.job.spec.template.spec.containers[0].image', 'the API server would accept the metric\'s Job, but refuse every pod'],
    ['S09', 'Rollout', 'spec.template.spec.resources', 'the API server of that Kubernetes version would drop it, silently, from the ReplicaSets or Jobs'],
    ['S09', 'AnalysisTemplate', 'spec.metrics[0].provider.job.spec.managedBy', 'so it would have no effect'],
    ['V01', 'Rollout', 'spec.replicas', 'the Rollout would be stuck in InvalidSpec'],
    ['V55', 'AnalysisTemplate', 'spec.metrics[0].count', 'the Rollout would be stuck in InvalidSpec'],
    ['V53', 'Experiment', 'spec.analyses[0].args', 'the Experiment could not make the AnalysisRun'],
    ['V53', 'Rollout', 'spec.strategy.canary.steps[0].experiment.analyses[0].args', 'the Experiment could not make the AnalysisRun'],
    ['A15', 'Rollout', 'spec.strategy.canary.analysis.dryRun[0].metricName', 'the AnalysisRun would go to phase Error'],
    ['P01', 'AnalysisTemplate', 'spec.metrics[0].provider.web.body', 'its measurements would error'],
    ['X01', 'Experiment', 'spec.templates[0].selector', 'the Experiment would be stuck in InvalidSpec'],
    ['X06', 'Experiment', 'spec.analyses[0].templateName', 'the Experiment would error when it runs'],
    ['C01', 'ConfigMap', 'data.trafficRouterPlugins', 'the controller would not start'],
    ['V69', 'Rollout', 'spec.strategy.canary.trafficRouting.smi', 'would not get past its first weight step'],
  ])('%s on %s (%s)', (ruleId, kind, path, expected) => {
    expect(consequenceOf({ ruleId, kind, path })).toContain(expected);
  });

  test('warnings: the controller accepts them', () => {
    expect(consequenceOf({ ruleId: 'V53', kind: 'Rollout', path: 'x', severity: FindingSeverity.WARNING })).toBe('the controller would accept it and ignore the argument');
  });

  test('a synth error groups its findings by consequence: schema (dropped field) and controller rules', () => {
    const rollout = rolloutWithSteps([{ setWeight: 150 }]);
    rollout.spec.strategy.canary.stepz = [];
    expect(() => checkFindings('Rollout demo/web', [rollout])).toThrow(new RegExp([
      'Rollout demo/web breaks 2 rules of the Argo Rollouts controller:\\n',
      '  After apply, the API server would drop the field \\(or refuse the object under strict field validation\\):\\n',
      '    \\[S06\\] spec.strategy.canary.stepz: [^\\n]*\\n',
      '  After apply, the Rollout would be stuck in InvalidSpec \\(phase Degraded, nothing is rolled out\\):\\n',
      '    \\[V34\\] spec.strategy.canary.steps\\[0\\].setWeight: ',
    ].join('')));
  });

  test('warnings are returned, not thrown, unless they count as errors', () => {
    const rollout = rolloutWithSteps([{ analysis: { templates: [{ templateName: 't' }], args: [{ name: 'x', value: '1' }] } }]);
    const template = { apiVersion: 'argoproj.io/v1alpha1', kind: 'AnalysisTemplate', metadata: { name: 't' }, spec: { metrics: [{ name: 'm', provider: { job: { spec: {} } } }] } };
    const text = checkFindings('Rollout demo/web', [rollout, template]);
    expect(text).toMatch(/^Rollout demo\/web has a warning of the Argo Rollouts rules \(after apply, the controller would accept it and ignore the argument\):\n {2}\[V53 warning\] /);
    expect(() => checkFindings('Rollout demo/web', [rollout, template], { warningsAsErrors: true })).toThrow(/\(warnings count as errors here\)/);
    expect(checkFindings('Rollout demo/web', [rolloutWithSteps([{ setWeight: 20 }])])).toBeUndefined();
  });
});
