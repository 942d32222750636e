import { validateManifests } from './engine';
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
 * Checks the manifest of a construct (document 0 of `manifests`, the others being objects it
 * references) and throws one error listing every finding kept by `keep`, under the construct's
 * path; findings on a referenced object name that object.
 *
 * @param subject e.g. `Rollout demo/web`
 * @param consequence what the controller would do, e.g. `it would be stuck in InvalidSpec after apply`
 * @param versions the Argo Rollouts versions to check against (the app may install several)
 */
export function assertNoFindings(subject: string, consequence: string, manifests: any[],
  keep: (f: Finding) => boolean = f => f.documentIndex === 0, versions: (string | undefined)[] = [undefined]): void {
  const seen = new Set<string>();
  const findings = versions.flatMap(version => validateManifests(manifests, { version }))
    .filter(keep)
    .filter(f => {
      const key = `${f.ruleId} ${f.documentIndex} ${f.path} ${f.message}`;
      return seen.has(key) ? false : (seen.add(key), true);
    });
  if (findings.length === 0) return;
  const line = (f: Finding) => (f.documentIndex === 0 ? formatFinding(f) : `${f.kind} ${f.name}: ${formatFinding(f)}`);
  throw new Error(`${subject} breaks ${findings.length === 1 ? 'a rule' : `${findings.length} rules`} of the Argo Rollouts controller `
    + `(${consequence}):\n  ${findings.map(line).join('\n  ')}`);
}
