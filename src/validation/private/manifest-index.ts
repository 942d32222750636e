/**
 * The index of a validation run: the manifests that rules look up or search among the others
 * (Services, workloads, analysis templates, the traffic routers' objects, ...), the lookups that
 * resolve a reference the way the controller and `kubectl apply` would, and what rules compute once
 * per run.
 */
import { ManifestView, MetadataView } from './manifest-view';
import {
  analysisTemplateRefs, ANALYSIS_TEMPLATE, CLUSTER_ANALYSIS_TEMPLATE, referencedKind, resolveTemplateTree,
  TemplateInfo, templateInfo, TemplateTree, TemplateUse, usedTemplates,
} from './templates';
import { asObject, asString, isObject } from './util';
import { workloadRefKind } from '../../private/manifest-types';
import { apiGroupOf } from '../../private/object-identity';
import { fail } from '../../private/synth-error';

/** API group of the Argo Rollouts kinds. */
const ARGO_GROUP = 'argoproj.io';
/** Kinds the engine checks. */
const CHECKED_KINDS: ReadonlySet<string> = new Set(['Rollout', 'AnalysisTemplate', 'ClusterAnalysisTemplate', 'AnalysisRun', 'Experiment']);

/**
 * The Argo Rollouts kind of a manifest (`Rollout`, `AnalysisTemplate`, `ClusterAnalysisTemplate`,
 * `AnalysisRun` or `Experiment`, API group `argoproj.io` or no apiVersion), else `undefined`.
 */
export function argoKindOf(manifest: unknown): string | undefined {
  if (!isObject(manifest) || typeof manifest.kind !== 'string' || !CHECKED_KINDS.has(manifest.kind)) {
    return undefined;
  }
  const apiVersion = manifest.apiVersion;
  return apiVersion === undefined || (typeof apiVersion === 'string' && apiVersion.startsWith(`${ARGO_GROUP}/`)) ? manifest.kind : undefined;
}

/** Key of a namespaced object in the indexes: namespace (empty when absent) and name. */
function objectKey(namespace: string, name: string): string {
  return `${namespace}\u0000${name}`;
}

export function metadataOf(manifest: ManifestView): MetadataView | undefined {
  return asObject(manifest.metadata);
}

function namespaceOf(manifest: ManifestView): string {
  return asString(metadataOf(manifest)?.namespace);
}

function nameOf(manifest: ManifestView): string {
  return asString(metadataOf(manifest)?.name);
}

/** Kinds a `workloadRef` may point at, with their API group ('' = core). */
export const WORKLOAD_KINDS: ReadonlyMap<string, string> = new Map([
  ['Deployment', 'apps'],
  ['ReplicaSet', 'apps'],
  ['PodTemplate', ''],
]);

/**
 * The kinds that rules look up or search among the other manifests of a run: Services, Ingresses,
 * the workloads of a `workloadRef` (Deployments also hold the controller, whose release and flags
 * count), analysis templates, the traffic routers' objects, the notification ConfigMap and Secret,
 * the plugin ConfigMap, ResourceQuotas, LimitRanges and the autoscalers of a Rollout. The index keeps
 * the manifests of these kinds only, so that a run over documents read one at a time holds these
 * and lets the others go (Rollouts above all): a rule that needs another kind adds it here.
 */
const REFERABLE_KINDS: ReadonlySet<string> = new Set([
  'Service', 'Ingress', 'Deployment', 'ReplicaSet', 'PodTemplate', ANALYSIS_TEMPLATE, CLUSTER_ANALYSIS_TEMPLATE,
  'VirtualService', 'VirtualRouter', 'TrafficSplit', 'Mapping', 'AmbassadorMapping',
  'ConfigMap', 'Secret', 'ResourceQuota', 'LimitRange', 'HorizontalPodAutoscaler', 'ScaledObject',
]);

/** An object that the index keeps, and the document it comes from. */
export interface IndexedManifest {
  readonly manifest: ManifestView;
  readonly documentIndex: number;
}

/** Group under which objects without an apiVersion are indexed; they match every group. */
const ANY_GROUP = '\u0001';

