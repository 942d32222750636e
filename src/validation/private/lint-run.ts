/**
 * One lint run over files: parsing (with the line each document starts on), the rule engine over
 * all documents together, and findings placed in their files. `Linter`, `argo-rollouts-lint` and the
 * cdk8s validation plugin run it.
 */
import { validateManifests } from './engine';
import { schemaVersion } from './schema-loader';
import { documentStartLines, parseJsonDocuments, parseYamlDocuments, YamlSyntaxError } from './yaml';
import { installedVersion } from '../../private/installed-version';
import type { LintFinding, LintOptions, LintSource } from '../linter';
import { FindingSeverity } from '../types';

/** A parsed source: its documents and where they start. */
export interface ParsedSource {
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

/** What a lint run found, and the release it checked against. */
export interface LintRun {
  readonly findings: LintFinding[];
  /** The release the manifests were checked against, e.g. `1.9.1`. */
  readonly version: string;
}

/**
 * Lints parsed sources together, so that references between them resolve, against the release
 * given, else the release of the Argo Rollouts controller among them (an install in the same
 * output), else the default release.
 */
export function lintParsed(sources: readonly ParsedSource[], options: LintOptions | undefined): LintRun {
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
  const version = schemaVersion(options?.version ?? installedVersion(manifests));
  const findings = validateManifests(manifests, {
    version,
    requireReferencedObjects: options?.requireReferencedObjects ?? true,
    budget: options?.budget,
    // references resolve within the referencing file first (a base and an overlay in one folder)
    documentGroups: sourceOf,
  });
  const placed = findings.map(f => {
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
  return { findings: placed, version };
}

/**
 * Lints files together (see `lintParsed`). Throws an error naming the file, line and column when a
 * text is not valid YAML or JSON.
 */
export function lintRun(sources: readonly LintSource[], options: LintOptions | undefined): LintRun {
  return lintParsed(sources.map(parseSource), options);
}
