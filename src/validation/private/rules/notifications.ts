/**
 * Notification rules N01–N12: the notification ConfigMap `argo-rollouts-notification-configmap`
 * and Secret `argo-rollouts-notification-secret` that the controller's notifications engine reads,
 * and the subscriptions a Rollout makes with its annotations. The controller accepts every one of
 * these manifests: what goes wrong is that a notification is never sent.
 *
 * What the controller does (Argo Rollouts 1.8–1.10, notifications engine 0.4–0.5):
 * - it reads the ConfigMap and the Secret of those names from its own namespace, and with
 *   `--self-service-notification-enabled` also from the namespace of each Rollout; the Rollout's
 *   subscriptions are matched against each configuration found;
 * - ConfigMap keys: `trigger.<name>` (a YAML list of conditions `when`, `send`, `oncePer`),
 *   `template.<name>` (a YAML map), `service.<type>` or `service.<type>.<name>` (a YAML map; the
 *   service's name is the last part), `defaultTriggers` and `defaultTriggers.<service>` (YAML lists of
 *   trigger names), `subscriptions` (a YAML list of default subscriptions); a key that does not decode,
 *   or a service key of more than three parts, fails the whole configuration;
 * - in service settings, `$key` (a `$` then letters, digits, `_` or `-`) is replaced by the value of
 *   that key of the Secret, and left as it is when the Secret has no such key;
 * - conditions are compiled (expr language) when the configuration is loaded: one that does not
 *   compile fails the whole configuration;
 * - Rollout annotations `notifications.argoproj.io/subscribe.<trigger>.<service>: <recipients>`
 *   (recipients separated by `;`; the key is split at dots, so the service is the second part),
 *   `notifications.argoproj.io/subscribe.<service>` (the service's default triggers, else
 *   `defaultTriggers`), and `notifications.argoproj.io/subscriptions` (a YAML list of `trigger` lists
 *   and `destinations`).
 */
import { SUBSCRIBE_PREFIX } from '../../../private/name-syntax';
import { releasesWith, versionFacts } from '../../../private/versions';
import { ManifestContext, Rule, RuleContext } from '../context';
import { exprSyntaxError } from '../expr';
import { ManifestView } from '../manifest-view';
import { asObject, asArray, asString, cutText, forEachString, isObject, isSet, listWords, ownValue, quote } from '../util';
import { parseYaml } from '../yaml';

/** Name of the notification ConfigMap the controller reads. */
export const NOTIFICATION_CONFIG_MAP = 'argo-rollouts-notification-configmap';
/** Name of the notification Secret the controller reads. */
export const NOTIFICATION_SECRET = 'argo-rollouts-notification-secret';
/** The YAML form of subscriptions. */
export const SUBSCRIPTIONS_ANNOTATION = 'notifications.argoproj.io/subscriptions';
/** The annotation prefix of the standalone argocd-notifications project, which Argo Rollouts does not read. */
const ARGOCD_NOTIFICATIONS_PREFIX = 'argocd-notifications.argoproj.io/';
/** Triggers of Argo CD's catalog: they watch Applications, not Rollouts. */
const ARGOCD_TRIGGERS: ReadonlySet<string> = new Set([
  'on-created', 'on-deleted', 'on-deployed', 'on-health-degraded', 'on-sync-failed', 'on-sync-running',
  'on-sync-status-unknown', 'on-sync-succeeded',
]);
/** Triggers of the standard catalog (the same in every supported release). */
const CATALOG_TRIGGERS: ReadonlySet<string> = new Set([
  'on-analysis-run-error', 'on-analysis-run-failed', 'on-analysis-run-running', 'on-rollout-aborted', 'on-rollout-completed',
  'on-rollout-paused', 'on-rollout-step-completed', 'on-rollout-updated', 'on-scaling-replica-set',
]);
/** A Secret reference in service settings, as the notifications engine finds them. */
const SECRET_REFERENCE = /\$([\w-]+)/g;
/** Go template actions (`{{ … }}`). */
const TEMPLATE_ACTION = /\{\{([^}]*)\}\}/g;
/** Argo CD's `.app` variable at the root of a field chain (`.app.…`, `$.app`), not a field named app (`.labels.app`). */
const APP_VARIABLE = /(^|[^\w)\].])\.app\b/;

