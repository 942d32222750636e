/**
 * `RolloutPlan`: what a Rollout update will do before it runs — per step the traffic weight, the
 * stable / canary / total pods, the most pods on the way, the CPU and memory they request, the
 * minimum time and what the step waits for; totals; blue-green, abort, a workloadRef migration and
 * an HPA-scaled Rollout at its minimum and maximum.
 */

import { PlanComparison } from './comparison';
import { analysisTime, backgroundCoverage, backgroundNote, planBackgroundAnalysis, TemplateSpecLookup } from './private/analysis-time';
import { abortScaleDownDelay, maxSurge, maxUnavailable, readSpec, scaleDownDelaySeconds, setCanaryScaleInForce, SpecModel } from './private/controller';
import { PlanManifests } from './private/manifests';
import { renderMarkdown, renderSvg, renderText } from './private/render';
import { podRequests, PodRequests } from './private/resources';
import { routeOf, RouteState } from './private/routes';
import { CanarySimulation, Move } from './private/simulate';
import { versionArithmetic, VersionArithmetic } from './private/versions';
import { nextReplicaCounts } from './replica-counts';
import {
  NextReplicaCountsOptions, PlanAbort, PlanAutoscaling, PlanBackgroundAnalysis, PlanMigration, PlanMigrationPhase, PlanMove, PlanPodResources,
  PlanRoute, PlanStep, PlanTotals, ReplicaCounts, RolloutPlanJson,
} from './types';
import { argumentOrDefault, checkArgument, checkListArgument } from '../private/arguments';
import { parseGoDuration, pauseDurationSeconds } from '../private/go-values';
import { installedVersion } from '../private/installed-version';
import {
  manifestName, manifestNamespace, objectOrEmpty as obj, objectsOrEmpty as list, UncheckedObject, workloadPodTemplate, workloadRefKind,
} from '../private/manifest-types';
import { StepKey, stepKindsBy } from '../private/step-kinds';
import { fail } from '../private/synth-error';
import { releaseNumber } from '../release/private';
import { ArgoRolloutsVersion } from '../release/version';

/** Options of `RolloutPlan.fromManifest`. */
export interface RolloutPlanOptions {
  /**
   * The other manifests of the app: the Deployment (or ReplicaSet / PodTemplate) a `workloadRef`
   * points at, the AnalysisTemplates and ClusterAnalysisTemplates of analysis steps, and a
   * HorizontalPodAutoscaler that scales the Rollout.
   *
   * @default - none: times of analysis steps are unknown, a workloadRef's pods are unknown
   */
  readonly manifests?: any[];
  /**
   * The Argo Rollouts release whose arithmetic applies, e.g. `ArgoRolloutsVersion.V1_8_4`. A version
   * number (`'1.8.4'`, a leading `v` accepted) is taken too, as `argo-rollouts-plan --version` gives it.
   *
   * @default - the release of the Argo Rollouts controller Deployment among `manifests` (its image
   *   tag), else the default release
   */
  readonly version?: string | ArgoRolloutsVersion;
  /**
   * Plan for this many replicas instead of `spec.replicas` (what an HPA sets).
   *
   * @default - spec.replicas (1 when not set)
   */
  readonly replicas?: number;
}

// ---------------------------------------------------------------------------------------------
// Manifests of the app
// ---------------------------------------------------------------------------------------------

/** The app's other manifests, as the plan of a Rollout in `namespace` looks them up. */
class Manifests {
  constructor(private readonly index: PlanManifests, private readonly namespace: string) {}

  /** The first manifest of the kind and name in the Rollout's namespace (or with none; any namespace when `clusterScoped`). */
  public find(kind: string, name: string, clusterScoped = false): UncheckedObject | undefined {
    return this.index.named(kind, name).find(m => clusterScoped || manifestNamespace(m) === '' || this.namespace === '' || manifestNamespace(m) === this.namespace);
  }

  /** The manifests of a kind. */
  public filter(kind: string): readonly UncheckedObject[] {
    return this.index.ofKind(kind);
  }
}

// ---------------------------------------------------------------------------------------------
// Time
// ---------------------------------------------------------------------------------------------

function durationSeconds(value: unknown): number | undefined {
  if (typeof value === 'number') {
    return Number.isFinite(value) ? Math.trunc(value) : undefined;
  }
  if (typeof value !== 'string') {
    return undefined;
  }
  if (/^[0-9]+$/.test(value)) {
    return Number(value);
  }
  const s = parseGoDuration(value);
  return s === undefined ? undefined : Math.trunc(s);
}

interface Wait {
  seconds: number;
  indefinite: boolean;
  what: string;
  /** The soonest an analysis can end the wait by a failed or inconclusive result (see `analysisTime`). */
  earliest?: number;
}

