// The generated install data of each pinned version (src/imports/install-data/<tag>/*.json, written
// by imports/generate-install-data.js in the form the library renders: keys sorted, ASCII). Nothing is
// read when the library is imported: a version's files are read the first time an install asks for
// them (and kept as text). Every function returns fresh values that the caller may change.
import { readGenerated } from '../../private/generated';
import { CrdManifest } from '../../private/manifest-types';
import { RenderedJson } from '../../private/one-pass-api-object';
import { ArgoRolloutsVersion } from '../version';

/** The data files read so far, by path: texts are immutable, so they are shared. */
const texts = new Map<string, string>();

/** Reads one generated data file of a version, once. */
function readDataFile(version: ArgoRolloutsVersion, file: string): string {
  const location = `install-data/${version.tag}/${file}`;
  let text = texts.get(location);
  if (text === undefined) {
    text = readGenerated(location, `The install data of Argo Rollouts ${version.tag}`, 'generate-install-data.js');
    texts.set(location, text);
  }
  return text;
}

/** One CRD of the data: its text, and what construction needs of it (shared; handed out as copies). */
interface CrdEntry {
  readonly text: string;
  readonly apiVersion: string;
  readonly kind: string;
  readonly metadata: CrdData['metadata'];
  readonly plural: string;
  readonly fieldNames: readonly string[];
}

/** The CRDs of each version read so far, ordered by name. */
const crdsByTag = new Map<string, readonly CrdEntry[]>();

/** The CustomResourceDefinitions of a version, ordered by name; the file is read and split once. */
function crdEntries(version: ArgoRolloutsVersion): readonly CrdEntry[] {
  let entries = crdsByTag.get(version.tag);
  if (entries === undefined) {
    entries = (JSON.parse(readDataFile(version, 'crds.json')) as CrdManifest[]).map(crd => {
      const { apiVersion, kind, metadata, ...rest } = crd;
      return { text: JSON.stringify(crd), apiVersion, kind, metadata, plural: rest.spec.names.plural, fieldNames: Object.keys(rest) };
    });
    crdsByTag.set(version.tag, entries);
  }
  return entries;
}

/** One CRD of a version as written: its identity, and each other field as text to render. */
export interface CrdData {
  readonly apiVersion: string;
  readonly kind: string;
  /** The upstream metadata (a copy). */
  readonly metadata: CrdManifest['metadata'];
  /** The plural of the kind, e.g. `rollouts`. */
  readonly plural: string;
  /** The other top-level fields (`spec`), rendered from the data's text at synth. */
  readonly fields: { readonly [field: string]: RenderedJson };
}

/** The CustomResourceDefinitions of a version, ordered by name, ready to be written. */
export function crdData(version: ArgoRolloutsVersion): CrdData[] {
  return crdEntries(version).map(({ text, apiVersion, kind, metadata, plural, fieldNames }) => ({
    apiVersion,
    kind,
    metadata: JSON.parse(JSON.stringify(metadata)),
    plural,
    fields: Object.fromEntries(fieldNames.map(field => [field, new RenderedJson(text, field)])),
  }));
}

/**
 * The notification templates and triggers of a version: the `data` of its notifications ConfigMap,
 * keys sorted; a fresh copy.
 */
export function loadNotificationCatalog(version: ArgoRolloutsVersion): { [key: string]: string } {
  return JSON.parse(readDataFile(version, 'notifications.json'));
}
