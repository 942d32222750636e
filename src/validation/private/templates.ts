/**
 * Analysis templates as the rules see them: tolerant views of an AnalysisTemplate or
 * ClusterAnalysisTemplate manifest, and the resolution of nested template references.
 */
import { AnalysisSpecView, ManifestView, TemplateRefView } from './manifest-view';
import { asObject, asArray, asString, isSet } from './util';

export const ANALYSIS_TEMPLATE = 'AnalysisTemplate';
export const CLUSTER_ANALYSIS_TEMPLATE = 'ClusterAnalysisTemplate';
export const ANALYSIS_RUN = 'AnalysisRun';

/** Who a finding is about: the manifest's place in the input and its identity. */
export interface ManifestIdentity {
  readonly documentIndex: number;
  readonly kind: string;
  readonly name: string;
  readonly namespace: string;
}

/** One AnalysisTemplate or ClusterAnalysisTemplate of the input, with the fields the rules read. */
export interface TemplateInfo extends ManifestIdentity {
  readonly clusterScope: boolean;
  readonly spec: AnalysisSpecView;
  readonly metrics: readonly unknown[];
  readonly args: readonly unknown[];
  readonly dryRun: readonly unknown[];
  readonly measurementRetention: readonly unknown[];
  /** `spec.templates`: nested template references. */
  readonly refs: readonly unknown[];
}

/** Reads the fields of a template manifest; never throws. */
export function templateInfo(manifest: ManifestView, documentIndex: number): TemplateInfo {
  const metadata = asObject(manifest.metadata);
  const spec: AnalysisSpecView = asObject(manifest.spec) ?? {};
  const clusterScope = manifest.kind === CLUSTER_ANALYSIS_TEMPLATE;
  return {
    documentIndex,
    kind: asString(manifest.kind),
    name: asString(metadata?.name),
    namespace: asString(metadata?.namespace),
    clusterScope,
    spec,
    metrics: asArray(spec.metrics),
    args: asArray(spec.args),
    dryRun: asArray(spec.dryRun),
    measurementRetention: asArray(spec.measurementRetention),
    refs: asArray(spec.templates),
  };
}

/** The kind a template reference (`templateName` + `clusterScope`) points at. */
export function referencedKind(ref: unknown): string {
  const fields: TemplateRefView | undefined = asObject(ref);
  return fields?.clusterScope === true ? CLUSTER_ANALYSIS_TEMPLATE : ANALYSIS_TEMPLATE;
}

/** A nested reference (`spec.templates[index]` of `holder`) whose template is not among the manifests. */
export interface MissingNestedTemplate {
  readonly holder: TemplateInfo;
  readonly index: number;
  readonly kind: string;
  readonly name: string;
}

/** A template and every template it composes, each once. */
export interface TemplateTree {
  /** The templates reached, depth first, the referencing template before those it composes. */
  readonly templates: readonly TemplateInfo[];
  /** Nested references that could not be resolved among the manifests. */
  readonly missing: readonly MissingNestedTemplate[];
  /**
   * True when some nested reference could not be followed at all: an AnalysisTemplate named by a
   * ClusterAnalysisTemplate whose caller (and so namespace) is not known.
   */
  readonly unresolvable: boolean;
}

/** Finds a template by kind, namespace and name. */
export type TemplateLookup = (kind: string, namespace: string, name: string) => TemplateInfo | undefined;

/**
 * Follows the nested references of `root` (`spec.templates`, recursively). AnalysisTemplates named
 * anywhere in the tree are looked up in `namespace`, the namespace of the object that uses the
 * tree (`undefined` when unknown); ClusterAnalysisTemplates have none. Each template is taken
 * once, so repeated and cyclic references end.
 */
