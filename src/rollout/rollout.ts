import { ApiObject, Duration } from 'cdk8s';
import { Construct } from 'constructs';
import { CanaryStep } from './canary-step';
import { NotificationRecipients, SubscriptionTrigger } from './notifications';
import * as kplus from '../private/kplus';
import { budgetAnnotations, budgetManifests, withBudgetAnnotations } from './private/budget';
import { addSubscription, notificationManifestsFor } from './private/notifications';
import { planOfRollout } from './private/rollout-plan';
import { ROLLOUT_PROPS } from './private/rollout-props';
import { servicesToCheck } from './private/service-binding';
import { RolloutSpec } from './private/spec-types';
import { BoundStrategy } from './private/strategy-binding';
import { RolloutStrategy } from './strategy';
import { WorkloadReference } from './workload-ref';
import { ROLLOUT_ANALYSIS_OPTIONS, templateManifests } from '../analysis/private';
import { BackgroundAnalysisOptions, RolloutAnalysisOptions } from '../analysis/rollout-analysis';
import { PodTemplateDefaults } from '../experiment/pod-template';
import { NotificationService } from '../install/notifications';
import { RolloutPlan } from '../plan/rollout-plan';
import { ARGO_API_VERSION, ArgoObject } from '../private/argo-object';
import { ArgumentError, argumentOrDefault, checkArgument, TRAFFIC_ROUTER } from '../private/arguments';
import { LabelSelectorSpec, Manifest, MetadataSpec, PodSpec } from '../private/manifest-types';
import { renderWorkloadPodSpec } from '../private/pod-template';
import { fail } from '../private/synth-error';
import { RelatedObject } from '../private/synth-pass';
import { checkInteger, toSeconds, undefinedIfEmpty } from '../private/utils';
import { IgnoreDifference, ITrafficRouter } from '../traffic/router';
import { CapacityBudget, checkAtSynth, checkBatchAtSynth } from '../validation/private';

/**
 * Properties of a Rollout.
 */
export interface RolloutProps extends kplus.WorkloadProps {
  /**
   * Number of desired pods. Left out when a HorizontalPodAutoscaler scales the Rollout.
   *
   * @default - 1 (the controller's default)
   */
  readonly replicas?: number;

  /**
   * How an update is rolled out.
   *
   * @default RolloutStrategy.canary() - a canary without steps, which replaces pods like a rolling update
   */
  readonly strategy?: RolloutStrategy;

  /**
   * An existing Deployment whose pod template the Rollout uses instead of its own. The Rollout
   * then takes no containers, volumes or pod metadata.
   *
   * @default - the Rollout has its own pod template
   */
  readonly workloadRef?: WorkloadReference;

  /**
   * Which defaults fill the pod template.
   *
   * @default PodTemplateDefaults.CDK8S_PLUS
   */
  readonly podTemplateDefaults?: PodTemplateDefaults;

  /**
   * Minimum time a new pod must be ready, without any container crashing, to count as available.
   *
   * @default Duration.seconds(0)
   */
  readonly minReady?: Duration;

  /**
   * Time an update may make no progress before it is reported as failed. Paused time does not count.
   *
   * @default Duration.seconds(600)
   */
  readonly progressDeadline?: Duration;

  /**
   * Abort the update when `progressDeadline` is exceeded.
   *
   * @default false
   */
  readonly progressDeadlineAbort?: boolean;

  /**
   * Number of old ReplicaSets kept for rollback.
   *
   * @default 10
   */
  readonly revisionHistoryLimit?: number;

  /**
   * Pause the Rollout.
   *
   * @default false
   */
  readonly paused?: boolean;

  /**
   * Restart every pod created before this time.
   *
   * @default - no restart
   */
  readonly restartAt?: Date;

  /**
   * Number of previous revisions to which a rollback is fast-tracked (no steps, no analysis).
   *
   * @default - no fast-track rollback
   */
  readonly rollbackWindowRevisions?: number;

  /**
   * Successful AnalysisRuns and Experiments kept.
   *
   * @default 5
   */
  readonly successfulRunHistoryLimit?: number;

  /**
   * Failed, errored and inconclusive AnalysisRuns and Experiments kept.
   *
   * @default 5
   */
  readonly unsuccessfulRunHistoryLimit?: number;

