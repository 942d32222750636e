/**
 * Renders a plan (its JSON form) for people: a plain-text table, Markdown for pull requests and
 * an SVG chart. Pure and deterministic: the same plan gives the same bytes.
 */

import { formatCpu, formatMemory } from './resources';
import { routeText } from './routes';
import { PlanRoute, PlanStep, RolloutPlanJson } from '../types';

/** Seconds for people: 90 → `1m30s`. */
export function formatSeconds(seconds: number): string {
  if (seconds <= 0) {
    return '0s';
  }
  const h = Math.floor(seconds / 3600);
  const m = Math.floor((seconds % 3600) / 60);
  const s = Math.round(seconds % 60);
  return `${h > 0 ? `${h}h` : ''}${m > 0 ? `${m}m` : ''}${s > 0 ? `${s}s` : ''}`;
}

function cpu(plan: RolloutPlanJson, millicores: number): string {
  return plan.podResources.cpuMillicores === 0 ? 'not set' : formatCpu(millicores);
}

function memory(plan: RolloutPlanJson, bytes: number): string {
  return plan.podResources.memoryBytes === 0 ? 'not set' : formatMemory(bytes);
}

/** The step's least time; a range from the soonest its analysis can end it by a failed or inconclusive result: `0s–4m`. */
function time(step: PlanStep): string {
  const from = step.earliestEndSeconds === undefined ? '' : `${formatSeconds(step.earliestEndSeconds)}–`;
  const t = `${from}${formatSeconds(step.minSeconds)}`;
  return step.indefinite ? (step.minSeconds > 0 ? `${t} + ∞` : '∞') : t;
}

/**
 * The background analysis at a step: `measures` while a metric still measures, `ends` in the step
 * where the metrics end before the last step (rule A18), `?` past the steps known to be covered when
 * the end is not known, `-` elsewhere.
 */
function background(plan: RolloutPlanJson, step: PlanStep): string {
  const b = plan.backgroundAnalysis;
  if (b === undefined || step.index < 0) {
    return '-';
  }
  if (b.endStep === step.index) {
    return 'ends';
  }
  if (b.coveredSteps.includes(step.index)) {
    return 'measures';
  }
  return b.metricsEnd === 'unknown' && step.index > b.startingStep ? '?' : '-';
}

function percent(n: number): string {
  return `${Math.round(n * 100) / 100}%`;
}

interface Column {
  readonly header: string;
  /** Right-aligned in Markdown (counts). */
  readonly right: boolean;
  readonly cell: (step: PlanStep) => string;
}

/** The columns of a plan's table: blue-green names its ReplicaSets active and preview; `routes` only when a step has one. */
function columns(plan: RolloutPlanJson): Column[] {
  const [stable, canary] = replicaSetNames(plan);
  const hasRoutes = plan.steps.some(s => s.routes.length > 0);
  return [
    { header: '#', right: false, cell: s => (s.index >= 0 ? String(s.index) : '-') },
    { header: 'step', right: false, cell: s => s.name },
    { header: 'weight', right: true, cell: s => percent(s.weight) },
    ...(hasRoutes ? [{ header: 'routes', right: false, cell: (s: PlanStep) => s.routes.map(routeText).join('; ') || '-' }] : []),
    { header: stable, right: true, cell: s => String(s.stablePods) },
    { header: canary, right: true, cell: s => String(s.canaryPods) },
    { header: 'other', right: true, cell: s => String(s.otherPods) },
    { header: 'total', right: true, cell: s => String(s.totalPods) },
    { header: 'peak', right: true, cell: s => String(s.peakPods) },
    { header: 'cpu', right: false, cell: s => cpu(plan, s.peakCpuMillicores) },
    { header: 'memory', right: false, cell: s => memory(plan, s.peakMemoryBytes) },
    { header: 'min time', right: false, cell: time },
    ...(plan.backgroundAnalysis ? [{ header: 'background', right: false, cell: (s: PlanStep) => background(plan, s) }] : []),
    { header: 'waits for', right: false, cell: s => s.waitsFor.join('; ') || '-' },
  ];
}

/** What the plan calls the old and the new version's ReplicaSets: stable and canary, or active and preview. */
function replicaSetNames(plan: RolloutPlanJson): [string, string] {
  return plan.strategy === 'blueGreen' ? ['active', 'preview'] : ['stable', 'canary'];
}