/** The API group of an apiVersion; `undefined` without one (such objects are indexed under ANY_GROUP). */
function groupOrNone(apiVersion: unknown): string | undefined {
  return typeof apiVersion === 'string' ? apiGroupOf(apiVersion) : undefined;
}

/** An indexed object and the document it comes from. */
interface IndexEntry<T> {
  readonly value: T;
  readonly documentIndex: number;
}

/** Appends `value` to the candidates under `key`. */
function addEntry<T>(map: Map<string, IndexEntry<T>[]>, key: string, value: T, documentIndex: number): void {
  const entries = map.get(key);
  if (entries === undefined) {
    map.set(key, [{ value, documentIndex }]);
  } else {
    entries.push({ value, documentIndex });
  }
}

/** What the views of one index share: the objects of a run, and what rules compute once per run. */
class IndexData {
  public readonly services = new Map<string, IndexEntry<ManifestView>[]>();
  public readonly workloads = new Map<string, IndexEntry<ManifestView>[]>();
  /** Every object with a kind, by API group, kind, namespace and name. */
  public readonly objects = new Map<string, IndexEntry<ManifestView>[]>();
  public readonly templates = new Map<string, IndexEntry<TemplateInfo>[]>();
  public readonly templatesByDocument = new Map<number, TemplateInfo>();
  /** Resolved template trees, per root template and namespace of use; filled on demand during the run. */
  public readonly trees = new Map<TemplateInfo, Map<string | undefined, TemplateTree>>();
  public readonly claimed = new Map<string, Set<unknown>>();
  /**
   * The run checks the objects of many constructs at once (a synth's batch), each construct to get
   * what a check of it alone gives: a template is judged on its own, not by its uses among the
   * manifests, and what rules check once per template is checked once per referencing manifest.
   */
  public batch = false;
  public readonly memo = new Map<string, unknown>();
  /** The manifests the index keeps (see REFERABLE_KINDS), in document order once `sorted`. */
  public readonly kept: IndexedManifest[] = [];
  public sorted = true;
  public readonly keptByDocument = new Map<number, ManifestView>();
  /** The analysis templates each Rollout and Experiment refers to. */
  public readonly uses: TemplateUse[] = [];
  /**
   * Kinds outside REFERABLE_KINDS that a Rollout's `workloadRef` names: a Rollout's plan (the budget
   * rules) takes its pod template from the object named, whatever its kind.
   */
  public readonly workloadKinds = new Set<string>();
  /** Templates that something among the manifests uses (see `ManifestIndex.isUsedTemplate`); computed on demand. */
  public used: Set<TemplateInfo> | undefined;

  /** `metadata.namespace` of each document ('' when it has none). */
  public readonly namespaces: string[] = [];

  constructor(private readonly groups: readonly number[] | undefined) {
  }

  /** The file (or other group) of a document; documents without one share group 0. */
  public groupOf(documentIndex: number): number {
    const group = this.groups?.[documentIndex];
    return typeof group === 'number' ? group : 0;
  }
}

/**
 * Objects that Rollouts and Experiments refer to, indexed once per validation run: core Services, the
 * workloads a `workloadRef` may name, AnalysisTemplates and ClusterAnalysisTemplates, and every
 * object by API group and kind (for the objects traffic routing refers to). The index
 * also holds what rules compute once per run (resolved template trees, merged template data).
 *
 * A name may be defined more than once, e.g. by the base and the overlay files of one folder. A
 * lookup then prefers, in this order: an object of the referencing manifest's own file (see
 * `from()`) in the namespace looked for, one of that file without a namespace (it is applied into
 * the namespace that `kubectl apply -n` names, which is the referencing manifest's own when that
 * sets one: so it counts when the namespace looked for is that one, or when the referencing manifest
 * sets none), then the same two among the other files; within each, the first one wins.
 */
export class ManifestIndex {
  /**
   * Builds the index over all manifests of a run.
   *
   * @param groups the file of each manifest (same number, same file); by default all are one file
   */
  public static build(manifests: readonly unknown[], groups?: readonly number[]): ManifestIndex {
    const index = ManifestIndex.empty(groups);
    manifests.forEach((manifest, documentIndex) => index.add(manifest, documentIndex));
    if (index.workloadKinds.size > 0) {
      manifests.forEach((manifest, documentIndex) => index.addWorkload(manifest, documentIndex));
    }
    return index;
  }