/** True when a template text reads Argo CD's `.app`. */
export function readsAppVariable(text: string): boolean {
  return [...text.matchAll(TEMPLATE_ACTION)].some(action => APP_VARIABLE.test(action[1]));
}

/** The service types of a release's notifications engine (the version table's fact). */
export function serviceTypesOf(version: string | undefined): readonly string[] {
  return versionFacts(version).notificationServices;
}

function isCore(manifest: ManifestView): boolean {
  return manifest.apiVersion === 'v1' || manifest.apiVersion === undefined;
}

function nameOf(manifest: ManifestView): string {
  return asString(asObject(manifest?.metadata)?.name);
}

function namespaceOf(manifest: ManifestView): string {
  return asString(asObject(manifest?.metadata)?.namespace);
}

/** True for a core ConfigMap or Secret whose name mentions notifications: the objects N01–N08 look at. */
export function isNotificationObject(manifest: unknown): boolean {
  return isObject(manifest) && (manifest.kind === 'ConfigMap' || manifest.kind === 'Secret') && isCore(manifest)
    && /notification/i.test(nameOf(manifest));
}

function isNotificationConfigMap(manifest: unknown): boolean {
  return isObject(manifest) && manifest.kind === 'ConfigMap' && isCore(manifest) && nameOf(manifest) === NOTIFICATION_CONFIG_MAP;
}

/** True for data keys only a notification ConfigMap has. */
function hasNotificationKeys(data: unknown): boolean {
  return isObject(data) && Object.keys(data).some(k => /^(trigger|template|service|defaultTriggers)\./.test(k) || k === 'defaultTriggers');
}

/** The controller among the manifests: its namespace and whether it reads the Rollouts' namespaces too. */
interface ControllerInfo {
  readonly namespace: string;
  readonly selfService: boolean;
}

function flagValue(args: readonly string[], flag: string): boolean {
  let value = false;
  args.forEach((arg, i) => {
    if (arg === `--${flag}`) {
      const next = args[i + 1];
      value = next === 'false' ? false : true;
    } else if (arg.startsWith(`--${flag}=`)) {
      value = arg.slice(flag.length + 3) !== 'false';
    }
  });
  return value;
}

function controllerOf(ctx: ManifestContext): ControllerInfo | undefined {
  return ctx.index.memoizeRun('notifications.controller', () => {
    for (const { manifest } of ctx.index.referable) {
      if (!isObject(manifest) || manifest.kind !== 'Deployment') continue;
      const containers = asArray(asObject(asObject(asObject(manifest.spec)?.template)?.spec)?.containers);
      for (const value of containers) {
        const container = asObject(value);
        const image = asString(container?.image);
        if (!/(^|\/)argo-rollouts([:@]|$)/.test(image)) continue;
        const args = [...asArray(container?.command), ...asArray(container?.args)].filter(a => typeof a === 'string');
        return { namespace: namespaceOf(manifest), selfService: flagValue(args, 'self-service-notification-enabled') };
      }
    }
    return undefined;
  });
}

/** A decoded notification ConfigMap. */
interface NotificationConfig {
  readonly manifest: ManifestView;
  readonly documentIndex: number;
  readonly namespace: string;
  readonly triggers: ReadonlySet<string>;
  readonly templates: ReadonlySet<string>;
  /** Service name → service type. */
  readonly services: ReadonlyMap<string, string>;
  readonly defaultTriggers: readonly string[];
  readonly serviceDefaultTriggers: ReadonlyMap<string, readonly string[]>;
}

function decodeYaml(text: unknown): { value?: unknown; error?: string } {
  if (typeof text !== 'string') {
    return { error: `it is ${quote(text)}, not a string` };
  }
  try {
    return { value: parseYaml(text) };
  } catch (error) {
    return { error: `it is not YAML (${String((error as Error).message).split('\n')[0]})` };
  }
}

