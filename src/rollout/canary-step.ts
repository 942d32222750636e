import { Duration } from 'cdk8s';
import { CanaryStepSpec } from './private/spec-types';
import { CanaryStepContext } from './private/step-context';
import { IAnalysisTemplate } from '../analysis/analysis-template-ref';
import { renderRolloutAnalysis } from '../analysis/private';
import { RolloutAnalysisOptions } from '../analysis/rollout-analysis';
import { ExperimentStepOptions } from '../experiment/experiment-step';
import { renderExperimentStep } from '../experiment/private';
import { ControllerPlugin, ControllerPluginKind } from '../install/plugins';
import { PluginUse, pluginUse } from '../install/private';
import {
  argumentOrDefault, checkArgument, checkListArgument, DURATION, ExpectedClass, JSON_OBJECT, listOf, mapOf, struct,
} from '../private/arguments';
import { checkPluginName } from '../private/names';
import { routerRow, routersWith } from '../private/routers';
import { EXCLUSIVE_STEP_KEYS } from '../private/step-kinds';
import { fail } from '../private/synth-error';
import { checkInteger, toGoDuration, undefinedIfEmpty } from '../private/utils';
import { ManagedRoute, StringMatch } from '../traffic/match';

/** The routers that take `maxTrafficWeight`, as the rows rank them (plugins for the plugins' row). */
const MAX_WEIGHT_ROUTERS = routersWith('maxTrafficWeight').map(key => (key === 'plugins' ? 'plugins' : routerRow(key)!.name)).join(', ');

/**
 * Options of `CanaryStep.setWeight()`.
 */
export interface SetWeightOptions {
  /**
   * The traffic weight denominator this step was written for. Not needed: a step is checked
   * against the `maxTrafficWeight` of the strategy it joins. When given, the weight is checked
   * against it at once, and it must equal the strategy's.
   *
   * @default - the strategy's maxTrafficWeight
   * @deprecated set `maxTrafficWeight` once, on the strategy (`RolloutStrategy.canary({ maxTrafficWeight })`)
   */
  readonly maxTrafficWeight?: number;
}

/**
 * Options of `CanaryStep.canaryScale()`. Set exactly one.
 */
export interface SetCanaryScaleOptions {
  /**
   * Run this many canary pods.
   *
   * @default - not set
   */
  readonly replicas?: number;

  /**
   * Size the canary as this share of `spec.replicas`, out of the strategy's `maxTrafficWeight`
   * (a percentage with the default 100), as the controller sizes it for `setWeight`.
   *
   * @default - not set
   */
  readonly weight?: number;

  /**
   * Go back to sizing the canary by the traffic weight of `setWeight` steps.
   *
   * @default false
   */
  readonly matchTrafficWeight?: boolean;
}

/**
 * A header condition of a header route.
 */
export interface HeaderRouteMatch {
  /** The HTTP header name. */
  readonly headerName: string;
  /** The condition on its value. */
  readonly headerValue: StringMatch;
}

/**
 * A request condition of a mirror route. Set at least one field.
 */
export interface MirrorRouteMatch {
  /**
   * Condition on the HTTP method.
   *
   * @default - any method
   */
  readonly method?: StringMatch;

  /**
   * Condition on the request path.
   *
   * @default - any path
   */
  readonly path?: StringMatch;

  /**
   * Conditions on request headers, by header name.
   *
   * @default - no header condition
   */
  readonly headers?: { [headerName: string]: StringMatch };
}

/**
 * Options of `CanaryStep.setMirrorRoute()`.
 */
export interface SetMirrorRouteOptions {
  /**
   * The requests to mirror. Leave out (or empty) to remove the route.
   *
   * @default - the route is removed
   */
  readonly matches?: MirrorRouteMatch[];

  /**
   * Percentage of the matching requests to mirror to the canary.
   *
   * @default 100
   */
  readonly percentage?: number;
}

/**
 * Options of `CanaryStep.progression()`.
 */
export interface CanaryProgressionOptions {
  /**
   * The canary weights, in increasing order (e.g. 20, 40, 60, 80): percentages, or parts of the
   * strategy's `maxTrafficWeight` when it sets one (e.g. 250, 500, 750 of 1000).
   */
  readonly weights: number[];

  /**
   * How long to pause after each weight.
   *
   * @default - pause until the Rollout is promoted
   */
  readonly pause?: Duration;

