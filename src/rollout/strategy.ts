import { ApiObject, Duration } from 'cdk8s';
import { Construct } from 'constructs';
import { CanaryStep } from './canary-step';
import * as kplus from '../private/kplus';
import { ResolvedService, resolveStrategyService } from './private/service-binding';
import { AntiAffinitySpec, ReplicaProgressThresholdSpec, StrategySpec } from './private/spec-types';
import { stepContext } from './private/step-context';
import { BoundStrategy, OpenStrategy, StrategyHost } from './private/strategy-binding';
import { StrategyService } from './strategy-service';
import { IAnalysisTemplate } from '../analysis/analysis-template-ref';
import { renderRolloutAnalysis, ROLLOUT_ANALYSIS_OPTIONS } from '../analysis/private/render';
import { BackgroundAnalysisOptions, RolloutAnalysisOptions } from '../analysis/rollout-analysis';
import { ControllerPluginKind } from '../install/plugins';
import { pluginUse } from '../install/private/plugin-use';
import { addControllerRequirement } from '../install/private/requirements';
import { ARGO_API_VERSION } from '../private/argo-object';
import {
  argumentOrDefault, checkArgument, DURATION, ExpectedClass, listOf, PERCENT_OR_ABSOLUTE, STRING_MAP, struct, TRAFFIC_ROUTER,
} from '../private/arguments';
import { IntOrString, MetadataSpec } from '../private/manifest-types';
import { fail } from '../private/synth-error';
import { checkInteger, metadataBlock, toSeconds, undefinedIfEmpty } from '../private/utils';
import { ManagedRoute } from '../traffic/match';
import { appController } from '../traffic/private/owned-fields';
import { rolloutRouterOwnedFields } from '../traffic/private/router-owned-fields';
import { PluginsTrafficRoutingSpec, TrafficRoutingSpec } from '../traffic/private/spec-types';
import { ITrafficRouter, ITrafficRouterBinding, ITrafficTarget } from '../traffic/router';

/**
 * Labels and annotations added to a set of pods for as long as they play a role
 * (canary, stable, active, preview).
 */
export interface RolePodMetadata {
  /**
   * Labels.
   *
   * @default - none
   */
  readonly labels?: { [key: string]: string };

  /**
   * Annotations.
   *
   * @default - none
   */
  readonly annotations?: { [key: string]: string };
}

/**
 * Anti-affinity of new pods against the pods of the previous ReplicaSet.
 */
export class AntiAffinity {
  /**
   * Prefer to schedule new pods away from the old ones.
   *
   * @param weight 1 to 100
   */
  public static preferred(weight: number): AntiAffinity {
    checkInteger('AntiAffinity.preferred() weight', weight, 1, 100);
    return new AntiAffinity({ preferredDuringSchedulingIgnoredDuringExecution: { weight } });
  }

  /**
   * Never schedule new pods on a node that runs pods of the previous ReplicaSet.
   */
  public static required(): AntiAffinity {
    return new AntiAffinity({ requiredDuringSchedulingIgnoredDuringExecution: {} });
  }

  private constructor(private readonly value: AntiAffinitySpec) {}

  /** @internal */
  public _toKube(): AntiAffinitySpec {
    return JSON.parse(JSON.stringify(this.value));
  }
}

/**
 * How many canary pods must be available before a step counts as complete (Argo Rollouts 1.9+).
 */
export class ReplicaProgressThreshold {
  /**
   * A percentage of the desired canary pods.
   */
  public static percent(value: number): ReplicaProgressThreshold {
    checkArgument('ReplicaProgressThreshold.percent()', 'value', value, 'number');
    checkInteger('ReplicaProgressThreshold.percent()', value, 0, 100);
    return new ReplicaProgressThreshold('Percent', value);
  }

  /**
   * A number of pods.
   */
  public static pods(value: number): ReplicaProgressThreshold {
    checkArgument('ReplicaProgressThreshold.pods()', 'value', value, 'number');
    checkInteger('ReplicaProgressThreshold.pods()', value, 0);
    return new ReplicaProgressThreshold('Pods', value);
  }

  private constructor(private readonly type: string, private readonly value: number) {}

  /** @internal */
  public _toKube(): ReplicaProgressThresholdSpec {
    return { type: this.type, value: this.value };
  }
}

/**
 * Ping-pong Services: the controller swaps two Services between stable and canary instead of
 * using stable and canary Services. ALB and Istio routing only.
 */
