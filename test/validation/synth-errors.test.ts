// What a user reads when synth fails on a rule of the Argo Rollouts controller (issue 24, item 6): the
// construct, the rule and the fix first, in `app.synth()`, `Testing.synth(chart)` and `chart.toJson()`
// alike, without cdk8s's `Failed serializing …` wrapper, and, for an uncaught error, without a frame or
// a source line of the library in front (a process running an app, as `cdk8s synth` does: the packed-package
// test runs one with the built package, on Node 20 and 22).
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { inspect } from 'util';
import { App, Chart, Duration, Testing } from 'cdk8s';
import { ArgoCdApplication, CanaryStep, Rollout, RolloutStrategy } from '../../src';


/** The first line of the error of the Rollout below. */
const HEADER = 'Rollout demo/web breaks a rule of the Argo Rollouts controller (after apply, the Rollout would be stuck in InvalidSpec '
  + '(phase Degraded, nothing is rolled out)):';
/** Its second line: the rule, the field and the start of the message. */
const RULE = /^ {2}\[V35\] spec\.strategy\.canary\.steps\[1\]\.pause\.duration: pause\.duration "720000h" is 2592000000 seconds, more than the controller can hold/;

/** A Rollout whose pause overflows the controller's int32 seconds: V35 at synth. */
function badRollout(chart: Chart): Rollout {
  return new Rollout(chart, 'web', {
    strategy: RolloutStrategy.canary({ steps: [CanaryStep.setWeight(20), CanaryStep.pause(Duration.days(30000))] }),
    containers: [{ image: 'nginx:1.27', portNumber: 80 }],
  });
}

function thrown(run: () => unknown): Error {
  try {
    run();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected an error');
}

/** Checks an error of the bad Rollout: message, stack and what Node prints for it. */
function expectRuleError(error: Error): void {
  const [header, rule] = error.message.split('\n');
  expect(header).toEqual(HEADER);
  expect(rule).toMatch(RULE);
  // the stack: the message, then the frames of this test only (no frame of src/ or node_modules)
  const stack = String(error.stack);
  expect(stack.startsWith(`${error.message}\n    at `)).toBe(true);
  const frames = stack.slice(error.message.length + 1).split('\n');
  expect(frames.every(f => /^ {4}at \S+:\d+:\d+$/.test(f) && f.includes(__filename))).toBe(true);
  // as Node prints it: the message first, no brackets, no properties after it
  const printed = inspect(error, { customInspect: false });
  expect(printed.startsWith(`${HEADER}\n`)).toBe(true);
  expect(printed).not.toMatch(/name: 'RuleError'|Failed serializing/);
}

describe('a rule error at synth names the construct and the rule first', () => {
  test('app.synth(), Testing.synth(chart) and chart.toJson()', () => {
    const app = Testing.app();
    const chart = new Chart(app, 'demo');
    badRollout(chart);
    expectRuleError(thrown(() => app.synth()));
    expectRuleError(thrown(() => Testing.synth(chart)));
    expectRuleError(thrown(() => chart.toJson()));
  });

  test('rendered by another object first (an Argo CD Application renders the objects it deploys): not wrapped in "Failed serializing"', () => {
    const app = Testing.app();
    new ArgoCdApplication(new Chart(app, 'argocd'), 'app', { name: 'shop', source: { repoUrl: 'https://example.com/r.git', path: 'dist' } });
    badRollout(new Chart(app, 'demo'));
    expectRuleError(thrown(() => app.synth()));
  });

  test('an app with resolvers of its own (cdk8s renders the objects, and wraps the errors it meets)', () => {
    const app = new App({ outdir: fs.mkdtempSync(path.join(os.tmpdir(), 'synth-errors-')), resolvers: [{ resolve: () => undefined }] });
    new ArgoCdApplication(new Chart(app, 'argocd'), 'app', { name: 'shop', source: { repoUrl: 'https://example.com/r.git', path: 'dist' } });
    badRollout(new Chart(app, 'demo'));
    expectRuleError(thrown(() => app.synth()));
  });
});
