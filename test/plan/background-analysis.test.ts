import { Chart, Duration, Testing } from 'cdk8s';
import { canaryRollout, prometheusMetric } from './fixtures';
import { ArgoRolloutsApp, ArgoRolloutsVersion, CanaryStep, RequestMetricsSource, RequestMetricsTemplates, Rollout, RolloutPlan, RolloutStrategy } from '../../src';
import { main, PlanCommandIo } from '../../src/cli/plan';
import { validateManifests } from '../../src/validation/private';

const RELEASES = ArgoRolloutsVersion.all().map(r => r.version);
const PROGRESSION = [
  { setWeight: 10 }, { pause: { duration: '5m' } }, { setWeight: 30 }, { pause: { duration: '5m' } }, { setWeight: 60 }, { pause: { duration: '5m' } },
];

/** A canary Rollout with these steps and a background analysis (`null`: none). */
function rollout(steps: any[], analysis: any = { templates: [{ templateName: 'success-rate' }] }): any {
  return canaryRollout(steps, analysis === null ? {} : { analysis });
}

function template(name: string, metrics: any[], extra: any = {}): any {
  return { apiVersion: 'argoproj.io/v1alpha1', kind: extra.kind ?? 'AnalysisTemplate', metadata: { name }, spec: { metrics, ...extra.spec } };
}

const metric = prometheusMetric;

const rate = (fields: any) => template('success-rate', [metric('success-rate', { interval: '1m', ...fields })]);

function planOf(manifests: any[], version = '1.9.1'): RolloutPlan {
  return RolloutPlan.fromManifest(manifests[0], { manifests: manifests.slice(1), version });
}

/** The text table's background column, by step index (-1: the full promotion). */
function backgroundColumn(plan: RolloutPlan): string[] {
  const lines = plan.toText().split('\n');
  const header = lines[2].split(/\s{2,}/);
  const at = header.indexOf('background');
  return lines.slice(4, 4 + plan.steps.length).map(l => l.split(/\s{2,}/)[at]);
}

function backgroundNotes(manifests: any[], version: string): string[] {
  return RolloutPlan.fromManifest(manifests[0], { manifests: manifests.slice(1), version }).notes.filter(n => n.startsWith('Background analysis'));
}

