import { blueGreenExample, gettingStartedCanary, headerAndMirrorCanary } from './fixtures';
import { PlanComparison, PlanStep, RolloutPlan } from '../../src/plan';
import { alignSteps, COMMENT_MARKER, PLAN_VERSIONS, trafficPoints } from '../../src/plan/private';

const planOf = (manifest: any) => RolloutPlan.fromManifest(manifest);
const copy = (manifest: any) => JSON.parse(JSON.stringify(manifest));

/** The getting-started canary with `edit` applied to a copy. */
function edited(edit: (m: any) => void, base: any = gettingStartedCanary()): any {
  const m = copy(base);
  edit(m);
  return m;
}

describe('RolloutPlan.compare: which Rollouts a change touches', () => {
  test('only the image differs: unchanged, and the text says the plan is the same', () => {
    const head = edited(m => { m.spec.template.spec.containers[0].image = 'nginx:1.28'; });
    const c = RolloutPlan.compare([planOf(gettingStartedCanary())], [planOf(head)]);
    expect(c.toJson().summary).toEqual({ added: 0, removed: 0, changed: 0, unchanged: 1 });
    expect(c.hasChanges).toBe(false);
    expect(c.rollouts[0].steps.every(s => s.change === 'unchanged')).toBe(true);
    expect(c.toText()).toBe('Rollout plans: 1 unchanged\n\nRollout rollouts-demo: unchanged (the plan is the same)\n');
    expect(c.toMarkdown()).toContain('No Rollout\'s update changes');
  });

  test('added and removed Rollouts: the missing side is absent, an added one grows every figure from nothing', () => {
    const c = RolloutPlan.compare([planOf(gettingStartedCanary())], [planOf(blueGreenExample())]);
    expect(c.rollouts.map(r => [r.name, r.change])).toEqual([['rollout-bluegreen', 'added'], ['rollouts-demo', 'removed']]);
    const added = c.rollouts[0];
    expect(added.figures.find(f => f.figure === 'peak')).toEqual({ figure: 'peak', head: 4, delta: 4 });
    expect(added.steps.every(s => s.change === 'added')).toBe(true);
    expect(added.baseTraffic).toEqual([]);
    const removedOne = c.rollouts[1];
    expect(removedOne.figures.find(f => f.figure === 'peak')).toEqual({ figure: 'peak', base: 5, delta: -5 });
    expect(c.grown('peak')).toEqual(['rollout-bluegreen']);
    expect(c.toText()).toContain('base  (no Rollout)');
  });

  test('the order of either set does not change the result; namespaces sort before names', () => {
    const a = planOf(edited(m => { m.metadata.namespace = 'shop'; }));
    const b = planOf(headerAndMirrorCanary());
    const c1 = RolloutPlan.compare([a, b], [b, a]);
    const c2 = RolloutPlan.compare([b, a], [a, b]);
    expect(JSON.stringify(c1.toJson())).toBe(JSON.stringify(c2.toJson()));
    expect(c1.rollouts.map(r => `${r.namespace}/${r.name}`)).toEqual(['/shop', 'shop/rollouts-demo']);
  });

  test('arguments that are not plans: errors naming the argument and how to make one', () => {
    expect(() => RolloutPlan.compare(null as any, [])).toThrow("RolloutPlan.compare(): 'base' is required and must be a list (each item a RolloutPlan), got null.");
    expect(() => RolloutPlan.compare([], [{} as any])).toThrow(
      "RolloutPlan.compare(): 'head[0]' must be a RolloutPlan, got a plain object {}. Create one with RolloutPlan.fromManifest(rollout).");
    expect(() => PlanComparison.fromJson([{ name: 'x' } as any], [])).toThrow(
      "PlanComparison.fromJson(): 'base[0].namespace' is required and must be a string, got nothing (undefined).");
  });

  test('two Rollouts of one namespace and name in a set: an error that says how to fix it', () => {
    const p = planOf(gettingStartedCanary());
    expect(() => RolloutPlan.compare([p, p], [p])).toThrow(
      'The base plans hold two Rollouts named "rollouts-demo": the comparison pairs base and head by namespace and name, so each must be unique in a set.',
    );
  });
});

