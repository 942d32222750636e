import * as fs from 'fs';
import * as path from 'path';
import * as YAML from 'yaml';
import { canaryRollout, prometheusMetric } from './fixtures';
import { RolloutPlan } from '../../src/plan';

// How soon an analysis can end its step, worked out by hand from the controller's rules
// (analysis/analysis.go: the assessment of a metric and of the run). A metric measures at
// initialDelay, initialDelay + interval, …; it fails at its (failureLimit + 1)-th failed measurement
// (never with failureLimit -1) and turns inconclusive at its (inconclusiveLimit + 1)-th inconclusive
// one. The first metric to complete so ends the run. Errors of a provider are left out of the range.

const rollout = canaryRollout;

function template(name: string, metrics: any[], spec: any = {}): any {
  return { apiVersion: 'argoproj.io/v1alpha1', kind: 'AnalysisTemplate', metadata: { name }, spec: { metrics, ...spec } };
}

const metric = prometheusMetric;

/** The plan's analysis step (step 1) with these metrics in one template. */
function analysisStep(metrics: any[], analysis: any = {}, spec: any = {}) {
  const plan = RolloutPlan.fromManifest(rollout([{ setWeight: 20 }, { analysis: { templates: [{ templateName: 'checks' }], ...analysis } }]),
    { manifests: [template('checks', metrics, spec)] });
  return plan.steps[1];
}

/** minSeconds and earliestEndSeconds of the analysis step. */
function range(metrics: any[], analysis: any = {}, spec: any = {}): [number, number | undefined] {
  const step = analysisStep(metrics, analysis, spec);
  return [step.minSeconds, step.earliestEndSeconds];
}

describe('failureLimit', () => {
  test('0 (the default): the first measurement can fail the analysis at once', () => {
    // 5 measurements 1m apart: the last at 4m; the first, at 0s, fails it
    expect(range([metric('rate', { interval: '1m', count: 5 })])).toEqual([240, 0]);
  });

  test('2: the third failed measurement, at 2m', () => {
    // failures at 0, 1m, 2m
    expect(range([metric('rate', { interval: '1m', count: 5, failureLimit: 2 })])).toEqual([240, 120]);
  });

  test('errors of the provider do not count: a low consecutiveErrorLimit changes nothing', () => {
    // the controller aborts after consecutiveErrorLimit + 1 errors in a row, but they say nothing of the canary
    expect(range([metric('rate', { interval: '1m', count: 5, failureLimit: 2, consecutiveErrorLimit: 0 })])).toEqual([240, 120]);
  });

  test('-1: failures never end it (and two successes in a row complete it, at 1m)', () => {
    expect(range([metric('rate', { interval: '1m', count: 5, failureLimit: -1, consecutiveSuccessLimit: 2, consecutiveErrorLimit: 10 })]))
      .toEqual([60, undefined]);
  });

  test('a failureLimit the count never reaches: the metric cannot fail', () => {
    // count 3, failureLimit 3: it would need a 4th failed measurement
    expect(range([metric('rate', { interval: '1m', count: 3, failureLimit: 3 })])).toEqual([120, undefined]);
  });

  test('no condition at all: every measurement succeeds, nothing ends it sooner', () => {
    const none = { name: 'up', interval: '1m', count: 5, provider: { prometheus: { address: 'http://prometheus:9090', query: 'sum(up)' } } };
    expect(range([none])).toEqual([240, undefined]);
    // a job judges itself: it can fail
    const job = { name: 'smoke', interval: '1m', count: 5, provider: { job: { spec: { template: { spec: { containers: [], restartPolicy: 'Never' } } } } } };
    expect(range([job])).toEqual([240, 0]);
  });
});