  /**
   * The most pods, CPU and memory an update may take at once (its plan's peak, also of a
   * workloadRef migration): synth fails (rule B01) when the update would exceed it. Written to the
   * Rollout's annotations `budget.argo-rollouts.cdk8s.io/pods`, `.../cpu` and `.../memory`, so that
   * `argo-rollouts-lint` checks it too.
   *
   * @default - no budget of its own (an app-wide budget and a ResourceQuota of the namespace still apply)
   */
  readonly budget?: CapacityBudget;
}

/**
 * An Argo Rollouts Rollout: a Deployment-like workload whose updates follow a canary or
 * blue-green strategy.
 *
 * The pod template is built with the cdk8s-plus container API. The Rollout defines the Services
 * its strategy needs, and checks the controller's rules at synth time.
 *
 * @see https://argo-rollouts.readthedocs.io/en/stable/features/specification/
 */
export class Rollout extends kplus.Workload implements kplus.IScalable {
  /** The number of desired pods, when set. */
  public readonly replicas?: number;

  /** The update strategy. */
  public readonly strategy: RolloutStrategy;

  /** The workload whose pod template the Rollout uses, when set. */
  public readonly workloadRef?: WorkloadReference;

  /** Minimum time a new pod must be ready to count as available, when set. */
  public readonly minReady?: Duration;

  /** Time an update may make no progress before it fails, when set. */
  public readonly progressDeadline?: Duration;

  /** Which defaults fill the pod template. */
  public readonly podTemplateDefaults: PodTemplateDefaults;

  /** @see base.Resource.resourceType */
  public readonly resourceType = 'rollouts';

  /** @see IScalable.hasAutoscaler */
  public hasAutoscaler = false;

  /** @see base.Resource.apiObject */
  protected readonly apiObject: ApiObject;

  /** The Argo object: the `Resource` child, its lazy spec and the rule engine at synth. */
  private readonly argo: ArgoObject<RolloutSpec>;

  private readonly props: RolloutProps;
  private readonly bound: BoundStrategy;
  private readonly containerProps: (kplus.ContainerProps | undefined)[] = [];
  private readonly initContainerProps: (kplus.ContainerProps | undefined)[] = [];

  /**
   * @param scope the scope of the construct: a Chart, or a construct within one
   * @param id the id of the construct, unique within its scope
   * @param props the configuration of the Rollout
   */
  constructor(scope: Construct, id: string, props: RolloutProps = {}) {
    props = argumentOrDefault('new Rollout()', 'props', props, ROLLOUT_PROPS, {});
    // Containers are replayed below, after this class's fields exist; spread is applied once here
    // (cdk8s-plus applies it on every render).
    super(scope, id, { ...props, containers: undefined, initContainers: undefined, spread: false, select: props.workloadRef ? false : props.select });
    this.props = props;
    this.argo = new ArgoObject<RolloutSpec>(this, {
      kind: 'Rollout',
      metadata: props.metadata,
      render: () => this._toKube(),
      check: checkAtSynth,
      checkBatch: checkBatchAtSynth,
      related: own => this.relatedManifests(own),
      // Findings on the Rollout, and the Rollout rules (V) that the engine reports on a referenced
      // template (e.g. a step analysis whose template metric never ends); the objects' own rules are
      // checked by their constructs.
      keep: f => f.documentIndex === 0 || f.ruleId.startsWith('V'),
    });
    this.apiObject = this.argo.apiObject;

    checkInteger('replicas', props.replicas, 0);
    checkInteger('revisionHistoryLimit', props.revisionHistoryLimit, 0);
    checkInteger('rollbackWindowRevisions', props.rollbackWindowRevisions, 0);
    checkInteger('successfulRunHistoryLimit', props.successfulRunHistoryLimit, 0);
    checkInteger('unsuccessfulRunHistoryLimit', props.unsuccessfulRunHistoryLimit, 0);
    const minReady = toSeconds('minReady', props.minReady);
    const progressDeadline = toSeconds('progressDeadline', props.progressDeadline);
    if ((progressDeadline ?? 600) <= (minReady ?? 0)) {
      fail(`'progressDeadline' (${progressDeadline ?? 600}s) must be greater than 'minReady' (${minReady ?? 0}s). Raise progressDeadline or lower minReady.`);
    }
    if (props.restartAt && isNaN(props.restartAt.getTime())) {
      fail(new ArgumentError("new Rollout(): 'props.restartAt' is an invalid Date (its time is NaN). Give a valid date, e.g. new Date('2024-01-01T00:00:00Z')."));
    }

    this.replicas = props.replicas;
    this.minReady = props.minReady;
    this.progressDeadline = props.progressDeadline;
    this.workloadRef = props.workloadRef;
    this.podTemplateDefaults = props.podTemplateDefaults ?? PodTemplateDefaults.CDK8S_PLUS;
    this.strategy = props.strategy ?? RolloutStrategy.canary();
    Object.entries(budgetAnnotations(props.budget)).forEach(([key, value]) => this.metadata.addAnnotation(key, value));

    if (props.workloadRef && (props.containers?.length || props.initContainers?.length || props.volumes?.length || props.podMetadata)) {
      fail(`Rollout ${this.node.path} takes its pod template from workloadRef ${props.workloadRef.kind}/${props.workloadRef.name}, `
        + 'so it cannot also have containers, init containers, volumes or pod metadata. Move them to the referenced workload.');
    }
    props.containers?.forEach(c => this.addContainer(c));
    props.initContainers?.forEach(c => this.addInitContainer(c));
    if (props.spread) {
      this.scheduling.spread({ topology: kplus.Topology.HOSTNAME });
      this.scheduling.spread({ topology: kplus.Topology.ZONE });
    }
    if (this.isolate) {
      this.connections.isolate();
    }

    this.bound = this.strategy._bind(this);
    // props seed, add-methods extend: the strategy's lists go through the same methods as later additions
    this.strategy._replay(this);
  }

