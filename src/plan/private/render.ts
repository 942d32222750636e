/**
 * Renders a plan (its JSON form) for people: a plain-text table, Markdown for pull requests and
 * an SVG chart. Pure and deterministic: the same plan gives the same bytes.
 */

import { formatCpu, formatMemory } from './resources';
import { PlanStep, RolloutPlanJson } from '../types';

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

function time(step: PlanStep): string {
  const t = formatSeconds(step.minSeconds);
  return step.indefinite ? (step.minSeconds > 0 ? `${t} + ∞` : '∞') : t;
}

function percent(n: number): string {
  return `${Math.round(n * 100) / 100}%`;
}

const HEADERS = ['#', 'step', 'weight', 'stable', 'canary', 'other', 'total', 'peak', 'cpu', 'memory', 'min time', 'waits for'];

function rows(plan: RolloutPlanJson): string[][] {
  return plan.steps.map(s => [
    s.index >= 0 ? String(s.index) : '-',
    s.name,
    percent(s.weight),
    String(s.stablePods),
    String(s.canaryPods),
    String(s.otherPods),
    String(s.totalPods),
    String(s.peakPods),
    cpu(plan, s.peakCpuMillicores),
    memory(plan, s.peakMemoryBytes),
    time(s),
    s.waitsFor.join('; ') || '-',
  ]);
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
  const table = [HEADERS, ...rows(plan)];
  const widths = HEADERS.map((_, i) => Math.max(...table.map(r => [...r[i]].length)));
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
  out.push(`| ${HEADERS.join(' | ')} |`);
  out.push(`|${HEADERS.map((_, i) => (i >= 2 && i <= 7 ? ' ---: ' : ' --- ')).join('|')}|`);
  for (const r of rows(plan)) {
    out.push(`| ${r.map(mdCell).join(' | ')} |`);
  }
  out.push('');
  for (const l of summaryLines(plan)) {
    out.push(l.startsWith('  - ') ? `  ${l.trim()}` : `- ${mdCell(l)}`);
  }
  return `${out.join('\n')}\n`;
}

function esc(text: string): string {
  return text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');
}

function num(v: number): string {
  return String(Math.round(v * 10) / 10);
}

interface Bar {
  readonly label: string;
  /** Pods and their colour, bottom up. */
  readonly segments: ReadonlyArray<readonly [number, string]>;
  readonly total: number;
  readonly peak: number;
  /** The traffic weight, for steps. */
  readonly weight?: number;
}

const STABLE = '#1f77b4';
const CANARY = '#ff7f0e';
const OTHER = '#9e9e9e';
const WORKLOAD = '#8c6bb1';

function barsOf(plan: RolloutPlanJson): Bar[] {
  const migration: Bar[] = (plan.migration?.phases ?? []).map(p => ({
    label: p.name.split(':')[0],
    segments: [[p.rolloutPods, STABLE], [p.deploymentPods, WORKLOAD]],
    total: p.totalPods,
    peak: p.totalPods,
  }));
  const steps: Bar[] = plan.steps.map(s => ({
    label: s.name,
    segments: [[s.stablePods, STABLE], [s.canaryPods, CANARY], [s.otherPods, OTHER]],
    total: s.totalPods,
    peak: s.peakPods,
    weight: s.weight,
  }));
  return [...migration, ...steps];
}

/**
 * An SVG chart: per step a stacked bar of stable, canary and other pods, a mark for the most pods on
 * the way, the canary's traffic weight as a line (right axis), and the peak as a dashed line.
 */
