/**
 * The shapes of the plan layer: exported structs (jsii-compatible) — the replica counts of
 * `nextReplicaCounts`, and a rollout plan, the JSON form of `RolloutPlan.toJson()` and
 * `argo-rollouts-plan --format json`.
 */

import { ArgoRolloutsVersion } from '../release/version';

/** Options of `nextReplicaCounts`. */
export interface NextReplicaCountsOptions {
  /**
   * The Argo Rollouts release whose arithmetic applies, e.g. `ArgoRolloutsVersion.V1_8_4` (a version
   * number, `'1.8.4'`, is taken too). The releases differ in how an aborted `dynamicStableScale` canary
   * scales down (1.9 walks the steps backwards), in `replicaProgressThreshold` (from 1.9) and in
   * `minPodsPerReplicaSet`, which 1.10 caps at `spec.replicas`.
   *
   * @default ArgoRolloutsVersion.V1_9_1
   */
  readonly version?: string | ArgoRolloutsVersion;
}

/** The controller's next move: the replica counts it sets for each ReplicaSet of a Rollout. */
export interface ReplicaCounts {
  /** `canary`, `trafficRoutedCanary` or `blueGreen`. */
  readonly strategy: string;
  /**
   * Replicas of the new ReplicaSet (the canary, or the blue-green preview): the one whose
   * `rollouts-pod-template-hash` is `status.currentPodHash`.
   */
  readonly canary: number;
  /**
   * Replicas of the stable ReplicaSet (hash `status.stableRS`; the active one in blue-green). When
   * there is no stable ReplicaSet, or it is the new one, this is 0 and `canary` holds the pods.
   */
  readonly stable: number;
  /**
   * Replicas the older ReplicaSets keep in total after this reconcile's scale-down. A basic canary
   * drains them within maxUnavailable; a traffic-routed canary or blue-green keeps a previous
   * stable up for `scaleDownDelaySeconds` once fully promoted, then scales it to 0.
   */
  readonly older: number;
  /** maxSurge resolved against spec.replicas (rounded up; 0 for blue-green). */
  readonly maxSurge: number;
  /** maxUnavailable resolved against spec.replicas (rounded down; 1 when both resolve to 0). */
  readonly maxUnavailable: number;
  /**
   * The canary weight the counts follow (of `maxTrafficWeight`), or -1 when an explicit
   * `setCanaryScale.replicas` sets the canary count.
   */
  readonly weight: number;
  /**
   * The canary weight the controller sets on the traffic router in this reconcile; -1 when it
   * leaves the weights as they are (the stable cannot carry its share yet) or there is no router.
   */
  readonly routerWeight: number;
  /** Seconds an aborted canary or preview stays scaled up (-1: until the abort is undone). */
  readonly abortScaleDownDelaySeconds: number;
  /** Seconds a previous stable / active ReplicaSet stays scaled up after full promotion. */
  readonly scaleDownDelaySeconds: number;
}

/** One change the controller makes on the way to a step. */
export interface PlanMove {
  /** What changes: `stable`, `canary`, `older` (ReplicaSets) or `traffic` (the router's canary weight). */
  readonly target: string;
  /** The count (or weight) before. */
  readonly before: number;
  /** The count (or weight) after. */
  readonly after: number;
  /** Pods of the Rollout once the change is made. */
  readonly totalPods: number;
}

/**
 * A managed route of the traffic router in force at a step: requests it sends to the canary on top
 * of the traffic weight (a header route), or copies of requests it sends there (a mirror route).
 */
export interface PlanRoute {
  /** The route's name (an entry of `trafficRouting.managedRoutes`). */
  readonly name: string;
  /**
   * `header`: the requests that match go to the canary instead of the stable (setHeaderRoute);
   * `mirror`: a copy of `percent` % of the requests that match goes to the canary, whose responses
   * are dropped (setMirrorRoute).
   */
  readonly kind: string;
  /**
   * Which requests, in words, e.g. `header X-Canary = "yes"` or `method = "GET", path prefix "/api"`.
   * The matches of a header route are joined as the router combines them: `or` where each one routes,
   * `and` where all must hold, else `;`. Those of a mirror route are joined by `or`, the conditions of
   * one by commas.
   */
  readonly match: string;
  /** The share of the matching requests the canary gets: 100 for a header route, the mirror route's percentage (100 when not set). */
  readonly percent: number;
}

