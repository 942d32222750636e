/**
 * `ArgoCdApplication`: the Argo CD `Application` (argoproj.io/v1alpha1) that deploys the app's
 * manifests, with the ignoreDifferences and sync options the Argo Rollouts controller's objects need,
 * and sync waves that apply them in an order the controller accepts.
 */
import { ApiObject, App, Chart, Lazy } from 'cdk8s';
import { Construct, IConstruct } from 'constructs';
import { controllerOwnedFields } from './private/ignore-differences';
import { ApplicationSpec } from './private/spec-types';
import { ArgoRollouts } from '../install/argo-rollouts';
import { checkArgument, listOf, STRING_LIST, struct } from '../private/arguments';
import { requireGenerated } from '../private/generated';
import { Manifest } from '../private/manifest-types';
import { OnePassApiObject } from '../private/one-pass-api-object';
import { fail } from '../private/synth-error';
import { SynthPass } from '../private/synth-pass';
import { ArgoRolloutsVersion } from '../release/version';
import { appController, releaseController } from '../traffic/private';
import { IgnoreDifference } from '../traffic/router';
import { SchemaError, SchemaValidator } from '../validation/private';

/** The Argo CD release whose Application CRD the Application is checked against. */
const ARGO_CD_TAG = 'v3.5.1';
/** Bytes the `kubectl.kubernetes.io/last-applied-configuration` annotation may hold (all annotations of an object). */
const CLIENT_SIDE_APPLY_LIMIT = 262_144;
/** The annotation that orders Argo CD's sync. */
const SYNC_WAVE_ANNOTATION = 'argocd.argoproj.io/sync-wave';

/**
 * Where Argo CD reads the synthesized manifests (`spec.source`).
 */
export interface ArgoCdApplicationSource {
  /** URL of the Git repository (`repoURL`), e.g. `https://github.com/acme/deploy.git`. */
  readonly repoUrl: string;

  /**
   * Folder of the manifests in the repository, e.g. `dist` (cdk8s' output folder).
   *
   * @default - the repository's root
   */
  readonly path?: string;

  /**
   * Branch, tag or commit (`targetRevision`).
   *
   * @default 'HEAD'
   */
  readonly targetRevision?: string;

  /**
   * Read the manifests of the folder's subfolders too (`directory.recurse`), e.g. for
   * `YamlOutputType.FOLDER_PER_CHART_FILE_PER_RESOURCE`.
   *
   * @default false
   */
  readonly recurse?: boolean;

  /**
   * Files of the folder that Argo CD skips (`directory.exclude`, a glob such as
   * `argocd.k8s.yaml` or `{argocd.k8s.yaml,dev-*.yaml}`), e.g. the file of the chart that holds this
   * Application when cdk8s writes it into the same folder.
   *
   * @default - none
   */
  readonly exclude?: string;
}

/**
 * The cluster and namespace Argo CD deploys to (`spec.destination`).
 */
export interface ArgoCdApplicationDestination {
  /**
   * API server URL of the cluster. Give either this or `name`.
   *
   * @default 'https://kubernetes.default.svc' (the cluster Argo CD runs in), unless `name` is given
   */
  readonly server?: string;

  /**
   * Name of a cluster registered in Argo CD, instead of `server`.
   *
   * @default - the cluster of `server`
   */
  readonly name?: string;

  /**
   * Namespace of the manifests that set none.
   *
   * @default - none: every namespaced object must set its namespace (a cdk8s Chart's `namespace`)
   */
  readonly namespace?: string;
}

/**
 * Automated sync (`spec.syncPolicy.automated`).
 */
export interface ArgoCdAutomatedSync {
  /**
   * Delete objects that the manifests no longer hold.
   *
   * @default false
   */
  readonly prune?: boolean;

  /**
   * Sync again when the live state drifts from Git. The ignoreDifferences keep the controller's
   * writes out of the drift.
   *
   * @default false
   */
  readonly selfHeal?: boolean;
}

