import { Testing } from 'cdk8s';
import * as YAML from 'yaml';
import { gettingStartedCanary, headerAndMirrorCanary, template } from './fixtures';
import { CanaryStep, ManagedRoute, Rollout, RolloutStrategy, StringMatch, TrafficRouting } from '../../src';
import { main, PlanCommandIo } from '../../src/cli/plan';
import { RolloutPlan } from '../../src/plan';

// Header and mirror routes (setHeaderRoute, setMirrorRoute): the routes in force at each step, in
// JSON, text and Markdown; the names of combined steps; the notes on routes to a canary without pods.

/** A traffic-routed canary with these steps and managed routes. */
function routed(steps: any[], managedRoutes = [{ name: 'h' }, { name: 'm' }], replicas = 4): any {
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Rollout',
    metadata: { name: 'web' },
    spec: {
      replicas,
      selector: { matchLabels: { app: 'web' } },
      template: template(),
      strategy: {
        canary: {
          canaryService: 'web-canary',
          stableService: 'web-stable',
          trafficRouting: { managedRoutes, istio: { virtualService: { name: 'web', routes: ['primary'] } } },
          steps,
        },
      },
    },
  };
}

const header = (name: string, value: any = { exact: 'beta' }) => ({ setHeaderRoute: { name, match: [{ headerName: 'X-Canary', headerValue: value }] } });
const mirror = (name: string, percentage?: number) => ({
  setMirrorRoute: { name, ...(percentage === undefined ? {} : { percentage }), match: [{ method: { exact: 'GET' } }] },
});

const shop = RolloutPlan.fromManifest(headerAndMirrorCanary());

describe('json: the routes in force at each step', () => {
  test('a header route from its step until removed; a mirror route with its percentage; none once fully promoted', () => {
    const routes = shop.toJson().steps.map(s => s.routes);
    const beta = { name: 'beta-testers', kind: 'header', match: 'header X-Group = "beta"', percent: 100 };
    const get = (percent: number) => ({ name: 'mirror-get', kind: 'mirror', match: 'method = "GET", path prefix "/api"', percent });
    expect(routes[0]).toEqual([beta]);
    expect(routes[1]).toEqual([beta]);
    expect(routes[2]).toEqual([beta, get(35)]);
    expect(routes[3]).toEqual([beta, get(35)]);
    expect(routes[4]).toEqual([beta, get(100)]);
    expect(routes[6]).toEqual([beta]); // setMirrorRoute without match removes it
    expect(routes[8]).toEqual([beta]);
    expect(routes[9]).toEqual([]); // setHeaderRoute without match removes it
    expect(routes[shop.steps.length - 1]).toEqual([]); // the controller removes them at the full promotion
    expect(shop.steps[0].canaryPods).toBe(2);
  });

  test('a mirror percentage defaults to 100; matches in words (prefix, regex, headers, alternatives)', () => {
    const plan = RolloutPlan.fromManifest(routed([
      { setMirrorRoute: { name: 'm', match: [{ path: { prefix: '/api' }, headers: { b: { regex: 'x.*' }, a: { exact: '1' } } }, { method: { exact: 'POST' } }] } },
      header('h', { prefix: 'be' }),
      { setWeight: 50 },
    ]));
    expect(plan.steps[0].routes).toEqual([
      { name: 'm', kind: 'mirror', match: 'path prefix "/api", header a = "1", header b regex "x.*" or method = "POST"', percent: 100 },
    ]);
    expect(plan.steps[1].routes.map(r => r.match)).toEqual(['header X-Canary prefix "be"', 'path prefix "/api", header a = "1", header b regex "x.*" or method = "POST"']);
  });

  test('the matches of a header route joined as the router combines them: Istio or, ALB and, others ;', () => {
    const step = { setHeaderRoute: { name: 'h', match: [{ headerName: 'a', headerValue: { exact: '1' } }, { headerName: 'b', headerValue: { exact: '2' } }] } };
    const match = (router: any) => {
      const rollout = routed([step, { setWeight: 50 }]);
      rollout.spec.strategy.canary.trafficRouting = { managedRoutes: [{ name: 'h' }], ...router };
      return RolloutPlan.fromManifest(rollout).steps[0].routes[0].match;
    };
    expect(match({ istio: { virtualService: { name: 'web' } } })).toBe('header a = "1" or header b = "2"');
    expect(match({ alb: { ingress: 'web', servicePort: 80 } })).toBe('header a = "1" and header b = "2"');
    expect(match({ plugins: { 'argoproj-labs/gatewayAPI': { httpRoute: 'web' } } })).toBe('header a = "1"; header b = "2"');
  });

  test('routes in the order of managedRoutes (their precedence), not the order of the steps', () => {
    const steps = [mirror('m', 10), header('h'), { setWeight: 50 }];
    expect(RolloutPlan.fromManifest(routed(steps)).steps[1].routes.map(r => r.name)).toEqual(['h', 'm']);
    expect(RolloutPlan.fromManifest(routed(steps, [{ name: 'm' }, { name: 'h' }])).steps[1].routes.map(r => r.name)).toEqual(['m', 'h']);
  });

  test('a plan without routes has empty routes', () => {
    expect(RolloutPlan.fromManifest(gettingStartedCanary()).steps.every(s => s.routes.length === 0)).toBe(true);
  });
});

