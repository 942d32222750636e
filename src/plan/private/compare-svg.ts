/**
 * A picture of what a change does to one Rollout's update: the canary's traffic share over the
 * minimum time of the update, base and head as two step lines, with the manual promotions marked
 * and the figures (peak pods, minimum time, promotions) before and after. Pure and deterministic.
 */

import { planKey } from './compare';
import { esc, formatSeconds, num, svgDocument } from './render';
import { PlanTrafficPoint, RolloutPlanChange } from '../comparison-types';

const BASE = '#9e9e9e';
const HEAD = '#1f77b4';
const GRID = '#e5e5e5';

interface Series {
  readonly label: string;
  readonly colour: string;
  readonly dashed: boolean;
  readonly points: readonly PlanTrafficPoint[];
  /** Where it waits without a time limit. */
  readonly waits: readonly PlanTrafficPoint[];
  /** Seconds at which the update ends at the earliest. */
  readonly end: number;
}

function figure(change: RolloutPlanChange, id: string): { base?: number; head?: number } {
  return change.figures.find(f => f.figure === id) ?? {};
}

/** `5 → 9`, `5` when the same, `none → 4` for a Rollout the change adds. */
function beforeAfter(change: RolloutPlanChange, id: string, format: (n: number) => string = String): string {
  const f = figure(change, id);
  const side = (n: number | undefined) => (n === undefined ? 'none' : format(n));
  return f.base === f.head ? side(f.head) : `${side(f.base)} → ${side(f.head)}`;
}

/** Seconds between time ticks: a round length giving at most 6 ticks. */
function tickSeconds(max: number): number {
  const steps = [1, 2, 5, 10, 15, 30, 60, 120, 300, 600, 900, 1800, 3600, 7200, 10800, 21600, 43200, 86400];
  return steps.find(s => max / s <= 6) ?? Math.ceil(max / 6 / 86400) * 86400;
}

/** The SVG chart of one Rollout of a comparison. */
export function renderComparisonSvg(change: RolloutPlanChange): string {
  const series: Series[] = [];
  const time = figure(change, 'time');
  if (change.change !== 'added') {
    series.push({ label: 'base', colour: BASE, dashed: true, points: change.baseTraffic, waits: change.baseWaits, end: time.base ?? 0 });
  }
  if (change.change !== 'removed') {
    series.push({ label: 'head', colour: HEAD, dashed: false, points: change.headTraffic, waits: change.headWaits, end: time.head ?? 0 });
  }
  const legends = series.map(s => `${s.label}: ${s.points.map(p => `${Math.round(p.weight * 100) / 100}% at ${formatSeconds(p.atSeconds)}`).join(' · ') || 'no traffic to a canary'}`);
  const width = Math.max(720, Math.ceil(100 + 6.5 * Math.max(0, ...legends.map(l => l.length))));
  const left = 60;
  const right = 40;
  const top = 64;
  const plotH = 200;
  const plotW = width - left - right;
  const axis = top + plotH;
  const tEnd = Math.max(1, ...series.map(s => s.end), ...series.flatMap(s => s.points.map(p => p.atSeconds)));
  const tick = tickSeconds(tEnd);
  const tMax = Math.ceil(tEnd / tick) * tick;
  const x = (seconds: number) => left + (seconds / tMax) * plotW;
  const y = (weight: number) => axis - (weight / 100) * plotH;
  const body: string[] = [];
  body.push(`<text x="${left}" y="22" font-size="14" font-weight="bold">${esc(`Rollout ${planKey(change)}: ${change.change}`)}</text>`);
  const subtitle = `peak pods ${beforeAfter(change, 'peak')} · minimum time ${beforeAfter(change, 'time', formatSeconds)}`
    + ` · manual promotions ${beforeAfter(change, 'promotions')} · pods on abort ${beforeAfter(change, 'abort')}`;
  body.push(`<text x="${left}" y="40" fill="#555555">${esc(subtitle)}</text>`);
  for (let w = 0; w <= 100; w += 25) {
    body.push(`<line x1="${left}" y1="${num(y(w))}" x2="${width - right}" y2="${num(y(w))}" stroke="${GRID}"/>`);
    body.push(`<text x="${left - 8}" y="${num(y(w) + 4)}" text-anchor="end">${w}%</text>`);
  }
  for (let t = 0; t <= tMax; t += tick) {
    body.push(`<line x1="${num(x(t))}" y1="${axis}" x2="${num(x(t))}" y2="${axis + 4}" stroke="#333333"/>`);
    body.push(`<text x="${num(x(t))}" y="${axis + 16}" text-anchor="middle">${esc(formatSeconds(t))}</text>`);
  }
  body.push(`<line x1="${left}" y1="${axis}" x2="${width - right}" y2="${axis}" stroke="#333333"/>`);
  body.push(`<text x="16" y="${num(top + plotH / 2)}" transform="rotate(-90 16 ${num(top + plotH / 2)})" text-anchor="middle">traffic to the canary</text>`);
  body.push(`<text x="${num(left + plotW / 2)}" y="${axis + 34}" text-anchor="middle">minimum time from the start of the update (▲ waits for a manual promotion, of no set length)</text>`);
  for (const s of series) {
    let d = `M${num(x(0))} ${num(y(0))}`;
    for (const p of s.points) {
      d += ` H${num(x(p.atSeconds))} V${num(y(p.weight))}`;
    }
    d += ` H${num(x(Math.max(s.end, ...s.points.map(p => p.atSeconds))))}`;
    const dash = s.dashed ? ' stroke-dasharray="6 4"' : '';
    body.push(`<path d="${d}" fill="none" stroke="${s.colour}" stroke-width="${s.dashed ? 2 : 2.5}"${dash}/>`);
    for (const wait of s.waits) {
      const px = x(wait.atSeconds);
      const py = y(wait.weight);
      body.push(`<path d="M${num(px)} ${num(py - 11)} l-5 8 h10 z" fill="${s.colour}"/>`);
    }
  }
  // the legend: each side's traffic in words
  let ly = axis + 58;
  series.forEach((s, i) => {
    const dash = s.dashed ? ' stroke-dasharray="6 4"' : '';
    body.push(`<line x1="${left}" y1="${ly - 4}" x2="${left + 28}" y2="${ly - 4}" stroke="${s.colour}" stroke-width="2.5"${dash}/>`);
    body.push(`<text x="${left + 36}" y="${ly}">${esc(legends[i])}</text>`);
    ly += 18;
  });
  return svgDocument(width, ly + 6, body);
}
