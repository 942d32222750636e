import { validateManifests } from './engine';
import { consequenceOf } from './rules/consequences';
import { SynthError, fail } from '../../private/synth-error';
import { VersionFacts } from '../../private/versions';
import { CapacityBudget, FindingSeverity } from '../types';
import { Finding } from './types';

/**
 * Formats a finding as one line of text: rule ID, field path, what is wrong and how to fix it, e.g.
 * `[V34] spec.strategy.canary.steps[2].setWeight: setWeight 150 is outside the range 0 to 100. Fix: Use a weight between 0 and 100 (maxTrafficWeight).`
 *
 * The line names neither the manifest nor its file; callers add the construct path or the file and
 * document (`finding.documentIndex`, `finding.kind`, `finding.name`) as fits them.
 */
export function formatFinding(finding: Finding): string {
  return `[${finding.ruleId}] ${finding.path}: ${finding.message} Fix: ${finding.fix}`;
}

/**
 * The error a rule error throws at synth: its message opens with the construct (`Rollout demo/web breaks …`)
 * and the rule IDs. A `SynthError`: rendering passes it on without cdk8s's `Failed serializing` wrapper,
 * and Node prints it with no frame of the library and no source line with a caret in front.
 */
export class RuleError extends SynthError {
  constructor(message: string) {
    super(message, 'RuleError');
  }
}

/** True when a finding is a warning (see `FindingSeverity`). */
export function isWarning(finding: Finding): boolean {
  return finding.severity === FindingSeverity.WARNING;
}

/** Options of `checkFindings`. */
export interface FindingCheckOptions {
  /** Which findings concern the subject; by default those on document 0 (its own manifest). */
  readonly keep?: (f: Finding) => boolean;
  /** The Argo Rollouts release to check against; the default release when not given. */
  readonly release?: VersionFacts;
  /** Treat warnings as errors (a CI setting). */
  readonly warningsAsErrors?: boolean;
  /** The app-wide capacity budget (B02); none by default. */
  readonly budget?: CapacityBudget;
}

/**
 * Lists findings under a header, grouped by what would happen after apply (the rule's consequence,
 * one source: `consequenceOf`). With a single consequence it goes on the header line.
 */
function describe(header: string, findings: readonly Finding[]): string {
  const line = (f: Finding) => {
    const text = formatFinding(f);
    const labelled = isWarning(f) ? text.replace(/^\[([^\]]*)\]/, '[$1 warning]') : text;
    return f.documentIndex === 0 ? labelled : `${f.kind} ${f.name}: ${labelled}`;
  };
  const groups = new Map<string, Finding[]>();
  for (const f of findings) {
    const consequence = consequenceOf(f);
    groups.set(consequence, [...(groups.get(consequence) ?? []), f]);
  }
  if (groups.size === 1) {
    const [consequence] = groups.keys();
    return `${header} (after apply, ${consequence}):\n  ${findings.map(line).join('\n  ')}`;
  }
  const parts = [...groups].map(([consequence, list]) => `  After apply, ${consequence}:\n    ${list.map(line).join('\n    ')}`);
  return `${header}:\n${parts.join('\n')}`;
}

/**
 * Checks the manifest of a construct (document 0 of `manifests`, the others being objects it
 * references) and throws one error listing every error finding kept by `options.keep`, under the
 * construct's path, each with what it would cause after apply; findings on a referenced object name
 * that object. Warnings do not throw (unless `warningsAsErrors`): they are returned as one text to
 * show, `undefined` when there are none.
 *
 * @param subject e.g. `Rollout demo/web`
 */
export function checkFindings(subject: string, manifests: unknown[], options: FindingCheckOptions = {}): string | undefined {
  const keep = options.keep ?? (f => f.documentIndex === 0);
  const found = validateManifests(manifests, { version: options.release?.version, budget: options.budget });
  return reportFindings(subject, found.filter(keep), options.warningsAsErrors === true);
}

/**
 * What `checkFindings` does with the findings of a construct (document indexes relative to its own
 * manifest, 0): throws when there are errors, else returns the warnings' text, if any. A finding
 * found twice counts once.
 */
export function reportFindings(subject: string, kept: readonly Finding[], warningsAsErrors: boolean): string | undefined {
  const seen = new Set<string>();
  const findings = kept.filter(f => {
    const key = `${f.ruleId} ${f.documentIndex} ${f.path} ${f.message}`;
    return seen.has(key) ? false : (seen.add(key), true);
  });
  const warnings = findings.filter(isWarning);
  const errors = warningsAsErrors ? findings : findings.filter(f => !isWarning(f));
  if (errors.length > 0) {
    const count = errors.length === 1 ? 'a rule' : `${errors.length} rules`;
    const note = warningsAsErrors && warnings.length > 0 ? ' (warnings count as errors here)' : '';
    const error = new RuleError(describe(`${subject} breaks ${count} of the Argo Rollouts controller${note}`, errors));
    fail(error); // see SynthError
  }
  if (warnings.length === 0) {
    return undefined;
  }
  return describe(`${subject} has ${warnings.length === 1 ? 'a warning' : `${warnings.length} warnings`} of the Argo Rollouts rules`, warnings);
}
