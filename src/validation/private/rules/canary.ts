/**
 * Canary rules V20–V46: replica limits, Services, ping-pong, traffic-routing options and steps, followed
 * by the canary anti-affinity checks (V18, V19), which the controller evaluates last, and the warning
 * V68 (minPodsPerReplicaSet above spec.replicas where the release does not cap it), and the warning V71
 * (a header or mirror route set while the canary has no pods).
 */
import {
  CANARY_PATH, DEFAULT_MAX_SURGE, DEFAULT_MAX_UNAVAILABLE, routerIsSet, Rule, RuleContext, STEPS_PATH,
} from '../context';
import { CanaryStepView } from '../manifest-view';
import {
  asArray, asObject, asString, cutText, intOrPercentValue, isObject, isSet, listWords, parseGoDuration, pauseDurationSeconds, plural,
  qualifiedNameError, quote,
} from '../util';
import { planOf } from './budget';
import { antiAffinityVariantRule, antiAffinityWeightRule } from './strategy';
import { routerRow, routersWith } from '../../../private/routers';
import { EXCLUSIVE_STEP_KEYS, STEP_KINDS, stepKindsBy } from '../../../private/step-kinds';
import { releasesWith, VERSION_NUMBERS, versionFacts } from '../../../private/versions';

const ROUTING_PATH = `${CANARY_PATH}.trafficRouting`;
const PING_PONG_PATH = `${CANARY_PATH}.pingPong`;

/** Keys of `trafficRouting` that are options rather than routers. */
const ROUTING_OPTIONS: ReadonlySet<string> = new Set(['maxTrafficWeight', 'managedRoutes']);
/**
 * Step kinds (their rows, src/private/step-kinds.ts): a step must set at least one (V32, whose fix
 * names them in the plan's order); a step may set only one of the exclusive ones (V33).
 */
const STEP_KEYS: readonly string[] = STEP_KINDS.map(row => row.key);
const STEP_KEYS_NAMED = stepKindsBy('nameRank').map(row => row.key);
/**
 * Routers that support header routes (V37), experiment weights (V45) and maxTrafficWeight (V31): their
 * rows (src/private/routers.ts); those of mirror routes (V40) and ping-pong (V22) depend on the release
 * (the version table).
 */
const HEADER_ROUTERS = routersWith('headerRoutes');
const EXPERIMENT_WEIGHT_ROUTERS = routersWith('experimentWeights');
const MAX_WEIGHT_ROUTERS = routersWith('maxTrafficWeight');
/** Routers that need the canary's stableService and canaryService (V27), some only without ping-pong or a field. */
const SERVICE_ROUTERS = routersWith('stableAndCanaryServices');
/** `fieldRef.fieldPath` values under `metadata` that the controller can resolve (V46). */
const METADATA_FIELD_PATH = /^metadata\.(?:name|namespace|uid|labels|annotations)$/;
const METADATA_SUBSCRIPT_PATH = /^metadata\.(labels|annotations)\['([\s\S]*)'\]$/;
const STRING_MATCH_FIELDS = ['exact', 'regex', 'prefix'] as const;

/** True for an integer (`Number.isInteger`, as a guard). */
function isInteger(value: unknown): value is number {
  return Number.isInteger(value);
}

/** Routers set in `trafficRouting`, for messages. */
function routersOf(ctx: RuleContext): string[] {
  const routing = ctx.trafficRouting;
  return routing === undefined ? [] : Object.keys(routing).filter(key => !ROUTING_OPTIONS.has(key) && routerIsSet(routing, key));
}

function describeRouters(ctx: RuleContext): string {
  const routers = routersOf(ctx);
  const emptyPlugins = isObject(ctx.trafficRouting?.plugins) && !routerIsSet(ctx.trafficRouting, 'plugins') ? ' (plugins is an empty map, which counts as no plugin)' : '';
  return routers.length === 0 ? `trafficRouting sets no router${emptyPlugins}` : `trafficRouting uses ${listWords(routers.map(cutText))}${emptyPlugins}`;
}

