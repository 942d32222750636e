import { PodTemplateDefaults } from '../../experiment/pod-template';
import { CONTAINER_PROPS, DATE, DURATION, ExpectedStruct, listOf, METADATA, struct } from '../../private/arguments';
import { RolloutStrategy } from '../strategy';
import { WorkloadReference } from '../workload-ref';

/**
 * The fields of `RolloutProps` that cdk8s-plus does not check itself, for `checkArgument`: the
 * Rollout's own, the containers (cdk8s-plus iterates their lists) and the metadata (rendered as
 * given). The budget has its own check (`budgetAnnotations`).
 */
export const ROLLOUT_PROPS: ExpectedStruct = struct('RolloutProps', {
  metadata: METADATA,
  podMetadata: METADATA,
  containers: listOf(CONTAINER_PROPS),
  initContainers: listOf(CONTAINER_PROPS),
  replicas: 'number',
  strategy: { class: RolloutStrategy, name: 'RolloutStrategy', example: 'RolloutStrategy.canary({ ... }) or RolloutStrategy.blueGreen({ ... })' },
  workloadRef: { class: WorkloadReference, name: 'WorkloadReference', example: "WorkloadReference.fromDeploymentName('web')" },
  podTemplateDefaults: { name: 'PodTemplateDefaults', values: Object.values(PodTemplateDefaults) },
  minReady: DURATION,
  progressDeadline: DURATION,
  progressDeadlineAbort: 'boolean',
  revisionHistoryLimit: 'number',
  paused: 'boolean',
  restartAt: DATE,
  rollbackWindowRevisions: 'number',
  successfulRunHistoryLimit: 'number',
  unsuccessfulRunHistoryLimit: 'number',
});
