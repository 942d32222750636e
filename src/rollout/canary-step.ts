import { Duration } from 'cdk8s';
import { IAnalysisTemplate } from '../analysis/analysis-template-ref';
import { renderRolloutAnalysis } from '../analysis/render';
import { RolloutAnalysisOptions } from '../analysis/rollout-analysis';
import { ExperimentStepOptions } from '../experiment/experiment-step';
import { renderExperimentStep } from '../experiment/render';
import { argumentOrDefault, checkArgument, checkListArgument, DURATION, ExpectedClass } from '../private/arguments';
import { checkPluginName } from '../private/names';
import { checkInteger, toGoDuration, undefinedIfEmpty } from '../private/utils';
import { ManagedRoute, StringMatch } from '../traffic/match';

/**
 * Options of `CanaryStep.setWeight()`.
 */
export interface SetWeightOptions {
  /**
   * The traffic weight denominator of the Rollout's router, when it is not 100 (NGINX and plugin
   * routers accept a larger `maxTrafficWeight`). The weight is checked against it.
   *
   * @default 100
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
   * Size the canary as this percentage of `spec.replicas`.
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
  /** The canary weights, in increasing order (e.g. 20, 40, 60, 80). */
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
  SET_WEIGHT = 'setWeight',
  PAUSE = 'pause',
  SET_CANARY_SCALE = 'setCanaryScale',
  ANALYSIS = 'analysis',
  EXPERIMENT = 'experiment',
  SET_HEADER_ROUTE = 'setHeaderRoute',
  SET_MIRROR_ROUTE = 'setMirrorRoute',
  PLUGIN = 'plugin',
}

/**
 * One step of a canary Rollout.
 *
 * @example
 * RolloutStrategy.canary({
 *   steps: [CanaryStep.setWeight(20), CanaryStep.pause(), CanaryStep.setWeight(50), CanaryStep.pause(Duration.minutes(5))],
 * });
 */
export class CanaryStep {
  /**
   * Send `weight` percent of the traffic to the canary (without a traffic router: scale the canary
   * to that share of the pods).
   *
   * @param weight 0 to 100 (or to `maxTrafficWeight`)
   */
  public static setWeight(weight: number, options: SetWeightOptions = {}): CanaryStep {
    options = argumentOrDefault('CanaryStep.setWeight()', 'options', options, 'object', {});
    const max = options.maxTrafficWeight ?? 100;
    checkInteger('maxTrafficWeight', max, 1);
    checkInteger('CanaryStep.setWeight() weight', weight, 0, max,
      max === 100 ? 'Weights are percentages; for a router with a larger maxTrafficWeight pass { maxTrafficWeight }.' : undefined);
    return new CanaryStep(CanaryStepKind.SET_WEIGHT, weight, { weight, maxTrafficWeight: options.maxTrafficWeight });
  }

  /**
   * Pause the Rollout: for `duration`, or until it is promoted when no duration is given.
   *
   * @param duration how long to pause
   * @default - until promoted (`kubectl argo rollouts promote`)
   */
  public static pause(duration?: Duration): CanaryStep {
    checkArgument('CanaryStep.pause()', 'duration', duration, DURATION, true);
    return new CanaryStep(CanaryStepKind.PAUSE, duration ? { duration: toGoDuration('CanaryStep.pause() duration', duration) } : {});
  }

  /**
   * The `setCanaryScale` step: resize the canary without changing its traffic weight. Needs a
   * traffic router. (Named `canaryScale` because jsii reserves one-argument `setXxx` names for
   * Java property setters.)
   */
  public static canaryScale(options: SetCanaryScaleOptions): CanaryStep {
    checkArgument('CanaryStep.canaryScale()', 'options', options, 'object');
    const set = ['replicas', 'weight', 'matchTrafficWeight'].filter(k => (options as any)[k] !== undefined && (options as any)[k] !== false);
    if (set.length !== 1) {
      throw new Error(`CanaryStep.canaryScale() takes exactly one of replicas, weight or matchTrafficWeight: true; got ${set.length ? set.join(', ') : 'none'}.`);
    }
    checkInteger('CanaryStep.canaryScale() replicas', options.replicas, 0);
    checkInteger('CanaryStep.canaryScale() weight', options.weight, 0, 100);
    return new CanaryStep(CanaryStepKind.SET_CANARY_SCALE, {
      replicas: options.replicas,
      weight: options.weight,
      matchTrafficWeight: options.matchTrafficWeight || undefined,
    });
  }

