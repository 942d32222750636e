import { Chart, Duration, Testing } from 'cdk8s';
import {
  AnalysisTemplate, ArgoRolloutsApp, ArgoRolloutsVersion, CanaryStep, RequestMetricsSource, RequestMetricsTemplates, Rollout, RolloutStrategy,
} from '../../src';
import { schemaErrors, stderrOf, synth } from '../util';

const RELEASES = ArgoRolloutsVersion.all();
const container = { name: 'app', image: 'app:1', portNumber: 8080 };

/** A chart of an app on `release`, warnings fatal (so that any warning fails the synth). */
function chartOn(release: ArgoRolloutsVersion): Chart {
  const app = Testing.app();
  app.node.setContext('argo-rollouts:warningsAsErrors', true);
  ArgoRolloutsApp.of(app).useVersion(release);
  return new Chart(app, 'test');
}

function metricOf(c: Chart, template: AnalysisTemplate): any {
  return synth(c).find(m => m.kind === 'AnalysisTemplate' && m.metadata.name === template.name).spec.metrics[0];
}

describe('RequestMetricsTemplates: runIndefinitely', () => {
  test('by default 5 measurements a minute apart; runIndefinitely leaves count out and keeps the interval', () => {
    const c = new Chart(Testing.app(), 'test');
    const finite = RequestMetricsTemplates.successRate(c, 'finite', { source: RequestMetricsSource.ISTIO });
    const open = RequestMetricsTemplates.successRate(c, 'open', { source: RequestMetricsSource.ISTIO, runIndefinitely: true });
    const openLatency = RequestMetricsTemplates.latency(c, 'open-latency', { source: RequestMetricsSource.NGINX, runIndefinitely: true, interval: Duration.minutes(2) });
    const notOpen = RequestMetricsTemplates.latency(c, 'not-open', { source: RequestMetricsSource.NGINX, runIndefinitely: false, count: 3 });
    expect(metricOf(c, finite)).toMatchObject({ interval: '1m', count: 5 });
    expect(metricOf(c, open).interval).toBe('1m');
    expect('count' in metricOf(c, open)).toBe(false);
    expect(metricOf(c, openLatency).interval).toBe('2m');
    expect('count' in metricOf(c, openLatency)).toBe(false);
    expect(metricOf(c, notOpen).count).toBe(3);
    for (const m of synth(c)) expect(schemaErrors(m)).toEqual([]);
  });

  test('count together with runIndefinitely is an error that names the template and both ways out', () => {
    const c = new Chart(Testing.app(), 'test');
    expect(() => RequestMetricsTemplates.successRate(c, 'sr', { source: RequestMetricsSource.ISTIO, count: 10, runIndefinitely: true }))
      .toThrow(/RequestMetricsTemplates\.successRate\(\) \(test\/sr\): count is 10 and runIndefinitely is true[^]*Remove count[^]*or remove runIndefinitely/);
    expect(() => RequestMetricsTemplates.latency(c, 'lat', { source: RequestMetricsSource.ISTIO, count: 2, runIndefinitely: true }))
      .toThrow(/RequestMetricsTemplates\.latency\(\) \(test\/lat\): count is 2/);
  });

  test('runIndefinitely that is not a boolean is refused with its value', () => {
    const c = new Chart(Testing.app(), 'test');
    expect(() => RequestMetricsTemplates.successRate(c, 'sr', { source: RequestMetricsSource.ISTIO, runIndefinitely: 'yes' as any }))
      .toThrow(/runIndefinitely[^]*"yes"|runIndefinitely[^]*yes/);
  });

  describe.each(RELEASES.map(r => [r.version, r] as const))('Argo Rollouts %s', (_version, release) => {
    test('as background analysis: synthesizes without a warning (the analysis covers every step)', () => {
      const c = chartOn(release);
      const sr = RequestMetricsTemplates.successRate(c, 'sr', { source: RequestMetricsSource.ISTIO, runIndefinitely: true });
      new Rollout(c, 'r', {
        containers: [container],
        strategy: RolloutStrategy.canary({
          analysis: { templates: [sr], args: RequestMetricsTemplates.args('web'), startingStep: 1 },
          steps: CanaryStep.progression({ weights: [10, 30, 60], pause: Duration.minutes(5) }),
        }),
      });
      expect(stderrOf(() => synth(c))).toBe('');
    });

    test('in an inline analysis step: V55 fails the synth (a step analysis must end)', () => {
      const c = chartOn(release);
      const sr = RequestMetricsTemplates.successRate(c, 'sr', { source: RequestMetricsSource.ISTIO, runIndefinitely: true });
      new Rollout(c, 'r', {
        containers: [container],
        strategy: RolloutStrategy.canary({
          steps: [CanaryStep.setWeight(20), CanaryStep.analysis({ templates: [sr], args: RequestMetricsTemplates.args('web') })],
        }),
      });
      expect(() => synth(c)).toThrow(/\[V55\][^]*Metric "success-rate" has interval "1m" and no count[^]*must end/);
    });

    test('in blue-green pre-promotion analysis: V55 fails the synth', () => {
      const c = chartOn(release);
      const lat = RequestMetricsTemplates.latency(c, 'lat', { source: RequestMetricsSource.ISTIO, runIndefinitely: true });
      new Rollout(c, 'r', {
        containers: [container],
        strategy: RolloutStrategy.blueGreen({ prePromotionAnalysis: { templates: [lat], args: RequestMetricsTemplates.args('web-preview') } }),
      });
      expect(() => synth(c)).toThrow(/\[V55\][^]*Metric "latency-p99" has interval "1m" and no count/);
    });

    test('the default (count 5) as background analysis over 15 minutes of pauses: the A18 warning fails a strict synth', () => {
      const c = chartOn(release);
      const sr = RequestMetricsTemplates.successRate(c, 'sr', { source: RequestMetricsSource.ISTIO });
      new Rollout(c, 'r', {
        containers: [container],
        strategy: RolloutStrategy.canary({
          analysis: { templates: [sr], args: RequestMetricsTemplates.args('web'), startingStep: 1 },
          steps: CanaryStep.progression({ weights: [10, 30, 60], pause: Duration.minutes(5) }),
        }),
      });
      expect(() => synth(c)).toThrow(/\[A18 warning\][^]*runIndefinitely: true/);
    });
  });
});
