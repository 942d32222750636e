/**
 * The controller's typed flags (`ControllerFlags`), one row each: its command-line spellings and how
 * its value is written. The one source that the argument check (`checkControllerOptions`), the
 * rendering (`renderControllerFlags`) and the importer (arguments back to `flags`) read.
 */
import { DURATION, Expected, STRING_LIST } from '../../private/arguments';
import { ControllerFlags, ControllerLogFormat, ControllerLogLevel, TrafficSplitApiVersion } from '../controller-flags';

/** A flag that takes the values of an enum. */
export interface FlagEnum {
  /** The enum, as users write it (the importer writes `<enum>.<VALUE>`). */
  readonly enum: string;
  /** Its values. */
  readonly values: readonly string[];
  /**
   * The values are checked when the flags render, with what a wrong one breaks, rather than by the
   * argument check. @default false
   */
  readonly checkedAtRender?: boolean;
}

/**
 * How a flag's value is written: as given (a list: one argument per item), a `Duration` in whole
 * seconds or in Go's duration syntax, or a value of an enum.
 */
export type FlagKind = 'number' | 'string' | 'boolean' | 'list' | 'seconds' | 'go-duration' | FlagEnum;

/** One typed flag. */
export interface FlagRow {
  /**
   * Its spellings as the version facts list them, newest first: a release writes the first one it
   * has (`--metricsPort` from 1.9, `--metricsport` before).
   */
  readonly names: readonly string[];
  readonly kind: FlagKind;
}

/** Each typed flag, in the order its arguments are written. */
export const CONTROLLER_FLAGS: { readonly [key in keyof ControllerFlags]-?: FlagRow } = {
  logLevel: { names: ['loglevel'], kind: { enum: 'ControllerLogLevel', values: Object.values(ControllerLogLevel) } },
  logFormat: { names: ['logformat'], kind: { enum: 'ControllerLogFormat', values: Object.values(ControllerLogFormat) } },
  klogLevel: { names: ['kloglevel'], kind: 'number' },
  instanceId: { names: ['instance-id'], kind: 'string' },
  metricsPort: { names: ['metricsPort', 'metricsport'], kind: 'number' },
  healthzPort: { names: ['healthzPort'], kind: 'number' },
  rolloutResync: { names: ['rollout-resync'], kind: 'seconds' },
  qps: { names: ['qps'], kind: 'number' },
  burst: { names: ['burst'], kind: 'number' },
  rolloutThreads: { names: ['rollout-threads'], kind: 'number' },
  experimentThreads: { names: ['experiment-threads'], kind: 'number' },
  analysisThreads: { names: ['analysis-threads'], kind: 'number' },
  serviceThreads: { names: ['service-threads'], kind: 'number' },
  ingressThreads: { names: ['ingress-threads'], kind: 'number' },
  ephemeralMetadataThreads: { names: ['ephemeral-metadata-threads'], kind: 'number' },
  leaderElect: { names: ['leader-elect'], kind: 'boolean' },
  leaderElectionLeaseDuration: { names: ['leader-election-lease-duration'], kind: 'go-duration' },
  leaderElectionRenewDeadline: { names: ['leader-election-renew-deadline'], kind: 'go-duration' },
  leaderElectionRetryPeriod: { names: ['leader-election-retry-period'], kind: 'go-duration' },
  awsVerifyTargetGroup: { names: ['aws-verify-target-group'], kind: 'boolean' },
  albIngressClasses: { names: ['alb-ingress-classes'], kind: 'list' },
  nginxIngressClasses: { names: ['nginx-ingress-classes'], kind: 'list' },
  istioApiVersion: { names: ['istio-api-version'], kind: 'string' },
  traefikApiGroup: { names: ['traefik-api-group'], kind: 'string' },
  traefikApiVersion: { names: ['traefik-api-version'], kind: 'string' },
  trafficSplitApiVersion: {
    names: ['traffic-split-api-version'],
    kind: { enum: 'TrafficSplitApiVersion', values: Object.values(TrafficSplitApiVersion), checkedAtRender: true },
  },
  selfServiceNotificationEnabled: { names: ['self-service-notification-enabled'], kind: 'boolean' },
};

/** The flags' rows with their keys, in the order of the table. */
export const CONTROLLER_FLAG_ROWS = Object.entries(CONTROLLER_FLAGS) as [keyof ControllerFlags, FlagRow][];

/** What `checkArgument` expects of a flag's value. */
export function flagShape(kind: FlagKind): Expected {
  switch (kind) {
    case 'list': return STRING_LIST;
    case 'seconds':
    case 'go-duration': return DURATION;
    case 'number':
    case 'string':
    case 'boolean': return kind;
    default: return kind.checkedAtRender ? 'string' : { name: kind.enum, values: kind.values };
  }
}
