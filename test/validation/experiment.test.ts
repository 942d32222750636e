import {
  analysisTemplate, clusterAnalysisTemplate, expectFinding, expectNoFinding, findingsOf, metric, rolloutWithSteps, validExperiment,
} from './helpers';
import { FindingSeverity, validateManifests } from '../../src/validation/private';

const REQUIRE = { requireReferencedObjects: true };
const T0 = 'spec.templates[0]';

describe('Experiment (X01-X06)', () => {
  test('the fixture is valid', () => {
    expect(validateManifests([validExperiment()], REQUIRE)).toEqual([]);
  });

  test('findings name the Experiment', () => {
    const experiment = validExperiment();
    delete experiment.spec.templates[1].selector;
    // The CRD schema requires the selector too (S02); the controller's rule is X01.
    expect(validateManifests([experiment]).filter(f => f.ruleId !== 'S02')).toEqual([{
      ruleId: 'X01',
      documentIndex: 0,
      kind: 'Experiment',
      name: 'compare',
      path: 'spec.templates[1].selector',
      message: expect.stringContaining('"candidate"'),
      fix: expect.any(String),
    }]);
  });

  test('X01 template selector missing', () => {
    const experiment = validExperiment();
    experiment.spec.templates[0].selector = null;
    expectFinding('X01', [experiment], `${T0}.selector`, '"baseline"');
    expectNoFinding('X01', [validExperiment()]);
  });

  test('X02 template selector empty', () => {
    const empty = validExperiment();
    empty.spec.templates[0].selector = {};
    expectFinding('X02', [empty], `${T0}.selector`, '{}');
    const emptyLabels = validExperiment();
    emptyLabels.spec.templates[0].selector = { matchLabels: {}, matchExpressions: [] };
    expectFinding('X02', [emptyLabels], `${T0}.selector`, 'matchLabels');
    const expressions = validExperiment();
    expressions.spec.templates[0].selector = { matchExpressions: [{ key: 'app', operator: 'Exists' }] };
    expectNoFinding('X02', [expressions]);
  });

  test('X03 minReadySeconds above progressDeadlineSeconds', () => {
    const byDefault = validExperiment();
    byDefault.spec.templates[0].minReadySeconds = 601;
    expectFinding('X03', [byDefault], `${T0}.minReadySeconds`, '600 (the default)');
    const explicit = validExperiment();
    explicit.spec.progressDeadlineSeconds = 60;
    explicit.spec.templates[0].minReadySeconds = 90;
    expectFinding('X03', [explicit], `${T0}.minReadySeconds`, '90');
    const equal = validExperiment();
    equal.spec.templates[0].minReadySeconds = 600;
    expectNoFinding('X03', [equal]);
  });

  test('X04 template name empty', () => {
    const experiment = validExperiment();
    experiment.spec.templates[0].name = '';
    delete experiment.spec.templates[1].name;
    expect(findingsOf('X04', [experiment]).map(f => f.path)).toEqual([`${T0}.name`, 'spec.templates[1].name']);
    expectFinding('X04', [experiment], `${T0}.name`, '""');
    expectNoFinding('X04', [validExperiment()]);
  });

  test('X05 template name repeated', () => {
    const experiment = validExperiment();
    experiment.spec.templates[1].name = 'baseline';
    expectFinding('X05', [experiment], 'spec.templates[1].name', '"baseline"');
    expectNoFinding('X05', [validExperiment()]);
  });

  describe('X06 runtime failures', () => {
    test('an Experiment analysis template that does not exist', () => {
      const experiment = validExperiment();
      experiment.spec.analyses = [
        { name: 'rate', templateName: 'success-rate' },
        { name: 'shared', templateName: 'shared', clusterScope: true },
      ];
      const findings = findingsOf('X06', [experiment], REQUIRE);
      expect(findings.map(f => f.path)).toEqual(['spec.analyses[0].templateName', 'spec.analyses[1].templateName']);
      expect(findings[0].message).toContain('AnalysisTemplate "success-rate"');
      expect(findings[1].message).toContain('ClusterAnalysisTemplate "shared"');
      // only when referenced objects are required
      expectNoFinding('X06', [experiment]);
      expectNoFinding('X06', [experiment, analysisTemplate('success-rate'), clusterAnalysisTemplate('shared')], REQUIRE);
    });

    test('AnalysisTemplates are looked up in the Experiment namespace', () => {
      const experiment = validExperiment();
      experiment.metadata.namespace = 'shop';
      experiment.spec.analyses = [{ name: 'rate', templateName: 'success-rate' }];
      const elsewhere = analysisTemplate('success-rate', undefined, { metadata: { namespace: 'other' } });
      expectFinding('X06', [experiment, elsewhere], 'spec.analyses[0].templateName', '"shop"', REQUIRE);
      const here = analysisTemplate('success-rate', undefined, { metadata: { namespace: 'shop' } });
      expectNoFinding('X06', [experiment, here], REQUIRE);
    });

    test('a template composed by an Experiment analysis template that does not exist', () => {
      const experiment = validExperiment();
      experiment.spec.analyses = [{ name: 'rate', templateName: 'parent' }];
      const parent = analysisTemplate('parent', { templates: [{ templateName: 'child' }] });
      expectFinding('X06', [experiment, parent], 'spec.analyses[0].templateName', '"child"', REQUIRE);
      expectNoFinding('X06', [experiment, parent, analysisTemplate('child')], REQUIRE);
    });

    test('an experiment-step template specRef other than canary or stable', () => {
      const rollout = rolloutWithSteps([{
        experiment: {
          templates: [
            { name: 'a', specRef: 'canary' }, { name: 'b', specRef: 'stable' }, { name: 'c', specRef: 'Canary' }, { name: 'd' },
          ],
        },
      }]);
      const findings = findingsOf('X06', [rollout]);
      expect(findings.map(f => f.path)).toEqual([
        'spec.strategy.canary.steps[0].experiment.templates[2].specRef',
        'spec.strategy.canary.steps[0].experiment.templates[3].specRef',
      ]);
      expect(findings[0].message).toContain('"Canary"');
      expect(findings[0].kind).toBe('Rollout');
      expectNoFinding('X06', [rolloutWithSteps([{ experiment: { templates: [{ name: 'a', specRef: 'stable' }] } }])]);
    });
  });

  test('malformed Experiments do not throw', () => {
    const junk: any[] = [
      { kind: 'Experiment' },
      { kind: 'Experiment', spec: { templates: 'x', analyses: 5 } },
      { kind: 'Experiment', spec: { templates: [null, 5, { selector: 'x', name: 7, minReadySeconds: 'x' }], analyses: [null, { templateName: 5 }] } },
    ];
    expect(() => validateManifests(junk, REQUIRE)).not.toThrow();
  });
});

