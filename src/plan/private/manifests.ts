/**
 * The app's other manifests as a plan reads them: by kind and name. Indexed once, so that a plan
 * looks an object up without a pass over all the manifests; the rule engine builds one index per
 * run and hands it to the plans of all the run's Rollouts.
 */
import { manifestName, objectOrEmpty as obj, UncheckedObject } from '../../private/manifest-types';

/** The manifests by kind, and by kind and name, each list in the order of the manifests. */
export class PlanManifests {
  private readonly byKind = new Map<string, UncheckedObject[]>();
  private readonly byName = new Map<string, UncheckedObject[]>();

  constructor(all: readonly unknown[]) {
    for (const m of all) {
      const manifest = obj(m);
      if (typeof manifest.kind !== 'string') continue;
      add(this.byKind, manifest.kind, manifest);
      add(this.byName, key(manifest.kind, manifestName(manifest)), manifest);
    }
  }

  /** The manifests of a kind, in their order. */
  public ofKind(kind: string): readonly UncheckedObject[] {
    return this.byKind.get(kind) ?? [];
  }

  /** The manifests of a kind with a name, in their order. */
  public named(kind: string, name: string): readonly UncheckedObject[] {
    return this.byName.get(key(kind, name)) ?? [];
  }
}

function key(kind: string, name: string): string {
  return `${kind}\u0000${name}`;
}

function add(map: Map<string, UncheckedObject[]>, k: string, manifest: UncheckedObject): void {
  const list = map.get(k);
  if (list === undefined) map.set(k, [manifest]);
  else list.push(manifest);
}
