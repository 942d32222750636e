// Rendering helpers of the install constructs (not exported from the library).
import { Duration } from 'cdk8s';
import { labelValueError } from '../../private/name-syntax';
import { releasesWith } from '../../private/versions';
import { ControllerFlags, TrafficSplitApiVersion } from '../controller-flags';
import { CONTROLLER_FLAG_ROWS, FlagKind } from './controller-flag-table';
import { ImageOptions } from '../image';
import { checkKey, toYaml } from './notification-util';
import { fail } from '../../private/synth-error';
import { checkInteger, toGoDuration } from '../../private/utils';
import { ArgoRolloutsVersion } from '../../release/version';
import { NotificationOptions } from '../notifications';
import { PolicyRule, ProviderPermissions } from '../rbac';

const READ = ['get', 'list', 'watch'];

/** The image reference of a component (the release's image of that component, from the version table, unless `options` say otherwise), checked. */
export function imageReference(component: 'controller' | 'dashboard', version: ArgoRolloutsVersion, image?: ImageOptions): string {
  const options = image ?? {}; // null is "not set", as jsii languages may pass it
  const upstream = component === 'controller' ? version._facts.controllerImage : version._facts.dashboardImage;
  const registry = options.registry ?? upstream.registry;
  const repository = options.repository ?? upstream.repository;
  const tag = options.tag ?? version.tag;
  const customRepository = options.repository !== undefined || options.registry !== undefined;
  if (options.tag !== undefined && options.tag !== version.tag && !customRepository) {
    fail(`The ${component} image tag '${options.tag}' does not match the install's version ${version.tag}: the CRDs and the controller must come from `
      + `one release. Set version: ArgoRolloutsVersion.of('${options.tag}') or drop the tag.`);
  }
  if (options.tag !== undefined && !/^[A-Za-z0-9_][A-Za-z0-9_.-]{0,127}$/.test(options.tag)) {
    fail(`The ${component} image tag '${options.tag}' is not a valid tag (letters, digits, '_', '.' and '-', at most 128).`);
  }
  if (options.digest !== undefined && !/^sha256:[a-f0-9]{64}$/.test(options.digest)) {
    fail(`The ${component} image digest '${options.digest}' is not a digest: use 'sha256:' followed by 64 lowercase hex digits.`);
  }
  return `${registry}/${repository}:${tag}${options.digest ? `@${options.digest}` : ''}`;
}

/** The value(s) of a typed flag as arguments: a Duration in seconds or in Go's syntax, a list one per item. */
function flagValues(key: keyof ControllerFlags, kind: FlagKind, flags: ControllerFlags): readonly (string | number | boolean)[] {
  const value = flags[key];
  if (value === undefined) return [];
  if (kind === 'seconds') return [(value as Duration).toSeconds()];
  if (kind === 'go-duration') return [toGoDuration(`flags.${key}`, value as Duration)];
  return Array.isArray(value) ? value : [value as string | number | boolean];
}

/**
 * The controller builds the TraefikService resource from `--traefik-api-group` and the version part
 * of `--traefik-api-version`: the two must name one group, given or defaulted.
 */
function checkTraefikFlags(flags: ControllerFlags, version: ArgoRolloutsVersion): void {
  const defaults = version._facts.controllerDefaults;
  const group = flags.traefikApiGroup ?? defaults.traefikApiGroup;
  const apiVersion = flags.traefikApiVersion ?? defaults.traefikApiVersion;
  const parts = apiVersion.split('/');
  if (parts.length !== 2 || !parts[0] || !parts[1]) {
    fail(`flags.traefikApiVersion '${apiVersion}' is not <group>/<version>. Use e.g. 'traefik.io/v1alpha1'.`);
  }
  if (parts[0] !== group) {
    const given = (name: string, set: boolean) => (set ? `${name} is` : `${name} (the ${version.tag} default) is`);
    fail(`${given('flags.traefikApiVersion', flags.traefikApiVersion !== undefined)} '${apiVersion}' but `
      + `${given('flags.traefikApiGroup', flags.traefikApiGroup !== undefined)} '${group}'; the controller would look for TraefikServices in neither. `
      + `Set both to one group, e.g. traefikApiGroup: '${parts[0]}' with traefikApiVersion: '${apiVersion}'.`);
  }
}

