import {
  analysisTemplate, blueGreenRollout, clusterAnalysisTemplate, expectFinding, expectNoFinding, findingsOf, metric, rolloutWithSteps, service,
  validRollout,
} from './helpers';
import { FindingSeverity, validateManifests } from '../../src/validation/private';

const REQUIRE = { requireReferencedObjects: true };
const CANARY = 'spec.strategy.canary';
const STEP = `${CANARY}.steps[1].analysis`;
const BACKGROUND = `${CANARY}.analysis`;

/** A canary Rollout whose second step is the analysis `analysis`. */
function stepAnalysis(analysis: any): any {
  return rolloutWithSteps([{ setWeight: 20 }, { analysis }, { setWeight: 50 }]);
}

/** A canary Rollout with the background analysis `analysis`. */
function backgroundAnalysis(analysis: any): any {
  const rollout = validRollout();
  rollout.spec.strategy.canary.analysis = analysis;
  return rollout;
}

/** A finite template metric (count 3 every minute). */
function finite(name: string, extra: any = {}): any {
  return metric(name, { interval: '1m', count: 3, ...extra });
}

describe('Referenced analysis templates (V50-V57)', () => {
  test('a Rollout with all its templates is valid, in every analysis position', () => {
    const rollout = stepAnalysis({
      templates: [{ templateName: 'rates' }, { templateName: 'shared', clusterScope: true }],
      args: [{ name: 'service', value: 'web' }],
    });
    rollout.spec.strategy.canary.analysis = { templates: [{ templateName: 'load' }], args: [{ name: 'service', valueFrom: { fieldRef: { fieldPath: 'metadata.name' } } }] };
    rollout.spec.strategy.canary.steps.push({ experiment: { templates: [{ name: 'c', specRef: 'canary' }], analyses: [{ name: 'a', templateName: 'rates', args: [{ name: 'service', value: 'x' }] }] } });
    const bg = blueGreenRollout();
    bg.metadata.name = 'web-bg'; // two Rollouts named alike in one file would be L05
    bg.spec.strategy.blueGreen.prePromotionAnalysis = { templates: [{ templateName: 'rates' }], args: [{ name: 'service', value: 'web' }] };
    bg.spec.strategy.blueGreen.postPromotionAnalysis = { templates: [{ templateName: 'shared', clusterScope: true }] };
    const manifests = [
      rollout, bg, service('web-active'), service('web-preview'),
      analysisTemplate('rates', { args: [{ name: 'service' }], metrics: [finite('success-rate', { provider: { web: { url: 'http://{{args.service}}' } } })] }),
      clusterAnalysisTemplate('shared', { metrics: [finite('errors')] }),
      analysisTemplate('load', { args: [{ name: 'service' }], metrics: [metric('load', { interval: '5m' })] }),
    ];
    expect(validateManifests(manifests, REQUIRE)).toEqual([]);
  });

  describe('V50 missing template', () => {
    test('reported only when referenced objects are required', () => {
      const rollout = stepAnalysis({ templates: [{ templateName: 'rates' }, { templateName: 'shared', clusterScope: true }] });
      const findings = findingsOf('V50', [rollout], REQUIRE);
      expect(findings.map(f => f.path)).toEqual([`${STEP}.templates[0].templateName`, `${STEP}.templates[1].templateName`]);
      expect(findings[0].message).toContain('AnalysisTemplate "rates"');
      expect(findings[1].message).toContain('ClusterAnalysisTemplate "shared"');
      expect(findings[0].fix).toMatch(/^Define an AnalysisTemplate named "rates"/);
      expect(findings[1].fix).toMatch(/^Define a ClusterAnalysisTemplate named "shared"/);
      expectNoFinding('V50', [rollout]);
    });

    test('an empty templateName', () => {
      expectFinding('V50', [stepAnalysis({ templates: [{ templateName: '' }] })], `${STEP}.templates[0].templateName`, 'templateName is empty', REQUIRE);
    });

    test('each analysis position, in the controller order', () => {
      const bg = blueGreenRollout();
      bg.spec.strategy.blueGreen.prePromotionAnalysis = { templates: [{ templateName: 'pre' }] };
      bg.spec.strategy.blueGreen.postPromotionAnalysis = { templates: [{ templateName: 'post' }] };
      expect(findingsOf('V50', [bg], REQUIRE).map(f => f.path)).toEqual([
        'spec.strategy.blueGreen.prePromotionAnalysis.templates[0].templateName',
        'spec.strategy.blueGreen.postPromotionAnalysis.templates[0].templateName',
      ]);
      const canary = backgroundAnalysis({ templates: [{ templateName: 'bg' }] });
      canary.spec.strategy.canary.steps = [{ analysis: { templates: [{ templateName: 'step' }] } }, {
        experiment: {
          templates: [{ name: 'c', specRef: 'canary' }], analyses: [{ name: 'a', templateName: 'exp', clusterScope: true }],
        },
      }];
      const findings = findingsOf('V50', [canary], REQUIRE);
      expect(findings.map(f => f.path)).toEqual([
        `${CANARY}.steps[0].analysis.templates[0].templateName`,
        `${CANARY}.steps[1].experiment.analyses[0].templateName`,
        `${BACKGROUND}.templates[0].templateName`,
      ]);
      expect(findings[1].message).toContain('ClusterAnalysisTemplate "exp"');
    });

    test('AnalysisTemplates are looked up in the Rollout namespace, ClusterAnalysisTemplates anywhere', () => {
      const rollout = stepAnalysis({ templates: [{ templateName: 'rates' }, { templateName: 'shared', clusterScope: true }] });
      rollout.metadata.namespace = 'shop';
      const elsewhere = analysisTemplate('rates', undefined, { metadata: { namespace: 'other' } });
      const cluster = clusterAnalysisTemplate('shared');
      expectFinding('V50', [rollout, elsewhere, cluster], `${STEP}.templates[0].templateName`, '"shop"', REQUIRE);
      const here = analysisTemplate('rates', undefined, { metadata: { namespace: 'shop' } });
      expectNoFinding('V50', [rollout, here, cluster], REQUIRE);
      // a namespaced template does not stand in for a ClusterAnalysisTemplate
      const finding = expectFinding('V50', [rollout, here, analysisTemplate('shared')], `${STEP}.templates[1].templateName`, 'ClusterAnalysisTemplate', REQUIRE);
      expect(finding.kind).toBe('Rollout');
    });

    test('only argoproj.io templates count', () => {
      const other = { ...analysisTemplate('rates'), apiVersion: 'example.com/v1' };
      expectFinding('V50', [stepAnalysis({ templates: [{ templateName: 'rates' }] }), other], `${STEP}.templates[0].templateName`, '"rates"', REQUIRE);
    });

    test('a missing nested template is reported on the template that composes it', () => {
      const rollout = stepAnalysis({ templates: [{ templateName: 'parent' }] });
      const parent = analysisTemplate('parent', { templates: [{ templateName: 'child' }, { templateName: 'gone', clusterScope: true }] });
      const findings = findingsOf('V50', [rollout, parent, analysisTemplate('child')], REQUIRE);
      expect(findings).toHaveLength(1);
      expect(findings[0]).toMatchObject({ documentIndex: 1, kind: 'AnalysisTemplate', name: 'parent', path: 'spec.templates[1].templateName' });
      expect(findings[0].message).toContain('"gone"');
    });

    test('two Rollouts using the same broken template give one finding on it', () => {
      const parent = analysisTemplate('parent', { templates: [{ templateName: 'gone' }] });
      const first = stepAnalysis({ templates: [{ templateName: 'parent' }] });
      const second = stepAnalysis({ templates: [{ templateName: 'parent' }] });
      second.metadata.name = 'api';
      expect(findingsOf('V50', [first, second, parent], REQUIRE).map(f => `${f.documentIndex} ${f.path}`)).toEqual(['2 spec.templates[0].templateName']);
    });
  });

  describe('nested templates', () => {
    test('are merged recursively, each once, and cycles end', () => {
      const rollout = stepAnalysis({ templates: [{ templateName: 'a' }, { templateName: 'b' }] });
      const a = analysisTemplate('a', { templates: [{ templateName: 'b' }, { templateName: 'c' }], metrics: [finite('m-a')] });
      const b = analysisTemplate('b', { templates: [{ templateName: 'a' }, { templateName: 'b' }], metrics: [finite('m-b')] });
      const c = analysisTemplate('c', { templates: [{ templateName: 'a' }], metrics: [finite('m-c')] });
      expect(validateManifests([rollout, a, b, c], REQUIRE)).toEqual([]);
      // the nested metric is really merged: a duplicate across the cycle is found
      const c2 = analysisTemplate('c', { templates: [{ templateName: 'a' }], metrics: [finite('m-b')] });
      expectFinding('V51', [rollout, a, b, c2], `${STEP}.templates`, '"m-b"');
    });

    test('a long chain of nested templates does not overflow the stack', () => {
      const chain = Array.from({ length: 20000 }, (_, i) => analysisTemplate(`t${i}`, { templates: [{ templateName: `t${i + 1}` }] }));
      chain.push(analysisTemplate('t20000', { metrics: [finite('end')] }));
      expect(validateManifests([stepAnalysis({ templates: [{ templateName: 't0' }] }), ...chain], REQUIRE)).toEqual([]);
    });
  });

  describe('V51 duplicate metric names across templates', () => {
    test('two templates define the same metric', () => {
      const rollout = stepAnalysis({ templates: [{ templateName: 'a' }, { templateName: 'b', clusterScope: true }] });
      const finding = expectFinding('V51', [rollout, analysisTemplate('a'), clusterAnalysisTemplate('b')], `${STEP}.templates`, '"success-rate"');
      expect(finding.message).toContain('ClusterAnalysisTemplate "b"');
    });

    test('the same template twice is collapsed, and distinct names pass', () => {
      expectNoFinding('V51', [stepAnalysis({ templates: [{ templateName: 'a' }, { templateName: 'a' }] }), analysisTemplate('a')]);
      const b = analysisTemplate('b', { metrics: [metric('latency')] });
      expectNoFinding('V51', [stepAnalysis({ templates: [{ templateName: 'a' }, { templateName: 'b' }] }), analysisTemplate('a'), b]);
    });
  });

  describe('V52 conflicting argument defaults', () => {
    test('two templates give the same argument different values', () => {
      const rollout = stepAnalysis({ templates: [{ templateName: 'a' }, { templateName: 'b' }] });
      const a = analysisTemplate('a', { args: [{ name: 'service', value: 'web' }], metrics: [finite('m-a')] });
      const b = analysisTemplate('b', { args: [{ name: 'port' }, { name: 'service', value: 'api' }], metrics: [finite('m-b')] });
      const finding = expectFinding('V52', [rollout, a, b], 'spec.args[1].value', '"api"');
      expect(finding).toMatchObject({ kind: 'AnalysisTemplate', name: 'b', documentIndex: 2 });
      expect(finding.message).toContain('"web"');
    });

    test('equal values, or a value next to none, pass', () => {
      const rollout = stepAnalysis({ templates: [{ templateName: 'a' }, { templateName: 'b' }] });
      const a = analysisTemplate('a', { args: [{ name: 'service' }], metrics: [finite('m-a')] });
      const b = analysisTemplate('b', { args: [{ name: 'service', value: 'api' }], metrics: [finite('m-b')] });
      const c = analysisTemplate('b', { args: [{ name: 'service', value: 'api' }], metrics: [finite('m-b')] });
      expectNoFinding('V52', [rollout, a, b]);
      expectNoFinding('V52', [rollout, c, b]);
    });
  });

  describe('V53 arguments without a value', () => {
    const rates = analysisTemplate('rates', { args: [{ name: 'service' }, { name: 'ns', value: 'shop' }], metrics: [finite('m')] });

    test('a template argument neither defaulted nor passed', () => {
      const rollout = stepAnalysis({ templates: [{ templateName: 'rates' }] });
      expectFinding('V53', [rollout, rates], `${STEP}.args`, '"service"');
      const noValue = stepAnalysis({ templates: [{ templateName: 'rates' }], args: [{ name: 'service' }] });
      expectFinding('V53', [noValue, rates], `${STEP}.args`, '"service"');
    });

    test('passed arguments and defaults pass', () => {
      const withValue = stepAnalysis({ templates: [{ templateName: 'rates' }], args: [{ name: 'service', value: 'web' }] });
      const withValueFrom = stepAnalysis({ templates: [{ templateName: 'rates' }], args: [{ name: 'service', valueFrom: { podTemplateHashValue: 'Latest' } }] });
      expectNoFinding('V53', [withValue, withValueFrom, rates]);
    });

    test('a default from another merged template counts', () => {
      const rollout = stepAnalysis({ templates: [{ templateName: 'rates' }, { templateName: 'other' }] });
      const other = analysisTemplate('other', { args: [{ name: 'service', value: 'web' }], metrics: [finite('o')] });
      expectNoFinding('V53', [rollout, rates, other]);
    });

    test('an argument the templates do not declare', () => {
      const rollout = stepAnalysis({ templates: [{ templateName: 'rates' }], args: [{ name: 'service', value: 'web' }, { name: 'servce', value: 'x' }] });
      const finding = expectFinding('V53', [rollout, rates], `${STEP}.args[1].name`, '"servce"');
      expect(finding.message).toContain('ignores');
      expect(finding.fix).toContain('"service"');
      // issue 10: the controller accepts it, so it is a warning (it was an error before)
      expect(finding.severity).toBe(FindingSeverity.WARNING);
      expect(expectFinding('V53', [stepAnalysis({ templates: [{ templateName: 'rates' }] }), rates], `${STEP}.args`).severity).toBeUndefined();
    });

    test('experiment-step analyses', () => {
      const rollout = rolloutWithSteps([{
        experiment: {
          templates: [{ name: 'c', specRef: 'canary' }],
          analyses: [{ name: 'a', templateName: 'rates', args: [{ name: 'sevice', value: 'web' }] }],
        },
      }]);
      const path = `${CANARY}.steps[0].experiment.analyses[0]`;
      expectFinding('V53', [rollout, rates], `${path}.args`, '"service"');
      expectFinding('V53', [rollout, rates], `${path}.args[0].name`, '"sevice"');
    });

    test('skipped while a template is missing', () => {
      const rollout = stepAnalysis({ templates: [{ templateName: 'rates' }, { templateName: 'absent' }], args: [{ name: 'other', value: 'x' }] });
      expectNoFinding('V53', [rollout, rates]);
    });
  });

  describe('V54 repeated dryRun and measurementRetention names', () => {
    test('the step lists a name that a template lists', () => {
      const rates = analysisTemplate('rates', { metrics: [finite('m')], dryRun: [{ metricName: 'm' }] });
      const rollout = stepAnalysis({ templates: [{ templateName: 'rates' }], dryRun: [{ metricName: 'm' }] });
      const finding = expectFinding('V54', [rollout, rates], `${STEP}.dryRun[0].metricName`, '"m"');
      expect(finding.message).toContain('AnalysisTemplate "rates"');
    });

    test('two templates list the same name', () => {
      const a = analysisTemplate('a', { metrics: [finite('m-a')], measurementRetention: [{ metricName: '.*', limit: 5 }] });
      const b = analysisTemplate('b', { metrics: [finite('m-b')], measurementRetention: [{ metricName: '.*', limit: 9 }] });
      const rollout = stepAnalysis({ templates: [{ templateName: 'a' }, { templateName: 'b' }] });
      const finding = expectFinding('V54', [rollout, a, b], 'spec.measurementRetention[0].metricName', '".*"');
      expect(finding).toMatchObject({ name: 'b', documentIndex: 2 });
    });

    test('distinct names pass', () => {
      const rates = analysisTemplate('rates', { metrics: [finite('m'), finite('n')], dryRun: [{ metricName: 'm' }] });
      expectNoFinding('V54', [stepAnalysis({ templates: [{ templateName: 'rates' }], dryRun: [{ metricName: 'n' }] }), rates]);
    });
  });

  describe('V55 metrics that run indefinitely', () => {
    test('interval without count in a step analysis', () => {
      const rates = analysisTemplate('rates', { metrics: [finite('ok'), metric('forever', { interval: '1m' })] });
      const finding = expectFinding('V55', [stepAnalysis({ templates: [{ templateName: 'rates' }] }), rates], 'spec.metrics[1].count', '"forever"');
      expect(finding).toMatchObject({ kind: 'AnalysisTemplate', name: 'rates' });
      expect(finding.message).toContain('"1m"');
    });

    test('count 0 in pre- and post-promotion analyses', () => {
      const rates = analysisTemplate('rates', { metrics: [metric('zero', { interval: '1m', count: '0' })] });
      const bg = blueGreenRollout();
      bg.spec.strategy.blueGreen.postPromotionAnalysis = { templates: [{ templateName: 'rates' }] };
      expectFinding('V55', [bg, rates], 'spec.metrics[0].count', '"0"');
    });

    test('a count taken from an argument without a default counts as indefinite', () => {
      const rates = analysisTemplate('rates', { args: [{ name: 'count' }], metrics: [metric('m', { interval: '1m', count: '{{args.count}}' })] });
      const rollout = stepAnalysis({ templates: [{ templateName: 'rates' }], args: [{ name: 'count', value: '5' }] });
      expectFinding('V55', [rollout, rates], 'spec.metrics[0].count', '"{{args.count}}"');
      const withDefault = analysisTemplate('rates', { args: [{ name: 'count', value: '5' }], metrics: [metric('m', { interval: '1m', count: '{{ args.count }}' })] });
      expectNoFinding('V55', [rollout, withDefault]);
    });

    test('background analysis, and metrics without interval, pass', () => {
      const forever = analysisTemplate('rates', { metrics: [metric('forever', { interval: '1m' }), metric('once')] });
      expectNoFinding('V55', [backgroundAnalysis({ templates: [{ templateName: 'rates' }] }), forever]);
      expectNoFinding('V55', [stepAnalysis({ templates: [{ templateName: 'rates' }] }), analysisTemplate('rates', { metrics: [metric('once')] })]);
    });
  });

  describe('V56 template arguments in non-background analysis', () => {
    test('a metric uses an undeclared argument', () => {
      const rates = analysisTemplate('rates', { metrics: [metric('m', { provider: { web: { url: 'http://{{ args.host }}/' } } })] });
      const finding = expectFinding('V56', [stepAnalysis({ templates: [{ templateName: 'rates' }] }), rates], 'spec.metrics[0]', '{{args.host}}');
      expect(finding.kind).toBe('AnalysisTemplate');
      expectNoFinding('V56', [backgroundAnalysis({ templates: [{ templateName: 'rates' }] }), rates]);
    });

    test('an argument with both value and valueFrom', () => {
      const rates = analysisTemplate('rates', {
        args: [{ name: 'key', value: 'x', valueFrom: { secretKeyRef: { name: 's', key: 'k' } } }],
        metrics: [metric('m')],
      });
      expectFinding('V56', [stepAnalysis({ templates: [{ templateName: 'rates' }] }), rates], 'spec.args[0]', '"key"');
    });

    test('declared arguments pass', () => {
      const rates = analysisTemplate('rates', { args: [{ name: 'host', value: 'web' }], metrics: [metric('m', { successCondition: '{{args.host}}' })] });
      expectNoFinding('V56', [stepAnalysis({ templates: [{ templateName: 'rates' }] }), rates]);
    });
  });

  describe('V57 background analysis arguments', () => {
    test('an argument without default, given a value only by another template', () => {
      const a = analysisTemplate('a', { args: [{ name: 'service' }], metrics: [metric('m-a')] });
      const b = analysisTemplate('b', { args: [{ name: 'service', value: 'web' }], metrics: [metric('m-b')] });
      const rollout = backgroundAnalysis({ templates: [{ templateName: 'a' }, { templateName: 'b' }] });
      const finding = expectFinding('V57', [rollout, a, b], `${BACKGROUND}.args`, '"service"');
      expect(finding.message).toContain('AnalysisTemplate "b"');
      // passing the argument fixes it; step analyses are not affected
      expectNoFinding('V57', [backgroundAnalysis({ templates: [{ templateName: 'a' }, { templateName: 'b' }], args: [{ name: 'service', value: 'x' }] }), a, b]);
      expectNoFinding('V57', [stepAnalysis({ templates: [{ templateName: 'a' }, { templateName: 'b' }] }), a, b]);
    });

    test('an argument nobody gives a value is V53 alone', () => {
      const a = analysisTemplate('a', { args: [{ name: 'service' }], metrics: [metric('m-a')] });
      const manifests = [backgroundAnalysis({ templates: [{ templateName: 'a' }] }), a];
      expectNoFinding('V57', manifests);
      expectFinding('V53', manifests, `${BACKGROUND}.args`, '"service"');
    });
  });

  test('findings on Rollouts and templates are ordered by document, rule order and path', () => {
    const rates = analysisTemplate('rates', { metrics: [metric('b', { interval: '1m' }), metric('a', { interval: '1m' })] });
    const first = stepAnalysis({ templates: [{ templateName: 'rates' }, { templateName: 'gone' }], args: [{ name: 'x', value: '1' }] });
    first.spec.replicas = -1;
    const broken = analysisTemplate('broken', { metrics: [metric('m', { count: -1, failureLimit: -2 })] });
    const second = stepAnalysis({ templates: [{ templateName: 'rates' }] });
    second.metadata.name = 'api';
    const findings = validateManifests([rates, first, broken, second], REQUIRE);
    expect(findings.map(f => `${f.documentIndex} ${f.ruleId} ${f.path}`)).toEqual([
      '0 V55 spec.metrics[0].count',
      '0 V55 spec.metrics[1].count',
      '1 V01 spec.replicas',
      `1 V50 ${STEP}.templates[1].templateName`,
      '2 A04 spec.metrics[0].failureLimit',
    ]);
  });

  test('templates and Rollouts never make the engine throw', () => {
    const junk: any[] = [
      stepAnalysis({ templates: 'x', args: 5, dryRun: 'x' }),
      stepAnalysis({ templates: [null, 5, { templateName: 7, clusterScope: 'yes' }], args: [null, { name: 5 }], dryRun: [null, { metricName: 5 }] }),
      backgroundAnalysis('x'),
      { kind: 'AnalysisTemplate', metadata: { name: 'x' }, spec: { templates: 'x', metrics: 'x', args: 'x' } },
      { kind: 'AnalysisTemplate', metadata: { name: 'x' }, spec: { templates: [null, { templateName: 'x' }], metrics: [null, 5, { provider: 'x', count: {} }] } },
      { kind: 'ClusterAnalysisTemplate', spec: { templates: [{ templateName: 'y' }], dryRun: [{ metricName: '(' }] } },
      { kind: 'AnalysisRun', spec: { args: [null, 'x', { name: {}, value: 5 }], metrics: [{ name: {}, provider: { datadog: 'x', plugin: 'x', web: [] } }] } },
      { kind: 'AnalysisRun', spec: { metrics: [{ provider: { kayenta: { scopes: [null, { controlScope: 'x' }] }, prometheus: { authentication: { oauth2: 'x' } } } }] } },
    ];
    expect(() => validateManifests(junk, REQUIRE)).not.toThrow();
    const cyclic: any = { name: 'm', provider: { job: { spec: {} } } };
    cyclic.provider.job.spec.self = cyclic;
    expect(() => validateManifests([analysisTemplate('c', { metrics: [cyclic] })])).not.toThrow();
  });

  // (speed is measured by `npm run bench`, never asserted in a test)
  test('validates 1,000 Rollouts with analyses and their templates: no findings', () => {
    const manifests: any[] = [];
    for (let n = 0; n < 10; n++) {
      const metadata = { namespace: `ns-${n}` };
      manifests.push(analysisTemplate('rates', {
        args: [{ name: 'service' }, { name: 'threshold', value: '0.95' }],
        templates: [{ templateName: 'errors' }, { templateName: 'shared', clusterScope: true }],
        metrics: [finite('success-rate', { provider: { web: { url: 'http://{{args.service}}/rate?min={{args.threshold}}' } } })],
        dryRun: [{ metricName: 'success-.*' }],
      }, { metadata }));
      manifests.push(analysisTemplate('errors', { args: [{ name: 'service' }], metrics: [finite('errors')] }, { metadata }));
    }
    manifests.push(clusterAnalysisTemplate('shared', { metrics: [finite('latency')] }));
    for (let i = 0; i < 1000; i++) {
      const rollout = stepAnalysis({ templates: [{ templateName: 'rates' }], args: [{ name: 'service', value: `web-${i}` }] });
      rollout.spec.strategy.canary.analysis = { templates: [{ templateName: 'errors' }], args: [{ name: 'service', value: `web-${i}` }] };
      rollout.metadata.name = `web-${i}`;
      rollout.metadata.namespace = `ns-${i % 10}`;
      manifests.push(rollout);
    }
    expect(validateManifests(manifests, REQUIRE)).toEqual([]);
  });
});

