/**
 * Pods from the template (S08): the API server accepts the object, the controller accepts it and
 * creates its ReplicaSets or Jobs, but the API server refuses every pod made from the template
 * (the checks it runs only on pods, `../pod/pod-only.ts`). Checked on every pod template the
 * controllers create pods from: a Rollout's own template, or the one it takes through `workloadRef`
 * (reported on the Rollout, naming the workload's field, as V07 does), each Experiment template, and
 * the Job of each job metric (in an AnalysisRun with its literal arguments substituted; other
 * placeholders are known only at run time).
 *
 * Pod fields of another Kubernetes version (S09), on the same templates (and the whole spec of a job
 * metric's Job): the Argo object keeps a field its CRD schema declares, but the API server of the
 * cluster's Kubernetes version (`kubernetesVersion`) decodes the ReplicaSet or Job made from the
 * template into its own types and drops a field they lack, silently (`../pod/api-fields.ts`). A
 * field the CRD schema prunes already is S06's, and not reported again.
 */
import { AnalysisContext, ManifestContext, Rule, RuleContext } from '../context';
import { unknownFieldFix } from '../fields';
import { checkApiFields, checkPodOnly, PodFieldRoot, VersionType } from '../pod';
import { podFieldTable } from '../schema-loader';
import { prunedPaths } from './schema';
import { asArray, asObject, isObject, listWords, quote, substituteArgs } from '../util';

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
  asArray(ctx.spec.templates).forEach((template, i) => {
    if (isObject(template)) {
      checkPodOnly(template.template, `spec.templates[${i}].template`, ctx.report.bind(ctx));
    }
  });
}

/** The Job of each job metric: the Job controller creates the pods. */
function checkJobs(ctx: AnalysisContext): void {
  const resolve = (text: string) => substituteArgs(text, ctx.argValue);
  ctx.metrics.forEach((metric, i) => {
    const spec = asObject(asObject(asObject(asObject(metric)?.provider)?.job)?.spec);
    if (spec !== undefined) {
      checkPodOnly(spec.template, `spec.metrics[${i}].provider.job.spec.template`, ctx.report.bind(ctx), { resolve });
    }
  });
}

// ---------------------------------------------------------------------------------------------
// S09: pod fields the Kubernetes version does not have
// ---------------------------------------------------------------------------------------------

/** What some fields that later Kubernetes versions added are, for messages (by `Type.field`). */
const FIELD_WORDS: ReadonlyMap<string, string> = new Map([
  ['PodSpec.resources', 'pod-level resources'],
  ['PodSpec.hostnameOverride', 'the pod\'s hostname override'],
  ['Container.restartPolicy', 'the restart policy of a sidecar init container'],
  ['Container.restartPolicyRules', 'per-container restart rules'],
  ['Lifecycle.stopSignal', 'the signal that stops the container'],
  ['LifecycleHandler.sleep', 'the sleep action of a lifecycle hook'],
  ['Volume.image', 'an image volume'],
  ['VolumeMount.recursiveReadOnly', 'a recursively read-only mount'],
  ['EnvVarSource.fileKeyRef', 'a variable read from a file'],
]);

/** Which Kubernetes versions of the table have a field, in words, for one that `minor` lacks. */
function versionsWithField(lines: readonly number[], all: readonly number[]): string {
  if (lines.length === 0) {
    return `no Kubernetes version this library checks against has it (${listWords(all.map(line => `1.${line}`))})`;
  }
  const first = all.indexOf(lines[0]);
  const fromThereOn = lines.length === all.length - first && lines.every((line, i) => line === all[first + i]);
  if (fromThereOn) {
    return `Kubernetes 1.${lines[0]} and later have it`;
  }
  return `of the Kubernetes versions this library checks against, only ${listWords(lines.map(line => `1.${line}`))} ${lines.length === 1 ? 'has' : 'have'} it`;
}

/**
 * The finding of a field the version lacks; `consequence` is the sentence that says what becomes of it
 * (see `checkFields`).
 */
function unknownFieldFinding(minor: number, path: string, key: string, value: unknown, holder: VersionType, lines: readonly number[],
  consequence: string): { message: string; fix: string } {
  const words = FIELD_WORDS.get(`${holder.name}.${key}`);
  const have = versionsWithField(lines, podFieldTable().lines);
  const message = `Kubernetes 1.${minor} has no field ${path} (${words === undefined ? '' : `${words}; `}${have}), set here to ${quote(value)}. ${consequence}`;
  const later = lines.find(line => line > minor);
  const fix = later === undefined ? unknownFieldFix(key, holder.known)
    : `Remove ${quote(key)}; or, if the cluster runs Kubernetes 1.${later} or later, check against that version: in a cdk8s app, build with this library's `
      + `package for cdk8s-plus-${later} (or a later line); with argo-rollouts-lint, --kubernetes-version 1.${later}; with Linter or the cdk8s plugin, `
      + `kubernetesVersion: '1.${later}'.`;
  return { message, fix };
}

