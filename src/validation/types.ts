/**
 * The public types of the rule engine: a finding's severity, capacity budgets, and the linter's types
 * (`LintFinding`, `LintOptions`, `LintSource`), here so that the lint run (private/lint-run.ts) need
 * not import the public linter.ts that runs it; linter.ts exports them. The engine's own types are in
 * private/types.ts.
 */
import { ArgoRolloutsVersion } from '../release/version';

/**
 * How serious a finding is.
 *
 * An `error` is a manifest the controller (or the API server) would refuse, drop or fail on: it fails
 * `cdk8s synth` and makes `argo-rollouts-lint` exit 1. A `warning` is a manifest the controller
 * accepts but that very likely does not do what its author meant (e.g. an analysis argument that no
 * template declares, which the controller ignores): synth prints it and goes on, and the CLI exits 0
 * unless `--warnings-as-errors` is given (docs/rules.md, "Warnings").
 */
export enum FindingSeverity {
  /** The controller or the API server refuses the object, drops a field, or the analysis errors. */
  ERROR = 'error',
  /** Accepted by the controller, but very likely a mistake. */
  WARNING = 'warning',
}

/**
 * A capacity budget: the most pods, CPU and memory an update of a Rollout may take at its peak
 * (what its `RolloutPlan` says). Each limit is optional; only the set ones are checked.
 */
export interface CapacityBudget {
  /**
   * The most pods the Rollout may run at once during an update.
   *
   * @default - pods are not budgeted
   */
  readonly pods?: number;

  /**
   * The most CPU its pods may request at once, as a Kubernetes quantity (`4`, `2500m`).
   *
   * @default - CPU is not budgeted
   */
  readonly cpu?: string;

  /**
   * The most memory its pods may request at once, as a Kubernetes quantity (`8Gi`, `512Mi`).
   *
   * @default - memory is not budgeted
   */
  readonly memory?: string;
}

/**
 * A rule violation found by the linter.
 */
export interface LintFinding {
  /** Rule ID of the Argo Rollouts rule list, e.g. `V34` or `S06` (docs/rules.md). */
  readonly ruleId: string;
  /** The file of the offending document, as given (empty when linting manifests or text without a name). */
  readonly file: string;
  /** Position of the offending document in its file (0-based; empty documents count). */
  readonly documentIndex: number;
  /**
   * Line of the file on which the offending document starts (1-based), when it could be determined.
   *
   * @default - unknown
   */
  readonly line?: number;
  /** `kind` of the offending document. */
  readonly kind: string;
  /** `metadata.name` of the offending document (empty when it has none). */
  readonly name: string;
  /**
   * `metadata.namespace` of the offending document.
   *
   * @default - none
   */
  readonly namespace?: string;
  /** Path of the offending field in the document, e.g. `spec.strategy.canary.steps[0].setWeight`. */
  readonly path: string;
  /** What is wrong, quoting the bad value. */
  readonly message: string;
  /** How to fix it. */
  readonly fix: string;
  /**
   * `error` (the controller or the API server refuses it, or the analysis errors) or `warning`
   * (accepted, but likely a mistake; `argo-rollouts-lint` exits 0 on warnings alone unless given
   * `--warnings-as-errors`).
   */
  readonly severity: FindingSeverity;
}

/**
 * Options of a lint run.
 */
export interface LintOptions {
  /**
   * The Argo Rollouts release the manifests are checked against (its CRD schemas and the rules that
   * differ by release), e.g. `ArgoRolloutsVersion.V1_8_4`. A version number (`'1.8.4'`, a leading `v`
   * accepted) is taken too, as `argo-rollouts-lint --version` gives it.
   *
   * @default - the release of the Argo Rollouts controller Deployment among the manifests, by its
   *   image tag (an install linted with the Rollouts it runs); else the default release
   */
  readonly version?: string | ArgoRolloutsVersion;

  /**
   * The Kubernetes version of the cluster the manifests go to, as `'1.NN'`: `'1.27'`, `'1.32'`,
   * `'1.33'` or `'1.34'` (a leading `v` and a patch release are accepted). The pod templates are checked
   * against its pod API: a field it does not have, which its API server would drop from the ReplicaSets
   * and Jobs made from a template, is reported (S09), and the pod-template checks that differ by version
   * follow it (V07: environment variable names, DNS search domains, a hook's zero-second sleep). An
   * unsupported version throws, naming the supported ones (`--kubernetes-version` of the CLI).
   *
   * @default - the Kubernetes version of the cdk8s-plus line the package is built for (1.27 for
   *   `cdk8s-argo-rollouts`, 1.NN for `cdk8s-argo-rollouts-plus-NN`)
   */
  readonly kubernetesVersion?: string;

  /**
   * Report objects that manifests refer to and that are not among the linted manifests: the Services
   * of a Rollout (V47), the analysis templates of Rollouts, templates and Experiments (V50, X06), and
   * the other referenced objects (traffic routing, workloadRef). Referenced objects that are present
   * are checked either way. Turn this off for a partial set of manifests, e.g. a chart whose
   * ClusterAnalysisTemplates are installed by another.
   *
   * @default true
   */
  readonly requireReferencedObjects?: boolean;

  /**
   * A capacity budget for every Rollout: an update whose peak (pods, CPU or memory requested) would
   * exceed it is reported (B02; `--budget-pods`, `--budget-cpu`, `--budget-memory` of the CLI).
   *
   * @default - no budget besides the Rollouts' own annotations and the namespaces' ResourceQuotas
   */
  readonly budget?: CapacityBudget;
}

/**
 * One input of a lint run: the text of a YAML (or JSON) file and its name.
 */
export interface LintSource {
  /** Name shown in findings, e.g. `dist/app.k8s.yaml`. */
  readonly fileName: string;
  /** The file's text: a YAML stream of one or more documents, or JSON. */
  readonly text: string;
  /**
   * Whether the text is JSON (an object, or a list of objects that are each a document).
   *
   * @default - true when fileName ends with `.json`
   */
  readonly json?: boolean;
}
