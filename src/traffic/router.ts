/**
 * What a Rollout tells a traffic router when it binds it.
 */
export interface TrafficRouterBindOptions {
  /** Name of the Rollout. */
  readonly rolloutName: string;
  /** Name of the stable Service, when the Rollout has one. */
  readonly stableServiceName?: string;
  /** Name of the canary Service, when the Rollout has one. */
  readonly canaryServiceName?: string;
}

/**
 * A router's part of `spec.strategy.canary.trafficRouting`, and what it can do.
 */
export interface TrafficRouterConfig {
  /**
   * The key under `trafficRouting` (e.g. `istio`, `nginx`, `plugins`).
   */
  readonly key: string;

  /**
   * The value under that key. For `plugins`, an object keyed by plugin name; several plugin routers
   * are merged.
   */
  readonly config: any;

  /**
   * Whether the router needs the Rollout's stable and canary Services (rule V27).
   */
  readonly requiresStableAndCanaryServices: boolean;

  /**
   * Manifests of router objects this app defines for the Rollout, for reference checks.
   *
   * @default - none
   */
  readonly manifests?: any[];
}

/**
 * A traffic router of a canary Rollout (Istio, NGINX, ALB, SMI, Gateway API, plugins, ...).
 * Create one with the `TrafficRouting` factories.
 */
export interface ITrafficRouter {
  /**
   * Called by the Rollout at synth time. Returns the router's part of `trafficRouting`.
   */
  bind(options: TrafficRouterBindOptions): TrafficRouterConfig;
}