/** The step's `earliestEndSeconds`, when its analysis can end it sooner than its least time: the field or nothing. */
function earliestEnd(wait: Wait): { earliestEndSeconds?: number } {
  return wait.earliest !== undefined && wait.earliest < wait.seconds ? { earliestEndSeconds: wait.earliest } : {};
}

/** The sooner of two soonest ends (either may be absent). */
function sooner(a: number | undefined, b: number | undefined): number | undefined {
  return a === undefined ? b : b === undefined ? a : Math.min(a, b);
}

/** Finds an analysis template's spec among the manifests (see `TemplateSpecLookup`). */
function templateLookup(manifests: Manifests): TemplateSpecLookup {
  return (clusterScope, name) => {
    const template = clusterScope ? manifests.find('ClusterAnalysisTemplate', name, true) : manifests.find('AnalysisTemplate', name);
    return template === undefined ? undefined : obj(template.spec);
  };
}

/**
 * How long an analysis of templates takes at least: per metric initialDelay + (count - 1) × interval
 * (see `analysisTime`, which rule A18 reads too), and the soonest a failed or inconclusive result
 * can end it. `analysis` is the analysis block (its args and dryRun).
 */
function analysisWait(refs: readonly unknown[], manifests: Manifests, notes: string[], analysis: UncheckedObject = {}): Wait {
  const names = refs.map(r => String(obj(r).templateName ?? ''));
  const time = analysisTime(refs, templateLookup(manifests), list(analysis.args), list(analysis.dryRun));
  for (const t of time.missing) {
    notes.push(`The ${t.kind} ${JSON.stringify(t.name)} is not among the manifests: the time of its analysis is not counted.`);
  }
  for (const m of time.metrics.filter(x => x.countValue !== undefined)) {
    notes.push(`The count of metric ${JSON.stringify(m.name)} is ${JSON.stringify(m.countValue)}, known only at run time: its measurements after the first are not counted.`);
  }
  const earliest = time.earliestEndSeconds === undefined ? {} : { earliest: time.earliestEndSeconds };
  return { seconds: time.seconds, indefinite: time.untilStopped, what: `analysis ${names.join(', ')}`, ...earliest };
}

// ---------------------------------------------------------------------------------------------
// The plan
// ---------------------------------------------------------------------------------------------

/** The fields of a strategy block (canary or blueGreen) read here; each as written. */
interface StrategyBlock {
  readonly trafficRouting?: unknown;
  readonly prePromotionAnalysis?: unknown;
  readonly postPromotionAnalysis?: unknown;
}

/** A replica count as written if it is a number, else the fallback. */
function replicasOr(value: unknown, fallback: number): number {
  return typeof value === 'number' ? value : fallback;
}

interface Context {
  /** The raw strategy block (canary or blueGreen), for analyses. */
  readonly raw: StrategyBlock;
  readonly spec: SpecModel;
  readonly va: VersionArithmetic;
  readonly pod: PodRequests;
  readonly manifests: Manifests;
  readonly notes: string[];
}

/** The plan's words for each step kind's part of a step, from its value (a `setHeaderRoute` or `setMirrorRoute` with the route it sets). */
const PART_NAMES: { readonly [K in StepKey]: (value: unknown, trafficRouting: unknown) => string } = {
  setWeight: v => `setWeight: ${v}`,
  pause: v => {
    const d = obj(v).duration;
    return d === undefined || d === null ? 'pause (until promoted)' : `pause: ${typeof d === 'number' ? `${d}s` : d}`;
  },
  analysis: v => `analysis: ${list(obj(v).templates).map(t => t.templateName).join(', ')}`,
  experiment: v => `experiment${obj(v).duration !== undefined ? `: ${obj(v).duration}` : ''}`,
  setCanaryScale: v => {
    const scs = obj(v);
    return `setCanaryScale: ${scs.replicas !== undefined ? `replicas ${scs.replicas}` : scs.weight !== undefined ? `weight ${scs.weight}` : 'matchTrafficWeight'}`;
  },
  setHeaderRoute: (v, trafficRouting) => {
    const r = routeOf('header', v, trafficRouting);
    return `setHeaderRoute: ${obj(v).name ?? ''} (${r ? r.match : 'removed'})`;
  },
  setMirrorRoute: (v, trafficRouting) => {
    const r = routeOf('mirror', v, trafficRouting);
    return `setMirrorRoute: ${obj(v).name ?? ''} (${r ? `${r.percent}% of ${r.match}` : 'removed'})`;
  },
  plugin: v => `plugin: ${obj(v).name ?? ''}`,
};

/** The step kinds in the order of a combined step's name (their rows, src/private/step-kinds.ts). */
const NAME_ORDER = stepKindsBy('nameRank').map(row => row.key);

/**
 * A step's kind and name. A combined step (several kinds in one step) is named by all its parts,
 * joined by ` + ` in a fixed order (the rows' `nameRank`); its kind is its first part's.
 */
