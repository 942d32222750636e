import { Testing } from 'cdk8s';
import { ManagedRoute, Rollout, RolloutStrategy, StringMatch, TrafficRouting } from '../../src';
import { synth } from '../util';

describe('TrafficRouting.plugin', () => {
  test('renders under trafficRouting.plugins; several plugins merge', () => {
    const chart = Testing.chart();
    new Rollout(chart, 'r', {
      containers: [{ image: 'app:1', portNumber: 8080 }],
      strategy: RolloutStrategy.canary({
        trafficRouting: [
          TrafficRouting.plugin('argoproj-labs/gatewayAPI', { config: { httpRoute: 'web', namespace: 'apps' } }),
          TrafficRouting.plugin('acme/router'),
        ],
      }),
    });
    expect(synth(chart)[0].spec.strategy.canary.trafficRouting).toEqual({
      plugins: { 'argoproj-labs/gatewayAPI': { httpRoute: 'web', namespace: 'apps' }, 'acme/router': {} },
    });
  });

  test('fails on a name without a namespace', () => {
    expect(() => TrafficRouting.plugin('gatewayAPI')).toThrow(/Traffic router plugin name 'gatewayAPI' must have the form '<namespace>\/<name>'/);
  });

  test('a router that needs stable and canary Services gets them defined', () => {
    const chart = Testing.chart();
    new Rollout(chart, 'r', { metadata: { name: 'web' }, containers: [{ image: 'app:1', portNumber: 8080 }], strategy: RolloutStrategy.canary({ trafficRouting: [TrafficRouting.smi()] }) });
    const manifests = synth(chart);
    expect(manifests.filter(m => m.kind === 'Service').map(m => m.metadata.name)).toEqual(['web-stable', 'web-canary']);
    expect(manifests[0].spec.strategy.canary).toEqual(expect.objectContaining({ stableService: 'web-stable', canaryService: 'web-canary', trafficRouting: { smi: {} } }));
  });
});

describe('matches and routes', () => {
  test('StringMatch kinds', () => {
    expect([StringMatch.exact('a'), StringMatch.prefix('b'), StringMatch.regex('c.*')].map(m => m._toKube())).toEqual([{ exact: 'a' }, { prefix: 'b' }, { regex: 'c.*' }]);
  });
  test('ManagedRoute', () => expect(ManagedRoute.named('route-1').name).toEqual('route-1'));
});