/** Fields of a StringMatch (exact, regex, prefix) that hold a non-empty value. */
function stringMatchFields(match: unknown): string[] {
  const fields = asObject(match);
  return STRING_MATCH_FIELDS.filter(field => isSet(fields?.[field]) && fields?.[field] !== '');
}

/** Runs `check` for each step that sets `kind`, with the step's path. */
function forEachStep(ctx: RuleContext, kind: string, check: (value: unknown, path: string, step: CanaryStepView) => void): void {
  for (const i of ctx.stepsSetting(kind)) {
    const step: CanaryStepView = asObject(ctx.steps[i]) ?? {}; // (an object: stepsSetting names objects only)
    check(step[kind], `${STEPS_PATH}[${i}].${kind}`, step);
  }
}

/**
 * `['alb', 'istio', 'plugins']` → `alb, istio or a traffic-router plugin` (`plugin`: the words for
 * the plugins, else the row's name).
 */
function routerWords(routers: readonly string[], conjunction: string, plugin = routerRow('plugins')!.name): string {
  const words = routers.map(r => (r === 'plugins' ? plugin : r));
  return words.length <= 1 ? words.join('') : `${words.slice(0, -1).join(', ')} ${conjunction} ${words[words.length - 1]}`;
}

/**
 * `' (or run Argo Rollouts 1.10.0-rc1, which accepts a traffic-router plugin here)'` when the routers the canary uses are
 * accepted for this fact by a later supported release; else nothing.
 */
function laterReleaseHint(ctx: RuleContext, fact: 'pingPongRouters' | 'mirrorRouteRouters'): string {
  const mine = versionFacts(ctx.options.version).rules[fact];
  const used = routersOf(ctx).filter(r => !mine.includes(r));
  for (const version of VERSION_NUMBERS) {
    const theirs = versionFacts(version).rules[fact];
    const accepted = used.filter(r => theirs.includes(r));
    if (accepted.length > 0) {
      return ` (or run Argo Rollouts ${version}, which accepts ${routerWords(accepted, 'and')} here)`;
    }
  }
  return '';
}

/** The routers of the canary that need both canaryService and stableService (V27). */
function routersNeedingServices(ctx: RuleContext): string[] {
  const routing = ctx.trafficRouting;
  if (routing === undefined) {
    return [];
  }
  const pingPong = isSet(ctx.canary?.pingPong);
  const needs: string[] = [];
  for (const router of SERVICE_ROUTERS) {
    const when = routerRow(router)!.capabilities.stableAndCanaryServices!;
    const excused = (when.unlessPingPong === true && pingPong)
      || (when.unlessSet !== undefined && isSet(asObject(routing[router])?.[when.unlessSet]));
    if (isSet(routing[router]) && !excused) {
      needs.push(when.as ?? router);
    }
  }
  return needs;
}

/** Reports a pingPong Service name that is empty (V23, V24). */
function checkPingPongService(ctx: RuleContext, field: 'pingService' | 'pongService'): void {
  const pingPong = ctx.canary?.pingPong;
  if (isSet(pingPong) && asString(asObject(pingPong)?.[field]) === '') {
    const value = asObject(pingPong)?.[field];
    ctx.report(`${PING_PONG_PATH}.${field}`, `pingPong.${field} is ${quote(value)}; it must name a Service.`,
      `Set pingPong.${field} to the name of one of the two Services that take turns serving the stable pods.`, value);
  }
}

/** Reports a StringMatch of a mirror route (method or path) that does not set exactly one value (V41). */
function checkMirrorStringMatch(ctx: RuleContext, match: unknown, field: 'method' | 'path', path: string): void {
  const value = asObject(match)?.[field];
  if (!isSet(value)) {
    return;
  }
  const set = stringMatchFields(value);
  if (set.length !== 1) {
    const problem = set.length === 0 ? 'sets none of exact, regex or prefix' : `sets ${listWords(set)} together`;
    ctx.report(`${path}.${field}`, `The mirror route ${field} match ${quote(value)} ${problem}.`,
      `Set exactly one of ${field}.exact, ${field}.regex or ${field}.prefix.`, value);
  }
}

