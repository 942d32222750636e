/**
 * The importer's mappings from the objects of an Argo Rollouts install back to `ArgoRollouts`
 * options (code): controller flags and scheduling, images, RBAC, CRD options, notification services
 * and Secret, plugins. Each gives undefined when the input shows nothing it maps, or something no
 * option expresses; `findInstall` (install.ts) tries what they give and keeps what brings the
 * install closer to the input.
 */
import { call, lit, obj } from './code';
import { durationSeconds } from './diff';
import * as library from '../../index';
import { CONTROLLER_FLAG_ROWS } from '../../install/private';
import { isObject, JsonObject, objectOrEmpty } from '../../private/manifest-types';
import { versionFacts } from '../../private/versions';
import { parseYamlDocuments } from '../../validation/private';

/** The first YAML document of a text (a ConfigMap value), when it parses. */
export function parseYaml(text: unknown): unknown {
  if (typeof text !== 'string') return undefined;
  try {
    return parseYamlDocuments(text)[0];
  } catch {
    return undefined;
  }
}

/** A string map as code; undefined when empty or not all strings. */
export function stringMap(v: unknown): string | undefined {
  if (v === null || typeof v !== 'object' || Array.isArray(v) || Object.keys(v).length === 0) return undefined;
  return Object.values(v).every(x => typeof x === 'string') ? lit(v) : undefined;
}

/** The entries of `actual` that `base` does not hold with the same value (`skip`: keys left out), as a string map. */
export function addedEntries(actual: unknown, base: any, skip: string[] = []): string | undefined {
  if (!isObject(actual)) return undefined;
  const added = Object.fromEntries(Object.entries(actual).filter(([k, v]) => !skip.includes(k) && (base ?? {})[k] !== v));
  return stringMap(added);
}

/** A list as code when every item maps; undefined otherwise (or when empty). */
function every(items: (string | undefined)[]): string | undefined {
  return items.length > 0 && items.every(x => x !== undefined) ? `[${items.join(', ')}]` : undefined;
}

/** Whether `v` is an object whose keys are all among `keys`. */
function only(v: unknown, keys: string[]): v is JsonObject {
  return isObject(v) && Object.keys(v).every(k => keys.includes(k));
}

const isStringList = (v: unknown): v is string[] => Array.isArray(v) && v.every(x => typeof x === 'string');

// ---------------------------------------------------------------------------------------------
// images

const PULL_POLICIES: { [p: string]: string } = {
  Always: 'kplus.ImagePullPolicy.ALWAYS', IfNotPresent: 'kplus.ImagePullPolicy.IF_NOT_PRESENT', Never: 'kplus.ImagePullPolicy.NEVER',
};

/**
 * `ImageOptions` for an image reference `registry/repository:tag[@digest]` and its pull policy,
 * writing only what differs from the release's image (`component`) and `defaultPullPolicy`.
 * Undefined when the reference has no registry part or no tag (ImageOptions always writes both),
 * or when nothing differs.
 */
export function imageOptions(component: 'controller' | 'dashboard', version: string, image: unknown, pullPolicy: unknown,
  defaultPullPolicy?: string): string | undefined {
  if (typeof image !== 'string') return undefined;
  const slash = image.indexOf('/');
  const m = slash > 0 ? /^([^:@]+):([A-Za-z0-9_][A-Za-z0-9_.-]{0,127})(?:@(sha256:[a-f0-9]{64}))?$/.exec(image.slice(slash + 1)) : undefined;
  if (!m) return undefined;
  const facts = versionFacts(version);
  const upstream = component === 'controller' ? facts.controllerImage : facts.dashboardImage;
  const registry = image.slice(0, slash);
  const tag = `v${version}`;
  return obj({
    registry: registry !== upstream.registry ? lit(registry) : undefined,
    repository: m[1] !== upstream.repository ? lit(m[1]) : undefined,
    tag: m[2] !== tag ? lit(m[2]) : undefined,
    digest: m[3] !== undefined ? lit(m[3]) : undefined,
    pullPolicy: pullPolicy !== defaultPullPolicy && typeof pullPolicy === 'string' ? PULL_POLICIES[pullPolicy] : undefined,
  });
}

// ---------------------------------------------------------------------------------------------
// controller flags