/**
 * Sync waves (`argocd.argoproj.io/sync-wave`) of the app's objects: Argo CD applies lower waves
 * first and waits until they are healthy. Objects that none of these covers stay in wave 0; an object
 * that already has the annotation keeps it.
 */
export interface ArgoCdSyncWaves {
  /**
   * CustomResourceDefinitions (the Argo Rollouts CRDs and any other).
   *
   * @default -3
   */
  readonly crds?: number;

  /**
   * The Argo Rollouts controller: the objects of an `ArgoRollouts` install and objects labelled
   * `app.kubernetes.io/part-of: argo-rollouts`, CRDs excepted.
   *
   * @default -2
   */
  readonly controller?: number;

  /**
   * What Rollouts refer to and the controller needs when it first sees them: AnalysisTemplates,
   * ClusterAnalysisTemplates and Services.
   *
   * @default -1
   */
  readonly prerequisites?: number;

  /**
   * Rollouts (after the router objects, ConfigMaps and the rest, which stay in wave 0).
   *
   * @default 1
   */
  readonly rollouts?: number;
}

/**
 * Properties of `ArgoCdApplication`.
 */
export interface ArgoCdApplicationProps {
  /**
   * Where Argo CD reads the synthesized manifests.
   */
  readonly source: ArgoCdApplicationSource;

  /**
   * Where Argo CD deploys them.
   *
   * @default - the cluster Argo CD runs in, no default namespace
   */
  readonly destination?: ArgoCdApplicationDestination;

  /**
   * `metadata.name` of the Application.
   *
   * @default - a name generated from the construct path
   */
  readonly name?: string;

  /**
   * Namespace of the Application: the one Argo CD watches.
   *
   * @default 'argocd'
   */
  readonly namespace?: string;

  /**
   * Argo CD project.
   *
   * @default 'default'
   */
  readonly project?: string;

  /**
   * The charts whose objects the Application deploys: they give the ignoreDifferences and sync
   * options, and get the sync waves. Must not include the Application's own chart. The objects of
   * ArgoCdApplications in them are left out.
   *
   * @default - every chart of the app except the Application's own
   */
  readonly charts?: Chart[];

  /**
   * Automated sync.
   *
   * @default - manual sync
   */
  readonly automated?: ArgoCdAutomatedSync;

  /**
   * More sync options, e.g. `CreateNamespace=true`. `RespectIgnoreDifferences=true` and, when an
   * object is too large for client-side apply, `ServerSideApply=true` are added.
   *
   * @default - none
   */
  readonly syncOptions?: string[];

  /**
   * More ignoreDifferences entries, after the computed ones.
   *
   * @default - none
   */
  readonly ignoreDifferences?: IgnoreDifference[];

  /**
   * Annotate the charts' objects with sync waves (see `ArgoCdSyncWaves`). The annotations are set
   * when the app synthesizes (`app.synth()`, `cdk8s synth`).
   *
   * @default true
   */
  readonly syncWaves?: boolean;

  /**
   * The waves, when `syncWaves` is on.
   *
   * @default - CRDs -3, controller -2, AnalysisTemplates and Services -1, Rollouts 1
   */
  readonly waves?: ArgoCdSyncWaves;
}

/** The compiled Application schema validator (src/imports/argocd, lib/imports/argocd once built). */
let validator: SchemaValidator | undefined;
function applicationValidator(): SchemaValidator {
  validator ??= (requireGenerated(`argocd/application-${ARGO_CD_TAG}.js`, `The compiled Argo CD ${ARGO_CD_TAG} Application schema`,
    'generate-argocd.js') as { readonly Application: SchemaValidator }).Application;
  return validator;
}

