/**
 * Plugin configuration rules C01–C04, on the ConfigMap `argo-rollouts-config`: its keys
 * `trafficRouterPlugins`, `metricProviderPlugins` and `stepPlugins` hold YAML lists of plugins
 * (`name`, `location`, `sha256`, ...) that the controller reads at start-up.
 *
 * C03 checks the form of the `sha256` of an http(s) plugin only: whether the downloaded file has that
 * digest is known only when the controller downloads it.
 */
import { JsonObject } from '../../../private/manifest-types';
import { isPluginName } from '../../../private/name-syntax';
import { ManifestContext, Rule } from '../context';
import { asObject, asArray, isObject, parseGoUrl, quote } from '../util';
import { parseYaml, YamlSyntaxError } from '../yaml';

/** Name of the controller's ConfigMap. */
export const CONTROLLER_CONFIG_MAP = 'argo-rollouts-config';
/** The ConfigMap keys that hold plugin lists. */
const PLUGIN_KEYS: readonly string[] = ['trafficRouterPlugins', 'metricProviderPlugins', 'stepPlugins'];
/** Fields of a plugin entry and their JSON types, as the controller decodes them. */
const ENTRY_FIELDS: ReadonlyMap<string, string> = new Map([
  ['name', 'string'],
  ['location', 'string'],
  ['sha256', 'string'],
  ['args', 'list of strings'],
  ['disabled', 'boolean'],
]);
const LOCATION_SCHEMES: ReadonlySet<string> = new Set(['http', 'https', 'file']);
const SHA256 = /^[0-9a-f]{64}$/;

/** True for the ConfigMap the plugin rules apply to (core v1 ConfigMap named argo-rollouts-config). */
export function isControllerConfigMap(manifest: unknown): boolean {
  return isObject(manifest) && manifest.kind === 'ConfigMap' && (manifest.apiVersion === 'v1' || manifest.apiVersion === undefined)
    && asObject(manifest.metadata)?.name === CONTROLLER_CONFIG_MAP;
}

/** A plugin entry of a plugin list (`name`, `location`, `sha256`, `args`, `disabled`). */
interface PluginView extends JsonObject {
  readonly name?: unknown;
  readonly location?: unknown;
  readonly sha256?: unknown;
}

/** One plugin entry of a key, with its path. */
interface PluginEntry {
  readonly entry: PluginView;
  readonly path: string;
}

/** The problem that makes a decoded plugin list unusable, if any. */
function listProblem(list: unknown): string | undefined {
  if (list === null || list === undefined) {
    return undefined;
  }
  if (!Array.isArray(list)) {
    return `it is ${isObject(list) ? 'a map' : quote(list)}, not a list of plugins`;
  }
  for (let i = 0; i < list.length; i++) {
    const entry = list[i];
    if (!isObject(entry)) {
      return `item ${i} is ${quote(entry)}, not a plugin (name, location, ...)`;
    }
    for (const [field, type] of ENTRY_FIELDS) {
      const value = entry[field];
      if (value === undefined || value === null) {
        continue;
      }
      const ok = type === 'string' ? typeof value === 'string'
        : type === 'boolean' ? typeof value === 'boolean'
          : Array.isArray(value) && value.every((v) => typeof v === 'string');
      if (!ok) {
        return `item ${i} has ${field} ${quote(value)}, which is not a ${type}`;
      }
    }
  }
  return undefined;
}

/** The decoded plugin lists of the ConfigMap, or the reason a key cannot be decoded (C04). */
interface PluginLists {
  readonly entries: readonly PluginEntry[];
  readonly problems: ReadonlyArray<{ readonly key: string; readonly reason: string; readonly value: unknown }>;
}

