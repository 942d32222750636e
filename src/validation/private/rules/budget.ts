/**
 * Capacity budgets (B01–B03): an update whose plan needs more pods, CPU or memory at its peak than a
 * budget allows. The peak is the plan's (src/plan): the most pods on the way through the steps, of a
 * workloadRef migration (the workload's pods next to the Rollout's), and of the update at an HPA's
 * maxReplicas. Three budgets: the Rollout's own (annotations, B01), the app's (ValidationOptions.budget,
 * B02) and a ResourceQuota in the Rollout's namespace (B03).
 */
import { formatCpu, formatMemory, PLAN_VERSIONS, PlanManifests, podLimits, PodRequests } from '../../../plan/private';
import { RolloutPlan } from '../../../plan/rollout-plan';
import { JsonObject, workloadPodTemplate, workloadRefKind } from '../../../private/manifest-types';
import { parseQuantity } from '../../../private/quantity';
import { CapacityBudget } from '../../types';
import { BLUE_GREEN_PATH, CANARY_PATH, Rule, RuleContext } from '../context';
import { ManifestView } from '../manifest-view';
import { asObject, asArray, asString, isObject } from '../util';

/** The annotation that budgets a Rollout's pods at its peak (a whole number). */
export const BUDGET_PODS_ANNOTATION = 'budget.argo-rollouts.cdk8s.io/pods';
/** The annotation that budgets the CPU a Rollout's pods request at its peak (a quantity). */
export const BUDGET_CPU_ANNOTATION = 'budget.argo-rollouts.cdk8s.io/cpu';
/** The annotation that budgets the memory a Rollout's pods request at its peak (a quantity). */
export const BUDGET_MEMORY_ANNOTATION = 'budget.argo-rollouts.cdk8s.io/memory';
/** The three budget annotations. */
export const BUDGET_ANNOTATIONS: readonly string[] = [BUDGET_PODS_ANNOTATION, BUDGET_CPU_ANNOTATION, BUDGET_MEMORY_ANNOTATION];

/** One resource of a budget, parsed: pods as a count, CPU and memory in nano units. */
interface Limit {
  /** `pods`, `cpu` or `memory`. */
  readonly resource: 'pods' | 'cpu' | 'memory';
  /** The limit in nano units (pods: count × 10^9), as the quantity parser gives it. */
  readonly nanos: bigint;
  /** The limit as written. */
  readonly text: string;
  /** Where the limit comes from, for messages, e.g. `annotation budget.argo-rollouts.cdk8s.io/pods`. */
  readonly source: string;
  /** What CPU and memory limits count: the pods' requests (budgets, quota `requests.*`) or their limits (quota `limits.*`). */
  readonly of?: 'limits';
}

/** One peak of a plan: the update, its abort, the migration, or the update at the HPA's maxReplicas. */
interface Peak {
  /** What peaks, in words: `the update`, `an abort of the update`, `the workloadRef migration`, `the update at the HPA's maxReplicas (10)`. */
  readonly what: string;
  /** `update`, `abort`, `migration` or `autoscaling`: which fix applies. */
  readonly kind: 'update' | 'abort' | 'migration' | 'autoscaling';
  readonly pods: number;
  readonly cpuMillicores: number;
  readonly memoryBytes: number;
}

const NANOS = 1000000000n;

/** The pods' limits at a peak: its pods times one pod's limits. */
function limitsAt(peak: Peak, pod: PodRequests): Peak {
  return { ...peak, cpuMillicores: peak.pods * pod.cpuMillicores, memoryBytes: peak.pods * pod.memoryBytes };
}

function peakNanos(peak: Peak, resource: Limit['resource']): bigint {
  if (resource === 'pods') return BigInt(peak.pods) * NANOS;
  if (resource === 'cpu') return BigInt(peak.cpuMillicores) * 1000000n;
  return BigInt(peak.memoryBytes) * NANOS;
}

function peakText(peak: Peak, limit: Limit): string {
  const what = limit.of === 'limits' ? 'in limits' : 'requested';
  if (limit.resource === 'pods') return `${peak.pods} pods`;
  if (limit.resource === 'cpu') return `${formatCpu(peak.cpuMillicores)} CPU ${what}`;
  return `${formatMemory(peak.memoryBytes)} memory ${what}`;
}

function limitText(limit: Limit): string {
  if (limit.resource === 'pods') return `${limit.text} pods`;
  return `${limit.text} ${limit.resource === 'cpu' ? 'CPU' : 'memory'}`;
}