describe('inconclusiveLimit', () => {
  const both = { successCondition: 'result[0] >= 0.95', failureCondition: 'result[0] < 0.8' };

  test('with a success and a failure condition a measurement can be inconclusive: the (inconclusiveLimit + 1)-th ends it', () => {
    // failures: the 4th, at 3m; inconclusive: the 2nd, at 1m
    expect(range([metric('rate', { ...both, interval: '1m', count: 6, failureLimit: 3, inconclusiveLimit: 1 })]))
      .toEqual([300, 60]);
    // inconclusiveLimit 0 (the default): the first inconclusive measurement, at 0s
    expect(range([metric('rate', { ...both, interval: '1m', count: 6, failureLimit: 3 })])).toEqual([300, 0]);
  });

  test('with a successCondition only, no measurement is inconclusive: the limit does not count', () => {
    expect(range([metric('rate', { interval: '1m', count: 6, failureLimit: 3, inconclusiveLimit: 0 })])).toEqual([300, 180]);
  });

  test('Kayenta\'s marginal score is inconclusive', () => {
    const kayenta = {
      name: 'judge',
      interval: '1m',
      count: 6,
      failureLimit: 5,
      inconclusiveLimit: 2,
      provider: { kayenta: { address: 'http://kayenta', application: 'web', canaryConfigName: 'c', thresholds: { pass: 90, marginal: 75 }, scopes: [] } },
    };
    // inconclusive: the 3rd, at 2m; failed: the 6th, at 5m, no sooner than the end
    expect(range([kayenta])).toEqual([300, 120]);
  });

  test('a job fails or succeeds, never inconclusive; a plugin may be inconclusive', () => {
    const limits = { interval: '1m', count: 6, failureLimit: 5, inconclusiveLimit: 2 };
    const job = { name: 'smoke', ...limits, provider: { job: { spec: { template: { spec: { containers: [], restartPolicy: 'Never' } } } } } };
    // failed: the 6th, at 5m, no sooner than the end; the inconclusiveLimit does not count
    expect(range([job])).toEqual([300, undefined]);
    const plugin = { name: 'judge', ...limits, provider: { plugin: { 'example/judge': { level: 'strict' } } } };
    // inconclusive: the 3rd, at 2m
    expect(range([plugin])).toEqual([300, 120]);
  });
});

test('initialDelay: every measurement comes that much later', () => {
  // measurements at 2m, 3m, 4m: the last at 4m; the 2nd failure at 3m
  expect(range([metric('rate', { initialDelay: '2m', interval: '1m', count: 3, failureLimit: 1 })])).toEqual([240, 180]);
});

test('several metrics: the first to fail decides the soonest end, the last to finish the step\'s time', () => {
  const a = metric('rate', { interval: '1m', count: 5, failureLimit: 2 }); // last at 4m, fails at 2m
  const b = metric('latency', { initialDelay: '1m', interval: '30s', count: 10, failureLimit: 1 }); // last at 5m30s, fails at 1m30s
  expect(range([a, b])).toEqual([330, 90]);
  // in two templates of one analysis: the same run
  const plan = RolloutPlan.fromManifest(rollout([{ analysis: { templates: [{ templateName: 'a' }, { templateName: 'b' }] } }]),
    { manifests: [template('a', [a]), template('b', [b])] });
  expect(plan.steps[0]).toMatchObject({ minSeconds: 330, earliestEndSeconds: 90 });
});

test('a metric without interval measures once, at its initialDelay: it can end a longer analysis then', () => {
  const once = metric('smoke', { initialDelay: '30s' });
  // alone: the step takes 30s and cannot end sooner
  expect(range([once])).toEqual([30, undefined]);
  // beside a metric of 4m: its one measurement, at 30s, can fail the analysis
  expect(range([once, metric('rate', { interval: '1m', count: 5, failureLimit: 3 })])).toEqual([240, 30]);
});

test('a count given as an argument bounds the failures like a literal one', () => {
  const counted = metric('rate', { interval: '1m', count: '{{args.n}}', failureLimit: 2 });
  const args = (n: string) => ({ args: [{ name: 'n', value: n }] });
  const spec = { args: [{ name: 'n' }] };
  // n = 5: last at 4m, the 3rd failure at 2m
  expect(range([counted], args('5'), spec)).toEqual([240, 120]);
  // n = 2: last at 1m; three failures cannot happen in two measurements
  expect(range([counted], args('2'), spec)).toEqual([60, undefined]);
  // a failureLimit from an argument too
  const limited = metric('rate', { interval: '1m', count: 5, failureLimit: '{{args.f}}' });
  expect(range([limited], { args: [{ name: 'f', value: '1' }] }, { args: [{ name: 'f' }] })).toEqual([240, 60]);
});

test('dry-run metrics never end the analysis: the template\'s dryRun and the step\'s', () => {
  const quick = metric('quick', { interval: '1m', count: 2 }); // would fail at 0s
  const slow = metric('slow', { interval: '1m', count: 5, failureLimit: 2 }); // fails at 2m
  expect(range([quick, slow])).toEqual([240, 0]);
  expect(range([quick, slow], {}, { dryRun: [{ metricName: 'quick' }] })).toEqual([240, 120]);
  expect(range([quick, slow], { dryRun: [{ metricName: 'qu.*' }] })).toEqual([240, 120]);
  // every metric a dry run: nothing ends it sooner
  expect(range([quick, slow], { dryRun: [{ metricName: '.*' }] })).toEqual([240, undefined]);
});