export interface PingPongOptions {
  /**
   * The ping Service.
   *
   * @default StrategyService.define() named `<rollout>-ping`
   */
  readonly pingService?: StrategyService;

  /**
   * The pong Service.
   *
   * @default StrategyService.define() named `<rollout>-pong`
   */
  readonly pongService?: StrategyService;
}

/**
 * Options of a canary strategy.
 */
export interface CanaryStrategyOptions {
  /**
   * The steps of an update, in order.
   *
   * @default - no steps: the new version replaces the old one like a rolling update
   */
  readonly steps?: CanaryStep[];

  /**
   * Pods that may be created above the desired count during the update.
   *
   * @default PercentOrAbsolute.percent(25)
   */
  readonly maxSurge?: kplus.PercentOrAbsolute;

  /**
   * Pods that may be unavailable during the update. Not 0 when `maxSurge` is 0.
   *
   * @default PercentOrAbsolute.percent(25)
   */
  readonly maxUnavailable?: kplus.PercentOrAbsolute;

  /**
   * The Service that selects only stable pods.
   *
   * @default - defined when a traffic router needs it, none otherwise
   */
  readonly stableService?: StrategyService;

  /**
   * The Service that selects only canary pods.
   *
   * @default - defined when a traffic router needs it, none otherwise
   */
  readonly canaryService?: StrategyService;

  /**
   * Traffic routers that shift traffic by weight instead of by pod counts.
   *
   * @default - no traffic routing: the canary weight is approximated by replica counts
   */
  readonly trafficRouting?: ITrafficRouter[];

  /**
   * The denominator of traffic weights (NGINX and plugin routers only).
   *
   * @default 100
   */
  readonly maxTrafficWeight?: number;

  /**
   * Background analysis that runs during the update.
   *
   * @default - none
   */
  readonly analysis?: BackgroundAnalysisOptions;

  /**
   * Labels and annotations of canary pods during an update.
   *
   * @default - none
   */
  readonly canaryMetadata?: RolePodMetadata;

  /**
   * Labels and annotations of stable pods.
   *
   * @default - none
   */
  readonly stableMetadata?: RolePodMetadata;

  /**
   * Delay before the old ReplicaSet is scaled down once the update is complete. Traffic routing only.
   *
   * @default - 30 seconds with traffic routing
   */
  readonly scaleDownDelay?: Duration;

  /**
   * How many old ReplicaSets may keep running during `scaleDownDelay`.
   *
   * @default - no limit
   */
  readonly scaleDownDelayRevisionLimit?: number;

  /**
   * Delay before the canary is scaled down after an abort; `Duration.seconds(0)` keeps it. Traffic routing only.
   *
   * @default - 30 seconds
   */
  readonly abortScaleDownDelay?: Duration;

  /**
   * Scale the stable ReplicaSet down as canary traffic grows. Traffic routing only; not with `scaleDownDelay`.
   *
   * @default false
   */
  readonly dynamicStableScale?: boolean;

  /**
   * Minimum pods per stable and canary ReplicaSet. Traffic routing only.
   *
   * @default 1
   */
  readonly minPodsPerReplicaSet?: number;

  /**
   * Anti-affinity of new pods against the previous ReplicaSet.
   *
   * @default - none
   */
  readonly antiAffinity?: AntiAffinity;

  /**
   * Ping-pong Services instead of stable and canary Services (ALB and Istio routing only).
   *
   * @default - none
   */
  readonly pingPong?: PingPongOptions;

  /**
   * Share of canary pods that must be available before a step completes (Argo Rollouts 1.9+).
   *
   * @default - 100%
   */
  readonly replicaProgressThreshold?: ReplicaProgressThreshold;
}

/**
 * Options of a blue-green strategy. The timeline: the new version starts behind the preview
 * Service (`previewReplicaCount` pods), pre-promotion analysis runs, the Rollout is promoted
 * (automatically, after `autoPromotionDelay`, or by hand), the active Service switches to the new
 * pods, post-promotion analysis runs, and after `scaleDownDelay` the old pods go away.
 */
export interface BlueGreenStrategyOptions {
  /**
   * The Service that serves production traffic; switched to the new pods at promotion.
   *
   * @default StrategyService.define() named `<rollout>-active`
   */
  readonly activeService?: StrategyService;

  /**
   * The Service that points at the new pods before promotion.
   *
   * @default StrategyService.define() named `<rollout>-preview`
   */
  readonly previewService?: StrategyService;