function stepName(step: unknown, trafficRouting: unknown): { kind: string; name: string } {
  const s = obj(step);
  const kinds = NAME_ORDER.filter(kind => s[kind] !== undefined);
  if (kinds.length === 0) {
    return { kind: 'unknown', name: 'unknown step' };
  }
  return { kind: kinds[0], name: kinds.map(kind => PART_NAMES[kind](s[kind], trafficRouting)).join(' + ') };
}

function stepWait(step: unknown, ctx: Context): Wait & { manual: boolean; extraPods: number } {
  const s = obj(step);
  const none = { seconds: 0, indefinite: false, what: '', manual: false, extraPods: 0 };
  if (s.pause !== undefined) {
    const d = obj(s.pause).duration;
    if (d === undefined || d === null) {
      return { ...none, indefinite: true, manual: true, what: 'manual promotion' };
    }
    const seconds = pauseDurationSeconds(d);
    return { ...none, seconds: Math.max(0, seconds ?? 0), what: `pause of ${typeof d === 'number' ? `${d}s` : d}` };
  }
  if (s.analysis !== undefined) {
    return { ...none, ...analysisWait(list(obj(s.analysis).templates), ctx.manifests, ctx.notes, obj(s.analysis)) };
  }
  if (s.experiment !== undefined) {
    const e = obj(s.experiment);
    const extraPods = list(e.templates).reduce((n, t) => n + (typeof t.replicas === 'number' ? t.replicas : 1), 0);
    const duration = durationSeconds(e.duration);
    const analyses = list(e.analyses);
    // each analysis with its own arguments (a count may come from one) and the step's dryRun; the first to
    // fail or turn inconclusive ends the experiment, duration or not (with a duration, their own times do not count: no notes on them)
    const waits = analyses.map(a => analysisWait([a], ctx.manifests, duration === undefined ? ctx.notes : [], { args: a.args, dryRun: e.dryRun }));
    const earliest = waits.reduce<number | undefined>((n, x) => sooner(n, x.earliest), undefined);
    const soonest = earliest === undefined ? {} : { earliest };
    if (duration !== undefined) {
      return { ...none, seconds: duration, what: `experiment of ${e.duration}`, extraPods, ...soonest };
    }
    if (analyses.length > 0) {
      const w = { seconds: Math.max(...waits.map(x => x.seconds)), indefinite: waits.some(x => x.indefinite), ...soonest };
      return { ...none, ...w, what: `experiment until analysis ${analyses.map(a => String(a.templateName ?? '')).join(', ')}`, extraPods };
    }
    return { ...none, indefinite: true, what: 'experiment (no duration: runs until stopped)', extraPods };
  }
  if (s.plugin !== undefined) {
    return { ...none, what: `step plugin ${obj(s.plugin).name ?? ''}` };
  }
  return none;
}

function cpuOf(ctx: Context, pods: number): number {
  return ctx.pod.cpuMillicores * pods;
}

function memoryOf(ctx: Context, pods: number): number {
  return ctx.pod.memoryBytes * pods;
}

function toPlanMoves(moves: Move[]): PlanMove[] {
  return moves.map(m => ({ target: m.target, before: m.before, after: m.after, totalPods: m.totalPods }));
}

/** The most pods while aborting from the simulation's current state, and where the abort settles. */
function abortFrom(sim: CanarySimulation): { peak: number; stable: number; canary: number } {
  const copy = sim.clone();
  copy.abort();
  const peak = copy.settle().peak;
  return { peak, stable: copy.stablePods, canary: copy.canaryPods };
}

/**
 * Notes the routes that send requests to a canary without pods, once per route: header-routed
 * requests fail, mirrored copies test nothing.
 */
function noteRoutesWithoutPods(
  ctx: Context, noted: Set<string>, index: number, name: string, routes: readonly PlanRoute[], canaryPods: number,
): void {
  if (canaryPods > 0) {
    return;
  }
  for (const r of routes) {
    if (noted.has(r.name)) {
      continue;
    }
    noted.add(r.name);
    const first = `Step ${index} (${name}): the ${r.kind} route ${JSON.stringify(r.name)}`;
    ctx.notes.push(r.kind === 'header'
      ? `${first} sends the requests that match (${r.match}) to the canary, which has no pods at this step: they fail. `
        + 'Scale the canary up first: a setCanaryScale (e.g. replicas: 1) in the same step (CanaryStep.combined) or before it.'
      : `${first} mirrors ${r.percent}% of the requests that match (${r.match}) to the canary, which has no pods at this step: the copies are dropped `
        + 'and nothing is tested. Scale the canary up first: a setCanaryScale (e.g. replicas: 1) in the same step (CanaryStep.combined) or before it.');
  }
}

