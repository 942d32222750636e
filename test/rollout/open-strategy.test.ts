// Open strategies: steps, traffic routers and analyses added after construction give the same YAML,
// byte for byte, as the same things passed in the strategy's props (the props replay through the
// add-methods); the add-methods refuse what the strategy cannot hold.
import { App, Chart, Duration, Testing } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { EXAMPLES } from '../../examples';
import {
  AnalysisTemplate, BackgroundAnalysisOptions, BlueGreenStrategyOptions, CanaryStep, CanaryStrategyOptions, ManagedRoute, Rollout,
  RolloutAnalysisOptions, RolloutStrategy, StrategyService, StringMatch, TrafficRouting,
} from '../../src';
import { synth } from '../util';

/** What the props of a strategy held in its lists, taken out so that a test can add it later. */
interface Lists {
  readonly steps?: CanaryStep[];
  readonly trafficRouting?: any[];
  readonly analysis?: BackgroundAnalysisOptions;
  readonly prePromotionAnalysis?: RolloutAnalysisOptions;
  readonly postPromotionAnalysis?: RolloutAnalysisOptions;
}

/** Adds the lists to a Rollout through its add-methods, in the order the props replay them. */
function addLists(rollout: Rollout, lists: Lists): number {
  lists.trafficRouting?.forEach(r => rollout.addTrafficRouter(r));
  lists.steps?.forEach(s => rollout.addStep(s));
  if (lists.analysis) rollout.addBackgroundAnalysis(lists.analysis);
  if (lists.prePromotionAnalysis) rollout.addPrePromotionAnalysis(lists.prePromotionAnalysis);
  if (lists.postPromotionAnalysis) rollout.addPostPromotionAnalysis(lists.postPromotionAnalysis);
  return (lists.trafficRouting?.length ?? 0) + (lists.steps?.length ?? 0)
    + [lists.analysis, lists.prePromotionAnalysis, lists.postPromotionAnalysis].filter(x => x).length;
}

/**
 * Defines an example app twice and returns both YAML streams: once as written (lists in the
 * props), once with every strategy built without its lists and every list added to its Rollout
 * after the whole app is defined. Also returns how many items were added.
 */
function bothWays(define: (app: App) => void): { props: string; added: string; additions: number } {
  const propsApp = Testing.app();
  define(propsApp);
  const props = propsApp.synthYaml();

  const lists = new Map<RolloutStrategy, Lists>();
  const canary = RolloutStrategy.canary;
  const blueGreen = RolloutStrategy.blueGreen;
  const canarySpy = jest.spyOn(RolloutStrategy, 'canary').mockImplementation((o: CanaryStrategyOptions = {}) => {
    const { steps, trafficRouting, analysis, ...rest } = o;
    const strategy = canary.call(RolloutStrategy, rest);
    lists.set(strategy, { steps, trafficRouting, analysis });
    return strategy;
  });
  const blueGreenSpy = jest.spyOn(RolloutStrategy, 'blueGreen').mockImplementation((o: BlueGreenStrategyOptions = {}) => {
    const { prePromotionAnalysis, postPromotionAnalysis, ...rest } = o;
    const strategy = blueGreen.call(RolloutStrategy, rest);
    lists.set(strategy, { prePromotionAnalysis, postPromotionAnalysis });
    return strategy;
  });
  const addedApp = Testing.app();
  try {
    define(addedApp);
  } finally {
    canarySpy.mockRestore();
    blueGreenSpy.mockRestore();
  }
  let additions = 0;
  for (const rollout of addedApp.node.findAll().filter((c): c is Rollout => c instanceof Rollout)) {
    additions += addLists(rollout, lists.get(rollout.strategy) ?? {});
  }
  return { props, added: addedApp.synthYaml(), additions };
}

describe('every example app built with add-calls', () => {
  test.each(EXAMPLES.map(e => e.name))('%s: byte-identical YAML', name => {
    const example = EXAMPLES.find(e => e.name === name)!;
    const { props, added, additions } = bothWays(app => example.define(app));
    expect(added).toEqual(props);
    // the comparison means something: every strategy list of the example went through an add-call
    const lists = /^ {6}(steps|trafficRouting|analysis|prePromotionAnalysis|postPromotionAnalysis):/m.test(props);
    expect(additions > 0).toBe(lists);
  });
});

const container = { name: 'web', image: 'web:1', portNumber: 8080 };
const refs = new Chart(Testing.app(), 'refs');
const template = AnalysisTemplate.fromAnalysisTemplateName(refs, 'success-rate', 'success-rate');

