/**
 * The rule engine: runs the rules of each Argo Rollouts kind on every such manifest of a set of plain
 * manifests.
 */
import { AnalysisContext, ManifestContext, Rule, RuleContext } from './context';
import { reportDuplicateObject, reportDuplicateObjects } from './duplicates';
import { AttributedFinding, FindingSink } from './finding-sink';
import { argoKindOf, ManifestIndex } from './manifest-index';
import { ManifestView } from './manifest-view';
import {
  ANALYSIS_MANIFEST_RULES, EXPERIMENT_MANIFEST_RULES, NOTIFICATION_MANIFEST_RULES, PLUGIN_CONFIG_MANIFEST_RULES, ROLLOUT_RULES,
  SCHEMA_MANIFEST_RULES, STRICT_DECODING_MANIFEST_RULES,
} from './rules';
import { NAME_RULES, nameSyntaxOf } from './rules/names';
import { isNotificationObject } from './rules/notifications';
import { isControllerConfigMap } from './rules/plugin-config';
import { kubernetesMinor, schemaVersion } from './schema-loader';
import { Finding, ValidationOptions } from './types';
import { isObject } from './util';
import { DuplicateObjectFinder } from '../../private/object-identity';

// Each argoproj.io kind runs the CRD schema rules first: the API server checks them before the
// controller sees the object.
// (and the object's name, S07, which the API server checks too).
const ROLLOUT_MANIFEST_RULES: readonly Rule[] = [...NAME_RULES, ...SCHEMA_MANIFEST_RULES, ...ROLLOUT_RULES];
const ANALYSIS_KIND_RULES: readonly Rule<AnalysisContext>[] = [...NAME_RULES, ...SCHEMA_MANIFEST_RULES, ...ANALYSIS_MANIFEST_RULES];
const EXPERIMENT_KIND_RULES: readonly Rule<ManifestContext>[] = [...NAME_RULES, ...SCHEMA_MANIFEST_RULES, ...EXPERIMENT_MANIFEST_RULES];
const NAMED_STRICT_DECODING_RULES: readonly Rule<ManifestContext>[] = [...NAME_RULES, ...STRICT_DECODING_MANIFEST_RULES];
const NAMED_PLUGIN_CONFIG_RULES: readonly Rule<ManifestContext>[] = [...NAME_RULES, ...PLUGIN_CONFIG_MANIFEST_RULES];
const NAMED_NOTIFICATION_RULES: readonly Rule<ManifestContext>[] = [...NAME_RULES, ...NOTIFICATION_MANIFEST_RULES];

/** The rules of a manifest that is not an argoproj.io kind, if any apply to it. */
function coreRulesOf(manifest: unknown): readonly Rule<ManifestContext>[] | undefined {
  if (!isObject(manifest)) {
    return undefined;
  }
  const named = nameSyntaxOf(manifest) !== undefined;
  if (manifest.kind === 'Service' || manifest.kind === 'Ingress') {
    return named ? NAMED_STRICT_DECODING_RULES : STRICT_DECODING_MANIFEST_RULES;
  }
  if (isControllerConfigMap(manifest)) {
    return named ? NAMED_PLUGIN_CONFIG_RULES : PLUGIN_CONFIG_MANIFEST_RULES;
  }
  if (isNotificationObject(manifest)) {
    return named ? NAMED_NOTIFICATION_RULES : NOTIFICATION_MANIFEST_RULES;
  }
  return named ? NAME_RULES : undefined;
}

/** Runs `rules` in order on one manifest. */
function runRules<C extends ManifestContext>(ctx: C, rules: readonly Rule<C>[]): void {
  rules.forEach((rule, rank) => {
    ctx.ruleId = rule.id;
    ctx.rank = rank;
    rule.check(ctx);
  });
}

