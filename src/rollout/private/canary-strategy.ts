import { ApiObject } from 'cdk8s';
import { Construct } from 'constructs';
import { ResolvedService, resolveStrategyService } from './service-binding';
import { StrategySpec } from './spec-types';
import { stepContext } from './step-context';
import { BoundStrategy, OpenStrategy, StrategyHost, StrategyServiceRole } from './strategy-binding';
import {
  ANTI_AFFINITY, checkDistinct, checkOnce, copyAnalysis, metadataOf, percentOrAbsolute, ROLE_POD_METADATA, STRATEGY_SERVICE, wrongStrategy,
} from './strategy-common';
import { IAnalysisTemplate } from '../../analysis/analysis-template-ref';
import { renderRolloutAnalysis, ROLLOUT_ANALYSIS_OPTIONS } from '../../analysis/private';
import { BackgroundAnalysisOptions } from '../../analysis/rollout-analysis';
import { ControllerPluginKind } from '../../install/plugins';
import { addControllerRequirement, pluginUse } from '../../install/private';
import { ARGO_API_VERSION } from '../../private/argo-object';
import { DURATION, listOf, PERCENT_OR_ABSOLUTE, struct, TRAFFIC_ROUTER } from '../../private/arguments';
import * as kplus from '../../private/kplus';
import { fail } from '../../private/synth-error';
import { checkInteger, toSeconds, undefinedIfEmpty } from '../../private/utils';
import { ManagedRoute } from '../../traffic/match';
import { appController, PluginsTrafficRoutingSpec, rolloutRouterOwnedFields, TrafficRoutingSpec } from '../../traffic/private';
import { IgnoreDifference, ITrafficRouter, ITrafficRouterBinding, ITrafficTarget } from '../../traffic/router';
import { CanaryStrategyOptions } from '../canary-options';
import { CanaryStep } from '../canary-step';
import { ReplicaProgressThreshold } from '../strategy-options';
import { StrategyService } from '../strategy-service';