test('experiments: the first of their analyses to fail ends them, with a duration or without', () => {
  const t = template('checks', [metric('rate', { interval: '1m', count: 5, failureLimit: 2 })]);
  const experiment = (fields: any) => RolloutPlan.fromManifest(rollout([{
    experiment: { templates: [{ name: 'canary', specRef: 'canary' }], analyses: [{ name: 'a', templateName: 'checks' }], ...fields },
  }]), { manifests: [t] }).steps[0];
  expect(experiment({ duration: '10m' })).toMatchObject({ minSeconds: 600, earliestEndSeconds: 120 });
  expect(experiment({})).toMatchObject({ minSeconds: 240, earliestEndSeconds: 120 });
  expect(experiment({ dryRun: [{ metricName: 'rate' }] }).earliestEndSeconds).toBeUndefined();
});

test('blue-green: the pre-promotion analysis ends the preview sooner, the post-promotion analysis the promotion', () => {
  const t = template('checks', [metric('rate', { interval: '1m', count: 5, failureLimit: 1 })]);
  const bg = {
    ...rollout([]),
    spec: {
      ...rollout([]).spec,
      strategy: {
        blueGreen: {
          activeService: 'web',
          previewService: 'web-preview',
          prePromotionAnalysis: { templates: [{ templateName: 'checks' }] },
          postPromotionAnalysis: { templates: [{ templateName: 'checks' }] },
        },
      },
    },
  };
  const steps = RolloutPlan.fromManifest(bg, { manifests: [t] }).steps;
  expect(steps.map(s => [s.kind, s.minSeconds, s.earliestEndSeconds])).toEqual([
    ['preview', 240, 60], ['promotion', 240, 60], ['scaleDownDelay', 30, undefined], ['promotion', 0, undefined],
  ]);
});

describe('in the plan\'s JSON and tables', () => {
  const plan = RolloutPlan.fromManifest(rollout([
    { setWeight: 20 }, { analysis: { templates: [{ templateName: 'checks' }] } }, { pause: { duration: '1m' } },
  ]), { manifests: [template('checks', [metric('rate', { interval: '1m', count: 5, failureLimit: 2 })])] });

  test('the field comes after minSeconds, and only where there is a range', () => {
    const json = JSON.parse(JSON.stringify(plan.toJson()));
    const keys = Object.keys(json.steps[1]);
    expect(keys.slice(keys.indexOf('minSeconds'), keys.indexOf('minSeconds') + 3)).toEqual(['minSeconds', 'earliestEndSeconds', 'indefinite']);
    expect(json.steps[1].earliestEndSeconds).toBe(120);
    expect(Object.keys(json.steps[0])).not.toContain('earliestEndSeconds');
    expect(Object.keys(plan.steps[2])).not.toContain('earliestEndSeconds');
  });

  test('the totals stay the success path', () => {
    expect(plan.totals.minSeconds).toBe(240 + 60);
  });

  test('the time cell is a range: text and Markdown', () => {
    const row = plan.toText().split('\n').find(l => l.startsWith('1  '))!;
    expect(row.split(/\s{2,}/)).toContain('2m–4m');
    expect(plan.toMarkdown()).toContain('| 2m–4m | analysis checks |');
    expect(plan.toText()).toContain('Minimum time: 5m;');
  });

  test('a step that also waits indefinitely: the range and the open end', () => {
    const open = metric('open', { interval: '1m' }); // measures until stopped
    const step = analysisStep([metric('rate', { interval: '1m', count: 5, failureLimit: 2 }), open]);
    // the open metric fails at its first measurement, at 0s
    expect(step).toMatchObject({ minSeconds: 240, indefinite: true, earliestEndSeconds: 0 });
    const text = RolloutPlan.fromManifest(rollout([{ setWeight: 20 }, { analysis: { templates: [{ templateName: 'checks' }] } }]),
      { manifests: [template('checks', [open, metric('rate', { interval: '1m', count: 5 })])] }).toText();
    expect(text).toContain('0s–4m + ∞');
  });
});