/** True for a list of strings. */
function isStringList(value: unknown): boolean {
  return Array.isArray(value) && value.every(item => typeof item === 'string');
}

function stringList(value: unknown): string[] {
  return asArray(value).filter((v): v is string => typeof v === 'string');
}

function decodeConfig(manifest: ManifestView, documentIndex: number): NotificationConfig {
  const data = asObject(manifest.data) ?? {};
  const triggers = new Set<string>();
  const templates = new Set<string>();
  const services = new Map<string, string>();
  const serviceDefaultTriggers = new Map<string, string[]>();
  for (const key of Object.keys(data)) {
    const parts = key.split('.');
    if (key.startsWith('trigger.')) triggers.add(parts.slice(1).join('.'));
    if (key.startsWith('template.')) templates.add(parts.slice(1).join('.'));
    if (key.startsWith('service.') && (parts.length === 2 || parts.length === 3)) services.set(parts[parts.length - 1], parts[1]);
    if (key.startsWith('defaultTriggers.')) serviceDefaultTriggers.set(parts.slice(1).join('.'), stringList(decodeYaml(data[key]).value));
  }
  return {
    manifest,
    documentIndex,
    namespace: namespaceOf(manifest),
    triggers,
    templates,
    services,
    defaultTriggers: stringList(decodeYaml(data.defaultTriggers).value),
    serviceDefaultTriggers,
  };
}

/** Every notification ConfigMap of the exact name among the manifests. */
function allConfigs(ctx: ManifestContext): NotificationConfig[] {
  return ctx.index.memoizeRun('notifications.configs', () => ctx.index.referable
    .filter(({ manifest }) => isNotificationConfigMap(manifest))
    .map(({ manifest, documentIndex }) => decodeConfig(manifest, documentIndex)));
}

/**
 * The notification ConfigMaps whose configuration applies to a Rollout in `namespace`: the one of the
 * controller's namespace, plus the Rollout's own in self-service mode. When the controller is not
 * among the manifests, every notification ConfigMap counts (its namespace may be the controller's).
 */
function configsInEffect(ctx: ManifestContext, namespace: string): NotificationConfig[] {
  const controller = controllerOf(ctx);
  const configs = allConfigs(ctx);
  if (controller === undefined) {
    return configs;
  }
  return configs.filter(c => c.namespace === controller.namespace || (controller.selfService && c.namespace === namespace)
    || c.namespace === '' || controller.namespace === '');
}

/** One subscription of a Rollout: a trigger ('' = the default triggers) and a service. */
interface Subscription {
  readonly trigger: string;
  readonly service: string;
  readonly path: string;
  readonly key: string;
}

function annotationPath(key: string): string {
  return `metadata.annotations['${key}']`;
}

/** The Rollout's subscriptions, and the reason its YAML subscriptions annotation cannot be read. */
function subscriptionsOf(ctx: RuleContext): { subscriptions: Subscription[]; problem?: string } {
  return ctx.memoize('notifications.subscriptions', () => {
    const annotations = asObject(asObject(ctx.manifest.metadata)?.annotations) ?? {};
    const subscriptions: Subscription[] = [];
    let problem: string | undefined;
    for (const key of Object.keys(annotations)) {
      if (key.startsWith(SUBSCRIBE_PREFIX)) {
        const parts = key.slice(SUBSCRIBE_PREFIX.length).split('.');
        const [trigger, service] = parts.length >= 2 ? [parts[0], parts[1]] : ['', parts[0]];
        subscriptions.push({ trigger, service, path: annotationPath(key), key });
      } else if (key === SUBSCRIPTIONS_ANNOTATION) {
        const decoded = decodeYaml(annotations[key]);
        if (decoded.error !== undefined) {
          problem = decoded.error;
          continue;
        }
        const list = decoded.value;
        if (list === null || list === undefined) continue;
        if (!Array.isArray(list) || !list.every(item => isObject(item))) {
          problem = 'it is not a list of subscriptions (trigger: [...], destinations: [{service, recipients}])';
          continue;
        }
        list.forEach((item) => {
          const triggers = stringList(item.trigger);
          const destinations = asArray(item.destinations).filter(isObject);
          for (const trigger of triggers.length ? triggers : ['']) {
            for (const destination of destinations) {
              subscriptions.push({ trigger, service: asString(destination.service), path: annotationPath(key), key });
            }
          }
        });
      }
    }
    return { subscriptions, problem };
  });
}

