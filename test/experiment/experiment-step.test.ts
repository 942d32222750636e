import { Chart, Testing } from 'cdk8s';
import { CanaryStep, ClusterAnalysisTemplate, ExperimentSpecRef } from '../../src';

const refs = new Chart(Testing.app(), 'refs');
const template = ClusterAnalysisTemplate.fromClusterAnalysisTemplateName(refs, 'compare', 'compare');

describe('CanaryStep.experiment', () => {
  test('every field', () => {
    const step = CanaryStep.experiment({
      templates: [{ name: 'canary', specRef: ExperimentSpecRef.CANARY, weight: 5, selector: { app: 'x' }, annotations: { a: 'b' }, service: true }],
      analyses: [{ name: 'a', template }],
      dryRunMetrics: ['m'],
      analysisRunAnnotations: { team: 'web' },
    });
    expect(step._render({ index: 0, maxTrafficWeight: 100, maxTrafficWeightSet: false })).toEqual({
      experiment: {
        templates: [{ name: 'canary', specRef: 'canary', weight: 5, selector: { matchLabels: { app: 'x' } }, metadata: { annotations: { a: 'b' } }, service: {} }],
        analyses: [{ name: 'a', templateName: 'compare', clusterScope: true }],
        dryRun: [{ metricName: 'm' }],
        analysisRunMetadata: { annotations: { team: 'web' } },
      },
    });
  });

  test('fails on unnamed templates and analyses', () => {
    expect(() => CanaryStep.experiment({ templates: [{ name: '', specRef: ExperimentSpecRef.CANARY }] })).toThrow(/every template needs a name/);
    expect(() => CanaryStep.experiment({ templates: [{ name: 'a', specRef: ExperimentSpecRef.CANARY }], analyses: [{ name: '', template }] }))
      .toThrow(/every analysis needs a name/);
    expect(() => CanaryStep.experiment({
      templates: [{ name: 'a', specRef: ExperimentSpecRef.CANARY }],
      analyses: [{ name: 'x', template }, { name: 'x', template }],
    })).toThrow(/analysis name 'x' is used twice/);
  });

  test('fails on negative replicas', () => {
    expect(() => CanaryStep.experiment({ templates: [{ name: 'a', specRef: ExperimentSpecRef.CANARY, replicas: -1 }] }))
      .toThrow(/template 'a' replicas' must be an integer >= 0, got -1/);
  });
});
