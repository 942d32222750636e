import { Chart, Duration, Testing } from 'cdk8s';
import { analysisTemplate, clusterAnalysisTemplate, expectFinding, expectNoFinding, findingsOf, metric, rolloutWithSteps } from './helpers';
import {
  AnalysisTemplate, ArgoRolloutsApp, ArgoRolloutsVersion, CanaryStep, MetricProvider, RequestMetricsSource, RequestMetricsTemplates, Rollout,
  RolloutPlan, RolloutStrategy, StrategyService,
} from '../../src';
import { LintCommandIo, main } from '../../src/cli/lint';
import { FindingSeverity } from '../../src/validation/types';
import { stderrOf, synth } from '../util';

const RELEASES = ArgoRolloutsVersion.all().map(r => r.version);
const ANALYSIS = 'spec.strategy.canary.analysis';
/** The README's steps: 10, 30 and 60% with a 5-minute pause after each (steps 0–5). */
const PROGRESSION = [
  { setWeight: 10 }, { pause: { duration: '5m' } }, { setWeight: 30 }, { pause: { duration: '5m' } }, { setWeight: 60 }, { pause: { duration: '5m' } },
];

/** A canary Rollout with these steps and a background analysis of `templates` (names, or refs) from `startingStep`. */
function rollout(steps: any[], templates: any[] = ['success-rate'], extra: any = {}): any {
  const r = rolloutWithSteps(steps);
  r.spec.strategy.canary.analysis = {
    templates: templates.map(t => (typeof t === 'string' ? { templateName: t } : t)),
    ...extra,
  };
  return r;
}

/** The template `success-rate` whose one metric has `fields` (interval 1m, count 5 unless given). */
function rate(fields: any = {}, name = 'success-rate'): any {
  return analysisTemplate(name, { metrics: [metric(name, { interval: '1m', count: 5, ...fields })] });
}

