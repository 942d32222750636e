// The options of the controller Deployment (ArgoRolloutsController, ArgoRollouts' controllerOptions).
import { ControllerFlags } from './controller-flags';
import { ImageOptions } from './image';
import type * as kplus from '../private/kplus';

/**
 * A PodDisruptionBudget for the controller. Set exactly one field.
 */
export interface ControllerDisruptionBudget {
  /**
   * Pods that must stay available.
   *
   * @default - not set
   */
  readonly minAvailable?: kplus.PercentOrAbsolute;

  /**
   * Pods that may be unavailable.
   *
   * @default - not set
   */
  readonly maxUnavailable?: kplus.PercentOrAbsolute;
}

/** What the scheduler does with a controller pod that would break a spread constraint. */
export enum UnsatisfiableSpreadAction {
  /** Keep the pod pending (a hard constraint; Kubernetes' `DoNotSchedule`). */
  DO_NOT_SCHEDULE = 'DoNotSchedule',
  /** Schedule it anyway, preferring the least skewed place (`ScheduleAnyway`). */
  SCHEDULE_ANYWAY = 'ScheduleAnyway',
}

/**
 * A topology spread constraint of the controller pods: they are counted per domain of `topology`
 * (nodes, zones, ...) and kept within `maxSkew` of each other.
 */
export interface ControllerSpreadConstraint {
  /** The domains to spread over, e.g. `Topology.ZONE` or `Topology.HOSTNAME` (cdk8s-plus). */
  readonly topology: kplus.Topology;

  /**
   * The largest difference in controller pods between two domains.
   *
   * @default 1
   */
  readonly maxSkew?: number;

  /**
   * What to do with a pod that cannot be placed within `maxSkew`.
   *
   * @default UnsatisfiableSpreadAction.DO_NOT_SCHEDULE
   */
  readonly whenUnsatisfiable?: UnsatisfiableSpreadAction;
}

/**
 * Where the controller pods run, in cdk8s-plus terms. Giving it replaces the default (with more than
 * one replica, a preference for different nodes).
 */
export interface ControllerAffinity {
  /**
   * Run only on nodes that match every query (`NodeLabelQuery.is('pool', 'system')`, ...).
   *
   * @default - any node
   */
  readonly requiredNodeLabels?: kplus.NodeLabelQuery[];

  /**
   * Prefer nodes that match every query.
   *
   * @default - no preference
   */
  readonly preferredNodeLabels?: kplus.NodeLabelQuery[];

  /**
   * Keep the replicas apart: prefer (or, with `requireSeparation`, require) one controller pod per
   * domain of this topology.
   *
   * @default - replicas are not kept apart
   */
  readonly separateReplicasBy?: kplus.Topology;

  /**
   * Make `separateReplicasBy` a hard rule: a replica that finds no free domain stays pending.
   *
   * @default false
   */
  readonly requireSeparation?: boolean;
}

/**
 * Options of the controller Deployment.
 */
export interface ControllerOptions {
  /**
   * Controller replicas. Above 1, the pods prefer different nodes; one of them leads (leader
   * election is on by default).
   *
   * @default 1
   */
  readonly replicas?: number;

  /**
   * A PodDisruptionBudget for the controller.
   *
   * @default - none
   */
  readonly podDisruptionBudget?: ControllerDisruptionBudget;

  /**
   * Resources of the controller container.
   *
   * @default - an ephemeral-storage limit of 1Gi, as upstream
   */
  readonly resources?: kplus.ContainerResources;

  /**
   * The controller image.
   *
   * @default - `quay.io/argoproj/argo-rollouts:<version tag>`, pulled if not present
   */
  readonly image?: ImageOptions;

  /**
   * Names of Secrets to pull the image with.
   *
   * @default - none
   */
  readonly imagePullSecrets?: string[];

  /**
   * Typed controller flags.
   *
   * @default - the controller's defaults
   */
  readonly flags?: ControllerFlags;

  /**
   * Arguments added after the typed flags, for flags this library does not type.
   *
   * @default - none
   */
  readonly extraArgs?: string[];

  /**
   * Environment variables of the controller (e.g. `ARGO_ROLLOUTS_PROMETHEUS_ADDRESS`).
   *
   * @default - none
   */
  readonly env?: { [name: string]: string };

  /**
   * Node labels the controller pods must run on.
   *
   * @default - any node
   */
  readonly nodeSelector?: { [key: string]: string };

  /**
   * Taints the controller pods tolerate (`NodeTaintQuery.exists('dedicated', { effect: TaintEffect.NO_SCHEDULE })`).
   *
   * @default - none
   */
  readonly tolerations?: kplus.NodeTaintQuery[];

  /**
   * Where the controller pods run.
   *
   * @default - with more than one replica, a preference for different nodes
   */
  readonly affinity?: ControllerAffinity;

  /**
   * Topology spread constraints of the controller pods (they count the controller's pods).
   *
   * @default - none
   */
  readonly topologySpreadConstraints?: ControllerSpreadConstraint[];

  /**
   * Priority class of the controller pods.
   *
   * @default - none
   */
  readonly priorityClassName?: string;

  /**
   * Labels added to the controller pods.
   *
   * @default - none
   */
  readonly podLabels?: { [key: string]: string };

  /**
   * Annotations added to the controller pods.
   *
   * @default - none
   */
  readonly podAnnotations?: { [key: string]: string };

  /**
   * Labels added to the controller Deployment.
   *
   * @default - none
   */
  readonly deploymentLabels?: { [key: string]: string };

  /**
   * Annotations added to the controller Deployment.
   *
   * @default - none
   */
  readonly deploymentAnnotations?: { [key: string]: string };
}