  /**
   * Weights after which the Rollout waits to be promoted instead of pausing for `pause`.
   *
   * @default - none
   */
  readonly indefinitePauseAfter?: number[];
}

/**
 * The kinds of canary steps.
 */
export enum CanaryStepKind {
  /** Sends a share of the traffic to the canary (`CanaryStep.setWeight`). */
  SET_WEIGHT = 'setWeight',
  /** Waits for a time, or until promoted (`CanaryStep.pause`). */
  PAUSE = 'pause',
  /** Scales the canary independently of its traffic weight (`CanaryStep.canaryScale`). */
  SET_CANARY_SCALE = 'setCanaryScale',
  /** Runs an analysis and waits for its result (`CanaryStep.analysis`). */
  ANALYSIS = 'analysis',
  /** Runs an Experiment beside the Rollout (`CanaryStep.experiment`). */
  EXPERIMENT = 'experiment',
  /** Routes requests that match headers to the canary (`CanaryStep.setHeaderRoute`). */
  SET_HEADER_ROUTE = 'setHeaderRoute',
  /** Mirrors a share of the matching requests to the canary (`CanaryStep.setMirrorRoute`). */
  SET_MIRROR_ROUTE = 'setMirrorRoute',
  /** Runs a step plugin (`CanaryStep.plugin`). */
  PLUGIN = 'plugin',
}

/**
 * One step of a canary Rollout.
 *
 * A step is a value: the factories check what they can see alone (a negative weight, a pause that
 * is not whole seconds); the strategy the step joins checks the rest against its own facts (a
 * weight above its `maxTrafficWeight`) and renders the step.
 *
 * @example
 * RolloutStrategy.canary({
 *   steps: [CanaryStep.setWeight(20), CanaryStep.pause(), CanaryStep.setWeight(50), CanaryStep.pause(Duration.minutes(5))],
 * });
 */
export class CanaryStep {
  /**
   * Send `weight` percent of the traffic to the canary (without a traffic router: scale the canary
   * to that share of the pods). With a strategy that sets `maxTrafficWeight`, the weight is out of
   * that number instead of 100.
   *
   * @param weight 0 to the strategy's maxTrafficWeight (100 unless the strategy sets it)
   */
  public static setWeight(weight: number, options: SetWeightOptions = {}): CanaryStep {
    checkArgument('CanaryStep.setWeight()', 'weight', weight, 'number');
    options = argumentOrDefault('CanaryStep.setWeight()', 'options', options, struct('SetWeightOptions', { maxTrafficWeight: 'number' }), {});
    const declared = options.maxTrafficWeight;
    checkInteger('maxTrafficWeight', declared, 1);
    // the strategy's maxTrafficWeight bounds the weight (checked when the step joins it); alone,
    // a step knows only the bound it was declared for
    checkInteger('CanaryStep.setWeight() weight', weight, 0, declared ?? Number.MAX_SAFE_INTEGER);
    return new CanaryStep([{ kind: CanaryStepKind.SET_WEIGHT, weight, declaredMaxTrafficWeight: declared }]);
  }

  /**
   * Pause the Rollout: for `duration`, or until it is promoted when no duration is given.
   *
   * @param duration how long to pause
   * @default - until promoted (`kubectl argo rollouts promote`)
   */
  public static pause(duration?: Duration): CanaryStep {
    checkArgument('CanaryStep.pause()', 'duration', duration, DURATION, true);
    if (duration) toGoDuration('CanaryStep.pause() duration', duration);
    return new CanaryStep([{ kind: CanaryStepKind.PAUSE, duration }]);
  }

  /**
   * The `setCanaryScale` step: resize the canary without changing its traffic weight. Needs a
   * traffic router. (Named `canaryScale` because jsii reserves one-argument `setXxx` names for
   * Java property setters.)
   */
  public static canaryScale(options: SetCanaryScaleOptions): CanaryStep {
    checkArgument('CanaryStep.canaryScale()', 'options', options, SET_CANARY_SCALE_OPTIONS);
    const set = ['replicas', 'weight', 'matchTrafficWeight'].filter(k => (options as any)[k] !== undefined && (options as any)[k] !== false);
    if (set.length !== 1) {
      fail(`CanaryStep.canaryScale() takes exactly one of replicas, weight or matchTrafficWeight: true; got ${set.length ? set.join(', ') : 'none'}.`);
    }
    checkInteger('CanaryStep.canaryScale() replicas', options.replicas, 0);
    // the strategy's maxTrafficWeight bounds the weight (checked when the step joins it)
    checkInteger('CanaryStep.canaryScale() weight', options.weight, 0);
    return new CanaryStep([{
      kind: CanaryStepKind.SET_CANARY_SCALE,
      replicas: options.replicas,
      weight: options.weight,
      matchTrafficWeight: options.matchTrafficWeight || undefined,
    }]);
  }

