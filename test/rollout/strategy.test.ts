import { ApiObject, Chart, Duration, JsonPatch, Testing } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import {
  AnalysisTemplate, AntiAffinity, CanaryStep, ReplicaProgressThreshold, Rollout, RolloutStrategy, StrategyService, TrafficRouting,
} from '../../src';
import { schemaErrors, synth } from '../util';

const container = { name: 'app', image: 'app:1', portNumber: 8080 };
const named = { name: 'app', image: 'app:1', ports: [{ name: 'http', number: 8080 }] };
const refs = new Chart(Testing.app(), 'refs');
const template = AnalysisTemplate.fromAnalysisTemplateName(refs, 'success-rate', 'success-rate');
const plugin = TrafficRouting.plugin('argoproj-labs/gatewayAPI', { config: { httpRoute: 'web', namespace: 'default' } });

function render(strategy: RolloutStrategy, props: any = {}): { strategy: any; manifests: any[] } {
  const chart = Testing.chart();
  new Rollout(chart, 'r', { metadata: { name: 'web' }, containers: [container], strategy, ...props });
  const manifests = synth(chart);
  const rollout = manifests.find(m => m.kind === 'Rollout');
  expect(schemaErrors(rollout)).toEqual([]);
  return { strategy: rollout.spec.strategy, manifests };
}