  /**
   * An index to fill one manifest at a time, in document order (`add`), for a run over documents
   * read one at a time; then, if `workloadKinds` is not empty, every manifest once more through
   * `addWorkload`; then the rules may use it.
   *
   * @param groups the file of each manifest, by document index (it may grow as manifests are added)
   */
  public static empty(groups?: readonly number[]): ManifestIndex {
    return new ManifestIndex(new IndexData(Array.isArray(groups) ? groups : undefined), 0, '');
  }

  private constructor(
    private readonly data: IndexData,
    /** The file of the referencing manifest. */
    private readonly origin: number,
    /** The namespace of the referencing manifest ('' = none). */
    private readonly originNamespace: string) {
  }

  /**
   * True when a Rollout's or Experiment's analysis among the manifests uses the template, or another
   * template composes it: then those uses judge what depends on the templates merged with it (e.g.
   * the arguments its metrics refer to).
   */
  public isUsedTemplate(template: TemplateInfo): boolean {
    if (this.data.batch) {
      return false; // each template judged alone (see IndexData.batch)
    }
    this.data.used ??= usedTemplates(this.data.uses, [...this.data.templatesByDocument.values()],
      documentIndex => {
        const view = this.from(documentIndex);
        return (kind, namespace, name) => view.template(kind, namespace, name);
      });
    return this.data.used.has(template);
  }

  /**
   * The index as seen from the manifest at `documentIndex`: lookups prefer the objects of its file.
   * Views share everything else (trees, memoized values, claims).
   */
  public from(documentIndex: number): ManifestIndex {
    const origin = this.data.groupOf(documentIndex);
    const originNamespace = this.data.namespaces[documentIndex] ?? '';
    return origin === this.origin && originNamespace === this.originNamespace ? this : new ManifestIndex(this.data, origin, originNamespace);
  }

  /**
   * The manifests of the run of the kinds that rules refer to (see REFERABLE_KINDS), with their
   * document indexes, in document order: for rules that search them (e.g. for the autoscalers of a
   * Rollout).
   */
  public get referable(): readonly IndexedManifest[] {
    if (!this.data.sorted) {
      this.data.kept.sort((a, b) => a.documentIndex - b.documentIndex);
      this.data.sorted = true;
    }
    return this.data.kept;
  }

  /** The manifests of `referable` alone, in document order (computed once per run). */
  public get referableManifests(): ManifestView[] {
    return this.memoizeRun('referable manifests', () => this.referable.map(entry => entry.manifest));
  }

  /** The manifest at a document index, when the index keeps it (see `add`). */
  public kept(documentIndex: number): ManifestView | undefined {
    return this.data.keptByDocument.get(documentIndex);
  }

  /**
   * Kinds, besides those the index keeps, of the manifests that `addWorkload` must be given: the
   * kinds that Rollouts' `workloadRef`s name (once every manifest is added).
   */
  public get workloadKinds(): ReadonlySet<string> {
    return this.data.workloadKinds;
  }

  /** The Service of that name in that namespace ('' = no namespace), if present. */
  public service(namespace: string, name: string): ManifestView | undefined {
    return this.pick(this.candidates(this.data.services, '', namespace, name));
  }

  /** The Deployment, ReplicaSet or PodTemplate of that kind, namespace and name, if present. */
  public workload(kind: string, namespace: string, name: string): ManifestView | undefined {
    return this.pick(this.candidates(this.data.workloads, `${kind}\u0000`, namespace, name));
  }

  /**
   * An object of that kind from one of the API `groups` ('' = core; any version) in that
   * namespace ('' = no namespace) with that name, if present. Objects without an apiVersion match
   * every group. Used for the objects that traffic routing refers to (Ingresses, VirtualServices, ...).
   */
  public object(groups: readonly string[], kind: string, namespace: string, name: string): ManifestView | undefined {
    if (!REFERABLE_KINDS.has(kind)) {
      fail(`The index keeps no ${kind}: add the kind to REFERABLE_KINDS.`); // a rule's mistake, found by its tests
    }
    const candidates = [...groups, ANY_GROUP].flatMap(group => this.candidates(this.data.objects, `${group}\u0000${kind}\u0000`, namespace, name));
    return this.pick(candidates);
  }

