// A plugin an object of the app uses (a traffic router, a metric provider, a step), as the app's
// install reads it, and the checks and messages about its binary.
import { checkArgument, ExpectedClass } from '../../private/arguments';
import { fail } from '../../private/synth-error';
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

/** How a kind of plugin reads in messages. */
interface KindWords {
  /** The plugin, e.g. `Step plugin`. */
  readonly label: string;
  /** The `ControllerPlugin` factory of its binary. */
  readonly factory: string;
  /** What an object does with it. */
  readonly uses: string;
  /** Where else its binary may be given. */
  readonly orElse: string;
}

/** Per kind, for messages. */
const KINDS: { readonly [kind in ControllerPluginKind]: KindWords } = {
  [ControllerPluginKind.TRAFFIC_ROUTER]: {
    label: 'Traffic router plugin', factory: 'trafficRouter', uses: 'routes traffic through the plugin', orElse: 'give the router its controllerPlugin',
  },
  [ControllerPluginKind.METRIC_PROVIDER]: {
    label: 'Metric provider plugin', factory: 'metricProvider', uses: 'measures a metric with the plugin', orElse: 'give MetricProvider.plugin() its binary',
  },
  [ControllerPluginKind.STEP]: {
    label: 'Step plugin', factory: 'step', uses: 'runs a step of the plugin', orElse: 'give CanaryStep.plugin() its binary',
  },
};

/** How the binary of a plugin is written, for messages: `ControllerPlugin.step({ name: 'acme/step', location })`. */
function binaryOf(kind: ControllerPluginKind, name: string): string {
  return `ControllerPlugin.${KINDS[kind].factory}({ name: '${name}', location })`;
}

/**
 * The error of a plugin an object uses that the install (`install`, e.g. `ArgoRolloutsConfig app/x`)
 * neither registers nor was given the binary of: the controller would not load it.
 */
export function unregisteredPluginError(requiredBy: string, use: PluginUse, install: string): Error {
  const { uses, orElse } = KINDS[use.kind];
  return new Error(`${requiredBy} ${uses} '${use.name}', but ${install} does not register it, so the controller would not load it. `
    + `Register it with addPlugin(${binaryOf(use.kind, use.name)}) (or the install's plugins), or ${orElse}.`);
}

/**
 * The use of plugin `name` of `kind`, with the binary given to `call` as `argument`, checked: a
 * `ControllerPlugin`, of that plugin and kind.
 */
export function pluginUse(call: string, argument: string, kind: ControllerPluginKind, name: string, binary: unknown): PluginUse {
  checkArgument(call, argument, binary, CONTROLLER_PLUGIN, true);
  const given = binary as ControllerPlugin | undefined;
  if (given !== undefined && given !== null && (given.kind !== kind || given.name !== name)) {
    fail(`${KINDS[kind].label} '${name}' is given the controller plugin '${given.name}' (${given.kind}). Give the binary of '${name}': ${binaryOf(kind, name)}.`);
  }
  return { name, kind, binary: given ?? undefined };
}
