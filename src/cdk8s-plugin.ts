/**
 * The cdk8s CLI validation plugin: `cdk8s synth` loads `ArgoRolloutsValidation` from the
 * `validations:` list of cdk8s.yaml and hands it every manifest the app wrote. It runs the whole rule
 * engine on them, whatever construct produced them (our constructs, `Include`, `Helm`, raw
 * `ApiObject`s), and reports each finding as a violation of the CLI's report.
 */
import * as fs from 'fs';
import * as path from 'path';
import { fail } from './private/synth-error';
import { releaseNumber } from './release/private';
import { ArgoRolloutsVersion } from './release/version';
import { FindingSeverity, LintFinding } from './validation/linter';
import { kubernetesMinor, lintRun, schemaVersion } from './validation/private';

/**
 * Properties of `ArgoRolloutsValidation`, as written under `properties:` of the cdk8s.yaml
 * `validations:` entry.
 */
export interface ArgoRolloutsValidationProps {
  /**
   * The Argo Rollouts release the manifests are checked against (its CRD schemas and controller
   * rules): in code an `ArgoRolloutsVersion`, e.g. `ArgoRolloutsVersion.V1_10_0_RC1`; in cdk8s.yaml its
   * number, e.g. `'1.10.0-rc1'` (a leading `v` is accepted). Set it when the app only authors Rollouts
   * for a controller installed elsewhere (the release of `ArgoRolloutsApp.of(app).useVersion()`): the
   * plugin sees the written manifests only.
   *
   * @default - the release of the Argo Rollouts controller Deployment among the manifests (an
   *   `ArgoRollouts` install in the app), by its image tag; else the default release
   */
  readonly version?: string | ArgoRolloutsVersion;

  /**
   * The Kubernetes version of the cluster the app is deployed to, as `'1.NN'`: `'1.27'`, `'1.32'`,
   * `'1.33'` or `'1.34'` (a leading `v` and a patch release are accepted). The pod templates are checked
   * against its pod API (S09: a field its API server would drop from the ReplicaSets and Jobs made from a
   * template) and its pod-template rules (V07). Quote it in YAML (`kubernetesVersion: '1.33'`), or YAML
   * reads a number.
   *
   * @default - the Kubernetes version of the cdk8s-plus line the package is built for (1.27 for
   *   `cdk8s-argo-rollouts`, 1.NN for `cdk8s-argo-rollouts-plus-NN`)
   */
  readonly kubernetesVersion?: string;

  /**
   * Report objects that manifests refer to and that the app does not contain: the Services of a
   * Rollout (V47), analysis templates (V50, X06), router objects (V63), the workload of a
   * `workloadRef` (V67). Turn this off when some of them are installed by another app, e.g. shared
   * ClusterAnalysisTemplates. Referenced objects that are present are checked either way.
   *
   * @default true
   */
  readonly references?: boolean;

  /**
   * Rule IDs (docs/rules.md) whose findings are not reported, e.g. `['V50', 'A15']`.
   *
   * @default - every rule is reported
   */
  readonly skipRules?: string[];

  /**
   * Fail the synth on warnings too (findings the controller accepts but that are very likely
   * mistakes). Without it, warnings are listed in the report and the synth goes on.
   *
   * @default false
   */
  readonly warningsAsErrors?: boolean;
}

/**
 * A resource of the app that breaks a rule, as the cdk8s CLI's report takes it (the CLI adds the
 * construct path of the resource, looked up by its name).
 */
export interface ValidationViolatingResource {
  /** `metadata.name` of the object. */
  readonly resourceName: string;
  /** JSON paths of the offending fields in the object, e.g. `spec.strategy.canary.steps[0].setWeight`. */
  readonly locations: string[];
  /** The synthesized file the object is in. */
  readonly manifestPath: string;
}

/**
 * One violation of the cdk8s CLI's report.
 */
export interface ValidationViolation {
  /** The rule ID (docs/rules.md), e.g. `V34`. */
  readonly ruleName: string;
  /** What is wrong: the object, its bad value, and the severity for a warning. */
  readonly recommendation: string;
  /** How to fix it. */
  readonly fix: string;
  /** The objects that break the rule. */
  readonly violatingResources: ValidationViolatingResource[];
}

/**
 * The report of the cdk8s CLI's validation context (`context.report`).
 */
export interface IValidationReport {
  /** Adds a violation to the report. */
  addViolation(violation: ValidationViolation): void;