describe('add-methods', () => {
  test('a router added after other objects of the chart defines the Services and its objects inside the Rollout', () => {
    const define = (late: boolean) => {
      const app = Testing.app();
      const chart = new Chart(app, 'c');
      const strategy = RolloutStrategy.canary({
        trafficRouting: late ? undefined : [TrafficRouting.nginx()],
        steps: late ? undefined : [CanaryStep.setWeight(20)],
      });
      const rollout = new Rollout(chart, 'web', { metadata: { name: 'web' }, containers: [container], strategy });
      new kplus.ConfigMap(chart, 'later', { data: { a: 'b' } });
      expect(rollout.stableService === undefined).toBe(late);
      if (late) {
        rollout.addTrafficRouter(TrafficRouting.nginx());
        rollout.addStep(CanaryStep.setWeight(20));
      }
      expect(rollout.stableService?.name).toEqual('web-stable');
      return app.synthYaml();
    };
    const yaml = define(true);
    expect(yaml).toEqual(define(false));
    expect(yaml.match(/^kind: .*$/gm)).toEqual(['kind: Rollout', 'kind: Service', 'kind: Service', 'kind: Ingress', 'kind: ConfigMap']);
  });

  test('Services defined for a later router keep the order of the props: stable, canary, then every router object', () => {
    const kinds = (late: boolean) => {
      const chart = Testing.chart();
      const rollout = new Rollout(chart, 'web', {
        metadata: { name: 'web' },
        containers: [container],
        strategy: RolloutStrategy.canary({ canaryService: StrategyService.define(), trafficRouting: late ? undefined : [TrafficRouting.nginx()] }),
      });
      if (late) rollout.addTrafficRouter(TrafficRouting.nginx());
      return synth(chart).map(m => `${m.kind}/${m.metadata.name}`);
    };
    expect(kinds(false)).toEqual(['Rollout/web', 'Service/web-stable', 'Service/web-canary', 'Ingress/web-stable']);
    expect(kinds(true)).toEqual(kinds(false));

    // an Istio subset router (which needs no Services) first, then one that needs them
    const yaml = (late: boolean) => {
      const app = Testing.app();
      const rollout = new Rollout(new Chart(app, 'app'), 'web', {
        metadata: { name: 'web' },
        containers: [container],
        strategy: RolloutStrategy.canary({
          trafficRouting: late ? [TrafficRouting.istio({ subsets: { host: 'web' } })] : [TrafficRouting.istio({ subsets: { host: 'web' } }), TrafficRouting.nginx()],
        }),
      });
      if (late) rollout.addTrafficRouter(TrafficRouting.nginx());
      return app.synthYaml();
    };
    expect(yaml(true)).toEqual(yaml(false));
    expect(yaml(true).match(/^kind: .*$/gm)).toEqual(['kind: Rollout', 'kind: Service', 'kind: Service', 'kind: VirtualService', 'kind: DestinationRule', 'kind: Ingress']);
  });

  test('background analysis and routers added later reach the manifest', () => {
    const chart = Testing.chart();
    const rollout = new Rollout(chart, 'web', { containers: [container], strategy: RolloutStrategy.canary({ steps: [CanaryStep.setWeight(10)] }) });
    rollout.addBackgroundAnalysis({ templates: [template], startingStep: 1 });
    rollout.addTrafficRouter(TrafficRouting.istio());
    rollout.addStep(CanaryStep.setHeaderRoute(ManagedRoute.named('header'), [{ headerName: 'x', headerValue: StringMatch.exact('1') }]));
    const canary = synth(chart).find(m => m.kind === 'Rollout').spec.strategy.canary;
    expect(canary.analysis).toEqual({ templates: [{ templateName: 'success-rate' }], startingStep: 1 });
    expect(canary.trafficRouting.managedRoutes).toEqual([{ name: 'header' }]);
    expect(canary.trafficRouting.istio).toBeDefined();
    expect([canary.stableService, canary.canaryService]).toEqual([expect.stringMatching(/-stable$/), expect.stringMatching(/-canary$/)]);
  });

  test('pre- and post-promotion analysis added later', () => {
    const chart = Testing.chart();
    const rollout = new Rollout(chart, 'web', { containers: [container], strategy: RolloutStrategy.blueGreen() });
    rollout.addPrePromotionAnalysis({ templates: [template] });
    rollout.addPostPromotionAnalysis({ templates: [template], dryRunMetrics: ['.*'] });
    const blueGreen = synth(chart).find(m => m.kind === 'Rollout').spec.strategy.blueGreen;
    expect(blueGreen.prePromotionAnalysis).toEqual({ templates: [{ templateName: 'success-rate' }] });
    expect(blueGreen.postPromotionAnalysis).toEqual({ templates: [{ templateName: 'success-rate' }], dryRun: [{ metricName: '.*' }] });
  });

  test('a strategy shared by two Rollouts: what is added to one stays with it', () => {
    const chart = Testing.chart();
    const strategy = RolloutStrategy.canary({ steps: [CanaryStep.setWeight(10)] });
    const a = new Rollout(chart, 'a', { containers: [container], strategy });
    const b = new Rollout(chart, 'b', { containers: [container], strategy });
    a.addStep(CanaryStep.pause());
    const steps = synth(chart).filter(m => m.kind === 'Rollout').map(m => m.spec.strategy.canary.steps);
    expect(steps).toEqual([[{ setWeight: 10 }, { pause: {} }], [{ setWeight: 10 }]]);
    expect([a.steps.length, b.steps.length]).toEqual([2, 1]);
  });

  test('changing the arrays passed to the strategy or a step later changes nothing', () => {
    const chart = Testing.chart();
    const steps = [CanaryStep.setWeight(10)];
    const templates = [template];
    const routers = [TrafficRouting.plugin('a/b')];
    const strategy = RolloutStrategy.canary({ steps, trafficRouting: routers, analysis: { templates } });
    const step = CanaryStep.analysis({ templates });
    steps.push(CanaryStep.pause());
    routers.push(TrafficRouting.plugin('c/d'));
    new Rollout(chart, 'web', { containers: [container], strategy }).addStep(step);
    templates.push(AnalysisTemplate.fromAnalysisTemplateName(refs, 'other', 'other'));
    const canary = synth(chart).find(m => m.kind === 'Rollout').spec.strategy.canary;
    expect(canary.steps).toEqual([{ setWeight: 10 }, { analysis: { templates: [{ templateName: 'success-rate' }] } }]);
    expect(Object.keys(canary.trafficRouting.plugins)).toEqual(['a/b']);
    expect(canary.analysis.templates).toEqual([{ templateName: 'success-rate' }]);
  });
});