export function resolveTemplateTree(root: TemplateInfo, namespace: string | undefined, lookup: TemplateLookup): TemplateTree {
  const templates: TemplateInfo[] = [];
  const missing: MissingNestedTemplate[] = [];
  let unresolvable = false;
  const seen = new Set<TemplateInfo>();
  // Depth first without recursion, so that a long chain of references cannot overflow the stack.
  const stack: TemplateInfo[] = [root];
  while (stack.length > 0) {
    const template = stack.pop()!;
    if (seen.has(template)) {
      continue;
    }
    seen.add(template);
    templates.push(template);
    const children: TemplateInfo[] = [];
    template.refs.forEach((ref, index) => {
      if (!isSet(ref)) {
        return;
      }
      const kind = referencedKind(ref);
      const name = asString(asObject(ref)?.templateName);
      if (kind === ANALYSIS_TEMPLATE && namespace === undefined) {
        unresolvable = true;
        return;
      }
      const found = lookup(kind, kind === ANALYSIS_TEMPLATE ? namespace! : '', name);
      if (found === undefined) {
        missing.push({ holder: template, index, kind, name });
      } else {
        children.push(found);
      }
    });
    for (let c = children.length - 1; c >= 0; c--) {
      stack.push(children[c]);
    }
  }
  return { templates, missing, unresolvable };
}

/** The template references (`templateName`, `clusterScope`) of every analysis of a Rollout or Experiment manifest. */
export function analysisTemplateRefs(manifest: ManifestView | undefined): unknown[] {
  const spec = asObject(manifest?.spec);
  if (manifest?.kind === 'Experiment') {
    return asArray(spec?.analyses).filter(isSet);
  }
  const strategy = asObject(spec?.strategy);
  const blueGreen = asObject(strategy?.blueGreen);
  const canary = asObject(strategy?.canary);
  const refs: unknown[] = [];
  const addAnalysis = (analysis: unknown) => refs.push(...asArray(asObject(analysis)?.templates).filter(isSet));
  addAnalysis(blueGreen?.prePromotionAnalysis);
  addAnalysis(blueGreen?.postPromotionAnalysis);
  addAnalysis(canary?.analysis);
  for (const step of asArray(canary?.steps)) {
    addAnalysis(asObject(step)?.analysis);
    refs.push(...asArray(asObject(asObject(step)?.experiment)?.analyses).filter(isSet));
  }
  return refs;
}

/** The analysis templates that a Rollout or an Experiment refers to, by kind and name. */
export interface TemplateUse {
  readonly documentIndex: number;
  /** The namespace of the Rollout or Experiment ('' = none). */
  readonly namespace: string;
  readonly refs: ReadonlyArray<{ readonly kind: string; readonly name: string }>;
}

/**
 * The templates among the manifests that something else among them uses: a Rollout's or
 * Experiment's analysis (in its namespace; `uses`), or another template that composes it
 * (AnalysisTemplates of a template looked up in that template's namespace). Templates used by
 * nothing are judged alone.
 */
export function usedTemplates(uses: readonly TemplateUse[], templates: readonly TemplateInfo[],
  lookupFrom: (documentIndex: number) => TemplateLookup): Set<TemplateInfo> {
  const used = new Set<TemplateInfo>();
  const mark = (lookup: TemplateLookup, kind: string, name: string, namespace: string | undefined, holder?: TemplateInfo) => {
    if (kind === ANALYSIS_TEMPLATE && namespace === undefined) {
      return;
    }
    const found = lookup(kind, kind === ANALYSIS_TEMPLATE ? namespace! : '', name);
    if (found !== undefined && found !== holder) {
      used.add(found); // (a template that composes itself is not used by that)
    }
  };
  for (const use of uses) {
    const lookup = lookupFrom(use.documentIndex);
    use.refs.forEach(ref => mark(lookup, ref.kind, ref.name, use.namespace));
  }
  for (const template of templates) {
    const lookup = lookupFrom(template.documentIndex);
    template.refs.forEach(ref => mark(lookup, referencedKind(ref), asString(asObject(ref)?.templateName),
      template.clusterScope ? undefined : template.namespace, template));
  }
  return used;
}
