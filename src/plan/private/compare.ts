/**
 * What a change does to the updates of Rollouts: two sets of plans (a base and a head) compared
 * Rollout by Rollout, figure by figure and step by step. Pure: the same plans give the same result,
 * whatever their order.
 */

import { formatSeconds } from './render';
import { formatCpu, formatMemory } from './resources';
import { routeText } from './routes';
import { fail } from '../../private/synth-error';
import {
  PlanComparisonJson, PlanFigureChange, PlanStepChange, PlanTrafficPoint, RolloutPlanChange,
} from '../comparison-types';
import { PlanStep, RolloutPlanJson } from '../types';

/** A figure the comparison reports for every Rollout: its ID, its words, how a value reads. */
export interface FigureDefinition {
  readonly id: string;
  readonly label: string;
  readonly value: (plan: RolloutPlanJson) => number;
  readonly format: (n: number) => string;
}

/** The figures, in the order they are reported; `--fail-on` takes their IDs. */
export const PLAN_FIGURES: readonly FigureDefinition[] = [
  { id: 'peak', label: 'peak pods', value: p => p.totals.peakPods, format: String },
  { id: 'cpu', label: 'CPU at the peak', value: p => p.totals.peakCpuMillicores, format: formatCpu },
  { id: 'memory', label: 'memory at the peak', value: p => p.totals.peakMemoryBytes, format: formatMemory },
  { id: 'time', label: 'minimum time', value: p => p.totals.minSeconds, format: formatSeconds },
  { id: 'promotions', label: 'manual promotions', value: p => p.totals.manualPromotions, format: String },
  { id: 'abort', label: 'pods on abort', value: p => p.abort.peakPods, format: String },
];

/** The IDs of `PLAN_FIGURES`. */
export const PLAN_FIGURE_IDS: readonly string[] = PLAN_FIGURES.map(f => f.id);

/** Where a Rollout is: `namespace/name`, or `name` without a namespace. */
export function planKey(plan: { readonly name: string; readonly namespace: string }): string {
  return plan.namespace ? `${plan.namespace}/${plan.name}` : plan.name;
}

function byKey(plans: readonly RolloutPlanJson[], side: string): Map<string, RolloutPlanJson> {
  const map = new Map<string, RolloutPlanJson>();
  for (const plan of plans) {
    const key = planKey(plan);
    if (map.has(key)) {
      // two Rollouts of one name: the comparison could not tell which to pair
      fail(`The ${side} plans hold two Rollouts named ${JSON.stringify(key)}: the comparison pairs base and head by namespace and name, `
        + 'so each must be unique in a set. Compare the manifests of one cluster (or one namespace) at a time.');
    }
    map.set(key, plan);
  }
  return map;
}

/** Compares the plans of two sets of manifests, Rollout by Rollout. */
export function comparePlans(base: readonly RolloutPlanJson[], head: readonly RolloutPlanJson[]): PlanComparisonJson {
  const baseMap = byKey(base, 'base');
  const headMap = byKey(head, 'head');
  const keys = [...new Set([...baseMap.keys(), ...headMap.keys()])].sort(compareKeys);
  const rollouts = keys.map(k => compareRollout(baseMap.get(k), headMap.get(k)));
  const count = (change: string) => rollouts.filter(r => r.change === change).length;
  return {
    summary: { added: count('added'), removed: count('removed'), changed: count('changed'), unchanged: count('unchanged') },
    rollouts,
  };
}

/** Namespace first, then name; `''` (no namespace) sorts before the others. */
function compareKeys(a: string, b: string): number {
  const [an, aName] = a.includes('/') ? a.split('/', 2) : ['', a];
  const [bn, bName] = b.includes('/') ? b.split('/', 2) : ['', b];
  return an !== bn ? (an < bn ? -1 : 1) : aName < bName ? -1 : aName > bName ? 1 : 0;
}