describe('maxTrafficWeight, stated once on the strategy', () => {
  const routed = (maxTrafficWeight: number | undefined, steps: CanaryStep[]) => RolloutStrategy.canary({
    maxTrafficWeight, trafficRouting: [TrafficRouting.nginx()], steps,
  });

  test('setWeight(150) with maxTrafficWeight 200 is fine', () => {
    const chart = Testing.chart();
    new Rollout(chart, 'web', { containers: [container], strategy: routed(200, [CanaryStep.setWeight(150)]) });
    const canary = synth(chart).find(m => m.kind === 'Rollout').spec.strategy.canary;
    expect(canary.steps).toEqual([{ setWeight: 150 }]);
    expect(canary.trafficRouting.maxTrafficWeight).toEqual(200);
  });

  test('progression() goes above 100 with the strategy maxTrafficWeight', () => {
    const chart = Testing.chart();
    new Rollout(chart, 'web', {
      containers: [container],
      strategy: routed(1000, CanaryStep.progression({ weights: [250, 500, 1000], pause: Duration.minutes(1) })),
    });
    const steps = synth(chart).find(m => m.kind === 'Rollout').spec.strategy.canary.steps;
    expect(steps.filter((s: any) => s.setWeight !== undefined)).toEqual([{ setWeight: 250 }, { setWeight: 500 }, { setWeight: 1000 }]);
  });

  test('setCanaryScale weight is a share out of the strategy maxTrafficWeight', () => {
    const chart = Testing.chart();
    const rollout = new Rollout(chart, 'web', {
      containers: [container],
      replicas: 10,
      strategy: routed(1000, [CanaryStep.setWeight(100), CanaryStep.canaryScale({ weight: 500 }), CanaryStep.pause()]),
    });
    expect(synth(chart).find(m => m.kind === 'Rollout').spec.strategy.canary.steps[1]).toEqual({ setCanaryScale: { weight: 500 } });
    // 500 of 1000 is half of spec.replicas, as the controller sizes it; the traffic stays at 100 of 1000 (10%)
    expect(rollout.plan().steps[1]).toMatchObject({ kind: 'setCanaryScale', weight: 10, canaryPods: 5 });
  });

  test('a step added later is checked against the strategy', () => {
    const rollout = new Rollout(Testing.chart(), 'web', { containers: [container], strategy: routed(200, []) });
    rollout.addStep(CanaryStep.setWeight(200));
    expect(() => rollout.addStep(CanaryStep.setWeight(201))).toThrow(/Step 1 sets weight 201, above maxTrafficWeight 200. Use a weight between 0 and 200.$/);
  });

  test('fails: a weight above 100 without maxTrafficWeight, at construction and at addStep', () => {
    expect(() => routed(undefined, CanaryStep.progression({ weights: [50, 150] })))
      .toThrow(/Step 2 sets weight 150, above maxTrafficWeight 100.*Weights are percentages/);
    const rollout = new Rollout(Testing.chart(), 'web', { containers: [container], strategy: RolloutStrategy.canary() });
    expect(() => rollout.addStep(CanaryStep.setWeight(101))).toThrow(/Step 0 sets weight 101, above maxTrafficWeight 100/);
  });

  test('fails: a step declared for another maxTrafficWeight (the deprecated option)', () => {
    expect(() => routed(200, [CanaryStep.setWeight(150, { maxTrafficWeight: 1000 })]))
      .toThrow(/Step 0 \(setWeight 150\) was declared for maxTrafficWeight 1000, but the strategy's maxTrafficWeight is 200. Make them agree/);
    expect(routed(1000, [CanaryStep.setWeight(150, { maxTrafficWeight: 1000 })]).kind).toEqual('canary');
  });
});

describe('add-methods that do not fit the strategy', () => {
  const blueGreen = () => new Rollout(Testing.chart(), 'web', { containers: [container], strategy: RolloutStrategy.blueGreen() });
  const canary = (options: CanaryStrategyOptions = {}) => new Rollout(Testing.chart(), 'web', { containers: [container], strategy: RolloutStrategy.canary(options) });

  test('fails: addTrafficRouter on blue-green', () => expect(() => blueGreen().addTrafficRouter(TrafficRouting.nginx()))
    .toThrow(/Rollout test\/web uses a blue-green strategy, which has no traffic routers .*Use RolloutStrategy.canary\(\)/));
  test('fails: addBackgroundAnalysis on blue-green', () => expect(() => blueGreen().addBackgroundAnalysis({ templates: [template] }))
    .toThrow(/blue-green strategy, which has no background analysis. Use addPrePromotionAnalysis\(\) or addPostPromotionAnalysis\(\)/));
  test('fails: addStep on blue-green', () => expect(() => blueGreen().addStep(CanaryStep.pause())).toThrow(/blue-green strategy, which has no steps/));
  test('fails: addPrePromotionAnalysis on canary', () => expect(() => canary().addPrePromotionAnalysis({ templates: [template] }))
    .toThrow(/uses a canary strategy, which has no pre-promotion analysis. Use addBackgroundAnalysis\(\) or an analysis step/));
  test('fails: addPostPromotionAnalysis on canary', () => expect(() => canary().addPostPromotionAnalysis({ templates: [template] }))
    .toThrow(/uses a canary strategy, which has no post-promotion analysis/));
  test('fails: a second background analysis', () => {
    const rollout = canary({ analysis: { templates: [template] } });
    expect(() => rollout.addBackgroundAnalysis({ templates: [template] }))
      .toThrow(/Rollout test\/web already has a background analysis; a Rollout runs one. Pass all its templates in one addBackgroundAnalysis\(\) call./);
  });
  test('fails: a second pre-promotion analysis', () => {
    const rollout = blueGreen();
    rollout.addPrePromotionAnalysis({ templates: [template] });
    expect(() => rollout.addPrePromotionAnalysis({ templates: [template] })).toThrow(/already has a pre-promotion analysis/);
  });
  test('fails: a background analysis without templates, when it is added', () => expect(() => canary().addBackgroundAnalysis({ templates: [] }))
    .toThrow(/canary analysis: at least one analysis template is required/));
  test('fails: a negative startingStep, when it is added', () => expect(() => canary().addBackgroundAnalysis({ templates: [template], startingStep: -1 }))
    .toThrow(/'analysis.startingStep' must be an integer >= 0, got -1/));
  test('fails: a second router of one kind, added later', () => {
    const rollout = canary({ trafficRouting: [TrafficRouting.nginx()] });
    expect(() => rollout.addTrafficRouter(TrafficRouting.nginx())).toThrow(/Rollout test\/web has two 'nginx' traffic routers/);
  });
  test('fails: a router that needs Services, added to a Rollout that has StrategyService.none()', () => {
    const rollout = canary({ stableService: StrategyService.none() });
    expect(() => rollout.addTrafficRouter(TrafficRouting.nginx())).toThrow(/its traffic router needs both a stable and a canary Service/);
  });
  test('fails: not a router', () => expect(() => canary().addTrafficRouter({} as any)).toThrow(/Rollout.addTrafficRouter\(\).*router.*ITrafficRouter/));
});