  /** The Rollout's namespace, when set. */
  public get namespace(): string | undefined {
    return this.metadata.namespace;
  }

  /** `revisionHistoryLimit` as configured. */
  public get revisionHistoryLimit(): number | undefined {
    return this.props.revisionHistoryLimit;
  }

  /** The steps of a canary Rollout (a copy). Empty for blue-green. */
  public get steps(): CanaryStep[] {
    return this.bound.steps();
  }

  /** The active Service of a blue-green Rollout, when this app defines it. */
  public get activeService(): kplus.Service | undefined {
    return this.bound.service('active')?.service;
  }

  /** The preview Service of a blue-green Rollout, when this app defines it. */
  public get previewService(): kplus.Service | undefined {
    return this.bound.service('preview')?.service;
  }

  /** The stable Service of a canary Rollout, when this app defines it. */
  public get stableService(): kplus.Service | undefined {
    return this.bound.service('stable')?.service;
  }

  /** The canary Service of a canary Rollout, when this app defines it. */
  public get canaryService(): kplus.Service | undefined {
    return this.bound.service('canary')?.service;
  }

  /**
   * Fields of the router objects that the controller changes at run time, as Argo CD
   * `ignoreDifferences` entries: GitOps tools must ignore them, or they undo the controller's work.
   */
  public get ignoreDifferences(): IgnoreDifference[] {
    return this.bound.ignoreDifferences();
  }

  /**
   * Adds a step at the end of a canary Rollout's steps. The step is checked against the strategy
   * (a weight above its `maxTrafficWeight` throws). Throws on a blue-green Rollout.
   */
  public addStep(step: CanaryStep): void {
    checkArgument('Rollout.addStep()', 'step', step, { class: CanaryStep, name: 'CanaryStep', example: 'a factory such as CanaryStep.setWeight(20)' });
    this.bound.addStep(step);
  }

  /**
   * Adds a traffic router to a canary Rollout, after those of the strategy. The router defines its
   * objects now, and the stable and canary Services when it needs them and the Rollout has none
   * yet. One router of each kind (one per plugin name). Throws on a blue-green Rollout.
   */
  public addTrafficRouter(router: ITrafficRouter): void {
    checkArgument('Rollout.addTrafficRouter()', 'router', router, TRAFFIC_ROUTER);
    this.bound.addTrafficRouter(router);
  }

  /**
   * Sets the background analysis of a canary Rollout (`strategy.canary.analysis`), which runs from
   * `startingStep` until the update completes. A Rollout has one: pass all its templates in one
   * call. Throws on a blue-green Rollout, or when the Rollout already has one.
   */
  public addBackgroundAnalysis(options: BackgroundAnalysisOptions): void {
    checkArgument('Rollout.addBackgroundAnalysis()', 'options', options, ROLLOUT_ANALYSIS_OPTIONS);
    this.bound.addBackgroundAnalysis(options);
  }