  /**
   * Run an analysis and wait for its result. Its metrics must finish (a `count`, or no `interval`).
   */
  public static analysis(options: RolloutAnalysisOptions): CanaryStep {
    checkArgument('CanaryStep.analysis()', 'options', options, 'object');
    return new CanaryStep(CanaryStepKind.ANALYSIS, renderRolloutAnalysis('CanaryStep.analysis()', options), { templates: [...options.templates] });
  }

  /**
   * Run an experiment: extra ReplicaSets from the stable or canary pod template, with analyses.
   */
  public static experiment(options: ExperimentStepOptions): CanaryStep {
    checkArgument('CanaryStep.experiment()', 'options', options, 'object');
    return new CanaryStep(CanaryStepKind.EXPERIMENT, renderExperimentStep(options), {
      templates: (options.analyses ?? []).map(a => a.template),
    });
  }

  /**
   * Route requests with matching headers to the canary. Without matches, the route is removed.
   * Needs a router that supports header routes (Istio, ALB, APISIX, plugins).
   *
   * @param route the managed route to set
   * @param matches header conditions; all must hold
   */
  public static setHeaderRoute(route: ManagedRoute, matches: HeaderRouteMatch[] = []): CanaryStep {
    checkArgument('CanaryStep.setHeaderRoute()', 'route', route, { class: ManagedRoute, name: 'ManagedRoute', example: "ManagedRoute.named('header-route')" });
    matches = argumentOrDefault('CanaryStep.setHeaderRoute()', 'matches', matches, 'array', []);
    for (const m of matches) {
      if (!m.headerName) throw new Error(`CanaryStep.setHeaderRoute('${route.name}'): every match needs a headerName.`);
    }
    return new CanaryStep(CanaryStepKind.SET_HEADER_ROUTE, {
      name: route.name,
      match: undefinedIfEmpty(matches.map(m => ({ headerName: m.headerName, headerValue: m.headerValue._toKube() }))),
    }, { routes: [route] });
  }

  /**
   * Mirror matching requests to the canary (Istio only). Without matches, the route is removed.
   *
   * @param route the managed route to set
   */
  public static setMirrorRoute(route: ManagedRoute, options: SetMirrorRouteOptions = {}): CanaryStep {
    checkArgument('CanaryStep.setMirrorRoute()', 'route', route, { class: ManagedRoute, name: 'ManagedRoute', example: "ManagedRoute.named('header-route')" });
    options = argumentOrDefault('CanaryStep.setMirrorRoute()', 'options', options, 'object', {});
    checkInteger(`CanaryStep.setMirrorRoute('${route.name}') percentage`, options.percentage, 0, 100);
    const match = (options.matches ?? []).map((m, i) => {
      if (!m.method && !m.path && (!m.headers || Object.keys(m.headers).length === 0)) {
        throw new Error(`CanaryStep.setMirrorRoute('${route.name}'): match ${i} has no condition. Set method, path or headers.`);
      }
      const headers = m.headers ? Object.fromEntries(Object.entries(m.headers).map(([k, v]) => [k, v._toKube()])) : undefined;
      return { method: m.method?._toKube(), path: m.path?._toKube(), headers: undefinedIfEmpty(headers) };
    });
    return new CanaryStep(CanaryStepKind.SET_MIRROR_ROUTE, {
      name: route.name,
      match: undefinedIfEmpty(match),
      percentage: options.percentage,
    }, { routes: [route] });
  }