/** True when some rule applies to the manifest (an Argo Rollouts kind, or a core object with rules of its own). */
function hasRules(manifest: unknown): manifest is ManifestView {
  return argoKindOf(manifest) !== undefined || coreRulesOf(manifest) !== undefined;
}

/** Runs every rule that applies to the manifest at `documentIndex`. */
function checkManifest(manifest: unknown, documentIndex: number, index: ManifestIndex, runOptions: ValidationOptions, sink: FindingSink): void {
  if (!isObject(manifest)) {
    return; // no rule applies to what is not an object (see hasRules)
  }
  const kind = argoKindOf(manifest);
  const view = index.from(documentIndex);
  if (kind === undefined) {
    const rules = coreRulesOf(manifest);
    if (rules !== undefined) {
      runRules(new ManifestContext(manifest, documentIndex, view, runOptions, sink), rules);
    }
  } else if (kind === 'Rollout') {
    runRules(new RuleContext(manifest, documentIndex, view, runOptions, sink), ROLLOUT_MANIFEST_RULES);
  } else if (kind === 'Experiment') {
    runRules(new ManifestContext(manifest, documentIndex, view, runOptions, sink), EXPERIMENT_KIND_RULES);
  } else {
    runRules(new AnalysisContext(manifest, documentIndex, view, runOptions, sink), ANALYSIS_KIND_RULES);
  }
}

/**
 * The options of a run, with the Argo Rollouts version and the Kubernetes version (`1.NN`) checked
 * (an unsupported one throws).
 */
function runOptionsOf(options: ValidationOptions | undefined): ValidationOptions {
  const given: ValidationOptions = isObject(options) ? options! : {};
  return { ...given, version: schemaVersion(given.version), kubernetesVersion: `1.${kubernetesMinor(given.kubernetesVersion)}` };
}

/**
 * Validates plain manifests (parsed YAML or JSON objects) against the rules of the Argo Rollouts
 * controller and returns every violation found, not only the first as the controller does:
 * Rollouts (V01–V71, X06, A18), AnalysisTemplates, ClusterAnalysisTemplates and AnalysisRuns (A01–A17,
 * P01–P06) and Experiments (X01–X06), each first against the CRD schema of the chosen version
 * (S01–S04, S06, their metadata decoded as ObjectMeta) and for what the API server refuses only in
 * the pods made from their pod templates (S08), and for pod-template fields that the Kubernetes version
 * checked (`options.kubernetesVersion`) does not have (S09); Services and Ingresses are decoded strictly (L01), and the ConfigMap
 * argo-rollouts-config's plugin lists are checked (C01–C04), and the notification ConfigMap and Secret
 * and the Rollouts' notification subscriptions (N01–N12); each Rollout's update is checked against its
 * capacity budgets (B01–B03: its own annotations, `options.budget`, a ResourceQuota of its namespace).
 * The names, namespaces, labels and annotations of these and of the other objects whose kinds the
 * engine knows are checked by the rule of their kind (S07; an Argo object needs a name), and, when `documentGroups` says which file each manifest
 * comes from, an object defined twice in one file is reported (L05).
 *
 * Other manifests serve as the targets of references (Services, the workloads named by `workloadRef`,
 * and the analysis templates that Rollouts and Experiments use). Findings are ordered by document
 * index, then by the controller's rule evaluation order, then by path. The engine never throws,
 * whatever the input (an unsupported `options.version` or `options.kubernetesVersion` throws).
 *
 * @param manifests the manifests to check, e.g. all documents of a YAML stream
 * @param options options of the run
 */
export function validateManifests(manifests: readonly unknown[], options?: ValidationOptions): Finding[] {
  return run(manifests, options, false).findings();
}

/**
 * `validateManifests`, each finding with the document indexes of the manifests whose rules reported
 * it: what the checks at synth need to give each construct its findings when the manifests of many
 * constructs are checked in one run (a template's finding that two Rollouts report goes to both).
 */
export function validateManifestsAttributed(manifests: readonly unknown[], options?: ValidationOptions): AttributedFinding[] {
  return run(manifests, options, true).attributed();
}