/** The pod spec the Rollout runs: its own template's, or that of the workload its workloadRef names (when present). */
function podSpecOf(ctx: RuleContext): { spec: JsonObject; path: string } | undefined {
  const template = asObject(ctx.spec.template);
  if (template !== undefined && Object.keys(template).length > 0) {
    return { spec: asObject(template.spec) ?? {}, path: 'spec.template.spec' };
  }
  const ref = asObject(ctx.spec.workloadRef);
  if (ref === undefined) {
    return undefined;
  }
  const workload = ctx.index.workload(workloadRefKind(ref), ctx.namespace, asString(ref.name));
  if (!isObject(workload)) {
    return undefined;
  }
  return { spec: asObject(asObject(workloadPodTemplate(workload).template)?.spec) ?? {}, path: 'spec.workloadRef' };
}

/** The Rollout's plan with the run's manifests and release, or undefined when there is none to make (also read by V71). */
export function planOf(ctx: RuleContext): RolloutPlan | undefined {
  return ctx.memoize('budgetPlan', () => {
    if (!ctx.canary && !ctx.blueGreen) {
      return undefined;
    }
    const version = PLAN_VERSIONS.includes(String(ctx.options.version)) ? ctx.options.version : undefined;
    try {
      const manifests = ctx.index.referableManifests;
      // the run's manifests indexed once for the plans of all its Rollouts
      const index = ctx.index.memoizeRun('plan manifests', () => new PlanManifests(manifests));
      return RolloutPlan._fromManifestIndexed(ctx.manifest, { manifests, version }, index);
    } catch {
      return undefined; // a spec the plan cannot read: the other rules report it
    }
  });
}

/**
 * The peaks a budget must hold: the update, its abort (at the step where an abort costs most: the
 * budget must hold a rollback too), a workloadRef migration, the update at an HPA's maxReplicas.
 */
function peaksOf(plan: RolloutPlan): Peak[] {
  const peaks: Peak[] = [{
    what: 'the update',
    kind: 'update',
    pods: plan.totals.peakPods,
    cpuMillicores: plan.totals.peakCpuMillicores,
    memoryBytes: plan.totals.peakMemoryBytes,
  }, {
    what: 'an abort of the update (at the step where an abort needs most)',
    kind: 'abort',
    pods: plan.abort.peakPods,
    cpuMillicores: plan.abort.peakCpuMillicores,
    memoryBytes: plan.abort.peakMemoryBytes,
  }];
  if (plan.migration) {
    peaks.push({
      what: `the workloadRef migration from ${plan.migration.workload} (scaleDown: ${plan.migration.scaleDown})`,
      kind: 'migration',
      pods: plan.migration.peakPods,
      cpuMillicores: plan.migration.peakCpuMillicores,
      memoryBytes: plan.migration.peakMemoryBytes,
    });
  }
  if (plan.autoscaling && plan.autoscaling.maxReplicas > plan.replicas) {
    const max = plan.autoscaling.atMaxReplicas;
    peaks.push({
      what: `the update at the maxReplicas (${plan.autoscaling.maxReplicas}) of HorizontalPodAutoscaler ${JSON.stringify(plan.autoscaling.name)}`,
      kind: 'autoscaling',
      pods: max.peakPods,
      cpuMillicores: max.peakCpuMillicores,
      memoryBytes: max.peakMemoryBytes,
    });
  }
  return peaks;
}