/**
 * Checks the fields of `value` (a pod template, or a job metric's Job spec) at `path` against the
 * Kubernetes version of the run, reporting through `report` (path, message, fix, value) each field the
 * version lacks, but those the CRD schema prunes already (`pruned`, S06). `consequence` gives the
 * sentence of the message that says what the API server of version `1.minor` does with the field.
 */
function checkFields(ctx: ManifestContext, value: unknown, root: PodFieldRoot, path: string, consequence: (minor: number) => string,
  report: (path: string, message: string, fix: string, value: unknown) => void, pruned?: () => ReadonlySet<string>): void {
  const minor = ctx.kubernetesMinor;
  checkApiFields(value, root, path, minor, (at, key, child, holder, lines) => {
    const prunedAlready = pruned?.();
    if (prunedAlready !== undefined && prunedAlready.size > 0
      && [...prunedAlready].some(p => at === p || at.startsWith(`${p}.`) || at.startsWith(`${p}[`))) {
      return;
    }
    const { message, fix } = unknownFieldFinding(minor, at, key, child, holder, lines, consequence(minor));
    report(at, message, fix, child);
  });
}

/**
 * The sentence of an Argo object that keeps the field: the API server drops it from what is made from the
 * template (`where`, worded only when a field is reported).
 */
const keptBy = (kind: string, where: () => string) => (minor: number) =>
  `The ${kind} keeps it (its CRD schema declares it), but the API server of Kubernetes 1.${minor} drops it silently from ${where()}: the field has no effect.`;

/** S09 on a Rollout's own template, or the template of the workload it references when that is among the manifests. */
function checkRolloutFields(ctx: RuleContext): void {
  if (!ctx.hasWorkloadRef) {
    checkFields(ctx, ctx.spec.template, 'PodTemplateSpec', 'spec.template', keptBy('Rollout', () => 'every ReplicaSet the controller creates from the template'),
      ctx.report.bind(ctx), () => prunedPaths(ctx));
    return;
  }
  const referenced = ctx.referencedTemplate();
  if (referenced === undefined) {
    return;
  }
  const { template, path: templatePath, owner } = referenced;
  // the workload is a core object: the API server drops the field when it stores the workload
  checkFields(ctx, template, 'PodTemplateSpec', templatePath,
    minor => `The API server of Kubernetes 1.${minor} drops it silently when it stores ${owner}: the field has no effect on the pods of the Rollout, which takes its pod template through workloadRef.`,
    (_path, message, fix, value) => ctx.report('spec.workloadRef', `In the pod template of ${owner}: ${message}`, `In ${owner}: ${fix}`, value));
}

/** S09 on each Experiment template. */
function checkExperimentFields(ctx: ManifestContext): void {
  asArray(ctx.spec.templates).forEach((template, i) => {
    if (isObject(template)) {
      checkFields(ctx, template.template, 'PodTemplateSpec', `spec.templates[${i}].template`,
        keptBy('Experiment', () => `the ReplicaSet the Experiment creates for the template ${quote(template.name)}`), ctx.report.bind(ctx), () => prunedPaths(ctx));
    }
  });
}

/** S09 on the Job spec of each job metric. */
function checkJobFields(ctx: AnalysisContext): void {
  ctx.metrics.forEach((metric, i) => {
    const spec = asObject(asObject(asObject(asObject(metric)?.provider)?.job)?.spec);
    if (spec !== undefined) {
      const where = () => `the Job ${ctx.isRun ? 'the AnalysisRun creates' : 'every AnalysisRun of the template creates'} for the metric ${quote(asObject(metric)?.name)}`;
      checkFields(ctx, spec, 'JobSpec', `spec.metrics[${i}].provider.job.spec`, keptBy(ctx.kind, where), ctx.report.bind(ctx), () => prunedPaths(ctx));
    }
  });
}

/** S08 and S09 on Rollouts. */
export const ROLLOUT_POD_RULES: readonly Rule[] = [{ id: 'S08', check: checkRollout }, { id: 'S09', check: checkRolloutFields }];

/** S08 and S09 on Experiments. */
export const EXPERIMENT_POD_RULES: readonly Rule<ManifestContext>[] = [{ id: 'S08', check: checkExperiment }, { id: 'S09', check: checkExperimentFields }];

/** S08 and S09 on AnalysisTemplates, ClusterAnalysisTemplates and AnalysisRuns (job metrics). */
export const JOB_POD_RULES: readonly Rule<AnalysisContext>[] = [{ id: 'S08', check: checkJobs }, { id: 'S09', check: checkJobFields }];