function pluginLists(ctx: ManifestContext): PluginLists {
  return ctx.memoize('pluginLists', () => {
    const data = asObject(ctx.manifest.data) ?? {};
    const entries: PluginEntry[] = [];
    const problems: Array<{ key: string; reason: string; value: unknown }> = [];
    for (const key of PLUGIN_KEYS) {
      const text = data[key];
      if (text === undefined || text === null) {
        continue;
      }
      if (typeof text !== 'string') {
        problems.push({ key, reason: `it is ${quote(text)}, but ConfigMap data values are strings holding a YAML list`, value: text });
        continue;
      }
      let list: unknown;
      try {
        list = parseYaml(text);
      } catch (error) {
        const reason = error instanceof YamlSyntaxError ? `it is not valid YAML (${error.message})` : 'it is not valid YAML';
        problems.push({ key, reason, value: text });
        continue;
      }
      const problem = listProblem(list);
      if (problem !== undefined) {
        problems.push({ key, reason: problem, value: text });
        continue;
      }
      // (listProblem has checked that each entry is an object)
      asArray(list).forEach((entry, i) => entries.push({ entry: asObject(entry) ?? {}, path: `data.${key}[${i}]` }));
    }
    return { entries, problems };
  });
}

/** Rules of the ConfigMap argo-rollouts-config: C04 first (a list that cannot be read), then C01–C03 per plugin. */
export const PLUGIN_CONFIG_RULES: readonly Rule<ManifestContext>[] = [
  {
    id: 'C04',
    check: ctx => {
      for (const { key, reason, value } of pluginLists(ctx).problems) {
        ctx.report(`data.${key}`, `The plugin list ${key} of ConfigMap ${CONTROLLER_CONFIG_MAP} cannot be read: ${reason}. The controller does not start.`,
          `Write ${key} as a YAML block string holding a list, e.g. "${key}: |" followed by "- name: <namespace>/<name>" and "location: https://...".`, value);
      }
    },
  },
  {
    id: 'C01',
    check: ctx => {
      for (const { entry, path } of pluginLists(ctx).entries) {
        const name = typeof entry.name === 'string' ? entry.name : '';
        if (!isPluginName(name)) {
          const why = name === '' ? 'is empty' : !name.includes('/') ? 'has no "/"' : name.split('/').length > 2 ? 'has more than one "/"'
            : 'has a character that is not allowed, or an empty part';
          ctx.report(`${path}.name`, `The plugin name ${quote(name)} ${why}; the controller takes names of the form <namespace>/<name>.`,
            'Name the plugin <namespace>/<name>: the namespace of ASCII letters, digits and "-", the name of letters, digits, "_", "." and "-", e.g. argoproj-labs/gatewayAPI.', name);
        }
      }
    },
  },
  {
    id: 'C02',
    check: ctx => {
      for (const { entry, path } of pluginLists(ctx).entries) {
        const location = typeof entry.location === 'string' ? entry.location : '';
        const parsed = parseGoUrl(location);
        if (typeof parsed === 'string') {
          ctx.report(`${path}.location`, `The plugin location ${quote(location)} cannot be parsed as a URL: ${parsed}.`,
            'Give the location as an http(s) URL of the plugin binary, or a file:// path to it.', location);
        } else if (!LOCATION_SCHEMES.has(parsed.scheme)) {
          const what = location === '' ? 'is empty' : parsed.scheme === '' ? 'has no scheme' : `has the scheme ${quote(parsed.scheme)}`;
          ctx.report(`${path}.location`, `The plugin location ${quote(location)} ${what}; the controller loads plugins from http, https and file locations only.`,
            'Give the location as https://... (or http://...) for a download, or file:///path/to/plugin for a file in the controller image.', location);
        }
      }
    },
  },
  {
    id: 'C03',
    check: ctx => {
      for (const { entry, path } of pluginLists(ctx).entries) {
        const sha256 = entry.sha256;
        const parsed = parseGoUrl(typeof entry.location === 'string' ? entry.location : '');
        const download = typeof parsed !== 'string' && (parsed.scheme === 'http' || parsed.scheme === 'https');
        if (!download || typeof sha256 !== 'string' || sha256 === '' || SHA256.test(sha256)) {
          continue;
        }
        const why = /^[0-9A-Fa-f]{64}$/.test(sha256)
          ? 'has upper-case hex digits, and the controller compares it with the lower-case hex digest of the download'
          : `is not a SHA-256 digest (64 lower-case hex digits; it has ${sha256.length} characters)`;
        ctx.report(`${path}.sha256`, `The plugin checksum ${quote(sha256)} ${why}, so the downloaded plugin can never match it.`,
          'Set sha256 to the output of `sha256sum <plugin binary>`: 64 lower-case hex digits.', sha256);
      }
    },
  },
];