  /**
   * Promote without a manual step once the new pods are ready. False pauses before the switch.
   *
   * @default true
   */
  readonly autoPromotionEnabled?: boolean;

  /**
   * Promote this long after the new pods are ready (`autoPromotionSeconds`). Ignored when
   * auto-promotion is off.
   *
   * @default - at once
   */
  readonly autoPromotionDelay?: Duration;

  /**
   * Pods of the new version before promotion; scaled to full size before the switch.
   *
   * @default - the full replica count
   */
  readonly previewReplicaCount?: number;

  /**
   * Pods that may be unavailable during the update.
   *
   * @default PercentOrAbsolute.percent(25)
   */
  readonly maxUnavailable?: kplus.PercentOrAbsolute;

  /**
   * Delay before the old pods are scaled down after the switch.
   *
   * @default Duration.seconds(30)
   */
  readonly scaleDownDelay?: Duration;

  /**
   * How many old ReplicaSets may keep running during `scaleDownDelay`. At most `revisionHistoryLimit`.
   *
   * @default - no limit
   */
  readonly scaleDownDelayRevisionLimit?: number;

  /**
   * Delay before the preview pods are scaled down after an abort; `Duration.seconds(0)` keeps them.
   *
   * @default Duration.seconds(30)
   */
  readonly abortScaleDownDelay?: Duration;

  /**
   * Analysis before the switch; its metrics must finish.
   *
   * @default - none
   */
  readonly prePromotionAnalysis?: RolloutAnalysisOptions;

  /**
   * Analysis after the switch; its metrics must finish.
   *
   * @default - none
   */
  readonly postPromotionAnalysis?: RolloutAnalysisOptions;

  /**
   * Anti-affinity of new pods against the previous ReplicaSet.
   *
   * @default - none
   */
  readonly antiAffinity?: AntiAffinity;

  /**
   * Labels and annotations of active pods.
   *
   * @default - none
   */
  readonly activeMetadata?: RolePodMetadata;

  /**
   * Labels and annotations of preview pods.
   *
   * @default - none
   */
  readonly previewMetadata?: RolePodMetadata;
}

/**
 * The update strategy of a Rollout: canary or blue-green.
 *
 * A strategy is a value that several Rollouts may share. Each Rollout binds it to itself and
 * replays its lists (steps, traffic routers, analyses) through its own add-methods
 * (`rollout.addStep()`, `rollout.addTrafficRouter()`, `rollout.addBackgroundAnalysis()`,
 * `rollout.addPrePromotionAnalysis()`, `rollout.addPostPromotionAnalysis()`), which stay open after
 * construction: adding the same things later gives the same manifest.
 */
export class RolloutStrategy {
  /**
   * A canary update: the new version gets a growing share of pods or traffic, step by step.
   */
  public static canary(options: CanaryStrategyOptions = {}): RolloutStrategy {
    options = argumentOrDefault('RolloutStrategy.canary()', 'options', options, CANARY_OPTIONS, {});
    checkCanaryOptions(options);
    return new RolloutStrategy('canary', options, {});
  }

  /**
   * A blue-green update: the new version starts next to the old one behind a preview Service and
   * takes over the active Service at promotion.
   */
  public static blueGreen(options: BlueGreenStrategyOptions = {}): RolloutStrategy {
    options = argumentOrDefault('RolloutStrategy.blueGreen()', 'options', options, BLUE_GREEN_OPTIONS, {});
    checkBlueGreenOptions(options);
    return new RolloutStrategy('blueGreen', {}, options);
  }

  private readonly canaryOptions: CanaryStrategyOptions;
  private readonly blueGreenOptions: BlueGreenStrategyOptions;

  private constructor(
    /** The strategy kind: `canary` or `blueGreen`. */
    public readonly kind: string,
    canaryOptions: CanaryStrategyOptions,
    blueGreenOptions: BlueGreenStrategyOptions) {
    // the lists are copied: changing the caller's arrays later does not change the strategy
    this.canaryOptions = { ...canaryOptions, steps: copyList(canaryOptions.steps), trafficRouting: copyList(canaryOptions.trafficRouting) };
    this.blueGreenOptions = { ...blueGreenOptions };
  }

