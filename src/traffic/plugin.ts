import { ControllerPlugin } from '../install/plugins';
import { ProviderPermissions } from '../install/rbac';

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