describe.each(RELEASES)('A18 background analysis that ends before the last step (Argo Rollouts %s)', version => {
  const options = { version };

  test('the README case: count 5 at 1m from step 1 ends during the first pause, a warning with the metric, the times and the fix', () => {
    const finding = expectFinding('A18', [rollout(PROGRESSION, ['success-rate'], { startingStep: 1 }), rate()], ANALYSIS, undefined, options);
    expect(finding.severity).toBe(FindingSeverity.WARNING);
    expect(finding.message).toContain('Background analysis success-rate starts at step 1');
    expect(finding.message).toContain('"success-rate" after 4m (5 measurements 1m apart)');
    expect(finding.message).toContain('during step 1 (pause: 5m)');
    expect(finding.message).toContain('the last step, step 5 (pause: 5m), starts 10m after step 1 at the earliest');
    expect(finding.message).toContain('Steps 2–5 run without background analysis.');
    expect(finding.fix).toContain('Leave count out');
    expect(finding.fix).toContain('runIndefinitely: true');
    // 11 measurements 1m apart: the last 10m after the start, when the last step starts
    expect(finding.fix).toContain('raise the count of "success-rate" to at least 11');
  });

  test('a metric without count (interval only) runs until the Rollout finishes: nothing to report', () => {
    const open = analysisTemplate('success-rate', { metrics: [metric('success-rate', { interval: '1m' })] });
    expectNoFinding('A18', [rollout(PROGRESSION, ['success-rate'], { startingStep: 1 }), open], options);
    // count 0 is the same
    expectNoFinding('A18', [rollout(PROGRESSION, ['success-rate'], { startingStep: 1 }), rate({ count: 0 })], options);
    // one open metric among finite ones keeps the run going
    const mixed = analysisTemplate('success-rate', { metrics: [metric('success-rate', { interval: '1m', count: 2 }), metric('latency', { interval: '1m' })] });
    expectNoFinding('A18', [rollout(PROGRESSION, ['success-rate'], { startingStep: 1 }), mixed], options);
  });

  test('enough measurements to reach the last step, at its minimum time, are not reported; one fewer is', () => {
    expectNoFinding('A18', [rollout(PROGRESSION, ['success-rate'], { startingStep: 1 }), rate({ count: 11 })], options);
    expectFinding('A18', [rollout(PROGRESSION, ['success-rate'], { startingStep: 1 }), rate({ count: 10 })], ANALYSIS, '"success-rate" after 9m', options);
    // the initialDelay counts: 10 measurements after 1m reach the last step too
    expectNoFinding('A18', [rollout(PROGRESSION, ['success-rate'], { startingStep: 1 }), rate({ count: 10, initialDelay: '1m' })], options);
  });

  test('the latest metric decides, across templates, and the message names each one', () => {
    const latency = rate({ count: 3 }, 'latency');
    const finding = expectFinding('A18', [rollout(PROGRESSION, ['success-rate', 'latency']), rate(), latency], ANALYSIS, undefined, options);
    expect(finding.message).toContain('Background analysis success-rate, latency starts at step 0');
    expect(finding.message).toContain('"success-rate" after 4m (5 measurements 1m apart) and "latency" after 2m (3 measurements 1m apart)');
    expect(finding.message).toContain('about 4m after it starts, during step 1 (pause: 5m)');
    expect(finding.fix).toContain('raise the count of "success-rate" to at least 11 and raise the count of "latency" to at least 11');
    expectNoFinding('A18', [rollout(PROGRESSION, ['success-rate', 'latency']), rate({ count: 20 }), latency], options);
  });

  test('templates composed by a template count too; an unknown one silences the rule', () => {
    const outer = analysisTemplate('outer', { templates: [{ templateName: 'inner' }], metrics: [metric('a', { interval: '1m', count: 2 })] });
    const innerOpen = analysisTemplate('inner', { metrics: [metric('b', { interval: '1m' })] });
    expectNoFinding('A18', [rollout(PROGRESSION, ['outer']), outer, innerOpen], options);
    const innerShort = analysisTemplate('inner', { metrics: [metric('b', { interval: '1m', count: 3 })] });
    expectFinding('A18', [rollout(PROGRESSION, ['outer']), outer, innerShort], ANALYSIS, '"b" after 2m', options);
    // the composed template is not among the manifests: when the analysis ends is not known
    expectNoFinding('A18', [rollout(PROGRESSION, ['outer']), outer], { ...options, requireReferencedObjects: false });
  });

  test('a ClusterAnalysisTemplate is looked up cluster-wide', () => {
    const cluster = clusterAnalysisTemplate('success-rate', { metrics: [metric('success-rate', { interval: '1m', count: 5 })] });
    const r = rollout(PROGRESSION, [{ templateName: 'success-rate', clusterScope: true }]);
    r.metadata.namespace = 'shop';
    expectFinding('A18', [r, cluster], ANALYSIS, '"success-rate" after 4m', options);
  });

  test('a count from an argument: the analysis\' value, else the template\'s default; unknown at run time silences the rule', () => {
    const template = analysisTemplate('success-rate', {
      args: [{ name: 'count', value: '5' }],
      metrics: [metric('success-rate', { interval: '1m', count: '{{args.count}}' })],
    });
    expectFinding('A18', [rollout(PROGRESSION), template], ANALYSIS, '5 measurements', options);
    expectNoFinding('A18', [rollout(PROGRESSION, ['success-rate'], { args: [{ name: 'count', value: '30' }] }), template], options);
    const fromSecret = analysisTemplate('success-rate', {
      args: [{ name: 'count', valueFrom: { secretKeyRef: { name: 's', key: 'k' } } }],
      metrics: [metric('success-rate', { interval: '1m', count: '{{args.count}}' })],
    });
    expectNoFinding('A18', [rollout(PROGRESSION), fromSecret], options);
  });

  test('a manual pause counts as no time and is named; the time of analysis steps and experiments counts', () => {
    const steps = [{ setWeight: 20 }, { pause: {} }, { setWeight: 50 }, { pause: { duration: '10m' } }, { setWeight: 100 }];
    const finding = expectFinding('A18', [rollout(steps), rate()], ANALYSIS, undefined, options);
    expect(finding.message).toContain('during step 3 (pause: 10m)');
    expect(finding.message).toContain('Step 1 waits for a manual promotion, so the analysis ends earlier still.');
    expect(finding.message).toContain('Step 4 runs without background analysis.');
    // an analysis step of 6m (7 measurements 1m apart) before the last step
    const check = rate({ count: 7 }, 'check');
    const withStep = [{ setWeight: 20 }, { analysis: { templates: [{ templateName: 'check' }] } }, { setWeight: 100 }];
    expectFinding('A18', [rollout(withStep), rate(), check], ANALYSIS, 'starts 6m after step 0', options);
    expectNoFinding('A18', [rollout(withStep), rate({ count: 7 }), check], options);
  });

  test('an analysis starting at the last step, or past it, and a Rollout without steps are not reported', () => {
    expectNoFinding('A18', [rollout(PROGRESSION, ['success-rate'], { startingStep: 5 }), rate({ count: 1, interval: undefined })], options);
    expectNoFinding('A18', [rollout(PROGRESSION, ['success-rate'], { startingStep: 9 }), rate()], options);
    expectNoFinding('A18', [rollout([]), rate()], options);
    // blue-green has no background analysis
    expectNoFinding('A18', [rate()], options);
  });

  test('a template the manifests lack (references not required) silences the rule', () => {
    expectNoFinding('A18', [rollout(PROGRESSION)], { ...options, requireReferencedObjects: false });
  });

  test('in argo-rollouts-lint on plain YAML: a warning, exit 0 (1 with --warnings-as-errors)', () => {
    const yaml = [rollout(PROGRESSION, ['success-rate'], { startingStep: 1 }), rate()].map(m => JSON.stringify(m)).join('\n---\n');
    const lint = (args: string[]) => {
      let stdout = '';
      const io: LintCommandIo = { stdout: t => { stdout += t; }, stderr: () => undefined, readStdin: () => yaml };
      return { code: main(args, io), stdout };
    };
    const result = lint(['--version', version, '-']);
    expect(result.code).toBe(0);
    expect(result.stdout).toContain('[A18 warning]');
    expect(result.stdout).toContain('spec.strategy.canary.analysis');
    expect(result.stdout).toContain('Steps 2–5 run without background analysis');
    expect(lint(['--version', version, '--warnings-as-errors', '-']).code).toBe(1);
  });

  describe('at synth', () => {
    function chart(runIndefinitely: boolean, strict = false): { chart: Chart; rollout: Rollout } {
      const app = Testing.app();
      ArgoRolloutsApp.of(app).useVersion(ArgoRolloutsVersion.all().find(r => r.version === version)!);
      if (strict) {
        app.node.setContext('argo-rollouts:warningsAsErrors', true);
      }
      const c = new Chart(app, 'test');
      const successRate = RequestMetricsTemplates.successRate(c, 'success-rate', { source: RequestMetricsSource.ISTIO, runIndefinitely });
      const r = new Rollout(c, 'web', {
        containers: [{ image: 'ghcr.io/acme/web:1.4.2', portNumber: 8080 }],
        strategy: RolloutStrategy.canary({
          canaryService: StrategyService.define({ name: 'web-canary' }),
          stableService: StrategyService.define({ name: 'web-stable' }),
          analysis: { templates: [successRate], args: RequestMetricsTemplates.args('web-canary'), startingStep: 1 },
          steps: CanaryStep.progression({ weights: [10, 30, 60], pause: Duration.minutes(5) }),
        }),
      });
      return { chart: c, rollout: r };
    }

    test('the default preset as background analysis prints the warning with the construct path', () => {
      const { chart: c } = chart(false);
      expect(stderrOf(() => synth(c))).toMatch(/Rollout test\/web [\s\S]*\[A18 warning\] spec\.strategy\.canary\.analysis: Background analysis \S+ starts at step 1/);
    });

    test('... and fails synth when warnings are errors', () => {
      expect(() => synth(chart(false, true).chart)).toThrow(/\[A18 warning\] spec\.strategy\.canary\.analysis/);
    });

    test('runIndefinitely: no warning, and the plan says the analysis runs until the Rollout finishes', () => {
      const { chart: c, rollout: r } = chart(true, true);
      expect(stderrOf(() => synth(c))).not.toContain('A18');
      expect(r.plan().notes.filter(n => n.startsWith('Background analysis'))).toEqual([
        expect.stringMatching(/^Background analysis \S+ runs from step 1 until the Rollout finishes \("success-rate" measures every 1m until stopped\)\./),
      ]);
    });

    test('a hand-written template without count is fine as background analysis', () => {
      const app = Testing.app();
      app.node.setContext('argo-rollouts:warningsAsErrors', true);
      ArgoRolloutsApp.of(app).useVersion(ArgoRolloutsVersion.all().find(r => r.version === version)!);
      const c = new Chart(app, 'test');
      const watch = new AnalysisTemplate(c, 'watch', {
        metrics: [{ name: 'up', interval: Duration.minutes(1), provider: MetricProvider.web({ url: 'http://web/health' }) }],
      });
      const r = new Rollout(c, 'web', {
        containers: [{ image: 'ghcr.io/acme/web:1.4.2', portNumber: 8080 }],
        strategy: RolloutStrategy.canary({
          analysis: { templates: [watch] },
          steps: CanaryStep.progression({ weights: [50], pause: Duration.hours(1) }),
        }),
      });
      const manifests = synth(c);
      const plan = RolloutPlan.fromManifest(manifests.find(m => m.kind === 'Rollout'), { manifests, version });
      expect(plan.notes.join('\n')).toContain('until the Rollout finishes');
      expect(r.plan().notes).toEqual(plan.notes);
    });
  });
});

test('the same finding for every release (the steps\' times do not depend on the release)', () => {
  const manifests = [rollout(PROGRESSION, ['success-rate'], { startingStep: 1 }), rate()];
  const messages = RELEASES.map(version => findingsOf('A18', manifests, { version }).map(f => f.message));
  expect(RELEASES.length).toBeGreaterThanOrEqual(4);
  expect(new Set(messages.map(m => JSON.stringify(m))).size).toBe(1);
});