/** Controller flags by each of their command-line spellings: the `ControllerFlags` key and how its value is written. */
const FLAGS = new Map(CONTROLLER_FLAG_ROWS.flatMap(([key, { names, kind }]) => names.map(name => [name, { key, kind }] as const)));

/** `Duration` code for a Go duration the library writes back as it is (`1h30m`, `15s`: no `1m0s`, no fractions). */
function goDuration(value: string): string | undefined {
  const s = durationSeconds(value);
  if (s === undefined || !/[hms]$/.test(value)) return undefined;
  const written = s === 0 ? '0s' : `${Math.floor(s / 3600) ? `${Math.floor(s / 3600)}h` : ''}${Math.floor((s % 3600) / 60) ? `${Math.floor((s % 3600) / 60)}m` : ''}`
    + `${s % 60 ? `${s % 60}s` : ''}`;
  if (written !== value) return undefined;
  if (s > 0 && s % 3600 === 0) return `Duration.hours(${s / 3600})`;
  if (s > 0 && s % 60 === 0) return `Duration.minutes(${s / 60})`;
  return `Duration.seconds(${s})`;
}

/**
 * The controller's arguments as `flags` (those `FLAGS` maps) and `extraArgs` (the others), leaving
 * out `--namespaced` (the install's `namespaced`).
 */
export function controllerArgs(args: unknown): { flags?: string; extraArgs?: string } {
  if (!isStringList(args)) return {};
  const flags: { [key: string]: string } = {};
  const lists: { [key: string]: string[] } = {};
  const extra: string[] = [];
  for (const arg of args) {
    if (arg === '--namespaced') continue;
    const m = /^--([\w-]+)=(.*)$/.exec(arg);
    const spec = m ? FLAGS.get(m[1]) : undefined;
    const value = m?.[2] ?? '';
    const kind = spec?.kind;
    let code: string | undefined;
    if (kind === 'number') code = /^\d+(\.\d+)?$/.test(value) ? value : undefined;
    else if (kind === 'boolean') code = value === 'true' || value === 'false' ? value : undefined;
    else if (kind === 'string') code = lit(value);
    else if (kind === 'seconds') code = /^\d+$/.test(value) ? `Duration.seconds(${value})` : undefined;
    else if (kind === 'go-duration') code = goDuration(value);
    else if (kind === 'list') (lists[spec!.key] ??= []).push(value);
    else if (kind) code = /^[a-z0-9]+$/.test(value) ? `${kind.enum}.${value.toUpperCase()}` : undefined;
    if (code !== undefined && flags[spec!.key] === undefined) flags[spec!.key] = code;
    else if (kind !== 'list') extra.push(arg);
  }
  Object.entries(lists).forEach(([key, values]) => (flags[key] = lit(values)));
  return { flags: obj(flags), extraArgs: extra.length > 0 ? lit(extra) : undefined };
}

// ---------------------------------------------------------------------------------------------
// scheduling

const TAINT_EFFECTS: { [e: string]: string } = {
  NoSchedule: 'kplus.TaintEffect.NO_SCHEDULE', PreferNoSchedule: 'kplus.TaintEffect.PREFER_NO_SCHEDULE', NoExecute: 'kplus.TaintEffect.NO_EXECUTE',
};

/** `kplus.NodeTaintQuery` code for a toleration. */
function toleration(t: unknown): string | undefined {
  if (!only(t, ['key', 'operator', 'value', 'effect', 'tolerationSeconds'])) return undefined;
  if (t.effect !== undefined && !TAINT_EFFECTS[String(t.effect)]) return undefined;
  if (t.tolerationSeconds !== undefined && (t.effect !== 'NoExecute' || !Number.isInteger(t.tolerationSeconds))) return undefined;
  const options = obj({
    effect: t.effect !== undefined ? TAINT_EFFECTS[String(t.effect)] : undefined,
    evictAfter: t.tolerationSeconds !== undefined ? `Duration.seconds(${t.tolerationSeconds})` : undefined,
  });
  if (t.operator === 'Exists' && t.key === undefined && t.value === undefined && options === undefined) return 'kplus.NodeTaintQuery.any()';
  if (typeof t.key !== 'string') return undefined;
  if (t.operator === 'Exists' && t.value === undefined) return call('kplus.NodeTaintQuery.exists', lit(t.key), options);
  if (t.operator === 'Equal' && typeof t.value === 'string') return call('kplus.NodeTaintQuery.is', lit(t.key), lit(t.value), options);
  return undefined;
}

