import { Chart, Duration, Testing } from 'cdk8s';
import {
  AnalysisArg, AnalysisTemplate, CanaryStep, ClusterAnalysisTemplate, ExperimentSpecRef, ManagedRoute, PodTemplateHash, Rollout,
  RolloutStrategy, StringMatch,
  TrafficRouting,
} from '../../src';
import { schemaErrors, synth } from '../util';

const container = { name: 'app', image: 'app:1', portNumber: 8080 };
/** A step's context in a strategy without maxTrafficWeight. */
const CONTEXT = { index: 0, maxTrafficWeight: 100, maxTrafficWeightSet: false };
const refs = new Chart(Testing.app(), 'refs');
const template = AnalysisTemplate.fromAnalysisTemplateName(refs, 'success-rate', 'success-rate');

/** Synthesizes a canary Rollout with the given steps and returns its steps. */
function stepsOf(steps: CanaryStep[], routing = false): any[] {
  const chart = Testing.chart();
  new Rollout(chart, 'r', {
    containers: [container],
    strategy: RolloutStrategy.canary({ steps, trafficRouting: routing ? [TrafficRouting.plugin('argoproj-labs/gatewayAPI', { config: { httpRoute: 'r' } })] : undefined }),
  });
  const rollout = synth(chart).find(m => m.kind === 'Rollout');
  expect(schemaErrors(rollout)).toEqual([]);
  return rollout.spec.strategy.canary.steps;
}