describe.each(RELEASES)('the plan\'s note on a background analysis (Argo Rollouts %s)', version => {
  test('metrics that end in the first pause: which step they end in and which steps run unanalysed', () => {
    expect(backgroundNotes([rollout(PROGRESSION, { templates: [{ templateName: 'success-rate' }], startingStep: 1 }), rate({ count: 5 })], version)).toEqual([
      'Background analysis success-rate runs from step 1; its metrics end about 4m after it starts, during step 1 (pause: 5m): steps 2–5 run unanalysed '
      + '(rule A18). Leave count out of its metrics to measure until the Rollout finishes, or raise it. It can abort the update at any time but adds no time.',
    ]);
  });

  test('consecutiveSuccessLimit without a count: the metric ends after so many successes, and the note says to leave it out', () => {
    const manifests = [rollout(PROGRESSION, { templates: [{ templateName: 'success-rate' }], startingStep: 1 }), rate({ consecutiveSuccessLimit: 3 })];
    expect(backgroundNotes(manifests, version)).toEqual([
      'Background analysis success-rate runs from step 1; its metrics end about 2m after it starts, during step 1 (pause: 5m): steps 2–5 run unanalysed '
      + '(rule A18). Leave count and consecutiveSuccessLimit out of its metrics to measure until the Rollout finishes, or raise them. '
      + 'It can abort the update at any time but adds no time.',
    ]);
    const [finding] = validateManifests(manifests, { version }).filter(f => f.ruleId === 'A18');
    expect(finding.message).toContain('"success-rate" after 2m (3 successful measurements in a row 1m apart, consecutiveSuccessLimit)');
    expect(finding.fix).toContain('Leave count out of the metrics, and consecutiveSuccessLimit out of "success-rate" (it ends a metric after so many successes in a row),');
    expect(finding.fix).toContain('raise the consecutiveSuccessLimit of "success-rate" to at least 11');
  });

  test('a metric without count: runs until the Rollout finishes (the old note said so for every analysis)', () => {
    expect(backgroundNotes([rollout(PROGRESSION, { templates: [{ templateName: 'success-rate' }], startingStep: 2 }), rate({})], version)).toEqual([
      'Background analysis success-rate runs from step 2 until the Rollout finishes ("success-rate" measures every 1m until stopped). '
      + 'It can abort the update at any time but adds no time.',
    ]);
  });

  test('metrics that reach the last step at the steps\' minimum time; a manual pause on the way is pointed out', () => {
    expect(backgroundNotes([rollout(PROGRESSION), rate({ count: 12 })], version)).toEqual([
      'Background analysis success-rate runs from step 0; its metrics end about 11m after it starts, and the last step (5) starts 10m after it at the earliest. '
      + 'It can abort the update at any time but adds no time.',
    ]);
    const manual = [{ setWeight: 10 }, { pause: {} }, { setWeight: 50 }, { pause: { duration: '1m' } }, { setWeight: 100 }];
    expect(backgroundNotes([rollout(manual), rate({ count: 5 })], version)[0]).toContain(
      'Step 1 waits without a time limit (a manual promotion), so the metrics may well end before the last step: leave count out to measure until the Rollout finishes.');
  });

  test('a template not among the manifests, a count known only at run time: the end is not known', () => {
    expect(backgroundNotes([rollout(PROGRESSION)], version)).toEqual([
      'Background analysis success-rate runs from step 0; when its metrics end is not known (AnalysisTemplate "success-rate" is not among the manifests). '
      + 'It can abort the update at any time but adds no time.',
    ]);
    expect(backgroundNotes([rollout(PROGRESSION), rate({ count: '{{args.n}}' })], version)[0]).toContain(
      'when its metrics end is not known (metric "success-rate": its count "{{args.n}}" is known only at run time)');
  });

  test('a startingStep past the last step is said so', () => {
    expect(backgroundNotes([rollout(PROGRESSION, { templates: [{ templateName: 'success-rate' }], startingStep: 8 }), rate({ count: 5 })], version)[0])
      .toMatch(/^Background analysis success-rate starts at step 8, after the last step \(5\)\./);
  });

  test('no background analysis, no note', () => {
    expect(backgroundNotes([rollout(PROGRESSION, null)], version)).toEqual([]);
  });

  test('as data: the steps covered and where the metrics end, in a fixed order, without absent fields', () => {
    // count 5, 1m apart, from step 1: the last measurement 4m in, during step 1 (pause: 5m); the first can fail it
    const early = planOf([rollout(PROGRESSION, { templates: [{ templateName: 'success-rate' }], startingStep: 1 }), rate({ count: 5 })], version);
    expect(JSON.parse(JSON.stringify(early.toJson().backgroundAnalysis))).toEqual({
      templates: ['success-rate'], startingStep: 1, coveredSteps: [1], metricsEnd: 'endsEarly', metricsEndSeconds: 240, endStep: 1, earliestEndSeconds: 0,
    });
    expect(Object.keys(early.backgroundAnalysis!)).toEqual(['templates', 'startingStep', 'coveredSteps', 'metricsEnd', 'metricsEndSeconds', 'endStep', 'earliestEndSeconds']);
    const json = early.toJson();
    expect(Object.keys(json).slice(-2)).toEqual(['backgroundAnalysis', 'notes']);
    // no count: every step from 2 to the last; no end; failureLimit 2 and 11 errors in a row: the 3rd failure, at 2m
    const open = planOf([rollout(PROGRESSION, { templates: [{ templateName: 'success-rate' }], startingStep: 2 }),
      rate({ failureLimit: 2, consecutiveErrorLimit: 20 })], version);
    expect(open.backgroundAnalysis).toEqual({ templates: ['success-rate'], startingStep: 2, coveredSteps: [2, 3, 4, 5], metricsEnd: 'untilFinished', earliestEndSeconds: 120 });
    // count 12 from step 0: 11m; the last step starts at 10m (steps 0–5 all covered)
    const long = planOf([rollout(PROGRESSION), rate({ count: 12, failureLimit: 20, consecutiveErrorLimit: 100 })], version);
    expect(long.backgroundAnalysis).toEqual({ templates: ['success-rate'], startingStep: 0, coveredSteps: [0, 1, 2, 3, 4, 5], metricsEnd: 'reachesLastStep', metricsEndSeconds: 660 });
    // a missing template: the steps that start at 0s (the least time) are covered, the end is not known
    const unknown = planOf([rollout(PROGRESSION)], version);
    expect(unknown.backgroundAnalysis).toEqual({ templates: ['success-rate'], startingStep: 0, coveredSteps: [0, 1], metricsEnd: 'unknown' });
    const past = planOf([rollout(PROGRESSION, { templates: [{ templateName: 'success-rate' }], startingStep: 8 }), rate({ count: 5 })], version);
    expect(past.backgroundAnalysis).toEqual({ templates: ['success-rate'], startingStep: 8, coveredSteps: [], metricsEnd: 'pastLastStep', metricsEndSeconds: 240, earliestEndSeconds: 0 });
    const none = planOf([rollout(PROGRESSION, null)], version);
    expect(none.backgroundAnalysis).toBeUndefined();
    expect(Object.keys(none.toJson())).not.toContain('backgroundAnalysis');
  });

  test('the tables mark the steps it covers; plans without one have no such column', () => {
    const early = planOf([rollout(PROGRESSION, { templates: [{ templateName: 'success-rate' }], startingStep: 1 }), rate({ count: 5 })], version);
    expect(backgroundColumn(early)).toEqual(['-', 'ends', '-', '-', '-', '-', '-']);
    const open = planOf([rollout(PROGRESSION, { templates: [{ templateName: 'success-rate' }], startingStep: 2 }), rate({})], version);
    expect(backgroundColumn(open)).toEqual(['-', '-', 'measures', 'measures', 'measures', 'measures', '-']);
    expect(backgroundColumn(planOf([rollout(PROGRESSION)], version))).toEqual(['measures', 'measures', '?', '?', '?', '?', '-']);
    expect(open.toMarkdown()).toContain('| min time | background | waits for |');
    expect(open.toMarkdown()).toContain('| 5m | measures | pause of 5m |');
    expect(planOf([rollout(PROGRESSION, null)], version).toText()).not.toContain('background');
  });

  test('the picture: a band over the steps it covers', () => {
    const bands = (plan: RolloutPlan) => [...plan.toSvg().matchAll(/<rect class="background-analysis" x="([0-9.]+)" y="[0-9.]+" width="([0-9.]+)"/g)];
    const open = planOf([rollout(PROGRESSION, { templates: [{ templateName: 'success-rate' }], startingStep: 2 }), rate({})], version);
    const tags = [...open.toSvg().matchAll(/<text class="tag" x="([0-9.]+)"/g)].map(m => Number(m[1]));
    const [band] = bands(open);
    expect(bands(open)).toHaveLength(1);
    // from the slot of step 2 to that of step 5
    expect(Number(band[1])).toBeGreaterThan(tags[1]);
    expect(Number(band[1])).toBeLessThan(tags[2]);
    expect(Number(band[1]) + Number(band[2])).toBeGreaterThan(tags[5]);
    expect(Number(band[1]) + Number(band[2])).toBeLessThan(tags[6]);
    expect(open.toSvg()).toContain('background analysis measures');
    expect(bands(planOf([rollout(PROGRESSION, null)], version))).toEqual([]);
    expect(planOf([rollout(PROGRESSION, null)], version).toSvg()).not.toContain('background analysis');
  });

  test('one computation: the note says "unanalysed" exactly when A18 warns, with the same end', () => {
    const steps = [{ setWeight: 10 }, { pause: { duration: '2m' } }, { setWeight: 40 }, { pause: { duration: '3m' } }, { setWeight: 70 }, { pause: {} }];
    let warned = 0;
    for (let startingStep = 0; startingStep < steps.length; startingStep++) {
      for (const count of [1, 2, 4, 6, 7]) {
        for (const initialDelay of [undefined, '2m']) {
          const manifests = [rollout(steps, { templates: [{ templateName: 'success-rate' }], startingStep }), rate({ count, initialDelay })];
          const note = backgroundNotes(manifests, version)[0];
          const findings = validateManifests(manifests, { version }).filter(f => f.ruleId === 'A18');
          const end = /metrics end about (\S+) after it starts/.exec(note)?.[1];
          expect({ startingStep, count, initialDelay, warned: findings.length === 1 })
            .toEqual({ startingStep, count, initialDelay, warned: note.includes('unanalysed') });
          if (findings.length === 1) {
            warned++;
            expect(findings[0].message).toContain(`the analysis ends about ${end} after it starts`);
            // the data: covered from the starting step to the step A18 names, the rest unanalysed
            const data = planOf(manifests, version).backgroundAnalysis!;
            expect(data.metricsEnd).toBe('endsEarly');
            expect(findings[0].message).toContain(`during step ${data.endStep} (`);
            expect(data.coveredSteps).toEqual(Array.from({ length: data.endStep! - startingStep + 1 }, (_, i) => startingStep + i));
          }
        }
      }
    }
    expect(warned).toBeGreaterThan(10);
  });

  test('the time of an analysis step follows the templates its template composes', () => {
    const outer = template('outer', [metric('a', { interval: '1m', count: 2 })], { spec: { templates: [{ templateName: 'inner' }] } });
    const inner = template('inner', [metric('b', { interval: '1m', count: 7, initialDelay: '30s' })]);
    const plan = RolloutPlan.fromManifest(rollout([{ setWeight: 20 }, { analysis: { templates: [{ templateName: 'outer' }] } }], null),
      { manifests: [outer, inner], version });
    expect(plan.steps[1]).toMatchObject({ kind: 'analysis', minSeconds: 390, indefinite: false });
    const missing = RolloutPlan.fromManifest(rollout([{ setWeight: 20 }, { analysis: { templates: [{ templateName: 'outer' }] } }], null),
      { manifests: [outer], version });
    expect(missing.steps[1].minSeconds).toBe(60);
    expect(missing.notes).toContain('The AnalysisTemplate "inner" is not among the manifests: the time of its analysis is not counted.');
  });

  test('rollout.plan() of a construct: the README example with runIndefinitely', () => {
    const app = Testing.app();
    ArgoRolloutsApp.of(app).useVersion(ArgoRolloutsVersion.all().find(r => r.version === version)!);
    const chart = new Chart(app, 'c');
    const successRate = RequestMetricsTemplates.successRate(chart, 'success-rate', { source: RequestMetricsSource.ISTIO, runIndefinitely: true });
    const latency = RequestMetricsTemplates.latency(chart, 'latency', { source: RequestMetricsSource.ISTIO, count: 3 });
    const web = new Rollout(chart, 'web', {
      containers: [{ image: 'ghcr.io/acme/web:1.4.2', portNumber: 8080 }],
      strategy: RolloutStrategy.canary({
        analysis: { templates: [successRate, latency], args: RequestMetricsTemplates.args('web'), startingStep: 1 },
        steps: CanaryStep.progression({ weights: [10, 30, 60], pause: Duration.minutes(5) }),
      }),
    });
    const note = web.plan().notes.find(n => n.startsWith('Background analysis'));
    expect(note).toMatch(/runs from step 1 until the Rollout finishes \("success-rate" measures every 1m until stopped\)/);
  });
});

