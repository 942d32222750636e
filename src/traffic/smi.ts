// The SMI router: its options (public) and, module-local, its argument shape, its ITrafficRouter class,
// its `trafficRouting.smi` block and the fields the controller owns.
import { Construct } from 'constructs';
import { Binding } from './private/binding';
import { nameOf, OwnedFieldsContext } from './private/owned-fields';
import { implementRouter } from './private/router-implementations';
import { IgnoreDifference, ITrafficRouter, ITrafficRouterBinding, ITrafficTarget } from './router';
import { struct } from '../private/arguments';
import { objectOrEmpty as obj } from '../private/manifest-types';
import { fail } from '../private/synth-error';

/** Options of the SMI router. */
export interface SmiRouterOptions {
  /** The Service clients call; the TrafficSplit splits it. @default - the stable Service */
  readonly rootService?: string;
  /** Name of the TrafficSplit. @default - the Rollout's name */
  readonly trafficSplitName?: string;
  /**
   * Not supported: `true` is an error. The controller creates the TrafficSplit itself, as a child of
   * the Rollout, and only ever changes a TrafficSplit it controls; one applied from the app has no
   * owner reference to the Rollout (its UID exists only once the Rollout is created), so the
   * controller would stop at the first weight step with "Rollout does not own TrafficSplit".
   *
   * @default false
   * @deprecated the controller owns the TrafficSplit; leave this out.
   */
  readonly defineTrafficSplit?: boolean;
  /**
   * Has no effect: the controller writes the TrafficSplit in the API version its
   * `--traffic-split-api-version` flag names (`v1alpha1` by default; the install's
   * `flags.trafficSplitApiVersion`).
   *
   * @default - the controller's flag
   * @deprecated set `flags.trafficSplitApiVersion` of the install instead.
   */
  readonly apiVersion?: string;
}

class SmiRouter implements ITrafficRouter {
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
function smiOwnedFields(config: unknown, ctx: OwnedFieldsContext): IgnoreDifference[] {
  const name = nameOf(obj(config).trafficSplitName) ?? ctx.rolloutName;
  return [ctx.entry('split.smi-spec.io', 'TrafficSplit', name, ['/spec/backends'])];
}

/** `trafficRouting.smi`. */
interface SmiTrafficRoutingSpec {
  readonly rootService?: string;
  readonly trafficSplitName?: string;
}

implementRouter<SmiRouterOptions>('TrafficRouting.smi', {
  options: struct('SmiRouterOptions', { rootService: 'string', trafficSplitName: 'string', defineTrafficSplit: 'boolean', apiVersion: 'string' }),
  create: options => new SmiRouter(options),
  ownedFields: smiOwnedFields,
});