/** `controller.tolerations` for the pod's tolerations. */
export function tolerations(list: unknown): string | undefined {
  return Array.isArray(list) ? every(list.map(toleration)) : undefined;
}

const TOPOLOGIES: { [key: string]: string } = {
  'kubernetes.io/hostname': 'kplus.Topology.HOSTNAME', 'topology.kubernetes.io/zone': 'kplus.Topology.ZONE', 'topology.kubernetes.io/region': 'kplus.Topology.REGION',
};

function topology(key: unknown): string | undefined {
  return typeof key === 'string' ? TOPOLOGIES[key] ?? call('kplus.Topology.custom', lit(key)) : undefined;
}

const LABEL_OPERATORS: { [op: string]: string } = Object.fromEntries(['In', 'NotIn', 'Exists', 'DoesNotExist', 'Gt', 'Lt']
  .map(op => [op, `kplus.NodeLabelQuery.${op.charAt(0).toLowerCase()}${op.slice(1)}`]));

/** `kplus.NodeLabelQuery` code for a node selector requirement. */
function labelQuery(e: unknown): string | undefined {
  if (!only(e, ['key', 'operator', 'values']) || typeof e.key !== 'string' || !LABEL_OPERATORS[String(e.operator)]) return undefined;
  const noValues = e.operator === 'Exists' || e.operator === 'DoesNotExist';
  if (noValues) return e.values === undefined ? call(LABEL_OPERATORS[String(e.operator)], lit(e.key)) : undefined;
  if (!isStringList(e.values)) return undefined;
  if (e.operator === 'In' && e.values.length === 1) return call('kplus.NodeLabelQuery.is', lit(e.key), lit(e.values[0]));
  return call(LABEL_OPERATORS[String(e.operator)], lit(e.key), lit(e.values));
}

/**
 * `controller.affinity` for the pod's affinity: node label queries (one required term, one preferred
 * term of weight 100) and the replicas kept apart by a topology. With no affinity and more than one
 * replica, `{}` (the default there is a preference for different nodes).
 */
export function affinity(a: unknown, replicas: number): string | undefined {
  if (a === undefined) return replicas > 1 ? '{}' : undefined;
  if (!only(a, ['nodeAffinity', 'podAntiAffinity'])) return undefined;
  const node = a.nodeAffinity ?? {};
  const pod = a.podAntiAffinity ?? {};
  if (!only(node, ['requiredDuringSchedulingIgnoredDuringExecution', 'preferredDuringSchedulingIgnoredDuringExecution'])
    || !only(pod, ['requiredDuringSchedulingIgnoredDuringExecution', 'preferredDuringSchedulingIgnoredDuringExecution'])) return undefined;
  const required = node.requiredDuringSchedulingIgnoredDuringExecution;
  const preferred = node.preferredDuringSchedulingIgnoredDuringExecution;
  const requiredTerms = objectOrEmpty(required).nodeSelectorTerms;
  if (required !== undefined && !(Array.isArray(requiredTerms) && requiredTerms.length === 1 && only(requiredTerms[0], ['matchExpressions']))) return undefined;
  if (preferred !== undefined && !(Array.isArray(preferred) && preferred.length === 1 && preferred[0]?.weight === 100)) return undefined;
  const queries = (list: unknown) => (Array.isArray(list) ? every(list.map(labelQuery)) ?? null : undefined);
  const requiredNodeLabels = queries(requiredTerms?.[0]?.matchExpressions);
  const preferredNodeLabels = queries(preferred?.[0]?.preference?.matchExpressions);
  if (requiredNodeLabels === null || preferredNodeLabels === null) return undefined;
  const hard = pod.requiredDuringSchedulingIgnoredDuringExecution;
  const soft = pod.preferredDuringSchedulingIgnoredDuringExecution;
  if (hard !== undefined && soft !== undefined) return undefined;
  let separateReplicasBy: string | undefined;
  if (hard !== undefined) {
    if (!Array.isArray(hard) || hard.length !== 1) return undefined;
    separateReplicasBy = topology(hard[0]?.topologyKey);
  } else if (soft !== undefined) {
    if (!Array.isArray(soft) || soft.length !== 1 || soft[0]?.weight !== 100) return undefined;
    separateReplicasBy = topology(soft[0]?.podAffinityTerm?.topologyKey);
  }
  if ((hard ?? soft) !== undefined && separateReplicasBy === undefined) return undefined;
  return obj({
    requiredNodeLabels: requiredNodeLabels ?? undefined,
    preferredNodeLabels: preferredNodeLabels ?? undefined,
    separateReplicasBy,
    requireSeparation: hard !== undefined ? 'true' : undefined,
  }) ?? '{}';
}