describe('step names', () => {
  test('a combined step names all its parts, whatever the order of its keys', () => {
    const a = RolloutPlan.fromManifest(routed([{ setCanaryScale: { replicas: 1 }, ...header('h') }, { setWeight: 50 }]));
    const b = RolloutPlan.fromManifest(routed([{ ...header('h'), setCanaryScale: { replicas: 1 } }, { setWeight: 50 }]));
    expect(a.steps[0].name).toBe('setCanaryScale: replicas 1 + setHeaderRoute: h (header X-Canary = "beta")');
    expect(a.steps[0].kind).toBe('setCanaryScale');
    expect(b.toJson()).toEqual(a.toJson());
    expect(b.toSvg()).toBe(a.toSvg());
  });

  test('header and mirror steps say what they route, or that they remove the route', () => {
    const names = RolloutPlan.fromManifest(routed([mirror('m', 35), mirror('m', 70), { setMirrorRoute: { name: 'm' } }, header('h'), { setHeaderRoute: { name: 'h' } }]))
      .steps.map(s => s.name);
    expect(names).toEqual([
      'setMirrorRoute: m (35% of method = "GET")',
      'setMirrorRoute: m (70% of method = "GET")',
      'setMirrorRoute: m (removed)',
      'setHeaderRoute: h (header X-Canary = "beta")',
      'setHeaderRoute: h (removed)',
      'full promotion',
    ]);
  });
});

describe('notes: a route to a canary without pods', () => {
  test('a header route before the canary has pods: its requests fail (noted once, at the first step)', () => {
    const plan = RolloutPlan.fromManifest(routed([header('h'), { pause: {} }, { setWeight: 25 }]));
    expect(plan.steps[0].canaryPods).toBe(0);
    const notes = plan.notes.filter(n => n.includes('route "h"'));
    expect(notes).toEqual([
      'Step 0 (setHeaderRoute: h (header X-Canary = "beta")): the header route "h" sends the requests that match (header X-Canary = "beta") to the canary, '
      + 'which has no pods at this step: they fail. Scale the canary up first: a setCanaryScale (e.g. replicas: 1) in the same step (CanaryStep.combined) or before it.',
    ]);
  });

  test('a mirror route to a canary without pods: the copies test nothing', () => {
    const plan = RolloutPlan.fromManifest(routed([mirror('m', 20), { setWeight: 25 }]));
    expect(plan.notes.filter(n => n.includes('mirror route "m"'))).toEqual([
      'Step 0 (setMirrorRoute: m (20% of method = "GET")): the mirror route "m" mirrors 20% of the requests that match (method = "GET") to the canary, which has no pods '
      + 'at this step: the copies are dropped and nothing is tested. Scale the canary up first: a setCanaryScale (e.g. replicas: 1) in the same step (CanaryStep.combined) or before it.',
    ]);
  });

  test('no note when the canary is scaled up in the same step', () => {
    expect(shop.notes.filter(n => n.includes('no pods'))).toEqual([]);
  });
});