  /**
   * Binds the strategy to a Rollout: defines the Services it needs, with empty lists. Called once,
   * by the Rollout, which then calls `_replay()`.
   *
   * @internal
   */
  public _bind(host: Construct & StrategyHost): BoundStrategy {
    return this.kind === 'canary' ? bindCanary(host, this.canaryOptions) : bindBlueGreen(host, this.blueGreenOptions);
  }

  /**
   * Adds the strategy's lists to a Rollout through its add-methods, in the order of the options.
   *
   * @internal
   */
  public _replay(target: OpenStrategy): void {
    if (this.kind === 'canary') {
      const o = this.canaryOptions;
      o.trafficRouting?.forEach(r => target.addTrafficRouter(r));
      o.steps?.forEach(s => target.addStep(s));
      if (o.analysis) target.addBackgroundAnalysis(o.analysis);
    } else {
      const o = this.blueGreenOptions;
      if (o.prePromotionAnalysis) target.addPrePromotionAnalysis(o.prePromotionAnalysis);
      if (o.postPromotionAnalysis) target.addPostPromotionAnalysis(o.postPromotionAnalysis);
    }
  }
}

function copyList<T>(list: T[] | undefined): T[] | undefined {
  return list ? [...list] : undefined;
}

function metadataOf(m: RolePodMetadata | undefined): MetadataSpec | undefined {
  return m ? metadataBlock(m.labels, m.annotations) : undefined;
}

function percentOrAbsolute(field: string, v: kplus.PercentOrAbsolute | undefined): IntOrString | undefined {
  if (v === undefined || v === null) return undefined;
  checkArgument('', field, v, PERCENT_OR_ABSOLUTE);
  const raw = v.value;
  const n = typeof raw === 'string' ? Number(raw.replace(/%$/, '')) : raw;
  if (!Number.isInteger(n) || n < 0) {
    fail(`'${field}' must be a non-negative whole number or percentage, got ${raw}.`);
  }
  return raw;
}

/** Checks the values of canary options (their types: `CANARY_OPTIONS`). */
function checkCanaryOptions(o: CanaryStrategyOptions) {
  percentOrAbsolute('maxSurge', o.maxSurge);
  percentOrAbsolute('maxUnavailable', o.maxUnavailable);
  checkInteger('maxTrafficWeight', o.maxTrafficWeight, 1);
  checkInteger('scaleDownDelayRevisionLimit', o.scaleDownDelayRevisionLimit, 0);
  checkInteger('minPodsPerReplicaSet', o.minPodsPerReplicaSet, 1);
  checkInteger('analysis.startingStep', o.analysis?.startingStep, 0);
  toSeconds('scaleDownDelay', o.scaleDownDelay);
  toSeconds('abortScaleDownDelay', o.abortScaleDownDelay);
  if (o.pingPong && (o.stableService || o.canaryService)) {
    fail('Canary pingPong replaces the stable and canary Services: drop stableService/canaryService, or drop pingPong.');
  }
  for (const [i, step] of (o.steps ?? []).entries()) {
    step._check(stepContext(i, o.maxTrafficWeight));
  }
}

/** Checks the values of blue-green options (their types: `BLUE_GREEN_OPTIONS`). */
function checkBlueGreenOptions(o: BlueGreenStrategyOptions) {
  percentOrAbsolute('maxUnavailable', o.maxUnavailable);
  checkInteger('previewReplicaCount', o.previewReplicaCount, 1);
  checkInteger('scaleDownDelayRevisionLimit', o.scaleDownDelayRevisionLimit, 0);
  toSeconds('autoPromotionDelay', o.autoPromotionDelay);
  toSeconds('scaleDownDelay', o.scaleDownDelay);
  toSeconds('abortScaleDownDelay', o.abortScaleDownDelay);
  if (o.activeService?._mode === 'none') {
    fail('A blue-green Rollout needs an active Service: leave activeService out (the Rollout defines one) or pass your own.');
  }
  if (o.autoPromotionDelay !== undefined && o.autoPromotionEnabled === false) {
    fail('autoPromotionDelay has no effect with autoPromotionEnabled: false (the Rollout waits to be promoted by hand). Drop one of them.');
  }
  if (o.prePromotionAnalysis) renderRolloutAnalysis('prePromotionAnalysis', o.prePromotionAnalysis);
  if (o.postPromotionAnalysis) renderRolloutAnalysis('postPromotionAnalysis', o.postPromotionAnalysis);
}