describe('RolloutStrategy.canary', () => {
  test('every canary field', () => {
    const { strategy } = render(RolloutStrategy.canary({
      steps: [CanaryStep.setWeight(50)],
      maxSurge: kplus.PercentOrAbsolute.absolute(2),
      maxUnavailable: kplus.PercentOrAbsolute.percent(0),
      stableService: StrategyService.define(),
      canaryService: StrategyService.define(),
      trafficRouting: [plugin],
      maxTrafficWeight: 1000,
      analysis: { templates: [template], startingStep: 1 },
      canaryMetadata: { labels: { role: 'canary' } },
      stableMetadata: { annotations: { role: 'stable' } },
      abortScaleDownDelay: Duration.seconds(0),
      scaleDownDelayRevisionLimit: 1,
      dynamicStableScale: true,
      minPodsPerReplicaSet: 2,
      antiAffinity: AntiAffinity.preferred(50),
      replicaProgressThreshold: ReplicaProgressThreshold.percent(90),
    }));
    expect(strategy).toEqual({
      canary: {
        steps: [{ setWeight: 50 }],
        maxSurge: 2,
        maxUnavailable: '0%',
        stableService: 'web-stable',
        canaryService: 'web-canary',
        trafficRouting: { plugins: { 'argoproj-labs/gatewayAPI': { httpRoute: 'web', namespace: 'default' } }, maxTrafficWeight: 1000 },
        analysis: { templates: [{ templateName: 'success-rate' }], startingStep: 1 },
        canaryMetadata: { labels: { role: 'canary' } },
        stableMetadata: { annotations: { role: 'stable' } },
        abortScaleDownDelaySeconds: 0,
        scaleDownDelayRevisionLimit: 1,
        dynamicStableScale: true,
        minPodsPerReplicaSet: 2,
        antiAffinity: { preferredDuringSchedulingIgnoredDuringExecution: { weight: 50 } },
        replicaProgressThreshold: { type: 'Percent', value: 90 },
      },
    });
  });

  test('scaleDownDelay with traffic routing, required anti-affinity, pods threshold', () => {
    const { strategy } = render(RolloutStrategy.canary({
      trafficRouting: [plugin],
      scaleDownDelay: Duration.seconds(45),
      antiAffinity: AntiAffinity.required(),
      replicaProgressThreshold: ReplicaProgressThreshold.pods(2),
    }));
    expect(strategy.canary.scaleDownDelaySeconds).toEqual(45);
    expect(strategy.canary.antiAffinity).toEqual({ requiredDuringSchedulingIgnoredDuringExecution: {} });
    expect(strategy.canary.replicaProgressThreshold).toEqual({ type: 'Pods', value: 2 });
  });

  test('no stable/canary Services unless asked or needed', () => {
    const { manifests } = render(RolloutStrategy.canary());
    expect(manifests.filter(m => m.kind === 'Service')).toEqual([]);
  });

  test('stable and canary Services select the Rollout pods', () => {
    const services2 = { stableService: StrategyService.define(), canaryService: StrategyService.define() };
    const { manifests, strategy } = render(RolloutStrategy.canary(services2));
    const services = manifests.filter(m => m.kind === 'Service');
    const rollout = manifests.find(m => m.kind === 'Rollout');
    expect(services.map(s => s.metadata.name)).toEqual([strategy.canary.stableService, strategy.canary.canaryService]);
    for (const s of services) expect(s.spec.selector).toEqual(rollout.spec.selector.matchLabels);
  });

  test('ping-pong defines ping and pong Services', () => {
    const { strategy, manifests } = render(RolloutStrategy.canary({ trafficRouting: [TrafficRouting.istio()], pingPong: {} }));
    expect(strategy.canary.pingPong).toEqual({ pingService: 'web-ping', pongService: 'web-pong' });
    expect(manifests.filter(m => m.kind === 'Service').map(s => s.metadata.name)).toEqual(['web-ping', 'web-pong']);
    // the VirtualService splits between the ping and the pong Service
    expect(manifests.find(m => m.kind === 'VirtualService').spec.http[0].route.map((r: any) => r.destination.host)).toEqual(['web-ping', 'web-pong']);
  });

  describe('errors', () => {
    test('negative maxSurge', () => expect(() => RolloutStrategy.canary({ maxSurge: kplus.PercentOrAbsolute.absolute(-1) })).toThrow(/'maxSurge' must be a non-negative/));
    test('maxSurge and maxUnavailable both zero (V20)', () => {
      const chart = Testing.chart();
      new Rollout(chart, 'r', {
        containers: [container],
        strategy: RolloutStrategy.canary({ maxSurge: kplus.PercentOrAbsolute.absolute(0), maxUnavailable: kplus.PercentOrAbsolute.percent(0) }),
      });
      expect(() => synth(chart)).toThrow(/\[V20\] spec\.strategy\.canary\.max/);
    });
    test('scaleDownDelay without traffic routing (V28)', () => {
      const chart = Testing.chart();
      new Rollout(chart, 'r', { containers: [container], strategy: RolloutStrategy.canary({ scaleDownDelay: Duration.seconds(10) }) });
      expect(() => synth(chart)).toThrow(/\[V28\] spec\.strategy\.canary\.scaleDownDelaySeconds/);
    });
    test('dynamicStableScale without traffic routing (V29)', () => {
      const chart = Testing.chart();
      new Rollout(chart, 'r', { containers: [container], strategy: RolloutStrategy.canary({ dynamicStableScale: true }) });
      expect(() => synth(chart)).toThrow(/\[V29\] spec\.strategy\.canary\.dynamicStableScale/);
    });
    test('scaleDownDelay with dynamicStableScale (V30)', () => {
      const chart = Testing.chart();
      new Rollout(chart, 'r', { containers: [container], strategy: RolloutStrategy.canary({ trafficRouting: [plugin], dynamicStableScale: true, scaleDownDelay: Duration.seconds(5) }) });
      expect(() => synth(chart)).toThrow(/\[V30\] spec\.strategy\.canary\.dynamicStableScale/);
    });
    test('pingPong with a router other than alb or istio (V22)', () => {
      const chart = Testing.chart();
      new Rollout(chart, 'r', { containers: [container], strategy: RolloutStrategy.canary({ trafficRouting: [plugin], pingPong: {} }) });
      // the plugin router is neither alb nor istio
      expect(() => synth(chart)).toThrow(/\[V22\] spec\.strategy\.canary/);
    });
    test('pingPong with stable/canary Services', () => expect(() => RolloutStrategy.canary({ trafficRouting: [plugin], pingPong: {}, stableService: StrategyService.define() }))
      .toThrow(/pingPong replaces the stable and canary Services/));
    test('stable and canary Service with one name', () => {
      expect(() => new Rollout(Testing.chart(), 'r', {
        containers: [container],
        strategy: RolloutStrategy.canary({ stableService: StrategyService.fromServiceName('same'), canaryService: StrategyService.fromServiceName('same') }),
      })).toThrow(/the stable and canary Services are both 'same'/);
    });
    test('negative minPodsPerReplicaSet', () => expect(() => RolloutStrategy.canary({ minPodsPerReplicaSet: 0 })).toThrow(/'minPodsPerReplicaSet' must be an integer >= 1, got 0/));
    test('negative startingStep', () => expect(() => RolloutStrategy.canary({ analysis: { templates: [template], startingStep: -1 } })).toThrow(/startingStep' must be an integer >= 0, got -1/));
    test('anti-affinity weight', () => expect(() => AntiAffinity.preferred(0)).toThrow(/between 1 and 100, got 0/));
    test('threshold percent', () => expect(() => ReplicaProgressThreshold.percent(120)).toThrow(/between 0 and 100, got 120/));
    test('two routers of one kind', () => {
      expect(() => new Rollout(Testing.chart(), 'r', { containers: [container], strategy: RolloutStrategy.canary({ trafficRouting: [TrafficRouting.istio(), TrafficRouting.istio()] }) }))
        .toThrow(/has two 'istio' traffic routers/);
    });
  });
});

describe('RolloutStrategy.blueGreen', () => {
  test('every blue-green field', () => {
    const { strategy } = render(RolloutStrategy.blueGreen({
      autoPromotionDelay: Duration.minutes(1),
      previewReplicaCount: 1,
      maxUnavailable: kplus.PercentOrAbsolute.absolute(1),
      scaleDownDelay: Duration.seconds(60),
      scaleDownDelayRevisionLimit: 2,
      abortScaleDownDelay: Duration.seconds(0),
      prePromotionAnalysis: { templates: [template] },
      postPromotionAnalysis: { templates: [template], dryRunMetrics: ['.*'] },
      antiAffinity: AntiAffinity.required(),
      activeMetadata: { labels: { role: 'active' } },
      previewMetadata: { labels: { role: 'preview' } },
    }));
    expect(strategy).toEqual({
      blueGreen: {
        activeService: 'web-active',
        previewService: 'web-preview',
        autoPromotionSeconds: 60,
        previewReplicaCount: 1,
        maxUnavailable: 1,
        scaleDownDelaySeconds: 60,
        scaleDownDelayRevisionLimit: 2,
        abortScaleDownDelaySeconds: 0,
        prePromotionAnalysis: { templates: [{ templateName: 'success-rate' }] },
        postPromotionAnalysis: { templates: [{ templateName: 'success-rate' }], dryRun: [{ metricName: '.*' }] },
        antiAffinity: { requiredDuringSchedulingIgnoredDuringExecution: {} },
        activeMetadata: { labels: { role: 'active' } },
        previewMetadata: { labels: { role: 'preview' } },
      },
    });
  });

  test('without a preview Service', () => {
    const { strategy, manifests } = render(RolloutStrategy.blueGreen({ previewService: StrategyService.none() }));
    expect(strategy.blueGreen).toEqual({ activeService: 'web-active' });
    expect(manifests.filter(m => m.kind === 'Service').length).toEqual(1);
  });

  test('own cdk8s-plus Service and a Service imported by name', () => {
    const chart = Testing.chart();
    const mine = new kplus.Service(chart, 'mine', { metadata: { name: 'mine' }, ports: [{ port: 80 }], selector: kplus.Pods.select(chart, 'p', { labels: { app: 'web' } }) });
    const rollout = new Rollout(chart, 'r', {
      metadata: { name: 'web' },
      containers: [container],
      select: false,
      podMetadata: { labels: { app: 'web' } },
      strategy: RolloutStrategy.blueGreen({
        activeService: StrategyService.fromService(mine),
        previewService: StrategyService.fromServiceName('elsewhere'),
      }),
    });
    const manifests = synth(chart);
    expect(manifests.find(m => m.kind === 'Rollout').spec.strategy.blueGreen).toEqual({ activeService: 'mine', previewService: 'elsewhere' });
    expect(rollout.activeService).toBe(mine);
    expect(rollout.previewService).toBeUndefined(); // imported by name
  });

  test('a Service of the app that does not select the pods fails (V48)', () => {
    const chart = Testing.chart();
    new Rollout(chart, 'r', {
      containers: [container],
      select: false,
      podMetadata: { labels: { app: 'web' } },
      strategy: RolloutStrategy.blueGreen({
        activeService: StrategyService.fromService(new kplus.Service(chart, 'mine', { ports: [{ port: 80 }], selector: kplus.Pods.select(chart, 'p', { labels: { app: 'other' } }) })),
      }),
    });
    expect(() => synth(chart)).toThrow(/\[V48\] spec\.strategy\.blueGreen\.activeService/);
  });

  describe('errors', () => {
    test('no active Service', () => expect(() => RolloutStrategy.blueGreen({ activeService: StrategyService.none() })).toThrow(/needs an active Service/));
    test('active equals preview', () => expect(() => new Rollout(Testing.chart(), 'r', {
      containers: [container],
      strategy: RolloutStrategy.blueGreen({ activeService: StrategyService.fromServiceName('a'), previewService: StrategyService.fromServiceName('a') }),
    })).toThrow(/the active and preview Services are both 'a'/));
    test('autoPromotionDelay with auto-promotion off', () => expect(() => RolloutStrategy.blueGreen({ autoPromotionEnabled: false, autoPromotionDelay: Duration.seconds(5) }))
      .toThrow(/autoPromotionDelay has no effect with autoPromotionEnabled: false/));
    test('previewReplicaCount 0', () => expect(() => RolloutStrategy.blueGreen({ previewReplicaCount: 0 })).toThrow(/'previewReplicaCount' must be an integer >= 1, got 0/));
    test('negative scaleDownDelay', () => expect(() => RolloutStrategy.blueGreen({ scaleDownDelay: Duration.seconds(-1) })).toThrow(/Duration amounts cannot be negative/));
    test('scaleDownDelayRevisionLimit above revisionHistoryLimit', () => {
      const chart = Testing.chart();
      new Rollout(chart, 'r', { containers: [container], revisionHistoryLimit: 1, strategy: RolloutStrategy.blueGreen({ scaleDownDelayRevisionLimit: 3 }) });
      expect(() => chart.toJson()).toThrow(/scaleDownDelayRevisionLimit \(3\) is above revisionHistoryLimit \(1\)/);
    });
    test('addStep on blue-green', () => {
      const r = new Rollout(Testing.chart(), 'r', { containers: [container], strategy: RolloutStrategy.blueGreen() });
      expect(() => r.addStep(CanaryStep.pause())).toThrow(/blue-green strategy, which has no steps/);
    });
    test('Service without ports', () => {
      const chart = Testing.chart();
      new Rollout(chart, 'r', { containers: [{ image: 'x' }], strategy: RolloutStrategy.blueGreen() });
      expect(() => chart.toJson()).toThrow(/The active Service of Rollout test\/r has no port/);
    });
    test('invalid Service name', () => expect(() => StrategyService.fromServiceName('Not_OK')).toThrow(/is not a valid Service name/));
    test('Service name too long', () => expect(() => new Rollout(Testing.chart(), 'r', {
      metadata: { name: 'x'.repeat(60) }, containers: [container], strategy: RolloutStrategy.blueGreen(),
    })).toThrow(/The active Service name 'x{60}-active' of Rollout test\/r is not a valid Service name/));
  });
});

describe('strategy Service errors', () => {
  test('a cdk8s-plus Service where a StrategyService belongs is refused, with the factory that takes it', () => {
    const chart = Testing.chart();
    const service = new kplus.Service(chart, 'mine', { ports: [{ port: 80 }] }) as any;
    expect(() => RolloutStrategy.blueGreen({ activeService: service })).toThrow(
      /'options\.activeService' must be a StrategyService, got an instance of Service\. Create one with StrategyService\.fromService\(service\)/);
    expect(() => RolloutStrategy.blueGreen({ previewService: service })).toThrow(/'options\.previewService' must be a StrategyService/);
    expect(() => RolloutStrategy.canary({ stableService: service })).toThrow(/'options\.stableService' must be a StrategyService/);
    expect(() => RolloutStrategy.canary({ canaryService: service })).toThrow(/'options\.canaryService' must be a StrategyService/);
    expect(() => RolloutStrategy.canary({ trafficRouting: [TrafficRouting.istio()], pingPong: { pingService: service } }))
      .toThrow(/'options\.pingPong\.pingService' must be a StrategyService/);
  });

  test('pingPong with StrategyService.none()', () => {
    expect(() => new Rollout(Testing.chart(), 'r', {
      containers: [container],
      strategy: RolloutStrategy.canary({ trafficRouting: [TrafficRouting.istio()], pingPong: { pingService: StrategyService.none() } }),
    })).toThrow(/pingPong needs both a ping and a pong Service/);
  });

  test('a router that needs Services, with StrategyService.none()', () => {
    expect(() => new Rollout(Testing.chart(), 'r', {
      containers: [container],
      strategy: RolloutStrategy.canary({ trafficRouting: [TrafficRouting.smi()], canaryService: StrategyService.none() }),
    })).toThrow(/its traffic router needs both a stable and a canary Service/);
  });

  test('several container ports without names', () => {
    const chart = Testing.chart();
    new Rollout(chart, 'r', { containers: [{ image: 'x', ports: [{ number: 80 }, { number: 81 }] }], strategy: RolloutStrategy.blueGreen() });
    expect(() => chart.toJson()).toThrow(/has several ports, and not all have a name/);
  });

  test('labels added after construction reach the Rollout and its Services', () => {
    const chart = Testing.chart();
    const rollout = new Rollout(chart, 'r', { containers: [container], select: false, strategy: RolloutStrategy.blueGreen() });
    rollout.podMetadata.addLabel('app', 'late');
    const manifests = synth(chart);
    expect(manifests.find(m => m.kind === 'Rollout').spec.selector).toEqual({ matchLabels: { app: 'late' } });
    for (const s of manifests.filter(m => m.kind === 'Service')) expect(s.spec.selector).toEqual({ app: 'late' });
  });

  test('a defined Service takes bind, select and selectLabel as a cdk8s-plus Service does', () => {
    const chart = Testing.chart();
    const labels = { app: 'web', track: 'main', tier: 'web' };
    const rollout = new Rollout(chart, 'r', { metadata: { name: 'web' }, containers: [named], select: false, podMetadata: { labels }, strategy: RolloutStrategy.blueGreen() });
    rollout.activeService!.bind(9090, { name: 'metrics', targetPort: 9090 });
    rollout.activeService!.selectLabel('track', 'main');
    rollout.previewService!.select(kplus.Pods.select(chart, 'tier', { labels: { tier: 'web' } }));
    const manifests = synth(chart);
    const active = manifests.find(m => m.metadata.name === 'web-active');
    const preview = manifests.find(m => m.metadata.name === 'web-preview');
    expect(active.spec).toEqual({
      selector: { app: 'web', tier: 'web', track: 'main' },
      ports: [{ name: 'http', port: 8080, targetPort: 'http' }, { name: 'metrics', port: 9090, targetPort: 9090 }],
    });
    expect(preview.spec.selector).toEqual({ app: 'web', tier: 'web', track: 'main' });
    expect(rollout.activeService!.ports.map(p => p.port)).toEqual([8080, 9090]);
  });

  test('a defined Service narrowed to pods the Rollout does not make fails (V48)', () => {
    const chart = Testing.chart();
    const rollout = new Rollout(chart, 'r', { metadata: { name: 'web' }, containers: [named], strategy: RolloutStrategy.blueGreen() });
    rollout.activeService!.selectLabel('tier', 'db');
    expect(() => chart.toJson()).toThrow(/V48/);
  });

  test('a bound port that repeats a name or a number is an error naming the Service', () => {
    const byName = Testing.chart();
    const withName = new Rollout(byName, 'r', { containers: [named], strategy: RolloutStrategy.blueGreen() });
    withName.activeService!.bind(9090, { name: 'http' });
    expect(() => byName.toJson()).toThrow(/The active Service of Rollout test\/r has two ports named 'http'; .*Bind the port with another name and number/);
    const byNumber = Testing.chart();
    const numbered = new Rollout(byNumber, 'r', { containers: [named], strategy: RolloutStrategy.blueGreen() });
    numbered.previewService!.bind(8080);
    expect(() => byNumber.toJson()).toThrow(/The preview Service of Rollout test\/r has two ports 8080\/TCP/);
  });

  test('a defined Service is the same object under ApiObject.of, with JSON patches applied', () => {
    const chart = Testing.chart();
    const rollout = new Rollout(chart, 'r', { metadata: { name: 'web' }, containers: [named], strategy: RolloutStrategy.blueGreen() });
    const object = ApiObject.of(rollout.activeService!);
    expect(object.node.path).toBe('test/r/ActiveService/Resource');
    expect(rollout.activeService!.metadata.name).toBe('web-active');
    object.addJsonPatch(JsonPatch.add('/spec/sessionAffinity', 'ClientIP'));
    rollout.activeService!.metadata.addLabel('team', 'shop');
    const active = synth(chart).find(m => m.metadata.name === 'web-active');
    expect(active.spec.sessionAffinity).toBe('ClientIP');
    expect(active.metadata.labels).toEqual({ team: 'shop' });
    expect(rollout.activeService!.node.children.map(c => c.node.id)).toEqual(['Resource']);
  });
});
