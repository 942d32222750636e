/**
 * The version table (generated: src/imports/argo-rollouts-versions.ts, from imports/versions.js and
 * the upstream release files) and the lookups every layer uses. Every decision that depends on the
 * Argo Rollouts release — install rendering, RBAC, controller flags, CRD application, validation
 * rules, router defaults — reads a fact of this table; the default release is named once, in the
 * generator's input.
 */
import { quoteCut } from './quote';
import { fail } from './synth-error';
import { DEFAULT_VERSION, GeneratedVersion, VERSIONS } from '../imports/argo-rollouts-versions';

export { type GeneratedVersion as VersionFacts };

/** The version numbers of every supported release, newest first. */
export const VERSION_NUMBERS: readonly string[] = VERSIONS.map(v => v.version);

const BY_NUMBER = new Map(VERSIONS.map(v => [v.version, v]));

/** The table entry of a version number (`1.9.1`; a leading `v` is accepted), or `undefined`. */
export function tryVersionFacts(version: string): GeneratedVersion | undefined {
  return BY_NUMBER.get(version) ?? (typeof version === 'string' ? BY_NUMBER.get(version.replace(/^v/, '')) : undefined);
}

/** The version numbers of the releases whose facts pass `test`, newest first: for messages naming where a feature is. */
export function releasesWith(test: (facts: GeneratedVersion) => boolean): string[] {
  return VERSIONS.filter(test).map(v => v.version);
}

/**
 * The table entry of a version number, or of the default release (the latest release that is not a
 * candidate) for `undefined`: the one place the default release is applied (`versionFacts(undefined)`
 * is the default). Throws for a release the library does not support, naming those it does.
 *
 * @param what who asks, for the message, e.g. `Argo Rollouts version`
 */
export function versionFacts(version: string | undefined, what = 'Argo Rollouts version'): GeneratedVersion {
  const facts = tryVersionFacts(version ?? DEFAULT_VERSION);
  if (facts === undefined) {
    fail(`${what} ${typeof version === 'string' ? quoteCut(version) : JSON.stringify(version)} is not supported; use one of ${VERSION_NUMBERS.join(', ')} (the default is ${DEFAULT_VERSION}).`);
  }
  return facts;
}