  /**
   * Sets the analysis a blue-green Rollout runs before it switches the active Service. A Rollout
   * has one: pass all its templates in one call. Throws on a canary Rollout, or when the Rollout
   * already has one.
   */
  public addPrePromotionAnalysis(options: RolloutAnalysisOptions): void {
    checkArgument('Rollout.addPrePromotionAnalysis()', 'options', options, ROLLOUT_ANALYSIS_OPTIONS);
    this.bound.addPrePromotionAnalysis(options);
  }

  /**
   * Sets the analysis a blue-green Rollout runs after it switched the active Service. A Rollout
   * has one: pass all its templates in one call. Throws on a canary Rollout, or when the Rollout
   * already has one.
   */
  public addPostPromotionAnalysis(options: RolloutAnalysisOptions): void {
    checkArgument('Rollout.addPostPromotionAnalysis()', 'options', options, ROLLOUT_ANALYSIS_OPTIONS);
    this.bound.addPostPromotionAnalysis(options);
  }

  /**
   * Subscribes to a notification: when the trigger fires for this Rollout, the service sends to the
   * recipients. Renders the annotation `notifications.argoproj.io/subscribe.<trigger>.<service>`
   * (recipients joined with `;`; calling again for the same trigger and service adds recipients).
   * Checked at synth against the app's notification ConfigMap (rules N08–N10).
   *
   * @param trigger e.g. `SubscriptionTrigger.ROLLOUT_COMPLETED`
   * @param service one of the install's services, e.g. `NotificationService.slack('slack-token')`
   * @param recipients recipients of the service's kind, e.g. `NotificationRecipients.slackChannels('deployments')`; none for a webhook
   */
  public notify(trigger: SubscriptionTrigger, service: NotificationService, recipients?: NotificationRecipients): void {
    addSubscription(this.metadata, trigger, service, recipients);
  }

  /**
   * The plan of this Rollout's next update: per step the traffic weight, the stable and canary pods,
   * the most pods on the way, the CPU and memory they request and the least time it takes; with the
   * app's other objects (a workloadRef's Deployment, analysis templates, an HPA) and the app's Argo
   * Rollouts version. See `RolloutPlan`.
   */
  public plan(): RolloutPlan {
    return planOfRollout(this, withBudgetAnnotations(this.argo.manifest(this._toKube()), this.annotations()));
  }

  /**
   * Adds a container to the pod template.
   */
  public addContainer(cont: kplus.ContainerProps): kplus.Container {
    checkArgument('Rollout.addContainer()', 'cont', cont, 'object');
    this.checkOwnTemplate('a container');
    const container = super.addContainer(cont);
    this.containerProps[this.containers.length - 1] = cont;
    return container;
  }

  /**
   * Adds an init container to the pod template.
   */
  public addInitContainer(cont: kplus.ContainerProps): kplus.Container {
    checkArgument('Rollout.addInitContainer()', 'cont', cont, 'object');
    this.checkOwnTemplate('an init container');
    const container = super.addInitContainer(cont);
    this.initContainerProps[this.initContainers.length - 1] = cont;
    return container;
  }

  /**
   * @see IPodSelector.toPodSelectorConfig()
   */
  public toPodSelectorConfig(): kplus.PodSelectorConfig {
    return {
      labelSelector: kplus.LabelSelector.of({ labels: this.selectorLabels() }),
      namespaces: this.metadata.namespace ? { names: [this.metadata.namespace] } : undefined,
    };
  }

  /**
   * @see IScalable.markHasAutoscaler()
   */
  public markHasAutoscaler(): void {
    this.hasAutoscaler = true;
  }

  /**
   * @see IScalable.toScalingTarget()
   */
  public toScalingTarget(): kplus.ScalingTarget {
    return {
      kind: 'Rollout',
      apiVersion: ARGO_API_VERSION,
      name: this.name,
      containers: this.containers,
      replicas: this.replicas,
    };
  }

  /** @internal */
  public _servicePodSelector(role: string): { [key: string]: string } {
    const labels = this.selectorLabels();
    if (Object.keys(labels).length === 0) {
      fail(`Rollout ${this.node.path}: cannot define its ${role} Service, because its pods have no labels to select. `
        + 'Give the pods labels (podMetadata), keep select: true, or pass your own Service.');
    }
    return labels;
  }

  /** @internal */
  public _servicePodPorts(): kplus.ContainerPort[] {
    if (this.workloadRef) {
      return kplus.extractContainerPorts(this.workloadRef._deployment);
    }
    return kplus.extractContainerPorts(this);
  }

