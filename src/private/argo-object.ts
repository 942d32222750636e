import { ApiObject, ApiObjectMetadata, Lazy } from 'cdk8s';
import { Construct, IConstruct } from 'constructs';
import { appRelease } from './app-registry';
import { ClusterScopedApiObject } from './cluster-scoped';
import { checkDuplicateObjects } from './duplicate-objects';
import { Manifest } from './manifest-types';
import { OnePassApiObject, resolveAndSanitize } from './one-pass-api-object';
import { manifestsOf, RelatedObject, SynthBatchCheck, SynthPass } from './synth-pass';
import { VersionFacts } from './versions';

/** The API version of every Argo Rollouts kind. */
export const ARGO_API_VERSION = 'argoproj.io/v1alpha1';

/** The kinds the library's constructs define. */
export type ArgoKind = 'Rollout' | 'AnalysisTemplate' | 'ClusterAnalysisTemplate' | 'AnalysisRun' | 'Experiment';

/** The plain manifest of an Argo object as the rule engine reads it: identity and rendered spec. */
export interface ArgoManifest<S> {
  readonly apiVersion: string;
  readonly kind: string;
  readonly metadata: {
    readonly name: string;
    readonly namespace?: string;
    readonly annotations?: { readonly [key: string]: string };
  };
  readonly spec: S;
}

/** What the rule engine reports, as far as the constructs look at it when choosing their findings. */
export interface SynthFinding {
  readonly ruleId: string;
  readonly documentIndex: number;
  readonly severity?: string;
}

/**
 * The rule engine at synth (`checkAtSynth` of src/validation, which this bottom layer cannot import:
 * the constructs pass it down). Throws on errors, writes warnings.
 */
export type SynthCheck = (scope: IConstruct, subject: string, manifests: object[], release: VersionFacts,
  keep?: (finding: SynthFinding) => boolean) => void;

/** How a construct describes its Argo object. */
export interface ArgoObjectOptions<S extends object> {
  /** The kind. */
  readonly kind: ArgoKind;
  /** The metadata the user gave. */
  readonly metadata?: ApiObjectMetadata;
  /** Whether the kind is cluster-scoped (its chart's namespace is dropped). */
  readonly clusterScoped?: boolean;
  /** Renders the spec at synth; pure. */
  readonly render: () => S;
  /** The rule engine on this object alone (see `SynthCheck`). */
  readonly check: SynthCheck;
  /** The rule engine on the objects of a synth's batch at once (see `SynthPass`). */
  readonly checkBatch: SynthBatchCheck;
  /** The construct in messages. @default `<kind> <construct path>` */
  readonly subject?: string;
  /**
   * The objects the check follows from this one (templates, Services, ...): manifests, or ApiObjects of
   * the app (a synth's batch reads the rendering that synth made of them). @default - none
   */
  readonly related?: (own: Manifest) => RelatedObject[];
  /** Which findings concern the construct. @default - those on its own manifest */
  readonly keep?: (finding: SynthFinding) => boolean;
}

/**
 * The part every Argo object of the library shares: the single `Resource` child (the default child,
 * what `ApiObject.of(construct)` returns), its spec rendered lazily at synth (so everything added after
 * construction shows up), the rule engine run on that rendering against the app's version (from the
 * app registry), and the app's duplicate-object check.
 *
 * The engine reads the manifest exactly as it is written: after cdk8s has dropped what is
 * `undefined`, with the whole metadata and the user's JSON patches. So the check and the YAML cannot
 * differ.
 *
 * A helper the constructs hold rather than a base class: Rollout extends cdk8s-plus's `Workload`, the
 * others `Construct`.
 */
export class ArgoObject<S extends object> {
  /** The object (id `Resource`). */
  public readonly apiObject: ApiObject;

  constructor(private readonly owner: Construct, private readonly options: ArgoObjectOptions<S>) {
    checkDuplicateObjects(owner);
    const spec = Lazy.any({ produce: () => options.render() });
    const props = { apiVersion: ARGO_API_VERSION, kind: options.kind, metadata: options.metadata, spec };
    const rendered = (manifest: Manifest) => this.check(manifest);
    this.apiObject = options.clusterScoped
      ? new ClusterScopedApiObject(owner, 'Resource', props, { rendered })
      : new OnePassApiObject(owner, 'Resource', props, { rendered });
    SynthPass.register(this.apiObject, options.checkBatch);
  }

  /** The Kubernetes name. */
  public get name(): string {
    return this.apiObject.name;
  }

  /**
   * The plain manifest with the given spec, as the engine reads it: identity and spec, with what is
   * `undefined` dropped (as in the output), not resolved through the app's resolvers.
   */
  public manifest(spec: S): ArgoManifest<S> {
    const namespace = this.options.clusterScoped ? undefined : this.apiObject.metadata.namespace;
    return {
      apiVersion: ARGO_API_VERSION,
      kind: this.apiObject.kind,
      metadata: namespace === undefined ? { name: this.apiObject.name } : { name: this.apiObject.name, namespace },
      spec: resolveAndSanitize(spec) as S,
    };
  }

  /**
   * Runs the rule engine on the object's manifest as written, with the related manifests: with the
   * synth's batch when it takes them (see `SynthPass`), else now.
   */
  private check(own: Manifest): void {
    const o = this.options;
    const related = o.related ? o.related(own) : [];
    const request = { scope: this.owner, subject: o.subject ?? `${o.kind} ${this.owner.node.path}`, own, related, keep: o.keep };
    const release = appRelease(this.owner);
    if (!SynthPass.record(this.apiObject, request, release)) {
      const { subject, manifests, keep } = manifestsOf(request);
      o.check(this.owner, subject, [...manifests], release, keep);
    }
  }
}
