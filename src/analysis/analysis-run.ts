import { ApiObject, ApiObjectMetadata, Duration } from 'cdk8s';
import { Construct } from 'constructs';
import { IAnalysisTemplate } from './analysis-template-ref';
import { Metric } from './metric';
import { checkMetric, renderMetric, requireMetricPlugin } from './private/render';
import { AnalysisRunSpec, AnalysisTemplateSpec, ArgSpec } from './private/spec-types';
import { AnalysisTemplateArg } from './template-arg';
import { ArgoObject } from '../private/argo-object';
import { ANALYSIS_TEMPLATE, argumentOrDefault, DURATION, listOf, METADATA, struct } from '../private/arguments';
import { fail } from '../private/synth-error';
import { toSeconds, undefinedIfEmpty } from '../private/utils';
import { checkAtSynth, checkBatchAtSynth } from '../validation/private';

/** The fields of `AnalysisRunProps`, for `checkArgument`. */
const ANALYSIS_RUN_PROPS = struct('AnalysisRunProps', {
  metadata: METADATA,
  templates: listOf(ANALYSIS_TEMPLATE),
  metrics: listOf('object'),
  args: listOf({ class: AnalysisTemplateArg, name: 'AnalysisTemplateArg', example: "AnalysisTemplateArg.withDefault('service', 'web')" }),
  terminate: 'boolean',
  ttlAfterCompletion: DURATION,
  ttlAfterSuccess: DURATION,
  ttlAfterFailure: DURATION,
});

/**
 * Properties of an AnalysisRun.
 */
export interface AnalysisRunProps {
  /**
   * Metadata of the run.
   *
   * @default - a name generated from the construct path
   */
  readonly metadata?: ApiObjectMetadata;

  /**
   * Templates of this app whose metrics, arguments, dry-run and retention settings the run takes.
   *
   * @default - none
   */
  readonly templates?: IAnalysisTemplate[];

  /**
   * Metrics of the run, next to those of `templates`.
   *
   * @default - none
   */
  readonly metrics?: Metric[];

  /**
   * Argument values. Each replaces the template argument of the same name; every argument must end
   * up with a value.
   *
   * @default - none
   */
  readonly args?: AnalysisTemplateArg[];

  /**
   * Stop the run.
   *
   * @default false
   */
  readonly terminate?: boolean;

  /**
   * Delete the run this long after it completes.
   *
   * @default - kept
   */
  readonly ttlAfterCompletion?: Duration;

  /**
   * Delete the run this long after it succeeds.
   *
   * @default - kept
   */
  readonly ttlAfterSuccess?: Duration;

  /**
   * Delete the run this long after it fails.
   *
   * @default - kept
   */
  readonly ttlAfterFailure?: Duration;
}

/**
 * An AnalysisRun: an analysis that runs once, on its own (Rollouts and Experiments create theirs
 * from templates).
 */
export class AnalysisRun extends Construct {
  /** The AnalysisRun object. */
  public readonly apiObject: ApiObject;

  private readonly props: AnalysisRunProps;

  /**
   * @param scope the scope of the construct: a Chart, or a construct within one
   * @param id the id of the construct, unique within its scope
   * @param props the configuration of the AnalysisRun
   */
  constructor(scope: Construct, id: string, props: AnalysisRunProps = {}) {
    props = argumentOrDefault('new AnalysisRun()', 'props', props, ANALYSIS_RUN_PROPS, {});
    super(scope, id);
    this.props = props;
    for (const t of props.templates ?? []) {
      if (t.toManifest() === undefined) {
        fail(`AnalysisRun ${this.node.path}: template '${t.name}' is not defined in this app, so its metrics are unknown. `
          + 'Pass a template construct of this app, or copy its metrics into metrics.');
      }
    }
    for (const metric of props.metrics ?? []) {
      checkMetric(`AnalysisRun ${this.node.path}`, metric);
      requireMetricPlugin(this, metric);
    }
    toSeconds('ttlAfterCompletion', props.ttlAfterCompletion);
    toSeconds('ttlAfterSuccess', props.ttlAfterSuccess);
    toSeconds('ttlAfterFailure', props.ttlAfterFailure);
    this.apiObject = new ArgoObject(this, { kind: 'AnalysisRun', metadata: props.metadata, render: () => this._toKube(), check: checkAtSynth, checkBatch: checkBatchAtSynth }).apiObject;
  }

  /** The Kubernetes name of the run. */
  public get name(): string {
    return this.apiObject.name;
  }

  /** @internal */
  public _toKube(): AnalysisRunSpec {
    const p = this.props;
    const specs: AnalysisTemplateSpec[] = (p.templates ?? []).map(t => t.toManifest().spec ?? {});
    const own = p.metrics ?? [];
    const args = new Map<string, ArgSpec>();
    for (const a of specs.flatMap(s => s.args ?? [])) args.set(a.name, a);
    for (const a of p.args ?? []) args.set(a.name, a._toKube());
    return {
      args: undefinedIfEmpty([...args.values()]),
      metrics: [...specs.flatMap(s => s.metrics ?? []), ...own.map(renderMetric)],
      dryRun: undefinedIfEmpty([...specs.flatMap(s => s.dryRun ?? []), ...own.filter(m => m.dryRun).map(m => ({ metricName: m.name }))]),
      measurementRetention: undefinedIfEmpty([
        ...specs.flatMap(s => s.measurementRetention ?? []),
        ...own.filter(m => m.measurementRetention !== undefined).map(m => ({ metricName: m.name, limit: m.measurementRetention! })),
      ]),
      terminate: p.terminate,
      ttlStrategy: undefinedIfEmpty({
        secondsAfterCompletion: toSeconds('ttlAfterCompletion', p.ttlAfterCompletion),
        secondsAfterSuccess: toSeconds('ttlAfterSuccess', p.ttlAfterSuccess),
        secondsAfterFailure: toSeconds('ttlAfterFailure', p.ttlAfterFailure),
      }),
    };
  }
}