  /** @internal */
  public _toKube(): RolloutSpec {
    const props = this.props;
    const ref = this.workloadRef;
    const podMetadata = ref ? undefined : this.renderPodMetadata();
    const selector = this.renderSelector(podMetadata);
    return {
      replicas: this.hasAutoscaler ? undefined : this.replicas,
      selector,
      workloadRef: ref?._toKube(),
      template: ref ? undefined : { metadata: podMetadata, spec: this.renderPodSpec() },
      minReadySeconds: toSeconds('minReady', this.minReady),
      progressDeadlineSeconds: toSeconds('progressDeadline', this.progressDeadline),
      progressDeadlineAbort: props.progressDeadlineAbort,
      revisionHistoryLimit: props.revisionHistoryLimit,
      paused: props.paused,
      restartAt: props.restartAt?.toISOString(),
      rollbackWindow: props.rollbackWindowRevisions !== undefined ? { revisions: props.rollbackWindowRevisions } : undefined,
      analysis: undefinedIfEmpty({
        successfulRunHistoryLimit: props.successfulRunHistoryLimit,
        unsuccessfulRunHistoryLimit: props.unsuccessfulRunHistoryLimit,
      }),
      strategy: this.bound.render(),
    };
  }

  /**
   * The labels that select this Rollout's pods: those it selects explicitly, else the labels of
   * the pod template (rendered ones may be passed in), else those of the referenced workload.
   */
  private selectorLabels(podMetadata?: MetadataSpec): { [key: string]: string } {
    const explicit = this.matchLabels;
    if (Object.keys(explicit).length > 0 || this.matchExpressions.length > 0) return explicit;
    if (this.workloadRef) return this.workloadRef._podLabels() ?? {};
    return { ...((podMetadata ?? this.renderPodMetadata())?.labels ?? {}) };
  }

  /** The Rollout's annotations as rendered. */
  private annotations(): { [key: string]: string } {
    return this.apiObject.metadata.toJson().annotations ?? {};
  }

  private renderSelector(podMetadata: MetadataSpec | undefined): LabelSelectorSpec | undefined {
    const matchExpressions = this.matchExpressions;
    if (this.workloadRef && Object.keys(this.matchLabels).length === 0 && matchExpressions.length === 0) {
      return undefined; // taken from the referenced workload
    }
    const matchLabels = this.selectorLabels(podMetadata);
    return undefinedIfEmpty({
      matchLabels: undefinedIfEmpty(matchLabels),
      matchExpressions: undefinedIfEmpty(matchExpressions.map(e => ({ key: e.key, operator: e.operator, values: e.values }))),
    });
  }

  private renderPodMetadata(): MetadataSpec | undefined {
    const meta = this.podMetadata.toJson();
    if ((this.props.select === false || this.workloadRef) && meta.labels) {
      // the address label only serves the default selection, which is turned off
      const { [kplus.Pod.ADDRESS_LABEL]: _, ...rest } = meta.labels;
      meta.labels = undefinedIfEmpty(rest);
    }
    return undefinedIfEmpty(meta);
  }

  private renderPodSpec(): PodSpec {
    if (this.containers.length === 0) {
      fail(`[V07] Rollout ${this.node.path} has no containers (spec.template.spec.containers is empty). `
        + 'Fix: add one with containers: [...] or addContainer(), or take the pod template from a Deployment with workloadRef.');
    }
    return renderWorkloadPodSpec(this._toPodSpec(), this.props, this.podTemplateDefaults !== PodTemplateDefaults.NONE,
      this.containerProps, this.initContainerProps);
  }

  private checkOwnTemplate(what: string) {
    if (this.props.workloadRef) {
      fail(`Rollout ${this.node.path} takes its pod template from workloadRef; add ${what} to the referenced workload instead.`);
    }
  }

  /**
   * The objects of this app the Rollout references that it did not define itself (the Services it
   * defines select its pods by construction), for the rule engine, which runs on every rendering of
   * the Rollout, on its manifest as written (JSON patches applied; see `ArgoObject`).
   */
  private relatedManifests(own: Manifest): RelatedObject[] {
    return [
      ...servicesToCheck(this.bound.services()),
      ...templateManifests(this.bound.analysisTemplates()),
      ...this.bound.routerObjects(),
      ...notificationManifestsFor(this, own),
      ...budgetManifests(this, own, this.workloadRef?._deployment),
    ].filter(m => m !== undefined);
  }
}