/** One run of the engine over a set of manifests (`batch`: of many constructs, see IndexData.batch): the sink with its findings. */
function run(manifests: readonly unknown[], options: ValidationOptions | undefined, batch: boolean): FindingSink {
  const sink = new FindingSink();
  if (!Array.isArray(manifests)) {
    return sink;
  }
  const runOptions = runOptionsOf(options);
  let index: ManifestIndex | undefined;
  manifests.forEach((manifest, documentIndex) => {
    if (hasRules(manifest)) {
      if (index === undefined) {
        index = ManifestIndex.build(manifests, runOptions.documentGroups);
        if (batch) index.markBatch();
      }
      checkManifest(manifest, documentIndex, index, runOptions, sink);
    }
  });
  if (Array.isArray(runOptions.documentGroups)) {
    // only a run that knows its files can tell an object defined twice from two files defining it
    reportDuplicateObjects(manifests, runOptions.documentGroups, sink);
  }
  return sink;
}

/**
 * The engine over manifests read one at a time (the files of a lint run), in two passes that give
 * the findings `validateManifests` gives for all of them at once. The first pass (`add`, every
 * manifest in document order) keeps only what rules look up across manifests: the manifests of the
 * kinds they refer to (Services, templates, workloads, ...; see `ManifestIndex`), the namespace of
 * each manifest, the templates each Rollout uses and each object's identity (L05). The second
 * (`check`, in document order) runs the rules of each manifest that has some: the caller gives the
 * manifests the index does not keep again (read anew), the others the index holds.
 */
export class ManifestStream {
  private readonly groups: number[] = [];
  private readonly index = ManifestIndex.empty(this.groups);
  private readonly sink = new FindingSink();
  private readonly duplicates = new DuplicateObjectFinder();
  private runOptions: ValidationOptions | undefined;

  /**
   * First pass: adds the manifest at `documentIndex` (the next one) of file `group`.
   *
   * @returns `check` when rules apply to it and the caller must give it again to `check`, `kept` when
   *   rules apply and the index keeps it (`check` takes it from there), `none` when no rule applies
   */
  public add(manifest: unknown, documentIndex: number, group: number): 'check' | 'kept' | 'none' {
    this.groups[documentIndex] = group;
    const duplicate = this.duplicates.add(manifest, documentIndex, group);
    if (duplicate !== undefined) {
      reportDuplicateObject(duplicate, this.sink);
    }
    const kept = this.index.add(manifest, documentIndex);
    return !hasRules(manifest) ? 'none' : kept ? 'kept' : 'check';
  }

  /**
   * Kinds whose manifests (all of them, not kept already) the index must be given once more through
   * `addWorkload` after the first pass: kinds that Rollouts' `workloadRef`s name (see ManifestIndex).
   */
  public get workloadKinds(): ReadonlySet<string> {
    return this.index.workloadKinds;
  }

  /** See `workloadKinds`. */
  public addWorkload(manifest: unknown, documentIndex: number): void {
    this.index.addWorkload(manifest, documentIndex);
  }

  /** The manifests the index keeps, in document order (e.g. to find the controller's release). */
  public get keptManifests(): readonly ManifestView[] {
    return this.index.referableManifests;
  }

  /**
   * Second pass: runs the rules of the manifest at `documentIndex` (manifests in document order):
   * `manifest` as read again, or `undefined` for one the index keeps.
   */
  public check(documentIndex: number, manifest: unknown, options: ValidationOptions | undefined): void {
    this.runOptions ??= runOptionsOf({ ...options, documentGroups: this.groups });
    checkManifest(manifest === undefined ? this.index.kept(documentIndex) : manifest, documentIndex, this.index, this.runOptions, this.sink);
  }

  /** The findings of the run, in their order. */
  public findings(): Finding[] {
    return this.sink.findings();
  }
}