/** The fields of `CanaryStrategyOptions`, for `checkArgument`. */
export const CANARY_OPTIONS = struct('CanaryStrategyOptions', {
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

/**
 * A canary strategy bound to one Rollout: its steps, traffic routers (with what they bound), the
 * background analysis, and the Services by role (stable and canary, or ping and pong).
 */
export class CanaryStrategy implements BoundStrategy {
  /** Checks the values of canary options (their types: `CANARY_OPTIONS`). */
  public static check(o: CanaryStrategyOptions): void {
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

  /** Adds the lists of the options to a Rollout through its add-methods, in the order of the options. */
  public static replay(o: CanaryStrategyOptions, target: OpenStrategy): void {
    o.trafficRouting?.forEach(r => target.addTrafficRouter(r));
    o.steps?.forEach(s => target.addStep(s));
    if (o.analysis) target.addBackgroundAnalysis(o.analysis);
  }

  private readonly stepList: CanaryStep[] = [];
  private readonly routers: ITrafficRouter[] = [];
  private readonly bindings: ITrafficRouterBinding[] = [];
  private background: BackgroundAnalysisOptions | undefined;
  /** The Services by role, in the order they were resolved (the order of `services()`). */
  private readonly byRole: { [role in StrategyServiceRole]?: ResolvedService } = {};
  /** What the routers see of the Rollout; one object for all of them. */
  private readonly target: ITrafficTarget;

  /**
   * Defines the Services the strategy needs: ping and pong, or stable and canary when the options
   * name them or a router of the options needs them.
   */
  constructor(private readonly host: Construct & StrategyHost, private readonly options: CanaryStrategyOptions) {
    const o = options;
    if (o.pingPong) {
      const ping = resolveStrategyService(host, 'ping', host.name, o.pingPong.pingService ?? StrategyService.define(), host.namespace);
      const pong = resolveStrategyService(host, 'pong', host.name, o.pingPong.pongService ?? StrategyService.define(), host.namespace);
      if (!ping || !pong) {
        fail(`Rollout ${host.node.path}: pingPong needs both a ping and a pong Service; StrategyService.none() is not allowed there.`);
      }
      checkDistinct(host, ping, pong, 'ping', 'pong');
      this.byRole.ping = ping;
      this.byRole.pong = pong;
    } else {
      // The Services the strategy's own routers need are defined here, before any router object, in
      // role order; a router added later defines them when it is added (see defineRouterServices).
      const needServices = (o.trafficRouting ?? []).some(r => r.requiresStableAndCanaryServices);
      const stable = resolveStrategyService(host, 'stable', host.name, o.stableService ?? (needServices ? StrategyService.define() : undefined), host.namespace);
      const canary = resolveStrategyService(host, 'canary', host.name, o.canaryService ?? (needServices ? StrategyService.define() : undefined), host.namespace);
      if (stable) this.byRole.stable = stable;
      if (canary) this.byRole.canary = canary;
      if (needServices) this.defineRouterServices();
      checkDistinct(host, stable, canary, 'stable', 'canary');
    }
    this.target = this.trafficTarget();
  }

  public service(role: StrategyServiceRole): ResolvedService | undefined {
    return this.byRole[role];
  }

  public services(): ResolvedService[] {
    return Object.values(this.byRole);
  }

  public steps(): CanaryStep[] {
    return [...this.stepList];
  }

  public addStep(step: CanaryStep): void {
    step._check(this.context(this.stepList.length));
    this.stepList.push(step);
    for (const plugin of step._plugins()) addControllerRequirement(this.host, { plugin });
  }

  public addTrafficRouter(router: ITrafficRouter): void {
    const host = this.host;
    checkRouterKind(host, this.routers, router);
    if (!this.options.pingPong && router.requiresStableAndCanaryServices) this.defineRouterServices();
    const binding = router.bind(host, this.target);
    this.routers.push(router);
    this.bindings.push(binding);
    this.orderAfterServices();
    // a router of the user's own is held to what TrafficRouting.plugin() checks: the binary is the plugin's
    const plugin = router.pluginName
      ? pluginUse(`Rollout ${host.node.path}: ITrafficRouter.bind()`, 'binding.controllerPlugin', ControllerPluginKind.TRAFFIC_ROUTER, router.pluginName, binding.controllerPlugin)
      : undefined;
    addControllerRequirement(host, { plugin, permissions: binding.providerPermissions });
  }

  public addBackgroundAnalysis(options: BackgroundAnalysisOptions): void {
    checkOnce(this.host, this.background, 'background analysis', 'addBackgroundAnalysis()');
    checkInteger('analysis.startingStep', options.startingStep, 0);
    renderRolloutAnalysis('canary analysis', options);
    this.background = copyAnalysis(options);
  }

  public addPrePromotionAnalysis(): void {
    this.noBlueGreen('pre-promotion analysis');
  }

  public addPostPromotionAnalysis(): void {
    this.noBlueGreen('post-promotion analysis');
  }

  public analysisTemplates(): IAnalysisTemplate[] {
    return [...(this.background?.templates ?? []), ...this.stepList.flatMap(s => s._analysisTemplates())];
  }

  public routerObjects(): ApiObject[] {
    return this.bindings.flatMap(b => b.apiObjects);
  }

  /**
   * What the routers' files say the controller writes, read from this Rollout's trafficRouting block
   * and its router objects: the same function ArgoCdApplication runs over the app's manifests.
   */
  public ignoreDifferences(): IgnoreDifference[] {
    const host = this.host;
    return rolloutRouterOwnedFields(
      { apiVersion: ARGO_API_VERSION, kind: 'Rollout', metadata: { name: host.name, namespace: host.namespace }, spec: { strategy: this.render() } },
      this.routerObjects().map(obj => obj.toJson()), appController(host));
  }

  public render(): StrategySpec {
    const o = this.options;
    const services = this.byRole;
    const background = this.background;
    return {
      canary: {
        steps: undefinedIfEmpty(this.stepList.map((s, i) => s._render(this.context(i)))),
        maxSurge: percentOrAbsolute('maxSurge', o.maxSurge),
        maxUnavailable: percentOrAbsolute('maxUnavailable', o.maxUnavailable),
        stableService: services.stable?.name,
        canaryService: services.canary?.name,
        pingPong: services.ping && services.pong ? { pingService: services.ping.name, pongService: services.pong.name } : undefined,
        trafficRouting: renderTrafficRouting(this.bindings, this.stepList, o.maxTrafficWeight),
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
  }

  /** What the routers see of the Rollout: with ping-pong, they split between the ping and the pong Service. */
  private trafficTarget(): ITrafficTarget {
    const services = this.byRole;
    const host = this.host;
    return {
      rolloutName: host.name,
      stableServiceName: () => (services.stable ?? services.ping)?.name,
      canaryServiceName: () => (services.canary ?? services.pong)?.name,
      servicePort: () => firstPort((services.stable ?? services.ping)?.service),
      podLabels: () => host._servicePodSelector('traffic'),
    };
  }

  private context(index: number) {
    return stepContext(index, this.options.maxTrafficWeight);
  }

  /** Defines the stable and canary Services a router needs, unless they exist or the user chose them. */
  private defineRouterServices(): void {
    const { host, options: o, byRole: services } = this;
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
  }

  /**
   * Keeps the YAML order independent of when routers were added: the stable Service the Rollout
   * defines comes before the canary one, and both before every object the routers define (as when
   * the routers are given in the props). Dependencies order cdk8s's output; nothing else changes.
   */
  private orderAfterServices(): void {
    const owned = [this.byRole.stable, this.byRole.canary].flatMap(s => (s?.owned && s.service ? [ApiObject.of(s.service)] : []));
    if (owned.length === 2) owned[1].addDependency(owned[0]);
    // the routers' own objects only: objects the user defined and handed to a router keep their place
    const own = this.routerObjects().filter(object => object.node.scopes.includes(this.host));
    for (const object of own) owned.forEach(service => object.addDependency(service));
  }

  private noBlueGreen(what: string): never {
    return wrongStrategy(this.host, 'canary', what,
      'Use addBackgroundAnalysis() or an analysis step (CanaryStep.analysis()), or RolloutStrategy.blueGreen().');
  }
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