  /**
   * Submits the report.
   *
   * @param status `success` or `failure`; a failure makes `cdk8s synth` exit non-zero
   * @param metadata shown in the report's summary
   */
  submit(status: string, metadata?: { [key: string]: string }): void;
}

/**
 * What the cdk8s CLI hands a validation plugin: the synthesized files, the plugin's entry of
 * cdk8s.yaml and the report.
 */
export interface IValidationContext {
  /** Paths of the manifests the app wrote. */
  readonly manifests: string[];
  /** The report to fill in and submit. */
  readonly report: IValidationReport;
  /**
   * The `version:` of the plugin's entry in cdk8s.yaml, as the CLI passes it. The CLI shows it in the
   * report's title and installs that version of an npm package, but loads a local path (`./node_modules/…`)
   * whatever its version: the plugin compares it with the version of its own package.
   *
   * @default - not compared
   */
  readonly version?: string;
}

/**
 * The name and version of the package this module belongs to, from its package.json (src/.. or
 * lib/..); `undefined` when it cannot be read (a copy of the code outside its package).
 */
function ownPackage(): { name: string; version: string; file: string } | undefined {
  const file = path.join(__dirname, '..', 'package.json');
  try {
    const json = JSON.parse(fs.readFileSync(file, 'utf8'));
    return typeof json.version === 'string' ? { name: String(json.name), version: json.version, file } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The warning for a `version:` of cdk8s.yaml that is not the version of the package that runs, in full
 * (standard error) and short (the report's summary, a table cell); `undefined` when they agree (or no
 * version was given, or the package's is unknown).
 */
function versionMismatch(configured: string | undefined): { full: string; short: string } | undefined {
  const own = configured === undefined ? undefined : ownPackage();
  // (a string from the CLI; YAML may have made a number of it)
  if (own === undefined || String(configured).trim() === own.version) {
    return undefined;
  }
  const given = JSON.stringify(configured);
  return {
    full: `cdk8s.yaml lists the plugin with version ${given}, but the package that runs is ${own.name} ${own.version} (${own.file}). `
      + `Write \`version: ${own.version}\` in its validations: entry, so that the report names the version that checked the manifests.`,
    short: `cdk8s.yaml says ${given}, the package that runs is ${own.version}: write version: ${own.version}`,
  };
}

/** Rule IDs: a letter and two digits (docs/rules.md). */
const RULE_ID = /^[A-Z]\d{2}$/;

function checkProps(props: unknown): ArgoRolloutsValidationProps {
  const where = 'ArgoRolloutsValidation (cdk8s.yaml validations: properties)';
  if (props === undefined || props === null) {
    return {};
  }
  if (typeof props !== 'object' || Array.isArray(props)) {
    fail(`${where}: the properties must be a map, got ${JSON.stringify(props)}. Write them as \`properties: {version: '1.10.0-rc1'}\`.`);
  }
  const p = props as Record<string, unknown>;
  const known = ['version', 'kubernetesVersion', 'references', 'skipRules', 'warningsAsErrors'];
  for (const key of Object.keys(p)) {
    if (!known.includes(key)) {
      fail(`${where}: unknown property ${JSON.stringify(key)}. Use ${known.join(', ')}.`);
    }
  }
  // a number or list is YAML's reading of an unquoted version; an object is code's (an ArgoRolloutsVersion, checked where it is read)
  if (p.version !== undefined && typeof p.version !== 'string' && (typeof p.version !== 'object' || Array.isArray(p.version))) {
    fail(`${where}: version must be a string, got ${JSON.stringify(p.version)}. Quote it in YAML: \`version: '1.10.0-rc1'\`.`);
  }
  if (p.kubernetesVersion !== undefined && typeof p.kubernetesVersion !== 'string') {
    fail(`${where}: kubernetesVersion must be a string, got ${JSON.stringify(p.kubernetesVersion)}. Quote it in YAML: \`kubernetesVersion: '1.33'\`.`);
  }
  for (const key of ['references', 'warningsAsErrors']) {
    if (p[key] !== undefined && typeof p[key] !== 'boolean') {
      fail(`${where}: ${key} must be true or false, got ${JSON.stringify(p[key])}.`);
    }
  }
  if (p.skipRules !== undefined) {
    if (!Array.isArray(p.skipRules)) {
      fail(`${where}: skipRules must be a list of rule IDs, got ${JSON.stringify(p.skipRules)}. Write e.g. \`skipRules: [V50]\`.`);
    }
    for (const id of p.skipRules) {
      if (typeof id !== 'string' || !RULE_ID.test(id)) {
        fail(`${where}: skipRules holds ${JSON.stringify(id)}, which is not a rule ID. Use IDs of docs/rules.md such as V34 or A15.`);
      }
    }
  }
  return p as ArgoRolloutsValidationProps;
}

/** The object a finding is on, as a reader finds it: `Rollout web (namespace shop)`. */
function objectOf(finding: LintFinding): string {
  const name = finding.name === '' ? '(no name)' : finding.name;
  return finding.namespace === undefined ? `${finding.kind} ${name}` : `${finding.kind} ${name} (namespace ${finding.namespace})`;
}

/**
 * The Argo Rollouts rule engine as a cdk8s CLI validation plugin. List it under `validations:` in
 * cdk8s.yaml:
 *
 * ```yaml
 * validations:
 *   - package: ./node_modules/cdk8s-argo-rollouts
 *     version: 0.0.0            # the installed package's version, exactly (a warning otherwise)
 *     class: ArgoRolloutsValidation
 *     properties:
 *       version: '1.9.1'
 * ```
 *
 * `cdk8s synth` then checks every manifest the app wrote — the CRD schema with the API server's
 * pruning semantics, the pod fields of the cluster's Kubernetes version, the controller's rules, cross-object references — whatever produced it: our
 * constructs, `Include`, `Helm` or raw `ApiObject`s. Each finding is a violation named by its rule ID,
 * on the object's name (the CLI adds its construct path), at the field's JSON path, with the fix. An
 * error fails the synth; warnings fail it only with `warningsAsErrors`.
 */
export class ArgoRolloutsValidation {
  private readonly version?: string;
  private readonly kubernetesVersion?: string;
  private readonly references: boolean;
  private readonly skipRules: readonly string[];
  private readonly warningsAsErrors: boolean;

  /**
   * @param props the plugin's `properties` from `cdk8s.yaml`
   */
  constructor(props: ArgoRolloutsValidationProps = {}) {
    const checked = checkProps(props);
    this.version = releaseNumber('ArgoRolloutsValidationProps.version', checked.version);
    this.kubernetesVersion = checked.kubernetesVersion;
    this.references = checked.references ?? true;
    this.skipRules = [...(checked.skipRules ?? [])];
    this.warningsAsErrors = checked.warningsAsErrors ?? false;
    // an unsupported version is refused at once, naming the supported ones
    schemaVersion(this.version);
    try {
      kubernetesMinor(this.kubernetesVersion);
    } catch (error) {
      fail(`ArgoRolloutsValidation (cdk8s.yaml validations: properties): ${(error as Error).message}`);
    }
  }

  /**
   * Checks the manifests of `context` and fills in and submits its report: `failure` when an error
   * (or, with `warningsAsErrors`, a warning) is found.
   *
   * @param context the cdk8s CLI's validation context
   */
  public async validate(context: IValidationContext): Promise<void> {
    const files = [...context.manifests];
    const mismatch = versionMismatch(context.version);
    if (mismatch !== undefined) {
      process.stderr.write(`Warning: ArgoRolloutsValidation: ${mismatch.full}\n`);
    }
    const run = lintRun(files.map(file => ({ fileName: file, text: fs.readFileSync(file, 'utf8') })), {
      version: this.version,
      kubernetesVersion: this.kubernetesVersion,
      requireReferencedObjects: this.references,
    });
    const findings = run.findings.filter(f => !this.skipRules.includes(f.ruleId));
    let failed = false;
    for (const finding of findings) {
      const warning = finding.severity === FindingSeverity.WARNING;
      failed = failed || !warning || this.warningsAsErrors;
      context.report.addViolation({
        ruleName: finding.ruleId,
        recommendation: `${objectOf(finding)}: ${warning ? '(warning) ' : ''}${finding.message}`,
        fix: finding.fix,
        violatingResources: [{
          resourceName: finding.name,
          locations: [finding.path === '' ? '(document)' : finding.path],
          manifestPath: finding.file,
        }],
      });
    }
    const errors = findings.filter(f => f.severity !== FindingSeverity.WARNING).length;
    context.report.submit(failed ? 'failure' : 'success', {
      'Argo Rollouts version': run.version,
      'Kubernetes version': run.kubernetesVersion,
      'Files': String(files.length),
      'Objects': String(run.objects),
      'Errors': String(errors),
      'Warnings': String(findings.length - errors),
      ...(mismatch === undefined ? {} : { 'Plugin version warning': mismatch.short }),
    });
  }
}