  /**
   * Run an analysis and wait for its result. Its metrics must finish (a `count`, or no `interval`).
   */
  public static analysis(options: RolloutAnalysisOptions): CanaryStep {
    checkArgument('CanaryStep.analysis()', 'options', options, 'object');
    renderRolloutAnalysis('CanaryStep.analysis()', options); // checks the options
    return new CanaryStep([{ kind: CanaryStepKind.ANALYSIS, options: copyAnalysisOptions(options) }]);
  }

  /**
   * Run an experiment: extra ReplicaSets from the stable or canary pod template, with analyses.
   */
  public static experiment(options: ExperimentStepOptions): CanaryStep {
    checkArgument('CanaryStep.experiment()', 'options', options, 'object');
    renderExperimentStep(options); // checks the options
    return new CanaryStep([{
      kind: CanaryStepKind.EXPERIMENT,
      options: {
        ...options,
        templates: options.templates.map(t => ({ ...t })),
        analyses: options.analyses?.map(a => ({ ...a, args: a.args ? [...a.args] : undefined })),
        dryRunMetrics: options.dryRunMetrics ? [...options.dryRunMetrics] : undefined,
      },
    }]);
  }

  /**
   * Route requests with matching headers to the canary. Without matches, the route is removed.
   * Needs a router that takes header routes; if the Rollout has none, synth names them
   * (docs/traffic.md lists them).
   *
   * @param route the managed route to set
   * @param matches header conditions; all must hold
   */
  public static setHeaderRoute(route: ManagedRoute, matches: HeaderRouteMatch[] = []): CanaryStep {
    checkArgument('CanaryStep.setHeaderRoute()', 'route', route, { class: ManagedRoute, name: 'ManagedRoute', example: "ManagedRoute.named('header-route')" });
    matches = argumentOrDefault('CanaryStep.setHeaderRoute()', 'matches', matches, listOf(HEADER_ROUTE_MATCH), []);
    for (const m of matches) {
      if (!m.headerName) fail(`CanaryStep.setHeaderRoute('${route.name}'): every match needs a headerName.`);
    }
    return new CanaryStep([{ kind: CanaryStepKind.SET_HEADER_ROUTE, route, matches: matches.map(m => ({ ...m })) }]);
  }

  /**
   * Mirror matching requests to the canary. Without matches, the route is removed. Only some routers
   * take mirror routes, depending on the release: synth names them (docs/rules.md, V40).
   *
   * @param route the managed route to set
   */
  public static setMirrorRoute(route: ManagedRoute, options: SetMirrorRouteOptions = {}): CanaryStep {
    checkArgument('CanaryStep.setMirrorRoute()', 'route', route, { class: ManagedRoute, name: 'ManagedRoute', example: "ManagedRoute.named('header-route')" });
    options = argumentOrDefault('CanaryStep.setMirrorRoute()', 'options', options, SET_MIRROR_ROUTE_OPTIONS, {});
    checkInteger(`CanaryStep.setMirrorRoute('${route.name}') percentage`, options.percentage, 0, 100);
    const matches = (options.matches ?? []).map((m, i) => {
      if (!m.method && !m.path && (!m.headers || Object.keys(m.headers).length === 0)) {
        fail(`CanaryStep.setMirrorRoute('${route.name}'): match ${i} has no condition. Set method, path or headers.`);
      }
      return { ...m, headers: m.headers ? { ...m.headers } : undefined };
    });
    return new CanaryStep([{ kind: CanaryStepKind.SET_MIRROR_ROUTE, route, matches, percentage: options.percentage }]);
  }