function describeConfigs(configs: readonly NotificationConfig[]): string {
  return listWords(configs.map(c => `${NOTIFICATION_CONFIG_MAP}${c.namespace ? ` (namespace ${c.namespace})` : ''}`));
}

/** The names defined across configurations, for the fix text (callers say otherwise when there are none). */
function known(names: Iterable<string>): string {
  return [...new Set(names)].sort().map(cutText).join(', ');
}

/**
 * A fix naming the names defined, `Use one of the services configured: a, b; or <other>`, or, when there
 * is none, `<none>: <other>` (`No notification services are configured: add …`), never "configured: none".
 */
function useOneOf(names: readonly string[], some: string, none: string, other: string): string {
  return names.length ? `Use one of the ${some}: ${known(names)}; or ${other}` : `${none}: ${other}`;
}

/** A data key of the ConfigMap with its decoded value. */
function forEachKey(ctx: ManifestContext, prefix: string, visit: (key: string, text: unknown, path: string) => void): void {
  const data = asObject(ctx.manifest.data) ?? {};
  for (const key of Object.keys(data)) {
    if (key === prefix || key.startsWith(`${prefix}.`)) visit(key, data[key], `data['${key}']`);
  }
}

// ------------------------------------------------------------------------------------------------
// Rules on the notification ConfigMap and Secret
// ------------------------------------------------------------------------------------------------

