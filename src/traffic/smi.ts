import { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import { Binding, services } from './private/binding';
import { defineRouterObject } from './private/objects';
import { nameOf, OwnedFieldsContext } from './private/owned-fields';
import { IgnoreDifference, ITrafficRouter, ITrafficRouterBinding, ITrafficTarget } from './router';

/** Options of the SMI router. */
export interface SmiRouterOptions {
  /** The Service clients call; the TrafficSplit splits it. @default - the stable Service */
  readonly rootService?: string;
  /** Name of the TrafficSplit. @default - the Rollout's name */
  readonly trafficSplitName?: string;
  /**
   * Define the TrafficSplit in the app. The controller creates and updates it either way; defining
   * it lets GitOps tools own it (its backends are then ignored, see `ignoreDifferences`).
   *
   * @default false
   */
  readonly defineTrafficSplit?: boolean;
  /** API version of the TrafficSplit. @default 'split.smi-spec.io/v1alpha1' */
  readonly apiVersion?: string;
}

export class SmiRouter implements ITrafficRouter {
  public readonly key = 'smi';
  public readonly requiresStableAndCanaryServices = true;
  constructor(private readonly o: SmiRouterOptions) {}

  public bind(scope: Construct, target: ITrafficTarget): ITrafficRouterBinding {
    const o = this.o;
    const defined: ApiObject[] = [];
    if (o.defineTrafficSplit) {
      const name = o.trafficSplitName ?? target.rolloutName;
      defined.push(defineRouterObject(scope, 'TrafficSplit', o.apiVersion ?? 'split.smi-spec.io/v1alpha1', 'TrafficSplit', name, () => {
        const s = services(target, 'smi');
        return { service: o.rootService ?? s.stable, backends: [{ service: s.stable, weight: 100 }, { service: s.canary, weight: 0 }] };
      }));
    }
    return new Binding('smi', () => ({ rootService: o.rootService, trafficSplitName: o.trafficSplitName }), defined);
  }
}

/**
 * What the controller writes in the TrafficSplit of `trafficRouting.smi` (`trafficSplitName`, by
 * default the Rollout's name; rollout/trafficrouting/smi): it creates the TrafficSplit when it is
 * missing and patches its `spec.backends` (the stable and canary weights) at every step.
 */
export function smiOwnedFields(config: any, ctx: OwnedFieldsContext): IgnoreDifference[] {
  const name = nameOf(config?.trafficSplitName) ?? ctx.rolloutName;
  return [ctx.entry('split.smi-spec.io', 'TrafficSplit', name, ['/spec/backends'])];
}
