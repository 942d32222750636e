import { Duration } from 'cdk8s';
import * as kplus from '../../private/kplus';

/**
 * Options of `MetricProvider.job()`: a Kubernetes Job per measurement; the measurement succeeds
 * when the Job succeeds.
 */
export interface JobMetricOptions {
  /**
   * The containers of the Job's pod (cdk8s-plus container properties). Fields that cdk8s-plus
   * would fill in by default (`imagePullPolicy`, `resources`, `securityContext`, `startupProbe`)
   * are written only when set here.
   */
  readonly containers: kplus.ContainerProps[];

  /**
   * How many times a failed pod is retried before the Job (and the measurement) fails.
   *
   * @default - the Kubernetes default (6)
   */
  readonly backoffLimit?: number;

  /**
   * How long the Job may run before it is stopped and fails.
   *
   * @default - no limit
   */
  readonly activeDeadline?: Duration;

  /**
   * Delete the Job this long after it finishes.
   *
   * @default - the Job is kept until the controller garbage-collects old measurements
   */
  readonly ttlAfterFinished?: Duration;

  /**
   * The service account of the Job's pod.
   *
   * @default - the namespace's `default` service account
   */
  readonly serviceAccountName?: string;

  /**
   * Labels of the Job.
   *
   * @default - none (the controller adds its own)
   */
  readonly labels?: { [key: string]: string };

  /**
   * Annotations of the Job.
   *
   * @default - none (the controller adds its own)
   */
  readonly annotations?: { [key: string]: string };

  /**
   * Labels of the Job's pod.
   *
   * @default - none
   */
  readonly podLabels?: { [key: string]: string };

  /**
   * Annotations of the Job's pod, e.g. `{ 'sidecar.istio.io/inject': 'false' }`.
   *
   * @default - none
   */
  readonly podAnnotations?: { [key: string]: string };

  /**
   * The pod's restart policy: `NEVER` or `ON_FAILURE` (Jobs do not allow `ALWAYS`).
   *
   * @default kplus.RestartPolicy.NEVER
   */
  readonly restartPolicy?: kplus.RestartPolicy;

  /**
   * Volumes of the pod. Volumes mounted by the containers are added automatically.
   *
   * @default - the volumes the containers mount
   */
  readonly volumes?: kplus.Volume[];
}
