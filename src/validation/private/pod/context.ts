/**
 * What every pod-template check sees: where findings go, which validator the template will meet
 * (the Rollout controller, or the API server when an Experiment's ReplicaSet or an analysis Job is
 * created), the validation differences of the Kubernetes version checked, and facts gathered from
 * the pod spec once (grace period, declared volumes, claims).
 */
import { asArray, asNumber, asObject, asString, isSet, quote } from '../util';
import { kubernetesFacts, KubernetesVersionFacts } from './kubernetes-version';
import { PodSpecView, VolumeView } from './views';

/** Receives one violation: where, what is wrong, how to fix it and the bad value. */
export type PodReport = (path: string, message: string, fix: string, value?: unknown) => void;

/** How a pod template is used, which decides the few checks that differ between uses. */
export interface PodTemplateOptions {
  /**
   * `controller`: the Rollout controller validates the template itself before it creates anything
   * (strict environment variable names, privileged flags ignored, no zero-second sleep, no resize
   * policy on init containers). `apiServer`: the API server validates the ReplicaSet or Job made
   * from it (privileged containers assumed allowed by the cluster; from some Kubernetes version on,
   * relaxed environment variable names and DNS search domains, and zero-second sleeps: see
   * `kubernetesMinor`).
   */
  readonly validator: 'controller' | 'apiServer';
  /**
   * The Kubernetes minor version of the API server (27 for 1.27): which of its relaxed rules apply
   * (`./kubernetes-version.ts`). The controller's checks do not depend on it.
   */
  readonly kubernetesMinor: number;
  /** Restart policies the workload accepts after defaulting (empty means Always); unset: not checked here. */
  readonly restartPolicies?: readonly string[];
  /** `activeDeadlineSeconds`: not checked here, refused, or checked for range (1 to 2^31-1). */
  readonly activeDeadline: 'ignore' | 'forbid' | 'range';
  /** Replicas of the workload (gcePersistentDisk volumes must be read-only when more than 1). */
  readonly replicas?: number;
  /** What the pods belong to, for messages, e.g. "Rollout" or "Job". */
  readonly workload: string;
}

/** The default terminationGracePeriodSeconds. */
export const DEFAULT_GRACE_PERIOD = 30;

/** State of one pod-template check. */
export class PodCheck {
  /** `terminationGracePeriodSeconds` after defaulting. */
  public readonly gracePeriod: number;
  /** False only when the pod sets `hostUsers: false`. */
  public readonly hostUsers: boolean;
  /** Valid volumes by name (a volume with an error is left out, as Kubernetes does). */
  public readonly volumes = new Map<string, VolumeView>();
  /** Names of the pod's resource claims. */
  public readonly claimNames = new Set<string>();
  /** The validation differences of the Kubernetes version checked. */
  public readonly kubernetes: KubernetesVersionFacts;

  constructor(public readonly report: PodReport, public readonly options: PodTemplateOptions, public readonly spec: PodSpecView) {
    this.kubernetes = kubernetesFacts(options.kubernetesMinor);
    this.gracePeriod = asNumber(spec.terminationGracePeriodSeconds) ?? DEFAULT_GRACE_PERIOD;
    this.hostUsers = spec.hostUsers !== false;
    for (const claim of asArray(spec.resourceClaims)) {
      const name = asString(asObject(claim)?.name);
      if (name !== '') {
        this.claimNames.add(name);
      }
    }
  }

  /** True when the Rollout controller validates (its stricter options). */
  public get strict(): boolean {
    return this.options.validator === 'controller';
  }

  /** True when environment variable names may hold any printable character but '=' (the API server, from 1.32). */
  public get relaxedEnvVarNames(): boolean {
    return !this.strict && this.kubernetes.relaxedEnvVarNames;
  }

  /** True when DNS search domains may hold '_' or be '.' (the API server, from 1.33). */
  public get relaxedDnsSearch(): boolean {
    return !this.strict && this.kubernetes.relaxedDnsSearch;
  }

  /** True when a lifecycle hook may sleep 0 seconds (the API server, from 1.33). */
  public get zeroSecondSleep(): boolean {
    return !this.strict && this.kubernetes.zeroSecondSleep;
  }

  /**
   * Reports a string field that is set to a value outside `allowed`. An absent field is not
   * reported (Kubernetes defaults it, or it is optional); an empty string is reported only when
   * `emptyAllowed` is false.
   */
  public checkEnum(value: unknown, path: string, what: string, allowed: readonly string[], emptyAllowed: boolean): void {
    if (!isSet(value) || typeof value !== 'string' || (value === '' && emptyAllowed) || allowed.includes(value)) {
      return;
    }
    const shown = allowed.map(v => `"${v}"`);
    const choices = shown.length <= 2 ? shown.join(' or ') : `${shown.slice(0, -1).join(', ')} or ${shown[shown.length - 1]}`;
    this.report(path, value === '' ? `${what} is empty.` : `${what} is ${quote(value)}, which Kubernetes does not support.`,
      `Use ${choices}${emptyAllowed ? ', or leave it out' : ''}.`, value);
  }
}
