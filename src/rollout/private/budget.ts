// Internals of rollout/budget.ts: the check of a budget, the budget annotations of a Rollout, the app objects a budget check needs.
import { ApiObject } from 'cdk8s';
import { IConstruct } from 'constructs';
import { Manifest, StringMap } from '../../private/manifest-types';
import { parseQuantity } from '../../private/quantity';
import { fail } from '../../private/synth-error';
import { SynthPass } from '../../private/synth-pass';
import { APP_BUDGETS, BUDGET_ANNOTATIONS as BUDGET_ANNOTATION_KEYS, CapacityBudget } from '../../validation/private';

/** Throws when a budget given in code is not one, naming the bad value and how to write it. */
export function checkCapacityBudget(what: string, budget: CapacityBudget): void {
  if (budget === null || typeof budget !== 'object') {
    fail(`${what}: the budget must be an object such as { pods: 12, cpu: '4', memory: '8Gi' }, not ${JSON.stringify(budget)}.`);
  }
  if (budget.pods !== undefined && (typeof budget.pods !== 'number' || !Number.isSafeInteger(budget.pods) || budget.pods < 0)) {
    fail(`${what}: budget.pods is ${JSON.stringify(budget.pods)}; it must be a whole number of pods (0 or more), e.g. 12.`);
  }
  for (const [key, example] of [['cpu', "'4' or '2500m'"], ['memory', "'8Gi' or '512Mi'"]] as const) {
    const value = budget[key];
    if (value === undefined) {
      continue;
    }
    const q = parseQuantity(value);
    if (typeof value !== 'string' || q === undefined || q.nanos < 0n) {
      fail(`${what}: budget.${key} is ${JSON.stringify(value)}, which is not a Kubernetes quantity. Write it as a string such as ${example}.`);
    }
  }
}

/** The annotations that carry a Rollout's own budget (rule B01 reads them, in code and in YAML). */
export function budgetAnnotations(budget: CapacityBudget | undefined): { [key: string]: string } {
  if (budget === undefined) {
    return {};
  }
  checkCapacityBudget('new Rollout()', budget);
  const values = [budget.pods === undefined ? undefined : String(budget.pods), budget.cpu, budget.memory];
  const out: { [key: string]: string } = {};
  BUDGET_ANNOTATION_KEYS.forEach((key, i) => {
    if (values[i] !== undefined) {
      out[key] = values[i]!;
    }
  });
  return out;
}

/**
 * The budget annotations of a Rollout's metadata (picked from `all`, its rendered annotations), added
 * to the plain manifest `rollout.plan()` reads (the plan needs only these of its annotations).
 */
export function withBudgetAnnotations<M extends Manifest>(manifest: M, all: StringMap): M {
  const annotations: { [key: string]: string } = {};
  for (const key of BUDGET_ANNOTATION_KEYS) {
    if (all[key] !== undefined) {
      annotations[key] = all[key];
    }
  }
  if (Object.keys(annotations).length === 0) {
    return manifest;
  }
  return { ...manifest, metadata: { ...manifest.metadata, annotations: { ...manifest.metadata?.annotations, ...annotations } } };
}

/** The kinds a budget check reads from the app besides the Rollout's own objects. */
const BUDGET_KINDS: ReadonlySet<string> = new Set(['ResourceQuota', 'HorizontalPodAutoscaler']);

/** The ResourceQuota and HorizontalPodAutoscaler objects of `scope`'s app (found once per synth). */
function appBudgetObjects(scope: IConstruct): readonly ApiObject[] {
  return SynthPass.objectsOfKinds(scope, BUDGET_KINDS);
}

/**
 * The objects of the app a budget check of `own` needs: the app's ResourceQuotas, and — when some
 * budget applies — the workload a workloadRef points at (its pods and requests make the migration's
 * peak) and, for a Rollout an autoscaler scales (`hasAutoscaler`, so its manifest leaves out
 * spec.replicas), the HPA that targets it (the update at its maxReplicas). Nothing when no budget
 * applies, so that a Rollout without budgets is checked as before.
 */
export function budgetManifests(scope: IConstruct, own: Manifest, workload?: IConstruct): Manifest[] {
  const objects = appBudgetObjects(scope);
  const quotas = objects.filter(o => o.kind === 'ResourceQuota').map(q => q.toJson());
  const annotated = BUDGET_ANNOTATION_KEYS.some(key => own.metadata?.annotations?.[key] !== undefined);
  const budgeted = quotas.length > 0 || annotated || APP_BUDGETS.read(scope).length > 0;
  if (!budgeted) {
    return [];
  }
  const extra = workload !== undefined ? [ApiObject.of(workload).toJson()] : [];
  if ((scope as { hasAutoscaler?: boolean }).hasAutoscaler === true) {
    const name = own.metadata?.name;
    extra.push(...objects.filter(o => o.kind === 'HorizontalPodAutoscaler').map(o => o.toJson())
      .filter(h => h.spec?.scaleTargetRef?.kind === 'Rollout' && h.spec?.scaleTargetRef?.name === name));
  }
  return [...quotas, ...extra];
}
