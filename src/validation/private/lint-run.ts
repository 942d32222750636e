/**
 * One lint run over files: parsing (with the line each document starts on), the rule engine over
 * all documents together, and findings placed in their files. `Linter`, `argo-rollouts-lint` and the
 * cdk8s validation plugin run it.
 *
 * Texts are read one part (a document, mostly) at a time, in two passes (see `ManifestStream`): the
 * first parses every document and keeps what rules look up across documents, the second parses the
 * documents that rules check and the first pass did not keep again, one at a time. So a file of
 * 100,000 Rollouts never holds them all parsed at once; the findings are the same as with every
 * document held (`lintParsed`).
 */
import { ManifestStream, validateManifests } from './engine';
import { kubernetesMinor, schemaVersion } from './schema-loader';
import { DocumentPart, DocumentStream, jsonDocumentStream, syntaxErrorMessage, YamlSyntaxError, yamlDocumentStream } from './yaml';
import { installedVersion } from '../../private/installed-version';
import { isObject } from '../../private/manifest-types';
import { fail } from '../../private/synth-error';
import { releaseNumber } from '../../release/private';
import { FindingSeverity, LintFinding, LintOptions, LintSource } from '../types';
import { Finding } from './types';

/** A parsed source: its documents and where they start. */
export interface ParsedSource {
  readonly fileName: string;
  readonly documents: readonly unknown[];
  readonly lines: readonly number[] | undefined;
}

/** A `List` document: its kind (`List` or `<Kind>List`) and its items. */
interface ListDocument {
  readonly kind: string;
  readonly items: readonly unknown[];
}

/** True for a `List` document (kind `List` or `<Kind>List`) with an array of items. */
function isList(document: unknown): document is ListDocument {
  return isObject(document) && typeof document.kind === 'string' && /List$/.test(document.kind)
    && Array.isArray(document.items);
}

/** What a lint run found, and the release and Kubernetes version it checked against. */
export interface LintRun {
  readonly findings: LintFinding[];
  /** The release the manifests were checked against, e.g. `1.9.1`. */
  readonly version: string;
  /** The Kubernetes version the pod templates were checked against, e.g. `1.27`. */
  readonly kubernetesVersion: string;
  /** How many objects were checked: the documents of the files that are maps, each item of a List counting as one. */
  readonly objects: number;
}

/** How many of `manifests` are objects (an empty document is `null`, and a scalar document no object). */
function countObjects(manifests: readonly unknown[]): number {
  return manifests.filter(m => m !== null && typeof m === 'object' && !Array.isArray(m)).length;
}

/** The Kubernetes version of a run, `1.NN` (the option, else the package's line); an unsupported one throws. */
function kubernetesVersionOf(options: LintOptions | undefined): string {
  return `1.${kubernetesMinor(options?.kubernetesVersion)}`;
}

/** Where the engine's manifests come from: file, document of the file, item of a List document. */
class Places {
  public readonly source: number[] = [];
  public readonly document: number[] = [];
  /** The item's index in its List document, or -1 for a document that is not a List. */
  public readonly item: number[] = [];

  public add(source: number, document: number, item: number): number {
    this.source.push(source);
    this.document.push(document);
    this.item.push(item);
    return this.source.length - 1;
  }

  /** The engine's findings as lint findings: file, document index, line and path of the file. */
  public place(findings: readonly Finding[], fileNames: readonly string[], lines: ReadonlyArray<readonly number[] | undefined>): LintFinding[] {
    return findings.map(f => {
      const s = this.source[f.documentIndex];
      const documentIndex = this.document[f.documentIndex];
      const line = lines[s]?.[documentIndex];
      const item = this.item[f.documentIndex];
      return {
        ruleId: f.ruleId,
        file: fileNames[s],
        documentIndex,
        ...(line !== undefined ? { line } : {}),
        kind: f.kind,
        name: f.name,
        ...(f.namespace !== undefined ? { namespace: f.namespace } : {}),
        path: `${item >= 0 ? `items[${item}].` : ''}${f.path}`,
        message: f.message,
        fix: f.fix,
        severity: f.severity ?? FindingSeverity.ERROR,
      };
    });
  }
}

/** Calls `visit` with each manifest of a document: the document, or each item of a List (`kubectl get -o yaml` writes one). */
function forEachManifest(document: unknown, visit: (manifest: unknown, item: number) => void): void {
  if (isList(document)) {
    document.items.forEach((item, j) => visit(item, j));
  } else {
    visit(document, -1);
  }
}

/** The release a run checks against: the one given, else the controller's among the manifests, else the default. */
function runVersion(options: LintOptions | undefined, manifests: readonly unknown[]): string {
  return schemaVersion(releaseNumber('LintOptions.version', options?.version) ?? installedVersion(manifests));
}

/**
 * Lints parsed sources together, so that references between them resolve, against the release
 * given, else the release of the Argo Rollouts controller among them (an install in the same
 * output), else the default release.
 */