/** The fields of `ArgoCdApplicationProps`, for `checkArgument`. */
const APPLICATION_PROPS = struct('ArgoCdApplicationProps', {
  source: struct('ArgoCdApplicationSource', { repoUrl: 'string', path: 'string', targetRevision: 'string', recurse: 'boolean', exclude: 'string' }),
  destination: struct('ArgoCdApplicationDestination', { server: 'string', name: 'string', namespace: 'string' }),
  name: 'string',
  namespace: 'string',
  project: 'string',
  charts: listOf({ name: 'Chart (cdk8s)', methods: ['toJson', 'addDependency'] }),
  automated: struct('ArgoCdAutomatedSync', { prune: 'boolean', selfHeal: 'boolean' }),
  syncOptions: STRING_LIST,
  // the lists' items are checked with the rest of the Application against the Argo CD CRD schema at synth
  ignoreDifferences: listOf(struct('IgnoreDifference', {
    group: 'string',
    kind: 'string',
    name: 'string',
    namespace: 'string',
    jsonPointers: 'array',
    jqPathExpressions: 'array',
    managedFieldsManagers: 'array',
  }, { example: "{ group: 'apps', kind: 'Deployment', jsonPointers: ['/spec/replicas'] }" })),
  syncWaves: 'boolean',
  waves: struct('ArgoCdSyncWaves', { crds: 'number', controller: 'number', prerequisites: 'number', rollouts: 'number' }),
});

/** `/spec/ignoreDifferences/0` → `spec.ignoreDifferences[0]`. */
function pathOf(instancePath: string): string {
  return instancePath.split('/').slice(1).map(p => p.replace(/~1/g, '/').replace(/~0/g, '~'))
    .reduce((out, key) => (/^\d+$/.test(key) ? `${out}[${key}]` : out === '' ? key : `${out}.${key}`), '');
}

/** One schema error as a sentence with its path. */
function describeError(error: SchemaError): string {
  const at = pathOf(String(error.instancePath ?? '')) || '(the object)';
  const params = error.params ?? {};
  switch (error.keyword) {
    case 'additionalProperties':
      return `${at} has the field ${JSON.stringify(params.additionalProperty)}, which the Application CRD does not know (the API server would drop it)`;
    case 'required':
      return `${at} lacks the required field ${JSON.stringify(params.missingProperty)}`;
    case 'type':
      return `${at} must be of type ${params.type}`;
    case 'enum':
      return `${at} must be one of ${JSON.stringify(params.allowedValues)}`;
    default:
      return `${at} breaks the schema (${error.keyword} ${JSON.stringify(params)})`;
  }
}

/**
 * Checks a rendered Application against the Argo CD Application CRD schema; returns the problems.
 */
function schemaProblems(application: unknown): string[] {
  const validate = applicationValidator();
  if (validate(application)) {
    return [];
  }
  return (validate.errors ?? []).map(describeError);
}

/** Whether the construct is an `ArgoRollouts` install or inside one. */
function inInstall(construct: IConstruct): boolean {
  return construct.node.scopes.some(scope => scope instanceof ArgoRollouts);
}

/**
 * An Argo CD `Application` (argoproj.io/v1alpha1) that deploys the app's synthesized manifests and
 * keeps them in sync without undoing the Argo Rollouts controller's work:
 *
 * - `spec.ignoreDifferences`: every field the controller writes at run time in the app's objects
 *   (`ArgoCdApplication.ignoreDifferencesOf`), each with the controller as field manager;
 * - sync options `RespectIgnoreDifferences=true` (so that a sync does not write those fields back
 *   either) and, when an object — such as the CRDs of Argo Rollouts 1.10 — is over the 262,144 bytes
 *   that client-side apply can record, `ServerSideApply=true`;
 * - sync waves on the objects (on by default): CRDs, then the controller, then AnalysisTemplates and
 *   Services, then Rollouts.
 *
 * Put it in a chart of its own: its objects are those of the other charts. It is checked against the
 * Argo CD v3.5.1 Application CRD schema when it is rendered.
 */
