/**
 * A comparison of plans for people: plain text for terminals and CI logs, Markdown to post as a
 * pull-request comment. Pure and deterministic.
 */

import { PLAN_FIGURES, planKey } from './compare';
import { formatSeconds } from './render';
import { PlanComparisonJson, PlanFigureChange, PlanStepChange, PlanTrafficPoint, RolloutPlanChange } from '../comparison-types';

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** `2 changed, 1 added, 5 unchanged` (the counts that are not 0; `no Rollouts` when all are). */
function summaryText(c: PlanComparisonJson): string {
  const s = c.summary;
  const parts = ([['changed', s.changed], ['added', s.added], ['removed', s.removed], ['unchanged', s.unchanged]] as Array<[string, number]>)
    .filter(([, n]) => n > 0).map(([w, n]) => `${n} ${w}`);
  return parts.length === 0 ? 'no Rollouts in either set' : parts.join(', ');
}

function format(f: PlanFigureChange, value: number | undefined): string {
  return value === undefined ? '-' : definition(f).format(value);
}

function definition(f: PlanFigureChange) {
  return PLAN_FIGURES.find(d => d.id === f.figure)!;
}

/** `+2`, `-1m30s`, `same`. */
function delta(f: PlanFigureChange): string {
  if (f.delta === 0) {
    return 'same';
  }
  return `${f.delta > 0 ? '+' : '-'}${definition(f).format(Math.abs(f.delta))}`;
}

/** The canary's traffic over an update: `20% at 0s · 50% at 5m after 1 promotion · 100% at 25m`. */
export function trafficText(points: readonly PlanTrafficPoint[]): string {
  if (points.length === 0) {
    return 'none';
  }
  return points.map(p => {
    const after = p.promotionsBefore > 0 ? ` after ${plural(p.promotionsBefore, 'promotion')}` : '';
    return `${Math.round(p.weight * 100) / 100}% at ${formatSeconds(p.atSeconds)}${after}`;
  }).join(' · ');
}

function stepCounts(r: RolloutPlanChange): string {
  const count = (change: string) => r.steps.filter(s => s.change === change).length;
  const parts = (['added', 'removed', 'changed', 'unchanged'])
    .map(w => [w, count(w)] as [string, number]).filter(([, n]) => n > 0).map(([w, n]) => `${n} ${w}`);
  return parts.join(', ') || 'none';
}

/** The step's place: `3`, `5 → 3` when it moved, `-` for the full promotion. */
function stepIndex(s: PlanStepChange): string {
  const text = (i: number) => (i >= 0 ? String(i) : '-');
  if (s.baseIndex !== undefined && s.headIndex !== undefined && s.baseIndex !== s.headIndex) {
    return `${text(s.baseIndex)} → ${text(s.headIndex)}`;
  }
  return text(s.headIndex ?? s.baseIndex!);
}

/** The step in words: its name, or `base name → head name` when it changed. */
function stepName(s: PlanStepChange): string {
  return s.baseName !== undefined && s.headName !== undefined && s.baseName !== s.headName ? `${s.baseName} → ${s.headName}` : (s.headName ?? s.baseName!);
}

const MARK: Record<string, string> = { added: '+', removed: '-', changed: '~', unchanged: ' ' };

/** What differs besides the step's name. */
function details(s: PlanStepChange): string[] {
  return s.baseName !== s.headName ? s.differences.slice(1) : s.differences;
}

function stepLine(s: PlanStepChange, width: number): string {
  const more = details(s);
  return `${MARK[s.change]} ${stepIndex(s).padStart(width)}  ${stepName(s)}${more.length > 0 ? `: ${more.join('; ')}` : ''}`;
}

function title(r: RolloutPlanChange): string {
  return `Rollout ${planKey(r)}: ${r.change}`;
}

function versions(r: RolloutPlanChange): string {
  return r.baseVersion !== undefined && r.headVersion !== undefined && r.baseVersion !== r.headVersion
    ? `Argo Rollouts ${r.baseVersion} → ${r.headVersion}` : `Argo Rollouts ${r.headVersion ?? r.baseVersion}`;
}