function checkDistinct(host: Construct, a: ResolvedService | undefined, b: ResolvedService | undefined, roleA: string, roleB: string) {
  if (a && b && a.name === b.name) {
    fail(`Rollout ${host.node.path}: the ${roleA} and ${roleB} Services are both '${a.name}'. They must be two different Services.`);
  }
}

/** Throws: the Rollout's strategy has no such list. */
function wrongStrategy(host: Construct, kind: string, what: string, fix: string): never {
  fail(`Rollout ${host.node.path} uses a ${kind} strategy, which has no ${what}. ${fix}`);
}

/** Throws when a one-of-a-kind analysis is added twice. */
function checkOnce(host: Construct, existing: unknown, what: string, method: string) {
  if (existing !== undefined) {
    fail(`Rollout ${host.node.path} already has a ${what}; a Rollout runs one. Pass all its templates in one ${method} call.`);
  }
}

/** A copy of analysis options, so that changing the caller's lists later does not change the Rollout. */
function copyAnalysis<T extends RolloutAnalysisOptions>(o: T): T {
  return { ...o, templates: [...o.templates], args: copyList(o.args), dryRunMetrics: copyList(o.dryRunMetrics) };
}

function bindBlueGreen(host: Construct & StrategyHost, o: BlueGreenStrategyOptions): BoundStrategy {
  const active = resolveStrategyService(host, 'active', host.name, o.activeService ?? StrategyService.define(), host.namespace)!;
  const preview = resolveStrategyService(host, 'preview', host.name, o.previewService ?? StrategyService.define(), host.namespace);
  checkDistinct(host, active, preview, 'active', 'preview');
  const services: { [role: string]: ResolvedService } = { active };
  if (preview) services.preview = preview;
  let prePromotion: RolloutAnalysisOptions | undefined;
  let postPromotion: RolloutAnalysisOptions | undefined;
  const noCanary = (what: string, fix: string) => wrongStrategy(host, 'blue-green', what, fix);
  return {
    services,
    steps: [],
    addStep: () => noCanary('steps', 'Use RolloutStrategy.canary() for steps.'),
    addTrafficRouter: () => noCanary('traffic routers (the controller switches the active Service at promotion)',
      'Use RolloutStrategy.canary() to shift traffic through a router.'),
    addBackgroundAnalysis: () => noCanary('background analysis',
      'Use addPrePromotionAnalysis() or addPostPromotionAnalysis(), or RolloutStrategy.canary().'),
    addPrePromotionAnalysis: (options: RolloutAnalysisOptions) => {
      checkOnce(host, prePromotion, 'pre-promotion analysis', 'addPrePromotionAnalysis()');
      renderRolloutAnalysis('prePromotionAnalysis', options);
      prePromotion = copyAnalysis(options);
    },
    addPostPromotionAnalysis: (options: RolloutAnalysisOptions) => {
      checkOnce(host, postPromotion, 'post-promotion analysis', 'addPostPromotionAnalysis()');
      renderRolloutAnalysis('postPromotionAnalysis', options);
      postPromotion = copyAnalysis(options);
    },
    analysisTemplates: () => [...(prePromotion?.templates ?? []), ...(postPromotion?.templates ?? [])],
    routerObjects: () => [],
    routerManifests: () => [],
    ignoreDifferences: () => [],
    render: (): StrategySpec => {
      if (o.scaleDownDelayRevisionLimit !== undefined && o.scaleDownDelayRevisionLimit > (host.revisionHistoryLimit ?? 10)) {
        fail(`scaleDownDelayRevisionLimit (${o.scaleDownDelayRevisionLimit}) is above revisionHistoryLimit (${host.revisionHistoryLimit ?? 10}). `
          + 'Lower it, or raise revisionHistoryLimit.');
      }
      return {
        blueGreen: {
          activeService: active.name,
          previewService: preview?.name,
          autoPromotionEnabled: o.autoPromotionEnabled,
          autoPromotionSeconds: toSeconds('autoPromotionDelay', o.autoPromotionDelay),
          previewReplicaCount: o.previewReplicaCount,
          maxUnavailable: percentOrAbsolute('maxUnavailable', o.maxUnavailable),
          scaleDownDelaySeconds: toSeconds('scaleDownDelay', o.scaleDownDelay),
          scaleDownDelayRevisionLimit: o.scaleDownDelayRevisionLimit,
          abortScaleDownDelaySeconds: toSeconds('abortScaleDownDelay', o.abortScaleDownDelay),
          prePromotionAnalysis: prePromotion ? renderRolloutAnalysis('prePromotionAnalysis', prePromotion) : undefined,
          postPromotionAnalysis: postPromotion ? renderRolloutAnalysis('postPromotionAnalysis', postPromotion) : undefined,
          antiAffinity: o.antiAffinity?._toKube(),
          activeMetadata: metadataOf(o.activeMetadata),
          previewMetadata: metadataOf(o.previewMetadata),
        },
      };
    },
  };
}