/** N01–N08 and N12 on ConfigMaps and Secrets whose name mentions notifications, in order. */
export const NOTIFICATION_CONFIG_RULES: readonly Rule<ManifestContext>[] = [
  {
    id: 'N01',
    check: ctx => {
      const manifest = ctx.manifest;
      const expected = manifest.kind === 'ConfigMap' ? NOTIFICATION_CONFIG_MAP : NOTIFICATION_SECRET;
      if (ctx.name !== expected) {
        const looksLikeConfig = manifest.kind === 'ConfigMap' ? hasNotificationKeys(manifest.data)
          : allConfigs(ctx).some(c => c.namespace === ctx.namespace)
            && ctx.index.object([''], 'Secret', ctx.namespace, NOTIFICATION_SECRET) === undefined;
        if (looksLikeConfig) {
          ctx.report('metadata.name', `The ${manifest.kind} ${quote(ctx.name)} looks like Argo Rollouts' notification ${manifest.kind}, but the controller reads only the one named ${quote(expected)}${ctx.name.startsWith('argocd-') ? ' (this is Argo CD\'s name)' : ''}.`,
            `Name it ${expected}.`, ctx.name);
        }
        return;
      }
      const controller = controllerOf(ctx);
      if (controller === undefined || controller.selfService || ctx.namespace === '' || controller.namespace === ''
        || ctx.namespace === controller.namespace) {
        return;
      }
      ctx.report('metadata.namespace',
        `The ${manifest.kind} ${expected} is in namespace ${quote(ctx.namespace)}, but the controller reads it only from its own namespace ${quote(controller.namespace)} (self-service notifications are off).`,
        `Move it to namespace ${controller.namespace}, or start the controller with --self-service-notification-enabled (ControllerFlags.selfServiceNotificationEnabled) so that each Rollout's namespace may have its own.`,
        ctx.namespace);
    },
  },
  {
    id: 'N02',
    check: ctx => {
      if (!isNotificationConfigMap(ctx.manifest)) return;
      const data = asObject(ctx.manifest.data) ?? {};
      const consequence = 'The controller cannot load this notification configuration, so none of its notifications is sent.';
      for (const key of Object.keys(data)) {
        const path = `data['${key}']`;
        const parts = key.split('.');
        if (key.startsWith('service.') && (parts.length > 3 || parts.some(p => p === ''))) {
          ctx.report(path, `The service key ${quote(key)} has ${parts.length} parts; the controller expects service.<type> or service.<type>.<name>. ${consequence}`,
            'Rename the key to service.<type> (e.g. service.slack) or service.<type>.<name> (e.g. service.webhook.github).', key);
          continue;
        }
        const kind = key === 'subscriptions' ? 'subscriptions' : key === 'defaultTriggers' || key.startsWith('defaultTriggers.') ? 'names'
          : key.startsWith('trigger.') ? 'trigger' : key.startsWith('template.') || key.startsWith('service.') ? 'map' : undefined;
        if (kind === undefined) continue;
        const decoded = decodeYaml(data[key]);
        let reason = decoded.error;
        const value = decoded.value;
        if (reason === undefined && value !== null && value !== undefined) {
          if (kind === 'names' && !(Array.isArray(value) && value.every(v => typeof v === 'string'))) {
            reason = 'it is not a list of trigger names';
          } else if (kind === 'trigger' && !(Array.isArray(value) && value.every(v => isObject(v)))) {
            reason = 'it is not a list of conditions (when, send, oncePer)';
          } else if (kind === 'trigger' && asArray(value).some(c => isSet(asObject(c)?.send) && !isStringList(asObject(c)?.send))) {
            reason = 'a condition\'s send is not a list of template names';
          } else if (kind === 'subscriptions' && !(Array.isArray(value) && value.every(v => isObject(v)))) {
            reason = 'it is not a list of subscriptions (recipients, triggers, selector)';
          } else if (kind === 'map' && !isObject(value)) {
            reason = 'it is not a map of settings';
          }
        }
        if (reason !== undefined) {
          ctx.report(path, `The notification setting ${quote(key)} cannot be read: ${reason}. ${consequence}`,
            `Write ${key} as ${kind === 'names' ? 'a YAML list of trigger names, e.g. [on-rollout-completed]' : kind === 'trigger' ? 'a YAML list of conditions, e.g. "- when: rollout.status.phase == \'Degraded\'\\n  send: [rollout-aborted]"' : kind === 'subscriptions' ? 'a YAML list of {recipients: [slack:channel], triggers: [on-rollout-completed]}' : 'a YAML map of settings'}.`,
            data[key]);
        }
      }
    },
  },
  {
    id: 'N03',
    check: ctx => {
      if (!isNotificationConfigMap(ctx.manifest)) return;
      forEachKey(ctx, 'trigger', (key, text, path) => {
        const conditions = decodeYaml(text).value;
        if (!Array.isArray(conditions)) return;
        conditions.forEach((condition, i) => {
          for (const field of ['when', 'oncePer']) {
            const expression = asObject(condition)?.[field];
            if (typeof expression !== 'string' || expression.trim() === '') continue; // an empty condition is false
            const error = exprSyntaxError(expression);
            if (error !== undefined) {
              ctx.report(`${path}[${i}].${field}`,
                `The ${field} expression of trigger ${quote(key.slice('trigger.'.length))} does not parse: ${error.message} (at character ${error.position + 1} of ${quote(expression)}). The controller cannot load this notification configuration, so none of its notifications is sent.`,
                'Fix the expression (expr language: == for equality, and/or/not or &&/||/!, strings in quotes), e.g. rollout.status.phase == \'Degraded\'.',
                expression);
            }
          }
        });
      });
    },
  },
  {
    id: 'N04',
    check: ctx => {
      if (!isNotificationConfigMap(ctx.manifest)) return;
      const config = decodeConfig(ctx.manifest, ctx.documentIndex);
      forEachKey(ctx, 'trigger', (key, text, path) => {
        const conditions = decodeYaml(text).value;
        if (!Array.isArray(conditions)) return;
        conditions.forEach((condition, i) => {
          stringList(asObject(condition)?.send).forEach((template, j) => {
            if (!config.templates.has(template)) {
              ctx.report(`${path}[${i}].send[${j}]`,
                `Trigger ${quote(key.slice('trigger.'.length))} sends template ${quote(template)}, which this ConfigMap does not define, so the notification fails when the trigger fires.`,
                config.templates.size > 0
                  ? `Add template.${template} to the ConfigMap, or send one of the templates it defines: ${known(config.templates)}.`
                  : `Add template.${template} to the ConfigMap: it defines no templates.`, template);
            }
          });
        });
      });
    },
  },
  {
    id: 'N05',
    check: ctx => {
      if (!isNotificationConfigMap(ctx.manifest)) return;
      const config = decodeConfig(ctx.manifest, ctx.documentIndex);
      const check = (names: readonly string[], path: string, what: string) => names.forEach((name, i) => {
        if (!config.triggers.has(name)) {
          ctx.report(`${path}[${i}]`, `${what} names trigger ${quote(name)}, which this ConfigMap does not define, so nothing is sent for it.`,
            config.triggers.size > 0
              ? `Define trigger.${name}, or use one of the triggers defined: ${known(config.triggers)}.`
              : `Define trigger.${name}: the ConfigMap defines no triggers.`, name);
        }
      });
      forEachKey(ctx, 'defaultTriggers', (key, text, path) => check(stringList(decodeYaml(text).value), path, `The default trigger list ${key}`));
      const subscriptions = decodeYaml(asObject(ctx.manifest.data)?.subscriptions).value;
      asArray(subscriptions).forEach((subscription, i) => {
        check(stringList(asObject(subscription)?.triggers), `data['subscriptions'][${i}].triggers`, 'A default subscription');
      });
    },
  },
  {
    id: 'N06',
    check: ctx => {
      if (!isNotificationConfigMap(ctx.manifest)) return;
      const secret = ctx.index.object([''], 'Secret', ctx.namespace, NOTIFICATION_SECRET);
      if (!isObject(secret)) return; // defined elsewhere: its keys are unknown
      const keys = new Set([...Object.keys(asObject(secret.data) ?? {}), ...Object.keys(asObject(secret.stringData) ?? {})]);
      if (keys.size === 0) return; // an empty Secret, as upstream's install defines it, is filled out of band
      forEachKey(ctx, 'service', (key, text, path) => {
        const settings = decodeYaml(text).value;
        forEachString(settings, (value, at) => {
          for (const match of value.matchAll(SECRET_REFERENCE)) {
            const name = match[1];
            if (keys.has(name)) continue;
            const rest = value.slice((match.index ?? 0) + match[0].length);
            const dotted = /^\.[\w.-]+/.exec(rest);
            const hint = dotted && keys.has(name + dotted[0])
              ? ` A reference ends at the first character other than a letter, digit, _ or -, so $${name}${dotted[0]} reads the key ${quote(name)}, not ${quote(name + dotted[0])}.`
              : '';
            ctx.report(at === '' ? path : `${path}.${at}`,
              `Service setting ${key}${at ? `.${at}` : ''} references the Secret key ${quote(name)} ($${name}), which the Secret ${NOTIFICATION_SECRET} does not hold, so the service gets the text $${name} instead of the secret.${hint}`,
              `Add the key ${cutText(name)} to the Secret ${NOTIFICATION_SECRET}${keys.size ? `, or reference one it holds: ${known(keys)}` : ''}${hint ? ' (rename keys with dots to use - or _)' : ''}.`,
              `$${name}`);
          }
        });
      });
    },
  },
  {
    id: 'N07',
    check: ctx => {
      if (!isNotificationConfigMap(ctx.manifest) || !serviceTypesOf(ctx.options.version).includes('teams-workflows')) return;
      forEachKey(ctx, 'service', (key, _text, path) => {
        if (key.split('.')[1] === 'teams') {
          ctx.report(path,
            `Service ${quote(key)} posts to Microsoft Teams through an Office 365 connector; Microsoft retired these connectors on 2026-03-31, so its messages are not delivered.`,
            'Use the teams-workflows service (service.teams-workflows, with the URL of a Teams workflow) and subscribe with .teams-workflows.', key);
        }
      });
    },
  },
  {
    id: 'N08',
    check: ctx => {
      if (!isNotificationConfigMap(ctx.manifest)) return;
      forEachKey(ctx, 'template', (key, text, path) => {
        forEachString(decodeYaml(text).value, (value, at) => {
          if (readsAppVariable(value)) {
            ctx.report(at === '' ? path : `${path}.${at}`,
              `Template ${quote(key.slice('template.'.length))} reads .app, Argo CD's Application; Argo Rollouts renders its templates with .rollout (and .analysisRuns, .time, .secrets), so this renders as <no value>.`,
              'Use .rollout instead, e.g. {{.rollout.metadata.name}}.', value);
          }
        });
      });
    },
  },
  {
    id: 'N12',
    check: ctx => {
      if (!isNotificationConfigMap(ctx.manifest)) return;
      const types = serviceTypesOf(ctx.options.version);
      forEachKey(ctx, 'service', (key, _text, path) => {
        const parts = key.split('.');
        if (parts.length > 3 || parts.some(p => p === '')) return; // N02
        const type = parts[1];
        if (!types.includes(type)) {
          const having = releasesWith(f => f.notificationServices.includes(type));
          const elsewhere = having.length > 0 ? ` (Argo Rollouts ${having.join(', ')} ${having.length > 1 ? 'have' : 'has'} it)` : '';
          ctx.report(path, `Service ${quote(key)} has the type ${quote(type)}, which the notifications engine of Argo Rollouts ${ctx.options.version} does not have${elsewhere}, so each notification to it fails.`,
            `Use one of the service types of this release: ${types.join(', ')}${having.length > 0 ? `; or use a release that has it (${having.join(', ')})` : ''}.`, type);
        }
      });
    },
  },
];