  /**
   * Run a step plugin registered in the controller's `stepPlugins` configuration.
   *
   * An `ArgoRollouts` install in the same app must load the plugin: register it there
   * (`plugins`, or `addPlugin()`), or give its binary here and the install registers it.
   *
   * @param name the plugin name, `<namespace>/<name>`
   * @param config the plugin's settings
   * @param controllerPlugin the plugin's binary, `ControllerPlugin.step({ name, location })`, for the app's install
   */
  public static plugin(name: string, config?: { [key: string]: any }, controllerPlugin?: ControllerPlugin): CanaryStep {
    checkArgument('CanaryStep.plugin()', 'name', name, 'string');
    checkArgument('CanaryStep.plugin()', 'config', config, JSON_OBJECT, true);
    checkPluginName(`Step plugin name '${name}'`, name, 'argoproj-labs/sample-step');
    const use = pluginUse('CanaryStep.plugin()', 'controllerPlugin', ControllerPluginKind.STEP, name, controllerPlugin);
    return new CanaryStep([{ kind: CanaryStepKind.PLUGIN, name, config: config ? { ...config } : undefined, use }]);
  }

  /**
   * Several step kinds in one step, which the controller runs together: e.g. `canaryScale` with
   * `setHeaderRoute`, so that header-routed requests reach a canary that is up. At most one of
   * setWeight, pause, experiment and analysis may take part.
   *
   * @param steps the steps to combine, each of another kind
   */
  public static combined(steps: CanaryStep[]): CanaryStep {
    checkListArgument('CanaryStep.combined()', 'steps', steps, CANARY_STEP);
    if (steps.length < 2) {
      fail(`CanaryStep.combined() needs at least two steps, got ${steps.length}. Use the step itself.`);
    }
    const kinds = steps.flatMap(s => s.kinds);
    const twice = kinds.find((k, i) => kinds.indexOf(k) !== i);
    if (twice) {
      fail(`CanaryStep.combined(): the step kind '${twice}' appears twice. A step holds each kind once; use two steps.`);
    }
    const exclusive = kinds.filter(k => EXCLUSIVE_KINDS.includes(k));
    if (exclusive.length > 1) {
      fail(`CanaryStep.combined(): ${exclusive.join(' and ')} cannot share a step (the controller runs them one at a time). Use separate steps.`);
    }
    return new CanaryStep(steps.flatMap(s => s.parts));
  }

  /**
   * Expands a progressive plan into steps: for each weight, `setWeight` then a pause. The weights
   * are checked against the `maxTrafficWeight` of the strategy the steps join.
   *
   * @example
   * // setWeight 20, pause until promoted, then 40/60/80 with 10s pauses
   * CanaryStep.progression({ weights: [20, 40, 60, 80], pause: Duration.seconds(10), indefinitePauseAfter: [20] });
   */
  public static progression(options: CanaryProgressionOptions): CanaryStep[] {
    checkArgument('CanaryStep.progression()', 'options', options, CANARY_PROGRESSION_OPTIONS);
    const weights = options.weights ?? [];
    if (weights.length === 0) {
      fail('CanaryStep.progression() needs at least one weight, e.g. { weights: [25, 50, 75] }.');
    }
    for (let i = 1; i < weights.length; i++) {
      if (weights[i] <= weights[i - 1]) {
        fail(`CanaryStep.progression() weights must increase, got ${weights[i - 1]} then ${weights[i]}.`);
      }
    }
    const indefinite = new Set(options.indefinitePauseAfter ?? []);
    for (const w of indefinite) {
      if (!weights.includes(w)) {
        fail(`CanaryStep.progression(): indefinitePauseAfter lists ${w}, which is not one of the weights [${weights.join(', ')}].`);
      }
    }
    return weights.flatMap(w => [
      CanaryStep.setWeight(w),
      CanaryStep.pause(indefinite.has(w) ? undefined : options.pause),
    ]);
  }

  /** The step kind (its key in the manifest); the first one for a combined step. */
  public readonly kind: CanaryStepKind;

  /** The step kinds of this step (more than one for `combined()`). */
  public readonly kinds: CanaryStepKind[];

  private constructor(private readonly parts: StepPart[]) {
    this.kind = parts[0].kind;
    this.kinds = parts.map(p => p.kind);
  }

  /**
   * The step plugins this step runs (the controller must load them).
   *
   * @internal
   */
  public _plugins(): PluginUse[] {
    return this.parts.flatMap(p => (p.kind === CanaryStepKind.PLUGIN ? [p.use] : []));
  }

  /**
   * Checks the step against the strategy it joins. Throws with the step's index, the bad value and
   * the fix.
   *
   * @internal
   */
  public _check(context: CanaryStepContext): void {
    for (const part of this.parts) {
      if (part.kind === CanaryStepKind.SET_WEIGHT) checkWeight(part, context);
      if (part.kind === CanaryStepKind.SET_CANARY_SCALE) checkScaleWeight(part, context);
    }
  }

