/**
 * What happens after apply when a manifest breaks a rule: one sentence per rule family (and per
 * rule where a family is not uniform), kept next to the rule registries so that synth-time errors
 * and any other report say the same thing. Worded to follow "after apply, ...".
 */
import { FindingSeverity } from '../../types';
import { Finding } from '../types';

/** Consequences by rule ID; looked up before the families below. */
const RULE_CONSEQUENCES: ReadonlyMap<string, string> = new Map([
  ['S05', 'the API server would refuse the update'],
  ['S06', 'the API server would drop the field (or refuse the object under strict field validation)'],
  ['S09', 'the object would keep the field, but the API server of that Kubernetes version would drop it, silently, from the ReplicaSets or Jobs '
    + 'made from the template (or from the workload a workloadRef names), so it would have no effect'],
  ['X06', 'the Experiment would error when it runs'],
  ['V69', 'the controller would fail to set the canary weight at every attempt, so the update would not get past its first weight step'],
  ['V70', 'the Rollout would roll out, but the Service would get no endpoints, so no traffic would reach the Rollout\'s pods through it'],
  ['L01', 'kubectl would refuse the object under strict decoding (the API server drops the unknown field)'],
  ['N01', 'the controller would not read the object, so none of its settings would be used'],
  ['N02', 'the controller could not load that notification configuration, so none of its notifications would be sent'],
  ['N03', 'the controller could not load that notification configuration, so none of its notifications would be sent'],
  ['N07', 'the messages to Microsoft Teams would not be delivered'],
  ['N08', 'the notification would not be sent, or would be sent with empty fields'],
  ['B03', 'the API server would refuse the pods beyond the quota (the ReplicaSet reports FailedCreate) and the update would stall until its progress deadline'],
]);

/** Consequences by the letter that starts a rule ID. */
const FAMILY_CONSEQUENCES: ReadonlyMap<string, string> = new Map([
  ['S', 'the API server would refuse the object'],
  ['V', 'the Rollout would be stuck in InvalidSpec (phase Degraded, nothing is rolled out)'],
  ['A', 'the AnalysisRun would go to phase Error (its Rollout or Experiment takes that as a failed analysis)'],
  ['P', 'its measurements would error and count towards consecutiveErrorLimit'],
  ['X', 'the Experiment would be stuck in InvalidSpec (no ReplicaSets are created)'],
  ['C', 'the controller would not start, or would not load the plugin'],
  ['N', 'the Rollout would roll out, but the notification would not be sent (the controller only logs it)'],
  ['B', 'the controller would accept it, but its update would need more capacity at its peak than budgeted'],
]);

/** Consequences of warnings by rule ID: the controller accepts these manifests. */
const WARNING_CONSEQUENCES: ReadonlyMap<string, string> = new Map([
  ['V53', 'the controller would accept it and ignore the argument'],
  ['V70', 'the controller would accept it, but the Service\'s traffic would reach the pods only if they listen on that port undeclared'],
  ['V71', 'the controller would accept it, but the route would send its requests to a canary Service without endpoints'],
  ['A18', 'the controller would accept it, but the background analysis would end before the last step, and the steps after it would run unanalysed'],
  ['L06', 'the controller would accept it, but each GitOps sync would reset the replica count the autoscaler chose'],
]);

/**
 * S08 (pods from the template), by what makes the pods: the API server stores the object and the
 * controller goes on, but every pod made from the template is refused (the ReplicaSet or Job
 * reports FailedCreate and keeps retrying).
 */
const ROLLOUT_POD_CONSEQUENCE = 'the API server would accept the Rollout, but refuse every pod its ReplicaSet creates (FailedCreate): '
  + 'no pod of the new template would run, and the Rollout would go Degraded when its progress deadline passes';
const EXPERIMENT_POD_CONSEQUENCE = 'the API server would accept the Experiment and its ReplicaSet, but refuse every pod the ReplicaSet creates (FailedCreate): '
  + 'the template would never become available, and the Experiment would fail when its progress deadline passes';
const JOB_POD_CONSEQUENCE = 'the API server would accept the metric\'s Job, but refuse every pod the Job creates (FailedCreate): '
  + 'the Job would never run, so the measurement would not complete (unless the Job\'s activeDeadlineSeconds fails it)';

const EXPERIMENT_ANALYSIS_CONSEQUENCE = 'the Experiment could not make the AnalysisRun: the analysis, and so the Experiment, would go to phase Error';
const EXPERIMENT_POD_TEMPLATE_CONSEQUENCE = 'the API server would refuse the Experiment\'s ReplicaSet and the Experiment would fail';
const JOB_POD_TEMPLATE_CONSEQUENCE = 'the API server would refuse the metric\'s Job, so its measurements would error';
const DEFAULT_ERROR_CONSEQUENCE = 'the controller would refuse it';
const DEFAULT_WARNING_CONSEQUENCE = 'the controller would accept it, but it likely does not do what was meant';

/**
 * What would happen after apply to the object a finding is about, e.g. "the API server would drop
 * the field" (S06) or "the Rollout would be stuck in InvalidSpec (...)" (V rules).
 */
export function consequenceOf(finding: Pick<Finding, 'ruleId' | 'severity' | 'kind' | 'path'>): string {
  const id = String(finding.ruleId);
  if (finding.severity === FindingSeverity.WARNING) {
    return WARNING_CONSEQUENCES.get(id) ?? DEFAULT_WARNING_CONSEQUENCE;
  }
  // The pod-template rule (V07) also judges Experiment templates and the Jobs of job metrics, which
  // the API server checks when the controller creates their ReplicaSets and Jobs.
  if (id === 'V07' && finding.kind === 'Experiment') {
    return EXPERIMENT_POD_TEMPLATE_CONSEQUENCE;
  }
  if (id === 'V07' && finding.kind !== 'Rollout') {
    return JOB_POD_TEMPLATE_CONSEQUENCE;
  }
  // S08: the object is accepted; the pods made from its template are not.
  if (id === 'S08') {
    return finding.kind === 'Rollout' ? ROLLOUT_POD_CONSEQUENCE : finding.kind === 'Experiment' ? EXPERIMENT_POD_CONSEQUENCE : JOB_POD_CONSEQUENCE;
  }
  // The analysis rules of Rollouts (V) also judge the analyses of Experiments, which the controller
  // checks only when it makes their AnalysisRuns.
  if (id.startsWith('V') && (finding.kind === 'Experiment' || /\.experiment\.analyses\[/.test(String(finding.path)))) {
    return EXPERIMENT_ANALYSIS_CONSEQUENCE;
  }
  return RULE_CONSEQUENCES.get(id) ?? FAMILY_CONSEQUENCES.get(id.charAt(0)) ?? DEFAULT_ERROR_CONSEQUENCE;
}