describe('dryRun and measurementRetention of a Rollout\'s analyses (issue 10)', () => {
  const rates = analysisTemplate('rates', { metrics: [finite('success-rate'), finite('latency-p99')] });

  test('A15 and A16: a name of a step, background, pre- or post-promotion analysis that matches no metric of its templates', () => {
    const rollout = stepAnalysis({ templates: [{ templateName: 'rates' }], dryRun: [{ metricName: 'errors' }, { metricName: 'latency' }] });
    rollout.spec.strategy.canary.analysis = { templates: [{ templateName: 'rates' }], measurementRetention: [{ metricName: 'p95', limit: 3 }] };
    const finding = expectFinding('A15', [rollout, rates], `${STEP}.dryRun[0].metricName`, '"errors"');
    expect(finding.message).toContain('"success-rate"');
    expect(findingsOf('A15', [rollout, rates])).toHaveLength(1); // "latency" matches "latency-p99"
    expectFinding('A16', [rollout, rates], `${BACKGROUND}.measurementRetention[0].metricName`, '"p95"');
    const bg = blueGreenRollout();
    bg.spec.strategy.blueGreen.prePromotionAnalysis = { templates: [{ templateName: 'rates' }], dryRun: [{ metricName: 'x' }] };
    bg.spec.strategy.blueGreen.postPromotionAnalysis = { templates: [{ templateName: 'rates' }], measurementRetention: [{ metricName: 'latency$', limit: 1 }] };
    expectFinding('A15', [bg, rates], 'spec.strategy.blueGreen.prePromotionAnalysis.dryRun[0].metricName', '"x"');
    expectFinding('A16', [bg, rates], 'spec.strategy.blueGreen.postPromotionAnalysis.measurementRetention[0].metricName', '"latency$"');
  });

  test('A15: nothing while a template is missing; a pattern that matches; an experiment step\'s dryRun against each of its analyses', () => {
    expectNoFinding('A15', [stepAnalysis({ templates: [{ templateName: 'rates' }, { templateName: 'gone' }], dryRun: [{ metricName: 'errors' }] }), rates]);
    expectNoFinding('A15', [stepAnalysis({ templates: [{ templateName: 'rates' }], dryRun: [{ metricName: '.*' }] }), rates]);
    const other = analysisTemplate('other', { metrics: [finite('errors')] });
    const rollout = rolloutWithSteps([{
      experiment: {
        templates: [{ name: 'c', specRef: 'canary' }],
        analyses: [{ name: 'a', templateName: 'rates' }, { name: 'b', templateName: 'other' }],
        dryRun: [{ metricName: 'errors' }],
      },
    }]);
    const finding = expectFinding('A15', [rollout, rates, other], `${CANARY}.steps[0].experiment.dryRun[0].metricName`, '"errors"');
    expect(finding.message).toContain('analyses[0]');
  });

  test('A15 and A16: a template\'s own lists are matched against every metric merged with it', () => {
    const lists = analysisTemplate('lists', { metrics: [finite('own')], dryRun: [{ metricName: 'latency' }], measurementRetention: [{ metricName: 'errors', limit: 1 }] });
    // alone, nothing of the template matches: warnings (a sibling may have the metrics)
    expect(findingsOf('A15', [lists]).map(f => [f.path, f.severity])).toEqual([['spec.dryRun[0].metricName', FindingSeverity.WARNING]]);
    expect(findingsOf('A16', [lists]).map(f => [f.path, f.severity])).toEqual([['spec.measurementRetention[0].metricName', FindingSeverity.WARNING]]);
    // merged with a template that has "latency-p99", the dryRun pattern matches; "errors" matches nothing merged
    const rollout = backgroundAnalysis({ templates: [{ templateName: 'lists' }, { templateName: 'rates' }] });
    expect(findingsOf('A15', [rollout, lists, rates])).toEqual([]);
    const finding = expectFinding('A16', [rollout, lists, rates], `${BACKGROUND}.templates`, '"errors"');
    expect(finding.message).toContain('AnalysisTemplate "lists"');
    expect(finding.severity).toBeUndefined();
    // a pattern that does not compile is the template's own error, used or not
    const invalid = analysisTemplate('lists', { metrics: [finite('own')], dryRun: [{ metricName: '(' }] });
    expectFinding('A15', [rollout, invalid, rates], 'spec.dryRun[0].metricName', 'not a valid Go regular expression');
    // an Experiment merges in the same way
    const experiment = { apiVersion: 'argoproj.io/v1alpha1', kind: 'Experiment', metadata: { name: 'e' }, spec: { templates: [], analyses: [{ name: 'a', templateName: 'lists' }] } };
    expectFinding('A15', [experiment, lists], 'spec.analyses[0].templateName', '"latency"');
  });

  test('V54: a step lists a dryRun name that the templates of another analysis list', () => {
    const bgTemplate = analysisTemplate('bg', { metrics: [finite('success-rate')], dryRun: [{ metricName: 'success-rate' }] });
    const rollout = stepAnalysis({ templates: [{ templateName: 'rates' }], dryRun: [{ metricName: 'success-rate' }] });
    rollout.spec.strategy.canary.analysis = { templates: [{ templateName: 'bg' }] };
    const finding = expectFinding('V54', [rollout, rates, bgTemplate], `${STEP}.dryRun[0].metricName`, 'AnalysisTemplate "bg"');
    expect(finding.message).toContain('background analysis');
    // another step's templates count too; the background analysis' own list is not merged into the others
    const twoSteps = rolloutWithSteps([
      { analysis: { templates: [{ templateName: 'bg' }] } },
      { analysis: { templates: [{ templateName: 'rates' }], measurementRetention: [{ metricName: 'success-rate', limit: 2 }] } },
    ]);
    const keeps = analysisTemplate('bg', { metrics: [finite('success-rate')], measurementRetention: [{ metricName: 'success-rate', limit: 5 }] });
    expectFinding('V54', [twoSteps, rates, keeps], `${CANARY}.steps[1].analysis.measurementRetention[0].metricName`, 'steps[0].analysis');
    const background = backgroundAnalysis({ templates: [{ templateName: 'rates' }], dryRun: [{ metricName: 'success-rate' }] });
    background.spec.strategy.canary.steps = [{ analysis: { templates: [{ templateName: 'bg' }] } }];
    expectNoFinding('V54', [background, rates, bgTemplate]);
  });
});

describe('Nested templates (issue 10)', () => {
  test('V51, V53 and V55 follow templates composed by the referenced one', () => {
    const outer = analysisTemplate('outer', { templates: [{ templateName: 'inner' }], metrics: [finite('m')] });
    const inner = analysisTemplate('inner', { args: [{ name: 'service' }], metrics: [finite('m'), metric('endless', { interval: '1m' })] });
    const rollout = stepAnalysis({ templates: [{ templateName: 'outer' }] });
    expectFinding('V51', [rollout, outer, inner], `${STEP}.templates`, '"m"');
    expectFinding('V53', [rollout, outer, inner], `${STEP}.args`, '"service"');
    expect(expectFinding('V55', [rollout, outer, inner], 'spec.metrics[1].count').name).toBe('inner');
  });
});

