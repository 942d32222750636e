// Internals of install/controller-options.ts: the check of the controller options (ArgoRolloutsController and ArgoRollouts run it).
import { ControllerOptions } from '../controller-options';
import { CONTROLLER_FLAG_ROWS, flagShape } from './controller-flag-table';
import { IMAGE_OPTIONS } from './option-shapes';
import { imageReference, renderControllerFlags } from './render';
import { checkArgument, checkListArgument, describeValue, ExpectedShape, PERCENT_OR_ABSOLUTE, STRING_LIST, STRING_MAP, struct } from '../../private/arguments';
import { fail } from '../../private/synth-error';
import { checkInteger } from '../../private/utils';
import { ArgoRolloutsVersion } from '../../release/version';

/** cdk8s-plus scheduling types, by their methods (the app may load another copy of cdk8s-plus). */
const TAINT_QUERY: ExpectedShape = { name: 'NodeTaintQuery (cdk8s-plus)', methods: ['_toKube'], example: "NodeTaintQuery.exists('dedicated')" };
const LABEL_QUERY: ExpectedShape = { name: 'NodeLabelQuery (cdk8s-plus)', methods: ['_toKube'], example: "NodeLabelQuery.is('pool', 'system')" };

/** The fields of `ControllerOptions` that are lists, maps and plain values, for `checkArgument`. */
const CONTROLLER_OPTIONS = struct('ControllerOptions', {
  replicas: 'number',
  podDisruptionBudget: struct('ControllerDisruptionBudget', { minAvailable: PERCENT_OR_ABSOLUTE, maxUnavailable: PERCENT_OR_ABSOLUTE }),
  resources: 'object',
  image: IMAGE_OPTIONS,
  imagePullSecrets: STRING_LIST,
  flags: struct('ControllerFlags', Object.fromEntries(CONTROLLER_FLAG_ROWS.map(([key, { kind }]) => [key, flagShape(kind)]))),
  extraArgs: STRING_LIST,
  env: STRING_MAP,
  nodeSelector: STRING_MAP,
  priorityClassName: 'string',
  podLabels: STRING_MAP,
  podAnnotations: STRING_MAP,
  deploymentLabels: STRING_MAP,
  deploymentAnnotations: STRING_MAP,
});

/**
 * Checks controller options that do not depend on the objects: replicas, leader election, the
 * disruption budget, the image and the flags of the release.
 *
 * @param where the subject of messages, e.g. `ArgoRollouts app/install`
 */
export function checkControllerOptions(where: string, options: ControllerOptions, version: ArgoRolloutsVersion): void {
  checkArgument(where, 'controller', options, CONTROLLER_OPTIONS);
  checkInteger('controller.replicas', options.replicas, 1, Number.MAX_SAFE_INTEGER,
    'The controller must run; to pause it, scale the Deployment to zero out of band.');
  if ((options.replicas ?? 1) > 1 && options.flags?.leaderElect === false) {
    fail(`${where}: controller.replicas is ${options.replicas} with flags.leaderElect: false; the controllers would all act on every Rollout. `
      + 'Keep leader election on, or run one replica.');
  }
  const pdb = options.podDisruptionBudget;
  if (pdb && (pdb.minAvailable === undefined) === (pdb.maxUnavailable === undefined)) {
    fail(`${where}: controller.podDisruptionBudget needs exactly one of minAvailable and maxUnavailable, got `
      + `${pdb.minAvailable === undefined ? 'neither' : 'both'}.`);
  }
  checkListArgument(where, 'controller.tolerations', options.tolerations, TAINT_QUERY, true);
  checkArgument(where, 'controller.affinity', options.affinity, 'object', true);
  checkListArgument(where, 'controller.affinity.requiredNodeLabels', options.affinity?.requiredNodeLabels, LABEL_QUERY, true);
  checkListArgument(where, 'controller.affinity.preferredNodeLabels', options.affinity?.preferredNodeLabels, LABEL_QUERY, true);
  checkListArgument(where, 'controller.topologySpreadConstraints', options.topologySpreadConstraints, 'object', true);
  for (const [i, c] of (options.topologySpreadConstraints ?? []).entries()) {
    if (typeof c.topology?.key !== 'string') {
      fail(`${where}: controller.topologySpreadConstraints[${i}].topology must be a cdk8s-plus Topology, e.g. Topology.ZONE, got ${describeValue(c.topology)}.`);
    }
    checkInteger(`controller.topologySpreadConstraints[${i}].maxSkew`, c.maxSkew, 1);
  }
  imageReference('controller', version, options.image);
  renderControllerFlags(options.flags ?? {}, version);
}