describe('Analyses of a standalone Experiment, as in a Rollout\'s experiment step (issue 10)', () => {
  const rates = analysisTemplate('rates', {
    args: [{ name: 'service' }, { name: 'ns', value: 'shop' }],
    metrics: [metric('success-rate', { provider: { web: { url: 'http://{{args.service}}.{{args.ns}}/' } } })],
  });
  const withAnalyses = (analyses: any[], extra: any = {}) => {
    const experiment = validExperiment();
    experiment.spec.analyses = analyses;
    Object.assign(experiment.spec, extra);
    return experiment;
  };

  test('V53: a required argument not passed is an error, an undeclared one a warning; the same rule as in a Rollout step', () => {
    const experiment = withAnalyses([{ name: 'check', templateName: 'rates', args: [{ name: 'sevice', value: 'web' }] }]);
    const missing = expectFinding('V53', [experiment, rates], 'spec.analyses[0].args', '"service"');
    expect(missing.severity).toBeUndefined();
    const undeclared = expectFinding('V53', [experiment, rates], 'spec.analyses[0].args[0].name', '"sevice"');
    expect(undeclared.severity).toBe(FindingSeverity.WARNING);
    // the same analysis in a Rollout's experiment step gives the same findings
    const rollout = rolloutWithSteps([{ experiment: { templates: [{ name: 'c', specRef: 'canary' }], analyses: experiment.spec.analyses } }]);
    const fromStep = findingsOf('V53', [rollout, rates]).map(f => [f.message, f.severity]);
    expect(findingsOf('V53', [experiment, rates]).map(f => [f.message.replace('analysis "check"', 'experiment-step analysis'), f.severity])).toEqual(fromStep);
  });

  test('V53: passed values and defaults pass; valueFrom is not passed on by an Experiment', () => {
    expectNoFinding('V53', [withAnalyses([{ name: 'check', templateName: 'rates', args: [{ name: 'service', value: 'web' }] }]), rates]);
    const valueFrom = withAnalyses([{ name: 'check', templateName: 'rates', args: [{ name: 'service', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } }] }]);
    expectFinding('V53', [valueFrom, rates], 'spec.analyses[0].args', 'valueFrom is dropped');
    // a missing template: nothing to judge
    expectNoFinding('V53', [withAnalyses([{ name: 'check', templateName: 'gone' }])]);
  });

  test('A17: the templates composed by the referenced one are merged first', () => {
    const outer = analysisTemplate('outer', { templates: [{ templateName: 'inner' }], metrics: [metric('m', { successCondition: '{{args.x}}' })] });
    const inner = analysisTemplate('inner', { args: [{ name: 'x', value: '1' }], metrics: [metric('n')] });
    expectNoFinding('A17', [withAnalyses([{ name: 'check', templateName: 'outer' }]), outer, inner]);
    const lone = analysisTemplate('inner', { metrics: [metric('n')] });
    expectFinding('A17', [withAnalyses([{ name: 'check', templateName: 'outer' }]), outer, lone], 'spec.analyses[0].templateName', '{{args.x}}');
  });

  test('A15 and A16: the Experiment\'s lists go to the AnalysisRun of every analysis', () => {
    const other = analysisTemplate('other', { metrics: [metric('errors')] });
    const analyses = [{ name: 'a', templateName: 'rates', args: [{ name: 'service', value: 'web' }] }, { name: 'b', templateName: 'other' }];
    const experiment = withAnalyses(analyses, { dryRun: [{ metricName: 'success' }], measurementRetention: [{ metricName: '.*', limit: 3 }] });
    const finding = expectFinding('A15', [experiment, rates, other], 'spec.dryRun[0].metricName', '"success"');
    expect(finding.message).toContain('analysis "b"');
    expectNoFinding('A16', [experiment, rates, other]);
    expectNoFinding('A15', [withAnalyses(analyses, { dryRun: [{ metricName: 'success|errors' }] }), rates, other]);
  });
});