/** Reports a step analysis argument whose metadata fieldPath the controller cannot resolve (V46). */
function checkArgFieldPaths(ctx: RuleContext, args: unknown, path: string): void {
  asArray(args).forEach((arg, j) => {
    const fieldPath = asObject(asObject(asObject(arg)?.valueFrom)?.fieldRef)?.fieldPath;
    if (typeof fieldPath !== 'string' || !fieldPath.startsWith('metadata') || METADATA_FIELD_PATH.test(fieldPath)) {
      return;
    }
    const subscript = METADATA_SUBSCRIPT_PATH.exec(fieldPath);
    if (subscript !== null) {
      const key = subscript[1] === 'annotations' ? subscript[2].toLowerCase() : subscript[2];
      if (qualifiedNameError(key) === undefined) {
        return;
      }
    }
    ctx.report(`${path}[${j}].valueFrom.fieldRef.fieldPath`,
      `Analysis argument ${quote(asObject(arg)?.name)} reads fieldPath ${quote(fieldPath)}, which is not a metadata field the controller can resolve.`,
      "Use metadata.name, metadata.namespace, metadata.uid, metadata.labels, metadata.annotations, or metadata.labels['<key>'] / metadata.annotations['<key>'] with a valid label key.",
      fieldPath);
  });
}

