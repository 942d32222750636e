// The Job provider: its options (public) and, module-local, their shape and the renderer of `provider.job`.
import { Duration } from 'cdk8s';
import { CONTAINER_PROPS, DURATION, ExpectedStruct, listOf, STRING_MAP, struct } from '../../private/arguments';
import * as kplus from '../../private/kplus';
import { MetadataSpec, PodTemplateSpec } from '../../private/manifest-types';
import { renderPodTemplate } from '../../private/pod-template';
import { fail } from '../../private/synth-error';
import { checkInteger, metadataBlock, toSeconds } from '../../private/utils';
import { renderProvider } from '../private/provider-renderers';

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

/** The annotation and label keys the controller writes on analysis Jobs (and overwrites). */
const RESERVED_JOB_LABELS = ['analysisrun.argoproj.io/uid'];
const RESERVED_JOB_ANNOTATIONS = ['analysisrun.argoproj.io/name', 'analysisrun.argoproj.io/namespace', 'analysisrun.argoproj.io/metric-name'];

/** The rendered `provider.job` block: the Job's metadata and spec. */
interface JobSpec {
  readonly metadata?: MetadataSpec;
  readonly spec: {
    readonly backoffLimit?: number;
    readonly activeDeadlineSeconds?: number;
    readonly ttlSecondsAfterFinished?: number;
    readonly template: PodTemplateSpec;
  };
}

/** The fields of `JobMetricOptions`, for `checkArgument`. */
const JOB_OPTIONS: ExpectedStruct = struct('JobMetricOptions', {
  containers: listOf(CONTAINER_PROPS),
  backoffLimit: 'number',
  activeDeadline: DURATION,
  ttlAfterFinished: DURATION,
  serviceAccountName: 'string',
  labels: STRING_MAP,
  annotations: STRING_MAP,
  podLabels: STRING_MAP,
  podAnnotations: STRING_MAP,
  restartPolicy: { name: 'RestartPolicy (cdk8s-plus)', values: Object.values(kplus.RestartPolicy) },
  volumes: listOf({ name: 'Volume (cdk8s-plus)', methods: ['asVolume'], example: "Volume.fromConfigMap(scope, 'id', configMap)" }),
});

/** Checks the options of `MetricProvider.job()` and renders the provider. */
function jobSpec(options: JobMetricOptions): JobSpec {
  const where = 'MetricProvider.job()';
  const given = options.containers ?? [];
  if (given.length === 0) {
    fail(`${where} needs at least one container, e.g. containers: [{ image: 'curlimages/curl', command: ['curl', '-f', 'http://web/health'] }].`);
  }
  checkInteger(`${where} backoffLimit`, options.backoffLimit, 0);
  const activeDeadlineSeconds = toSeconds(`${where} activeDeadline`, options.activeDeadline);
  if (activeDeadlineSeconds === 0) {
    fail(`${where} activeDeadline must be at least 1 second, got 0s. Leave it out for no deadline.`);
  }
  const restartPolicy = options.restartPolicy ?? kplus.RestartPolicy.NEVER;
  if (restartPolicy === kplus.RestartPolicy.ALWAYS) {
    fail(`${where} restartPolicy must be NEVER or ON_FAILURE, got ALWAYS (Kubernetes rejects Jobs that always restart). Leave it out for NEVER.`);
  }
  for (const key of Object.keys(options.labels ?? {})) {
    if (RESERVED_JOB_LABELS.includes(key)) {
      fail(`${where} label '${key}' is set by the controller on every analysis Job and would be overwritten. Use another key.`);
    }
  }
  for (const key of Object.keys(options.annotations ?? {})) {
    if (RESERVED_JOB_ANNOTATIONS.includes(key)) {
      fail(`${where} annotation '${key}' is set by the controller on every analysis Job and would be overwritten. Use another key.`);
    }
  }

  const names = new Set<string>();
  const volumes = new Map<string, kplus.Volume>();
  const addVolume = (v: kplus.Volume) => {
    const known = volumes.get(v.name);
    if (known && known !== v) {
      fail(`${where}: two different volumes are named '${v.name}'. Give each volume a unique name.`);
    }
    volumes.set(v.name, v);
  };
  (options.volumes ?? []).forEach(addVolume);
  given.forEach((props, i) => {
    const container = new kplus.Container(props);
    if (names.has(container.name)) {
      fail(`${where}: container ${i} is named '${container.name}' like an earlier one`
        + `${props.name === undefined ? ' (cdk8s-plus names unnamed containers \'main\')' : ''}. Give each container a unique name.`);
    }
    names.add(container.name);
    container.mounts.forEach(m => addVolume(m.volume));
  });

  return {
    metadata: metadataBlock(options.labels, options.annotations),
    spec: {
      backoffLimit: options.backoffLimit,
      activeDeadlineSeconds,
      ttlSecondsAfterFinished: toSeconds(`${where} ttlAfterFinished`, options.ttlAfterFinished),
      // only what the options set: analysis Jobs are not cdk8s-plus workloads
      template: renderPodTemplate({
        labels: options.podLabels,
        annotations: options.podAnnotations,
        serviceAccountName: options.serviceAccountName,
        containers: given,
        keepDefaults: false,
        volumes: [...volumes.values()],
        restartPolicy,
      }),
    },
  };
}

renderProvider<JobMetricOptions>('MetricProvider.job', { options: JOB_OPTIONS, render: jobSpec });
