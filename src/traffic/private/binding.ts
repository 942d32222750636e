import { ApiObject } from 'cdk8s';
import { required } from './objects';
import { ControllerPlugin } from '../../install/plugins';
import { ProviderPermissions } from '../../install/rbac';
import { RouterKey } from '../../private/routers';
import { fail } from '../../private/synth-error';
import { ITrafficRouterBinding, ITrafficTarget } from '../router';

/** Names of the Rollout's stable and canary Services, or an error saying how to get them. */
export function services(target: ITrafficTarget, router: string): { stable: string; canary: string } {
  const stable = target.stableServiceName();
  const canary = target.canaryServiceName();
  if (!stable || !canary) {
    fail(`The ${router} router of Rollout ${target.rolloutName} needs its stable and canary Services. `
      + 'Leave stableService/canaryService out (the Rollout defines them) or pass your own.');
  }
  return { stable, canary };
}

export function port(target: ITrafficTarget, router: string, given?: number): number {
  return given ?? required(target.servicePort(), `The Service port for the ${router} router of Rollout ${target.rolloutName}`,
    'Give the router a servicePort, or give a container of the Rollout a port.');
}

/**
 * A binding whose config (the block under `trafficRouting.<key>`, of the type `S` the router's file
 * gives it) is rendered on demand. (What the controller writes in the router's objects is not part
 * of it: the router's file says that once, over the rendered config, in its `ownedFields`.)
 */
export class Binding<S extends object> implements ITrafficRouterBinding {
  constructor(
    public readonly key: RouterKey,
    private readonly render: () => S,
    public readonly apiObjects: ApiObject[],
    public readonly controllerPlugin?: ControllerPlugin,
    public readonly providerPermissions?: ProviderPermissions) {}

  public renderConfig(): S {
    return this.render();
  }
}