function strategyName(strategy: string): string {
  return strategy === 'blueGreen' ? 'blue-green' : strategy === 'trafficRoutedCanary' ? 'canary with traffic routing' : 'basic canary';
}

function headline(plan: RolloutPlanJson): string {
  const ns = plan.namespace ? `${plan.namespace}/` : '';
  const fence = plan.strategy === 'blueGreen' ? `maxUnavailable ${plan.maxUnavailable}` : `maxSurge ${plan.maxSurge}, maxUnavailable ${plan.maxUnavailable}`;
  return `Rollout ${ns}${plan.name}: ${strategyName(plan.strategy)}, ${plan.replicas} replicas, ${fence} (Argo Rollouts ${plan.version})`;
}

function summaryLines(plan: RolloutPlanJson): string[] {
  const t = plan.totals;
  const lines = [
    `Peak: ${t.peakPods} pods, ${cpu(plan, t.peakCpuMillicores)} CPU, ${memory(plan, t.peakMemoryBytes)} memory requested.`,
    `Minimum time: ${formatSeconds(t.minSeconds)}${t.indefinite ? ', plus steps that wait until promoted or stopped' : ''}; ${t.manualPromotions} manual promotion${t.manualPromotions === 1 ? '' : 's'}.`,
    `Abort: up to ${plan.abort.peakPods} pods. ${plan.abort.description}`,
  ];
  if (plan.migration) {
    const m = plan.migration;
    lines.push(`Migration from ${m.workload} (scaleDown: ${m.scaleDown}): up to ${m.peakPods} pods (${m.workloadReplicas} of the workload + ${plan.replicas} of the Rollout), ${cpu(plan, m.peakCpuMillicores)} CPU, ${memory(plan, m.peakMemoryBytes)} memory.`);
    for (const p of m.phases) {
      lines.push(`  - ${p.name}: ${p.deploymentPods} + ${p.rolloutPods} = ${p.totalPods} pods`);
    }
  }
  if (plan.autoscaling) {
    const a = plan.autoscaling;
    lines.push(`HPA ${a.name}: at ${a.minReplicas} replicas peak ${a.atMinReplicas.peakPods} pods; at ${a.maxReplicas} replicas peak ${a.atMaxReplicas.peakPods} pods, ${cpu(plan, a.atMaxReplicas.peakCpuMillicores)} CPU, ${memory(plan, a.atMaxReplicas.peakMemoryBytes)} memory.`);
  }
  for (const n of plan.notes) {
    lines.push(`Note: ${n}`);
  }
  return lines;
}

/** A plain-text table with a headline and a summary. */
export function renderText(plan: RolloutPlanJson): string {
  const cols = columns(plan);
  const table = [cols.map(c => c.header), ...plan.steps.map(s => cols.map(c => c.cell(s)))];
  const widths = cols.map((_, i) => Math.max(...table.map(r => [...r[i]].length)));
  const line = (r: string[]) => r.map((c, i) => (i === r.length - 1 ? c : c.padEnd(widths[i]))).join('  ').trimEnd();
  const out = [headline(plan), '', line(table[0]), line(widths.map(w => '-'.repeat(w))), ...table.slice(1).map(line), '', ...summaryLines(plan)];
  return `${out.join('\n')}\n`;
}

function mdCell(text: string): string {
  return text.replace(/\|/g, '\\|');
}

/** Markdown: a heading, a table and the summary as a list. */
export function renderMarkdown(plan: RolloutPlanJson): string {
  const out = [`### ${mdCell(headline(plan))}`, ''];
  const cols = columns(plan);
  out.push(`| ${cols.map(c => c.header).join(' | ')} |`);
  out.push(`|${cols.map(c => (c.right ? ' ---: ' : ' --- ')).join('|')}|`);
  for (const step of plan.steps) {
    out.push(`| ${cols.map(c => mdCell(c.cell(step))).join(' | ')} |`);
  }
  out.push('');
  for (const l of summaryLines(plan)) {
    out.push(l.startsWith('  - ') ? `  ${l.trim()}` : `- ${mdCell(l)}`);
  }
  return `${out.join('\n')}\n`;
}

/** Text escaped for SVG (and XML) content and attributes. */
export function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

/** A coordinate for SVG, to one decimal. */
export function num(v: number): string {
  return String(Math.round(v * 10) / 10);
}

