import { Chart, Duration, Testing } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import * as api from '../../src';
import { isCrash } from '../validation/fuzz-properties';

/**
 * What a JavaScript caller or a jsii language can put in any field of the options of the main entry
 * points: each field of a rich, valid configuration is replaced in turn by a value of another type
 * (null, a number, a string, a plain object where a class instance belongs, an empty list). Building
 * and synthesizing must then work or fail with an error of the library, never a TypeError from
 * inside ("Cannot read properties", "is not a function").
 */

/** One entry point: a valid configuration (a tree of plain objects, lists and class instances) and how it is used. */
interface Scenario {
  readonly name: string;
  readonly make: (chart: Chart) => any;
  readonly use: (chart: Chart, options: any) => void;
}

const container = { image: 'nginx:1.27', portNumber: 8080 };

function template(chart: Chart, id = 'template'): api.AnalysisTemplate {
  return new api.AnalysisTemplate(chart, id, {
    args: [api.AnalysisTemplateArg.required('service')],
    metrics: [{
      name: 'success',
      provider: api.MetricProvider.prometheus({ address: 'http://prometheus:9090', query: 'sum(up{service="{{args.service}}"})' }),
      interval: Duration.minutes(1),
      count: 3,
      condition: api.Condition.resultAtLeast(1),
    }],
  });
}

const SCENARIOS: Scenario[] = [
  {
    name: 'RolloutStrategy.canary() options',
    make: chart => ({
      steps: [api.CanaryStep.setWeight(20), api.CanaryStep.pause(Duration.seconds(30)),
        api.CanaryStep.analysis({ templates: [template(chart)], args: [api.AnalysisArg.value('service', 'web')] })],
      maxSurge: kplus.PercentOrAbsolute.percent(25),
      maxUnavailable: kplus.PercentOrAbsolute.absolute(0),
      stableService: api.StrategyService.define(),
      canaryService: api.StrategyService.define(),
      trafficRouting: [api.TrafficRouting.istio()],
      analysis: { templates: [template(chart, 'background')], args: [api.AnalysisArg.value('service', 'web')], startingStep: 1 },
      canaryMetadata: { labels: { role: 'canary' } },
      scaleDownDelay: Duration.seconds(30),
      antiAffinity: api.AntiAffinity.preferred(10),
    }),
    use: (chart, options) => new api.Rollout(chart, 'rollout', { containers: [container], strategy: api.RolloutStrategy.canary(options) }),
  },
  {
    name: 'RolloutStrategy.blueGreen() options',
    make: chart => ({
      activeService: api.StrategyService.define(),
      previewService: api.StrategyService.define(),
      autoPromotionEnabled: true,
      autoPromotionDelay: Duration.seconds(60),
      prePromotionAnalysis: { templates: [template(chart)], args: [api.AnalysisArg.value('service', 'web')] },
      previewMetadata: { labels: { role: 'preview' } },
      maxUnavailable: kplus.PercentOrAbsolute.absolute(1),
    }),
    use: (chart, options) => new api.Rollout(chart, 'rollout', { containers: [container], strategy: api.RolloutStrategy.blueGreen(options) }),
  },
  {
    name: 'new Rollout() props',
    make: () => ({
      containers: [container],
      replicas: 3,
      minReady: Duration.seconds(5),
      progressDeadline: Duration.minutes(10),
      revisionHistoryLimit: 3,
      strategy: api.RolloutStrategy.canary({ steps: [api.CanaryStep.setWeight(50)] }),
      metadata: { labels: { app: 'web' } },
    }),
    use: (chart, props) => new api.Rollout(chart, 'rollout', props),
  },
  {
    name: 'new AnalysisTemplate() props',
    make: () => ({
      args: [api.AnalysisTemplateArg.required('service')],
      metrics: [{
        name: 'success',
        provider: api.MetricProvider.web({ url: 'https://metrics.example.com/{{args.service}}', headers: { accept: 'application/json' } }),
        interval: Duration.minutes(1),
        count: 3,
        failureLimit: 1,
        condition: api.Condition.resultAtLeast(1),
      }],
    }),
    use: (chart, props) => new api.AnalysisTemplate(chart, 'template', props),
  },
  {
    name: 'new Experiment() props',
    make: chart => ({
      templates: [{ name: 'baseline', containers: [container], labels: { app: 'baseline' }, replicas: 1 }],
      duration: Duration.minutes(10),
      analyses: [{ name: 'check', template: template(chart), args: [api.AnalysisArg.value('service', 'web')] }],
    }),
    use: (chart, props) => new api.Experiment(chart, 'experiment', props),
  },
  {
    name: 'CanaryStep.experiment() options',
    make: chart => ({
      templates: [{ name: 'canary', specRef: api.ExperimentSpecRef.CANARY, replicas: 1 }],
      duration: Duration.minutes(5),
      analyses: [{ name: 'check', template: template(chart), args: [api.AnalysisArg.value('service', 'web')] }],
    }),
    use: (chart, options) => new api.Rollout(chart, 'rollout', {
      containers: [container],
      strategy: api.RolloutStrategy.canary({ steps: [api.CanaryStep.experiment(options)] }),
    }),
  },
  {
    name: 'new ArgoRollouts() props',
    make: () => ({
      namespace: 'argo-rollouts',
      dashboard: true,
      notifications: true,
      plugins: [api.ControllerPlugin.trafficRouter({ name: 'argoproj-labs/gatewayAPI', location: 'https://example.com/plugin' })],
      controller: { replicas: 2, maxUnavailable: kplus.PercentOrAbsolute.absolute(1) },
    }),
    use: (chart, props) => new api.ArgoRollouts(chart, 'install', props),
  },
];

