import { Duration } from 'cdk8s';

/** Log levels of the controller. */
export enum ControllerLogLevel {
  /** Everything, including each reconciliation step: for troubleshooting. */
  DEBUG = 'debug',
  /** Progress of each Rollout (the controller's default). */
  INFO = 'info',
  /** Only what went wrong or may go wrong. */
  WARN = 'warn',
  /** Only errors. */
  ERROR = 'error',
}

/** Log formats of the controller. */
export enum ControllerLogFormat {
  /** Human-readable `key=value` lines (the controller's default). */
  TEXT = 'text',
  /** One JSON object per line, for log collectors. */
  JSON = 'json',
}

/** API versions of the SMI TrafficSplit the controller can write (`--traffic-split-api-version`). */
export enum TrafficSplitApiVersion {
  /** `split.smi-spec.io/v1alpha1` (the controller's default). */
  V1ALPHA1 = 'v1alpha1',
  /** `split.smi-spec.io/v1alpha2`. */
  V1ALPHA2 = 'v1alpha2',
  /** `split.smi-spec.io/v1alpha3`. */
  V1ALPHA3 = 'v1alpha3',
}

/**
 * Command-line flags of the controller. Each one left out keeps the controller's default and adds
 * no argument.
 */
export interface ControllerFlags {
  /**
   * Log level (`--loglevel`).
   *
   * @default ControllerLogLevel.INFO
   */
  readonly logLevel?: ControllerLogLevel;

  /**
   * Log format (`--logformat`).
   *
   * @default - text
   */
  readonly logFormat?: ControllerLogFormat;

  /**
   * klog verbosity (`--kloglevel`).
   *
   * @default 0
   */
  readonly klogLevel?: number;

  /**
   * Handle only objects labelled `argo-rollouts.argoproj.io/controller-instance-id=<id>` (`--instance-id`).
   *
   * @default - objects without that label
   */
  readonly instanceId?: string;

  /**
   * Port of the metrics endpoint (`--metricsPort`; `--metricsport` on 1.8). The metrics Service follows it.
   *
   * @default 8090
   */
  readonly metricsPort?: number;

  /**
   * Port of the health endpoint (`--healthzPort`). The liveness probe follows it.
   *
   * @default 8080
   */
  readonly healthzPort?: number;

  /**
   * Informer resync period (`--rollout-resync`).
   *
   * @default Duration.minutes(15)
   */
  readonly rolloutResync?: Duration;

  /**
   * Queries per second to the Kubernetes API (`--qps`).
   *
   * @default 40
   */
  readonly qps?: number;

  /**
   * Burst of queries to the Kubernetes API (`--burst`).
   *
   * @default 80
   */
  readonly burst?: number;

  /** Rollout workers (`--rollout-threads`). @default 10 */
  readonly rolloutThreads?: number;

  /** Experiment workers (`--experiment-threads`). @default 10 */
  readonly experimentThreads?: number;

  /** Analysis workers (`--analysis-threads`). @default 30 */
  readonly analysisThreads?: number;

  /** Service workers (`--service-threads`). @default 10 */
  readonly serviceThreads?: number;

  /** Ingress workers (`--ingress-threads`). @default 10 */
  readonly ingressThreads?: number;

  /** Ephemeral-metadata workers (`--ephemeral-metadata-threads`, 1.9+). @default 10 */
  readonly ephemeralMetadataThreads?: number;

  /**
   * Leader election (`--leader-elect`). Needed when more than one replica runs.
   *
   * @default true
   */
  readonly leaderElect?: boolean;

  /** Leader-election lease duration (`--leader-election-lease-duration`). @default Duration.seconds(15) */
  readonly leaderElectionLeaseDuration?: Duration;

  /** Leader-election renew deadline (`--leader-election-renew-deadline`). @default Duration.seconds(10) */
  readonly leaderElectionRenewDeadline?: Duration;

  /** Leader-election retry period (`--leader-election-retry-period`). @default Duration.seconds(2) */
  readonly leaderElectionRetryPeriod?: Duration;

  /**
   * Verify that ALB target groups point at the right pods before scaling down (`--aws-verify-target-group`).
   *
   * @default false
   */
  readonly awsVerifyTargetGroup?: boolean;

  /** Ingress classes handled as ALB (`--alb-ingress-classes`). @default ['alb'] */
  readonly albIngressClasses?: string[];

  /** Ingress classes handled as NGINX (`--nginx-ingress-classes`). @default ['nginx'] */
  readonly nginxIngressClasses?: string[];

  /** Istio API version (`--istio-api-version`). @default 'v1alpha3' */
  readonly istioApiVersion?: string;

  /**
   * API group of the TraefikServices the controller updates (`--traefik-api-group`). Set it with
   * `traefikApiVersion` (same group): the controller reads both.
   *
   * @default - the release's default: `traefik.io` from 1.10 (Traefik v3), `traefik.containo.us` before
   */
  readonly traefikApiGroup?: string;

  /**
   * API version of the TraefikServices the controller updates (`--traefik-api-version`). The
   * TraefikServices that `TrafficRouting.traefik()` defines in the same app follow it.
   *
   * @default - the release's default: `traefik.io/v1alpha1` from 1.10 (Traefik v3), `traefik.containo.us/v1alpha1` before
   */
  readonly traefikApiVersion?: string;

  /**
   * API version of the SMI TrafficSplits the controller creates and updates for `TrafficRouting.smi()`
   * (`--traffic-split-api-version`): the one the mesh serves.
   *
   * @default TrafficSplitApiVersion.V1ALPHA1
   */
  readonly trafficSplitApiVersion?: TrafficSplitApiVersion;

  /**
   * Read the notification ConfigMap and Secret of each Rollout's namespace too
   * (`--self-service-notification-enabled`).
   *
   * @default false
   */
  readonly selfServiceNotificationEnabled?: boolean;
}
