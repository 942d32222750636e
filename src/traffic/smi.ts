/** Options of the SMI router. */
export interface SmiRouterOptions {
  /** The Service clients call; the TrafficSplit splits it. @default - the stable Service */
  readonly rootService?: string;
  /** Name of the TrafficSplit. @default - the Rollout's name */
  readonly trafficSplitName?: string;
  /**
   * Not supported: `true` is an error. The controller creates the TrafficSplit itself, as a child of
   * the Rollout, and only ever changes a TrafficSplit it controls; one applied from the app has no
   * owner reference to the Rollout (its UID exists only once the Rollout is created), so the
   * controller would stop at the first weight step with "Rollout does not own TrafficSplit".
   *
   * @default false
   * @deprecated the controller owns the TrafficSplit; leave this out.
   */
  readonly defineTrafficSplit?: boolean;
  /**
   * Has no effect: the controller writes the TrafficSplit in the API version its
   * `--traffic-split-api-version` flag names (`v1alpha1` by default; the install's
   * `flags.trafficSplitApiVersion`).
   *
   * @default - the controller's flag
   * @deprecated set `flags.trafficSplitApiVersion` of the install instead.
   */
  readonly apiVersion?: string;
}
