import { PluginItemSpec } from './private/spec-types';
import { checkArgument, STRING_LIST, struct } from '../private/arguments';
import { checkPluginName } from '../private/names';
import { fail } from '../private/synth-error';

/**
 * Options of a controller plugin.
 */
export interface ControllerPluginOptions {
  /**
   * The plugin name, `<namespace>/<name>` (e.g. `argoproj-labs/gatewayAPI`). Rollouts and analysis
   * templates refer to the plugin by this name.
   */
  readonly name: string;

  /**
   * Where the controller gets the plugin binary at start-up: an `https://`, `http://` or `file://` URL.
   */
  readonly location: string;

  /**
   * SHA-256 of the binary (64 hex digits). The controller refuses a download that does not match.
   *
   * @default - not checked
   */
  readonly sha256?: string;

  /**
   * Arguments passed to the plugin.
   *
   * @default - none
   */
  readonly args?: string[];
}

/** The ConfigMap keys of the three plugin kinds. */
export enum ControllerPluginKind {
  /** A traffic-router plugin (`trafficRouterPlugins`). */
  TRAFFIC_ROUTER = 'trafficRouterPlugins',
  /** A metric-provider plugin (`metricProviderPlugins`). */
  METRIC_PROVIDER = 'metricProviderPlugins',
  /** A step plugin (`stepPlugins`). */
  STEP = 'stepPlugins',
}

const SHA256 = /^[a-f0-9]{64}$/;

/** The fields of `ControllerPluginOptions`, for `checkArgument`. */
const CONTROLLER_PLUGIN_OPTIONS = struct('ControllerPluginOptions', { name: 'string', location: 'string', sha256: 'string', args: STRING_LIST }, {
  required: ['name'], example: "{ name: 'argoproj-labs/gatewayAPI', location: 'https://github.com/.../gatewayapi-plugin-linux-amd64' }",
});

/**
 * A plugin the controller loads at start-up, registered in `argo-rollouts-config`.
 */
export class ControllerPlugin {
  /** A traffic-router plugin. */
  public static trafficRouter(options: ControllerPluginOptions): ControllerPlugin {
    checkArgument('ControllerPlugin.trafficRouter()', 'options', options, CONTROLLER_PLUGIN_OPTIONS);
    return new ControllerPlugin(ControllerPluginKind.TRAFFIC_ROUTER, options);
  }

  /** A metric-provider plugin. */
  public static metricProvider(options: ControllerPluginOptions): ControllerPlugin {
    checkArgument('ControllerPlugin.metricProvider()', 'options', options, CONTROLLER_PLUGIN_OPTIONS);
    return new ControllerPlugin(ControllerPluginKind.METRIC_PROVIDER, options);
  }

  /** A step plugin. */
  public static step(options: ControllerPluginOptions): ControllerPlugin {
    checkArgument('ControllerPlugin.step()', 'options', options, CONTROLLER_PLUGIN_OPTIONS);
    return new ControllerPlugin(ControllerPluginKind.STEP, options);
  }

  /** The plugin name. */
  public readonly name: string;

  private constructor(
    /** Which kind of plugin. */
    public readonly kind: ControllerPluginKind,
    private readonly options: ControllerPluginOptions) {
    const { name, location, sha256 } = options;
    const where = `Controller plugin '${name}'`;
    checkPluginName(`${where}: the name`, name);
    if (!location) {
      fail(`${where} has no location. Give the URL of the plugin binary, e.g. 'https://github.com/<org>/<repo>/releases/download/v1.0.0/plugin-linux-amd64'.`);
    }
    let scheme: string;
    try {
      scheme = new URL(location).protocol;
    } catch {
      fail(`${where}: location '${location}' is not a URL. Use an https://, http:// or file:// URL.`);
    }
    if (!['http:', 'https:', 'file:'].includes(scheme)) {
      fail(`${where}: location '${location}' has the scheme '${scheme.replace(/:$/, '')}'; the controller loads only http, https and file URLs.`);
    }
    if (typeof sha256 === 'string' && !SHA256.test(sha256)) {
      fail(`${where}: sha256 '${sha256}' is not a SHA-256 checksum (64 lowercase hex digits). Use the output of 'sha256sum <binary>'.`);
    }
    this.name = name;
  }

  /** @internal */
  public _toConfig(): PluginItemSpec {
    const o = this.options;
    return {
      name: o.name,
      location: o.location,
      ...(o.sha256 ? { sha256: o.sha256 } : {}),
      ...(o.args && o.args.length ? { args: [...o.args] } : {}),
    };
  }
}