/** How to bring a peak down, for this Rollout's strategy. */
function fixOf(plan: RolloutPlan, peak: Peak, ctx: RuleContext, raise: string): string {
  if (peak.kind === 'migration') {
    return `Use scaleDown: progressively (the ${plan.migration!.workload} shrinks as the Rollout's pods become ready), `
      + `scale the workload down before the first revision, or ${raise}.`;
  }
  if (peak.kind === 'abort') {
    const delayed = isObject(ctx.canary) && ctx.canary.dynamicStableScale === true && ctx.canary.abortScaleDownDelaySeconds !== undefined;
    const lower = delayed ? 'Remove abortScaleDownDelaySeconds (with dynamicStableScale the canary then shrinks as the stable grows back)'
      : plan.strategy === 'canary' ? `Lower maxSurge (now ${plan.maxSurge}: the stable grows back by up to that many pods before the canary's are gone)`
        : 'Lower the largest setWeight or setCanaryScale (the canary pods that are up when an abort starts)';
    return `An abort needs more than the update itself (at most ${plan.totals.peakPods} pods): ${plan.abort.description} `
      + `${lower}, or ${raise}: a budget that holds the update but not its abort fails when a rollback is needed most.`;
  }
  if (peak.kind === 'autoscaling') {
    return `Lower the HorizontalPodAutoscaler's maxReplicas, bring the update's peak down (see its plan), or ${raise}.`;
  }
  if (plan.strategy === 'blueGreen') {
    const preview = isObject(ctx.blueGreen) && ctx.blueGreen.previewReplicaCount !== undefined;
    return `Blue-green runs both versions in full at the switch (${plan.replicas} + ${plan.replicas} pods)`
      + `${preview ? ', whatever previewReplicaCount says' : '; a lower previewReplicaCount only helps until promotion'}. `
      + `Use a traffic-routed canary with dynamicStableScale: true, lower the replicas, or ${raise}.`;
  }
  if (plan.strategy === 'trafficRoutedCanary') {
    const dynamic = isObject(ctx.canary) && ctx.canary.dynamicStableScale === true;
    return dynamic
      ? `Lower the largest setWeight or setCanaryScale (the canary's pods grow with it), lower maxSurge (${plan.maxSurge}), or ${raise}.`
      : `Set dynamicStableScale: true (the stable shrinks as the canary grows; without it the canary runs on top of all ${plan.replicas} stable pods), `
        + `lower the largest setWeight or setCanaryScale, or ${raise}.`;
  }
  return `Lower maxSurge (now ${plan.maxSurge}: at most ${plan.replicas} + ${plan.maxSurge} pods; maxSurge: 0 with maxUnavailable of at least 1 never exceeds ${plan.replicas}), or ${raise}.`;
}

/** Compares every peak with every limit and reports the ones exceeded (one finding per limit, the largest peak). */
function checkBudget(ctx: RuleContext, limits: readonly Limit[], raise: string, extra = ''): void {
  if (limits.length === 0) {
    return;
  }
  const plan = planOf(ctx);
  if (plan === undefined) {
    return;
  }
  const allPeaks = peaksOf(plan);
  const podSpec = limits.some(l => l.of === 'limits') ? podSpecOf(ctx) : undefined;
  const podLimit = podSpec === undefined ? undefined : podLimits(podSpec.spec);
  for (const limit of limits) {
    let peaks = allPeaks;
    if (limit.of === 'limits') {
      const set = limit.resource === 'cpu' ? podLimit?.cpuSet : podLimit?.memorySet;
      if (podLimit === undefined || !set) {
        continue; // a pod without the limit is refused outright (reported on its own, see B03)
      }
      peaks = allPeaks.map(p => limitsAt(p, podLimit));
    }
    const worst = peaks.reduce((a, b) => (peakNanos(b, limit.resource) > peakNanos(a, limit.resource) ? b : a));
    if (peakNanos(worst, limit.resource) <= limit.nanos) {
      continue;
    }
    const unset = limit.of !== 'limits' && ((limit.resource === 'cpu' && !plan.podResources.cpuSet) || (limit.resource === 'memory' && !plan.podResources.memorySet))
      ? ` (counting only the containers that set a ${limit.resource === 'cpu' ? 'CPU' : 'memory'} request or limit)` : '';
    const path = worst.kind === 'migration' ? 'spec.workloadRef.scaleDown' : plan.strategy === 'blueGreen' ? BLUE_GREEN_PATH : CANARY_PATH;
    ctx.report(path,
      `At its peak ${worst.what} needs ${peakText(worst, limit)}${unset}, more than the ${limit.source} allows: ${limitText(limit)}${extra}.`,
      fixOf(plan, worst, ctx, raise), peakText(worst, limit));
  }
}

/** A budget value as a limit; `undefined` with a reason when it is not one. */
function parseLimit(resource: Limit['resource'], value: unknown, source: string): Limit | string {
  if (resource === 'pods') {
    const n = typeof value === 'string' && /^[0-9]+$/.test(value.trim()) ? Number(value.trim()) : value;
    if (typeof n !== 'number' || !Number.isSafeInteger(n) || n < 0) {
      return 'is not a whole number of pods';
    }
    return { resource, nanos: BigInt(n) * NANOS, text: String(n), source };
  }
  const q = parseQuantity(value);
  if (q === undefined || q.nanos < 0n) {
    return `is not a Kubernetes quantity (${resource === 'cpu' ? 'e.g. 4 or 2500m' : 'e.g. 8Gi or 512Mi'})`;
  }
  return { resource, nanos: q.nanos, text: q.text, source };
}