function canarySteps(ctx: Context): PlanStep[] {
  const sim = new CanarySimulation(ctx.spec, ctx.va);
  const steps = ctx.spec.canary!.steps;
  const out: PlanStep[] = [];
  let stuckNoted = false;
  const routeState = new RouteState(ctx.raw.trafficRouting);
  let routes: PlanRoute[] = [];
  const routesNoted = new Set<string>();
  type StepWait = Wait & { manual: boolean; extraPods: number };
  const record = (index: number, kind: string, name: string, moves: Move[], peak: number, wait: StepWait, abortPods: number) => {
    const otherPods = sim.olderPods + wait.extraPods;
    const peakPods = peak + wait.extraPods;
    out.push({
      index,
      name,
      kind,
      weight: sim.trafficPercent,
      stablePods: sim.stablePods,
      canaryPods: sim.canaryPods,
      otherPods,
      totalPods: sim.stablePods + sim.canaryPods + otherPods,
      peakPods,
      peakCpuMillicores: cpuOf(ctx, peakPods),
      peakMemoryBytes: memoryOf(ctx, peakPods),
      minSeconds: wait.seconds,
      ...earliestEnd(wait),
      indefinite: wait.indefinite,
      manualPromotion: wait.manual,
      waitsFor: wait.what === '' ? [] : [wait.what],
      abortPods,
      moves: toPlanMoves(moves),
      routes,
    });
  };
  // an abort can come at any reconcile, also in the middle of a step's scaling: the most pods of any
  let abortOnTheWay = 0;
  const tryAbort = () => {
    abortOnTheWay = Math.max(abortOnTheWay, abortFrom(sim).peak);
  };
  for (let i = 0; i < steps.length; i++) {
    abortOnTheWay = 0;
    const { moves, peak } = sim.settle(tryAbort);
    const { kind, name } = stepName(steps[i], ctx.raw.trafficRouting);
    const wait = stepWait(steps[i], ctx);
    const scs = setCanaryScaleInForce(ctx.spec, sim.statusModel());
    if (kind === 'setWeight' && scs !== undefined) {
      ctx.notes.push(`Step ${i} (${name}): an earlier setCanaryScale still sets the canary's pods (${sim.canaryPods}), so ${sim.trafficPercent}% of the traffic goes to them. Add a step setCanaryScale: {matchTrafficWeight: true} before it to scale the canary with the weight again.`);
    }
    if ((kind === 'setWeight' || kind === 'setCanaryScale') && !sim.atDesired()) {
      ctx.notes.push(`Step ${i} (${name}): the controller settles at ${sim.stablePods} stable and ${sim.canaryPods} canary pods, which it does not count as the step's target; the rollout would not move on without a promotion.`);
    }
    routeState.apply(steps[i]);
    routes = routeState.current();
    noteRoutesWithoutPods(ctx, routesNoted, i, name, routes, sim.canaryPods);
    const aborted = abortFrom(sim);
    const delay = abortScaleDownDelay(ctx.spec);
    if (aborted.stable < ctx.spec.replicas && aborted.canary > 0 && delay.seconds !== undefined && !stuckNoted) {
      stuckNoted = true;
      ctx.notes.push(`Aborted at step ${i} (${name}), the controller's arithmetic settles at ${aborted.stable} stable and ${aborted.canary} canary pods instead of `
        + `${ctx.spec.replicas} stable: with dynamicStableScale the stable grows only as the canary shrinks, and abortScaleDownDelaySeconds keeps the canary `
        + 'until the stable is whole. Remove abortScaleDownDelaySeconds (the canary then shrinks with its traffic) or check the abort on a test cluster.');
    }
    record(i, kind, name, moves, peak, wait, Math.max(aborted.peak, abortOnTheWay));
    sim.nextStep();
  }
  // past the last step: everything to the new version, then the full promotion (an abort is possible until then)
  abortOnTheWay = -1;
  const before = sim.settle(tryAbort);
  sim.promote();
  const after = sim.settle();
  const delay = sim.delaySeconds;
  const moves = [...before.moves, ...after.moves];
  const peak = Math.max(before.peak, after.peak);
  const what = delay > 0 ? `scaleDownDelaySeconds (${delay}s) before the previous stable is scaled down` : '';
  routes = []; // the controller removes the managed routes once fully promoted
  record(-1, 'promotion', 'full promotion', moves, peak, { seconds: delay, indefinite: false, what, manual: false, extraPods: 0 }, abortOnTheWay);
  return out;
}

