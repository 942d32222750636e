/**
 * An AnalysisTemplate or ClusterAnalysisTemplate that a Rollout or an Experiment can reference.
 *
 * Implemented by the analysis template constructs of this library and by the references returned by
 * `AnalysisTemplateRef.fromAnalysisTemplateName()` / `fromClusterAnalysisTemplateName()` for templates
 * defined elsewhere.
 */
export interface IAnalysisTemplate {
  /** The Kubernetes name of the template. */
  readonly name: string;
  /** Whether this is a cluster-scoped ClusterAnalysisTemplate. */
  readonly clusterScope: boolean;
  /**
   * The manifest of the template when this app defines it, so that references can be checked at synth.
   * `undefined` for templates defined elsewhere.
   */
  toManifest(): any;
}

/**
 * References to analysis templates that this app does not define.
 */
export class AnalysisTemplateRef {
  /**
   * A namespaced AnalysisTemplate defined elsewhere (in the Rollout's namespace).
   *
   * @param name the template's `metadata.name`
   */
  public static fromAnalysisTemplateName(name: string): IAnalysisTemplate {
    return new ImportedTemplate(checkName(name, 'AnalysisTemplate'), false);
  }

  /**
   * A ClusterAnalysisTemplate defined elsewhere.
   *
   * @param name the template's `metadata.name`
   */
  public static fromClusterAnalysisTemplateName(name: string): IAnalysisTemplate {
    return new ImportedTemplate(checkName(name, 'ClusterAnalysisTemplate'), true);
  }

  private constructor() {}
}

const DNS_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;

function checkName(name: string, kind: string): string {
  if (!DNS_SUBDOMAIN.test(name) || name.length > 253) {
    throw new Error(`${kind} name '${name}' is not a valid Kubernetes name: use lowercase letters, digits, '-' and '.', starting and ending with a letter or digit.`);
  }
  return name;
}

class ImportedTemplate implements IAnalysisTemplate {
  constructor(public readonly name: string, public readonly clusterScope: boolean) {}
  public toManifest(): any {
    return undefined;
  }
}