/** The controller arguments for the flags, in a fixed order. Throws on impossible values. */
export function renderControllerFlags(given: ControllerFlags, version: ArgoRolloutsVersion): string[] {
  // a flag set to null is not set, as jsii languages may pass it
  const flags: ControllerFlags = Object.fromEntries(Object.entries(given ?? {}).filter(([, v]) => v !== null));
  const known = version._facts.controllerFlags;
  for (const [key, { names }] of CONTROLLER_FLAG_ROWS) {
    if (flags[key] !== undefined && !names.some(n => known.includes(n))) {
      const having = releasesWith(f => names.some(n => f.controllerFlags.includes(n))).map(v => `v${v}`);
      fail(`Controller flag '${key}' (--${names[0]}) does not exist in Argo Rollouts ${version.tag}; the controller would refuse to start. `
        + `Drop it${having.length > 0 ? `, or use a release that has it (${having.join(', ')})` : ''}.`);
    }
  }
  checkTraefikFlags(flags, version);
  for (const key of ['metricsPort', 'healthzPort'] as const) checkInteger(`flags.${key}`, flags[key], 1, 65535);
  if (flags.metricsPort !== undefined && flags.metricsPort === (flags.healthzPort ?? 8080)) {
    fail(`flags.metricsPort and flags.healthzPort are both ${flags.metricsPort}. Give them different ports.`);
  }
  for (const key of ['klogLevel', 'burst', 'rolloutThreads', 'experimentThreads', 'analysisThreads', 'serviceThreads', 'ingressThreads',
    'ephemeralMetadataThreads'] as const) {
    checkInteger(`flags.${key}`, flags[key], key === 'klogLevel' ? 0 : 1);
  }
  if (flags.qps !== undefined && !(flags.qps > 0)) {
    fail(`flags.qps must be above 0, got ${flags.qps}.`);
  }
  const splitVersions: string[] = Object.values(TrafficSplitApiVersion);
  if (flags.trafficSplitApiVersion !== undefined && !splitVersions.includes(flags.trafficSplitApiVersion)) {
    fail(`flags.trafficSplitApiVersion '${flags.trafficSplitApiVersion}' is not one the controller supports (${splitVersions.join(', ')}); `
      + 'it would fail every SMI-routed Rollout. Use a TrafficSplitApiVersion.');
  }
  if (flags.instanceId !== undefined && labelValueError(flags.instanceId) !== undefined) {
    fail(`flags.instanceId '${flags.instanceId}' is not a valid label value (it is matched against a label). Use letters, digits, '-', '_' and '.'.`);
  }
  const args: string[] = [];
  for (const [key, { names, kind }] of CONTROLLER_FLAG_ROWS) {
    const name = names.find(n => known.includes(n)) ?? names[0];
    flagValues(key, kind, flags).forEach(v => args.push(`--${name}=${v}`));
  }
  return args;
}

/** The controller's core rules (everything but the providers), with the index of the provider block. */
export function controllerRules(version: ArgoRolloutsVersion, providers: ProviderPermissions[], additional: PolicyRule[]): PolicyRule[] {
  const byName = new Map(providers.map(p => [p.name, p]));
  const take = (p: ProviderPermissions) => (byName.delete(p.name) ? p.rules(version) : []);
  // the upstream order: core rules, then the upstream providers (ProviderPermissions.defaults(), in upstream's order)
  const rules: PolicyRule[] = [
    { apiGroups: ['argoproj.io'], resources: ['rollouts', 'rollouts/status', 'rollouts/finalizers'], verbs: ['get', 'list', 'watch', 'update', 'patch'] },
    {
      apiGroups: ['argoproj.io'],
      resources: ['analysisruns', 'analysisruns/finalizers', 'experiments', 'experiments/finalizers'],
      verbs: ['create', 'get', 'list', 'watch', 'update', 'patch', 'delete'],
    },
    { apiGroups: ['argoproj.io'], resources: ['analysistemplates', 'clusteranalysistemplates'], verbs: READ },
    { apiGroups: ['apps'], resources: ['replicasets'], verbs: ['create', 'get', 'list', 'watch', 'update', 'patch', 'delete'] },
    { apiGroups: ['', 'apps'], resources: ['deployments', 'podtemplates'], verbs: ['get', 'list', 'watch', 'update'] },
    { apiGroups: [''], resources: ['services'], verbs: ['get', 'list', 'watch', 'patch', 'create', 'delete'] },
    { apiGroups: ['coordination.k8s.io'], resources: ['leases'], verbs: ['create', 'get', 'update'] },
    { apiGroups: [''], resources: ['secrets', 'configmaps'], verbs: READ },
    { apiGroups: [''], resources: ['pods'], verbs: ['list', 'update', 'watch'] },
    { apiGroups: [''], resources: ['pods/eviction'], verbs: ['create'] },
    { apiGroups: [''], resources: ['events'], verbs: ['create', 'update', 'patch'] },
    { apiGroups: ['networking.k8s.io', 'extensions'], resources: ['ingresses'], verbs: ['create', 'get', 'list', 'watch', 'update', 'patch'] },
    { apiGroups: ['batch'], resources: ['jobs'], verbs: ['create', 'get', 'list', 'watch', 'update', 'patch', 'delete'] },
    ...ProviderPermissions.defaults().flatMap(take),
  ];
  // groups beyond the upstream ones, in the order given
  for (const p of providers) {
    if (byName.has(p.name)) rules.push(...p.rules(version));
  }
  rules.push(...additional);
  return rules;
}