function blueGreenSteps(ctx: Context): PlanStep[] {
  const spec = ctx.spec;
  const bg = spec.blueGreen!;
  const r = spec.replicas;
  const rollout = {
    spec: { replicas: r, strategy: { blueGreen: { previewReplicaCount: bg.previewReplicaCount } } },
    status: { stableRS: 'active', currentPodHash: 'preview', blueGreen: { activeSelector: 'active' } },
  };
  const rs = (hash: string, replicas: number) => ({ metadata: { labels: { 'rollouts-pod-template-hash': hash } }, spec: { replicas }, status: { availableReplicas: replicas } });
  // the controller's count for the preview before promotion (checks the arithmetic end to end)
  const previewCount = nextReplicaCounts(rollout, [rs('active', r), rs('preview', 0)], { version: ctx.va.version }).canary;
  type PhaseWait = Wait & { manual: boolean };
  const step = (
    kind: string, name: string, stable: number, canary: number, weight: number, wait: PhaseWait, moves: PlanMove[], peak?: number,
  ): PlanStep => {
    const total = stable + canary;
    const p = Math.max(peak ?? total, total);
    return {
      index: -1,
      kind,
      name,
      weight,
      stablePods: stable,
      canaryPods: canary,
      otherPods: 0,
      totalPods: total,
      peakPods: p,
      peakCpuMillicores: cpuOf(ctx, p),
      peakMemoryBytes: memoryOf(ctx, p),
      minSeconds: wait.seconds,
      ...earliestEnd(wait),
      indefinite: wait.indefinite,
      manualPromotion: wait.manual,
      waitsFor: wait.what === '' ? [] : wait.what.split('; '),
      abortPods: r + canary,
      moves,
      routes: [],
    };
  };
  const waits: string[] = [];
  let seconds = 0;
  let indefinite = false;
  let manual = false;
  let earliest: number | undefined;
  const pre = obj(obj(ctx.raw).prePromotionAnalysis);
  if (Object.keys(pre).length > 0) {
    const w = analysisWait(list(pre.templates), ctx.manifests, ctx.notes, pre);
    waits.push(`pre-promotion ${w.what}`);
    seconds += w.seconds;
    indefinite = indefinite || w.indefinite;
    earliest = w.earliest;
  }
  if (!bg.autoPromotionEnabled) {
    waits.push('manual promotion');
    indefinite = true;
    manual = true;
  } else if (bg.autoPromotionSeconds !== undefined && bg.autoPromotionSeconds > 0) {
    waits.push(`autoPromotionSeconds (${bg.autoPromotionSeconds}s)`);
    seconds = Math.max(seconds, bg.autoPromotionSeconds);
  }
  const steps: PlanStep[] = [];
  steps.push(step('preview', `preview (${previewCount} pods)`, r, previewCount, 0,
    { seconds, indefinite, manual, what: waits.join('; '), ...(earliest !== undefined ? { earliest } : {}) },
    [{ target: 'canary', before: 0, after: previewCount, totalPods: r + previewCount }]));
  const promoteMoves: PlanMove[] = previewCount < r ? [{ target: 'canary', before: previewCount, after: r, totalPods: 2 * r }] : [];
  promoteMoves.push({ target: 'traffic', before: 0, after: 100, totalPods: 2 * r });
  const post = obj(obj(ctx.raw).postPromotionAnalysis);
  let postWait: Wait = { seconds: 0, indefinite: false, what: '' };
  if (Object.keys(post).length > 0) {
    const w = analysisWait(list(post.templates), ctx.manifests, ctx.notes, post);
    postWait = { ...w, what: `post-promotion ${w.what}` };
  }
  steps.push(step('promotion', 'promotion (active switched)', r, r, 100, { ...postWait, manual: false }, promoteMoves));
  const delay = scaleDownDelaySeconds(spec);
  steps.push(step('scaleDownDelay', `scaleDownDelay (${delay}s)`, r, r, 100,
    { seconds: delay, indefinite: false, manual: false, what: delay > 0 ? `scaleDownDelaySeconds (${delay}s)` : '' }, []));
  steps.push(step('promotion', 'full promotion', r, 0, 100, { seconds: 0, indefinite: false, manual: false, what: '' },
    [{ target: 'older', before: r, after: 0, totalPods: r }], 2 * r));
  // the last phase reads "stable" as the new version
  return steps;
}

function totalsOf(steps: readonly PlanStep[], ctx: Context): PlanTotals {
  const peak = Math.max(0, ...steps.map(s => s.peakPods));
  return {
    peakPods: peak,
    peakCpuMillicores: cpuOf(ctx, peak),
    peakMemoryBytes: memoryOf(ctx, peak),
    minSeconds: steps.reduce((n, s) => n + s.minSeconds, 0),
    manualPromotions: steps.filter(s => s.manualPromotion).length,
    indefinite: steps.some(s => s.indefinite),
  };
}