/** `controller.topologySpreadConstraints` for the pod's constraints (they count the controller's pods). */
export function spreadConstraints(list: unknown): string | undefined {
  if (!Array.isArray(list)) return undefined;
  return every(list.map(c => (only(c, ['maxSkew', 'topologyKey', 'whenUnsatisfiable', 'labelSelector'])
    && (c.whenUnsatisfiable === 'DoNotSchedule' || c.whenUnsatisfiable === 'ScheduleAnyway') && Number.isInteger(c.maxSkew) ? obj({
      topology: topology(c.topologyKey),
      maxSkew: c.maxSkew !== 1 ? String(c.maxSkew) : undefined,
      whenUnsatisfiable: c.whenUnsatisfiable === 'ScheduleAnyway' ? 'UnsatisfiableSpreadAction.SCHEDULE_ANYWAY' : undefined,
    }) : undefined)));
}

function percentOrAbsolute(v: unknown): string | undefined {
  if (typeof v === 'number' && Number.isInteger(v)) return `kplus.PercentOrAbsolute.absolute(${v})`;
  if (typeof v === 'string' && /^\d+%$/.test(v)) return `kplus.PercentOrAbsolute.percent(${v.slice(0, -1)})`;
  return undefined;
}

/** `controller.podDisruptionBudget` for the controller's PodDisruptionBudget. */
export function disruptionBudget(pdb: unknown): string | undefined {
  const spec = objectOrEmpty(pdb).spec;
  if (!isObject(spec) || (spec.minAvailable === undefined) === (spec.maxUnavailable === undefined)) return undefined;
  return obj({ minAvailable: percentOrAbsolute(spec.minAvailable), maxUnavailable: percentOrAbsolute(spec.maxUnavailable) });
}

// ---------------------------------------------------------------------------------------------
// RBAC

/**
 * The traffic providers whose permissions the library knows, by the name of their `ProviderPermissions`
 * constant: upstream's first (in the order the library writes them), as the class declares them.
 */
const PROVIDERS: readonly string[] = Object.keys(library.ProviderPermissions)
  .filter(name => (library.ProviderPermissions as any)[name] instanceof library.ProviderPermissions);
const permissionsOf = (name: string): library.ProviderPermissions => (library.ProviderPermissions as any)[name];

const ruleText = (rule: unknown) => {
  const r = objectOrEmpty(rule);
  return JSON.stringify([r.apiGroups, r.resources, r.verbs, r.resourceNames]);
};

/**
 * `providerPermissions` and `additionalRules` for the rules of the controller's (Cluster)Role: after
 * the core rules (those of `baseRules`, the defaults' install, without its providers), the groups of
 * the providers the library knows, then the rest as additional rules. A `ProviderPermissions.custom`
 * group writes the same rules as `additionalRules`: the importer writes the latter.
 */
