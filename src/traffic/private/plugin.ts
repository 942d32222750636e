// A traffic-router plugin: the argument shape of its options and its ITrafficRouter class (configured under `trafficRouting.plugins`).
import { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import { Binding } from './binding';
import { PluginsTrafficRoutingSpec } from './spec-types';
import { ControllerPluginKind } from '../../install/plugins';
import { pluginUse, CONTROLLER_PLUGIN } from '../../install/private';
import { ProviderPermissions } from '../../install/rbac';
import { ExpectedStruct, JSON_OBJECT, struct } from '../../private/arguments';
import { JsonObject } from '../../private/manifest-types';
import { PluginTrafficRouterOptions } from '../plugin';
import { ITrafficRouter, ITrafficRouterBinding, ITrafficTarget } from '../router';

/** The fields of `PluginTrafficRouterOptions`, for `checkArgument`. */
export const PLUGIN_ROUTER_OPTIONS: ExpectedStruct = struct('PluginTrafficRouterOptions', {
  config: JSON_OBJECT,
  controllerPlugin: CONTROLLER_PLUGIN,
  providerPermissions: { class: ProviderPermissions, name: 'ProviderPermissions', example: "ProviderPermissions.custom('router', [{ ... }])" },
  requiresStableAndCanaryServices: 'boolean',
});

export class PluginRouter implements ITrafficRouter {
  public readonly key = 'plugins';
  public readonly requiresStableAndCanaryServices: boolean;
  constructor(public readonly pluginName: string, private readonly o: PluginTrafficRouterOptions,
    private readonly define?: (scope: Construct, target: ITrafficTarget) => { objects: ApiObject[]; config: () => JsonObject }) {
    this.requiresStableAndCanaryServices = o.requiresStableAndCanaryServices ?? true;
    pluginUse(`TrafficRouting.plugin('${pluginName}')`, 'options.controllerPlugin', ControllerPluginKind.TRAFFIC_ROUTER, pluginName, o.controllerPlugin);
  }

  public bind(scope: Construct, target: ITrafficTarget): ITrafficRouterBinding {
    const own = this.define?.(scope, target);
    const render = (): PluginsTrafficRoutingSpec => ({ [this.pluginName]: { ...(own ? own.config() : {}), ...(this.o.config ?? {}) } });
    return new Binding<PluginsTrafficRoutingSpec>('plugins', render, own?.objects ?? [], this.o.controllerPlugin, this.o.providerPermissions);
  }
}