function abortOf(steps: readonly PlanStep[], ctx: Context): PlanAbort {
  const delay = abortScaleDownDelay(ctx.spec);
  const peak = Math.max(0, ...steps.map(s => s.abortPods));
  const seconds = delay.seconds ?? -1;
  let description: string;
  if (ctx.spec.blueGreen) {
    description = delay.seconds === undefined
      ? 'The active Service stays on the previous version; the preview pods stay up until the abort is undone (abortScaleDownDelaySeconds: 0).'
      : `The active Service stays on the previous version; the preview pods are scaled down after ${seconds}s.`;
  } else if (!ctx.spec.canary!.trafficRouting) {
    description = 'The canary is scaled to 0 and the stable back to all replicas, within maxSurge and maxUnavailable.';
  } else if (ctx.spec.canary!.dynamicStableScale) {
    description = delay.wasSet
      ? `Traffic moves back to the stable as it scales up; the canary is scaled down ${delay.seconds === undefined ? 'only when the abort is undone' : `${seconds}s after the stable is whole`}.`
      : 'Traffic moves back to the stable as it scales up, and the canary is scaled down as its traffic goes (dynamicStableScale without abortScaleDownDelaySeconds).';
  } else {
    description = delay.seconds === undefined
      ? 'All traffic goes back to the stable at once; the canary pods stay up until the abort is undone (abortScaleDownDelaySeconds: 0).'
      : `All traffic goes back to the stable at once; the canary pods stay up ${seconds}s (abortScaleDownDelaySeconds), then are scaled down.`;
  }
  return {
    peakPods: peak, peakCpuMillicores: cpuOf(ctx, peak), peakMemoryBytes: memoryOf(ctx, peak), canaryScaleDownDelaySeconds: seconds, description,
  };
}

function migrationOf(rollout: unknown, ctx: Context, workloadReplicas: number | undefined): PlanMigration | undefined {
  const ref = obj(obj(obj(rollout).spec).workloadRef);
  if (Object.keys(ref).length === 0) {
    return undefined;
  }
  const r = ctx.spec.replicas;
  const d = workloadReplicas ?? r;
  if (workloadReplicas === undefined) {
    ctx.notes.push(`The ${ref.kind ?? 'workload'} ${JSON.stringify(ref.name)} of the workloadRef is not among the manifests: the migration assumes it runs ${r} pods.`);
  }
  const scaleDown = typeof ref.scaleDown === 'string' && ref.scaleDown !== '' ? ref.scaleDown : 'never';
  const phase = (name: string, deploymentPods: number, rolloutPods: number): PlanMigrationPhase => ({
    name, deploymentPods, rolloutPods, totalPods: deploymentPods + rolloutPods,
  });
  const phases: PlanMigrationPhase[] = [
    phase('before: the workload runs alone', d, 0),
    phase('first revision: the Rollout scales its ReplicaSet to all replicas at once (no steps: there is no stable yet)', d, r),
  ];
  if (scaleDown === 'progressively') {
    if (r > 0) {
      phases.push(phase('pods becoming ready: the workload is scaled to replicas - ready Rollout pods (here: one ready)', Math.max(0, r - 1), r));
    }
    phases.push(phase('Rollout healthy: the workload is scaled to 0', 0, r));
  } else if (scaleDown === 'onsuccess') {
    phases.push(phase('Rollout healthy: the workload is scaled to 0', 0, r));
  } else {
    phases.push(phase('Rollout healthy: the workload keeps running (scaleDown: never) until you scale it down', d, r));
  }
  const peak = Math.max(...phases.map(p => p.totalPods));
  return {
    workload: `${ref.kind ?? 'Deployment'}/${ref.name ?? ''}`,
    scaleDown,
    workloadReplicas: d,
    phases,
    peakPods: peak,
    peakCpuMillicores: cpuOf(ctx, peak),
    peakMemoryBytes: memoryOf(ctx, peak),
  };
}

/**
 * What a Rollout update will do, step by step: pods, traffic, capacity and time, computed with the
 * controller's own arithmetic (see `nextReplicaCounts`), before anything is applied.
 *
 * The plan starts from a healthy stable version with all replicas and follows one update to the
 * end: per step the state once the controller has reached it, the most pods on the way there
 * (reconcile by reconcile: the controller scales one ReplicaSet per reconcile, the stable first,
 * and the simulation lets created pods become available before the next reconcile), the CPU and
 * memory they request and the least time the step takes.
 */
export class RolloutPlan {
  /**
   * The plan of a Rollout manifest.
   *
   * @param rollout a Rollout manifest (argoproj.io/v1alpha1)
   * @param options the app's other manifests and the Argo Rollouts release
   */
  public static fromManifest(rollout: any, options: RolloutPlanOptions = {}): RolloutPlan {
    checkArgument('RolloutPlan.fromManifest()', 'rollout', rollout, 'object');
    return new RolloutPlan(rollout, argumentOrDefault('RolloutPlan.fromManifest()', 'options', options, 'object', {}));
  }

  /**
   * `fromManifest` with the manifests already indexed (`options.manifests`, as `PlanManifests`):
   * the rule engine indexes a run's manifests once for the plans of all its Rollouts.
   *
   * @internal
   */
  public static _fromManifestIndexed(rollout: unknown, options: RolloutPlanOptions, manifests: PlanManifests): RolloutPlan {
    return new RolloutPlan(rollout, options, manifests);
  }