function compareRollout(base: RolloutPlanJson | undefined, head: RolloutPlanJson | undefined): RolloutPlanChange {
  const either = (head ?? base)!;
  const change = base === undefined ? 'added' : head === undefined ? 'removed' : sameJson(withoutMoves(base), withoutMoves(head)) ? 'unchanged' : 'changed';
  const figures: PlanFigureChange[] = PLAN_FIGURES.map(f => {
    const b = base === undefined ? undefined : f.value(base);
    const h = head === undefined ? undefined : f.value(head);
    return { figure: f.id, ...(b === undefined ? {} : { base: b }), ...(h === undefined ? {} : { head: h }), delta: (h ?? 0) - (b ?? 0) };
  });
  const baseNotes = new Set(base?.notes ?? []);
  const headNotes = new Set(head?.notes ?? []);
  return {
    name: either.name,
    namespace: either.namespace,
    change,
    strategy: either.strategy,
    ...(base ? { baseVersion: base.version } : {}),
    ...(head ? { headVersion: head.version } : {}),
    figures,
    indefinite: (base?.totals.indefinite ?? false) || (head?.totals.indefinite ?? false),
    steps: alignSteps(base?.steps ?? [], head?.steps ?? [], either.strategy === 'blueGreen' ? ['active', 'preview'] : ['stable', 'canary']),
    baseTraffic: base ? trafficPoints(base.steps) : [],
    headTraffic: head ? trafficPoints(head.steps) : [],
    baseWaits: base ? waitPoints(base.steps) : [],
    headWaits: head ? waitPoints(head.steps) : [],
    notesAdded: (head?.notes ?? []).filter(n => !baseNotes.has(n)),
    notesRemoved: (base?.notes ?? []).filter(n => !headNotes.has(n)),
    otherDifferences: base && head ? otherDifferences(base, head) : [],
  };
}

/**
 * A plan without the reconcile-by-reconcile moves of its steps: how the ReplicaSets get to a
 * step's counts is not what a change is reviewed for; the counts, the peak on the way and the
 * time are.
 */
function withoutMoves(plan: RolloutPlanJson): RolloutPlanJson {
  return { ...plan, steps: plan.steps.map(({ moves: _moves, ...rest }) => ({ ...rest, moves: [] })) };
}

function sameJson(a: unknown, b: unknown): boolean {
  return JSON.stringify(a) === JSON.stringify(b);
}

/** Where the canary's traffic share changes over an update, and how soon. */
export function trafficPoints(steps: readonly PlanStep[]): PlanTrafficPoint[] {
  const points: PlanTrafficPoint[] = [];
  let weight = 0;
  let seconds = 0;
  let promotions = 0;
  for (const step of steps) {
    if (step.weight !== weight) {
      points.push({ step: step.index, weight: step.weight, atSeconds: seconds, promotionsBefore: promotions });
      weight = step.weight;
    }
    seconds += step.minSeconds;
    promotions += step.indefinite ? 1 : 0;
  }
  return points;
}

/** Where an update begins to wait without a time limit: the step, the canary's share, how soon (at the earliest). */
export function waitPoints(steps: readonly PlanStep[]): PlanTrafficPoint[] {
  const out: PlanTrafficPoint[] = [];
  let seconds = 0;
  let promotions = 0;
  for (const step of steps) {
    seconds += step.minSeconds;
    if (step.indefinite) {
      out.push({ step: step.index, weight: step.weight, atSeconds: seconds, promotionsBefore: promotions++ });
    }
  }
  return out;
}

/**
 * The steps of base and head side by side: the longest common run of steps of the same name are
 * pairs (changed when their pods, traffic or time differ); between those, steps of the same kind
 * in the same place are a changed pair; the rest are removed (base) or added (head).
 */
