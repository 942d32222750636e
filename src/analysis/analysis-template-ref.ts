import { Manifest } from '../private/manifest-types';

/**
 * An AnalysisTemplate or ClusterAnalysisTemplate that a Rollout, an Experiment or another template
 * references.
 *
 * Implemented by `AnalysisTemplate` and `ClusterAnalysisTemplate`, and by the references that
 * `AnalysisTemplate.fromAnalysisTemplateName()` and
 * `ClusterAnalysisTemplate.fromClusterAnalysisTemplateName()` return for templates defined elsewhere.
 */
export interface IAnalysisTemplate {
  /** The Kubernetes name of the template. */
  readonly name: string;

  /** Whether this is a cluster-scoped ClusterAnalysisTemplate. */
  readonly clusterScope: boolean;

  /**
   * The manifest of the template when this app defines it, so that references can be checked at
   * synth; `undefined` for templates defined elsewhere.
   */
  toManifest(): any;
}

/** A template that composes others and can list them (implemented by the library's templates). */
interface ComposingTemplate {
  _composedTemplates(): IAnalysisTemplate[];
}

function composedTemplatesOf(template: IAnalysisTemplate): IAnalysisTemplate[] {
  const composing = template as Partial<ComposingTemplate>;
  return typeof composing._composedTemplates === 'function' ? composing._composedTemplates() : [];
}

/**
 * The manifests of the given templates and of every template they compose, at any depth, each once
 * (templates defined elsewhere have none): what the rule engine needs to follow nested references at
 * synth as it does in the CLI.
 */
export function templateManifestsDeep(templates: readonly IAnalysisTemplate[]): Manifest[] {
  const manifests: Manifest[] = [];
  const seen = new Set<IAnalysisTemplate>();
  const stack = [...templates].reverse();
  while (stack.length > 0) {
    const template = stack.pop()!;
    if (seen.has(template)) {
      continue;
    }
    seen.add(template);
    const manifest = template.toManifest();
    if (manifest !== undefined) {
      manifests.push(manifest);
    }
    stack.push(...[...composedTemplatesOf(template)].reverse());
  }
  return manifests;
}
