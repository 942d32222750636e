import { ArgSpec } from './private/spec-types';
import { checkArgument } from '../private/arguments';
import { fail } from '../private/synth-error';

/**
 * Which pod-template hash an analysis argument takes its value from.
 */
export enum PodTemplateHash {
  /** The hash of the stable ReplicaSet. */
  STABLE = 'Stable',
  /** The hash of the newest (canary / preview) ReplicaSet. */
  LATEST = 'Latest',
}

/**
 * A value for an analysis template argument, given by a Rollout or an Experiment.
 *
 * @example
 * AnalysisArg.value('service-name', 'guestbook-svc.default.svc.cluster.local');
 * AnalysisArg.fromPodTemplateHash('canary-hash', PodTemplateHash.LATEST);
 * AnalysisArg.fromFieldRef('namespace', 'metadata.namespace');
 */
export class AnalysisArg {
  /**
   * A literal value.
   *
   * @param name the template argument's name
   * @param value the value
   */
  public static value(name: string, value: string): AnalysisArg {
    checkArgName('AnalysisArg.value()', name);
    checkArgument('AnalysisArg.value()', 'value', value, 'string');
    return new AnalysisArg(name, { value });
  }

  /**
   * The pod-template hash of the stable or of the latest ReplicaSet.
   *
   * @param name the template argument's name
   * @param hash which ReplicaSet
   */
  public static fromPodTemplateHash(name: string, hash: PodTemplateHash): AnalysisArg {
    checkArgName('AnalysisArg.fromPodTemplateHash()', name);
    checkArgument('AnalysisArg.fromPodTemplateHash()', 'hash', hash, { name: 'PodTemplateHash', values: Object.values(PodTemplateHash) });
    return new AnalysisArg(name, { valueFrom: { podTemplateHashValue: hash } });
  }

  /**
   * A field of the Rollout, e.g. `metadata.name`, `metadata.labels['app']` or
   * `spec.template.spec.containers[0].image`.
   *
   * Under `metadata` the controller reads only name, namespace, uid, labels and annotations.
   *
   * @param name the template argument's name
   * @param fieldPath path of the field in the Rollout
   */
  public static fromFieldRef(name: string, fieldPath: string): AnalysisArg {
    checkArgName('AnalysisArg.fromFieldRef()', name);
    checkArgument('AnalysisArg.fromFieldRef()', 'fieldPath', fieldPath, 'string');
    if (!fieldPath) {
      fail(`Analysis argument '${name}': fieldPath must not be empty. Use e.g. 'metadata.name'.`);
    }
    return new AnalysisArg(name, { valueFrom: { fieldRef: { fieldPath } } });
  }

  private constructor(
    /** The name of the template argument this gives a value. */
    public readonly name: string,
    private readonly source: Omit<ArgSpec, 'name'>) {}

  /** @internal */
  public _toKube(): ArgSpec {
    return { name: this.name, ...this.source };
  }
}

function checkArgName(where: string, name: string): string {
  checkArgument(where, 'name', name, 'string');
  if (!name) {
    fail(`Analysis argument name must be a non-empty string, got '${name}'.`);
  }
  return name;
}