/** Canary rules in the controller's evaluation order, ending with the canary anti-affinity checks. */
export const CANARY_RULES: readonly Rule[] = [
  {
    id: 'V20',
    check: ctx => {
      if (ctx.canary === undefined) {
        return;
      }
      const maxSurge = isSet(ctx.canary.maxSurge) ? ctx.canary.maxSurge : DEFAULT_MAX_SURGE;
      const maxUnavailable = isSet(ctx.canary.maxUnavailable) ? ctx.canary.maxUnavailable : DEFAULT_MAX_UNAVAILABLE;
      if (intOrPercentValue(maxSurge) === 0 && intOrPercentValue(maxUnavailable) === 0) {
        const value = { maxSurge, maxUnavailable };
        ctx.report(`${CANARY_PATH}.maxSurge`, `maxSurge ${quote(maxSurge)} and maxUnavailable ${quote(maxUnavailable)} are both zero, so no pod could ever be replaced.`,
          'Set maxSurge or maxUnavailable above zero, e.g. maxSurge: "25%" (the default) or maxUnavailable: 1.', value);
      }
    },
  },
  {
    id: 'V21',
    check: ctx => {
      const canaryService = asString(ctx.canary?.canaryService);
      if (canaryService !== '' && canaryService === asString(ctx.canary?.stableService)) {
        ctx.report(`${CANARY_PATH}.stableService`, `canaryService and stableService are both ${quote(canaryService)}; canary and stable pods need separate Services.`,
          'Point canaryService and stableService at two different Services.', canaryService);
      }
    },
  },
  {
    id: 'V22',
    check: ctx => {
      const routers = versionFacts(ctx.options.version).rules.pingPongRouters;
      if (isSet(ctx.canary?.pingPong) && ctx.trafficRouting !== undefined && !ctx.hasRouter(...routers)) {
        const release = `Argo Rollouts ${versionFacts(ctx.options.version).version}`;
        ctx.report(ROUTING_PATH, `pingPong is set, but ${describeRouters(ctx)}; in ${release} ping-pong works only with ${routerWords(routers, 'or')}.`,
          `Use pingPong with ${routerWords(routers, 'or')} traffic routing${laterReleaseHint(ctx, 'pingPongRouters')}, `
          + 'or remove pingPong and set canaryService and stableService instead.', routersOf(ctx));
      }
    },
  },
  {
    id: 'V23',
    check: ctx => checkPingPongService(ctx, 'pingService'),
  },
  {
    id: 'V24',
    check: ctx => checkPingPongService(ctx, 'pongService'),
  },
  {
    id: 'V25',
    check: ctx => {
      const pingPong = asObject(ctx.canary?.pingPong);
      const ping = asString(pingPong?.pingService);
      if (ping !== '' && ping === asString(pingPong?.pongService)) {
        ctx.report(`${PING_PONG_PATH}.pingService`, `pingService and pongService are both ${quote(ping)}.`,
          'Use two different Services for pingService and pongService.', ping);
      }
    },
  },
  {
    id: 'V26',
    check: ctx => {
      if (isSet(ctx.canary?.pingPong) && ctx.hasRouter('alb')) {
        const rootService = asObject(ctx.trafficRouting?.alb)?.rootService;
        if (asString(rootService) === '') {
          ctx.report(`${ROUTING_PATH}.alb.rootService`, `pingPong with alb routing needs alb.rootService, but it is ${quote(rootService)}.`,
            'Set trafficRouting.alb.rootService to the Service that the Ingress sends traffic to.', rootService);
        }
      }
    },
  },
  {
    id: 'V27',
    check: ctx => {
      const routers = routersNeedingServices(ctx);
      if (routers.length === 0) {
        return;
      }
      for (const field of ['stableService', 'canaryService']) {
        const value = ctx.canary?.[field];
        if (asString(value) === '') {
          const pods = field === 'stableService' ? 'stable' : 'canary';
          ctx.report(`${CANARY_PATH}.${field}`, `Traffic routing through ${listWords(routers)} needs ${field}, but it is ${quote(value)}.`,
            `Set ${field} to the name of a Service that selects the ${pods} pods.`, value);
        }
      }
    },
  },
  {
    id: 'V28',
    check: ctx => {
      const delay = ctx.canary?.scaleDownDelaySeconds;
      if (ctx.canary !== undefined && ctx.trafficRouting === undefined && isSet(delay)) {
        ctx.report(`${CANARY_PATH}.scaleDownDelaySeconds`, `scaleDownDelaySeconds ${quote(delay)} is set, but the canary has no trafficRouting; it applies only to traffic-routed canaries.`,
          'Remove scaleDownDelaySeconds, or add trafficRouting to the canary strategy.', delay);
      }
    },
  },
  {
    id: 'V29',
    check: ctx => {
      if (ctx.canary !== undefined && ctx.trafficRouting === undefined && ctx.canary.dynamicStableScale === true) {
        ctx.report(`${CANARY_PATH}.dynamicStableScale`, 'dynamicStableScale is true, but the canary has no trafficRouting; it applies only to traffic-routed canaries.',
          'Remove dynamicStableScale, or add trafficRouting to the canary strategy.', true);
      }
    },
  },
  {
    id: 'V30',
    check: ctx => {
      const delay = ctx.canary?.scaleDownDelaySeconds;
      if (ctx.trafficRouting !== undefined && isSet(delay) && ctx.canary?.dynamicStableScale === true) {
        ctx.report(`${CANARY_PATH}.dynamicStableScale`, `dynamicStableScale is true and scaleDownDelaySeconds is ${quote(delay)}; the two cannot be combined.`,
          'Remove scaleDownDelaySeconds (dynamic stable scaling scales the stable pods down itself), or set dynamicStableScale to false.', true);
      }
    },
  },
  {
    id: 'V31',
    check: ctx => {
      const weight = ctx.trafficRouting?.maxTrafficWeight;
      if (isSet(weight) && !ctx.hasRouter(...MAX_WEIGHT_ROUTERS)) {
        ctx.report(`${ROUTING_PATH}.maxTrafficWeight`,
          `maxTrafficWeight ${quote(weight)} is set, but ${describeRouters(ctx)}; only ${routerWords(MAX_WEIGHT_ROUTERS, 'and', 'plugin')} routers support it.`,
          `Remove maxTrafficWeight (weights are then out of 100), or route traffic through ${routerWords(MAX_WEIGHT_ROUTERS, 'or', 'a plugin')}.`, weight);
      }
    },
  },
  {
    id: 'V33',
    check: ctx => ctx.steps.forEach((value, i) => {
      const step = asObject(value);
      const kinds = EXCLUSIVE_STEP_KEYS.filter(kind => isSet(step?.[kind]));
      if (kinds.length > 1) {
        ctx.report(`${STEPS_PATH}[${i}]`, `The step sets ${listWords(kinds)} together; a step may set only one of ${listWords(EXCLUSIVE_STEP_KEYS)}.`,
          `Split it into ${kinds.length} consecutive steps, one for each of ${listWords(kinds)}.`, kinds);
      }
    }),
  },
  {
    id: 'V32',
    check: ctx => ctx.steps.forEach((step, i) => {
      if (!STEP_KEYS.some(kind => isSet(asObject(step)?.[kind]))) {
        ctx.report(`${STEPS_PATH}[${i}]`, `The step ${quote(step)} sets no step kind.`,
          `Give the step one of ${listWords(STEP_KEYS_NAMED, 'or')}, or remove it.`, step);
      }
    }),
  },
  {
    id: 'V34',
    check: ctx => forEachStep(ctx, 'setWeight', (weight, path) => {
      const max = ctx.maxTrafficWeight;
      if (typeof weight === 'number' && (weight < 0 || weight > max)) {
        ctx.report(path, `setWeight ${quote(weight)} is outside the range 0 to ${max}.`,
          `Use a weight between 0 and ${max} (maxTrafficWeight).`, weight);
      }
    }),
  },
  {
    id: 'V35',
    check: ctx => forEachStep(ctx, 'pause', (pause, path) => {
      const duration = asObject(pause)?.duration;
      if (!isSet(duration)) {
        return;
      }
      const seconds = pauseDurationSeconds(duration);
      if (seconds !== undefined && seconds >= 0) {
        return;
      }
      const parsed = typeof duration === 'string' ? parseGoDuration(duration) : undefined;
      const problem = seconds !== undefined
        ? 'is negative'
        : parsed !== undefined
          ? `is ${Math.trunc(parsed)} seconds, more than the controller can hold: it reads the pause in seconds as a 32-bit integer, `
            + 'at most 2147483647 (about 68 years)'
          : 'is neither a whole number of seconds nor a duration such as "30s", "5m" or "1h30m" (there is no day unit)';
      ctx.report(`${path}.duration`, `pause.duration ${quote(duration)} ${problem}.`,
        'Use a non-negative number of seconds or a duration like "30s", "10m" or "1h30m" (write days as hours, e.g. "24h"), or omit duration to pause until promoted.',
        duration);
    }),
  },
  {
    id: 'V36',
    check: ctx => forEachStep(ctx, 'setCanaryScale', (scale, path) => {
      if (ctx.trafficRouting === undefined) {
        ctx.report(path, `The step uses setCanaryScale ${quote(scale)}, but the canary has no trafficRouting.`,
          'Add trafficRouting to the canary strategy, or use setWeight instead (without routing, the canary is sized by its weight).', scale);
      }
    }),
  },
  {
    id: 'V37',
    check: ctx => forEachStep(ctx, 'setHeaderRoute', (route, path) => {
      if (!ctx.hasRouter(...HEADER_ROUTERS)) {
        const routing = ctx.trafficRouting === undefined ? 'the canary has no trafficRouting' : describeRouters(ctx);
        ctx.report(path, `The step uses setHeaderRoute, but ${routing}; header routes need ${routerWords(HEADER_ROUTERS, 'or', 'a plugin router')}.`,
          `Route traffic through ${routerWords(HEADER_ROUTERS, 'or', 'a plugin')}, or remove the setHeaderRoute step.`, route);
      }
    }),
  },
  {
    id: 'V38',
    check: ctx => forEachStep(ctx, 'setHeaderRoute', (route, path) => {
      if (!ctx.hasRouter(...HEADER_ROUTERS)) {
        return; // V37
      }
      const alb = ctx.hasRouter('alb');
      asArray(asObject(route)?.match).forEach((match, j) => {
        const headerValue = asObject(match)?.headerValue;
        const headerName = asObject(match)?.headerName;
        const matchPath = `${path}.match[${j}].headerValue`;
        if (!isSet(headerValue)) {
          ctx.report(matchPath, `The header match for ${quote(headerName)} has no headerValue (it is ${quote(headerValue)}).`,
            alb ? 'Set headerValue.exact to the header value to match (ALB supports exact matches only).'
              : 'Set exactly one of headerValue.exact, headerValue.regex or headerValue.prefix.', headerValue);
          return;
        }
        const set = stringMatchFields(headerValue);
        if (!alb && set.length !== 1) {
          const problem = set.length === 0 ? 'sets none of exact, regex or prefix' : `sets ${listWords(set)} together`;
          ctx.report(matchPath, `The headerValue ${quote(headerValue)} of the match for ${quote(headerName)} ${problem}.`,
            'Set exactly one of headerValue.exact, headerValue.regex or headerValue.prefix.', headerValue);
        }
      });
    }),
  },
  {
    id: 'V39',
    check: ctx => forEachStep(ctx, 'setHeaderRoute', (route, path) => {
      if (!ctx.hasRouter('alb')) {
        return;
      }
      asArray(asObject(route)?.match).forEach((match, j) => {
        const headerValue = asObject(match)?.headerValue;
        if (!isSet(headerValue)) {
          return; // V38
        }
        const set = stringMatchFields(headerValue);
        if (!set.includes('exact') || set.length > 1) {
          ctx.report(`${path}.match[${j}].headerValue`,
            `ALB header routes match exact values only, but the headerValue for ${quote(asObject(match)?.headerName)} is ${quote(headerValue)}.`,
            'Set only headerValue.exact (non-empty); ALB supports neither regex nor prefix matches.', headerValue);
        }
      });
    }),
  },
  {
    id: 'V40',
    check: ctx => forEachStep(ctx, 'setMirrorRoute', (route, path) => {
      const routers = versionFacts(ctx.options.version).rules.mirrorRouteRouters;
      if (!ctx.hasRouter(...routers)) {
        const routing = ctx.trafficRouting === undefined ? 'the canary has no trafficRouting' : describeRouters(ctx);
        const release = `Argo Rollouts ${versionFacts(ctx.options.version).version}`;
        ctx.report(path, `The step uses setMirrorRoute, but ${routing}; in ${release} mirror routes need ${routerWords(routers, 'or')}.`,
          `Route traffic through ${routerWords(routers, 'or')}${laterReleaseHint(ctx, 'mirrorRouteRouters')}, or remove the setMirrorRoute step.`, route);
      }
    }),
  },
  {
    id: 'V41',
    check: ctx => forEachStep(ctx, 'setMirrorRoute', (route, path) => {
      asArray(asObject(route)?.match).forEach((match, j) => {
        checkMirrorStringMatch(ctx, match, 'method', `${path}.match[${j}]`);
        checkMirrorStringMatch(ctx, match, 'path', `${path}.match[${j}]`);
      });
    }),
  },
  {
    id: 'V42',
    check: ctx => {
      if (ctx.trafficRouting === undefined || isSet(ctx.trafficRouting.managedRoutes)) {
        return;
      }
      const routeSteps: string[] = [];
      const names: string[] = [];
      ctx.steps.forEach((value, i) => {
        const step = asObject(value);
        for (const kind of ['setHeaderRoute', 'setMirrorRoute']) {
          if (isSet(step?.[kind])) {
            routeSteps.push(`steps[${i}].${kind}`);
            names.push(asString(asObject(step?.[kind])?.name));
          }
        }
      });
      if (routeSteps.length > 0) {
        const example = names.find(name => name !== '') ?? 'my-route';
        ctx.report(`${ROUTING_PATH}.managedRoutes`, `${listWords(routeSteps)} ${routeSteps.length === 1 ? 'creates a route' : 'create routes'}, but trafficRouting.managedRoutes is not set.`,
          `List every route name used by the steps in trafficRouting.managedRoutes, e.g. managedRoutes: [{ name: ${quote(example)} }].`);
      }
    },
  },
  {
    id: 'V43',
    check: ctx => {
      const managedRoutes = ctx.trafficRouting?.managedRoutes;
      if (!isSet(managedRoutes)) {
        return;
      }
      const declared = new Set<string>();
      for (const route of asArray(managedRoutes)) {
        declared.add(asString(asObject(route)?.name));
      }
      ctx.steps.forEach((value, i) => {
        const step = asObject(value);
        for (const kind of ['setHeaderRoute', 'setMirrorRoute']) {
          if (!isSet(step?.[kind])) {
            continue;
          }
          const name = asString(asObject(step?.[kind])?.name);
          if (!declared.has(name)) {
            ctx.report(`${STEPS_PATH}[${i}].${kind}.name`,
              `The ${kind} route name ${quote(name)} is not listed in trafficRouting.managedRoutes (${quote([...declared])}).`,
              name === '' ? `Give the ${kind} a name and add it to trafficRouting.managedRoutes.`
                : `Add { name: ${quote(name)} } to trafficRouting.managedRoutes, or use one of the names listed there.`,
              name);
          }
        }
      });
    },
  },
  {
    id: 'V44',
    check: ctx => forEachStep(ctx, 'experiment', (experiment, path) => {
      if (ctx.trafficRouting !== undefined) {
        return;
      }
      asArray(asObject(experiment)?.templates).forEach((template, k) => {
        const weight = asObject(template)?.weight;
        if (isSet(weight)) {
          ctx.report(`${path}.templates[${k}].weight`,
            `Experiment template ${quote(asObject(template)?.name)} sets weight ${quote(weight)}, but the canary has no trafficRouting to send that traffic.`,
            `Remove weight, or add trafficRouting with ${routerWords(EXPERIMENT_WEIGHT_ROUTERS, 'or', 'a plugin')}.`, weight);
        }
      });
    }),
  },
  {
    id: 'V45',
    check: ctx => forEachStep(ctx, 'experiment', (experiment, path) => {
      if (ctx.trafficRouting === undefined || ctx.hasRouter(...EXPERIMENT_WEIGHT_ROUTERS)) {
        return;
      }
      asArray(asObject(experiment)?.templates).forEach((template, k) => {
        const weight = asObject(template)?.weight;
        if (isSet(weight)) {
          ctx.report(`${path}.templates[${k}].weight`,
            `Experiment template ${quote(asObject(template)?.name)} sets weight ${quote(weight)}, but ${describeRouters(ctx)}; template weights need ${routerWords(EXPERIMENT_WEIGHT_ROUTERS, 'or', 'a plugin')}.`,
            `Remove weight, or route traffic through ${routerWords(EXPERIMENT_WEIGHT_ROUTERS, 'or', 'a plugin')}.`, weight);
        }
      });
    }),
  },
  {
    id: 'V46',
    check: ctx => ctx.steps.forEach((value, i) => {
      const path = `${STEPS_PATH}[${i}]`;
      const step = asObject(value);
      const stepAnalysis = step?.analysis;
      if (isObject(stepAnalysis)) {
        checkArgFieldPaths(ctx, stepAnalysis.args, `${path}.analysis.args`);
      }
      const experiment = step?.experiment;
      if (isObject(experiment)) {
        asArray(experiment.analyses).forEach((analysis, k) =>
          checkArgFieldPaths(ctx, asObject(analysis)?.args, `${path}.experiment.analyses[${k}].args`));
      }
    }),
  },
  antiAffinityVariantRule('canary'),
  antiAffinityWeightRule('canary'),
  {
    // not a controller check: releases before 1.10 (the version table) do not cap minPodsPerReplicaSet
    // at spec.replicas, so each ReplicaSet keeps more pods than the Rollout asks for, also once promoted
    id: 'V68',
    check: ctx => {
      const minPods = ctx.canary?.minPodsPerReplicaSet;
      const replicas = ctx.spec?.replicas;
      if (ctx.trafficRouting === undefined || !isInteger(minPods) || !isInteger(replicas) || minPods <= replicas) {
        return;
      }
      const facts = versionFacts(ctx.options.version);
      if (facts.rules.minPodsCappedAtReplicas) {
        return;
      }
      const capping = releasesWith(f => f.rules.minPodsCappedAtReplicas);
      // releases that promote only at exactly spec.replicas available canary pods never get there
      const after = facts.rules.promotesAboveReplicas || replicas === 0 ? 'also once fully promoted'
        : `and promotes the canary only when exactly ${plural(replicas, 'pod')} ${replicas === 1 ? 'is' : 'are'} available, so an update never reaches its full promotion`;
      ctx.warn(`${CANARY_PATH}.minPodsPerReplicaSet`,
        `minPodsPerReplicaSet is ${minPods}, more than spec.replicas (${replicas}); Argo Rollouts ${facts.version} keeps at least ${plural(minPods, 'pod')} `
        + `in the stable and in the canary ReplicaSet, ${after}${capping.length > 0 ? ` (${capping.join(', ')} caps it at spec.replicas)` : ''}.`,
        replicas >= 1 ? `Lower minPodsPerReplicaSet to at most ${replicas}, or raise spec.replicas.`
          // no minPodsPerReplicaSet fits (it is at least 1): "at most 0" would be no fix
          : `Raise spec.replicas to at least ${minPods}, or remove minPodsPerReplicaSet if the Rollout is to stay scaled to ${plural(replicas, 'pod')}.`, minPods);
    },
  },
  {
    // not a controller check: with traffic routing, header and mirror route steps do not scale the canary;
    // its pods are those of the last setWeight or setCanaryScale before (the plan's count at the step)
    id: 'V71',
    check: ctx => {
      if (ctx.trafficRouting === undefined) {
        return;
      }
      const routes: Array<{ i: number; kind: 'setHeaderRoute' | 'setMirrorRoute' }> = [];
      ctx.steps.forEach((step, i) => {
        for (const kind of ['setHeaderRoute', 'setMirrorRoute'] as const) {
          // a route step without matches removes the route
          if (asArray(asObject(asObject(step)?.[kind])?.match).length > 0) {
            routes.push({ i, kind });
          }
        }
      });
      const plan = routes.length > 0 ? planOf(ctx) : undefined;
      for (const { i, kind } of routes) {
        const canaryPods = plan?.steps.find(s => s.index === i)?.canaryPods;
        if (canaryPods !== 0) {
          continue;
        }
        const route = asObject(asObject(ctx.steps[i])?.[kind]);
        const header = kind === 'setHeaderRoute';
        const share = route?.percentage;
        const percentage = typeof share === 'number' ? ` (${share}% of the requests)` : isSet(share) ? ` (percentage ${quote(share)})` : '';
        ctx.warn(`${STEPS_PATH}[${i}].${kind}`,
          `${header ? 'Header' : 'Mirror'} route ${quote(asString(route?.name))}${header ? '' : percentage} is set while the canary has no pods: `
          + `${kind} does not scale the canary, and no step before it scales the canary up (a setWeight above 0 or a setCanaryScale), `
          + `so the canary Service has no endpoints and ${header ? 'the matched requests fail' : 'the mirrored copies go nowhere'}.`,
          'Scale the canary first: a setCanaryScale step (e.g. setCanaryScale: { replicas: 1 }; CanaryStep.canaryScale()) or a setWeight above 0 before this step, '
          + 'or both in one step (CanaryStep.combined()).', route);
      }
    },
  },
];