/** One step of a plan, as it is once the controller has reached it. */
export interface PlanStep {
  /** The step's index in spec.strategy.canary.steps; -1 for a phase that is not a step (promotion, blue-green phases). */
  readonly index: number;
  /**
   * What the step is, e.g. `setWeight: 20`, `pause: 1h`, `setMirrorRoute: m (35% of method = "GET")`,
   * `full promotion`; a combined step names all its parts, joined by ` + `.
   */
  readonly name: string;
  /**
   * The kind: `setWeight`, `pause`, `analysis`, `experiment`, `setCanaryScale`, `setHeaderRoute`,
   * `setMirrorRoute`, `plugin`, `promotion` (after the last step), and for blue-green `preview`,
   * `promotion`, `scaleDownDelay`. A combined step has the kind of its first part in this order.
   */
  readonly kind: string;
  /** The new version's share of traffic, in percent (basic canary: its share of the serving pods). */
  readonly weight: number;
  /** Pods of the stable (blue-green: active) ReplicaSet once the step is reached. */
  readonly stablePods: number;
  /** Pods of the canary (blue-green: preview) ReplicaSet once the step is reached. */
  readonly canaryPods: number;
  /** Other pods: older ReplicaSets, Experiment pods, the workload a workloadRef points at. */
  readonly otherPods: number;
  /** All pods once the step is reached. */
  readonly totalPods: number;
  /** The most pods that exist on the way to this step and during it. */
  readonly peakPods: number;
  /** CPU requested by `peakPods` pods, in millicores (0 when no container sets it). */
  readonly peakCpuMillicores: number;
  /** Memory requested by `peakPods` pods, in bytes (0 when no container sets it). */
  readonly peakMemoryBytes: number;
  /** The least time the step takes, in seconds (timed pauses, analysis, experiment, delays). */
  readonly minSeconds: number;
  /**
   * The soonest the step's analysis can end it, in seconds, by a failed or inconclusive result (the
   * update then aborts or pauses), when that is sooner than `minSeconds`; absent otherwise. A metric
   * fails after `failureLimit + 1` failed measurements (never with `failureLimit: -1`) and turns
   * inconclusive after `inconclusiveLimit + 1` inconclusive ones; the first metric to do so ends the
   * analysis. Dry-run metrics never end it, and errors of a provider are not counted. Analysis steps,
   * experiments with analyses and blue-green pre- and post-promotion analysis.
   *
   * @default - the step's analysis cannot end it sooner (or it has none)
   */
  readonly earliestEndSeconds?: number;
  /** True when the step does not end by itself (an indefinite pause, analysis or experiment). */
  readonly indefinite: boolean;
  /** True when the step waits for a manual promotion. */
  readonly manualPromotion: boolean;
  /** What the step waits for, in words (empty when it moves on once its pods are ready). */
  readonly waitsFor: string[];
  /**
   * The most pods if the rollout is aborted during this step: at any reconcile of its scaling, or
   * once it is reached. For the full promotion: while the canary grows to all replicas, and the
   * value -1 when it is promoted at once.
   */
  readonly abortPods: number;
  /** The changes the controller makes on the way to this step, reconcile by reconcile. */
  readonly moves: PlanMove[];
  /**
   * The header and mirror routes in force once the step is reached, in the order of
   * `trafficRouting.managedRoutes` (empty without them; the controller removes them at the full
   * promotion). Header-routed requests reach the canary whatever its weight.
   */
  readonly routes: PlanRoute[];
}

/** Totals of a plan. */
export interface PlanTotals {
  /** The most pods at any time of the update: the largest `peakPods` of the steps (a migration has its own peak). */
  readonly peakPods: number;
  /** CPU requested at the peak, in millicores. */
  readonly peakCpuMillicores: number;
  /** Memory requested at the peak, in bytes. */
  readonly peakMemoryBytes: number;
  /** The least time the whole update takes, in seconds: the sum of the steps' `minSeconds`. */
  readonly minSeconds: number;
  /** The number of manual promotions: the steps with `manualPromotion`. */
  readonly manualPromotions: number;
  /** True when some step does not end by itself. */
  readonly indefinite: boolean;
}

/** What one pod requests, and whether its containers say so. */
export interface PlanPodResources {
  /** CPU requested per pod, in millicores. */
  readonly cpuMillicores: number;
  /** Memory requested per pod, in bytes. */
  readonly memoryBytes: number;
  /** True when every container sets a CPU request or limit. */
  readonly cpuSet: boolean;
  /** True when every container sets a memory request or limit. */
  readonly memorySet: boolean;
}

/** What an abort does to the pods. */
export interface PlanAbort {
  /** The most pods during an abort, from the step where it costs most. */
  readonly peakPods: number;
  /** CPU requested by `peakPods` pods, in millicores (0 when no container sets it). */
  readonly peakCpuMillicores: number;
  /** Memory requested by `peakPods` pods, in bytes (0 when no container sets it). */
  readonly peakMemoryBytes: number;
  /**
   * Seconds the canary (or preview) stays up after the abort before it is scaled down: 0 at once,
   * -1 until the abort is undone (`abortScaleDownDelaySeconds: 0`).
   */
  readonly canaryScaleDownDelaySeconds: number;
  /** What happens, in words. */
  readonly description: string;
}

/** One phase of a Deployment → Rollout migration (workloadRef). */
export interface PlanMigrationPhase {
  /** What happens. */
  readonly name: string;
  /** Pods of the Deployment. */
  readonly deploymentPods: number;
  /** Pods of the Rollout. */
  readonly rolloutPods: number;
  /** Both. */
  readonly totalPods: number;
}