  /**
   * The step as it appears in `spec.strategy.canary.steps`, in the strategy's context.
   *
   * @internal
   */
  public _render(context: CanaryStepContext): CanaryStepSpec {
    return Object.assign({}, ...this.parts.map(part => renderPart(part, context)));
  }

  /**
   * The managed routes this step sets, in order.
   *
   * @internal
   */
  public _managedRoutes(): ManagedRoute[] {
    return this.parts.flatMap(p => (p.kind === CanaryStepKind.SET_HEADER_ROUTE || p.kind === CanaryStepKind.SET_MIRROR_ROUTE ? [p.route] : []));
  }

  /**
   * The analysis templates this step runs, in order.
   *
   * @internal
   */
  public _analysisTemplates(): IAnalysisTemplate[] {
    return this.parts.flatMap(p => {
      if (p.kind === CanaryStepKind.ANALYSIS) return [...p.options.templates];
      if (p.kind === CanaryStepKind.EXPERIMENT) return (p.options.analyses ?? []).map(a => a.template);
      return [];
    });
  }
}

/** Step kinds of which one step may hold only one (rule V33; their rows, src/private/step-kinds.ts). */
const EXCLUSIVE_KINDS: readonly string[] = EXCLUSIVE_STEP_KEYS;

/** One step kind's part of a step, as typed values; a combined step has several. */
type StepPart =
  | { readonly kind: CanaryStepKind.SET_WEIGHT; readonly weight: number; readonly declaredMaxTrafficWeight?: number }
  | { readonly kind: CanaryStepKind.PAUSE; readonly duration?: Duration }
  | { readonly kind: CanaryStepKind.SET_CANARY_SCALE; readonly replicas?: number; readonly weight?: number; readonly matchTrafficWeight?: boolean }
  | { readonly kind: CanaryStepKind.ANALYSIS; readonly options: RolloutAnalysisOptions }
  | { readonly kind: CanaryStepKind.EXPERIMENT; readonly options: ExperimentStepOptions }
  | { readonly kind: CanaryStepKind.SET_HEADER_ROUTE; readonly route: ManagedRoute; readonly matches: HeaderRouteMatch[] }
  | {
    readonly kind: CanaryStepKind.SET_MIRROR_ROUTE; readonly route: ManagedRoute; readonly matches: MirrorRouteMatch[]; readonly percentage?: number;
  }
  | {
    readonly kind: CanaryStepKind.PLUGIN;
    readonly name: string;
    readonly config?: { [key: string]: any };
    readonly use: PluginUse;
  };

type SetWeightPart = Extract<StepPart, { kind: CanaryStepKind.SET_WEIGHT }>;
type SetCanaryScalePart = Extract<StepPart, { kind: CanaryStepKind.SET_CANARY_SCALE }>;

/** A setWeight step against the strategy's maxTrafficWeight. */
function checkWeight(part: SetWeightPart, context: CanaryStepContext): void {
  const { weight: w, declaredMaxTrafficWeight: declared } = part;
  const max = context.maxTrafficWeight;
  if (declared !== undefined && declared !== max) {
    fail(`Step ${context.index} (setWeight ${w}) was declared for maxTrafficWeight ${declared}, but the strategy's maxTrafficWeight is ${max}. `
      + 'Make them agree: set maxTrafficWeight once, on the strategy, and drop it from setWeight().');
  }
  if (w > max) {
    fail(`Step ${context.index} sets weight ${w}, above maxTrafficWeight ${max}. Use a weight between 0 and ${max}.`
      + (context.maxTrafficWeightSet ? '' : ` Weights are percentages; for a router with a larger maxTrafficWeight (${MAX_WEIGHT_ROUTERS}) set `
        + 'RolloutStrategy.canary({ maxTrafficWeight }).'));
  }
}

/** The weight of a setCanaryScale step is a share of the strategy's maxTrafficWeight, as setWeight's is. */
function checkScaleWeight(part: SetCanaryScalePart, context: CanaryStepContext): void {
  const max = context.maxTrafficWeight;
  if (part.weight !== undefined && part.weight > max) {
    fail(`Step ${context.index} (setCanaryScale) sizes the canary at weight ${part.weight}, above maxTrafficWeight ${max}: `
      + `the controller would run more canary pods than spec.replicas. Use a weight between 0 and ${max} (a share of spec.replicas out of ${max}).`);
  }
}

