import { ITrafficRouter, TrafficRouterBindOptions, TrafficRouterConfig } from './router';

/**
 * Options of a traffic-router plugin.
 */
export interface PluginTrafficRouterOptions {
  /**
   * The plugin's settings, exactly as the plugin documents them.
   *
   * @default {}
   */
  readonly config?: { [key: string]: any };

}

/**
 * Traffic routers for canary Rollouts.
 */
export class TrafficRouting {
  /**
   * A traffic-router plugin, configured under `trafficRouting.plugins.<name>`.
   * The plugin must be registered in the controller's `argo-rollouts-config`.
   *
   * @param name the plugin name as registered, `<namespace>/<name>` (e.g. `argoproj-labs/gatewayAPI`)
   */
  public static plugin(name: string, options: PluginTrafficRouterOptions = {}): ITrafficRouter {
    if (!/^[A-Za-z0-9-]+\/[A-Za-z0-9_.-]+$/.test(name)) {
      throw new Error(`Traffic router plugin name '${name}' must have the form '<namespace>/<name>', e.g. 'argoproj-labs/gatewayAPI'.`);
    }
    return new PluginRouter(name, options);
  }

  private constructor() {}
}

class PluginRouter implements ITrafficRouter {
  constructor(private readonly name: string, private readonly options: PluginTrafficRouterOptions) {}

  public bind(_options: TrafficRouterBindOptions): TrafficRouterConfig {
    return {
      key: 'plugins',
      config: { [this.name]: { ...(this.options.config ?? {}) } },
      requiresStableAndCanaryServices: false,
    };
  }
}