export function alignSteps(base: readonly PlanStep[], head: readonly PlanStep[], names: readonly [string, string] = ['stable', 'canary']): PlanStepChange[] {
  const pairs = commonRun(base.map(s => s.name), head.map(s => s.name));
  const out: PlanStepChange[] = [];
  let i = 0;
  let j = 0;
  for (const [pi, pj] of [...pairs, [base.length, head.length]]) {
    out.push(...alignGap(base.slice(i, pi), head.slice(j, pj), names));
    if (pi < base.length && pj < head.length) {
      out.push(pair(base[pi], head[pj], names));
    }
    i = pi + 1;
    j = pj + 1;
  }
  return out;
}

/** Index pairs of a longest common subsequence of two lists of names. */
function commonRun(a: readonly string[], b: readonly string[]): Array<[number, number]> {
  const n = a.length;
  const m = b.length;
  const table: number[][] = Array.from({ length: n + 1 }, () => new Array<number>(m + 1).fill(0));
  for (let x = n - 1; x >= 0; x--) {
    for (let y = m - 1; y >= 0; y--) {
      table[x][y] = a[x] === b[y] ? table[x + 1][y + 1] + 1 : Math.max(table[x + 1][y], table[x][y + 1]);
    }
  }
  const pairs: Array<[number, number]> = [];
  let x = 0;
  let y = 0;
  while (x < n && y < m) {
    if (a[x] === b[y]) {
      pairs.push([x++, y++]);
    } else if (table[x + 1][y] >= table[x][y + 1]) {
      x++;
    } else {
      y++;
    }
  }
  return pairs;
}

/** Steps between two common ones: same kinds in order pair up, the rest are removed or added. */
function alignGap(base: readonly PlanStep[], head: readonly PlanStep[], names: readonly [string, string]): PlanStepChange[] {
  const out: PlanStepChange[] = [];
  let j = 0;
  for (const b of base) {
    const k = head.findIndex((h, at) => at >= j && h.kind === b.kind);
    if (k < 0) {
      out.push(removed(b));
      continue;
    }
    out.push(...head.slice(j, k).map(added), pair(b, head[k], names));
    j = k + 1;
  }
  out.push(...head.slice(j).map(added));
  return out;
}

function added(h: PlanStep): PlanStepChange {
  return { change: 'added', headIndex: h.index, headName: h.name, headWeight: h.weight, differences: [] };
}

function removed(b: PlanStep): PlanStepChange {
  return { change: 'removed', baseIndex: b.index, baseName: b.name, baseWeight: b.weight, differences: [] };
}

function pair(b: PlanStep, h: PlanStep, names: readonly [string, string]): PlanStepChange {
  const differences = stepDifferences(b, h, names);
  return {
    change: differences.length === 0 ? 'unchanged' : 'changed',
    baseIndex: b.index,
    headIndex: h.index,
    baseName: b.name,
    headName: h.name,
    baseWeight: b.weight,
    headWeight: h.weight,
    differences,
  };
}

type StepField = readonly [keyof PlanStep, string, (v: any) => string];

/** What a reviewer reads first of a changed step: its traffic and routes (then its pods), peak, time and waits. */
const STEP_FIELDS: readonly StepField[] = [
  ['weight', 'traffic', v => `${Math.round(v * 100) / 100}%`],
  ['routes', 'routes', (v: PlanStep['routes']) => v.map(routeText).join('; ') || 'none'],
  ['peakPods', 'peak pods', String],
  ['minSeconds', 'minimum time', formatSeconds],
  ['waitsFor', 'waits for', (v: string[]) => v.join('; ') || 'nothing'],
];
/** Said only when nothing above and no pod count differs (they follow from those, mostly). */
const DETAIL_FIELDS: readonly StepField[] = [
  ['peakCpuMillicores', 'CPU at the peak', formatCpu],
  ['peakMemoryBytes', 'memory at the peak', formatMemory],
  ['indefinite', 'waits without a time limit', v => (v ? 'yes' : 'no')],
  ['manualPromotion', 'manual promotion', v => (v ? 'yes' : 'no')],
  ['abortPods', 'pods on abort', String],
];
const POD_FIELDS: ReadonlyArray<keyof PlanStep> = ['stablePods', 'canaryPods', 'otherPods', 'totalPods'];
const KNOWN_FIELDS: ReadonlySet<string> = new Set(['index', 'name', 'kind', 'moves', ...POD_FIELDS, ...[...STEP_FIELDS, ...DETAIL_FIELDS].map(([key]) => key)]);

