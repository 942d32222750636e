/**
 * The linter: the rule engine over manifests written by anyone (Helm or kustomize output,
 * hand-written YAML, cdk8s output), as the `argo-rollouts-lint` command runs it.
 */
import { lintParsed, lintRun } from './private/lint-run';
import { FindingSeverity, LintFinding, LintOptions, LintSource } from './types';

export { type CapacityBudget, FindingSeverity, type LintFinding, type LintOptions, type LintSource } from './types';

/**
 * Runs the Argo Rollouts rules (docs/rules.md) on manifests written by anyone, as
 * `argo-rollouts-lint` does: the CRD schema of the chosen version with the API server's pruning
 * semantics (S), the pod fields of the chosen Kubernetes version (S09), the controller's rules (V, A, X, P), the plugin configuration (C) and strict decoding
 * of Services and Ingresses (L01). References between the manifests are resolved among them.
 */
export class Linter {
  /**
   * Lints parsed manifests (e.g. objects read from YAML or JSON). The findings' `file` is empty and
   * `documentIndex` is the position in `manifests`.
   *
   * @param manifests the manifests; values that are not objects are skipped
   * @param options options of the run
   */
  public static lintManifests(manifests: any[], options?: LintOptions): LintFinding[] {
    const documents = Array.isArray(manifests) ? manifests : [];
    return lintParsed([{ fileName: '', documents, lines: undefined }], options).findings;
  }

  /**
   * Lints a YAML stream (one or more documents separated by `---`).
   *
   * Throws an error naming the file, line and column when the text is not valid YAML.
   *
   * @param text the YAML text
   * @param fileName the name to show in findings and errors
   * @param options options of the run
   */
  public static lintYaml(text: string, fileName?: string, options?: LintOptions): LintFinding[] {
    return Linter.lintSources([{ fileName: fileName ?? '', text, json: false }], options);
  }

  /**
   * Lints several files together (references between them are resolved), as the command does with
   * the files and folders it is given.
   *
   * Throws an error naming the file, line and column when a text is not valid YAML or JSON.
   *
   * @param sources the files' names and texts
   * @param options options of the run
   */
  public static lintSources(sources: LintSource[], options?: LintOptions): LintFinding[] {
    return lintRun(sources, options).findings;
  }

  /**
   * Formats a finding as the command prints it:
   * `file:line (document documentIndex) kind/name path [ID] message Fix: fix`, with `[ID warning]` for a
   * warning. `line` is the line on which the document starts (1-based); the document's position in the
   * file is counted from 0, as `documentIndex`. Without a known line: `file (document documentIndex) …`.
   */
  public static formatFinding(finding: LintFinding): string {
    const file = finding.file === '' ? '<input>' : finding.file;
    const where = `${file}${finding.line === undefined ? '' : `:${finding.line}`} (document ${finding.documentIndex})`;
    const name = finding.name === '' ? '(no name)' : finding.name;
    const path = finding.path === '' ? '(document)' : finding.path;
    const label = finding.severity === FindingSeverity.WARNING ? `${finding.ruleId} warning` : finding.ruleId;
    return `${where} ${finding.kind}/${name} ${path} [${label}] ${finding.message} Fix: ${finding.fix}`;
  }

  private constructor() {
  }
}