/** B01: the Rollout's own budget, from its annotations (which the construct's `budget` prop writes). */
const B01: Rule = {
  id: 'B01',
  check(ctx) {
    const annotations = asObject(asObject(ctx.manifest.metadata)?.annotations) ?? {};
    const limits: Limit[] = [];
    const keys: Array<[string, Limit['resource']]> = [[BUDGET_PODS_ANNOTATION, 'pods'], [BUDGET_CPU_ANNOTATION, 'cpu'], [BUDGET_MEMORY_ANNOTATION, 'memory']];
    for (const [key, resource] of keys) {
      const value = annotations[key];
      if (value === undefined) {
        continue;
      }
      const limit = parseLimit(resource, value, `budget of annotation ${key}`);
      if (typeof limit === 'string') {
        ctx.report(`metadata.annotations['${key}']`, `The budget annotation ${key} is ${JSON.stringify(value)}, which ${limit}.`,
          resource === 'pods' ? `Write the most pods the update may run as a whole number, e.g. "${key}": "12".`
            : `Write a quantity, e.g. "${key}": "${resource === 'cpu' ? '4' : '8Gi'}".`, value);
        continue;
      }
      limits.push(limit);
    }
    checkBudget(ctx, limits, 'raise the Rollout\'s budget');
  },
};

/** B02: the app-wide budget (ValidationOptions.budget: the app registry at synth, --budget-* of the lint CLI). */
const B02: Rule = {
  id: 'B02',
  check(ctx) {
    const budget: CapacityBudget | undefined = isObject(ctx.options.budget) ? ctx.options.budget : undefined;
    if (budget === undefined) {
      return;
    }
    const limits: Limit[] = [];
    const given: Array<[Limit['resource'], unknown]> = [['pods', budget.pods], ['cpu', budget.cpu], ['memory', budget.memory]];
    for (const [resource, value] of given) {
      if (value === undefined) {
        continue;
      }
      const limit = parseLimit(resource, value, 'app-wide budget');
      if (typeof limit === 'string') {
        ctx.report('metadata', `The app-wide budget's ${resource} is ${JSON.stringify(value)}, which ${limit}, so it cannot be checked.`,
          `Give the ${resource} budget as ${resource === 'pods' ? 'a whole number' : 'a Kubernetes quantity'}.`, value);
        continue;
      }
      limits.push(limit);
    }
    checkBudget(ctx, limits, 'raise the app-wide budget');
  },
};

/** The hard limits of a ResourceQuota that budget one update; `undefined` for a scoped quota (not checked). */
function quotaLimits(quota: ManifestView): Limit[] | undefined {
  const spec = asObject(quota.spec) ?? {};
  if ((Array.isArray(spec.scopes) && spec.scopes.length > 0) || isObject(spec.scopeSelector)) {
    return undefined; // which pods a scoped quota counts depends on their priority class, QoS, deadline: not checked
  }
  const hard = asObject(spec.hard) ?? {};
  const name = asString(asObject(quota.metadata)?.name);
  const limits: Limit[] = [];
  const smallest = (resource: Limit['resource'], keys: string[], of?: 'limits') => {
    let best: Limit | undefined;
    for (const key of keys) {
      if (hard[key] === undefined) {
        continue;
      }
      const limit = parseQuantity(hard[key]);
      if (limit === undefined) {
        continue; // S-rules of the quota's own kind are not ours; an unreadable value is refused by the API server
      }
      if (best === undefined || limit.nanos < best.nanos) {
        best = { resource, nanos: limit.nanos, text: limit.text, source: `ResourceQuota ${JSON.stringify(name)} (hard ${key})`, ...(of ? { of } : {}) };
      }
    }
    if (best !== undefined) {
      limits.push(best);
    }
  };
  smallest('pods', ['pods', 'count/pods']);
  smallest('cpu', ['requests.cpu', 'cpu']);
  smallest('memory', ['requests.memory', 'memory']);
  smallest('cpu', ['limits.cpu'], 'limits');
  smallest('memory', ['limits.memory'], 'limits');
  return limits;
}