describe('CanaryStep', () => {
  test('setWeight', () => {
    expect(stepsOf([CanaryStep.setWeight(25)])).toEqual([{ setWeight: 25 }]);
  });

  test('pause, timed and indefinite', () => {
    expect(stepsOf([CanaryStep.pause(), CanaryStep.pause(Duration.seconds(30)), CanaryStep.pause(Duration.minutes(90))]))
      .toEqual([{ pause: {} }, { pause: { duration: '30s' } }, { pause: { duration: '1h30m' } }]);
  });

  test('setCanaryScale: replicas, weight, matchTrafficWeight', () => {
    expect(stepsOf([
      CanaryStep.canaryScale({ replicas: 3 }),
      CanaryStep.canaryScale({ weight: 25 }),
      CanaryStep.canaryScale({ matchTrafficWeight: true }),
    ], true)).toEqual([
      { setCanaryScale: { replicas: 3 } },
      { setCanaryScale: { weight: 25 } },
      { setCanaryScale: { matchTrafficWeight: true } },
    ]);
  });

  test('analysis', () => {
    expect(stepsOf([CanaryStep.analysis({
      templates: [template, ClusterAnalysisTemplate.fromClusterAnalysisTemplateName(refs, 'cluster-rate', 'cluster-rate')],
      args: [AnalysisArg.value('service', 'web'), AnalysisArg.fromPodTemplateHash('hash', PodTemplateHash.LATEST), AnalysisArg.fromFieldRef('ns', 'metadata.namespace')],
      dryRunMetrics: ['latency'],
      measurementRetention: { 'success-rate': 20 },
      analysisRunLabels: { team: 'web' },
    })])).toEqual([{
      analysis: {
        templates: [{ templateName: 'success-rate' }, { templateName: 'cluster-rate', clusterScope: true }],
        args: [
          { name: 'service', value: 'web' },
          { name: 'hash', valueFrom: { podTemplateHashValue: 'Latest' } },
          { name: 'ns', valueFrom: { fieldRef: { fieldPath: 'metadata.namespace' } } },
        ],
        dryRun: [{ metricName: 'latency' }],
        measurementRetention: [{ metricName: 'success-rate', limit: 20 }],
        analysisRunMetadata: { labels: { team: 'web' } },
      },
    }]);
  });

  test('experiment', () => {
    expect(stepsOf([CanaryStep.experiment({
      duration: Duration.minutes(5),
      templates: [
        { name: 'baseline', specRef: ExperimentSpecRef.STABLE, replicas: 1 },
        { name: 'canary', specRef: ExperimentSpecRef.CANARY, labels: { role: 'exp' }, service: true, serviceName: 'exp-canary' },
      ],
      analyses: [{ name: 'compare', template, args: [AnalysisArg.value('a', 'b')], requiredForCompletion: true }],
    })])).toEqual([{
      experiment: {
        duration: '5m',
        templates: [
          { name: 'baseline', specRef: 'stable', replicas: 1 },
          { name: 'canary', specRef: 'canary', metadata: { labels: { role: 'exp' } }, service: { name: 'exp-canary' } },
        ],
        analyses: [{ name: 'compare', templateName: 'success-rate', args: [{ name: 'a', value: 'b' }], requiredForCompletion: true }],
      },
    }]);
  });

  test('setHeaderRoute and managedRoutes in order of first use', () => {
    const chart = Testing.chart();
    const header = ManagedRoute.named('header');
    const other = ManagedRoute.named('other');
    new Rollout(chart, 'r', {
      containers: [container],
      strategy: RolloutStrategy.canary({
        trafficRouting: [TrafficRouting.plugin('argoproj-labs/gatewayAPI')],
        steps: [
          CanaryStep.setHeaderRoute(other, [{ headerName: 'x-version', headerValue: StringMatch.prefix('v2') }]),
          CanaryStep.setHeaderRoute(header, [{ headerName: 'x-canary', headerValue: StringMatch.exact('yes') }]),
          CanaryStep.setHeaderRoute(other),
        ],
      }),
    });
    const canary = synth(chart)[0].spec.strategy.canary;
    expect(canary.steps).toEqual([
      { setHeaderRoute: { name: 'other', match: [{ headerName: 'x-version', headerValue: { prefix: 'v2' } }] } },
      { setHeaderRoute: { name: 'header', match: [{ headerName: 'x-canary', headerValue: { exact: 'yes' } }] } },
      { setHeaderRoute: { name: 'other' } },
    ]);
    expect(canary.trafficRouting.managedRoutes).toEqual([{ name: 'other' }, { name: 'header' }]);
  });

  test('setMirrorRoute', () => {
    const istio = TrafficRouting.istio();
    const chart = Testing.chart();
    new Rollout(chart, 'r', {
      containers: [container],
      strategy: RolloutStrategy.canary({
        trafficRouting: [istio],
        steps: [CanaryStep.setMirrorRoute(ManagedRoute.named('mirror'), {
          percentage: 50,
          matches: [{ method: StringMatch.exact('GET'), path: StringMatch.regex('/api/.*'), headers: { 'x-a': StringMatch.exact('1') } }],
        })],
      }),
    });
    const canary = synth(chart)[0].spec.strategy.canary;
    expect(canary.steps).toEqual([{
      setMirrorRoute: {
        name: 'mirror',
        percentage: 50,
        match: [{ method: { exact: 'GET' }, path: { regex: '/api/.*' }, headers: { 'x-a': { exact: '1' } } }],
      },
    }]);
    expect(canary.trafficRouting.managedRoutes).toEqual([{ name: 'mirror' }]);
  });

  test('setMirrorRoute without Istio routing fails at synth (V40)', () => {
    const chart = Testing.chart();
    new Rollout(chart, 'r', {
      containers: [container],
      strategy: RolloutStrategy.canary({
        trafficRouting: [TrafficRouting.plugin('argoproj-labs/gatewayAPI')],
        steps: [CanaryStep.setMirrorRoute(ManagedRoute.named('mirror'), { matches: [{ path: StringMatch.prefix('/') }] })],
      }),
    });
    expect(() => synth(chart)).toThrow(/Rollout test\/r breaks a rule of the Argo Rollouts controller[^]*\[V40\] spec\.strategy\.canary\.steps\[0\]\.setMirrorRoute/);
  });

  test('plugin', () => {
    expect(stepsOf([CanaryStep.plugin('argoproj-labs/sample', { message: 'hi' }), CanaryStep.plugin('a/b')]))
      .toEqual([{ plugin: { name: 'argoproj-labs/sample', config: { message: 'hi' } } }, { plugin: { name: 'a/b' } }]);
  });

  test('combined: several step kinds in one step', () => {
    const header = ManagedRoute.named('header');
    const mirror = ManagedRoute.named('mirror');
    const step = CanaryStep.combined([
      CanaryStep.canaryScale({ replicas: 1 }),
      CanaryStep.setHeaderRoute(header, [{ headerName: 'x', headerValue: StringMatch.exact('1') }]),
      CanaryStep.setMirrorRoute(mirror, { matches: [{ path: StringMatch.prefix('/') }] }),
      CanaryStep.setWeight(10),
    ]);
    expect(step.kinds).toEqual(['setCanaryScale', 'setHeaderRoute', 'setMirrorRoute', 'setWeight']);
    expect(step._render(CONTEXT)).toEqual({
      setCanaryScale: { replicas: 1 },
      setHeaderRoute: { name: 'header', match: [{ headerName: 'x', headerValue: { exact: '1' } }] },
      setMirrorRoute: { name: 'mirror', match: [{ path: { prefix: '/' } }] },
      setWeight: 10,
    });
    const chart = Testing.chart();
    new Rollout(chart, 'r', { containers: [container], strategy: RolloutStrategy.canary({ trafficRouting: [TrafficRouting.istio()], steps: [step] }) });
    expect(synth(chart)[0].spec.strategy.canary.trafficRouting.managedRoutes).toEqual([{ name: 'header' }, { name: 'mirror' }]);
  });

  test('progression expands a plan', () => {
    const plan = CanaryStep.progression({ weights: [20, 40, 60, 80], pause: Duration.seconds(10), indefinitePauseAfter: [20] });
    expect(plan.map(s => s._render(CONTEXT))).toEqual([
      { setWeight: 20 }, { pause: {} },
      { setWeight: 40 }, { pause: { duration: '10s' } },
      { setWeight: 60 }, { pause: { duration: '10s' } },
      { setWeight: 80 }, { pause: { duration: '10s' } },
    ]);
    expect(CanaryStep.progression({ weights: [50] }).map(s => s._render(CONTEXT))).toEqual([{ setWeight: 50 }, { pause: {} }]);
  });

  test('addStep after construction shows up', () => {
    const chart = Testing.chart();
    const r = new Rollout(chart, 'r', { containers: [container], strategy: RolloutStrategy.canary({ steps: [CanaryStep.setWeight(10)] }) });
    r.addStep(CanaryStep.pause());
    expect(synth(chart)[0].spec.strategy.canary.steps).toEqual([{ setWeight: 10 }, { pause: {} }]);
    expect(r.steps.length).toEqual(2);
  });

  describe('errors', () => {
    test('combined with one step', () => expect(() => CanaryStep.combined([CanaryStep.pause()])).toThrow(/needs at least two steps, got 1/));
    test('combined with a kind twice', () => expect(() => CanaryStep.combined([CanaryStep.pause(), CanaryStep.pause()])).toThrow(/the step kind 'pause' appears twice/));
    test('combined with two exclusive kinds', () => expect(() => CanaryStep.combined([CanaryStep.setWeight(5), CanaryStep.pause()]))
      .toThrow(/setWeight and pause cannot share a step/));
    test('setWeight(150) in a strategy without maxTrafficWeight', () => {
      expect(() => RolloutStrategy.canary({ steps: [CanaryStep.setWeight(150)] }))
        .toThrow(/Step 0 sets weight 150, above maxTrafficWeight 100. Use a weight between 0 and 100. Weights are percentages; for a router with a larger maxTrafficWeight \(NGINX, plugins\) set RolloutStrategy.canary\(\{ maxTrafficWeight \}\)\.$/);
    });
    test('setWeight(-1)', () => expect(() => CanaryStep.setWeight(-1)).toThrow(/got -1/));
    test('setWeight(2.5)', () => expect(() => CanaryStep.setWeight(2.5)).toThrow(/got 2.5/));
    test('setWeight above a larger maxTrafficWeight', () => expect(() => CanaryStep.setWeight(1500, { maxTrafficWeight: 1000 })).toThrow(/between 0 and 1000, got 1500/));
    test('weight above the strategy maxTrafficWeight', () => {
      expect(() => RolloutStrategy.canary({
        maxTrafficWeight: 50, trafficRouting: [TrafficRouting.plugin('a/b')], steps: [CanaryStep.setWeight(80)],
      })).toThrow(/Step 0 sets weight 80, above maxTrafficWeight 50/);
    });
    test('addStep checks the weight too', () => {
      const r = new Rollout(Testing.chart(), 'r', {
        containers: [container], strategy: RolloutStrategy.canary({ maxTrafficWeight: 50, trafficRouting: [TrafficRouting.plugin('a/b')] }),
      });
      expect(() => r.addStep(CanaryStep.setWeight(60))).toThrow(/Step 0 sets weight 60, above maxTrafficWeight 50/);
    });
    test('step declared for another maxTrafficWeight', () => {
      expect(() => RolloutStrategy.canary({ steps: [CanaryStep.setWeight(500, { maxTrafficWeight: 1000 })] }))
        .toThrow(/declared for maxTrafficWeight 1000, but the strategy's maxTrafficWeight is 100/);
    });
    test('negative pause', () => expect(() => CanaryStep.pause(Duration.seconds(-5))).toThrow(/Duration amounts cannot be negative/));
    test('sub-second pause', () => expect(() => CanaryStep.pause(Duration.millis(500))).toThrow(/whole number of seconds, got 0.5s/));
    test('setCanaryScale with two fields', () => expect(() => CanaryStep.canaryScale({ replicas: 1, weight: 2 })).toThrow(/exactly one of replicas, weight or matchTrafficWeight: true; got replicas, weight/));
    test('setCanaryScale with none', () => expect(() => CanaryStep.canaryScale({})).toThrow(/got none/));
    test('setCanaryScale weight above the strategy maxTrafficWeight', () => {
      expect(() => RolloutStrategy.canary({ trafficRouting: [TrafficRouting.plugin('a/b')], steps: [CanaryStep.setWeight(10), CanaryStep.canaryScale({ weight: 101 })] }))
        .toThrow('Step 1 (setCanaryScale) sizes the canary at weight 101, above maxTrafficWeight 100: the controller would run more canary pods than spec.replicas. '
          + 'Use a weight between 0 and 100 (a share of spec.replicas out of 100).');
      const r = new Rollout(Testing.chart(), 'r', {
        containers: [container], strategy: RolloutStrategy.canary({ maxTrafficWeight: 1000, trafficRouting: [TrafficRouting.plugin('a/b')] }),
      });
      expect(() => r.addStep(CanaryStep.canaryScale({ weight: 1001 }))).toThrow(/Step 0 \(setCanaryScale\) sizes the canary at weight 1001, above maxTrafficWeight 1000/);
    });
    test('setCanaryScale weight below 0', () => expect(() => CanaryStep.canaryScale({ weight: -1 })).toThrow("'CanaryStep.canaryScale() weight' must be an integer >= 0, got -1."));
    test('analysis without templates', () => expect(() => CanaryStep.analysis({ templates: [] })).toThrow(/at least one analysis template/));
    test('analysis with an argument twice', () => expect(() => CanaryStep.analysis({ templates: [template], args: [AnalysisArg.value('a', '1'), AnalysisArg.value('a', '2')] }))
      .toThrow(/argument 'a' is given twice/));
    test('analysis with a negative retention', () => expect(() => CanaryStep.analysis({ templates: [template], measurementRetention: { m: -1 } })).toThrow(/non-negative integer, got -1/));
    test('experiment without templates', () => expect(() => CanaryStep.experiment({ templates: [] })).toThrow(/at least one template/));
    test('experiment with duplicate template names', () => expect(() => CanaryStep.experiment({
      templates: [{ name: 'a', specRef: ExperimentSpecRef.CANARY }, { name: 'a', specRef: ExperimentSpecRef.STABLE }],
    })).toThrow(/template name 'a' is used twice/));
    test('experiment serviceName without service', () => expect(() => CanaryStep.experiment({
      templates: [{ name: 'a', specRef: ExperimentSpecRef.CANARY, serviceName: 'x' }],
    })).toThrow(/sets serviceName 'x' without service: true/));
    test('experiment weight above 100', () => expect(() => CanaryStep.experiment({
      templates: [{ name: 'a', specRef: ExperimentSpecRef.CANARY, weight: 120 }],
    })).toThrow(/weight' must be an integer between 0 and 100, got 120/));
    test('mirror match without a condition', () => expect(() => CanaryStep.setMirrorRoute(ManagedRoute.named('m'), { matches: [{}] })).toThrow(/match 0 has no condition/));
    test('header match without a name', () => expect(() => CanaryStep.setHeaderRoute(ManagedRoute.named('h'), [{ headerName: '', headerValue: StringMatch.exact('x') }]))
      .toThrow(/every match needs a headerName/));
    test('bad plugin name', () => expect(() => CanaryStep.plugin('nope')).toThrow(/must have the form '<namespace>\/<name>'/));
    test('bad route name', () => expect(() => ManagedRoute.named('Bad Name')).toThrow(/Managed route name 'Bad Name' is invalid/));
    test('bad regex', () => expect(() => StringMatch.regex('(')).toThrow(/not a valid regular expression/));
    test('empty match value', () => expect(() => StringMatch.exact('')).toThrow(/needs a non-empty string/));
    test('progression with decreasing weights', () => expect(() => CanaryStep.progression({ weights: [50, 20] })).toThrow(/weights must increase, got 50 then 20/));
    test('progression without weights', () => expect(() => CanaryStep.progression({ weights: [] })).toThrow(/at least one weight/));
    test('progression pause after an unknown weight', () => expect(() => CanaryStep.progression({ weights: [10], indefinitePauseAfter: [30] }))
      .toThrow(/lists 30, which is not one of the weights \[10\]/));
    test('setHeaderRoute without a router that can do it (V37)', () => {
      const chart = Testing.chart();
      new Rollout(chart, 'r', { containers: [container], strategy: RolloutStrategy.canary({ steps: [CanaryStep.setHeaderRoute(ManagedRoute.named('h'))] }) });
      expect(() => synth(chart)).toThrow(/\[V37\] spec\.strategy\.canary\.steps\[0\]\.setHeaderRoute/);
    });
    test('setCanaryScale without traffic routing (V36)', () => {
      const chart = Testing.chart();
      new Rollout(chart, 'r', { containers: [container], strategy: RolloutStrategy.canary({ steps: [CanaryStep.canaryScale({ replicas: 1 })] }) });
      expect(() => synth(chart)).toThrow(/\[V36\] spec\.strategy\.canary\.steps\[0\]\.setCanaryScale/);
    });
    test('analysis arg fieldRef the controller cannot read (V46)', () => {
      const chart = Testing.chart();
      new Rollout(chart, 'r', {
        containers: [container],
        strategy: RolloutStrategy.canary({ steps: [CanaryStep.analysis({ templates: [template], args: [AnalysisArg.fromFieldRef('x', 'metadata.generation')] })] }),
      });
      expect(() => synth(chart)).toThrow(/\[V46\] spec\.strategy\.canary\.steps\[0\]\.analysis\.args\[0\]\.valueFrom\.fieldRef\.fieldPath/);
    });
    test('experiment weight without traffic routing (V44)', () => {
      const chart = Testing.chart();
      new Rollout(chart, 'r', {
        containers: [container],
        strategy: RolloutStrategy.canary({ steps: [CanaryStep.experiment({ templates: [{ name: 'a', specRef: ExperimentSpecRef.CANARY, weight: 10 }] })] }),
      });
      expect(() => synth(chart)).toThrow(/\[V44\] spec\.strategy\.canary\.steps\[0\]\.experiment\.templates\[0\]\.weight/);
    });
  });
});