/** A workloadRef migration: the Deployment's pods plus the Rollout's, per phase. */
export interface PlanMigration {
  /** The referenced workload, e.g. `Deployment/web`. */
  readonly workload: string;
  /** `never`, `onsuccess` or `progressively`. */
  readonly scaleDown: string;
  /** The workload's replicas before the migration. */
  readonly workloadReplicas: number;
  /** The phases, in order. */
  readonly phases: PlanMigrationPhase[];
  /** The most pods during the migration. */
  readonly peakPods: number;
  /** CPU requested at the peak, in millicores. */
  readonly peakCpuMillicores: number;
  /** Memory requested at the peak, in bytes. */
  readonly peakMemoryBytes: number;
}

/** An HPA-scaled Rollout: the plan's totals at the HPA's minimum and maximum replicas. */
export interface PlanAutoscaling {
  /** The HorizontalPodAutoscaler's name. */
  readonly name: string;
  /** spec.minReplicas (1 when not set). */
  readonly minReplicas: number;
  /** spec.maxReplicas. */
  readonly maxReplicas: number;
  /** Totals with minReplicas replicas. */
  readonly atMinReplicas: PlanTotals;
  /** Totals with maxReplicas replicas. */
  readonly atMaxReplicas: PlanTotals;
}

/**
 * A canary's background analysis (`spec.strategy.canary.analysis`): which steps it covers and when
 * its metrics end, with the steps at their minimum time (the success path).
 */
export interface PlanBackgroundAnalysis {
  /** The names of its templates, as the Rollout lists them. */
  readonly templates: string[];
  /** The step at which it starts (`startingStep`, 0 when not set). */
  readonly startingStep: number;
  /**
   * The indices of the steps during which at least one metric still measures, with the steps at
   * their minimum time: from `startingStep` to the step in which the last measurement comes (all
   * steps to the last for `untilFinished`; for `unknown`, the steps covered by the metrics' known
   * least time; none for `pastLastStep`).
   */
  readonly coveredSteps: number[];
  /**
   * Where its metrics end: `untilFinished` (a metric measures until the Rollout finishes),
   * `endsEarly` (all metrics end before the last step, rule A18), `reachesLastStep` (they end at or
   * after the start of the last step), `pastLastStep` (`startingStep` is past the last step) or
   * `unknown` (a template not among the manifests, a count known only at run time, no metrics).
   */
  readonly metricsEnd: string;
  /**
   * Seconds from its start to the metrics' last measurement, when known.
   *
   * @default - not known, or the metrics measure until the Rollout finishes
   */
  readonly metricsEndSeconds?: number;
  /**
   * The index of the step during which the metrics end (`endsEarly` only).
   *
   * @default - the metrics do not end before the last step
   */
  readonly endStep?: number;
  /**
   * The soonest, in seconds from its start, a failed or inconclusive result (see
   * `PlanStep.earliestEndSeconds`) can end it and abort or pause the update, when that is sooner
   * than `metricsEndSeconds` (or the metrics have no known end).
   *
   * @default - no metric can end it sooner
   */
  readonly earliestEndSeconds?: number;
}

/**
 * The JSON form of a plan (`RolloutPlan.toJson()`, `argo-rollouts-plan --format json`). The shape
 * is stable: fields are only added, never renamed or removed, so it suits snapshot tests.
 */
export interface RolloutPlanJson {
  /** The Rollout's name. */
  readonly name: string;
  /** The Rollout's namespace (empty when not set). */
  readonly namespace: string;
  /** `canary`, `trafficRoutedCanary` or `blueGreen`. */
  readonly strategy: string;
  /** The Argo Rollouts release whose arithmetic was applied. */
  readonly version: string;
  /** The replicas planned for. */
  readonly replicas: number;
  /** maxSurge resolved (0 for blue-green). */
  readonly maxSurge: number;
  /** maxUnavailable resolved. */
  readonly maxUnavailable: number;
  /** What one pod requests. */
  readonly podResources: PlanPodResources;
  /** The steps, in order, ending fully promoted. */
  readonly steps: PlanStep[];
  /** Totals. */
  readonly totals: PlanTotals;
  /** What an abort does. */
  readonly abort: PlanAbort;
  /** A workloadRef migration (first revision), when the Rollout has a workloadRef. */
  readonly migration?: PlanMigration;
  /** An HPA-scaled Rollout's totals at its minimum and maximum. */
  readonly autoscaling?: PlanAutoscaling;
  /**
   * A canary's background analysis: the steps it covers, where its metrics end (the notes say the
   * same in words).
   *
   * @default - the Rollout has no background analysis
   */
  readonly backgroundAnalysis?: PlanBackgroundAnalysis;
  /** Things to know: unset resources, unknown durations, assumptions. */
  readonly notes: string[];
}