export function renderSvg(plan: RolloutPlanJson): string {
  const bars = barsOf(plan);
  const chartPeak = Math.max(plan.totals.peakPods, plan.migration?.peakPods ?? 0);
  const width = Math.max(640, 120 + bars.length * 70);
  const height = 420;
  const left = 60;
  const right = 60;
  const top = 50;
  const bottom = 130;
  const plotW = width - left - right;
  const plotH = height - top - bottom;
  const maxPods = Math.max(1, chartPeak, ...bars.map(b => Math.max(b.peak, b.total)));
  const podTick = maxPods <= 10 ? 1 : maxPods <= 25 ? 5 : maxPods <= 60 ? 10 : Math.ceil(maxPods / 60) * 10;
  const podTop = Math.ceil(Math.max(maxPods + 1, maxPods * 1.2) / podTick) * podTick; // headroom for labels
  const slot = plotW / Math.max(1, bars.length);
  const barW = Math.min(40, slot * 0.6);
  const y = (pods: number) => top + plotH - (pods / podTop) * plotH;
  const yw = (weight: number) => top + plotH - (weight / 100) * plotH;
  const cx = (i: number) => left + slot * i + slot / 2;
  const out: string[] = [];
  const migration = plan.migration ? ` · migration peak ${plan.migration.peakPods} pods` : '';
  const subtitle = `peak ${plan.totals.peakPods} pods${migration} · min time ${formatSeconds(plan.totals.minSeconds)}${plan.totals.indefinite ? ' + manual' : ''} · Argo Rollouts ${plan.version}`;
  out.push(`<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="DejaVu Sans, Arial, sans-serif" font-size="11">`);
  out.push(`<rect width="${width}" height="${height}" fill="#ffffff"/>`);
  out.push(`<text x="${left}" y="22" font-size="14" font-weight="bold">${esc(`${plan.name}: ${strategyName(plan.strategy)}, ${plan.replicas} replicas`)}</text>`);
  out.push(`<text x="${left}" y="38" fill="#555555">${esc(subtitle)}</text>`);
  // grid and axes
  for (let p = 0; p <= podTop; p += podTick) {
    out.push(`<line x1="${left}" y1="${num(y(p))}" x2="${width - right}" y2="${num(y(p))}" stroke="#e5e5e5"/>`);
    out.push(`<text x="${left - 8}" y="${num(y(p) + 4)}" text-anchor="end">${p}</text>`);
  }
  for (let w = 0; w <= 100; w += 25) {
    out.push(`<text x="${width - right + 8}" y="${num(yw(w) + 4)}" fill="#2e7d32">${w}%</text>`);
  }
  out.push(`<text x="16" y="${num(top + plotH / 2)}" transform="rotate(-90 16 ${num(top + plotH / 2)})" text-anchor="middle">pods</text>`);
  const rx = width - 14;
  out.push(`<text x="${rx}" y="${num(top + plotH / 2)}" transform="rotate(90 ${rx} ${num(top + plotH / 2)})" text-anchor="middle" fill="#2e7d32">traffic to the new version</text>`);
  out.push(`<line x1="${left}" y1="${top + plotH}" x2="${width - right}" y2="${top + plotH}" stroke="#333333"/>`);
  out.push(`<line x1="${left}" y1="${top}" x2="${left}" y2="${top + plotH}" stroke="#333333"/>`);
  // bars
  const peakIndex = bars.findIndex(b => b.peak === chartPeak);
  bars.forEach((bar, i) => {
    const x = cx(i) - barW / 2;
    let base = 0;
    for (const [pods, color] of bar.segments) {
      if (pods > 0) {
        out.push(`<rect x="${num(x)}" y="${num(y(base + pods))}" width="${num(barW)}" height="${num(y(base) - y(base + pods))}" fill="${color}"/>`);
      }
      base += pods;
    }
    if (bar.peak > bar.total) {
      const h = y(bar.total) - y(bar.peak);
      out.push(`<rect x="${num(x)}" y="${num(y(bar.peak))}" width="${num(barW)}" height="${num(h)}" fill="none" stroke="#d62728" stroke-dasharray="3,2"/>`);
    }
    out.push(`<text x="${num(cx(i))}" y="${num(y(Math.max(bar.peak, bar.total)) - 4)}" text-anchor="middle">${bar.total}</text>`);
    const label = bar.label.length > 22 ? `${bar.label.slice(0, 21)}…` : bar.label;
    const ly = top + plotH + 14;
    out.push(`<text x="${num(cx(i))}" y="${ly}" text-anchor="end" transform="rotate(-35 ${num(cx(i))} ${ly})">${esc(label)}</text>`);
  });
  if (plan.migration) {
    // the migration phases, then the steps of the next update
    const sx = left + slot * plan.migration.phases.length;
    out.push(`<line x1="${num(sx)}" y1="${top}" x2="${num(sx)}" y2="${top + plotH}" stroke="#8c6bb1" stroke-dasharray="2,3"/>`);
    out.push(`<text x="${num(sx - 4)}" y="${top + 12}" text-anchor="end" fill="#8c6bb1">migration</text>`);
    out.push(`<text x="${num(sx + 4)}" y="${top + 12}" fill="#8c6bb1">next update</text>`);
  }
  // peak
  const py = y(chartPeak);
  out.push(`<line x1="${left}" y1="${num(py)}" x2="${width - right}" y2="${num(py)}" stroke="#d62728" stroke-dasharray="6,4"/>`);
  if (peakIndex >= 0) {
    const px = cx(peakIndex);
    const ty = py - 18; // above the step's pod count
    out.push(`<path d="M ${num(px - 6)} ${num(ty - 10)} L ${num(px + 6)} ${num(ty - 10)} L ${num(px)} ${num(ty)} Z" fill="#d62728"/>`);
    out.push(`<text x="${num(px + 10)}" y="${num(ty - 1)}" fill="#d62728">peak ${chartPeak} pods</text>`);
  }
  // traffic weight
  const weighted = bars.map((b, i) => ({ i, weight: b.weight })).filter(b => b.weight !== undefined);
  const points = weighted.map(b => `${num(cx(b.i))},${num(yw(b.weight!))}`).join(' ');
  out.push(`<polyline points="${points}" fill="none" stroke="#2e7d32" stroke-width="2"/>`);
  weighted.forEach(b => out.push(`<circle cx="${num(cx(b.i))}" cy="${num(yw(b.weight!))}" r="3" fill="#2e7d32"/>`));
  // legend
  const legend: Array<[string, string]> = [[STABLE, 'stable'], [CANARY, 'canary'], [OTHER, 'other'], ['#2e7d32', 'traffic weight'], ['#d62728', 'peak on the way']];
  if (plan.migration) {
    legend.splice(3, 0, [WORKLOAD, 'workload']);
  }
  legend.forEach(([color, text], i) => {
    const lx = left + i * Math.min(110, plotW / legend.length);
    const ly = height - 16;
    out.push(`<rect x="${lx}" y="${ly - 9}" width="10" height="10" fill="${color}"/>`);
    out.push(`<text x="${lx + 14}" y="${ly}">${esc(text)}</text>`);
  });
  out.push('</svg>');
  return `${out.join('\n')}\n`;
}
