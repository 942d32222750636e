import { ArgSpec } from './private/spec-types';

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
    return new AnalysisArg(checkArgName(name), { value });
  }

  /**
   * The pod-template hash of the stable or of the latest ReplicaSet.
   *
   * @param name the template argument's name
   * @param hash which ReplicaSet
   */
  public static fromPodTemplateHash(name: string, hash: PodTemplateHash): AnalysisArg {
    return new AnalysisArg(checkArgName(name), { valueFrom: { podTemplateHashValue: hash } });
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
    if (!fieldPath) {
      throw new Error(`Analysis argument '${name}': fieldPath must not be empty. Use e.g. 'metadata.name'.`);
    }
    return new AnalysisArg(checkArgName(name), { valueFrom: { fieldRef: { fieldPath } } });
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

function checkArgName(name: string): string {
  if (!name || typeof name !== 'string') {
    throw new Error(`Analysis argument name must be a non-empty string, got '${name}'.`);
  }
  return name;
}