export class ArgoCdApplication extends Construct {
  /**
   * The ignoreDifferences entries for the fields the Argo Rollouts controller writes at run time in
   * the given manifests (plain objects, e.g. parsed YAML): the Rollouts' Services (selector and
   * managed-by annotation), each traffic router's objects (weights, header and mirror routes), the
   * `spec.replicas` of autoscaled Rollouts and of workloadRef Deployments that the controller scales
   * down. See docs/argocd.md.
   *
   * @param manifests the manifests of the app
   * @param version the release of the controller that rolls them out, by default the default release
   *   (how the controller reads some references depends on it, e.g. a dotted Istio VirtualService name)
   */
  public static ignoreDifferencesOf(manifests: any[], version?: ArgoRolloutsVersion): IgnoreDifference[] {
    checkArgument('ArgoCdApplication.ignoreDifferencesOf()', 'version', version,
      { class: ArgoRolloutsVersion, name: 'ArgoRolloutsVersion', example: 'ArgoRolloutsVersion.V1_10_0_RC1' }, true);
    return controllerOwnedFields(manifests, releaseController(version?.version));
  }

  /** The Application object. */
  public readonly apiObject: ApiObject;

  private readonly props: ArgoCdApplicationProps;
  private readonly waves: Required<ArgoCdSyncWaves>;

  /**
   * @param scope the scope of the construct: a Chart, or a construct within one
   * @param id the id of the construct, unique within its scope
   * @param props the configuration of the ArgoCdApplication
   */
  constructor(scope: Construct, id: string, props: ArgoCdApplicationProps) {
    super(scope, id);
    checkArgument('new ArgoCdApplication()', 'props', props, APPLICATION_PROPS);
    this.props = props;
    if (props.destination?.server !== undefined && props.destination?.name !== undefined) {
      fail(`ArgoCdApplication ${this.node.path}: destination has both server (${JSON.stringify(props.destination.server)}) `
        + `and name (${JSON.stringify(props.destination.name)}); Argo CD takes one. Keep the one that names the cluster.`);
    }
    if (typeof props.source?.repoUrl !== 'string' || props.source.repoUrl === '') {
      fail(`ArgoCdApplication ${this.node.path}: source.repoUrl is ${JSON.stringify(props.source?.repoUrl)}. `
        + 'Give the URL of the Git repository that holds the synthesized manifests.');
    }
    const own = Chart.of(this);
    if (props.charts?.includes(own)) {
      fail(`ArgoCdApplication ${this.node.path}: charts include the Application's own chart ${own.node.path}. `
        + 'Put the Application in a chart of its own, and list only the charts it deploys.');
    }
    this.waves = {
      crds: props.waves?.crds ?? -3,
      controller: props.waves?.controller ?? -2,
      prerequisites: props.waves?.prerequisites ?? -1,
      rollouts: props.waves?.rollouts ?? 1,
    };
    for (const [key, value] of Object.entries(this.waves)) {
      if (!Number.isInteger(value)) {
        fail(`ArgoCdApplication ${this.node.path}: waves.${key} is ${value}; sync waves are integers.`);
      }
    }
    this.apiObject = new OnePassApiObject(this, 'Resource', {
      apiVersion: 'argoproj.io/v1alpha1',
      kind: 'Application',
      metadata: { name: props.name, namespace: props.namespace ?? 'argocd' },
      spec: Lazy.any({ produce: () => this.renderSpec() }),
    });
    if (props.syncWaves ?? true) {
      // cdk8s runs validations before it renders any chart: the waves are set before the objects are written
      this.node.addValidation({ validate: () => (this.annotateSyncWaves(), []) });
    }
  }

  /** The charts whose objects the Application deploys. */
  private charts(): Chart[] {
    if (this.props.charts !== undefined) {
      return [...this.props.charts];
    }
    const own = Chart.of(this);
    return App.of(this).charts.filter(chart => chart !== own);
  }

  /**
   * The objects the Application deploys: those of its charts, without the objects of any
   * ArgoCdApplication (two Applications in one app must not render each other).
   */
  private apiObjects(): ApiObject[] {
    // the app's objects (one walk per synth), each under the charts it is in, in the order of the tree
    const charts = this.charts();
    const byChart = new Map<IConstruct, ApiObject[]>(charts.map(chart => [chart, []]));
    for (const object of SynthPass.objects(this)) {
      const scopes = object.node.scopes;
      if (!scopes.some(scope => scope instanceof ArgoCdApplication)) {
        scopes.forEach(scope => byChart.get(scope)?.push(object));
      }
    }
    return [...new Set(charts.flatMap(chart => byChart.get(chart)!))];
  }