export function lintParsed(sources: readonly ParsedSource[], options: LintOptions | undefined): LintRun {
  const kubernetesVersion = kubernetesVersionOf(options);
  const manifests: unknown[] = [];
  const places = new Places();
  sources.forEach((source, s) => {
    source.documents.forEach((document, i) => forEachManifest(document, (manifest, item) => {
      manifests.push(manifest);
      places.add(s, i, item);
    }));
  });
  const version = runVersion(options, manifests);
  const findings = validateManifests(manifests, {
    version,
    kubernetesVersion,
    requireReferencedObjects: options?.requireReferencedObjects ?? true,
    budget: options?.budget,
    // references resolve within the referencing file first (a base and an overlay in one folder)
    documentGroups: places.source,
  });
  const placed = places.place(findings, sources.map(s => s.fileName), sources.map(s => s.lines));
  return { findings: placed, version, kubernetesVersion, objects: countObjects(manifests) };
}

/** A part of a file whose documents hold manifests that rules check and the index does not keep. */
interface PartToRead {
  readonly source: number;
  readonly part: DocumentPart;
  /** The index (in its file) of the part's first document. */
  readonly firstDocument: number;
  /** The engine's index of the part's first manifest, and the end of its manifests. */
  readonly firstManifest: number;
  readonly endManifest: number;
}

/**
 * Lints files together (see `lintParsed`), reading them a document at a time (see the top of this
 * file). Throws an error naming the file, line and column when a text is not valid YAML or JSON.
 */
export function lintRun(sources: readonly LintSource[], options: LintOptions | undefined): LintRun {
  const kubernetesVersion = kubernetesVersionOf(options);
  const streams: DocumentStream[] = sources.map(source => (source.json ?? /\.json$/i.test(source.fileName)
    ? jsonDocumentStream(source.text) : yamlDocumentStream(source.text)));
  const run = new ManifestStream();
  const places = new Places();
  /** What the second pass does with each manifest: 0 nothing, 1 check it as the index keeps it, 2 check it as read again. */
  const todo: number[] = [];
  const parts: PartToRead[] = [];
  let objects = 0;
  // First pass
  streams.forEach((stream, s) => readSource(sources[s], stream, (documents, part, firstDocument) => {
    const firstManifest = places.source.length;
    let again = false;
    documents.forEach((document, d) => forEachManifest(document, (manifest, item) => {
      objects += countObjects([manifest]);
      const index = places.add(s, firstDocument + d, item);
      const what = run.add(manifest, index, s);
      todo.push(what === 'none' ? 0 : what === 'kept' ? 1 : 2);
      again ||= what === 'check';
    }));
    if (again) {
      parts.push({ source: s, part, firstDocument, firstManifest, endManifest: places.source.length });
    }
  }));
  if (run.workloadKinds.size > 0) {
    // Rollouts name workloads of kinds the index does not keep: read every file once more for them
    let index = 0;
    streams.forEach((stream, s) => readSource(sources[s], stream, documents => documents.forEach(document => forEachManifest(document, manifest => {
      run.addWorkload(manifest, index++);
    }))));
  }
  const version = runVersion(options, run.keptManifests);
  const runOptions = { version, kubernetesVersion, requireReferencedObjects: options?.requireReferencedObjects ?? true, budget: options?.budget };
  // Second pass, in document order
  let next = 0; // the next manifest to check
  const checkUpTo = (end: number) => {
    for (; next < end; next++) {
      if (todo[next] === 1) {
        run.check(next, undefined, runOptions);
      }
    }
  };
  for (const { source, part, firstDocument, firstManifest, endManifest } of parts) {
    checkUpTo(firstManifest);
    const documents = streams[source].reread(part);
    documents.forEach(document => forEachManifest(document, manifest => {
      if (todo[next] !== 0) {
        run.check(next, todo[next] === 2 ? manifest : undefined, runOptions);
      }
      next++;
    }));
    if (next !== endManifest || places.document[firstManifest] !== firstDocument) {
      fail(`Internal error: ${sources[source].fileName} read differently the second time.`);
    }
  }
  checkUpTo(todo.length);
  return {
    findings: places.place(run.findings(), sources.map(s => s.fileName), streams.map(s => s.lines)),
    version,
    kubernetesVersion,
    objects,
  };
}

/** Reads the documents of a source, a part at a time; throws an error naming file, line and column for a syntax error. */
function readSource(source: LintSource, stream: DocumentStream,
  visit: (documents: unknown[], part: DocumentPart, firstDocument: number) => void): void {
  let count = 0;
  try {
    stream.read((documents, part) => {
      visit(documents, part, count);
      count += documents.length;
    });
  } catch (error) {
    if (error instanceof YamlSyntaxError) {
      fail(syntaxErrorMessage(source.fileName, source.json ?? /\.json$/i.test(source.fileName), error));
    }
    throw error;
  }
}