export function rbacOptions(rules: unknown, baseRules: unknown, version: string): { providerPermissions?: string; additionalRules?: string } {
  const v = library.ArgoRolloutsVersion.all().find(x => x.version === version);
  if (!v || !Array.isArray(rules) || !Array.isArray(baseRules)) return {};
  const core = baseRules.length - library.ProviderPermissions.defaults().reduce((n, p) => n + p.rules(v).length, 0);
  if (core < 0 || rules.length < core || rules.slice(0, core).some((r, i) => ruleText(r) !== ruleText(baseRules[i]))) return {};
  let rest = rules.slice(core);
  const chosen: string[] = [];
  for (let found = true; found && rest.length > 0;) {
    found = false;
    for (const name of PROVIDERS.filter(n => !chosen.includes(n))) {
      const group = permissionsOf(name).rules(v);
      if (group.length <= rest.length && group.every((r, i) => ruleText(r) === ruleText(rest[i]))) {
        chosen.push(name);
        rest = rest.slice(group.length);
        found = true;
        break;
      }
    }
  }
  const defaults = library.ProviderPermissions.defaults().map(p => PROVIDERS.find(n => permissionsOf(n) === p));
  // a PolicyRule: its fields in the order of the interface
  const additional = rest.map(r => (only(r, ['apiGroups', 'resources', 'verbs', 'resourceNames']) && isStringList(r.apiGroups) && isStringList(r.resources)
    && isStringList(r.verbs) && (r.resourceNames === undefined || isStringList(r.resourceNames))
    ? obj({ apiGroups: lit(r.apiGroups), resources: lit(r.resources), verbs: lit(r.verbs), resourceNames: r.resourceNames && lit(r.resourceNames) })
    : undefined));
  return {
    providerPermissions: chosen.join() === defaults.join() ? undefined : `[${chosen.map(n => `ProviderPermissions.${n}`).join(', ')}]`,
    additionalRules: every(additional),
  };
}

// ---------------------------------------------------------------------------------------------
// CRDs

const SYNC_OPTIONS = 'argocd.argoproj.io/sync-options';
const SYNC_WAVE = 'argocd.argoproj.io/sync-wave';
const RESOURCE_POLICY = 'helm.sh/resource-policy';

/** The entries every one of `maps` holds with one value, less those every `upstream` map holds with it too and the `owned` keys. */
function commonEntries(maps: any[], upstream: any[], owned: string[]): string | undefined {
  const first = maps[0] ?? {};
  const common = Object.fromEntries(Object.entries(first).filter(([k, value]) => !owned.includes(k)
    && maps.every(m => m?.[k] === value) && !(upstream.length === maps.length && upstream.every(u => u?.[k] === value))));
  return stringMap(common);
}

/**
 * `ArgoRolloutsCrdsProps` entries (without `version`) for the CRDs of the input: the Argo CD sync
 * options and wave, keep-on-delete, and the annotations and labels every CRD has beyond upstream's
 * (`upstream`: the CRDs the release ships, as the library writes them; `extras`: false leaves the
 * last three out).
 */
export function crdOptionEntries(crds: any[], upstream: any[], extras: boolean): { [key: string]: string | undefined } {
  const annotations = crds[0]?.metadata?.annotations ?? {};
  const syncOptions = String(annotations[SYNC_OPTIONS] ?? '').split(',');
  const wave = annotations[SYNC_WAVE];
  const keep = extras && syncOptions.includes('Delete=false') && annotations[RESOURCE_POLICY] === 'keep';
  return {
    serverSideApply: syncOptions.includes('ServerSideApply=true') ? 'true' : undefined,
    keepOnDelete: keep ? 'true' : undefined,
    syncWave: typeof wave === 'string' && /^-?\d+$/.test(wave) ? wave : undefined,
    annotations: extras ? commonEntries(crds.map(c => c.metadata?.annotations), upstream.map(c => c.metadata?.annotations),
      [SYNC_OPTIONS, SYNC_WAVE, ...(keep ? [RESOURCE_POLICY] : [])]) : undefined,
    labels: extras ? commonEntries(crds.map(c => c.metadata?.labels), upstream.map(c => c.metadata?.labels), []) : undefined,
  };
}

// ---------------------------------------------------------------------------------------------
// notifications

const SECRET_REF = /^\$([\w-]+)$/;

/** The Secret key of a `$key` reference; undefined for anything else. */
function secretKey(v: unknown): string | undefined {
  return typeof v === 'string' ? SECRET_REF.exec(v)?.[1] : undefined;
}

/** `{ name: 'key' }` code for a map of names to `$key` references. */
function secretKeys(v: unknown): string | undefined {
  if (!isObject(v) || Object.keys(v).length === 0) return undefined;
  const keys = Object.entries(v).map(([k, ref]) => [k, secretKey(ref)]);
  return keys.every(([, key]) => key !== undefined) ? lit(Object.fromEntries(keys)) : undefined;
}

