import {
  analysisTemplateRefs, ANALYSIS_RUN, ANALYSIS_TEMPLATE, CLUSTER_ANALYSIS_TEMPLATE, ManifestIdentity, referencedKind, resolveTemplateTree,
  TemplateInfo, templateInfo, TemplateTree, TemplateUse, usedTemplates,
} from './templates';
import { JsonObject, workloadPodTemplate, workloadRefKind } from '../../private/manifest-types';
import { apiGroupOf } from '../../private/object-identity';
import { cutLongRuns, cutText, cutTextTo } from '../../private/quote';
import { Finding, FindingSeverity, ValidationOptions } from '../types';
import { BlueGreenView, CanaryView, ManifestView, MetadataView, RolloutSpecView, TrafficRoutingView } from './manifest-view';
import { ArgLookup, asObject, asArray, asNumber, asString, isObject, isSet, quote } from './util';
import { fail } from '../../private/synth-error';

/** Path of the canary strategy; rules build their paths from these. */
export const CANARY_PATH = 'spec.strategy.canary';
/** Path of the blue-green strategy. */
export const BLUE_GREEN_PATH = 'spec.strategy.blueGreen';
/** Path of the canary steps. */
export const STEPS_PATH = `${CANARY_PATH}.steps`;

/** Defaults the controller applies (argo-rollouts-rules.md). */
export const DEFAULT_REVISION_HISTORY_LIMIT = 10;
export const DEFAULT_PROGRESS_DEADLINE_SECONDS = 600;
export const DEFAULT_MAX_TRAFFIC_WEIGHT = 100;
export const DEFAULT_MAX_SURGE = '25%';
export const DEFAULT_MAX_UNAVAILABLE = '25%';

/**
 * A rule of the engine: its ID from argo-rollouts-rules.md and a check that reports through the
 * context of the manifest being checked (a Rollout unless stated otherwise).
 */
export interface Rule<C extends ManifestContext = RuleContext> {
  readonly id: string;
  check(ctx: C): void;
}

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

function metadataOf(manifest: ManifestView): MetadataView | undefined {
  return asObject(manifest.metadata);
}

function namespaceOf(manifest: ManifestView): string {
  return asString(metadataOf(manifest)?.namespace);
}

function nameOf(manifest: ManifestView): string {
  return asString(metadataOf(manifest)?.name);
}