/** A plain-text account: a summary line, then each Rollout that is not unchanged. */
export function renderComparisonText(c: PlanComparisonJson): string {
  const out = [`Rollout plans: ${summaryText(c)}`];
  for (const r of c.rollouts) {
    out.push('');
    if (r.change === 'unchanged') {
      out.push(`${title(r)} (the plan is the same)`);
      continue;
    }
    out.push(`${title(r)} (${versions(r)})`);
    const rows = [['', 'base', 'head', 'change'], ...r.figures.map(f => [definition(f).label, format(f, f.base), format(f, f.head), delta(f)])];
    const widths = rows[0].map((_, i) => Math.max(...rows.map(row => row[i].length)));
    out.push(...rows.map(row => `  ${row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join('  ')}`.trimEnd()));
    if (r.indefinite) {
      out.push('  (the minimum time leaves out steps that wait until promoted or stopped)');
    }
    out.push(`  steps: ${stepCounts(r)}`);
    const shownSteps = r.steps.filter(s => s.change !== 'unchanged');
    const width = Math.max(2, ...shownSteps.map(s => [...stepIndex(s)].length));
    out.push(...shownSteps.map(s => `    ${stepLine(s, width)}`));
    out.push('  traffic to the canary:');
    out.push(`    base  ${r.change === 'added' ? '(no Rollout)' : trafficText(r.baseTraffic)}`);
    out.push(`    head  ${r.change === 'removed' ? '(no Rollout)' : trafficText(r.headTraffic)}`);
    out.push(...r.otherDifferences.map(d => `  ${d}`));
    out.push(...r.notesAdded.map(n => `  + note: ${n}`), ...r.notesRemoved.map(n => `  - note: ${n}`));
  }
  return `${out.join('\n')}\n`;
}

function md(text: string): string {
  return text.replace(/\|/g, '\\|');
}

/** `**+2**` when a figure grows (the reviewer's question), plain otherwise. */
function mdDelta(f: PlanFigureChange): string {
  return f.delta > 0 ? `**${delta(f)}**` : delta(f);
}

function mdWeight(w: number | undefined): string {
  return w === undefined ? '' : `${Math.round(w * 100) / 100}%`;
}

function mdTraffic(s: PlanStepChange): string {
  if (s.baseWeight === undefined || s.headWeight === undefined || s.baseWeight === s.headWeight) {
    return mdWeight(s.headWeight ?? s.baseWeight);
  }
  return `${mdWeight(s.baseWeight)} → ${mdWeight(s.headWeight)}`;
}

const MD_CHANGE: Record<string, string> = { added: '➕ added', removed: '➖ removed', changed: '✏️ changed', unchanged: '' };

/** The first line of the Markdown, hidden when rendered: a CI job finds its earlier comment by it and updates it. */
export const COMMENT_MARKER = '<!-- argo-rollouts-plan --base -->';

/** Markdown made to be posted as a pull-request comment. */
export function renderComparisonMarkdown(c: PlanComparisonJson): string {
  const out = [COMMENT_MARKER, `### Rollout plans: ${summaryText(c)}`, ''];
  const shown = c.rollouts.filter(r => r.change !== 'unchanged');
  if (shown.length === 0) {
    out.push('No Rollout\'s update changes: pods, traffic and time per step are the same as in the base.', '');
  }
  for (const r of shown) {
    out.push(`#### ${md(title(r))} (${md(versions(r))})`, '');
    out.push('| | base | head | change |', '| --- | ---: | ---: | ---: |');
    out.push(...r.figures.map(f => `| ${definition(f).label} | ${format(f, f.base)} | ${format(f, f.head)} | ${mdDelta(f)} |`));
    out.push('');
    if (r.indefinite) {
      out.push('The minimum time leaves out steps that wait until promoted or stopped.', '');
    }
    out.push(`Steps: ${stepCounts(r)}.`, '');
    out.push('| # | step | traffic | what changes |', '| --- | --- | ---: | --- |');
    for (const s of r.steps) {
      const more = details(s).filter(d => !d.startsWith('traffic '));
      out.push(`| ${stepIndex(s)} | ${md(stepName(s))} | ${mdTraffic(s)} | ${[MD_CHANGE[s.change], ...more.map(md)].filter(x => x).join('; ')} |`);
    }
    out.push('');
    out.push(`- Traffic to the canary, base: ${r.change === 'added' ? 'no Rollout' : trafficText(r.baseTraffic)}`);
    out.push(`- Traffic to the canary, head: ${r.change === 'removed' ? 'no Rollout' : trafficText(r.headTraffic)}`);
    out.push(...r.otherDifferences.map(d => `- ${md(d)}`));
    out.push(...r.notesAdded.map(n => `- New note: ${md(n)}`), ...r.notesRemoved.map(n => `- Note gone: ${md(n)}`));
    out.push('');
  }
  const same = c.rollouts.filter(r => r.change === 'unchanged');
  if (same.length > 0) {
    out.push(`<details><summary>${plural(same.length, 'Rollout')} with the same plan</summary>`, '');
    out.push(...same.map(r => `- ${md(planKey(r))}`), '', '</details>', '');
  }
  return out.join('\n');
}
