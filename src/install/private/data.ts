// The generated install data of each pinned version (src/imports/install-data/<tag>/*.json, written
// by imports/generate-install-data.js). Nothing is read when the library is imported: each file is
// required the first time an install or a validator asks for it, then frozen and shared.
import { requireGenerated } from '../../private/generated';
import { ArgoRolloutsVersion } from '../version';

/** Reads one generated data file of a version; Node's module cache keeps it after the first read. */
function loadDataFile(version: ArgoRolloutsVersion, file: string): any {
  const data = requireGenerated(`install-data/${version.tag}/${file}`, `The install data of Argo Rollouts ${version.tag}`, 'generate-install-data.js');
  // The data is frozen once: it is shared by every caller, and nobody can change it.
  return deepFreeze(data);
}

function deepFreeze<T>(value: T): T {
  if (value && typeof value === 'object' && !Object.isFrozen(value)) {
    Object.freeze(value);
    for (const v of Object.values(value as object)) deepFreeze(v);
  }
  return value;
}

/**
 * The CustomResourceDefinitions of a version, ordered by name, as plain JSON objects.
 *
 * The objects are shared and deeply frozen: copy before changing them.
 */
export function loadCrds(version: ArgoRolloutsVersion): readonly any[] {
  return loadDataFile(version, 'crds.json');
}

/**
 * One CustomResourceDefinition of a version, by name (e.g. `rollouts.argoproj.io`); shared and
 * deeply frozen.
 */
export function loadCrd(version: ArgoRolloutsVersion, name: string): any {
  const crds: any[] = loadDataFile(version, 'crds.json');
  const crd = crds.find(c => c.metadata.name === name);
  if (!crd) {
    throw new Error(`Argo Rollouts ${version.tag} has no CustomResourceDefinition named '${name}'. `
      + `Use one of: ${crds.map(c => c.metadata.name).join(', ')}.`);
  }
  return crd;
}

/**
 * The notification templates and triggers of a version: the `data` of its notifications ConfigMap,
 * keys sorted.
 *
 * Every call returns a fresh copy.
 */
export function loadNotificationCatalog(version: ArgoRolloutsVersion): { [key: string]: string } {
  return { ...loadDataFile(version, 'notifications.json') };
}

/**
 * The OpenAPI v3 schema of an argoproj.io kind (`Rollout`, `AnalysisTemplate`, ...) in a version:
 * `openAPIV3Schema` of the CRD's storage version; shared and deeply frozen.
 */
export function crdSchema(version: ArgoRolloutsVersion, kind: string): any {
  const crds: any[] = loadDataFile(version, 'crds.json');
  const crd = crds.find(c => c.spec.names.kind === kind);
  if (!crd) {
    const kinds = crds.map(c => c.spec.names.kind).sort();
    throw new Error(`Argo Rollouts ${version.tag} has no CustomResourceDefinition for kind '${kind}'. Use one of: ${kinds.join(', ')}.`);
  }
  const versions: any[] = crd.spec.versions;
  const stored = versions.find(v => v.storage) ?? versions[0];
  return stored.schema.openAPIV3Schema;
}