/** The pods of a step in words: `4 stable + 1 canary` (`active`/`preview` for blue-green), `+ 2 other` when there are. */
function podsText(s: PlanStep, names: readonly [string, string]): string {
  return `${s.stablePods} ${names[0]} + ${s.canaryPods} ${names[1]}${s.otherPods > 0 ? ` + ${s.otherPods} other` : ''}`;
}

function fieldDifferences(b: PlanStep, h: PlanStep, fields: readonly StepField[]): string[] {
  return fields.filter(([key]) => !sameJson(b[key], h[key])).map(([key, label, format]) => `${label} ${format(b[key])} → ${format(h[key])}`);
}

/**
 * What differs between two steps, in words: the step itself, its traffic, pods, peak, time and
 * waits; the rest (CPU, memory, abort, fields added to `PlanStep` later) when nothing of those does.
 * The moves on the way to the step's counts are not compared (see `withoutMoves`).
 * `names` are what the strategy calls its ReplicaSets.
 */
export function stepDifferences(b: PlanStep, h: PlanStep, names: readonly [string, string] = ['stable', 'canary']): string[] {
  const out: string[] = [];
  if (b.name !== h.name) {
    out.push(`${b.name} → ${h.name}`);
  }
  out.push(...fieldDifferences(b, h, STEP_FIELDS.slice(0, 2)));
  if (POD_FIELDS.some(key => b[key] !== h[key])) {
    out.push(`pods ${podsText(b, names)} → ${podsText(h, names)}`);
  }
  out.push(...fieldDifferences(b, h, STEP_FIELDS.slice(2)));
  if (out.length > 0) {
    return out;
  }
  out.push(...fieldDifferences(b, h, DETAIL_FIELDS));
  const rest = [...new Set([...Object.keys(b), ...Object.keys(h)])].filter(k => !KNOWN_FIELDS.has(k)).sort();
  for (const key of rest) {
    const bv = (b as any)[key];
    const hv = (h as any)[key];
    if (!sameJson(bv, hv)) {
      out.push(`${key} ${bv === undefined ? 'none' : JSON.stringify(bv)} → ${hv === undefined ? 'none' : JSON.stringify(hv)}`);
    }
  }
  return out;
}

/** Differences of the plans outside their steps and figures, in words. */
function otherDifferences(b: RolloutPlanJson, h: RolloutPlanJson): string[] {
  const out: string[] = [];
  const compare = (label: string, bv: unknown, hv: unknown) => {
    if (!sameJson(bv, hv)) {
      out.push(`${label} ${String(bv ?? 'none')} → ${String(hv ?? 'none')}`);
    }
  };
  compare('Argo Rollouts', b.version, h.version);
  compare('strategy', b.strategy, h.strategy);
  compare('replicas', b.replicas, h.replicas);
  compare('maxSurge', b.maxSurge, h.maxSurge);
  compare('maxUnavailable', b.maxUnavailable, h.maxUnavailable);
  compare('CPU requested per pod', formatCpu(b.podResources.cpuMillicores), formatCpu(h.podResources.cpuMillicores));
  compare('memory requested per pod', formatMemory(b.podResources.memoryBytes), formatMemory(h.podResources.memoryBytes));
  compare('migration peak pods', b.migration?.peakPods, h.migration?.peakPods);
  compare('HPA peak pods at maxReplicas', b.autoscaling?.atMaxReplicas.peakPods, h.autoscaling?.atMaxReplicas.peakPods);
  return out;
}
