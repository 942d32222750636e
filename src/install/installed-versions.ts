import { Construct, IConstruct } from 'constructs';
import { ArgoRolloutsVersion } from './version';

/** Id prefix of the markers an install leaves on the app root, one per installed version. */
const MARKER = 'ArgoRolloutsInstalledVersion-';

/**
 * Records on the app that it installs this version of Argo Rollouts (its CRDs or its controller),
 * so that the Rollouts, templates and Experiments of the app are checked against that version's
 * schema. A marker per version, on the root: looking them up costs a scan of the root's children.
 */
export function markInstalledVersion(scope: Construct, version: ArgoRolloutsVersion): void {
  const root = scope.node.root;
  const id = `${MARKER}${version.version}`;
  if (!root.node.tryFindChild(id)) new Construct(root, id);
}

/**
 * The versions the objects of `scope`'s app must be valid for: those the app installs, or the
 * default version (`undefined`) when it installs none.
 */
export function versionsToCheck(scope: IConstruct): (string | undefined)[] {
  const versions = scope.node.root.node.children
    .map(c => c.node.id)
    .filter(id => id.startsWith(MARKER))
    .map(id => id.slice(MARKER.length))
    .sort();
  return versions.length > 0 ? versions : [undefined];
}