  /**
   * Run a step plugin registered in the controller's `stepPlugins` configuration.
   *
   * @param name the plugin name, `<namespace>/<name>`
   * @param config the plugin's settings
   */
  public static plugin(name: string, config?: { [key: string]: any }): CanaryStep {
    checkPluginName(`Step plugin name '${name}'`, name, 'argoproj-labs/sample-step');
    return new CanaryStep(CanaryStepKind.PLUGIN, { name, config: config ? { ...config } : undefined });
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
      throw new Error(`CanaryStep.combined() needs at least two steps, got ${steps.length}. Use the step itself.`);
    }
    const kinds = steps.flatMap(s => s.kinds);
    const twice = kinds.find((k, i) => kinds.indexOf(k) !== i);
    if (twice) {
      throw new Error(`CanaryStep.combined(): the step kind '${twice}' appears twice. A step holds each kind once; use two steps.`);
    }
    const exclusive = kinds.filter(k => EXCLUSIVE_KINDS.includes(k));
    if (exclusive.length > 1) {
      throw new Error(`CanaryStep.combined(): ${exclusive.join(' and ')} cannot share a step (the controller runs them one at a time). Use separate steps.`);
    }
    const info: StepInfo = {
      weight: steps.find(s => s._info.weight !== undefined)?._info.weight,
      maxTrafficWeight: steps.find(s => s._info.maxTrafficWeight !== undefined)?._info.maxTrafficWeight,
      routes: steps.flatMap(s => s._info.routes ?? []),
      templates: steps.flatMap(s => s._info.templates ?? []),
    };
    return new CanaryStep(steps[0].kind, Object.assign({}, ...steps.map(s => s._toKube())), info, kinds, true);
  }

  /**
   * Expands a progressive plan into steps: for each weight, `setWeight` then a pause.
   *
   * @example
   * // setWeight 20, pause until promoted, then 40/60/80 with 10s pauses
   * CanaryStep.progression({ weights: [20, 40, 60, 80], pause: Duration.seconds(10), indefinitePauseAfter: [20] });
   */
  public static progression(options: CanaryProgressionOptions): CanaryStep[] {
    checkArgument('CanaryStep.progression()', 'options', options, 'object');
    const weights = options.weights ?? [];
    if (weights.length === 0) {
      throw new Error('CanaryStep.progression() needs at least one weight, e.g. { weights: [25, 50, 75] }.');
    }
    for (let i = 1; i < weights.length; i++) {
      if (weights[i] <= weights[i - 1]) {
        throw new Error(`CanaryStep.progression() weights must increase, got ${weights[i - 1]} then ${weights[i]}.`);
      }
    }
    const indefinite = new Set(options.indefinitePauseAfter ?? []);
    for (const w of indefinite) {
      if (!weights.includes(w)) {
        throw new Error(`CanaryStep.progression(): indefinitePauseAfter lists ${w}, which is not one of the weights [${weights.join(', ')}].`);
      }
    }
    return weights.flatMap(w => [
      CanaryStep.setWeight(w),
      CanaryStep.pause(indefinite.has(w) ? undefined : options.pause),
    ]);
  }

  /** @internal */
  public readonly _info: StepInfo;

  /** The step kinds of this step (more than one for `combined()`). */
  public readonly kinds: CanaryStepKind[];

  private constructor(
    /** The step kind (its key in the manifest); the first one for a combined step. */
    public readonly kind: CanaryStepKind,
    private readonly body: any,
    info: StepInfo = {},
    kinds?: CanaryStepKind[],
    private readonly isCombined = false) {
    this._info = info;
    this.kinds = kinds ?? [kind];
  }

  /** @internal */
  public _toKube(): any {
    return this.isCombined ? { ...this.body } : { [this.kind]: this.body };
  }
}

/** Step kinds of which one step may hold only one (rule V33). */
const EXCLUSIVE_KINDS = [CanaryStepKind.SET_WEIGHT, CanaryStepKind.PAUSE, CanaryStepKind.EXPERIMENT, CanaryStepKind.ANALYSIS];

/** What a Rollout needs to know about a step beyond its manifest. */
interface StepInfo {
  readonly weight?: number;
  readonly maxTrafficWeight?: number;
  readonly routes?: ManagedRoute[];
  readonly templates?: IAnalysisTemplate[];
}

/** What `checkArgument` expects where a CanaryStep belongs. */
const CANARY_STEP: ExpectedClass = { class: CanaryStep, name: 'CanaryStep', example: 'a factory such as CanaryStep.setWeight(20)' };