  /**
   * The AnalysisTemplate (in `namespace`) or ClusterAnalysisTemplate (namespace ignored) of that name,
   * if present.
   */
  public template(kind: string, namespace: string, name: string): TemplateInfo | undefined {
    return this.pick(this.candidates(this.data.templates, `${kind}\u0000`, kind === CLUSTER_ANALYSIS_TEMPLATE ? '' : namespace, name));
  }

  /** The template defined by the manifest at that document index, if it is one. */
  public templateAt(documentIndex: number): TemplateInfo | undefined {
    return this.data.templatesByDocument.get(documentIndex);
  }

  /**
   * A template with everything it composes, for use from `namespace` (`undefined` when unknown); the
   * composed templates are looked up from the root template's file. Computed once per template and
   * namespace in a run.
   */
  public templateTree(root: TemplateInfo, namespace: string | undefined): TemplateTree {
    let byNamespace = this.data.trees.get(root);
    if (byNamespace === undefined) {
      byNamespace = new Map();
      this.data.trees.set(root, byNamespace);
    }
    let tree = byNamespace.get(namespace);
    if (tree === undefined) {
      const view = this.from(root.documentIndex);
      tree = resolveTemplateTree(root, namespace, (kind, ns, name) => view.template(kind, ns, name));
      byNamespace.set(namespace, tree);
    }
    return tree;
  }

  /**
   * Computes a value once per run and file (`key` names it), e.g. the merged data of a list of
   * templates: the same names may resolve to other objects from another file.
   */
  public memoize<T>(key: string, compute: () => T): T {
    return this.memoizeKey(`${this.origin}\u0000${key}`, compute);
  }

  /**
   * Computes a value once per run, whatever the file (`key` names it): for what does not depend on
   * the referencing file, e.g. a list of every manifest of a kind. (Once per file, a folder of many
   * files would scan every manifest once per file.)
   */
  public memoizeRun<T>(key: string, compute: () => T): T {
    return this.memoizeKey(`\u0001${key}`, compute);
  }

  private memoizeKey<T>(key: string, compute: () => T): T {
    if (!this.data.memo.has(key)) {
      this.data.memo.set(key, compute());
    }
    return this.data.memo.get(key) as T; // (set under this key by `compute`)
  }

  /** Makes the run a synth's batch (see IndexData.batch); before any rule runs. */
  public markBatch(): void {
    this.data.batch = true;
  }

  /** See `markBatch`. */
  public get isBatch(): boolean {
    return this.data.batch;
  }

  /**
   * True the first time an item (e.g. a template) is claimed for a scope (e.g. a rule ID) in a run,
   * false afterwards. Rules use it to check a template once however many Rollouts use it, when the
   * result does not depend on the Rollout.
   */
  public claim(scope: string, item: unknown): boolean {
    let items = this.data.claimed.get(scope);
    if (items === undefined) {
      items = new Set();
      this.data.claimed.set(scope, items);
    }
    if (items.has(item)) {
      return false;
    }
    items.add(item);
    return true;
  }

  /**
   * The entries under `prefix` for that name in `namespace`, then those without a namespace when they
   * may land there: applied together with the referencing manifest, they share its namespace (the
   * one `kubectl apply -n` names, which must be the referencing manifest's own when it sets one).
   */
  private candidates<T>(map: Map<string, IndexEntry<T>[]>, prefix: string, namespace: string, name: string): IndexEntry<T>[][] {
    const exact = map.get(`${prefix}${objectKey(namespace, name)}`);
    const mayLandThere = namespace !== '' && (this.originNamespace === '' || this.originNamespace === namespace);
    const withoutNamespace = mayLandThere ? map.get(`${prefix}${objectKey('', name)}`) : undefined;
    const lists: IndexEntry<T>[][] = [];
    if (exact !== undefined) {
      lists.push(exact);
    }
    if (withoutNamespace !== undefined) {
      lists.push(withoutNamespace);
    }
    return lists;
  }

