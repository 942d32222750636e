/**
 * The findings of a validation run: repeats dropped, texts cut where they would echo a huge value
 * whole, and the final order (document, rule evaluation order, path).
 */
import { Finding } from './types';
import { cutLongRuns, cutText, cutTextTo } from '../../private/quote';

/** Rank added to findings that a rule reports on another manifest than the one it checks. */
export const OTHER_MANIFEST_RANK = 100000;

interface RankedFinding {
  readonly finding: Finding;
  readonly rank: number;
  /** The document indexes of the manifests whose rules reported it (a template finding two Rollouts report). */
  readonly sources: number[];
}

/** A finding with the manifests whose rules reported it (see `FindingSink.attributed`). */
export interface AttributedFinding {
  readonly finding: Finding;
  readonly sources: readonly number[];
}

/** Compares two field paths, list indexes by number (`steps[2]` before `steps[10]`). */
function comparePaths(a: string, b: string): number {
  const partsA = a.split(/(\d+)/);
  const partsB = b.split(/(\d+)/);
  const length = Math.min(partsA.length, partsB.length);
  for (let i = 0; i < length; i++) {
    if (partsA[i] === partsB[i]) {
      continue;
    }
    if (i % 2 === 1) {
      return Number(partsA[i]) - Number(partsB[i]) || (partsA[i] < partsB[i] ? -1 : 1);
    }
    return partsA[i] < partsB[i] ? -1 : 1;
  }
  return partsA.length - partsB.length;
}

/** The longest name of a Kubernetes object (a DNS subdomain): names up to this length are shown whole. */
const MAX_NAME_LENGTH = 253;

/** The longest message, fix or path a finding keeps whole (far more than any rule writes). */
const MAX_TEXT_LENGTH = 10000;

function cutName(text: string): string {
  return text.length > MAX_NAME_LENGTH ? cutText(text) : text;
}

/** A message, fix or path with its long runs cut, and cut as a whole if it is still longer than MAX_TEXT_LENGTH. */
function cutTexts(text: string): string {
  const cut = cutLongRuns(text);
  return cutTextTo(cut, MAX_TEXT_LENGTH);
}

/**
 * A finding whose texts echo no huge value whole: a kind, name or namespace longer than any valid one
 * is cut to its first characters and its length, and so is every run of more than 200 characters
 * without a space in its path (a key), message and fix (rules quote values shortened; this catches
 * what is written into a text as it is), and a text still longer than MAX_TEXT_LENGTH.
 */
function cutFinding(finding: Finding): Finding {
  const name = cutName(finding.name);
  const kind = cutName(finding.kind);
  const namespace = finding.namespace === undefined ? undefined : cutName(finding.namespace);
  const path = cutTexts(finding.path);
  const message = cutTexts(finding.message);
  const fix = cutTexts(finding.fix);
  if (name === finding.name && kind === finding.kind && namespace === finding.namespace && path === finding.path
    && message === finding.message && fix === finding.fix) {
    return finding;
  }
  return { ...finding, name, kind, ...(namespace !== undefined ? { namespace } : {}), path, message, fix };
}

/**
 * Collects the findings of a run: drops repeats (a template used by several Rollouts gets a finding
 * once) and orders them by document index, rule evaluation order and path.
 */
export class FindingSink {
  private readonly entries: RankedFinding[] = [];
  private readonly keys = new Map<string, RankedFinding>();

  /**
   * Adds a finding with the evaluation rank of the rule that found it. Its texts are cut where they
   * would echo a huge value whole (see `cutFinding`).
   */
  public add(found: Finding, rank: number, source: number = found.documentIndex): void {
    const finding = cutFinding(found);
    const key = `${finding.ruleId}\u0000${finding.documentIndex}\u0000${finding.path}\u0000${finding.message}`;
    const known = this.keys.get(key);
    if (known !== undefined) {
      if (!known.sources.includes(source)) {
        known.sources.push(source);
      }
      return;
    }
    const entry = { finding, rank, sources: [source] };
    this.keys.set(key, entry);
    this.entries.push(entry);
  }

  /**
   * The findings in their final order. A rule reports on its own manifest in path order already (in
   * the controller's field order, e.g. stableService before canaryService), so those keep the order
   * found (the sort is stable); findings that Rollouts report on a template are ordered by path.
   */
  public findings(): Finding[] {
    return this.attributed().map(entry => entry.finding);
  }

  /** The findings in their final order (see `findings`), each with the manifests whose rules reported it. */
  public attributed(): AttributedFinding[] {
    return [...this.entries]
      .sort((a, b) => a.finding.documentIndex - b.finding.documentIndex || a.rank - b.rank
        || (a.rank >= OTHER_MANIFEST_RANK ? comparePaths(a.finding.path, b.finding.path) : 0));
  }
}
