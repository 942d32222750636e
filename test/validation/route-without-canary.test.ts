import { Chart, Testing } from 'cdk8s';
import { expectFinding, expectNoFinding, findingsOf, routedRollout } from './helpers';
import { CanaryStep, ManagedRoute, Rollout, RolloutStrategy, StringMatch, TrafficRouting } from '../../src';
import { LintCommandIo, main } from '../../src/cli/lint';
import { FindingSeverity } from '../../src/validation/types';
import { stderrOf, synth } from '../util';

const HEADER = { setHeaderRoute: { name: 'testers', match: [{ headerName: 'x-canary', headerValue: { exact: 'yes' } }] } };
const MIRROR = { setMirrorRoute: { name: 'mirror', percentage: 10, match: [{ method: { exact: 'GET' } }] } };

/** The routed Rollout of the helpers with these steps (and their routes managed). */
function withSteps(steps: any[]): any {
  const rollout = routedRollout();
  rollout.spec.strategy.canary.trafficRouting.managedRoutes = [{ name: 'testers' }, { name: 'mirror' }];
  rollout.spec.strategy.canary.steps = steps;
  return rollout;
}

describe('V71 header or mirror route while the canary has no pods', () => {
  test('a header route first is a warning at its step', () => {
    const finding = expectFinding('V71', [withSteps([HEADER, { pause: {} }])], 'spec.strategy.canary.steps[0].setHeaderRoute', '"testers"');
    expect(finding.severity).toBe(FindingSeverity.WARNING);
    expect(finding.message).toContain('no pods');
    expect(finding.message).toContain('the matched requests fail');
    expect(finding.fix).toContain('setCanaryScale');
    expect(finding.fix).toContain('CanaryStep.combined()');
  });

  test('a mirror route while the canary has no pods is a warning, also after a header route', () => {
    const finding = expectFinding('V71', [withSteps([HEADER, MIRROR, { pause: {} }])], 'spec.strategy.canary.steps[1].setMirrorRoute', '"mirror"');
    expect(finding.message).toContain('the mirrored copies go nowhere');
    expect(finding.message).toContain('10');
    expect(findingsOf('V71', [withSteps([HEADER, MIRROR, { pause: {} }])])).toHaveLength(2);
    // setWeight 0 and setCanaryScale with no replicas scale nothing up
    expect(findingsOf('V71', [withSteps([{ setWeight: 0 }, { setCanaryScale: { replicas: 0 } }, MIRROR])])).toHaveLength(1);
  });

  test('clean when a setCanaryScale or a setWeight above 0 comes first, or in the same step', () => {
    expectNoFinding('V71', [withSteps([{ setCanaryScale: { replicas: 1 } }, HEADER, MIRROR, { pause: {} }])]);
    expectNoFinding('V71', [withSteps([{ setCanaryScale: { weight: 10 } }, HEADER, { pause: {} }])]);
    expectNoFinding('V71', [withSteps([{ setWeight: 20 }, HEADER, MIRROR, { pause: {} }])]);
    expectNoFinding('V71', [withSteps([{ setCanaryScale: { replicas: 1 }, ...HEADER }, { pause: {} }])]);
  });

  test('clean for a step that removes a route (a name and no match)', () => {
    expectNoFinding('V71', [withSteps([{ setHeaderRoute: { name: 'testers' } }, { setMirrorRoute: { name: 'mirror' } }, { pause: {} }])]);
  });

  test('clean without traffic routing (V37 and V40 report the route steps)', () => {
    const rollout = withSteps([HEADER]);
    delete rollout.spec.strategy.canary.trafficRouting;
    expectNoFinding('V71', [rollout]);
  });

  describe('at synth', () => {
    function chart(strict: boolean, scaleFirst = false) {
      const app = Testing.app();
      if (strict) {
        app.node.setContext('argo-rollouts:warningsAsErrors', true);
      }
      const c = new Chart(app, 'test');
      const testers = ManagedRoute.named('testers');
      new Rollout(c, 'r', {
        containers: [{ name: 'app', image: 'app:1', ports: [{ name: 'http', number: 8080 }] }],
        strategy: RolloutStrategy.canary({
          trafficRouting: [TrafficRouting.istio()],
          steps: [
            ...(scaleFirst ? [CanaryStep.canaryScale({ replicas: 1 })] : []),
            CanaryStep.setHeaderRoute(testers, [{ headerName: 'x-canary', headerValue: StringMatch.exact('yes') }]),
            CanaryStep.pause(),
          ],
        }),
      });
      return c;
    }

    test('a header route first prints a warning with the construct path', () => {
      const c = chart(false);
      expect(stderrOf(() => synth(c))).toMatch(/Rollout test\/r [\s\S]*\[V71 warning\] spec\.strategy\.canary\.steps\[0\]\.setHeaderRoute: Header route "testers"/);
    });

    test('... and fails synth when warnings are errors', () => {
      expect(() => synth(chart(true))).toThrow(/Rollout test\/r [\s\S]*\[V71 warning\] spec\.strategy\.canary\.steps\[0\]\.setHeaderRoute/);
    });

    test('scaling the canary first synthesizes without a warning', () => {
      const c = chart(true, true);
      expect(stderrOf(() => synth(c))).not.toContain('V71');
    });
  });

  test('in argo-rollouts-lint: a warning, exit 0 (1 with --warnings-as-errors)', () => {
    const yaml = JSON.stringify(withSteps([HEADER, MIRROR, { pause: {} }]));
    const lint = (args: string[]) => {
      let stdout = '';
      const io: LintCommandIo = { stdout: t => { stdout += t; }, stderr: () => undefined, readStdin: () => yaml };
      return { code: main(args, io), stdout };
    };
    const result = lint(['--no-refs', '-']);
    expect({ code: result.code, stdout: result.stdout }).toEqual({ code: 0, stdout: expect.any(String) });
    expect(result.stdout).toContain('[V71 warning]');
    expect(result.stdout).toContain('spec.strategy.canary.steps[0].setHeaderRoute');
    expect(result.stdout).toContain('spec.strategy.canary.steps[1].setMirrorRoute');
    expect(lint(['--no-refs', '--warnings-as-errors', '-']).code).toBe(1);
  });
});