/** Rules of the aggregate ClusterRoles (`admin`, `edit`, `view`). */
export function aggregateRules(role: 'admin' | 'edit' | 'view'): PolicyRule[] {
  const resources = ['rollouts', 'rollouts/scale', 'rollouts/status', 'experiments', 'analysistemplates', 'clusteranalysistemplates', 'analysisruns'];
  if (role === 'view') {
    return [{ apiGroups: ['argoproj.io'], resources: resources.filter(r => r !== 'rollouts/status'), verbs: READ }];
  }
  return [{ apiGroups: ['argoproj.io'], resources, verbs: ['create', 'delete', 'deletecollection', 'get', 'list', 'patch', 'update', 'watch'] }];
}

/** Rules of the dashboard's ClusterRole. */
export function dashboardRules(readOnly: boolean): PolicyRule[] {
  const w = (verbs: string[]) => (readOnly ? READ : verbs);
  return [
    { apiGroups: ['argoproj.io'], resources: ['rollouts', 'rollouts/status', 'rollouts/finalizers'], verbs: w(['get', 'list', 'watch', 'update', 'patch']) },
    {
      apiGroups: ['argoproj.io'],
      resources: ['analysisruns', 'analysisruns/finalizers', 'experiments', 'experiments/finalizers'],
      verbs: w(['create', 'get', 'list', 'watch']),
    },
    { apiGroups: ['argoproj.io'], resources: ['analysistemplates', 'clusteranalysistemplates'], verbs: READ },
    { apiGroups: ['apps'], resources: ['deployments'], verbs: w(['get', 'update', 'list', 'watch', 'patch']) },
    { apiGroups: ['apps'], resources: ['replicasets'], verbs: READ },
    { apiGroups: [''], resources: ['pods'], verbs: ['list', 'watch'] },
  ];
}

/** The notifications ConfigMap data: the catalog (unless turned off) with the user's entries on top. */
export function notificationConfigData(catalog: { [key: string]: string }, options: NotificationOptions): { [key: string]: string } {
  const data: { [key: string]: string } = options.catalog === false ? {} : { ...catalog };
  const put = (key: string, value: string, what: string) => {
    if (data[key] !== undefined && !(key in catalog)) {
      fail(`Notification ${what} '${key}' is given twice. Give each one once.`);
    }
    data[key] = value;
  };
  for (const s of options.services ?? []) {
    const [k, v] = s._toConfigMapEntry();
    put(k, v, 'service');
  }
  for (const t of options.triggers ?? []) {
    checkKey('trigger name', t.name);
    if (!t.condition) fail(`Notification trigger '${t.name}' has no condition.`);
    if (t.templates.length === 0) fail(`Notification trigger '${t.name}' sends no template. List at least one.`);
    put(`trigger.${t.name}`, toYaml([{ when: t.condition, send: [...t.templates], oncePer: t.oncePer }]), 'trigger');
  }
  for (const t of options.templates ?? []) {
    checkKey('template name', t.name);
    put(`template.${t.name}`, toYaml({ message: t.message, ...(t.services ?? {}) }), 'template');
  }
  // every trigger must send templates that exist
  const templates = new Set(Object.keys(data).filter(k => k.startsWith('template.')).map(k => k.slice('template.'.length)));
  for (const t of options.triggers ?? []) {
    for (const name of t.templates) {
      if (!templates.has(name)) {
        fail(`Notification trigger '${t.name}' sends template '${name}', which is not defined. Define it in templates, or keep the catalog that has it.`);
      }
    }
  }
  if (options.defaultSubscriptions && options.defaultSubscriptions.length > 0) {
    const triggers = new Set(Object.keys(data).filter(k => k.startsWith('trigger.')).map(k => k.slice('trigger.'.length)));
    for (const sub of options.defaultSubscriptions) {
      for (const t of sub.triggers) {
        if (!triggers.has(t)) fail(`Default subscription names trigger '${t}', which is not defined. Defined: ${[...triggers].sort().join(', ') || 'none'}.`);
      }
      if (sub.recipients.length === 0) fail(`A default subscription for ${sub.triggers.join(', ')} has no recipients.`);
    }
    data.subscriptions = toYaml(options.defaultSubscriptions.map(s => ({ recipients: [...s.recipients], triggers: [...s.triggers] })));
  }
  return data;
}
