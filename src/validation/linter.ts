/**
 * The linter: the rule engine over manifests written by anyone (Helm or kustomize output,
 * hand-written YAML, cdk8s output), as the `argo-rollouts-lint` command runs it.
 */
import { validateManifests } from './private/engine';
import { documentStartLines, parseJsonDocuments, parseYamlDocuments, YamlSyntaxError } from './private/yaml';
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
   * @default '1.9.1'
   */
  readonly version?: string;

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

/** A parsed source: its documents and where they start. */
interface ParsedSource {
  readonly fileName: string;
  readonly documents: readonly any[];
  readonly lines: readonly number[] | undefined;
}

function parseSource(source: LintSource): ParsedSource {
  const json = source.json ?? /\.json$/i.test(source.fileName);
  try {
    if (json) {
      return { fileName: source.fileName, documents: parseJsonDocuments(source.text), lines: undefined };
    }
    const documents = parseYamlDocuments(source.text);
    return { fileName: source.fileName, documents, lines: documentStartLines(source.text, documents.length) };
  } catch (error) {
    if (error instanceof YamlSyntaxError) {
      const where = error.line > 0 ? `${source.fileName || '<input>'}:${error.line}:${error.column}` : source.fileName || '<input>';
      throw new Error(`${where}: ${json ? 'JSON' : 'YAML'} syntax error: ${error.reason}`);
    }
    throw error;
  }
}

/** A `List` document (kind `List` or `<Kind>List`) with an array of items. */
function isList(document: any): boolean {
  return document !== null && typeof document === 'object' && typeof document.kind === 'string' && /List$/.test(document.kind)
    && Array.isArray(document.items);
}

/** Lints parsed sources together, so that references between them resolve. */
function lintParsed(sources: readonly ParsedSource[], options: LintOptions | undefined): LintFinding[] {
  const manifests: any[] = [];
  const sourceOf: number[] = [];
  const localIndex: number[] = [];
  const pathPrefix: string[] = [];
  const add = (manifest: any, s: number, i: number, prefix: string) => {
    manifests.push(manifest);
    sourceOf.push(s);
    localIndex.push(i);
    pathPrefix.push(prefix);
  };
  sources.forEach((source, s) => {
    source.documents.forEach((document, i) => {
      // `kubectl get -o yaml` writes a List (or a RolloutList, ...): its items are the objects
      if (isList(document)) {
        document.items.forEach((item: any, j: number) => add(item, s, i, `items[${j}].`));
      } else {
        add(document, s, i, '');
      }
    });
  });
  const findings = validateManifests(manifests, {
    version: options?.version,
    requireReferencedObjects: options?.requireReferencedObjects ?? true,
    budget: options?.budget,
    // references resolve within the referencing file first (a base and an overlay in one folder)
    documentGroups: sourceOf,
  });
  return findings.map(f => {
    const source = sources[sourceOf[f.documentIndex]];
    const documentIndex = localIndex[f.documentIndex];
    const line = source.lines?.[documentIndex];
    return {
      ruleId: f.ruleId,
      file: source.fileName,
      documentIndex,
      ...(line !== undefined ? { line } : {}),
      kind: f.kind,
      name: f.name,
      ...(f.namespace !== undefined ? { namespace: f.namespace } : {}),
      path: `${pathPrefix[f.documentIndex]}${f.path}`,
      message: f.message,
      fix: f.fix,
      severity: f.severity ?? FindingSeverity.ERROR,
    };
  });
}

/**
 * Runs the Argo Rollouts rules (docs/rules.md) on manifests written by anyone, as
 * `argo-rollouts-lint` does: the CRD schema of the chosen version with the API server's pruning
 * semantics (S), the controller's rules (V, A, X, P), the plugin configuration (C) and strict decoding
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
    return lintParsed([{ fileName: '', documents, lines: undefined }], options);
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
    return lintParsed(sources.map(parseSource), options);
  }

  /**
   * Formats a finding as the command prints it:
   * `file:documentIndex kind/name path [ID] message Fix: fix`, with `[ID warning]` for a warning.
   */
  public static formatFinding(finding: LintFinding): string {
    const file = finding.file === '' ? '<input>' : finding.file;
    const name = finding.name === '' ? '(no name)' : finding.name;
    const path = finding.path === '' ? '(document)' : finding.path;
    const label = finding.severity === FindingSeverity.WARNING ? `${finding.ruleId} warning` : finding.ruleId;
    return `${file}:${finding.documentIndex} ${finding.kind}/${name} ${path} [${label}] ${finding.message} Fix: ${finding.fix}`;
  }

  private constructor() {
  }
}