function bindCanary(host: Construct & StrategyHost, o: CanaryStrategyOptions): BoundStrategy {
  const steps: CanaryStep[] = [];
  const routers: ITrafficRouter[] = [];
  const bindings: ITrafficRouterBinding[] = [];
  let background: BackgroundAnalysisOptions | undefined;
  const services: { [role: string]: ResolvedService } = {};

  /**
   * Keeps the YAML order independent of when routers were added: the stable Service the Rollout
   * defines comes before the canary one, and both before every object the routers define (as when
   * the routers are given in the props). Dependencies order cdk8s's output; nothing else changes.
   */
  const orderAfterServices = () => {
    const owned = [services.stable, services.canary].filter(s => s?.owned && s.service).map(s => ApiObject.of(s!.service!));
    if (owned.length === 2) owned[1].addDependency(owned[0]);
    // the routers' own objects only: objects the user defined and handed to a router keep their place
    const own = bindings.flatMap(b => b.apiObjects).filter(object => object.node.scopes.includes(host));
    for (const object of own) owned.forEach(service => object.addDependency(service));
  };

  /** Defines the stable and canary Services a router needs, unless they exist or the user chose them. */
  const defineRouterServices = () => {
    if (!services.stable && !o.stableService) {
      const stable = resolveStrategyService(host, 'stable', host.name, StrategyService.define(), host.namespace);
      if (stable) services.stable = stable;
    }
    if (!services.canary && !o.canaryService) {
      const canary = resolveStrategyService(host, 'canary', host.name, StrategyService.define(), host.namespace);
      if (canary) services.canary = canary;
    }
    if (!services.stable || !services.canary) {
      fail(`Rollout ${host.node.path}: its traffic router needs both a stable and a canary Service. Do not pass StrategyService.none() for them.`);
    }
    checkDistinct(host, services.stable, services.canary, 'stable', 'canary');
  };

  if (o.pingPong) {
    const ping = resolveStrategyService(host, 'ping', host.name, o.pingPong.pingService ?? StrategyService.define(), host.namespace);
    const pong = resolveStrategyService(host, 'pong', host.name, o.pingPong.pongService ?? StrategyService.define(), host.namespace);
    if (!ping || !pong) {
      fail(`Rollout ${host.node.path}: pingPong needs both a ping and a pong Service; StrategyService.none() is not allowed there.`);
    }
    checkDistinct(host, ping, pong, 'ping', 'pong');
    services.ping = ping;
    services.pong = pong;
  } else {
    // The Services the strategy's own routers need are defined here, before any router object, in
    // role order; a router added later defines them when it is added (see defineRouterServices).
    const needServices = (o.trafficRouting ?? []).some(r => r.requiresStableAndCanaryServices);
    const stable = resolveStrategyService(host, 'stable', host.name, o.stableService ?? (needServices ? StrategyService.define() : undefined), host.namespace);
    const canary = resolveStrategyService(host, 'canary', host.name, o.canaryService ?? (needServices ? StrategyService.define() : undefined), host.namespace);
    if (stable) services.stable = stable;
    if (canary) services.canary = canary;
    if (needServices) defineRouterServices();
    checkDistinct(host, stable, canary, 'stable', 'canary');
  }

  const target: ITrafficTarget = {
    rolloutName: host.name,
    // with ping-pong, the routers split between the ping and the pong Service
    stableServiceName: () => (services.stable ?? services.ping)?.name,
    canaryServiceName: () => (services.canary ?? services.pong)?.name,
    servicePort: () => firstPort((services.stable ?? services.ping)?.service),
    podLabels: () => host._servicePodSelector('traffic'),
  };
  const context = (index: number) => stepContext(index, o.maxTrafficWeight);

  const bound: BoundStrategy = {
    services,
    get steps() {
      return [...steps];
    },
    addStep: (step: CanaryStep) => {
      step._check(context(steps.length));
      steps.push(step);
      for (const plugin of step._plugins()) addControllerRequirement(host, { plugin });
    },
    addTrafficRouter: (router: ITrafficRouter) => {
      checkRouterKind(host, routers, router);
      if (!o.pingPong && router.requiresStableAndCanaryServices) defineRouterServices();
      const binding = router.bind(host, target);
      routers.push(router);
      bindings.push(binding);
      orderAfterServices();
      // a router of the user's own is held to what TrafficRouting.plugin() checks: the binary is the plugin's
      const plugin = router.pluginName
        ? pluginUse(`Rollout ${host.node.path}: ITrafficRouter.bind()`, 'binding.controllerPlugin', ControllerPluginKind.TRAFFIC_ROUTER, router.pluginName, binding.controllerPlugin)
        : undefined;
      addControllerRequirement(host, { plugin, permissions: binding.providerPermissions });
    },
    addBackgroundAnalysis: (options: BackgroundAnalysisOptions) => {
      checkOnce(host, background, 'background analysis', 'addBackgroundAnalysis()');
      checkInteger('analysis.startingStep', options.startingStep, 0);
      renderRolloutAnalysis('canary analysis', options);
      background = copyAnalysis(options);
    },
    addPrePromotionAnalysis: () => wrongStrategy(host, 'canary', 'pre-promotion analysis',
      'Use addBackgroundAnalysis() or an analysis step (CanaryStep.analysis()), or RolloutStrategy.blueGreen().'),
    addPostPromotionAnalysis: () => wrongStrategy(host, 'canary', 'post-promotion analysis',
      'Use addBackgroundAnalysis() or an analysis step (CanaryStep.analysis()), or RolloutStrategy.blueGreen().'),
    analysisTemplates: (): IAnalysisTemplate[] => [...(background?.templates ?? []), ...steps.flatMap(s => s._analysisTemplates())],
    routerObjects: () => bindings.flatMap(b => b.apiObjects),
    routerManifests: () => bindings.flatMap(b => b.apiObjects).map(obj => obj.toJson()),
    // what the routers' files say the controller writes, read from this Rollout's trafficRouting block
    // and its router objects: the same function ArgoCdApplication runs over the app's manifests
    ignoreDifferences: () => rolloutRouterOwnedFields(
      { apiVersion: ARGO_API_VERSION, kind: 'Rollout', metadata: { name: host.name, namespace: host.namespace }, spec: { strategy: bound.render() } },
      bound.routerManifests(), appController(host)),
    render: (): StrategySpec => {
      return {
        canary: {
          steps: undefinedIfEmpty(steps.map((s, i) => s._render(context(i)))),
          maxSurge: percentOrAbsolute('maxSurge', o.maxSurge),
          maxUnavailable: percentOrAbsolute('maxUnavailable', o.maxUnavailable),
          stableService: services.stable?.name,
          canaryService: services.canary?.name,
          pingPong: services.ping ? { pingService: services.ping.name, pongService: services.pong.name } : undefined,
          trafficRouting: renderTrafficRouting(bindings, steps, o.maxTrafficWeight),
          analysis: background ? {
            ...renderRolloutAnalysis('canary analysis', background),
            startingStep: background.startingStep,
          } : undefined,
          canaryMetadata: metadataOf(o.canaryMetadata),
          stableMetadata: metadataOf(o.stableMetadata),
          scaleDownDelaySeconds: toSeconds('scaleDownDelay', o.scaleDownDelay),
          scaleDownDelayRevisionLimit: o.scaleDownDelayRevisionLimit,
          abortScaleDownDelaySeconds: toSeconds('abortScaleDownDelay', o.abortScaleDownDelay),
          dynamicStableScale: o.dynamicStableScale,
          minPodsPerReplicaSet: o.minPodsPerReplicaSet,
          antiAffinity: o.antiAffinity?._toKube(),
          replicaProgressThreshold: o.replicaProgressThreshold?._toKube(),
        },
      };
    },
  };
  return bound;
}

