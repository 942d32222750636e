import { ApiObject, ApiObjectMetadata } from 'cdk8s';
import { Construct } from 'constructs';
import { IAnalysisTemplate } from './analysis-template-ref';
import { Metric } from './metric';
import { checkMetric, renderMetric, requireMetricPlugin, templateManifests, templateRef } from './private/render';
import { AnalysisTemplateSpec } from './private/spec-types';
import { AnalysisTemplateArg } from './template-arg';
import { ArgoObject } from '../private/argo-object';
import { ANALYSIS_TEMPLATE, argumentOrDefault, checkArgument, checkListArgument, METADATA, SCOPE } from '../private/arguments';
import { checkObjectName } from '../private/names';
import { fail } from '../private/synth-error';
import { undefinedIfEmpty } from '../private/utils';
import { checkAtSynth, checkBatchAtSynth, FindingSeverity } from '../validation/private';

/** Warnings on a template used by nothing (A15–A17) that the Rollouts and Experiments using it judge. */
const JUDGED_BY_USES: ReadonlySet<string> = new Set(['A15', 'A16', 'A17']);

/**
 * Properties shared by AnalysisTemplate and ClusterAnalysisTemplate.
 */
export interface AnalysisTemplateProps {
  /**
   * Metadata of the template.
   *
   * @default - a name generated from the construct path
   */
  readonly metadata?: ApiObjectMetadata;

  /**
   * The metrics. More can be added with `addMetric()`. A template without metrics must compose
   * other templates.
   *
   * @default - none
   */
  readonly metrics?: Metric[];

  /**
   * The arguments the metrics use as `{{args.<name>}}`. More can be added with `addArg()`.
   *
   * @default - none
   */
  readonly args?: AnalysisTemplateArg[];

  /**
   * Other templates whose metrics and arguments this one includes.
   *
   * @default - none
   */
  readonly templates?: IAnalysisTemplate[];
}

/**
 * The common part of AnalysisTemplate and ClusterAnalysisTemplate: metrics, arguments, composed
 * templates, rendered lazily and checked against the controller's analysis rules at synth.
 */
export abstract class AnalysisTemplateBase extends Construct implements IAnalysisTemplate {
  /** Whether this is a ClusterAnalysisTemplate. */
  public abstract readonly clusterScope: boolean;

  /** The template object. */
  protected abstract readonly apiObject: ApiObject;

  /**
   * The Argo object (`Resource`), its lazy spec and the rule engine at synth; defined by the subclass.
   * @internal
   */
  protected abstract readonly _argo: ArgoObject<AnalysisTemplateSpec>;

  private readonly _metrics: Metric[] = [];
  private readonly _args: AnalysisTemplateArg[] = [];
  private readonly _templates: IAnalysisTemplate[];

  /**
   * @param scope the scope of the construct: a Chart, or a construct within one
   * @param id the id of the construct, unique within its scope
   * @param props the configuration of the AnalysisTemplate
   */
  protected constructor(scope: Construct, id: string, props: AnalysisTemplateProps) {
    props = argumentOrDefault(`new ${new.target.name}()`, 'props', props, 'object', {});
    super(scope, id);
    this._templates = [...(props.templates ?? [])];
    checkListArgument(`new ${new.target.name}()`, 'props.args', props.args, 'object', true);
    checkListArgument(`new ${new.target.name}()`, 'props.metrics', props.metrics, 'object', true);
    checkListArgument(`new ${new.target.name}()`, 'props.templates', props.templates, ANALYSIS_TEMPLATE, true);
    checkArgument(`new ${new.target.name}()`, 'props.metadata', props.metadata, METADATA, true);
    props.args?.forEach(a => this.addArg(a));
    props.metrics?.forEach(m => this.addMetric(m));
  }

  /** The Kubernetes name of the template. */
  public get name(): string {
    return this.apiObject.name;
  }

  /** The metrics (a copy). */
  public get metrics(): Metric[] {
    return [...this._metrics];
  }

  /** The declared arguments (a copy). */
  public get args(): AnalysisTemplateArg[] {
    return [...this._args];
  }

  /** Adds a metric. Names must be unique. */
  public addMetric(metric: Metric): void {
    checkArgument(`${this.constructor.name}.addMetric()`, 'metric', metric, 'object');
    checkMetric(`${this.constructor.name} ${this.node.path}`, metric);
    if (this._metrics.some(m => m.name === metric.name)) {
      fail(`${this.constructor.name} ${this.node.path} already has a metric named '${metric.name}'. Give each metric its own name.`);
    }
    this._metrics.push(metric);
    requireMetricPlugin(this, metric);
  }

  /** Declares an argument. Names must be unique. */
  public addArg(arg: AnalysisTemplateArg): void {
    checkArgument(`${this.constructor.name}.addArg()`, 'arg', arg, { class: AnalysisTemplateArg, name: 'AnalysisTemplateArg', example: "AnalysisTemplateArg.required('service')" });
    if (this._args.some(a => a.name === arg.name)) {
      fail(`${this.constructor.name} ${this.node.path} already declares the argument '${arg.name}'. Declare each argument once.`);
    }
    this._args.push(arg);
  }

  /** The manifest of this template, for reference checks. */
  public toManifest(): any {
    return this._argo.manifest(this._toKube());
  }

  /**
   * The templates this one composes (`templates`), so that checks can follow them.
   * @internal
   */
  public _composedTemplates(): IAnalysisTemplate[] {
    return [...this._templates];
  }