const str = (v: unknown) => (typeof v === 'string' ? lit(v) : undefined);
const keyOf = (v: unknown) => (v === undefined ? undefined : secretKey(v) !== undefined ? lit(secretKey(v)) : 'null');

/** The typed `NotificationService` factory calls that may write a service of the engine's type, by type (the part before a dot). */
const SERVICES: { [type: string]: (s: JsonObject, name: string) => string | undefined } = {
  'slack': s => (keyOf(s.token) ? call('NotificationService.slack', keyOf(s.token), obj({
    username: str(s.username), icon: str(s.icon), signingSecretKey: keyOf(s.signingSecret),
  })) : undefined),
  'teams': s => call('NotificationService.teams', secretKeys(s.recipientUrls) ?? 'null'),
  'teams-workflows': s => call('NotificationService.teamsWorkflows', secretKeys(s.recipientUrls) ?? 'null'),
  'pagerdutyv2': s => call('NotificationService.pagerDutyV2', secretKeys(s.serviceKeys) ?? 'null'),
  'googlechat': s => call('NotificationService.googleChat', secretKeys(s.webhooks) ?? 'null'),
  'opsgenie': s => call('NotificationService.opsgenie', str(s.apiUrl) ?? 'null', secretKeys(s.apiKeys) ?? 'null'),
  'grafana': s => call('NotificationService.grafana', str(s.apiUrl) ?? 'null', keyOf(s.apiKey) ?? 'null'),
  'mattermost': s => call('NotificationService.mattermost', str(s.apiURL) ?? 'null', keyOf(s.token) ?? 'null'),
  'telegram': s => call('NotificationService.telegram', keyOf(s.token) ?? 'null'),
  'email': s => call('NotificationService.email', obj({
    host: str(s.host),
    port: typeof s.port === 'number' && s.port !== 587 ? String(s.port) : undefined,
    from: str(s.from),
    usernameSecretKey: keyOf(s.username),
    passwordSecretKey: keyOf(s.password),
  })),
  'github': s => call('NotificationService.github', obj({
    appId: str(s.appID),
    installationId: str(s.installationID),
    privateKeySecretKey: keyOf(s.privateKey),
    enterpriseBaseUrl: str(s.enterpriseBaseURL),
  })),
  'nats': s => call('NotificationService.nats', str(s.url) ?? 'null', obj({
    headers: stringMap(s.headers),
    nkeySecretKey: keyOf(s.nkey),
    usernameSecretKey: keyOf(s.username),
    passwordSecretKey: keyOf(s.password),
  })),
  'gcppubsub': s => call('NotificationService.gcpPubSub', str(s.project) ?? 'null', str(s.topic) ?? 'null', obj({
    keyFileSecretKey: keyOf(s.keyFile),
    attributes: stringMap(s.attributes),
  })),
  'webhook': (s, name) => {
    const headers = Array.isArray(s.headers) ? s.headers : [];
    const plain = headers.filter((h: unknown) => secretKey(objectOrEmpty(h).value) === undefined);
    const secret = headers.filter((h: unknown) => secretKey(objectOrEmpty(h).value) !== undefined);
    const map = (list: any[], value: (h: any) => unknown) => (list.length > 0
      ? lit(Object.fromEntries(list.map(h => [h?.name, value(h)]))) : undefined);
    return call('NotificationService.webhook', lit(name.slice('webhook.'.length)), str(s.url) ?? 'null', obj({
      headers: map(plain, h => h.value),
      secretHeaders: map(secret, h => secretKey(h.value)),
      insecureSkipVerify: typeof s.insecureSkipVerify === 'boolean' ? String(s.insecureSkipVerify) : undefined,
    }));
  },
};

/** Runs `NotificationService` code, and gives the settings it writes (undefined when the library refuses it). */
function writtenSettings(code: string): unknown {
  try {
    // eslint-disable-next-line @typescript-eslint/no-implied-eval
    const service = new Function('NotificationService', `return ${code};`)(library.NotificationService) as library.NotificationService;
    const [key, text] = service._toConfigMapEntry();
    return { key, settings: parseYaml(text) };
  } catch {
    return undefined;
  }
}

/**
 * `NotificationService` code for a `service.<name>` entry of the notifications ConfigMap: the typed
 * factory of its type when that factory writes these settings exactly, else `NotificationService.custom`.
 */
