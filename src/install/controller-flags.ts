import { Duration } from 'cdk8s';
import { ArgoRolloutsVersion } from './version';
import { checkInteger, toGoDuration } from '../private/utils';

/** Log levels of the controller. */
export enum ControllerLogLevel {
  DEBUG = 'debug',
  INFO = 'info',
  WARN = 'warn',
  ERROR = 'error',
}

/** Log formats of the controller. */
export enum ControllerLogFormat {
  TEXT = 'text',
  JSON = 'json',
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
   * Read the notification ConfigMap and Secret of each Rollout's namespace too
   * (`--self-service-notification-enabled`).
   *
   * @default false
   */
  readonly selfServiceNotificationEnabled?: boolean;
}

/** Flags only some versions accept. */
const SINCE_1_9: (keyof ControllerFlags)[] = ['ephemeralMetadataThreads'];

/** The controller arguments for the flags, in a fixed order. Throws on impossible values. */
export function renderControllerFlags(flags: ControllerFlags, version: ArgoRolloutsVersion): string[] {
  for (const key of SINCE_1_9) {
    if (flags[key] !== undefined && !version.isAtLeast(1, 9)) {
      throw new Error(`Controller flag '${key}' needs Argo Rollouts 1.9 or later; this install is ${version.tag}. Drop it or use ArgoRolloutsVersion.V1_9_1.`);
    }
  }
  for (const key of ['metricsPort', 'healthzPort'] as const) checkInteger(`flags.${key}`, flags[key], 1, 65535);
  if (flags.metricsPort !== undefined && flags.metricsPort === (flags.healthzPort ?? 8080)) {
    throw new Error(`flags.metricsPort and flags.healthzPort are both ${flags.metricsPort}. Give them different ports.`);
  }
  for (const key of ['klogLevel', 'burst', 'rolloutThreads', 'experimentThreads', 'analysisThreads', 'serviceThreads', 'ingressThreads',
    'ephemeralMetadataThreads'] as const) {
    checkInteger(`flags.${key}`, flags[key], key === 'klogLevel' ? 0 : 1);
  }
  if (flags.qps !== undefined && !(flags.qps > 0)) {
    throw new Error(`flags.qps must be above 0, got ${flags.qps}.`);
  }
  if (flags.instanceId !== undefined && !/^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/.test(flags.instanceId)) {
    throw new Error(`flags.instanceId '${flags.instanceId}' is not a valid label value (it is matched against a label). Use letters, digits, '-', '_' and '.'.`);
  }
  const args: string[] = [];
  const add = (flag: string, value: string | number | boolean | undefined) => {
    if (value !== undefined) args.push(`--${flag}=${value}`);
  };
  const dur = (field: string, d: Duration | undefined) => (d ? toGoDuration(`flags.${field}`, d) : undefined);
  add('loglevel', flags.logLevel);
  add('logformat', flags.logFormat);
  add('kloglevel', flags.klogLevel);
  add('instance-id', flags.instanceId);
  add(version.isAtLeast(1, 9) ? 'metricsPort' : 'metricsport', flags.metricsPort);
  add('healthzPort', flags.healthzPort);
  add('rollout-resync', flags.rolloutResync ? flags.rolloutResync.toSeconds() : undefined);
  add('qps', flags.qps);
  add('burst', flags.burst);
  add('rollout-threads', flags.rolloutThreads);
  add('experiment-threads', flags.experimentThreads);
  add('analysis-threads', flags.analysisThreads);
  add('service-threads', flags.serviceThreads);
  add('ingress-threads', flags.ingressThreads);
  add('ephemeral-metadata-threads', flags.ephemeralMetadataThreads);
  add('leader-elect', flags.leaderElect);
  add('leader-election-lease-duration', dur('leaderElectionLeaseDuration', flags.leaderElectionLeaseDuration));
  add('leader-election-renew-deadline', dur('leaderElectionRenewDeadline', flags.leaderElectionRenewDeadline));
  add('leader-election-retry-period', dur('leaderElectionRetryPeriod', flags.leaderElectionRetryPeriod));
  add('aws-verify-target-group', flags.awsVerifyTargetGroup);
  // string-array flags take one argument per value
  (flags.albIngressClasses ?? []).forEach(c => add('alb-ingress-classes', c));
  (flags.nginxIngressClasses ?? []).forEach(c => add('nginx-ingress-classes', c));
  add('istio-api-version', flags.istioApiVersion);
  add('self-service-notification-enabled', flags.selfServiceNotificationEnabled);
  return args;
}
