import { AntiAffinitySpec, ReplicaProgressThresholdSpec } from './private/spec-types';
import { checkArgument } from '../private/arguments';
import { checkInteger } from '../private/utils';

/**
 * Labels and annotations added to a set of pods for as long as they play a role
 * (canary, stable, active, preview).
 */
export interface RolePodMetadata {
  /**
   * Labels.
   *
   * @default - none
   */
  readonly labels?: { [key: string]: string };

  /**
   * Annotations.
   *
   * @default - none
   */
  readonly annotations?: { [key: string]: string };
}

/**
 * Anti-affinity of new pods against the pods of the previous ReplicaSet.
 */
export class AntiAffinity {
  /**
   * Prefer to schedule new pods away from the old ones.
   *
   * @param weight 1 to 100
   */
  public static preferred(weight: number): AntiAffinity {
    checkInteger('AntiAffinity.preferred() weight', weight, 1, 100);
    return new AntiAffinity({ preferredDuringSchedulingIgnoredDuringExecution: { weight } });
  }

  /**
   * Never schedule new pods on a node that runs pods of the previous ReplicaSet.
   */
  public static required(): AntiAffinity {
    return new AntiAffinity({ requiredDuringSchedulingIgnoredDuringExecution: {} });
  }

  private constructor(private readonly value: AntiAffinitySpec) {}

  /** @internal */
  public _toKube(): AntiAffinitySpec {
    return JSON.parse(JSON.stringify(this.value));
  }
}

/**
 * How many canary pods must be available before a step counts as complete (Argo Rollouts 1.9+).
 */
export class ReplicaProgressThreshold {
  /**
   * A percentage of the desired canary pods.
   */
  public static percent(value: number): ReplicaProgressThreshold {
    checkArgument('ReplicaProgressThreshold.percent()', 'value', value, 'number');
    checkInteger('ReplicaProgressThreshold.percent()', value, 0, 100);
    return new ReplicaProgressThreshold('Percent', value);
  }

  /**
   * A number of pods.
   */
  public static pods(value: number): ReplicaProgressThreshold {
    checkArgument('ReplicaProgressThreshold.pods()', 'value', value, 'number');
    checkInteger('ReplicaProgressThreshold.pods()', value, 0);
    return new ReplicaProgressThreshold('Pods', value);
  }

  private constructor(private readonly type: string, private readonly value: number) {}

  /** @internal */
  public _toKube(): ReplicaProgressThresholdSpec {
    return { type: this.type, value: this.value };
  }
}
