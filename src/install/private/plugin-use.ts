// A plugin an object of the app uses (a traffic router, a metric provider, a step), as the app's
// install reads it, and the checks and messages about its binary.
import { checkArgument, ExpectedClass } from '../../private/arguments';
import { ControllerPlugin, ControllerPluginKind } from '../plugins';

/** A plugin an object uses: the controller must load it. */
export interface PluginUse {
  readonly name: string;
  readonly kind: ControllerPluginKind;
  /** The plugin's binary, when the object was given it (the install then registers it). */
  readonly binary?: ControllerPlugin;
}

/** What a `ControllerPlugin` argument must be, for `checkArgument`. */
export const CONTROLLER_PLUGIN: ExpectedClass = {
  class: ControllerPlugin, name: 'ControllerPlugin', example: "ControllerPlugin.trafficRouter({ name: 'acme/mesh', location: 'https://…' })",
};

/** Per kind: how the plugin is named in messages, and the factory of its binary. */
const KINDS: { readonly [kind in ControllerPluginKind]: { readonly label: string; readonly factory: string } } = {
  [ControllerPluginKind.TRAFFIC_ROUTER]: { label: 'Traffic router plugin', factory: 'trafficRouter' },
  [ControllerPluginKind.METRIC_PROVIDER]: { label: 'Metric provider plugin', factory: 'metricProvider' },
  [ControllerPluginKind.STEP]: { label: 'Step plugin', factory: 'step' },
};

/** How the binary of a plugin is written, for messages: `ControllerPlugin.step({ name: 'acme/step', location })`. */
export function binaryOf(kind: ControllerPluginKind, name: string): string {
  return `ControllerPlugin.${KINDS[kind].factory}({ name: '${name}', location })`;
}

/**
 * The use of plugin `name` of `kind`, with the binary given to `call` as `argument`, checked: a
 * `ControllerPlugin`, of that plugin and kind.
 */
export function pluginUse(call: string, argument: string, kind: ControllerPluginKind, name: string, binary: unknown): PluginUse {
  checkArgument(call, argument, binary, CONTROLLER_PLUGIN, true);
  const given = binary as ControllerPlugin | undefined;
  if (given !== undefined && given !== null && (given.kind !== kind || given.name !== name)) {
    throw new Error(`${KINDS[kind].label} '${name}' is given the controller plugin '${given.name}' (${given.kind}). Give the binary of '${name}': ${binaryOf(kind, name)}.`);
  }
  return { name, kind, binary: given ?? undefined };
}