/** The managed routes the steps use, in order of first use. */
function managedRoutesOf(steps: CanaryStep[]): ManagedRoute[] {
  const seen = new Map<string, ManagedRoute>();
  for (const s of steps) {
    for (const r of s._managedRoutes()) {
      if (!seen.has(r.name)) seen.set(r.name, r);
    }
  }
  return [...seen.values()];
}

function renderTrafficRouting(bindings: ITrafficRouterBinding[], steps: CanaryStep[],
  maxTrafficWeight: number | undefined): TrafficRoutingSpec | undefined {
  if (bindings.length === 0) return undefined;
  // the blocks come from `ITrafficRouterBinding.renderConfig()`, which is public and untyped (`any`)
  const out: { [key: string]: unknown } = {};
  for (const b of bindings) {
    const config = b.renderConfig();
    out[b.key] = b.key === 'plugins' ? { ...(out.plugins as PluginsTrafficRoutingSpec | undefined), ...config } : config;
  }
  const routes = managedRoutesOf(steps);
  if (routes.length > 0) out.managedRoutes = routes.map(r => ({ name: r.name }));
  if (maxTrafficWeight !== undefined) out.maxTrafficWeight = maxTrafficWeight;
  return out as TrafficRoutingSpec;
}

function checkRouterKind(host: Construct, routers: ITrafficRouter[], router: ITrafficRouter) {
  const keyOf = (r: ITrafficRouter) => (r.pluginName ? `plugins/${r.pluginName}` : r.key);
  if (routers.some(r => keyOf(r) === keyOf(router))) {
    fail(`Rollout ${host.node.path} has two '${router.pluginName ?? router.key}' traffic routers. Use one router of each kind.`);
  }
}