export function notificationService(name: string, settings: unknown): string | undefined {
  if (!isObject(settings)) return undefined;
  const typed = SERVICES[name.split('.')[0]]?.(settings, name);
  if (typed !== undefined && JSON.stringify(writtenSettings(typed)) === JSON.stringify({ key: `service.${name}`, settings: JSON.parse(JSON.stringify(settings)) })) {
    return typed;
  }
  return call('NotificationService.custom', lit(name), lit(settings));
}

/**
 * The notification options the ConfigMap shows beyond what `notifications: true` alone writes
 * (`base`: that ConfigMap's data): services, triggers and templates that are not the catalog's,
 * default subscriptions, and no catalog; and the Secret (`secret`: its manifest), left out or with
 * values.
 */
export function notificationOptions(data: any, base: any, secret: unknown): string | undefined {
  if (!data || typeof data !== 'object') data = {};
  base = base ?? {};
  const own = Object.keys(data).filter(k => data[k] !== base[k]).sort();
  const services = own.filter(k => k.startsWith('service.')).map(k => notificationService(k.slice('service.'.length), parseYaml(data[k])));
  const triggers = own.filter(k => k.startsWith('trigger.')).map(k => {
    const t = parseYaml(data[k]);
    const c = Array.isArray(t) && t.length === 1 ? t[0] : undefined;
    if (!c || typeof c.when !== 'string' || !Array.isArray(c.send) || Object.keys(c).some(x => !['when', 'send', 'oncePer'].includes(x))) return undefined;
    return obj({ name: lit(k.slice('trigger.'.length)), condition: lit(c.when), templates: lit(c.send), oncePer: typeof c.oncePer === 'string' ? lit(c.oncePer) : undefined });
  });
  const templates = own.filter(k => k.startsWith('template.')).map(k => {
    const t = parseYaml(data[k]);
    if (!isObject(t) || typeof t.message !== 'string') return undefined;
    const { message, ...services_ } = t;
    return obj({ name: lit(k.slice('template.'.length)), message: lit(message), services: Object.keys(services_).length > 0 ? lit(services_) : undefined });
  });
  const subscriptions = parseYaml(data.subscriptions);
  const catalog = Object.keys(base).some(k => k.startsWith('template.')) && !Object.keys(data).some(k => k.startsWith('template.') && data[k] === base[k]);
  const values = stringMap(objectOrEmpty(secret).stringData);
  return obj({
    services: every(services),
    triggers: every(triggers),
    templates: every(templates),
    defaultSubscriptions: Array.isArray(subscriptions) && subscriptions.every(s => Array.isArray(s?.recipients) && Array.isArray(s?.triggers))
      ? lit(subscriptions.map(s => ({ recipients: s.recipients, triggers: s.triggers }))) : undefined,
    secret: !secret ? 'NotificationSecret.external()' : values ? call('NotificationSecret.fromValues', values) : undefined,
    catalog: catalog ? 'false' : undefined,
  });
}

// ---------------------------------------------------------------------------------------------
// plugins

const PLUGIN_KINDS: { [key: string]: string } = {
  trafficRouterPlugins: 'ControllerPlugin.trafficRouter', metricProviderPlugins: 'ControllerPlugin.metricProvider', stepPlugins: 'ControllerPlugin.step',
};

/** `ControllerPlugin` code for the plugins registered in `argo-rollouts-config`; undefined when there are none, or one does not map. */
export function plugins(config: unknown): string | undefined {
  const data = objectOrEmpty(config);
  const out: (string | undefined)[] = [];
  for (const key of Object.keys(data).sort()) {
    const list = PLUGIN_KINDS[key] ? parseYaml(data[key]) : undefined;
    if (!Array.isArray(list)) return undefined;
    out.push(...list.map((p: unknown) => (isObject(p) && typeof p.name === 'string' && typeof p.location === 'string'
      && Object.keys(p).every(k => ['name', 'location', 'sha256', 'args'].includes(k))
      ? call(PLUGIN_KINDS[key], obj({
        name: lit(p.name),
        location: lit(p.location),
        sha256: p.sha256 !== undefined ? lit(p.sha256) : undefined,
        args: Array.isArray(p.args) ? lit(p.args) : undefined,
      })) : undefined)));
  }
  return every(out);
}