  /**
   * What a change does to the updates: the plans of a base (e.g. the manifests of the main branch)
   * and a head (a pull request's) compared Rollout by Rollout, paired by namespace and name. The
   * same as `argo-rollouts-plan --base`; `toJson()` of the result suits snapshot tests.
   *
   * @param base the plans before the change
   * @param head the plans after the change
   */
  public static compare(base: RolloutPlan[], head: RolloutPlan[]): PlanComparison {
    const plan = { class: RolloutPlan, name: 'RolloutPlan', example: 'RolloutPlan.fromManifest(rollout)' };
    checkListArgument('RolloutPlan.compare()', 'base', base, plan);
    checkListArgument('RolloutPlan.compare()', 'head', head, plan);
    return PlanComparison.fromJson(base.map(p => p.toJson()), head.map(p => p.toJson()));
  }

  /**
   * The replica counts the controller sets next (the building block of plans).
   * The same as the function `nextReplicaCounts`, for languages other than TypeScript.
   *
   * @param rollout a Rollout manifest with its status
   * @param replicaSets the Rollout's ReplicaSet manifests
   */
  public static nextReplicaCounts(rollout: any, replicaSets: any[], options: NextReplicaCountsOptions = {}): ReplicaCounts {
    checkArgument('RolloutPlan.nextReplicaCounts()', 'rollout', rollout, 'object');
    checkArgument('RolloutPlan.nextReplicaCounts()', 'replicaSets', replicaSets, 'array');
    return nextReplicaCounts(rollout, replicaSets, argumentOrDefault('RolloutPlan.nextReplicaCounts()', 'options', options, 'object', {}));
  }

  /** The Rollout's name. */
  public readonly name: string;
  /** The Rollout's namespace (empty when not set). */
  public readonly namespace: string;
  /** `canary`, `trafficRoutedCanary` or `blueGreen`. */
  public readonly strategy: string;
  /** The Argo Rollouts release whose arithmetic was applied. */
  public readonly version: string;
  /** The replicas planned for. */
  public readonly replicas: number;
  /** maxSurge resolved (0 for blue-green). */
  public readonly maxSurge: number;
  /** maxUnavailable resolved. */
  public readonly maxUnavailable: number;
  /** What one pod requests. */
  public readonly podResources: PlanPodResources;
  /** The steps, in order, ending fully promoted. */
  public readonly steps: PlanStep[];
  /** Totals over the steps (a migration has its own peak, in `migration`). */
  public readonly totals: PlanTotals;
  /** What an abort does. */
  public readonly abort: PlanAbort;
  /** The workloadRef migration, when there is a workloadRef. */
  public readonly migration?: PlanMigration;
  /** The totals at an HPA's minimum and maximum, when an HPA scales the Rollout. */
  public readonly autoscaling?: PlanAutoscaling;
  /**
   * A canary's background analysis: the steps it covers and where its metrics end.
   *
   * @default - the Rollout has no background analysis
   */
  public readonly backgroundAnalysis?: PlanBackgroundAnalysis;
  /** Things to know: unset resources, unknown durations, assumptions. */
  public readonly notes: string[];

