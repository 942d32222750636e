
import { fail } from '../../../private/synth-error';/**
 * What the pod-template checks do differently by Kubernetes version: one row per version the engine
 * checks against (the lines of the pod field table, src/imports/kubernetes/pod-fields.js; a test keeps
 * the two in step). Each fact is the version from which the API server applies the relaxed rule by
 * default (its feature gate on, beta or GA), not the alpha release that introduced it behind a gate.
 *
 * The facts concern the API server (`validator: 'apiServer'`: the ReplicaSets of Experiments, the Jobs
 * of job metrics). The Rollout controller validates a Rollout's template with its own, strict options
 * whatever the cluster's version.
 */

/** The validation differences of one Kubernetes version. */
export interface KubernetesVersionFacts {
  /** The minor version, e.g. 32 for Kubernetes 1.32. */
  readonly minor: number;
  /**
   * Environment variable names (and `envFrom` prefixes) may hold any printable ASCII character but '='
   * (KEP-4369, RelaxedEnvironmentVariableValidation: alpha 1.30, beta and on by default 1.32, GA 1.34).
   * Before, they are C identifiers with '-' and '.' as the controller checks them.
   */
  readonly relaxedEnvVarNames: boolean;
  /**
   * DNS search domains may hold '_' and may be a single '.' (KEP-4427, RelaxedDNSSearchValidation:
   * alpha 1.32, beta and on by default 1.33, GA 1.34).
   */
  readonly relaxedDnsSearch: boolean;
  /**
   * A lifecycle hook may sleep 0 seconds (KEP-4818, PodLifecycleSleepActionAllowZero: alpha 1.32, beta
   * and on by default 1.33, GA 1.34). Before, a sleep must last at least a second.
   */
  readonly zeroSecondSleep: boolean;
}

/** The facts per minor version, oldest first. */
const FACTS: ReadonlyMap<number, KubernetesVersionFacts> = new Map([
  [27, { minor: 27, relaxedEnvVarNames: false, relaxedDnsSearch: false, zeroSecondSleep: false }],
  [32, { minor: 32, relaxedEnvVarNames: true, relaxedDnsSearch: false, zeroSecondSleep: false }],
  [33, { minor: 33, relaxedEnvVarNames: true, relaxedDnsSearch: true, zeroSecondSleep: true }],
  [34, { minor: 34, relaxedEnvVarNames: true, relaxedDnsSearch: true, zeroSecondSleep: true }],
]);

/** The minor versions the table has a row for, oldest first. */
export const KUBERNETES_FACT_VERSIONS: readonly number[] = [...FACTS.keys()];

/** The facts of a Kubernetes minor version (one of the engine's versions: the caller checked it). */
export function kubernetesFacts(minor: number): KubernetesVersionFacts {
  const facts = FACTS.get(minor);
  if (facts === undefined) {
    // a version in the pod field table without a row here: the test that keeps both in step fails first
    fail(`The pod checks have no facts for Kubernetes 1.${minor}: add a row to src/validation/private/pod/kubernetes-version.ts.`);
  }
  return facts;
}

/**
 * The first of the engine's versions in which a fact holds, for messages (`1.32`); `undefined` when
 * none has it.
 */
export function firstVersionWith(fact: keyof Omit<KubernetesVersionFacts, 'minor'>): string | undefined {
  for (const facts of FACTS.values()) {
    if (facts[fact]) {
      return `1.${facts.minor}`;
    }
  }
  return undefined;
}