  /** The rendered manifests of the charts. */
  private manifests(): Manifest[] {
    return this.apiObjects().map(object => object.toJson());
  }

  /** The wave of an object, or undefined for wave 0 (no annotation). */
  private waveOf(object: ApiObject): number | undefined {
    if (object.kind === 'CustomResourceDefinition') return this.waves.crds;
    if (inInstall(object) || object.metadata.getLabel('app.kubernetes.io/part-of') === 'argo-rollouts') return this.waves.controller;
    if (object.apiGroup === 'argoproj.io' && (object.kind === 'AnalysisTemplate' || object.kind === 'ClusterAnalysisTemplate')) return this.waves.prerequisites;
    if (object.apiGroup === 'core' && object.kind === 'Service') return this.waves.prerequisites;
    if (object.apiGroup === 'argoproj.io' && object.kind === 'Rollout') return this.waves.rollouts;
    return undefined;
  }

  private annotateSyncWaves(): void {
    for (const object of this.apiObjects()) {
      const wave = this.waveOf(object);
      if (wave !== undefined && wave !== 0 && object.metadata.toJson().annotations?.[SYNC_WAVE_ANNOTATION] === undefined) {
        object.metadata.addAnnotation(SYNC_WAVE_ANNOTATION, String(wave));
      }
    }
  }

  private renderSpec(): ApplicationSpec {
    const p = this.props;
    const manifests = this.manifests();
    const ignore = [...controllerOwnedFields(manifests, appController(this)), ...(p.ignoreDifferences ?? [])];
    const tooLarge = manifests.some(m => Buffer.byteLength(JSON.stringify(m)) > CLIENT_SIDE_APPLY_LIMIT);
    const options = [
      ...(ignore.length > 0 ? ['RespectIgnoreDifferences=true'] : []),
      ...(tooLarge ? ['ServerSideApply=true'] : []),
      ...(p.syncOptions ?? []),
    ];
    const syncOptions = [...new Set(options)];
    const destination = p.destination ?? {};
    const spec: ApplicationSpec = {
      project: p.project ?? 'default',
      source: {
        repoURL: p.source.repoUrl,
        path: p.source.path,
        targetRevision: p.source.targetRevision ?? 'HEAD',
        directory: p.source.recurse || p.source.exclude !== undefined
          ? { recurse: p.source.recurse ? true : undefined, exclude: p.source.exclude }
          : undefined,
      },
      destination: {
        server: destination.name === undefined ? destination.server ?? 'https://kubernetes.default.svc' : undefined,
        name: destination.name,
        namespace: destination.namespace,
      },
      ignoreDifferences: ignore.length > 0 ? ignore.map(e => ({
        group: e.group,
        kind: e.kind,
        name: e.name,
        namespace: e.namespace,
        jsonPointers: e.jsonPointers ? [...e.jsonPointers] : undefined,
        jqPathExpressions: e.jqPathExpressions ? [...e.jqPathExpressions] : undefined,
        managedFieldsManagers: e.managedFieldsManagers ? [...e.managedFieldsManagers] : undefined,
      })) : undefined,
      syncPolicy: p.automated || syncOptions.length > 0 ? {
        automated: p.automated ? { prune: p.automated.prune ?? false, selfHeal: p.automated.selfHeal ?? false } : undefined,
        syncOptions: syncOptions.length > 0 ? syncOptions : undefined,
      } : undefined,
    };
    const problems = schemaProblems(JSON.parse(JSON.stringify({ apiVersion: 'argoproj.io/v1alpha1', kind: 'Application', metadata: {}, spec })));
    if (problems.length > 0) {
      fail(`ArgoCdApplication ${this.node.path} does not match the Argo CD ${ARGO_CD_TAG} Application CRD schema: `
        + `${problems.join('; ')}. Fix the props that give these fields.`);
    }
    return spec;
  }
}
