/**
 * Types of what the install constructs render that is particular to Argo Rollouts (the core
 * Kubernetes parts are in src/private/manifest-types.ts). Internal: jsii never sees them.
 */

/**
 * An item of the plugin lists of `argo-rollouts-config` (`trafficRouterPlugins`,
 * `metricProviderPlugins`, `stepPlugins`).
 */
export interface PluginItemSpec {
  /** `<namespace>/<name>`. */
  readonly name: string;
  /** An `http`, `https` or `file` URL. */
  readonly location: string;
  readonly sha256?: string;
  readonly args?: string[];
  readonly headersFrom?: { readonly secretRef: { readonly name: string } }[];
  /** Step plugins only. */
  readonly disabled?: boolean;
}