/** The first port of a Service of this app, when it has one. */
function firstPort(service: kplus.Service | undefined): number | undefined {
  return service?.ports[0]?.port;
}

/** What `checkArgument` expects where an AntiAffinity belongs. */
const STRATEGY_SERVICE: ExpectedClass = {
  class: StrategyService, name: 'StrategyService', example: 'StrategyService.fromService(service) for a cdk8s-plus Service, or StrategyService.define()',
};
const ANTI_AFFINITY: ExpectedClass = { class: AntiAffinity, name: 'AntiAffinity', example: 'AntiAffinity.preferred(100) or AntiAffinity.required()' };

const ROLE_POD_METADATA = struct('RolePodMetadata', { labels: STRING_MAP, annotations: STRING_MAP }, { example: "{ labels: { role: 'canary' } }" });

/** The fields of `CanaryStrategyOptions`, for `checkArgument`. */
const CANARY_OPTIONS = struct('CanaryStrategyOptions', {
  steps: listOf({ class: CanaryStep, name: 'CanaryStep', example: 'a factory such as CanaryStep.setWeight(20)' }),
  maxSurge: PERCENT_OR_ABSOLUTE,
  maxUnavailable: PERCENT_OR_ABSOLUTE,
  stableService: STRATEGY_SERVICE,
  canaryService: STRATEGY_SERVICE,
  trafficRouting: listOf(TRAFFIC_ROUTER),
  maxTrafficWeight: 'number',
  analysis: ROLLOUT_ANALYSIS_OPTIONS,
  canaryMetadata: ROLE_POD_METADATA,
  stableMetadata: ROLE_POD_METADATA,
  scaleDownDelay: DURATION,
  scaleDownDelayRevisionLimit: 'number',
  abortScaleDownDelay: DURATION,
  dynamicStableScale: 'boolean',
  minPodsPerReplicaSet: 'number',
  antiAffinity: ANTI_AFFINITY,
  pingPong: struct('PingPongOptions', { pingService: STRATEGY_SERVICE, pongService: STRATEGY_SERVICE }),
  replicaProgressThreshold: { class: ReplicaProgressThreshold, name: 'ReplicaProgressThreshold', example: 'ReplicaProgressThreshold.percent(50)' },
});

/** The fields of `BlueGreenStrategyOptions`, for `checkArgument`. */
const BLUE_GREEN_OPTIONS = struct('BlueGreenStrategyOptions', {
  activeService: STRATEGY_SERVICE,
  previewService: STRATEGY_SERVICE,
  autoPromotionEnabled: 'boolean',
  autoPromotionDelay: DURATION,
  previewReplicaCount: 'number',
  maxUnavailable: PERCENT_OR_ABSOLUTE,
  scaleDownDelay: DURATION,
  scaleDownDelayRevisionLimit: 'number',
  abortScaleDownDelay: DURATION,
  prePromotionAnalysis: ROLLOUT_ANALYSIS_OPTIONS,
  postPromotionAnalysis: ROLLOUT_ANALYSIS_OPTIONS,
  antiAffinity: ANTI_AFFINITY,
  activeMetadata: ROLE_POD_METADATA,
  previewMetadata: ROLE_POD_METADATA,
});
