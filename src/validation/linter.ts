/**
 * The linter: the rule engine over manifests written by anyone (Helm or kustomize output,
 * hand-written YAML, cdk8s output), as the `argo-rollouts-lint` command runs it.
 */
import { lintParsed, lintRun } from './private/lint-run';
import { CapacityBudget, FindingSeverity } from './types';

export { type CapacityBudget, FindingSeverity } from './types';

/**
 * A rule violation found by the linter.
 */
export interface LintFinding {
  /** Rule ID of the Argo Rollouts rule list, e.g. `V34` or `S06` (docs/rules.md). */
  readonly ruleId: string;
  /** The file of the offending document, as given (empty when linting manifests or text without a name). */
  readonly file: string;
  /** Position of the offending document in its file (0-based; empty documents count). */
  readonly documentIndex: number;
  /**
   * Line of the file on which the offending document starts (1-based), when it could be determined.
   *
   * @default - unknown
   */
  readonly line?: number;
  /** `kind` of the offending document. */
  readonly kind: string;
  /** `metadata.name` of the offending document (empty when it has none). */
  readonly name: string;
  /**
   * `metadata.namespace` of the offending document.
   *
   * @default - none
   */
  readonly namespace?: string;
  /** Path of the offending field in the document, e.g. `spec.strategy.canary.steps[0].setWeight`. */
  readonly path: string;
  /** What is wrong, quoting the bad value. */
  readonly message: string;
  /** How to fix it. */
  readonly fix: string;
  /**
   * `error` (the controller or the API server refuses it, or the analysis errors) or `warning`
   * (accepted, but likely a mistake; `argo-rollouts-lint` exits 0 on warnings alone unless given
   * `--warnings-as-errors`).
   */
  readonly severity: FindingSeverity;
}

/**
 * Options of a lint run.
 */
export interface LintOptions {
  /**
   * The Argo Rollouts release the manifests are checked against (its CRD schemas and the rules that
   * differ by release): `1.10.0-rc1`, `1.9.1`, `1.8.4` or `1.8.3` (a leading `v` is accepted).
   *
   * @default - the release of the Argo Rollouts controller Deployment among the manifests, by its
   *   image tag (an install linted with the Rollouts it runs); else the default release
   */
  readonly version?: string;

  /**
   * The Kubernetes version of the cluster the manifests go to, as `'1.NN'`: `'1.27'`, `'1.32'`,
   * `'1.33'` or `'1.34'` (a leading `v` and a patch release are accepted). The pod templates are checked
   * against its pod API: a field it does not have, which its API server would drop from the ReplicaSets
   * and Jobs made from a template, is reported (S09), and the pod-template checks that differ by version
   * follow it (V07: environment variable names, DNS search domains, a hook's zero-second sleep). An
   * unsupported version throws, naming the supported ones (`--kubernetes-version` of the CLI).
   *
   * @default - the Kubernetes version of the cdk8s-plus line the package is built for (1.27 for
   *   `cdk8s-argo-rollouts`, 1.NN for `cdk8s-argo-rollouts-plus-NN`)
   */
  readonly kubernetesVersion?: string;

  /**
   * Report objects that manifests refer to and that are not among the linted manifests: the Services
   * of a Rollout (V47), the analysis templates of Rollouts, templates and Experiments (V50, X06), and
   * the other referenced objects (traffic routing, workloadRef). Referenced objects that are present
   * are checked either way. Turn this off for a partial set of manifests, e.g. a chart whose
   * ClusterAnalysisTemplates are installed by another.
   *
   * @default true
   */
  readonly requireReferencedObjects?: boolean;

  /**
   * A capacity budget for every Rollout: an update whose peak (pods, CPU or memory requested) would
   * exceed it is reported (B02; `--budget-pods`, `--budget-cpu`, `--budget-memory` of the CLI).
   *
   * @default - no budget besides the Rollouts' own annotations and the namespaces' ResourceQuotas
   */
  readonly budget?: CapacityBudget;
}

/**
 * One input of a lint run: the text of a YAML (or JSON) file and its name.
 */
export interface LintSource {
  /** Name shown in findings, e.g. `dist/app.k8s.yaml`. */
  readonly fileName: string;
  /** The file's text: a YAML stream of one or more documents, or JSON. */
  readonly text: string;
  /**
   * Whether the text is JSON (an object, or a list of objects that are each a document).
   *
   * @default - true when fileName ends with `.json`
   */
  readonly json?: boolean;
}

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
