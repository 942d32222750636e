/**
 * The rule engine: runs every rule on every Rollout of a set of plain manifests.
 */
import { ManifestIndex, RuleContext } from './context';
import { ROLLOUT_RULES } from './rules';
import { Finding, ValidationOptions } from './types';
import { isObject } from './util';

/** True for an Argo Rollout manifest (`kind: Rollout`, API group `argoproj.io` or no apiVersion). */
function isRollout(manifest: any): boolean {
  if (!isObject(manifest) || manifest.kind !== 'Rollout') {
    return false;
  }
  const apiVersion = manifest.apiVersion;
  return apiVersion === undefined || (typeof apiVersion === 'string' && apiVersion.startsWith('argoproj.io/'));
}

/**
 * Validates plain manifests (parsed YAML or JSON objects) against the Argo Rollouts controller's
 * rules V01–V49 and returns every violation found, not only the first as the controller does.
 *
 * Rollouts are checked; other manifests serve as the targets of references (Services, and the
 * workloads named by `workloadRef`). Findings are ordered by document index, then by the
 * controller's rule evaluation order, then by path. The engine never throws, whatever the input.
 *
 * @param manifests the manifests to check, e.g. all documents of a YAML stream
 * @param options options of the run
 */
export function validateManifests(manifests: any[], options?: ValidationOptions): Finding[] {
  if (!Array.isArray(manifests)) {
    return [];
  }
  const runOptions: ValidationOptions = isObject(options) ? options! : {};
  const findings: Finding[] = [];
  let index: ManifestIndex | undefined;
  manifests.forEach((manifest, documentIndex) => {
    if (!isRollout(manifest)) {
      return;
    }
    index ??= ManifestIndex.build(manifests);
    const ctx = new RuleContext(manifest, documentIndex, index, runOptions, findings);
    for (const rule of ROLLOUT_RULES) {
      ctx.ruleId = rule.id;
      rule.check(ctx);
    }
  });
  return findings;
}