/** Containers and init containers of a pod spec, with their paths. */
function containersOf(spec: JsonObject, path: string): Array<{ container: JsonObject; path: string }> {
  const out: Array<{ container: JsonObject; path: string }> = [];
  for (const field of ['initContainers', 'containers']) {
    const list = asArray(spec[field]);
    list.forEach((c, i) => out.push({ container: asObject(c) ?? {}, path: `${path}.${field}[${i}]` }));
  }
  return out;
}

/**
 * Under a quota that tracks a compute resource, the API server refuses a pod whose containers do not
 * all say how much of it they use (a request, or a limit, which defaults the request; for limits.*, a
 * limit), unless a LimitRange of the namespace fills it in: reports the first such container.
 */
function checkQuotaCoverage(ctx: RuleContext, quota: ManifestView, hasLimitRange: boolean): void {
  const podSpec = podSpecOf(ctx);
  if (hasLimitRange || podSpec === undefined) {
    return;
  }
  const hard = asObject(asObject(quota.spec)?.hard) ?? {};
  const name = asString(asObject(quota.metadata)?.name);
  const tracked: Array<[string, 'cpu' | 'memory', boolean]> = [
    ['requests.cpu', 'cpu', false], ['cpu', 'cpu', false], ['requests.memory', 'memory', false], ['memory', 'memory', false],
    ['limits.cpu', 'cpu', true], ['limits.memory', 'memory', true],
  ];
  const reported = new Set<string>();
  for (const [key, resource, limitsOnly] of tracked) {
    if (hard[key] === undefined || reported.has(`${resource}${limitsOnly}`)) {
      continue;
    }
    for (const { container, path } of containersOf(podSpec.spec, podSpec.path)) {
      const resources = asObject(container.resources) ?? {};
      const set = asObject(resources.limits)?.[resource] !== undefined || (!limitsOnly && asObject(resources.requests)?.[resource] !== undefined);
      if (set) {
        continue;
      }
      reported.add(`${resource}${limitsOnly}`);
      const field = limitsOnly ? `limits.${resource}` : `requests.${resource}`;
      const what = resource === 'cpu' ? 'CPU' : 'memory';
      const where = podSpec.path === 'spec.workloadRef' ? 'spec.workloadRef' : `${path}.resources`;
      const inWorkload = podSpec.path === 'spec.workloadRef' ? ' of the workload the workloadRef names' : '';
      ctx.report(where,
        `ResourceQuota ${JSON.stringify(name)} tracks ${key}, so the API server refuses every pod whose containers do not all set `
          + `${limitsOnly ? `a ${what} limit` : `a ${what} request (or a limit, which defaults it)`}; container ${JSON.stringify(asString(container.name))}${inWorkload} `
          + 'sets none, and no LimitRange among the manifests defaults it.',
        `Set resources.${field} on every container and init container, or add a LimitRange with a default ${limitsOnly ? '' : 'request '}for ${resource} to the namespace.`);
      break;
    }
  }
}

/** The core objects of a kind among the run's manifests (ResourceQuotas, LimitRanges): searched once per run, not per Rollout. */
function coreObjects(ctx: RuleContext, kind: string): ManifestView[] {
  return ctx.index.memoizeRun(`core objects ${kind}`,
    () => ctx.index.referableManifests.filter(m => isObject(m) && m.kind === kind && (m.apiVersion === undefined || m.apiVersion === 'v1')));
}

/** True when an object applies to the Rollout's namespace (either has none, or they are equal). */
function inNamespace(ctx: RuleContext): (m: ManifestView) => boolean {
  return m => asString(asObject(m.metadata)?.namespace) === '' || ctx.namespace === '' || asString(asObject(m.metadata)?.namespace) === ctx.namespace;
}

/**
 * B03: a ResourceQuota in the Rollout's namespace (unscoped; hard pods, requests.cpu / cpu,
 * requests.memory / memory, limits.cpu, limits.memory), and the pods it would refuse outright.
 */
const B03: Rule = {
  id: 'B03',
  check(ctx) {
    const quotas = coreObjects(ctx, 'ResourceQuota').filter(inNamespace(ctx));
    for (const quota of quotas) {
      const limits = quotaLimits(quota);
      if (limits === undefined) {
        continue;
      }
      checkQuotaCoverage(ctx, quota, coreObjects(ctx, 'LimitRange').some(inNamespace(ctx)));
      checkBudget(ctx, limits, 'raise the quota',
        '; the API server refuses the pods beyond it, and the other pods of the namespace count against it too');
    }
  },
};

/** The budget rules, run on every Rollout after the others. */
export const BUDGET_RULES: readonly Rule[] = [B01, B02, B03];