/** A part as a step holding only that part's key. */
function renderPart(part: StepPart, _context: CanaryStepContext): CanaryStepSpec {
  switch (part.kind) {
    case CanaryStepKind.SET_WEIGHT:
      return { setWeight: part.weight };
    case CanaryStepKind.PAUSE:
      return { pause: part.duration ? { duration: toGoDuration('CanaryStep.pause() duration', part.duration) } : {} };
    case CanaryStepKind.SET_CANARY_SCALE:
      return { setCanaryScale: { replicas: part.replicas, weight: part.weight, matchTrafficWeight: part.matchTrafficWeight } };
    case CanaryStepKind.ANALYSIS:
      return { analysis: renderRolloutAnalysis('CanaryStep.analysis()', part.options) };
    case CanaryStepKind.EXPERIMENT:
      return { experiment: renderExperimentStep(part.options) };
    case CanaryStepKind.SET_HEADER_ROUTE:
      return {
        setHeaderRoute: {
          name: part.route.name,
          match: undefinedIfEmpty(part.matches.map(m => ({ headerName: m.headerName, headerValue: m.headerValue._toKube() }))),
        },
      };
    case CanaryStepKind.SET_MIRROR_ROUTE:
      return {
        setMirrorRoute: {
          name: part.route.name,
          match: undefinedIfEmpty(part.matches.map(m => {
            const headers = m.headers ? Object.fromEntries(Object.entries(m.headers).map(([k, v]) => [k, v._toKube()])) : undefined;
            return { method: m.method?._toKube(), path: m.path?._toKube(), headers: undefinedIfEmpty(headers) };
          })),
          percentage: part.percentage,
        },
      };
    case CanaryStepKind.PLUGIN:
      return { plugin: { name: part.name, config: part.config ? { ...part.config } : undefined } };
  }
}

/** A copy of analysis options, so that changing the caller's lists later does not change the step. */
function copyAnalysisOptions(o: RolloutAnalysisOptions): RolloutAnalysisOptions {
  return {
    ...o,
    templates: [...o.templates],
    args: o.args ? [...o.args] : undefined,
    dryRunMetrics: o.dryRunMetrics ? [...o.dryRunMetrics] : undefined,
    measurementRetention: o.measurementRetention ? { ...o.measurementRetention } : undefined,
    analysisRunLabels: o.analysisRunLabels ? { ...o.analysisRunLabels } : undefined,
    analysisRunAnnotations: o.analysisRunAnnotations ? { ...o.analysisRunAnnotations } : undefined,
  };
}

/** What `checkArgument` expects where a CanaryStep belongs. */
const CANARY_STEP: ExpectedClass = { class: CanaryStep, name: 'CanaryStep', example: 'a factory such as CanaryStep.setWeight(20)' };

/** What `checkArgument` expects where a StringMatch belongs. */
const STRING_MATCH: ExpectedClass = { class: StringMatch, name: 'StringMatch', example: "StringMatch.exact('yes')" };

const SET_CANARY_SCALE_OPTIONS = struct('SetCanaryScaleOptions', { replicas: 'number', weight: 'number', matchTrafficWeight: 'boolean' },
  { example: '{ replicas: 2 }' });

const HEADER_ROUTE_MATCH = struct('HeaderRouteMatch', { headerName: 'string', headerValue: STRING_MATCH },
  { required: ['headerName', 'headerValue'], example: "{ headerName: 'x-canary', headerValue: StringMatch.exact('yes') }" });

const SET_MIRROR_ROUTE_OPTIONS = struct('SetMirrorRouteOptions', {
  matches: listOf(struct('MirrorRouteMatch', { method: STRING_MATCH, path: STRING_MATCH, headers: mapOf(STRING_MATCH) },
    { example: "{ path: StringMatch.prefix('/api') }" })),
  percentage: 'number',
}, { example: "{ matches: [{ path: StringMatch.prefix('/api') }], percentage: 50 }" });

const CANARY_PROGRESSION_OPTIONS = struct('CanaryProgressionOptions', {
  weights: listOf('number'),
  pause: DURATION,
  indefinitePauseAfter: listOf('number'),
}, { required: ['weights'], example: '{ weights: [25, 50, 75], pause: Duration.minutes(5) }' });
