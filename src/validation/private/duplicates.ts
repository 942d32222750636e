/**
 * Objects defined twice (L05): two manifests of one file, or two constructs of one app, with the same
 * API group, kind, namespace and name are the same object, and `kubectl apply` keeps only the last
 * one it reads: the other is lost without a word. Which manifests are the same object is said once,
 * in src/private/object-identity.ts (the app-wide check at synth counts the same way).
 */
import { FindingSink } from './finding-sink';
import { describeObject, DuplicateObject, duplicateObjects } from '../../private/object-identity';

/** Rank of L05 findings: before the other rules of the document. */
const DUPLICATE_RANK = -1;

/** Reports L05 on every manifest that defines an object an earlier manifest of its file defines. */
export function reportDuplicateObjects(manifests: readonly unknown[], groups: readonly number[] | undefined, sink: FindingSink): void {
  for (const duplicate of duplicateObjects(manifests, groups)) {
    reportDuplicateObject(duplicate, sink);
  }
}

/** Reports L05 on the later manifest of a duplicate. */
export function reportDuplicateObject(duplicate: DuplicateObject, sink: FindingSink): void {
  const { identity } = duplicate;
  sink.add({
    ruleId: 'L05',
    documentIndex: duplicate.second,
    kind: identity.kind,
    name: identity.name,
    ...(identity.namespace !== '' ? { namespace: identity.namespace } : {}),
    path: 'metadata.name',
    message: `${describeObject(identity)} is defined again: an earlier document of the same file defines the same object (API group, kind, namespace and name), `
      + 'and kubectl apply keeps only the last of them, so the earlier one is silently lost.',
    fix: 'Remove one of the two definitions, or give one another name (or namespace) if both objects are meant to exist.',
    value: identity.name,
  }, DUPLICATE_RANK);
}