  private constructor(rollout: unknown, options: RolloutPlanOptions, index?: PlanManifests) {
    if (obj(rollout).kind !== undefined && obj(rollout).kind !== 'Rollout') {
      fail(`A plan needs a Rollout manifest, not a ${JSON.stringify(obj(rollout).kind)}. Pass the Rollout (kind: Rollout, apiVersion: argoproj.io/v1alpha1).`);
    }
    const va = versionArithmetic(releaseNumber('RolloutPlanOptions.version', options.version) ?? installedVersion(options.manifests ?? []));
    const raw = obj(obj(rollout).spec);
    const withReplicas = options.replicas === undefined ? rollout : { ...obj(rollout), spec: { ...raw, replicas: options.replicas } };
    const spec = readSpec(withReplicas);
    if (!spec.canary && !spec.blueGreen) {
      fail(`Rollout ${JSON.stringify(manifestName(rollout))} has neither spec.strategy.canary nor spec.strategy.blueGreen, so there is nothing to plan. Set one of the two strategies.`);
    }
    this.name = manifestName(rollout);
    this.namespace = manifestNamespace(rollout);
    this.version = va.version;
    this.replicas = spec.replicas;
    this.maxSurge = maxSurge(spec);
    this.maxUnavailable = maxUnavailable(spec);
    this.strategy = spec.blueGreen ? 'blueGreen' : spec.canary!.trafficRouting ? 'trafficRoutedCanary' : 'canary';
    const all = index ?? new PlanManifests(options.manifests ?? []);
    const manifests = new Manifests(all, this.namespace);
    const notes: string[] = [];
    const ref = obj(raw.workloadRef);
    const workload = Object.keys(ref).length > 0 ? manifests.find(workloadRefKind(ref), String(ref.name ?? '')) : undefined;
    const podSpec = Object.keys(obj(raw.template)).length > 0
      ? obj(raw.template).spec
      : obj(workloadPodTemplate(obj(workload)).template).spec;
    const pod = podRequests(podSpec);
    this.podResources = { ...pod };
    if (!pod.cpuSet || !pod.memorySet) {
      const which = [!pod.cpuSet ? 'CPU' : '', !pod.memorySet ? 'memory' : ''].filter(x => x).join(' and ');
      notes.push(`Not every container sets a ${which} request or limit: the ${which} figures count only the containers that do. Set resources.requests on every container to budget capacity.`);
    }
    const minPods = spec.canary?.trafficRouting ? spec.canary.minPodsPerReplicaSet : undefined;
    if (minPods !== undefined && minPods > spec.replicas) {
      const lower = `Lower it to at most ${spec.replicas} (1.10 caps it).`;
      notes.push(va.minPodsCappedAtReplicas
        ? `minPodsPerReplicaSet (${minPods}) is more than spec.replicas (${spec.replicas}); Argo Rollouts ${va.version} caps it at ${spec.replicas}.`
        : va.promotesAboveReplicas
          ? `minPodsPerReplicaSet (${minPods}) is more than spec.replicas (${spec.replicas}): Argo Rollouts ${va.version} runs at least ${minPods} pods in each ReplicaSet, also once fully promoted. ${lower}`
          : `minPodsPerReplicaSet (${minPods}) is more than spec.replicas (${spec.replicas}): Argo Rollouts ${va.version} runs at least ${minPods} canary pods and promotes only when exactly ${spec.replicas} are available, `
            + `so the update never reaches its full promotion (the plan shows it as if it did). ${lower}`);
    }
    const ctx: Context = { spec, va, pod, manifests, notes, raw: spec.blueGreen ? obj(obj(raw.strategy).blueGreen) : obj(obj(raw.strategy).canary) };
    this.steps = spec.blueGreen ? blueGreenSteps(ctx) : canarySteps(ctx);
    const background = spec.canary ? backgroundCoverage(ctx.raw, this.steps, templateLookup(manifests)) : undefined;
    if (background !== undefined) {
      notes.push(backgroundNote(background));
      this.backgroundAnalysis = planBackgroundAnalysis(background);
    }
    const workloadReplicas = workload !== undefined ? replicasOr(obj(workload.spec).replicas, 1) : undefined;
    this.migration = migrationOf(rollout, ctx, workloadReplicas);
    this.totals = totalsOf(this.steps, ctx);
    this.abort = abortOf(this.steps, ctx);
    if (options.replicas === undefined) {
      const hpa = manifests.filter('HorizontalPodAutoscaler').find(h => {
        const target = obj(obj(h.spec).scaleTargetRef);
        return target.kind === 'Rollout' && target.name === this.name && (manifestNamespace(h) === '' || manifestNamespace(h) === this.namespace || this.namespace === '');
      });
      if (hpa !== undefined) {
        const min = replicasOr(obj(hpa.spec).minReplicas, 1);
        const max = replicasOr(obj(hpa.spec).maxReplicas, min);
        const at = (n: number) => new RolloutPlan(rollout, { ...options, version: va.version, replicas: n }, all).totals;
        this.autoscaling = { name: manifestName(hpa), minReplicas: min, maxReplicas: max, atMinReplicas: at(min), atMaxReplicas: at(max) };
        notes.push(`HorizontalPodAutoscaler ${JSON.stringify(manifestName(hpa))} sets the replicas between ${min} and ${max}; the steps show spec.replicas (${spec.replicas}), the autoscaling totals the two ends.`);
      }
    }
    this.notes = notes;
  }

  /** The plan as JSON with a stable shape (see `RolloutPlanJson`). */
  public toJson(): RolloutPlanJson {
    return {
      name: this.name,
      namespace: this.namespace,
      strategy: this.strategy,
      version: this.version,
      replicas: this.replicas,
      maxSurge: this.maxSurge,
      maxUnavailable: this.maxUnavailable,
      podResources: this.podResources,
      steps: this.steps,
      totals: this.totals,
      abort: this.abort,
      ...(this.migration ? { migration: this.migration } : {}),
      ...(this.autoscaling ? { autoscaling: this.autoscaling } : {}),
      ...(this.backgroundAnalysis ? { backgroundAnalysis: this.backgroundAnalysis } : {}),
      notes: this.notes,
    };
  }

  /** The plan as a plain-text table, for terminals. */
  public toText(): string {
    return renderText(this.toJson());
  }

  /** The plan as Markdown, for pull requests. */
  public toMarkdown(): string {
    return renderMarkdown(this.toJson());
  }

  /** The plan as an SVG chart: traffic weight and pods over the steps, the peak marked. */
  public toSvg(): string {
    return renderSvg(this.toJson());
  }
}