describe('RolloutPlan.compare: a changed Rollout', () => {
  // the pause after setWeight 40 goes from 10s to 10m, and a pause of 20s follows it: the same pods, 10m10s longer
  const head = edited(m => {
    m.spec.strategy.canary.steps[3] = { pause: { duration: 20 } };
    m.spec.strategy.canary.steps.splice(3, 0, { pause: { duration: '10m' } });
  });
  const c = RolloutPlan.compare([planOf(gettingStartedCanary())], [planOf(head)]);
  const r = c.rollouts[0];

  test('figures: old, new and the difference, in a fixed order', () => {
    expect(r.change).toBe('changed');
    expect(r.figures.map(f => f.figure)).toEqual(PlanComparison.FIGURES);
    expect(r.figures.find(f => f.figure === 'time')).toEqual({ figure: 'time', base: 30, head: 640, delta: 610 });
    expect(r.figures.find(f => f.figure === 'promotions')).toEqual({ figure: 'promotions', base: 1, head: 1, delta: 0 });
    expect(c.grown('time')).toEqual(['rollouts-demo']);
    expect(c.grown('peak')).toEqual([]);
    expect(r.indefinite).toBe(true);
  });

  test('steps: the same names are unchanged; between them, a pause pairs with a pause, the extra one is added', () => {
    expect(r.steps.map(s => [s.change, s.baseIndex, s.headIndex])).toEqual([
      ['unchanged', 0, 0], ['unchanged', 1, 1], ['unchanged', 2, 2], ['changed', 3, 3], ['added', undefined, 4],
      ['unchanged', 4, 5], ['unchanged', 5, 6], ['unchanged', 6, 7], ['unchanged', 7, 8], ['unchanged', -1, -1],
    ]);
    expect(r.steps[3].differences).toEqual(['pause: 10s → pause: 10m', 'minimum time 10s → 10m', 'waits for pause of 10s → pause of 10m']);
  });

  test('traffic over the update: the share, how soon, after how many promotions', () => {
    expect(r.headTraffic).toEqual([
      { step: 0, weight: 20, atSeconds: 0, promotionsBefore: 0 },
      { step: 2, weight: 40, atSeconds: 0, promotionsBefore: 1 },
      { step: 5, weight: 60, atSeconds: 620, promotionsBefore: 1 },
      { step: 7, weight: 80, atSeconds: 630, promotionsBefore: 1 },
      { step: -1, weight: 100, atSeconds: 640, promotionsBefore: 1 },
    ]);
    expect(c.toText()).toContain('    head  20% at 0s · 40% at 0s after 1 promotion · 60% at 10m20s after 1 promotion');
    // the pause without a duration (step 1) waits at 20%, before step 2 sets 40% at the same minimum time
    expect(r.headWaits).toEqual([{ step: 1, weight: 20, atSeconds: 0, promotionsBefore: 0 }]);
  });

  test('svg: base dashed and head solid step lines, the wait marked at its share, round time ticks', () => {
    const svg = c.toSvg();
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain('Rollout rollouts-demo: changed');
    expect(svg).toContain('minimum time 30s → 10m40s');
    // the time axis runs to 12m in ticks of 2m; 100% is y 64, 0% y 264
    expect(svg).toContain('>12m</text>');
    expect(svg).not.toContain('>10m40s</text>');
    const paths = [...svg.matchAll(/<path d="(M[^"]+)" fill="none" stroke="(#[0-9a-f]+)" stroke-width="([\d.]+)"( stroke-dasharray="6 4")?/g)];
    expect(paths.map(p => [p[2], p[4] !== undefined])).toEqual([['#9e9e9e', true], ['#1f77b4', false]]);
    // the wait marker sits at 20% (y 224) at 0s (x 60)
    expect(svg).toContain('<path d="M60 213 l-5 8 h10 z" fill="#1f77b4"/>');
    expect(c.toSvg('rollouts-demo')).toBe(svg);
  });

  test('svg of a comparison with no changed Rollout, or a name not in it: an error that says what to pass', () => {
    const same = RolloutPlan.compare([planOf(gettingStartedCanary())], [planOf(gettingStartedCanary())]);
    expect(() => same.toSvg()).toThrow('PlanComparison.toSvg() draws one Rollout, and 0 are added, removed or changed: name the one to draw, e.g. toSvg("rollouts-demo").');
    expect(() => same.toSvg('web')).toThrow('PlanComparison.toSvg(): there is no Rollout named "web"; name one of rollouts-demo');
    expect(same.toSvg('rollouts-demo')).toContain('Rollout rollouts-demo: unchanged');
  });

  test('text: the figures as a table, then the steps that differ', () => {
    const text = c.toText();
    expect(text).toContain('Rollout plans: 1 changed\n\nRollout rollouts-demo: changed (Argo Rollouts 1.9.1)\n');
    expect(text).toMatch(/^ {2}minimum time +30s +10m40s +\+10m10s$/m);
    expect(text).toMatch(/^ {2}peak pods +5 +5 +same$/m);
    expect(text).toContain('  steps: 1 added, 1 changed, 8 unchanged\n    ~  3  pause: 10s → pause: 10m: minimum time 10s → 10m;');
    expect(text).toContain('    +  4  pause: 20s\n');
  });

  test('markdown: the marker for updating the comment, a figures table with growth in bold, every step', () => {
    const md = c.toMarkdown();
    expect(md.startsWith(`${COMMENT_MARKER}\n### Rollout plans: 1 changed\n`)).toBe(true);
    expect(md).toContain('| minimum time | 30s | 10m40s | **+10m10s** |');
    expect(md).toContain('| peak pods | 5 | 5 | same |');
    expect(md).toContain('| 3 | pause: 10s → pause: 10m | 40% | ✏️ changed; minimum time 10s → 10m; waits for pause of 10s → pause of 10m |');
    expect(md).toContain('| 4 | pause: 20s | 40% | ➕ added |');
    expect(md).toContain('| 4 → 5 | setWeight: 60 | 60% |  |');
    expect(md).toContain('| 2 | setWeight: 40 | 40% |  |');
  });

  test('a traffic-routed canary whose canary scale follows the weight: the traffic and the pods change', () => {
    const routed = headerAndMirrorCanary();
    const index = routed.spec.strategy.canary.steps.findIndex((s: any) => s.setWeight !== undefined);
    const changed = edited(m => { m.spec.strategy.canary.steps[index].setWeight += 10; }, routed);
    const rc = RolloutPlan.compare([planOf(routed)], [planOf(changed)]).rollouts[0];
    const w = routed.spec.strategy.canary.steps[index].setWeight;
    const changedSteps = rc.steps.filter(st => st.change !== 'unchanged');
    // the weight holds until the next setWeight (75): the steps between carry the new share; the canary scale follows
    // the weight (35% of 10 rounds up to 4 pods, 25% to 3), the stable stays at 10 (no dynamicStableScale)
    expect(changedSteps.slice(0, 3).map(st => [st.headName, st.differences.find(d => d.startsWith('traffic '))])).toEqual([
      [`setWeight: ${w + 10} + setCanaryScale: matchTrafficWeight`, `traffic ${w}% → ${w + 10}%`],
      ['pause: 10m', `traffic ${w}% → ${w + 10}%`],
      ['setHeaderRoute: beta-testers (removed)', `traffic ${w}% → ${w + 10}%`],
    ]);
    expect(changedSteps[0].differences[0]).toBe(`setWeight: ${w} + setCanaryScale: matchTrafficWeight → setWeight: ${w + 10} + setCanaryScale: matchTrafficWeight`);
    expect(changedSteps[0].differences.slice(1)).toEqual([`traffic ${w}% → ${w + 10}%`, 'pods 10 stable + 3 canary → 10 stable + 4 canary', 'peak pods 13 → 14']);
  });

  test('json: a stable shape with no undefined keys', () => {
    const json = c.toJson();
    expect(JSON.parse(JSON.stringify(json))).toEqual(json);
    expect(Object.keys(json)).toEqual(['summary', 'rollouts']);
    expect(Object.keys(json.rollouts[0])).toEqual([
      'name', 'namespace', 'change', 'strategy', 'baseVersion', 'headVersion', 'figures', 'indefinite', 'steps',
      'baseTraffic', 'headTraffic', 'baseWaits', 'headWaits', 'notesAdded', 'notesRemoved', 'otherDifferences',
    ]);
  });

  test('PlanComparison.fromJson gives the same as compare (saved plans)', () => {
    const again = PlanComparison.fromJson([planOf(gettingStartedCanary()).toJson()], [planOf(head).toJson()]);
    expect(again.toJson()).toEqual(c.toJson());
  });

  test('an unknown figure is an error that lists the figures', () => {
    expect(() => c.grown('pods')).toThrow('PlanComparison.grown(): there is no figure "pods"; use one of peak, cpu, memory, time, promotions, abort.');
  });
});

describe('RolloutPlan.compare: the counts of a changed step', () => {
  test('more replicas: pods per step, the peak, CPU and memory grow; the replicas are named', () => {
    const c = RolloutPlan.compare([planOf(gettingStartedCanary())], [planOf(edited(m => { m.spec.replicas = 10; }))]);
    const r = c.rollouts[0];
    expect(r.otherDifferences).toContain('replicas 5 → 10');
    expect(r.steps[0].differences).toContain('pods 4 stable + 1 canary → 8 stable + 2 canary');
    expect(c.grown('cpu')).toEqual(['rollouts-demo']);
    expect(c.grown('memory')).toEqual(['rollouts-demo']);
    expect(c.toMarkdown()).toContain('| CPU at the peak | 1.25 | 2.5 | **+1.25** |');
  });

  test('blue-green names its ReplicaSets active and preview', () => {
    const c = RolloutPlan.compare([planOf(blueGreenExample())], [planOf(edited(m => { m.spec.replicas = 3; }, blueGreenExample()))]);
    expect(c.rollouts[0].steps.flatMap(s => s.differences).find(d => d.startsWith('pods '))).toMatch(/^pods \d+ active \+ \d+ preview → \d+ active \+ \d+ preview$/);
  });

  test('the release changes: said, and the steps compared under each release', () => {
    const c = RolloutPlan.compare([RolloutPlan.fromManifest(gettingStartedCanary(), { version: '1.8.3' })], [planOf(gettingStartedCanary())]);
    expect(c.rollouts[0].otherDifferences).toEqual(['Argo Rollouts 1.8.3 → 1.9.1']);
    expect(c.toText()).toContain('(Argo Rollouts 1.8.3 → 1.9.1)');
  });

  test('only CPU requests change: the steps say CPU, not nothing', () => {
    const head = edited(m => { m.spec.template.spec.containers[0].resources.requests.cpu = '500m'; });
    const c = RolloutPlan.compare([planOf(gettingStartedCanary())], [planOf(head)]);
    expect(c.rollouts[0].steps[0].differences).toEqual(['CPU at the peak 1.25 → 2.5']);
    expect(c.rollouts[0].otherDifferences).toEqual(['CPU requested per pod 250m → 500m']);
  });
});

describe('alignSteps and trafficPoints', () => {
  const step = (index: number, name: string, kind: string, weight = 0, minSeconds = 0, indefinite = false): PlanStep => ({
    index,
    name,
    kind,
    weight,
    stablePods: 1,
    canaryPods: 0,
    otherPods: 0,
    totalPods: 1,
    peakPods: 1,
    peakCpuMillicores: 0,
    peakMemoryBytes: 0,
    minSeconds,
    indefinite,
    manualPromotion: indefinite,
    waitsFor: [],
    abortPods: 1,
    moves: [],
    routes: [],
  });

  test('a step removed in the middle, a step of another kind put in its place', () => {
    const base = [step(0, 'setWeight: 10', 'setWeight', 10), step(1, 'pause: 1m', 'pause'), step(2, 'setWeight: 50', 'setWeight', 50)];
    const head = [step(0, 'setWeight: 10', 'setWeight', 10), step(1, 'analysis: x', 'analysis'), step(2, 'setWeight: 50', 'setWeight', 50)];
    expect(alignSteps(base, head).map(s => `${s.change}:${s.baseName ?? ''}|${s.headName ?? ''}`)).toEqual([
      'unchanged:setWeight: 10|setWeight: 10', 'removed:pause: 1m|', 'added:|analysis: x', 'unchanged:setWeight: 50|setWeight: 50',
    ]);
  });

  test('steps of the same kind in the same place pair up as changed; extra ones are added', () => {
    const base = [step(0, 'setWeight: 10', 'setWeight', 10)];
    const head = [step(0, 'setWeight: 20', 'setWeight', 20), step(1, 'setWeight: 30', 'setWeight', 30)];
    expect(alignSteps(base, head).map(s => s.change)).toEqual(['changed', 'added']);
  });

  test('traffic points: only where the share changes, with the time and promotions before', () => {
    const steps = [step(0, 'setWeight: 10', 'setWeight', 10), step(1, 'pause', 'pause', 10, 0, true), step(2, 'pause: 1m', 'pause', 10, 60),
      step(3, 'setWeight: 50', 'setWeight', 50), step(-1, 'full promotion', 'promotion', 100)];
    expect(trafficPoints(steps)).toEqual([
      { step: 0, weight: 10, atSeconds: 0, promotionsBefore: 0 },
      { step: 3, weight: 50, atSeconds: 60, promotionsBefore: 1 },
      { step: -1, weight: 100, atSeconds: 60, promotionsBefore: 1 },
    ]);
  });
});

describe.each(PLAN_VERSIONS)('RolloutPlan.compare under Argo Rollouts %s', version => {
  test('the same manifests compare unchanged; a longer pause shows as time, in this release\'s plans', () => {
    const plan = (m: any) => RolloutPlan.fromManifest(m, { version });
    const head = edited(m => { m.spec.strategy.canary.steps[3] = { pause: { duration: '5m' } }; });
    expect(RolloutPlan.compare([plan(gettingStartedCanary())], [plan(gettingStartedCanary())]).hasChanges).toBe(false);
    const c = RolloutPlan.compare([plan(gettingStartedCanary())], [plan(head)]);
    expect(c.rollouts[0].headVersion).toBe(version);
    expect(c.rollouts[0].figures.find(f => f.figure === 'time')).toEqual({ figure: 'time', base: 30, head: 320, delta: 290 });
    expect(c.rollouts[0].steps.filter(s => s.change !== 'unchanged').map(s => s.differences[0])).toEqual(['pause: 10s → pause: 5m']);
  });
});