interface Bar {
  /** A short tag under the bar, unique in the picture: the step index, `m1`… for migration phases, `end` for the full promotion. */
  readonly tag: string;
  /** The full name, in the key under the chart. */
  readonly label: string;
  /** Pods and their colour, bottom up. */
  readonly segments: ReadonlyArray<readonly [number, string]>;
  readonly total: number;
  readonly peak: number;
  /** The traffic weight, for steps. */
  readonly weight?: number;
  /** The header and mirror routes in force, for steps. */
  readonly routes: readonly PlanRoute[];
}

const STABLE = '#1f77b4';
const CANARY = '#ff7f0e';
const OTHER = '#9e9e9e';
const WORKLOAD = '#8c6bb1';
const WEIGHT = '#2e7d32';
const PEAK = '#d62728';
const HEADER = '#6a1b9a';
const MIRROR = '#00838f';
const ANALYSIS = '#5d4037';
/** A white outline that keeps a text readable over the lines it crosses. */
const HALO = 'stroke="#ffffff" stroke-width="3" paint-order="stroke"';

function barsOf(plan: RolloutPlanJson): Bar[] {
  const migration: Bar[] = (plan.migration?.phases ?? []).map((p, i) => ({
    tag: `m${i + 1}`,
    label: p.name,
    segments: [[p.rolloutPods, STABLE], [p.deploymentPods, WORKLOAD]],
    total: p.totalPods,
    peak: p.totalPods,
    routes: [],
  }));
  const steps: Bar[] = plan.steps.map((s, i) => ({
    tag: s.index >= 0 ? String(s.index) : i === plan.steps.length - 1 ? 'end' : String(i + 1),
    label: s.name,
    segments: [[s.stablePods, STABLE], [s.canaryPods, CANARY], [s.otherPods, OTHER]],
    total: s.totalPods,
    peak: s.peakPods,
    weight: s.weight,
    routes: s.routes,
  }));
  return [...migration, ...steps];
}

/** The width of a text at font-size 11 (DejaVu Sans, wide), estimated on the safe side. */
function textWidth(text: string): number {
  return [...text].length * 6.7;
}

/** Splits a text into lines of at most `width` pixels: at ` + ` between the parts of a combined step, then at spaces. */
function wrap(text: string, width: number): string[] {
  const lines: string[] = [];
  const parts = text.split(' + ');
  parts.forEach((part, p) => {
    let line = '';
    for (const word of `${p > 0 ? '+ ' : ''}${part}`.split(' ')) {
      const next = line === '' ? word : `${line} ${word}`;
      if (line !== '' && textWidth(next) > width) {
        lines.push(line);
        line = `  ${word}`;
      } else {
        line = next;
      }
    }
    lines.push(line);
  });
  return lines;
}

/** Cuts a text to at most `width` pixels, ending in `…` when cut. */
function fit(text: string, width: number): string {
  if (textWidth(text) <= width) {
    return text;
  }
  const chars = [...text];
  const n = Math.max(0, Math.floor(width / 6.7) - 1);
  return n === 0 ? '' : `${chars.slice(0, n).join('')}…`;
}

/** One lane per route name (in order of first appearance), with the runs of bars where the same route is in force. */
function routeLanes(bars: readonly Bar[]): Array<Array<{ from: number; to: number; route: PlanRoute }>> {
  const names: string[] = [];
  bars.forEach(b => b.routes.forEach(r => (names.includes(r.name) ? undefined : names.push(r.name))));
  const same = (a: PlanRoute | undefined, b: PlanRoute | undefined) => a !== undefined && b !== undefined
    && a.kind === b.kind && a.match === b.match && a.percent === b.percent;
  return names.map(name => {
    const runs: Array<{ from: number; to: number; route: PlanRoute }> = [];
    bars.forEach((b, i) => {
      const route = b.routes.find(r => r.name === name);
      if (route === undefined) {
        return;
      }
      const last = runs[runs.length - 1];
      if (last !== undefined && last.to === i - 1 && same(last.route, route)) {
        last.to = i;
      } else {
        runs.push({ from: i, to: i, route });
      }
    });
    return runs;
  });
}

