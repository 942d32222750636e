/**
 * Pods from the template (S08): the API server accepts the object, the controller accepts it and
 * creates its ReplicaSets or Jobs, but the API server refuses every pod made from the template
 * (the checks it runs only on pods, `../pod/pod-only.ts`). Checked on every pod template the
 * controllers create pods from: a Rollout's own template, or the one it takes through `workloadRef`
 * (reported on the Rollout, naming the workload's field, as V07 does), each Experiment template, and
 * the Job of each job metric (in an AnalysisRun with its literal arguments substituted; other
 * placeholders are known only at run time).
 */
import { AnalysisContext, ManifestContext, Rule, RuleContext } from '../context';
import { checkPodOnly } from '../pod';
import { asArray, asObject, isObject, substituteArgs } from '../util';

/** A Rollout's own template, or the template of the workload it references when that is among the manifests. */
function checkRollout(ctx: RuleContext): void {
  if (!ctx.hasWorkloadRef) {
    checkPodOnly(ctx.spec.template, 'spec.template', ctx.report.bind(ctx));
    return;
  }
  const referenced = ctx.referencedTemplate();
  if (referenced === undefined) {
    return;
  }
  const { template, path: templatePath, owner } = referenced;
  checkPodOnly(template, templatePath, (path, message, fix, value) => ctx.report('spec.workloadRef',
    `The pod template of ${owner}, which the Rollout takes through workloadRef, has at ${path}: ${message}`, `In ${owner}: ${fix}`, value));
}

/** Each Experiment template: its ReplicaSet creates the pods. */
function checkExperiment(ctx: ManifestContext): void {
  asArray(ctx.spec.templates).forEach((template: any, i: number) => {
    if (isObject(template)) {
      checkPodOnly(template.template, `spec.templates[${i}].template`, ctx.report.bind(ctx));
    }
  });
}

/** The Job of each job metric: the Job controller creates the pods. */
function checkJobs(ctx: AnalysisContext): void {
  const resolve = (text: string) => substituteArgs(text, ctx.argValue);
  ctx.metrics.forEach((metric: any, i: number) => {
    const spec = asObject(asObject(asObject(asObject(metric)?.provider)?.job)?.spec);
    if (spec !== undefined) {
      checkPodOnly(spec.template, `spec.metrics[${i}].provider.job.spec.template`, ctx.report.bind(ctx), { resolve });
    }
  });
}

/** S08 on Rollouts. */
export const ROLLOUT_POD_RULES: readonly Rule[] = [{ id: 'S08', check: checkRollout }];

/** S08 on Experiments. */
export const EXPERIMENT_POD_RULES: readonly Rule<ManifestContext>[] = [{ id: 'S08', check: checkExperiment }];

/** S08 on AnalysisTemplates, ClusterAnalysisTemplates and AnalysisRuns (job metrics). */
export const JOB_POD_RULES: readonly Rule<AnalysisContext>[] = [{ id: 'S08', check: checkJobs }];
