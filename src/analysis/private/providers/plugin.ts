import { checkPluginName } from '../../../private/names';

/** The rendered `provider.plugin` block: the plugin's settings under its name. */
export interface PluginSpec {
  readonly [name: string]: { [key: string]: any };
}

/** Checks the name of `MetricProvider.plugin()` and renders the provider. */
export function pluginSpec(name: string, config: { [key: string]: any }): PluginSpec {
  checkPluginName(`Metric provider plugin name '${name}'`, name, 'argoproj-labs/sample-prometheus');
  return { [name]: { ...(config ?? {}) } };
}