test('an analysis without metrics: its end is not known, and A18 says nothing', () => {
  const empty = { apiVersion: 'argoproj.io/v1alpha1', kind: 'AnalysisTemplate', metadata: { name: 'success-rate' }, spec: { metrics: [] } };
  expect(backgroundNotes([rollout(PROGRESSION), empty], '1.9.1')).toEqual([
    'Background analysis success-rate runs from step 0; when its metrics end is not known (it has no metrics). It can abort the update at any time but adds no time.',
  ]);
  expect(validateManifests([rollout(PROGRESSION), empty]).filter(f => f.ruleId === 'A18')).toEqual([]);
});

describe.each(RELEASES)('argo-rollouts-plan on plain YAML (Argo Rollouts %s)', version => {
  test('the note names the steps the background analysis leaves unanalysed', () => {
    const input = [rollout(PROGRESSION, { templates: [{ templateName: 'success-rate' }], startingStep: 1 }), rate({ count: 5 })]
      .map(d => JSON.stringify(d)).join('\n---\n');
    let stdout = '';
    const io: PlanCommandIo = { stdout: t => { stdout += t; }, stderr: () => undefined, readStdin: () => input };
    expect(main(['--version', version, '-'], io)).toBe(0);
    expect(stdout).toContain('Background analysis success-rate runs from step 1; its metrics end about 4m after it starts, during step 1 (pause: 5m): '
      + 'steps 2–5 run unanalysed (rule A18).');
  });
});

test('a count from an argument: the analysis\' literal value wins over the template\'s default; a valueFrom makes it unknown', () => {
  const withArg = template('success-rate', [metric('success-rate', { interval: '1m', count: '{{args.n}}' })], { spec: { args: [{ name: 'n', value: '3' }] } });
  const analysis = (args: any[]) => ({ templates: [{ templateName: 'success-rate' }], args });
  const note = (args: any[]) => backgroundNotes([rollout(PROGRESSION, analysis(args)), withArg], '1.9.1')[0];
  expect(note([])).toContain('its metrics end about 2m after it starts');
  expect(note([{ name: 'n', value: '7' }])).toContain('its metrics end about 6m after it starts');
  expect(note([{ name: 'n', valueFrom: { fieldRef: { fieldPath: 'metadata.labels[\'n\']' } } }]))
    .toContain('when its metrics end is not known (metric "success-rate": its count "{{args.n}}" is known only at run time)');
  // an analysis step: its own arguments count in the step's time
  const stepped = RolloutPlan.fromManifest(rollout([{ setWeight: 20 }, { analysis: analysis([{ name: 'n', value: '5' }]) }], null),
    { manifests: [withArg], version: '1.9.1' });
  expect(stepped.steps[1].minSeconds).toBe(240);
});