  /** @internal */
  public _toKube(): AnalysisTemplateSpec {
    const metrics = this._metrics;
    return {
      args: undefinedIfEmpty(this._args.map(a => a._toKube())),
      metrics: undefinedIfEmpty(metrics.map(renderMetric)),
      dryRun: undefinedIfEmpty(metrics.filter(m => m.dryRun).map(m => ({ metricName: m.name }))),
      measurementRetention: undefinedIfEmpty(metrics.filter(m => m.measurementRetention !== undefined)
        .map(m => ({ metricName: m.name, limit: m.measurementRetention! }))),
      templates: undefinedIfEmpty(this._templates.map(templateRef)),
    };
  }

  /**
   * The Argo object of the template: its spec is rendered at synth and checked with the analysis rules.
   * @internal
   */
  protected _defineArgoObject(kind: 'AnalysisTemplate' | 'ClusterAnalysisTemplate', props: AnalysisTemplateProps): ArgoObject<AnalysisTemplateSpec> {
    return new ArgoObject<AnalysisTemplateSpec>(this, {
      kind,
      metadata: props.metadata,
      clusterScoped: kind === 'ClusterAnalysisTemplate',
      subject: `${this.constructor.name} ${this.node.path}`,
      check: checkAtSynth,
      checkBatch: checkBatchAtSynth,
      render: () => {
        if (this._metrics.length === 0 && this._templates.length === 0) {
          fail(`[A01] ${this.constructor.name} ${this.node.path} has no metrics and composes no template. Add a metric with addMetric(), or templates.`);
        }
        return this._toKube();
      },
      // The templates it composes, at any depth; a nested one is judged here only through this one
      // (e.g. an argument it uses that no template of the tree declares, or a dryRun pattern that none of
      // its metrics matches, is a warning only: a Rollout or Experiment that merges the template with a
      // sibling declaring it, or having the metric, judges that in its own check).
      related: () => templateManifests(this._templates),
      keep: f => f.documentIndex === 0 && !(JUDGED_BY_USES.has(f.ruleId) && f.severity === FindingSeverity.WARNING),
    });
  }
}

/**
 * An AnalysisTemplate: metrics that Rollouts and Experiments run in their namespace.
 *
 * @see https://argo-rollouts.readthedocs.io/en/stable/features/analysis/
 */
export class AnalysisTemplate extends AnalysisTemplateBase {
  /**
   * An AnalysisTemplate defined elsewhere, in the namespace of the Rollout that uses it.
   */
  public static fromAnalysisTemplateName(scope: Construct, id: string, name: string): IAnalysisTemplate {
    checkArgument('AnalysisTemplate.fromAnalysisTemplateName()', 'scope', scope, SCOPE);
    checkArgument('AnalysisTemplate.fromAnalysisTemplateName()', 'id', id, 'string');
    checkArgument('AnalysisTemplate.fromAnalysisTemplateName()', 'name', name, 'string');
    return new ImportedTemplate(scope, id, checkObjectName('AnalysisTemplate name', name), false);
  }

  public readonly clusterScope: boolean = false;
  protected readonly apiObject: ApiObject;
  /** @internal */
  protected readonly _argo: ArgoObject<AnalysisTemplateSpec>;

  /**
   * @param scope the scope of the construct: a Chart, or a construct within one
   * @param id the id of the construct, unique within its scope
   * @param props the configuration of the AnalysisTemplate
   */
  constructor(scope: Construct, id: string, props: AnalysisTemplateProps = {}) {
    props = argumentOrDefault('new AnalysisTemplate()', 'props', props, 'object', {});
    super(scope, id, props);
    this._argo = this._defineArgoObject('AnalysisTemplate', props);
    this.apiObject = this._argo.apiObject;
  }
}

/**
 * A ClusterAnalysisTemplate: an analysis template for the whole cluster, referenced with
 * `clusterScope: true`.
 */
export class ClusterAnalysisTemplate extends AnalysisTemplateBase {
  /**
   * A ClusterAnalysisTemplate defined elsewhere.
   */
  public static fromClusterAnalysisTemplateName(scope: Construct, id: string, name: string): IAnalysisTemplate {
    checkArgument('ClusterAnalysisTemplate.fromClusterAnalysisTemplateName()', 'scope', scope, SCOPE);
    checkArgument('ClusterAnalysisTemplate.fromClusterAnalysisTemplateName()', 'id', id, 'string');
    checkArgument('ClusterAnalysisTemplate.fromClusterAnalysisTemplateName()', 'name', name, 'string');
    return new ImportedTemplate(scope, id, checkObjectName('ClusterAnalysisTemplate name', name), true);
  }

  public readonly clusterScope: boolean = true;
  protected readonly apiObject: ApiObject;
  /** @internal */
  protected readonly _argo: ArgoObject<AnalysisTemplateSpec>;

  /**
   * @param scope the scope of the construct: a Chart, or a construct within one
   * @param id the id of the construct, unique within its scope
   * @param props the configuration of the AnalysisTemplate
   */
  constructor(scope: Construct, id: string, props: AnalysisTemplateProps = {}) {
    props = argumentOrDefault('new ClusterAnalysisTemplate()', 'props', props, 'object', {});
    super(scope, id, props);
    this._argo = this._defineArgoObject('ClusterAnalysisTemplate', props);
    this.apiObject = this._argo.apiObject;
  }
}

class ImportedTemplate extends Construct implements IAnalysisTemplate {
  constructor(scope: Construct, id: string, public readonly name: string, public readonly clusterScope: boolean) {
    super(scope, id);
  }

  public toManifest(): undefined {
    return undefined;
  }
}