/** Kinds a `workloadRef` may point at, with their API group ('' = core). */
const WORKLOAD_KINDS: ReadonlyMap<string, string> = new Map([
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

/** Rank added to findings that a rule reports on another manifest than the one it checks. */
const OTHER_MANIFEST_RANK = 100000;

interface RankedFinding {
  readonly finding: Finding;
  readonly rank: number;
  /** The document indexes of the manifests whose rules reported it (a template finding two Rollouts report). */
  readonly sources: number[];
}

/** A finding with the manifests whose rules reported it (see `FindingSink.attributed`). */
export interface AttributedFinding {
  readonly finding: Finding;
  readonly sources: readonly number[];
}

/** Compares two field paths, list indexes by number (`steps[2]` before `steps[10]`). */
function comparePaths(a: string, b: string): number {
  const partsA = a.split(/(\d+)/);
  const partsB = b.split(/(\d+)/);
  const length = Math.min(partsA.length, partsB.length);
  for (let i = 0; i < length; i++) {
    if (partsA[i] === partsB[i]) {
      continue;
    }
    if (i % 2 === 1) {
      return Number(partsA[i]) - Number(partsB[i]) || (partsA[i] < partsB[i] ? -1 : 1);
    }
    return partsA[i] < partsB[i] ? -1 : 1;
  }
  return partsA.length - partsB.length;
}

/** The longest name of a Kubernetes object (a DNS subdomain): names up to this length are shown whole. */
const MAX_NAME_LENGTH = 253;

/** The longest message, fix or path a finding keeps whole (far more than any rule writes). */
const MAX_TEXT_LENGTH = 10000;

function cutName(text: string): string {
  return text.length > MAX_NAME_LENGTH ? cutText(text) : text;
}

/** A message, fix or path with its long runs cut, and cut as a whole if it is still longer than MAX_TEXT_LENGTH. */
function cutTexts(text: string): string {
  const cut = cutLongRuns(text);
  return cutTextTo(cut, MAX_TEXT_LENGTH);
}

/**
 * A finding whose texts echo no huge value whole: a kind, name or namespace longer than any valid one
 * is cut to its first characters and its length, and so is every run of more than 200 characters
 * without a space in its path (a key), message and fix (rules quote values shortened; this catches
 * what is written into a text as it is), and a text still longer than MAX_TEXT_LENGTH.
 */
function cutFinding(finding: Finding): Finding {
  const name = cutName(finding.name);
  const kind = cutName(finding.kind);
  const namespace = finding.namespace === undefined ? undefined : cutName(finding.namespace);
  const path = cutTexts(finding.path);
  const message = cutTexts(finding.message);
  const fix = cutTexts(finding.fix);
  if (name === finding.name && kind === finding.kind && namespace === finding.namespace && path === finding.path
    && message === finding.message && fix === finding.fix) {
    return finding;
  }
  return { ...finding, name, kind, ...(namespace !== undefined ? { namespace } : {}), path, message, fix };
}

/**
 * Collects the findings of a run: drops repeats (a template used by several Rollouts gets a finding
 * once) and orders them by document index, rule evaluation order and path.
 */
export class FindingSink {
  private readonly entries: RankedFinding[] = [];
  private readonly keys = new Map<string, RankedFinding>();

  /**
   * Adds a finding with the evaluation rank of the rule that found it. Its texts are cut where they
   * would echo a huge value whole (see `cutFinding`).
   */
  public add(found: Finding, rank: number, source: number = found.documentIndex): void {
    const finding = cutFinding(found);
    const key = `${finding.ruleId}\u0000${finding.documentIndex}\u0000${finding.path}\u0000${finding.message}`;
    const known = this.keys.get(key);
    if (known !== undefined) {
      if (!known.sources.includes(source)) {
        known.sources.push(source);
      }
      return;
    }
    const entry = { finding, rank, sources: [source] };
    this.keys.set(key, entry);
    this.entries.push(entry);
  }

  /**
   * The findings in their final order. A rule reports on its own manifest in path order already (in
   * the controller's field order, e.g. stableService before canaryService), so those keep the order
   * found (the sort is stable); findings that Rollouts report on a template are ordered by path.
   */
  public findings(): Finding[] {
    return this.attributed().map(entry => entry.finding);
  }

  /** The findings in their final order (see `findings`), each with the manifests whose rules reported it. */
  public attributed(): AttributedFinding[] {
    return [...this.entries]
      .sort((a, b) => a.finding.documentIndex - b.finding.documentIndex || a.rank - b.rank
        || (a.rank >= OTHER_MANIFEST_RANK ? comparePaths(a.finding.path, b.finding.path) : 0));
  }
}

/**
 * What every rule sees of the manifest it checks: identity, `spec`, the index of the other manifests,
 * the options, and `report()`, which turns a violation into a Finding.
 */
export class ManifestContext implements ManifestIdentity {
  /** Rule ID stamped on reported findings; set by the engine before each rule runs. */
  public ruleId = '';
  /** Position of the current rule in the evaluation order of this kind; set by the engine. */
  public rank = 0;

  public readonly kind: string;
  public readonly name: string;
  public readonly namespace: string;
  /** `spec`, or an empty object when it is missing or not an object. */
  public readonly spec: JsonObject;

  private readonly memo = new Map<string, unknown>();

  constructor(
    public readonly manifest: ManifestView,
    public readonly documentIndex: number,
    public readonly index: ManifestIndex,
    public readonly options: ValidationOptions,
    private readonly sink: FindingSink,
  ) {
    const metadata = metadataOf(manifest);
    this.kind = asString(manifest.kind);
    this.name = asString(metadata?.name);
    this.namespace = asString(metadata?.namespace);
    this.spec = asObject(manifest.spec) ?? {};
  }

  /**
   * The Kubernetes minor version the run checks pod templates against (27 for 1.27), from
   * `options.kubernetesVersion` as the engine wrote it (`1.NN`).
   */
  public get kubernetesMinor(): number {
    return Number(String(this.options.kubernetesVersion).slice(2));
  }

  /** Computes a value once per manifest and run, shared by the rules (`key` names it). */
  public memoize<T>(key: string, compute: () => T): T {
    if (!this.memo.has(key)) {
      this.memo.set(key, compute());
    }
    return this.memo.get(key) as T; // (set under this key by `compute`)
  }

  /** Records a violation of the current rule at `path` of this manifest. */
  /**
   * `index.claim` for the rules of this manifest: true the first time an item is claimed for a scope
   * in the run; in a synth's batch, the first time for this manifest (see IndexData.batch).
   */
  public claim(scope: string, item: unknown): boolean {
    return this.index.claim(this.index.isBatch ? `${scope}\u0000${this.documentIndex}` : scope, item);
  }

  public report(path: string, message: string, fix: string, value?: unknown): void {
    this.reportOn(this, path, message, fix, value);
  }

  /**
   * Records a warning of the current rule at `path` of this manifest: something the controller
   * accepts but that is very likely a mistake (it does not fail synth, see `FindingSeverity`).
   */
  public warn(path: string, message: string, fix: string, value?: unknown): void {
    this.reportOn(this, path, message, fix, value, FindingSeverity.WARNING);
  }

  /**
   * Records a violation of the current rule located in another manifest (e.g. a template that a
   * Rollout uses): the finding carries that manifest's document index, kind and name.
   */
  public reportOn(target: ManifestIdentity, path: string, message: string, fix: string, value?: unknown,
    severity: FindingSeverity = FindingSeverity.ERROR): void {
    const finding: Finding = {
      ruleId: this.ruleId,
      documentIndex: target.documentIndex,
      kind: target.kind,
      name: target.name,
      ...(target.namespace !== '' ? { namespace: target.namespace } : {}),
      path,
      message,
      fix,
      ...(value !== undefined ? { value } : {}),
      ...(severity === FindingSeverity.WARNING ? { severity } : {}),
    };
    this.sink.add(finding, target.documentIndex === this.documentIndex ? this.rank : OTHER_MANIFEST_RANK + this.rank, this.documentIndex);
  }
}

/**
 * Whether `trafficRouting` uses the router under `key`: its field is set, or, for `plugins` (a map
 * from plugin name to configuration), the map has at least one entry. The controller tests the
 * other routers against nil and the plugins by the length of the map, so `plugins: {}` is no router.
 */
export function routerIsSet(trafficRouting: TrafficRoutingView | undefined, key: string): boolean {
  const value = trafficRouting?.[key];
  if (key === 'plugins') {
    return isObject(value) && Object.keys(value).length > 0;
  }
  return isSet(value);
}

/** No step indexes. */
const NO_STEPS: readonly number[] = [];

/**
 * What the Rollout rules see of one Rollout: besides the manifest context, tolerant views of the
 * fields most rules need (never throwing on malformed input).
 */
export class RuleContext extends ManifestContext {
  /** `spec`, or an empty object when it is missing or not an object. */
  declare public readonly spec: RolloutSpecView;
  /** True when `spec.workloadRef` is set. */
  public readonly hasWorkloadRef: boolean;
  /** `spec.strategy.blueGreen` when it is the only strategy set (`{}` when set but not an object). */
  public readonly blueGreen: BlueGreenView | undefined;
  /** `spec.strategy.canary` when it is the only strategy set (`{}` when set but not an object). */
  public readonly canary: CanaryView | undefined;
  /** `spec.strategy.canary.trafficRouting` when the canary strategy is used and routing is set. */
  public readonly trafficRouting: TrafficRoutingView | undefined;
  /** The canary steps (empty when not a canary or no steps), each as written. */
  public readonly steps: readonly unknown[];
  /** The indexes of the steps that set each step kind (`setWeight`, `pause`, ...); built on first use. */
  private stepKinds?: Map<string, number[]>;

  constructor(manifest: ManifestView, documentIndex: number, index: ManifestIndex, options: ValidationOptions, sink: FindingSink) {
    super(manifest, documentIndex, index, options, sink);
    this.hasWorkloadRef = isSet(this.spec.workloadRef);

    const strategy = asObject(this.spec.strategy);
    const hasBlueGreen = isSet(strategy?.blueGreen);
    const hasCanary = isSet(strategy?.canary);
    this.blueGreen = hasBlueGreen && !hasCanary ? asObject(strategy?.blueGreen) ?? {} : undefined;
    this.canary = hasCanary && !hasBlueGreen ? asObject(strategy?.canary) ?? {} : undefined;
    this.trafficRouting = isSet(this.canary?.trafficRouting) ? asObject(this.canary?.trafficRouting) ?? {} : undefined;
    this.steps = asArray(this.canary?.steps);
  }

  /** The indexes of the canary steps that set `kind` (a value other than null), in step order. */
  public stepsSetting(kind: string): readonly number[] {
    if (this.stepKinds === undefined) {
      this.stepKinds = new Map();
      this.steps.forEach((step, i) => {
        if (!isObject(step)) {
          return;
        }
        for (const key of Object.keys(step)) {
          if (isSet(step[key])) {
            const indexes = this.stepKinds!.get(key);
            if (indexes === undefined) {
              this.stepKinds!.set(key, [i]);
            } else {
              indexes.push(i);
            }
          }
        }
      });
    }
    return this.stepKinds.get(kind) ?? NO_STEPS;
  }

  /** `trafficRouting.maxTrafficWeight`, or its default of 100. */
  public get maxTrafficWeight(): number {
    return asNumber(this.trafficRouting?.maxTrafficWeight) ?? DEFAULT_MAX_TRAFFIC_WEIGHT;
  }

  /**
   * True when traffic routing is set and has one of the given routers (e.g. `alb`, `istio`, `plugins`).
   * A router counts when its field is set (`nginx: {}` too); `plugins` counts only with at least one
   * plugin, as the controller counts the entries of the map (see `routerIsSet`).
   */
  public hasRouter(...routers: string[]): boolean {
    const routing = this.trafficRouting;
    return routing !== undefined && routers.some(router => routerIsSet(routing, router));
  }

  /**
   * The pod template labels the controller works with: those of `spec.template`, or, with a
   * `workloadRef`, those of the referenced workload when it is among the manifests (`undefined` when
   * it is not, so that checks depending on them are skipped).
   */
  public templateLabels(): JsonObject | undefined {
    if (!this.hasWorkloadRef) {
      return asObject(asObject(asObject(this.spec.template)?.metadata)?.labels) ?? {};
    }
    const referenced = this.referencedTemplate();
    return referenced === undefined ? undefined : asObject(asObject(asObject(referenced.template)?.metadata)?.labels) ?? {};
  }

  /**
   * The pod template the Rollout takes through its `workloadRef`, when the workload is among the
   * manifests: the template (as written, possibly not an object), where it sits in the workload
   * (`spec.template` of a Deployment or ReplicaSet, `template` of a PodTemplate), and the workload in
   * words for messages (`Deployment "web"`). `undefined` without a workloadRef, for a kind a
   * workloadRef cannot name, or when the workload is not among the manifests.
   */
  public referencedTemplate(): { readonly template: unknown; readonly path: string; readonly owner: string } | undefined {
    const ref = asObject(this.spec.workloadRef);
    const kind = asString(ref?.kind);
    if (ref === undefined || !WORKLOAD_KINDS.has(kind)) {
      return undefined;
    }
    const name = asString(ref.name);
    const workload = this.index.workload(kind, this.namespace, name);
    if (!isObject(workload)) {
      return undefined;
    }
    return { ...workloadPodTemplate(workload), owner: `${kind} ${quote(name)}` };
  }
}

/** Metric names that dryRun and measurementRetention patterns are matched against. */
export interface MetricNames {
  readonly names: readonly string[];
  /** False when some composed template is not among the manifests, so that more names may exist. */
  readonly complete: boolean;
}

/**
 * What the analysis rules (A01–A17, P01–P06) see of an AnalysisTemplate, ClusterAnalysisTemplate or
 * AnalysisRun.
 */
export class AnalysisContext extends ManifestContext {
  /** True for an AnalysisRun, false for the two template kinds. */
  public readonly isRun: boolean;
  /** The template view of this manifest (for AnalysisRuns too: same fields). */
  public readonly template: TemplateInfo;
  /** `spec.metrics` (empty when missing or not a list), each as written. */
  public readonly metrics: readonly unknown[];
  /** `spec.args` (empty when missing or not a list), each as written. */
  public readonly args: readonly unknown[];
  /**
   * Values that resolve `{{args.x}}` in numeric fields: the literal values of an AnalysisRun's
   * arguments. Templates resolve nothing, since callers may override every default.
   */
  public readonly argValue: ArgLookup;

  constructor(manifest: ManifestView, documentIndex: number, index: ManifestIndex, options: ValidationOptions, sink: FindingSink) {
    super(manifest, documentIndex, index, options, sink);
    this.isRun = this.kind === ANALYSIS_RUN;
    this.template = index.templateAt(documentIndex) ?? templateInfo(manifest, documentIndex);
    this.metrics = this.template.metrics;
    this.args = this.template.args;
    const values = new Map<string, string>();
    if (this.isRun) {
      for (const arg of this.args) {
        const fields = asObject(arg);
        const value = fields?.value;
        if (typeof value === 'string' && !isSet(fields?.valueFrom)) {
          values.set(asString(fields?.name), value);
        }
      }
    }
    this.argValue = name => values.get(name);
  }

  /**
   * Names of the metrics an AnalysisRun made from this manifest holds: its own, and for a template
   * those of every template it composes.
   */
  public metricNames(): MetricNames {
    return this.memoize('metricNames', () => {
      const own = (template: TemplateInfo) => template.metrics.map(metric => asString(asObject(metric)?.name));
      if (this.isRun) {
        return { names: own(this.template), complete: true };
      }
      const tree = this.index.templateTree(this.template, this.template.clusterScope ? undefined : this.namespace);
      return { names: tree.templates.flatMap(own), complete: tree.missing.length === 0 && !tree.unresolvable };
    });
  }
}
