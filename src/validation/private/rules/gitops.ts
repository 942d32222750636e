/**
 * Rules about how the manifests fare under a GitOps tool (Argo CD, Flux) that keeps the cluster equal
 * to them: L06, an autoscaled Rollout whose manifest also sets `spec.replicas`.
 */
import { apiGroupOf } from '../../../private/object-identity';
import { Rule, RuleContext } from '../context';
import { asObject, asString, isObject, quote } from '../util';

/** An object that scales a Rollout through its `scale` subresource. */
export interface Scaler {
  readonly kind: string;
  readonly name: string;
  readonly namespace: string;
}

/**
 * The objects that scale a Rollout: HorizontalPodAutoscalers (API group `autoscaling`, any version)
 * and KEDA ScaledObjects (`keda.sh`, which run an HPA on the same target) whose
 * `spec.scaleTargetRef` names kind `Rollout` of API group `argoproj.io`. The reference must carry
 * the apiVersion: without it the HPA looks for the kind in the core group and finds nothing.
 */
export function scalerOf(manifest: unknown): (Scaler & { readonly target: string }) | undefined {
  if (!isObject(manifest)) {
    return undefined;
  }
  const group = apiGroupOf(manifest.apiVersion);
  const hpa = manifest.kind === 'HorizontalPodAutoscaler' && group === 'autoscaling';
  const keda = manifest.kind === 'ScaledObject' && group === 'keda.sh';
  const ref = asObject(asObject(manifest.spec)?.scaleTargetRef);
  if (!(hpa || keda) || ref === undefined || ref.kind !== 'Rollout' || apiGroupOf(ref.apiVersion) !== 'argoproj.io'
    || typeof ref.name !== 'string' || ref.name === '') {
    return undefined;
  }
  const metadata = asObject(manifest.metadata);
  return { kind: manifest.kind, name: asString(metadata?.name), namespace: asString(metadata?.namespace), target: ref.name };
}

/** The scalers among the manifests, by the name of the Rollout they scale (computed once per run). */
function scalersByTarget(ctx: RuleContext): Map<string, Scaler[]> {
  return ctx.index.memoizeRun('L06 scalers', () => {
    const byTarget = new Map<string, Scaler[]>();
    for (const { manifest } of ctx.index.referable) {
      const scaler = scalerOf(manifest);
      if (scaler !== undefined) {
        byTarget.set(scaler.target, [...(byTarget.get(scaler.target) ?? []), scaler]);
      }
    }
    return byTarget;
  });
}

/**
 * L06: an HPA (or KEDA ScaledObject) scales the Rollout, and the Rollout's manifest sets
 * `spec.replicas`. The autoscaler writes `spec.replicas` through the Rollout's scale subresource; a
 * GitOps sync writes the manifest's value back, so each sync (or self-heal) resets the replica
 * count the autoscaler chose, and the diff never settles. Removing the field from Git later is the
 * trap of argoproj/argo-rollouts#3689: the apply deletes `spec.replicas` from the live object, and
 * the controller defaults a missing `spec.replicas` to 1, scaling the Rollout down to one pod until
 * the autoscaler reacts. Same namespace: equal namespaces, or either object without one.
 */
const L06: Rule = {
  id: 'L06',
  check: ctx => {
    const replicas = ctx.spec.replicas;
    if (replicas === undefined || replicas === null) {
      return;
    }
    const scalers = (scalersByTarget(ctx).get(ctx.name) ?? [])
      .filter(s => s.namespace === '' || ctx.namespace === '' || s.namespace === ctx.namespace);
    if (scalers.length === 0) {
      return;
    }
    const by = scalers.map(s => `${s.kind} ${quote(s.name)}`).join(', ');
    ctx.warn('spec.replicas',
      `spec.replicas is ${quote(replicas)}, but ${by} ${scalers.length === 1 ? 'scales' : 'scale'} this Rollout: every GitOps sync writes ${quote(replicas)} back over the `
      + 'replica count the autoscaler chose. Deleting the field from a manifest that was already applied removes it from the live Rollout, '
      + 'and the controller then defaults spec.replicas to 1 (argoproj/argo-rollouts#3689).',
      'Leave spec.replicas out of the manifest and let the autoscaler own it (its minReplicas is the floor). If an earlier sync applied '
      + 'spec.replicas, first make the GitOps tool ignore /spec/replicas of this Rollout (Argo CD: an ignoreDifferences entry with '
      + 'RespectIgnoreDifferences=true, as ArgoCdApplication writes), then delete the field, so that no apply removes it from the live object.',
      replicas);
  },
};

/** Rules run on every Rollout after the controller's: how its manifest fares under a GitOps sync (L06). */
export const GITOPS_RULES: readonly Rule[] = [L06];