  /**
   * The preferred candidate among lists of candidates in order of preference (each in document
   * order): the first of the referencing manifest's file, else the first of all.
   */
  private pick<T>(lists: readonly IndexEntry<T>[][]): T | undefined {
    for (const list of lists) {
      const own = list.find(entry => this.data.groupOf(entry.documentIndex) === this.origin);
      if (own !== undefined) {
        return own.value;
      }
    }
    return lists[0]?.[0]?.value;
  }

  /**
   * Adds the manifest at `documentIndex` (manifests are added in document order): its namespace, the
   * templates it refers to, and the manifest itself when it is of a kind that rules refer to (see
   * REFERABLE_KINDS).
   *
   * @returns whether the index keeps the manifest (`kept(documentIndex)` returns it)
   */
  public add(manifest: unknown, documentIndex: number): boolean {
    this.data.namespaces[documentIndex] = isObject(manifest) ? namespaceOf(manifest) : '';
    if (!isObject(manifest) || typeof manifest.kind !== 'string') {
      return false;
    }
    if (manifest.kind === 'Rollout' || manifest.kind === 'Experiment') {
      this.addUses(manifest, documentIndex);
    }
    if (!REFERABLE_KINDS.has(manifest.kind)) {
      return false;
    }
    this.keep(manifest, documentIndex);
    const group = groupOrNone(manifest.apiVersion);
    const key = objectKey(namespaceOf(manifest), nameOf(manifest));
    addEntry(this.data.objects, `${group ?? ANY_GROUP}\u0000${manifest.kind}\u0000${key}`, manifest, documentIndex);
    if (manifest.kind === 'Service' && (group === undefined || group === '')) {
      addEntry(this.data.services, key, manifest, documentIndex);
    } else if (WORKLOAD_KINDS.has(manifest.kind) && (group === undefined || group === WORKLOAD_KINDS.get(manifest.kind))) {
      addEntry(this.data.workloads, `${manifest.kind}\u0000${key}`, manifest, documentIndex);
    } else if ((manifest.kind === ANALYSIS_TEMPLATE || manifest.kind === CLUSTER_ANALYSIS_TEMPLATE) && argoKindOf(manifest) !== undefined) {
      const template = templateInfo(manifest, documentIndex);
      this.data.templatesByDocument.set(documentIndex, template);
      addEntry(this.data.templates, `${template.kind}\u0000${objectKey(template.clusterScope ? '' : template.namespace, template.name)}`, template, documentIndex);
    }
    return true;
  }

  /**
   * Keeps the manifest at `documentIndex` when its kind is one of `workloadKinds` (and the index does
   * not keep it already), so that a Rollout's plan finds the object its `workloadRef` names.
   */
  public addWorkload(manifest: unknown, documentIndex: number): void {
    if (isObject(manifest) && this.data.workloadKinds.has(manifest.kind) && !this.data.keptByDocument.has(documentIndex)) {
      this.keep(manifest, documentIndex);
    }
  }

  private keep(manifest: ManifestView, documentIndex: number): void {
    const kept = this.data.kept;
    if (kept.length > 0 && kept[kept.length - 1].documentIndex > documentIndex) {
      this.data.sorted = false;
    }
    kept.push({ manifest, documentIndex });
    this.data.keptByDocument.set(documentIndex, manifest);
  }

  /** Notes the analysis templates a Rollout or Experiment uses, and the kind a Rollout's workloadRef names. */
  private addUses(manifest: ManifestView, documentIndex: number): void {
    const refs = analysisTemplateRefs(manifest);
    if (refs.length > 0) {
      this.data.uses.push({
        documentIndex,
        namespace: namespaceOf(manifest),
        refs: refs.map(ref => ({ kind: referencedKind(ref), name: asString(asObject(ref)?.templateName) })),
      });
    }
    const ref = asObject(asObject(manifest.spec)?.workloadRef);
    if (manifest.kind === 'Rollout' && argoKindOf(manifest) !== undefined && ref !== undefined && Object.keys(ref).length > 0) {
      const kind = workloadRefKind(ref); // (as RolloutPlan reads it)
      if (!REFERABLE_KINDS.has(kind)) {
        this.data.workloadKinds.add(kind);
      }
    }
  }
}
