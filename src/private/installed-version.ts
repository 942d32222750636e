/**
 * The release of the Argo Rollouts controller among a set of manifests (an install written to the
 * same output as the Rollouts), so that a lint of that output checks against the release that runs
 * them without being told.
 */
import { isObject } from './manifest-types';
import { fail } from './synth-error';
import { VERSION_NUMBERS, versionFacts } from './versions';

/** The controller image repositories of the supported releases, e.g. `argoproj/argo-rollouts`. */
const CONTROLLER_REPOSITORIES: ReadonlySet<string> = new Set(VERSION_NUMBERS.map(v => versionFacts(v).controllerImage.repository));

/** The repository path and tag of an image reference (`registry/path:tag@digest`), when it has a tag. */
function repositoryAndTag(image: string): { path: string; tag: string } | undefined {
  const name = image.split('@')[0];
  const colon = name.lastIndexOf(':');
  if (colon < 0 || colon < name.lastIndexOf('/')) {
    return undefined;
  }
  return { path: name.slice(0, colon), tag: name.slice(colon + 1) };
}

/** The release whose controller image `image` is (from any registry, e.g. a mirror), if it is one the library supports. */
function controllerRelease(image: unknown): string | undefined {
  const ref = typeof image === 'string' ? repositoryAndTag(image) : undefined;
  if (ref === undefined || ![...CONTROLLER_REPOSITORIES].some(r => ref.path === r || ref.path.endsWith(`/${r}`))) {
    return undefined;
  }
  const version = ref.tag.replace(/^v/, '');
  return VERSION_NUMBERS.includes(version) ? version : undefined;
}

/**
 * The release of the Argo Rollouts controller Deployment among `manifests`: the tag of its
 * controller image, when it is a supported release; `undefined` when there is none. Throws when
 * Deployments run two different releases, naming both.
 */
export function installedVersion(manifests: readonly unknown[]): string | undefined {
  let found: { version: string; name: string } | undefined;
  for (const manifest of manifests) {
    if (!isObject(manifest) || manifest.kind !== 'Deployment') continue;
    const containers = manifest.spec?.template?.spec?.containers;
    for (const container of Array.isArray(containers) ? containers : []) {
      const version = isObject(container) ? controllerRelease(container.image) : undefined;
      if (version === undefined) continue;
      const name = `Deployment ${String(manifest.metadata?.name ?? '')}`;
      if (found !== undefined && found.version !== version) {
        fail(`The manifests run two Argo Rollouts controllers: ${found.name} is ${found.version}, ${name} is ${version}. `
          + 'Say which release to check against (--version, or the version option).');
      }
      found ??= { version, name };
    }
  }
  return found?.version;
}
