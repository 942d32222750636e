// The SMI router: its argument shape, its ITrafficRouter class, its `trafficRouting.smi` block and the fields the controller owns.
import { Construct } from 'constructs';
import { Binding } from './binding';
import { nameOf, OwnedFieldsContext } from './owned-fields';
import { ExpectedStruct, struct } from '../../private/arguments';
import { objectOrEmpty as obj } from '../../private/manifest-types';
import { fail } from '../../private/synth-error';
import { IgnoreDifference, ITrafficRouter, ITrafficRouterBinding, ITrafficTarget } from '../router';
import { SmiRouterOptions } from '../smi';

/** The fields of `SmiRouterOptions`, for `checkArgument`. */
export const SMI_ROUTER_OPTIONS: ExpectedStruct = struct('SmiRouterOptions', { rootService: 'string', trafficSplitName: 'string', defineTrafficSplit: 'boolean', apiVersion: 'string' });

export class SmiRouter implements ITrafficRouter {
  public readonly key = 'smi';
  public readonly requiresStableAndCanaryServices = true;
  constructor(private readonly o: SmiRouterOptions) {
    if (o.defineTrafficSplit === true) {
      const which = o.trafficSplitName === undefined ? '(named after the Rollout)' : JSON.stringify(o.trafficSplitName);
      fail('TrafficRouting.smi(): defineTrafficSplit is true, but the controller only changes a TrafficSplit it owns: it creates '
        + `the TrafficSplit ${which} itself, with an owner reference to the Rollout, and stops at the first weight step with "Rollout does not own TrafficSplit" `
        + 'when one was applied from the manifests. Leave defineTrafficSplit out.');
    }
  }

  public bind(_scope: Construct, _target: ITrafficTarget): ITrafficRouterBinding {
    const o = this.o;
    return new Binding<SmiTrafficRoutingSpec>('smi', () => ({ rootService: o.rootService, trafficSplitName: o.trafficSplitName }), []);
  }
}

/**
 * What the controller writes in the TrafficSplit of `trafficRouting.smi` (`trafficSplitName`, by
 * default the Rollout's name; rollout/trafficrouting/smi): it creates the TrafficSplit when it is
 * missing and patches its `spec.backends` (the stable and canary weights) at every step.
 */
export function smiOwnedFields(config: unknown, ctx: OwnedFieldsContext): IgnoreDifference[] {
  const name = nameOf(obj(config).trafficSplitName) ?? ctx.rolloutName;
  return [ctx.entry('split.smi-spec.io', 'TrafficSplit', name, ['/spec/backends'])];
}

/** `trafficRouting.smi`. */
interface SmiTrafficRoutingSpec {
  readonly rootService?: string;
  readonly trafficSplitName?: string;
}
