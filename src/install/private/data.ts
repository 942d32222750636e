// The generated install data of each pinned version (src/imports/install-data/<tag>/*.json, written
// by imports/generate-install-data.js in the form the library renders: keys sorted, ASCII). Releases
// share identical files: the version table's `dataFiles` names the one each uses. Nothing is
// read when the library is imported: a version's files are read the first time an install asks for
// them (and kept as text). Every function returns fresh values that the caller may change.
import { readGenerated } from '../../private/generated';
import { CrdManifest, UncheckedObject } from '../../private/manifest-types';
import { RenderedJson } from '../../private/one-pass-api-object';
import { ArgoRolloutsVersion } from '../../release/version';

/** The data files read so far, by path: texts are immutable, so they are shared. */
const texts = new Map<string, string>();

/** Reads one generated data file of a version (the file the version table names), once. */
function readDataFile(version: ArgoRolloutsVersion, file: 'crds' | 'notifications'): string {
  const location = `install-data/${version._facts.dataFiles[file]}`;
  let text = texts.get(location);
  if (text === undefined) {
    text = readGenerated(location, `The install data of Argo Rollouts ${version.tag}`, 'generate-install-data.js');
    texts.set(location, text);
  }
  return text;
}

/**
 * The CRDs of one parse of a version's data file, whose fields are handed out once each: the first
 * synth of an install takes the objects parsed at construction, and a field asked for again (another
 * synth) comes from a new parse. No value is handed out twice, so what a caller changes stays its own.
 */
class CrdCopies {
  private crds: CrdManifest[];
  private readonly taken = new Set<string>();

  constructor(private readonly version: ArgoRolloutsVersion, parsed: CrdManifest[]) {
    this.crds = parsed;
  }

  /** The field `field` of CRD number `index`, a value no one else holds. */
  public take(index: number, field: string): unknown {
    const key = `${index}\u0000${field}`;
    if (this.taken.has(key)) {
      this.crds = parseCrds(this.version);
      this.taken.clear();
    }
    this.taken.add(key);
    return (this.crds[index] as unknown as UncheckedObject)[field];
  }
}

/** A new parse of the CRDs of a version, ordered by name. */
function parseCrds(version: ArgoRolloutsVersion): CrdManifest[] {
  return JSON.parse(readDataFile(version, 'crds'));
}

/** One CRD of a version as written: its identity, and each other field, rendered at synth. */
export interface CrdData {
  readonly apiVersion: string;
  readonly kind: string;
  /** The upstream metadata (the caller's own). */
  readonly metadata: CrdManifest['metadata'];
  /** The plural of the kind, e.g. `rollouts`. */
  readonly plural: string;
  /** The other top-level fields (`spec`), rendered from the data at synth. */
  readonly fields: { readonly [field: string]: RenderedJson };
}

/**
 * The CustomResourceDefinitions of a version, ordered by name, ready to be written: the data file is
 * parsed once for them, and the parsed fields are what their first synth writes (see `CrdCopies`).
 */
export function crdData(version: ArgoRolloutsVersion): CrdData[] {
  const parsed = parseCrds(version);
  const copies = new CrdCopies(version, parsed);
  return parsed.map(({ apiVersion, kind, metadata, ...rest }, index) => ({
    apiVersion,
    kind,
    metadata, // never handed out by `copies`, which hands out the other fields
    plural: rest.spec.names.plural,
    fields: Object.fromEntries(Object.keys(rest).map(field => [field, new RenderedJson(() => copies.take(index, field))])),
  }));
}

/**
 * The notification templates and triggers of a version: the `data` of its notifications ConfigMap,
 * keys sorted; a fresh copy.
 */
export function loadNotificationCatalog(version: ArgoRolloutsVersion): { [key: string]: string } {
  return JSON.parse(readDataFile(version, 'notifications'));
}
