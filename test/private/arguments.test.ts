import * as fs from 'fs';
import * as path from 'path';
import { Chart, Duration, Testing } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import { Construct } from 'constructs';
import * as api from '../../src';
import { NOTIFICATION_SERVICE_OPTIONS } from '../../src/install/private/notification-service-options';
import { NOTIFICATION_OPTIONS } from '../../src/install/private/option-shapes';
import {
  ArgumentError, checkArgument, checkListArgument, DATE, describeValue, DURATION, JSON_OBJECT, listOf, mapOf, MAX_JSON_DEPTH, STRING_MAP, struct,
} from '../../src/private/arguments';
import { MAX_NESTING_DEPTH } from '../../src/private/manifest-types';
import { checkInteger } from '../../src/private/utils';

/** Parameter names of a function or of a class's constructor, read from its source, with whether each has a default. */
function parameters(fn: Function, ctor: boolean): Array<{ name: string; hasDefault: boolean }> {
  let source = fn.toString();
  if (ctor) {
    const at = source.indexOf('constructor(');
    if (at < 0) {
      return []; // inherits its parent's constructor: checked there
    }
    source = source.slice(at);
  }
  const open = source.indexOf('(');
  let depth = 0;
  let close = open;
  for (let i = open; i < source.length; i++) {
    if ('([{'.includes(source[i])) depth++;
    if (')]}'.includes(source[i])) depth--;
    if (depth === 0) {
      close = i;
      break;
    }
  }
  const list = source.slice(open + 1, close);
  const parts: string[] = [];
  let current = '';
  depth = 0;
  for (const c of list) {
    if ('([{'.includes(c)) depth++;
    if (')]}'.includes(c)) depth--;
    if (c === ',' && depth === 0) {
      parts.push(current);
      current = '';
    } else {
      current += c;
    }
  }
  if (current.trim() !== '') parts.push(current);
  return parts.map(p => ({ name: p.split('=')[0].trim(), hasDefault: p.includes('=') }));
}

/** Every exported class of the library (the generated L1 namespace and the linter's static helpers aside). */
function exportedClasses(): Array<[string, any]> {
  return Object.entries(api)
    .filter(([name, value]) => typeof value === 'function' && /^[A-Z]/.test(name) && name !== 'Linter')
    .sort(([a], [b]) => a.localeCompare(b));
}

function isConstruct(cls: any): boolean {
  return cls.prototype instanceof Construct;
}

/** Static factories: every public static method, with its parameters. */
function factories(): Array<[string, (...args: any[]) => any, Array<{ name: string; hasDefault: boolean }>]> {
  const out: Array<[string, (...args: any[]) => any, Array<{ name: string; hasDefault: boolean }>]> = [];
  for (const [name, cls] of exportedClasses()) {
    for (const key of Object.getOwnPropertyNames(cls)) {
      const fn = (cls as any)[key];
      if (typeof fn === 'function' && !['length', 'name', 'prototype'].includes(key) && !key.startsWith('_') && !isHidden(key)) {
        out.push([`${name}.${key}`, fn.bind(cls), parameters(fn, false)]);
      }
    }
  }
  return out;
}

/** The bad values: what TypeScript would refuse. */
const BAD: ReadonlyArray<[string, () => unknown]> = [
  ['null', () => null],
  ['a number', () => 42],
  ['a plain object', () => ({ value: 1, weight: 20, name: 'x' })],
  ['a string', () => 'x'],
  ['a numeric string', () => '37'],
];

/** Runs `fn`; returns the error it threw (if any) or undefined. */
function thrown(fn: () => void): any {
  try {
    fn();
    return undefined;
  } catch (error) {
    return error;
  }
}

/**
 * Whether a message shows the bad value as what it is: a numeric string as a string (never "got 37"),
 * null and undefined as such (never as the strings 'null' or 'undefined').
 */