const BAD: ReadonlyArray<[string, () => unknown]> = [
  ['null', () => null],
  ['a number', () => 7],
  ['a string', () => 'x'],
  ['a plain object', () => ({ name: 'x', value: 1 })],
  ['an empty list', () => []],
];

/** Every field of a configuration (into plain objects and lists; class instances are leaves), as a path. */
function fields(value: any, path: Array<string | number> = [], out: Array<Array<string | number>> = []): Array<Array<string | number>> {
  const plain = value !== null && typeof value === 'object' && (Array.isArray(value) || Object.getPrototypeOf(value) === Object.prototype);
  if (!plain) {
    return out;
  }
  for (const key of Array.isArray(value) ? value.map((_, i) => i) : Object.keys(value)) {
    out.push([...path, key]);
    fields(value[key], [...path, key], out);
  }
  return out;
}

function replaced(value: any, path: ReadonlyArray<string | number>, bad: unknown): any {
  if (path.length === 0) return bad;
  const copy: any = Array.isArray(value) ? [...value] : { ...value };
  copy[path[0]] = replaced(value[path[0]], path.slice(1), bad);
  return copy;
}

const cases: Array<[string, string, string, Scenario, ReadonlyArray<string | number>, () => unknown]> = [];
for (const scenario of SCENARIOS) {
  for (const path of fields(scenario.make(Testing.chart()))) {
    for (const [what, bad] of BAD) {
      cases.push([scenario.name, path.join('.'), what, scenario, path, bad]);
    }
  }
}

test('the scenarios are valid as they stand', () => {
  for (const scenario of SCENARIOS) {
    const chart = Testing.chart();
    scenario.use(chart, scenario.make(chart));
    expect(() => Testing.synth(chart)).not.toThrow();
  }
});

test.each(cases)('%s: %s as %s', (_name, field, _what, scenario, path, bad) => {
  const chart = Testing.chart();
  let error: unknown;
  try {
    scenario.use(chart, replaced(scenario.make(chart), path, bad()));
    Testing.synth(chart);
  } catch (e) {
    error = e;
  }
  expect({ field, crash: error !== undefined && isCrash(error), message: String((error as any)?.message ?? '') })
    .toEqual({ field, crash: false, message: expect.anything() });
});
