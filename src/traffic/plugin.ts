import { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import { Binding } from './private/binding';
import { PluginsTrafficRoutingSpec } from './private/spec-types';
import { ITrafficRouter, ITrafficRouterBinding, ITrafficTarget } from './router';
import { ControllerPlugin, ControllerPluginKind } from '../install/plugins';
import { pluginUse, CONTROLLER_PLUGIN } from '../install/private';
import { ProviderPermissions } from '../install/rbac';
import { ExpectedStruct, JSON_OBJECT, struct } from '../private/arguments';
import { JsonObject } from '../private/manifest-types';

/** Options of a traffic-router plugin. */
export interface PluginTrafficRouterOptions {
  /** The plugin's settings, as the plugin documents them. @default {} */
  readonly config?: { [key: string]: any };
  /**
   * The plugin binary, registered in the app's `ArgoRollouts` install.
   *
   * @default - the install must register the plugin itself (synth fails otherwise)
   */
  readonly controllerPlugin?: ControllerPlugin;
  /** Permissions the controller needs for the plugin, added to the app's install. @default - none */
  readonly providerPermissions?: ProviderPermissions;
  /** Whether the plugin needs the stable and canary Services. @default true */
  readonly requiresStableAndCanaryServices?: boolean;
}

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