describe('text and Markdown: a routes column when a step has a route', () => {
  test('text', () => {
    const lines = shop.toText().split('\n');
    expect(lines[2].split(/\s{2,}/)).toEqual(['#', 'step', 'weight', 'routes', 'stable', 'canary', 'other', 'total', 'peak', 'cpu', 'memory', 'min time', 'waits for']);
    expect(lines[6].split(/\s{2,}/).slice(0, 5)).toEqual([
      '2', 'setMirrorRoute: mirror-get (35% of method = "GET", path prefix "/api")', '0%',
      'beta-testers: header X-Group = "beta"; mirror-get: mirror 35% of method = "GET", path prefix "/api"', '10',
    ]);
    expect(lines[13].split(/\s{2,}/).slice(0, 4)).toEqual(['9', 'setHeaderRoute: beta-testers (removed)', '25%', '-']);
  });

  test('markdown: the same columns in every row', () => {
    const rows = shop.toMarkdown().split('\n').filter(l => l.startsWith('|'));
    expect(rows[0]).toBe('| # | step | weight | routes | stable | canary | other | total | peak | cpu | memory | min time | waits for |');
    expect(rows[1]).toBe('| --- | --- | ---: | --- | ---: | ---: | ---: | ---: | ---: | --- | --- | --- | --- |');
    expect(rows[2]).toBe('| 0 | setCanaryScale: replicas 2 + setHeaderRoute: beta-testers (header X-Group = "beta") | 0% | beta-testers: header X-Group = "beta" '
      + '| 10 | 2 | 0 | 12 | 12 | 3 | 3Gi | 0s | - |');
    expect(new Set(rows.map(r => r.replace(/\\\|/g, '').split('|').length)).size).toBe(1);
  });

  test('no routes column without routes', () => {
    expect(RolloutPlan.fromManifest(gettingStartedCanary()).toText()).not.toContain('routes');
  });

  test('argo-rollouts-plan prints the routes in every format', () => {
    const run = (format: string) => {
      let stdout = '';
      const io: PlanCommandIo = { stdout: t => { stdout += t; }, stderr: () => undefined, readStdin: () => YAML.stringify(headerAndMirrorCanary()) };
      expect(main(['--format', format, '-'], io)).toBe(0);
      return stdout;
    };
    expect(JSON.parse(run('json'))[0].steps[2].routes).toEqual(shop.steps[2].routes);
    expect(run('text')).toBe(shop.toText());
    expect(run('markdown')).toBe(shop.toMarkdown());
    expect(run('svg')).toBe(shop.toSvg());
  });
});

test('rollout.plan() of a construct: a combined step with a header route, then a mirror route', () => {
  const chart = Testing.chart();
  const beta = ManagedRoute.named('beta');
  const mirrorGet = ManagedRoute.named('mirror-get');
  const rollout = new Rollout(chart, 'web', {
    metadata: { name: 'web' },
    replicas: 4,
    containers: [{ image: 'ghcr.io/acme/web:1.4.2', portNumber: 8080 }],
    strategy: RolloutStrategy.canary({
      trafficRouting: [TrafficRouting.istio()],
      steps: [
        CanaryStep.combined([CanaryStep.canaryScale({ replicas: 1 }), CanaryStep.setHeaderRoute(beta, [{ headerName: 'x-group', headerValue: StringMatch.exact('beta') }])]),
        CanaryStep.setMirrorRoute(mirrorGet, { percentage: 20, matches: [{ method: StringMatch.exact('GET') }] }),
        CanaryStep.pause(),
      ],
    }),
  });
  const plan = rollout.plan();
  expect(plan.steps.map(s => s.name).slice(0, 2)).toEqual([
    'setCanaryScale: replicas 1 + setHeaderRoute: beta (header x-group = "beta")',
    'setMirrorRoute: mirror-get (20% of method = "GET")',
  ]);
  expect(plan.steps[2].routes).toEqual([
    { name: 'beta', kind: 'header', match: 'header x-group = "beta"', percent: 100 },
    { name: 'mirror-get', kind: 'mirror', match: 'method = "GET"', percent: 20 },
  ]);
  expect(plan.steps[2].canaryPods).toBe(1);
  expect(plan.notes.filter(n => n.includes('no pods'))).toEqual([]);
});
