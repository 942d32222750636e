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