function showsFaithfully(what: string, message: string): boolean {
  if (what === 'a numeric string' && (/\bgot 37\b/.test(message) || (/\b37\b/.test(message) && !/["']37["']/.test(message)))) {
    return false;
  }
  return !/['"](null|undefined)['"]/.test(message);
}

/**
 * An error that is ours: not a TypeError or RangeError from deep inside, naming the argument (or,
 * for a call with one argument, the call), and showing the bad value faithfully. A plain object where
 * an options struct belongs is a valid struct: then any error of ours will do (e.g. a required field
 * that is missing).
 */
function expectClearError(call: string, error: any, argument: string, what: string, single: boolean) {
  if (error === undefined) {
    return; // accepted (e.g. an optional argument, or a string where a string is fine)
  }
  const message = String(error?.message ?? error);
  const word = new RegExp(`\\b${argument}\\b`, 'i');
  // a value of a type the argument may have (a string, a struct) or null for an argument with a
  // default: an error of the library's own checks will do
  const mayBeValid = what === 'a plain object' || what === 'a string' || what === 'a numeric string' || what === 'null (has a default)';
  const names = word.test(message) || (single && message.includes(call.replace(/\(\)$/, ''))) || mayBeValid;
  const description = { call, argument, type: error?.constructor?.name, message };
  expect({ ...description, typeError: error instanceof TypeError || error instanceof RangeError, names, faithful: showsFaithfully(what, message) })
    .toEqual({ ...description, typeError: false, names: true, faithful: true });
}

const SOURCES = fs.readdirSync(path.join(__dirname, '..', '..', 'src'), { recursive: true, encoding: 'utf8' })
  .filter(f => f.endsWith('.ts') && !f.startsWith('imports'))
  .map(f => fs.readFileSync(path.join(__dirname, '..', '..', 'src', f), 'utf8'))
  .join('\n');

/** Whether a static method is private or protected in the source (TypeScript keeps it on the class). */
function isHidden(method: string): boolean {
  return new RegExp(`(private|protected) static ${method}\\(`).test(SOURCES);
}

describe('checkArgument', () => {
  test('accepts what it expects, and an optional argument left out', () => {
    expect(() => checkArgument('f()', 'a', 'x', 'string')).not.toThrow();
    expect(() => checkArgument('f()', 'a', {}, 'object')).not.toThrow();
    expect(() => checkArgument('f()', 'a', Duration.seconds(1), DURATION)).not.toThrow();
    expect(() => checkArgument('f()', 'a', null, 'object', true)).not.toThrow();
    expect(() => checkArgument('f()', 'a', undefined, DURATION, true)).not.toThrow();
  });

  test('names the call, the argument, what it must be and what it got', () => {
    expect(() => checkArgument('RolloutStrategy.canary()', 'options', null, 'object'))
      .toThrow(new ArgumentError("RolloutStrategy.canary(): 'options' is required and must be an object (a map of options or values), got null."));
    expect(() => checkArgument('CanaryStep.pause()', 'duration', { seconds: 30 }, DURATION, true))
      .toThrow("CanaryStep.pause(): 'duration' must be a Duration (cdk8s), got a plain object with seconds. Create one with Duration.seconds(30).");
    expect(() => checkArgument('f()', 'steps', [1], { class: api.CanaryStep, name: 'CanaryStep' })).toThrow("'steps' must be a CanaryStep, got a list of 1.");
    expect(() => checkListArgument('f()', 'steps', [api.CanaryStep.setWeight(1), 2], { class: api.CanaryStep, name: 'CanaryStep' }))
      .toThrow("f(): 'steps[1]' must be a CanaryStep, got the number 2.");
    expect(thrown(() => checkArgument('f()', 'a', 1, 'string'))).toBeInstanceOf(ArgumentError);
    expect(thrown(() => checkArgument('f()', 'a', 1, 'string'))).not.toBeInstanceOf(TypeError);
  });

  test('describeValue', () => {
    expect(describeValue(Duration.seconds(1))).toEqual('an instance of Duration');
    expect(describeValue('x'.repeat(100))).toMatch(/^the string "x{57}\.\.\."$/);
    expect(describeValue(kplus.PercentOrAbsolute.percent(25))).toEqual('an instance of PercentOrAbsolute');
  });
});

describe('lists, maps, structs and free-form JSON', () => {
  const MATCH = struct('HeaderRouteMatch', { headerName: 'string', headerValue: { class: api.StringMatch, name: 'StringMatch' } },
    { required: ['headerName', 'headerValue'], example: "{ headerName: 'x', headerValue: StringMatch.exact('y') }" });

  test('a struct names each field by its path; a missing required field is required', () => {
    expect(() => checkArgument('f()', 'matches', [{ headerName: 'x' }], listOf(MATCH)))
      .toThrow(new ArgumentError("f(): 'matches[0].headerValue' is required and must be a StringMatch, got nothing (undefined)."));
    expect(() => checkArgument('f()', 'options', { weights: 'abc' }, struct('O', { weights: listOf('number') })))
      .toThrow("f(): 'options.weights' must be a list of numbers, got the string \"abc\".");
    expect(() => checkArgument('f()', 'options', { a: null }, struct('O', { a: 'string' }))).not.toThrow();
  });

  test('a null item of a list is refused with the fix', () => {
    expect(() => checkArgument('f()', 'matches', [null], listOf(MATCH))).toThrow(new ArgumentError("f(): 'matches[0]' must be an object (HeaderRouteMatch), got null. "
      + "Lists may not hold null: remove the item, or create one with { headerName: 'x', headerValue: StringMatch.exact('y') }."));
    expect(() => checkListArgument('f()', 'hosts', ['a', null], 'string')).toThrow("f(): 'hosts[1]' must be a string, got null. Lists may not hold null: remove the item.");
  });

  test('a numeric string is shown as a string, with the number to pass', () => {
    expect(() => checkArgument('f()', 'weight', '50', 'number')).toThrow("f(): 'weight' must be a number, got the string \"50\". Pass the number itself, 50, not a string.");
    expect(() => checkInteger('replicas', '3' as any, 0)).toThrow(new ArgumentError("'replicas' must be an integer >= 0, got the string \"3\". Pass the number itself, 3, not a string."));
    expect(() => checkInteger('replicas', null as any, 0)).toThrow("'replicas' must be an integer >= 0, got null.");
    expect(() => checkArgument('f()', 'hosts', 'web.example.com', listOf('string')))
      .toThrow("f(): 'hosts' must be a list of strings, got the string \"web.example.com\". Pass a list, even of one item, e.g. [\"web.example.com\"].");
  });

  test('map members are named as keys', () => {
    expect(() => checkArgument('f()', 'labels', { 'app.kubernetes.io/name': 1 }, STRING_MAP))
      .toThrow("f(): 'labels[\"app.kubernetes.io/name\"]' must be a string, got the number 1. Pass it as a string, e.g. \"1\".");
    expect(() => checkArgument('f()', 'headers', { a: { b: 1 } }, mapOf(mapOf('number')))).not.toThrow();
  });

  test('a date: a Date that is valid; a string is refused with the way to write one', () => {
    expect(() => checkArgument('f()', 'restartAt', new Date('2024-01-01T00:00:00Z'), DATE)).not.toThrow();
    expect(() => checkArgument('f()', 'restartAt', '2024-01-01', DATE)).toThrow(/^f\(\): 'restartAt' must be a Date, got the string "2024-01-01". Create one with new Date\('2024-01-01T00:00:00Z'\)/);
    expect(describeValue(new Date('2024-01-01T00:00:00Z'))).toEqual('the date 2024-01-01T00:00:00.000Z');
    expect(describeValue(new Date('x'))).toEqual('an invalid Date');
  });

  const nested = (levels: number): any => {
    let value: any = { end: true };
    for (let i = 1; i < levels; i++) value = { d: value };
    return value;
  };

  test(`free-form JSON: up to ${MAX_JSON_DEPTH} levels, shared members, instances of classes and null are fine`, () => {
    const shared = { a: 1 };
    expect(() => checkArgument('f()', 'config', nested(MAX_JSON_DEPTH), JSON_OBJECT)).not.toThrow();
    expect(() => checkArgument('f()', 'config', { x: shared, y: [shared, null, 'a', 1.5, true] }, JSON_OBJECT)).not.toThrow();
    expect(() => checkArgument('f()', 'config', { at: Duration.seconds(1) }, JSON_OBJECT)).not.toThrow();
  });

  test(`free-form JSON at ${MAX_JSON_DEPTH} levels can be read back: the YAML written with it stays within the readers' limit (${MAX_NESTING_DEPTH})`, () => {
    // GIVEN a step plugin whose config nests as deep as the library takes
    const app = Testing.app();
    const chart = new Chart(app, 'c');
    new api.Rollout(chart, 'web', {
      containers: [{ image: 'nginx:1.27', portNumber: 80 }],
      strategy: api.RolloutStrategy.canary({ steps: [api.CanaryStep.plugin('argoproj-labs/step', nested(MAX_JSON_DEPTH))] }),
    });
    // WHEN the synthesized YAML is linted
    const findings = api.Linter.lintYaml(app.synthYaml(), 'app.yaml');
    // THEN it parses (a nesting error would throw) and has no errors
    expect(findings.filter(f => f.severity === 'error')).toEqual([]);
  });

  test('free-form JSON: a cycle, more levels, a function or NaN are refused with the member\'s path', () => {
    const cycle: any = { list: [1] };
    cycle.list.push(cycle);
    expect(() => checkArgument('f()', 'config', cycle, JSON_OBJECT)).toThrow(new ArgumentError("f(): 'config.list[1]' is 'config' itself (the data contains itself), "
      + 'which no manifest can hold. Give a copy of the data instead of a reference to it.'));
    expect(() => checkArgument('f()', 'config', nested(MAX_JSON_DEPTH + 1), JSON_OBJECT))
      .toThrow(new RegExp(`^f\\(\\): 'config(\\.d|\\.\\.\\.)+' nests deeper than ${MAX_JSON_DEPTH} levels of objects and lists, got a plain object with end at level ${MAX_JSON_DEPTH + 1}\\.`));
    expect(() => checkArgument('f()', 'config', nested(1000), JSON_OBJECT)).toThrow(/'config\.d\.d.*\.\.\..*\.d' nests deeper than 64 levels/);
    expect(() => checkArgument('f()', 'config', { f: () => 1 }, JSON_OBJECT)).toThrow(/'config\.f' must be JSON data .*, got a function \(f\)/);
    expect(() => checkArgument('f()', 'config', { n: [NaN] }, JSON_OBJECT)).toThrow("f(): 'config.n[0]' must be a finite number, got the number NaN.");
    expect(() => checkArgument('f()', 'config', ['a'], JSON_OBJECT)).toThrow("f(): 'config' must be an object of JSON data");
  });
});

describe('the notification guards, ready for the NotificationService factories and SelfServiceNotifications', () => {
  test('they accept the valid options and name the off-contract member', () => {
    expect(() => checkArgument('NotificationService.email()', 'options', { host: 'smtp.example.com', from: 'a@example.com', port: 587 },
      NOTIFICATION_SERVICE_OPTIONS.email)).not.toThrow();
    expect(() => checkArgument('NotificationService.email()', 'options', { host: 'smtp.example.com', from: 'a@example.com', usernameSecretKey: 7 },
      NOTIFICATION_SERVICE_OPTIONS.email)).toThrow("NotificationService.email(): 'options.usernameSecretKey' must be a string, got the number 7.");
    expect(() => checkArgument('NotificationService.gcpPubSub()', 'options', { attributes: { team: ['web'] } }, NOTIFICATION_SERVICE_OPTIONS.gcpPubSub))
      .toThrow("'options.attributes.team' must be a string, got a list of 1.");
    const settings: any = { token: '$t' };
    settings.self = settings;
    expect(() => checkArgument('NotificationService.custom()', 'settings', settings, JSON_OBJECT)).toThrow("'settings.self' is 'settings' itself");
    expect(() => checkArgument('new SelfServiceNotifications()', 'props', { services: [null] }, NOTIFICATION_OPTIONS))
      .toThrow("new SelfServiceNotifications(): 'props.services[0]' must be a NotificationService, got null. Lists may not hold null");
    expect(() => checkArgument('new SelfServiceNotifications()', 'props', { triggers: [{ name: 'x', condition: 'true', templates: 'a' }] }, NOTIFICATION_OPTIONS))
      .toThrow("'props.triggers[0].templates' must be a list of strings, got the string \"a\".");
  });
});

describe('the off-contract values of issue 22 (item 5) get the library\'s own errors', () => {
  const circular: any = { a: 1 };
  circular.self = circular;
  let deep: any = {};
  for (let i = 0; i < 1000; i++) deep = { d: deep };
  const rollout = (props: object) => {
    const chart = Testing.chart();
    new api.Rollout(chart, 'web', { containers: [{ image: 'nginx:1.27', portNumber: 80 }], ...props });
    return Testing.synth(chart);
  };
  const cases: Array<[string, () => unknown, string | RegExp]> = [
    ["CanaryStep.progression({ weights: 'abc' })", () => api.CanaryStep.progression({ weights: 'abc' as any }),
      "CanaryStep.progression(): 'options.weights' must be a list of numbers, got the string \"abc\"."],
    ['setHeaderRoute(route, [null])', () => api.CanaryStep.setHeaderRoute(api.ManagedRoute.named('h'), [null as any]),
      "CanaryStep.setHeaderRoute(): 'matches[0]' must be an object (HeaderRouteMatch), got null. Lists may not hold null"],
    ['a header match without a value', () => api.CanaryStep.setHeaderRoute(api.ManagedRoute.named('h'), [{ headerName: 'x' } as any]),
      "CanaryStep.setHeaderRoute(): 'matches[0].headerValue' is required and must be a StringMatch, got nothing (undefined). Create one with StringMatch.exact('yes')."],
    ['setMirrorRoute(route, { matches: [null] })', () => api.CanaryStep.setMirrorRoute(api.ManagedRoute.named('m'), { matches: [null as any] }),
      "CanaryStep.setMirrorRoute(): 'options.matches[0]' must be an object (MirrorRouteMatch), got null."],
    ['TrafficRouting.istio({ virtualServices: [null] })', () => api.TrafficRouting.istio({ virtualServices: [null as any] }),
      "TrafficRouting.istio(): 'options.virtualServices[0]' must be an object (IstioVirtualService), got null."],
    ['nginx({ stableIngresses: [null] })', () => api.TrafficRouting.nginx({ stableIngresses: [null as any] }),
      "TrafficRouting.nginx(): 'options.stableIngresses[0]' must be a RouterObject, got null."],
    ['MetricProvider.job({ containers: [null] })', () => api.MetricProvider.job({ containers: [null as any] }),
      "MetricProvider.job(): 'options.containers[0]' must be an object (ContainerProps (cdk8s-plus)), got null."],
    ["restartAt: '2024-01-01'", () => rollout({ restartAt: '2024-01-01' }), "new Rollout(): 'props.restartAt' must be a Date, got the string \"2024-01-01\"."],
    ['a circular router plugin config', () => api.TrafficRouting.plugin('argoproj-labs/x', { config: circular }),
      "TrafficRouting.plugin(): 'options.config.self' is 'options.config' itself (the data contains itself)"],
    ['a router plugin config 1,000 levels deep', () => api.TrafficRouting.plugin('argoproj-labs/x', { config: deep }),
      /^TrafficRouting\.plugin\(\): 'options\.config\.d\.d.*' nests deeper than 64 levels/],
    ['a circular step plugin config', () => api.CanaryStep.plugin('argoproj-labs/x', circular), "CanaryStep.plugin(): 'config.self' is 'config' itself"],
    ['a step plugin config 1,000 levels deep', () => api.CanaryStep.plugin('argoproj-labs/x', deep), /^CanaryStep\.plugin\(\): 'config\.d.*' nests deeper than 64 levels/],
    ['a circular metric plugin config', () => api.MetricProvider.plugin('argoproj-labs/x', circular), "MetricProvider.plugin(): 'config.self' is 'config' itself"],
    ['a metric plugin config 1,000 levels deep', () => api.MetricProvider.plugin('argoproj-labs/x', deep),
      /^MetricProvider\.plugin\(\): 'config\.d.*' nests deeper than 64 levels/],
    ['a circular web jsonBody', () => api.MetricProvider.web({ url: 'https://x.example.com', method: api.WebMethod.POST, jsonBody: circular }),
      "MetricProvider.web(): 'options.jsonBody.self' is 'options.jsonBody' itself"],
    ["setWeight('50')", () => api.CanaryStep.setWeight('50' as any), "CanaryStep.setWeight(): 'weight' must be a number, got the string \"50\". Pass the number itself, 50, not a string."],
    ["replicas: '3'", () => rollout({ replicas: '3' }), "new Rollout(): 'props.replicas' must be a number, got the string \"3\"."],
    ["maxTrafficWeight: '1000'", () => api.RolloutStrategy.canary({ maxTrafficWeight: '1000' as any }),
      "RolloutStrategy.canary(): 'options.maxTrafficWeight' must be a number, got the string \"1000\"."],
    ["canaryScale({ weight: '20' })", () => api.CanaryStep.canaryScale({ weight: '20' as any }),
      "CanaryStep.canaryScale(): 'options.weight' must be a number, got the string \"20\"."],
    ["resultAtLeast('0.9')", () => api.Condition.resultAtLeast('0.9' as any), "Condition.resultAtLeast(): 'threshold' must be a number, got the string \"0.9\"."],
    ['fromServiceName(null)', () => api.StrategyService.fromServiceName(null as any),
      "StrategyService.fromServiceName(): 'name' is required and must be a string, got null."],
  ];
  test.each(cases)('%s', (_what, run, message) => {
    const error = thrown(run);
    expect(error).toBeInstanceOf(ArgumentError);
    expect(() => {
      throw error;
    }).toThrow(message);
  });
});

describe('every public factory refuses what TypeScript would refuse with an error naming the argument', () => {
  const cases: Array<[string, string, string, boolean, () => void]> = [];
  for (const [call, fn, params] of factories()) {
    if (params.length === 0) continue;
    const first = params[0];
    for (const [what, bad] of BAD) {
      cases.push([`${call}()`, first.name, what === 'null' && first.hasDefault ? 'null (has a default)' : what, params.length === 1, () => fn(bad())]);
    }
    if (!first.hasDefault) {
      cases.push([`${call}()`, first.name, 'nothing', params.length === 1, () => fn()]);
    }
  }
  test.each(cases)('%s(%s: %s)', (call, argument, what, single, run) => {
    expectClearError(call, thrown(run), argument, what, single);
  });
});

/** A Rollout manifest to plan. */
const PLANNED_ROLLOUT = {
  apiVersion: 'argoproj.io/v1alpha1',
  kind: 'Rollout',
  metadata: { name: 'web' },
  spec: {
    replicas: 4,
    selector: { matchLabels: { app: 'web' } },
    template: { metadata: { labels: { app: 'web' } }, spec: { containers: [{ name: 'web', image: 'nginx:1.27' }] } },
    strategy: { canary: { steps: [{ setWeight: 25 }, { pause: {} }] } },
  },
};

/** Valid arguments of the factories that take several, so that each later argument can be tested alone. */
const VALID_ARGUMENTS: Record<string, (chart: Chart) => unknown[]> = {
  'CanaryStep.setWeight': () => [20, {}],
  'CanaryStep.setHeaderRoute': () => [api.ManagedRoute.named('header-route'), [{ headerName: 'x', headerValue: api.StringMatch.exact('y') }]],
  'CanaryStep.setMirrorRoute': () => [api.ManagedRoute.named('mirror-route'), {}],
  'CanaryStep.plugin': () => ['argoproj-labs/step', {}],
  'WorkloadReference.fromDeployment': chart => [new kplus.Deployment(chart, 'deployment', { containers: [{ image: 'nginx:1.27' }] }), {}],
  'WorkloadReference.fromDeploymentName': () => ['web', {}],
  'AnalysisTemplate.fromAnalysisTemplateName': chart => [chart, 'imported', 'success-rate'],
  'ArgoCdApplication.ignoreDifferencesOf': () => [[PLANNED_ROLLOUT], api.ArgoRolloutsVersion.V1_10_0_RC1],
  'ClusterAnalysisTemplate.fromClusterAnalysisTemplateName': chart => [chart, 'imported', 'success-rate'],
  'MetricProvider.plugin': () => ['argoproj-labs/metrics', {}],
  'Condition.resultAtLeast': () => [0.95, {}],
  'Condition.resultAbove': () => [0.95, {}],
  'Condition.resultAtMost': () => [0.95, {}],
  'Condition.resultBelow': () => [0.95, {}],
  'Condition.expression': () => ['result[0] >= 1', 'result[0] < 0'],
  'RequestMetricsTemplates.successRate': chart => [chart, 'success', { source: api.RequestMetricsSource.ISTIO }],
  'RequestMetricsTemplates.latency': chart => [chart, 'latency', { source: api.RequestMetricsSource.ISTIO }],
  'AnalysisTemplateArg.withDefault': () => ['service', 'web'],
  'AnalysisTemplateArg.fromSecret': () => ['token', 'secret', 'key'],
  'AnalysisTemplateArg.fromFieldRef': () => ['namespace', 'metadata.namespace'],
  'AnalysisArg.value': () => ['service', 'web'],
  'AnalysisArg.fromPodTemplateHash': () => ['hash', api.PodTemplateHash.LATEST],
  'AnalysisArg.fromFieldRef': () => ['namespace', 'metadata.namespace'],
  'TrafficRouting.plugin': () => ['argoproj-labs/router', {}],
  'NotificationService.slack': () => ['slack-token', {}],
  'NotificationService.webhook': () => ['hook', 'https://hooks.example.com/x', {}],
  'NotificationService.custom': () => ['pagerduty', { token: 'x' }],
  'NotificationService.opsgenie': () => ['https://api.opsgenie.com', { platform: 'opsgenie-key' }],
  'NotificationService.grafana': () => ['https://grafana.example.com/api', 'grafana-key'],
  'NotificationService.mattermost': () => ['https://mattermost.example.com', 'mattermost-token'],
  'NotificationService.nats': () => ['nats://nats.example.com:4222', {}],
  'NotificationService.gcpPubSub': () => ['acme-project', 'rollouts', {}],
  'ProviderPermissions.custom': () => ['provider', [{ apiGroups: [''], resources: ['secrets'], verbs: ['get'] }]],
  'RolloutBudget.forApp': chart => [chart, { pods: 10 }],
  'RolloutPlan.fromManifest': () => [PLANNED_ROLLOUT, {}],
  'RolloutPlan.nextReplicaCounts': () => [PLANNED_ROLLOUT, [], {}],
  'PlanComparison.fromJson': () => [[], []],
};

describe('every later argument of a factory is checked too, naming it', () => {
  const byName = new Map(factories().map(([call, fn, params]) => [call, { fn, params }]));
  test('the table covers every public factory with more than one argument, and only those', () => {
    const multi = [...byName].filter(([, f]) => f.params.length > 1).map(([call]) => call).sort();
    expect(Object.keys(VALID_ARGUMENTS).sort()).toEqual(multi);
  });
  const cases: Array<[string, string, string, (chart: Chart) => void]> = [];
  for (const [call, valid] of Object.entries(VALID_ARGUMENTS)) {
    const { fn, params } = byName.get(call) ?? { fn: () => undefined, params: [] };
    params.forEach((param, i) => {
      if (i === 0) return; // the first argument: above
      for (const [what, bad] of BAD) {
        cases.push([`${call}()`, param.name, what === 'null' && param.hasDefault ? 'null (has a default)' : what, chart => {
          const args = valid(chart);
          args[i] = bad();
          fn(...args);
        }]);
      }
    });
  }
  test('the valid arguments are valid', () => {
    for (const [call, valid] of Object.entries(VALID_ARGUMENTS)) {
      expect({ call, error: thrown(() => byName.get(call)!.fn(...valid(new Chart(Testing.app(), 'chart'))))?.message }).toEqual({ call, error: undefined });
    }
  });
  test.each(cases)('%s(..., %s: %s)', (call, argument, what, run) => {
    expectClearError(call, thrown(() => run(new Chart(Testing.app(), 'chart'))), argument, what, false);
  });
});

describe('every construct refuses bad props with an error naming them, at construction or at synth', () => {
  const cases: Array<[string, string, string, () => void]> = [];
  for (const [name, cls] of exportedClasses().filter(([, c]) => isConstruct(c))) {
    const params = parameters(cls, true);
    if (params.length < 3) continue;
    for (const [what, bad] of BAD) {
      cases.push([name, params[2].name, what === 'null' && params[2].hasDefault ? 'null (has a default)' : what, () => {
        const chart = new Chart(Testing.app(), 'chart');
        new cls(chart, 'subject', bad());
        Testing.synth(chart);
      }]);
    }
  }
  test.each(cases)('new %s(scope, id, %s: %s)', (name, argument, what, run) => {
    expectClearError(`new ${name}()`, thrown(run), argument, what, false);
  });
});

describe('value classes inside options and add-methods', () => {
  const rollout = (props: any) => {
    const chart = new Chart(Testing.app(), 'chart');
    return new api.Rollout(chart, 'web', { containers: [{ image: 'nginx:1.27', portNumber: 80 }], ...props });
  };

  test('RolloutStrategy.canary(null) is the default canary', () => {
    expect(() => (api.RolloutStrategy.canary as any)(null)).not.toThrow();
  });

  test("a plain '25%' for maxSurge names the field and the class to use", () => {
    expect(() => api.RolloutStrategy.canary({ maxSurge: '25%' as any }))
      .toThrow("RolloutStrategy.canary(): 'options.maxSurge' must be a PercentOrAbsolute (cdk8s-plus), got the string \"25%\". Create one with PercentOrAbsolute.percent(25)");
  });

  test('a plain object where a Duration belongs', () => {
    expect(() => api.RolloutStrategy.canary({ scaleDownDelay: { seconds: 30 } as any }))
      .toThrow("RolloutStrategy.canary(): 'options.scaleDownDelay' must be a Duration (cdk8s), got a plain object with seconds. Create one with Duration.seconds(30).");
    expect(() => api.CanaryStep.progression({ weights: [20], pause: 10 as any })).toThrow(ArgumentError);
  });

  test('Rollout.addStep() with a plain object names the argument', () => {
    const r = rollout({ strategy: api.RolloutStrategy.canary() });
    expect(() => r.addStep({ setWeight: 20 } as any))
      .toThrow("Rollout.addStep(): 'step' must be a CanaryStep, got a plain object with setWeight. Create one with a factory such as CanaryStep.setWeight(20).");
  });

  test('plain objects where an interface or class belongs, deep in the options', () => {
    expect(() => api.RolloutStrategy.canary({ trafficRouting: [{} as any] })).toThrow(
      "RolloutStrategy.canary(): 'options.trafficRouting[0]' must be an ITrafficRouter, got a plain object {}. Create one with a factory such as TrafficRouting.istio().");
    expect(() => api.CanaryStep.analysis({ templates: [{ name: 'x' } as any] })).toThrow(
      "CanaryStep.analysis(): 'options.templates[0]' must be an IAnalysisTemplate, got a plain object with name.");
    expect(() => new api.AnalysisTemplate(Testing.chart(), 't', { metrics: [{ name: 'm', provider: { kind: 'web' } as any }] })).toThrow(
      "AnalysisTemplate test/t, metric 'm': 'provider' must be a MetricProvider, got a plain object with kind.");
    expect(() => rollout({ strategy: { canary: {} } })).toThrow("new Rollout(): 'props.strategy' must be a RolloutStrategy, got a plain object with canary.");
  });

  test('CanaryStep.combined() with a plain object among the steps', () => {
    expect(() => api.CanaryStep.combined([api.CanaryStep.setWeight(20), { kind: 'pause' } as any]))
      .toThrow("CanaryStep.combined(): 'steps[1]' must be a CanaryStep, got a plain object with kind.");
  });
});