/** The bars (by position) of the steps a background analysis covers, as runs of neighbours. */
function backgroundBars(plan: RolloutPlanJson): Array<{ from: number; to: number }> {
  const covered = plan.backgroundAnalysis?.coveredSteps ?? [];
  const offset = plan.migration?.phases.length ?? 0;
  const runs: Array<{ from: number; to: number }> = [];
  plan.steps.forEach((s, i) => {
    if (s.index < 0 || !covered.includes(s.index)) {
      return;
    }
    const last = runs[runs.length - 1];
    if (last !== undefined && last.to === offset + i - 1) {
      last.to = offset + i;
    } else {
      runs.push({ from: offset + i, to: offset + i });
    }
  });
  return runs;
}

/**
 * An SVG chart: per step a stacked bar of stable (blue-green: active), canary (preview) and other
 * pods, tagged with the step's index; a mark for the most pods on the way; the canary's traffic
 * weight as a line (right axis); the peak as a dashed line; under the chart a lane per header or
 * mirror route over the steps where it is in force, a lane for the steps a background analysis
 * covers, the key of the steps' full names and the legend.
 */
export function renderSvg(plan: RolloutPlanJson): string {
  const bars = barsOf(plan);
  const chartPeak = Math.max(plan.totals.peakPods, plan.migration?.peakPods ?? 0);
  const width = Math.max(640, 120 + bars.length * 70);
  const left = 60;
  const right = 60;
  const top = 50;
  const plotH = 240;
  const plotW = width - left - right;
  const axis = top + plotH;
  const maxPods = Math.max(1, chartPeak, ...bars.map(b => Math.max(b.peak, b.total)));
  const podTick = maxPods <= 10 ? 1 : maxPods <= 25 ? 5 : maxPods <= 60 ? 10 : Math.ceil(maxPods / 60) * 10;
  const podTop = Math.ceil(Math.max(maxPods + 1, maxPods * 1.2) / podTick) * podTick; // headroom for labels
  const slot = plotW / Math.max(1, bars.length);
  const barW = Math.min(40, slot * 0.6);
  const y = (pods: number) => top + plotH - (pods / podTop) * plotH;
  const yw = (weight: number) => top + plotH - (weight / 100) * plotH;
  const cx = (i: number) => left + slot * i + slot / 2;
  const [stableName, canaryName] = replicaSetNames(plan);
  const body: string[] = [];
  const migration = plan.migration ? ` · migration peak ${plan.migration.peakPods} pods` : '';
  const subtitle = `peak ${plan.totals.peakPods} pods${migration} · min time ${formatSeconds(plan.totals.minSeconds)}${plan.totals.indefinite ? ' + manual' : ''} · Argo Rollouts ${plan.version}`;
  body.push(`<text x="${left}" y="22" font-size="14" font-weight="bold">${esc(`${plan.name}: ${strategyName(plan.strategy)}, ${plan.replicas} replicas`)}</text>`);
  body.push(`<text x="${left}" y="38" fill="#555555">${esc(subtitle)}</text>`);
  // grid and axes
  for (let p = 0; p <= podTop; p += podTick) {
    body.push(`<line x1="${left}" y1="${num(y(p))}" x2="${width - right}" y2="${num(y(p))}" stroke="#e5e5e5"/>`);
    body.push(`<text x="${left - 8}" y="${num(y(p) + 4)}" text-anchor="end">${p}</text>`);
  }
  for (let w = 0; w <= 100; w += 25) {
    body.push(`<text x="${width - right + 8}" y="${num(yw(w) + 4)}" fill="${WEIGHT}">${w}%</text>`);
  }
  body.push(`<text x="16" y="${num(top + plotH / 2)}" transform="rotate(-90 16 ${num(top + plotH / 2)})" text-anchor="middle">pods</text>`);
  const rx = width - 14;
  body.push(`<text x="${rx}" y="${num(top + plotH / 2)}" transform="rotate(90 ${rx} ${num(top + plotH / 2)})" text-anchor="middle" fill="${WEIGHT}">traffic to the new version</text>`);
  body.push(`<line x1="${left}" y1="${axis}" x2="${width - right}" y2="${axis}" stroke="#333333"/>`);
  body.push(`<line x1="${left}" y1="${top}" x2="${left}" y2="${axis}" stroke="#333333"/>`);
  // bars, each tagged under the axis; their pod counts over the traffic line
  const counts: string[] = [];
  const peakIndex = bars.findIndex(b => b.peak === chartPeak);
  bars.forEach((bar, i) => {
    const x = cx(i) - barW / 2;
    let base = 0;
    for (const [pods, color] of bar.segments) {
      if (pods > 0) {
        body.push(`<rect x="${num(x)}" y="${num(y(base + pods))}" width="${num(barW)}" height="${num(y(base) - y(base + pods))}" fill="${color}"/>`);
      }
      base += pods;
    }
    if (bar.peak > bar.total) {
      const h = y(bar.total) - y(bar.peak);
      body.push(`<rect x="${num(x)}" y="${num(y(bar.peak))}" width="${num(barW)}" height="${num(h)}" fill="none" stroke="${PEAK}" stroke-dasharray="3,2"/>`);
    }
    counts.push(`<text x="${num(cx(i))}" y="${num(y(Math.max(bar.peak, bar.total)) - 4)}" text-anchor="middle" ${HALO}>${bar.total}</text>`);
    body.push(`<text class="tag" x="${num(cx(i))}" y="${axis + 15}" text-anchor="middle" font-weight="bold">${esc(bar.tag)}</text>`);
  });
  if (plan.migration) {
    // the migration phases, then the steps of the next update
    const sx = left + slot * plan.migration.phases.length;
    body.push(`<line x1="${num(sx)}" y1="${top}" x2="${num(sx)}" y2="${axis}" stroke="${WORKLOAD}" stroke-dasharray="2,3"/>`);
    body.push(`<text x="${num(sx - 4)}" y="${top + 12}" text-anchor="end" fill="${WORKLOAD}">migration</text>`);
    body.push(`<text x="${num(sx + 4)}" y="${top + 12}" fill="${WORKLOAD}">next update</text>`);
  }
  // peak
  const py = y(chartPeak);
  body.push(`<line x1="${left}" y1="${num(py)}" x2="${width - right}" y2="${num(py)}" stroke="${PEAK}" stroke-dasharray="6,4"/>`);
  if (peakIndex >= 0) {
    const px = cx(peakIndex);
    const ty = py - 18; // above the step's pod count
    body.push(`<path d="M ${num(px - 6)} ${num(ty - 10)} L ${num(px + 6)} ${num(ty - 10)} L ${num(px)} ${num(ty)} Z" fill="${PEAK}"/>`);
    body.push(`<text x="${num(px + 10)}" y="${num(ty - 1)}" fill="${PEAK}">peak ${chartPeak} pods</text>`);
  }
  // traffic weight
  const weighted = bars.map((b, i) => ({ i, weight: b.weight })).filter(b => b.weight !== undefined);
  const points = weighted.map(b => `${num(cx(b.i))},${num(yw(b.weight!))}`).join(' ');
  body.push(`<polyline points="${points}" fill="none" stroke="${WEIGHT}" stroke-width="2"/>`);
  weighted.forEach(b => body.push(`<circle cx="${num(cx(b.i))}" cy="${num(yw(b.weight!))}" r="3" fill="${WEIGHT}"/>`));
  body.push(...counts);
  // header and mirror routes: a lane each, a band over the steps where the route is in force
  let cursor = axis + 24;
  const lanes = routeLanes(bars);
  for (const runs of lanes) {
    for (const run of runs) {
      const x1 = cx(run.from) - slot / 2 + 2;
      const w = slot * (run.to - run.from + 1) - 4;
      const header = run.route.kind === 'header';
      const color = header ? HEADER : MIRROR;
      // the match too when it fits (the key has it in full)
      const short = header ? run.route.name : `${run.route.percent}% ${run.route.name}`;
      const long = `${short}: ${run.route.match}`;
      const text = textWidth(long) <= w - 8 ? long : short;
      body.push(`<rect class="${run.route.kind}-route" x="${num(x1)}" y="${cursor}" width="${num(w)}" height="14" rx="3" fill="${color}" fill-opacity="0.15" `
        + `stroke="${color}"${header ? '' : ' stroke-dasharray="4,2"'}/>`);
      body.push(`<text x="${num(x1 + 4)}" y="${cursor + 11}" fill="${color}">${esc(fit(text, w - 8))}</text>`);
    }
    cursor += 18;
  }
  // the background analysis: a band over the steps it covers (runs of neighbouring bars)
  const covered = backgroundBars(plan);
  for (const run of covered) {
    const x1 = cx(run.from) - slot / 2 + 2;
    const w = slot * (run.to - run.from + 1) - 4;
    const b = plan.backgroundAnalysis!;
    const text = `${b.templates.join(', ')}${b.metricsEnd === 'endsEarly' && run.to === covered[covered.length - 1].to ? ' (ends)' : ''}`;
    body.push(`<rect class="background-analysis" x="${num(x1)}" y="${cursor}" width="${num(w)}" height="14" rx="3" fill="${ANALYSIS}" fill-opacity="0.12" `
      + `stroke="${ANALYSIS}" stroke-dasharray="1,2"/>`);
    body.push(`<text x="${num(x1 + 4)}" y="${cursor + 11}" fill="${ANALYSIS}">${esc(fit(text, w - 8))}</text>`);
  }
  if (covered.length > 0) {
    cursor += 18;
  }
  const laneCount = lanes.length + (covered.length > 0 ? 1 : 0);
  // the key: each tag with the full name of its step or phase, in columns
  cursor += laneCount > 0 ? 10 : 4;
  const keyWidth = width - left - 16;
  const tagW = 12 + Math.max(...bars.map(b => textWidth(b.tag)));
  // a combined step's parts go on lines of their own
  const entryW = Math.min(keyWidth, Math.max(...bars.flatMap(b => b.label.split(' + ').map(part => tagW + textWidth(`+ ${part}`)))) + 16);
  const perRow = Math.max(1, Math.floor(keyWidth / entryW));
  const perColumn = Math.ceil(bars.length / perRow);
  const colW = keyWidth / perRow;
  let keyBottom = cursor;
  for (let c = 0; c < perRow; c++) {
    let ky = cursor + 11;
    for (const bar of bars.slice(c * perColumn, (c + 1) * perColumn)) {
      const kx = left + c * colW;
      body.push(`<text class="key" x="${num(kx)}" y="${num(ky)}" font-weight="bold">${esc(bar.tag)}</text>`);
      for (const line of wrap(bar.label, colW - tagW - 12)) {
        body.push(`<text x="${num(kx + tagW)}" y="${num(ky)}" xml:space="preserve">${esc(line)}</text>`);
        ky += 14;
      }
    }
    keyBottom = Math.max(keyBottom, ky - 14);
  }
  // legend, wrapped to the width
  const legend: Array<[string, string, string]> = [[STABLE, stableName, ''], [CANARY, canaryName, ''], [OTHER, 'other', '']];
  if (plan.migration) {
    legend.push([WORKLOAD, 'workload', '']);
  }
  legend.push([WEIGHT, 'traffic weight', ''], [PEAK, 'peak on the way', '']);
  if (bars.some(b => b.routes.some(r => r.kind === 'header'))) {
    legend.push([HEADER, 'header route to the canary', 'header']);
  }
  if (bars.some(b => b.routes.some(r => r.kind === 'mirror'))) {
    legend.push([MIRROR, 'mirrored to the canary (% of matching)', 'mirror']);
  }
  if (covered.length > 0) {
    legend.push([ANALYSIS, 'background analysis measures', 'analysis']);
  }
  let lx = left;
  let ly = keyBottom + 28;
  for (const [color, text, route] of legend) {
    const w = 14 + textWidth(text) + 18;
    if (lx > left && lx + w > width - 8) {
      lx = left;
      ly += 18;
    }
    const dash = route === 'mirror' ? ' stroke-dasharray="3,1"' : route === 'analysis' ? ' stroke-dasharray="1,2"' : '';
    const style = route === '' ? `fill="${color}"` : `fill="${color}" fill-opacity="0.15" stroke="${color}"${dash}`;
    body.push(`<rect x="${num(lx)}" y="${num(ly - 9)}" width="10" height="10" ${style}/>`);
    body.push(`<text x="${num(lx + 14)}" y="${num(ly)}">${esc(text)}</text>`);
    lx += w;
  }
  return svgDocument(width, Math.ceil(ly + 16), body);
}

/** An SVG document of the plans' pictures: its size, a white background, the elements, the font. */
export function svgDocument(width: number, height: number, body: readonly string[]): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="DejaVu Sans, Arial, sans-serif" font-size="11">`,
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    ...body,
    '</svg>',
    '',
  ].join('\n');
}
