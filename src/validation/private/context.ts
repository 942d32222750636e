/**
 * What rules see of the manifest they check: the contexts of a Rollout, of an analysis template or
 * run, and of any other manifest, with `report()`, which turns a violation into a finding. The index
 * of the other manifests is in manifest-index.ts, the collected findings in finding-sink.ts.
 */
import { FindingSink, OTHER_MANIFEST_RANK } from './finding-sink';
import { ManifestIndex, metadataOf, WORKLOAD_KINDS } from './manifest-index';
import { BlueGreenView, CanaryView, ManifestView, RolloutSpecView, TrafficRoutingView } from './manifest-view';
import { ANALYSIS_RUN, ManifestIdentity, TemplateInfo, templateInfo } from './templates';
import { JsonObject, workloadPodTemplate } from '../../private/manifest-types';
import { FindingSeverity } from '../types';
import { Finding, ValidationOptions } from './types';
import { ArgLookup, asObject, asArray, asNumber, asString, isObject, isSet, quote } from './util';

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