// ------------------------------------------------------------------------------------------------
// Rules on Rollouts
// ------------------------------------------------------------------------------------------------

/** N02, N08–N11 on every Rollout's subscriptions, in order. */
export const NOTIFICATION_SUBSCRIPTION_RULES: readonly Rule[] = [
  {
    id: 'N02',
    check: ctx => {
      const { problem } = subscriptionsOf(ctx);
      if (problem !== undefined) {
        const annotations = asObject(asObject(ctx.manifest.metadata)?.annotations);
        ctx.report(annotationPath(SUBSCRIPTIONS_ANNOTATION), `The annotation ${SUBSCRIPTIONS_ANNOTATION} cannot be read: ${problem}, so none of its subscriptions is made.`,
          'Write it as a YAML list, e.g. "- trigger: [on-rollout-completed]\\n  destinations: [{service: slack, recipients: [deployments]}]".',
          ownValue(annotations, SUBSCRIPTIONS_ANNOTATION));
      }
    },
  },
  {
    id: 'N08',
    check: ctx => {
      const annotations = asObject(asObject(ctx.manifest.metadata)?.annotations) ?? {};
      for (const key of Object.keys(annotations)) {
        if (key.startsWith(ARGOCD_NOTIFICATIONS_PREFIX)) {
          const fixed = `notifications.argoproj.io/${key.slice(ARGOCD_NOTIFICATIONS_PREFIX.length)}`;
          ctx.report(annotationPath(key), `The annotation ${quote(key)} uses the prefix of the retired argocd-notifications project; Argo Rollouts reads only notifications.argoproj.io/.`,
            `Rename it to ${fixed}.`, key);
        }
      }
      const configs = configsInEffect(ctx, ctx.namespace);
      for (const s of subscriptionsOf(ctx).subscriptions) {
        if (ARGOCD_TRIGGERS.has(s.trigger) && !configs.some(c => c.triggers.has(s.trigger))) {
          ctx.report(s.path, `The subscription names ${quote(s.trigger)}, a trigger of Argo CD's catalog: it watches Argo CD Applications, and Argo Rollouts has no such trigger.`,
            'Subscribe to a Rollout trigger instead, e.g. on-rollout-completed, on-rollout-aborted or on-rollout-updated.', s.trigger);
        }
      }
    },
  },
  {
    id: 'N09',
    check: ctx => {
      const configs = configsInEffect(ctx, ctx.namespace);
      if (configs.length === 0) return;
      const triggers = configs.flatMap(c => [...c.triggers]);
      for (const s of subscriptionsOf(ctx).subscriptions) {
        if (s.trigger === '') {
          const defaults = configs.flatMap(c => [...(c.serviceDefaultTriggers.get(s.service) ?? c.defaultTriggers)]);
          if (defaults.length === 0) {
            ctx.report(s.path, `The subscription ${quote(s.key)} names no trigger, so it uses the default triggers, and ${describeConfigs(configs)} defines no default triggers (neither defaultTriggers nor defaultTriggers.${s.service}): nothing is sent.`,
              `Name the trigger in the key (${SUBSCRIBE_PREFIX}<trigger>.${s.service}, e.g. ${SUBSCRIBE_PREFIX}on-rollout-completed.${s.service}), or set defaultTriggers in the ConfigMap.`, s.key);
          }
          continue;
        }
        if (!triggers.includes(s.trigger) && !ARGOCD_TRIGGERS.has(s.trigger)) {
          const catalog = CATALOG_TRIGGERS.has(s.trigger)
            ? ' It is a trigger of the standard catalog, which this ConfigMap does not include (a ConfigMap of the same name replaces the catalog\'s).' : '';
          ctx.report(s.path, `The subscription names trigger ${quote(s.trigger)}, which ${describeConfigs(configs)} does not define, so nothing is sent for it.${catalog}`,
            `${useOneOf(triggers, 'triggers defined', 'No triggers are defined', `define trigger.${s.trigger} in the ConfigMap`)}${catalog ? ' (with ArgoRollouts, keep catalog: true; with upstream manifests, start from notifications-install.yaml)' : ''}.`, s.trigger);
        }
      }
    },
  },
  {
    id: 'N10',
    check: ctx => {
      const configs = configsInEffect(ctx, ctx.namespace);
      if (configs.length === 0) return;
      const services = configs.flatMap(c => [...c.services.keys()]);
      for (const s of subscriptionsOf(ctx).subscriptions) {
        if (services.includes(s.service)) continue;
        const webhookHint = s.service === 'webhook' && configs.some(c => [...c.services.values()].includes('webhook'))
          ? ' A webhook is subscribed by its own name (service.webhook.<name> is the service <name>).' : '';
        ctx.report(s.path, `The subscription sends to service ${quote(s.service)}, which ${describeConfigs(configs)} does not configure, so nothing is sent.${webhookHint}`,
          `${useOneOf(services, 'services configured', 'No notification services are configured', `add service.${s.service} to the ConfigMap`)}.`, s.service);
      }
    },
  },
  {
    id: 'N11',
    check: ctx => {
      if (ctx.options.requireReferencedObjects !== true || subscriptionsOf(ctx).subscriptions.length === 0) return;
      if (configsInEffect(ctx, ctx.namespace).length > 0) return;
      const controller = controllerOf(ctx);
      const where = controller === undefined ? 'in any namespace' : controller.selfService
        ? `in the controller's namespace ${quote(controller.namespace)} or the Rollout's ${quote(ctx.namespace)}` : `in the controller's namespace ${quote(controller.namespace)}`;
      const first = subscriptionsOf(ctx).subscriptions[0];
      ctx.report(first.path, `The Rollout subscribes to notifications, but no ConfigMap ${NOTIFICATION_CONFIG_MAP} is among the manifests (looked ${where}).`,
        `Define the ConfigMap ${NOTIFICATION_CONFIG_MAP} with the triggers, templates and services the subscriptions use (ArgoRollouts with notifications: true), or lint it together with the Rollout.`, first.key);
    },
  },
];