test('docs/plan.md "Analysis in the plan": its table is the plan of its YAML', () => {
  const doc = fs.readFileSync(path.join(__dirname, '..', '..', 'docs', 'plan.md'), 'utf8');
  const section = doc.slice(doc.indexOf('## Analysis in the plan'), doc.indexOf('\n## ', doc.indexOf('## Analysis in the plan') + 1));
  const yaml = /```yaml\n([\s\S]*?)\n```/.exec(section)![1];
  const [shown, ...manifests] = YAML.parseAllDocuments(yaml).map(d => d.toJS());
  const plan = RolloutPlan.fromManifest(shown, { manifests });
  const table = plan.toMarkdown().split('\n').filter(l => l.startsWith('|')).join('\n');
  expect(section).toContain(`\n${table}\n`);
  // what the prose says of it
  expect(plan.steps[2]).toMatchObject({ minSeconds: 150, earliestEndSeconds: 60 });
  expect(plan.backgroundAnalysis).toMatchObject({ startingStep: 1, coveredSteps: [1, 2, 3, 4], metricsEnd: 'endsEarly', metricsEndSeconds: 300, endStep: 4 });
});

describe('consecutiveSuccessLimit: so many successes in a row complete a metric (assessMetricStatus, 1.8.3–1.10.0-rc1)', () => {
  test('below the count: the success path ends at the limit-th measurement', () => {
    // count 5, 1m apart: the last at 4m; three successes in a row at 0, 1m, 2m complete it at 2m; a failure can still end it at 0s
    expect(range([metric('rate', { interval: '1m', count: 5, consecutiveSuccessLimit: 3 })])).toEqual([120, 0]);
  });

  test('at or above the count: the count ends it, as without the limit', () => {
    expect(range([metric('rate', { interval: '1m', count: 3, consecutiveSuccessLimit: 3 })])).toEqual([120, 0]);
    expect(range([metric('rate', { interval: '1m', count: 3, consecutiveSuccessLimit: 5 })])).toEqual([120, 0]);
  });

  test('without a count: the metric ends by itself instead of measuring until stopped', () => {
    const step = analysisStep([metric('rate', { interval: '1m', failureLimit: 1, consecutiveSuccessLimit: 4, initialDelay: '30s' })]);
    // successes at 30s, 1m30s, 2m30s, 3m30s; the second failure could come at 1m30s
    expect([step.minSeconds, step.earliestEndSeconds, step.indefinite]).toEqual([210, 90, false]);
  });

  test('given as an argument', () => {
    const limited = metric('rate', { interval: '1m', count: 10, consecutiveSuccessLimit: '{{args.s}}' });
    expect(range([limited], { args: [{ name: 's', value: '2' }] }, { args: [{ name: 's' }] })).toEqual([60, 0]);
  });
});

describe('which template a step reads', () => {
  // the plan finds a template by kind and name: in the Rollout's namespace or in none, the first of several
  const inNamespace = (namespace: string | undefined, count: number) => ({
    ...template('checks', [metric('rate', { interval: '1m', count })]),
    metadata: { name: 'checks', ...(namespace ? { namespace } : {}) },
  });
  const planIn = (namespace: string | undefined, manifests: any[], clusterScope = false) => {
    const r = rollout([{ analysis: { templates: [{ templateName: 'checks', ...(clusterScope ? { clusterScope } : {}) }] } }]);
    if (namespace) r.metadata.namespace = namespace;
    return RolloutPlan.fromManifest(r, { manifests }).steps[0].minSeconds;
  };

  test('the one of the Rollout\'s namespace, or one without a namespace, in the order of the manifests', () => {
    const manifests = [inNamespace('other', 2), inNamespace('shop', 3), inNamespace(undefined, 4), inNamespace('shop', 5)];
    expect(planIn('shop', manifests)).toBe(120); // shop's first: count 3
    expect(planIn('dev', manifests)).toBe(180); // none of dev: the one without a namespace, count 4
    expect(planIn(undefined, manifests)).toBe(60); // a Rollout without a namespace takes the first: count 2
  });

  test('a ClusterAnalysisTemplate of any namespace; an AnalysisTemplate of that name does not count', () => {
    const cluster = { ...inNamespace('anywhere', 6), kind: 'ClusterAnalysisTemplate' };
    expect(planIn('shop', [inNamespace('shop', 3), cluster], true)).toBe(300);
    expect(planIn('shop', [inNamespace('shop', 3)], true)).toBe(0); // not found: the time is not counted
  });
});
