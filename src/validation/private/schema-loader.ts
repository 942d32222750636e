/**
 * The compiled schema validators (src/imports/validators/, written by imports/generate-validators.js):
 * one module per Argo Rollouts version with an ajv validate function per kind (releases whose schemas
 * compile alike share one: the version table's `validatorModule` names it), and the field table of
 * Service and Ingress; and the pod field table of the Kubernetes versions (src/imports/kubernetes/). Nothing is loaded when the library is imported: a module is required the first
 * time a manifest of that version needs it, and Node's module cache keeps it.
 */
import { cdk8sPlusLine } from '../../private/cdk8s-plus';
import { requireGenerated } from '../../private/generated';
import { isObject, objectOrEmpty } from '../../private/manifest-types';
import { quoteCut } from '../../private/quote';
import { fail } from '../../private/synth-error';
import { VERSION_NUMBERS, versionFacts } from '../../private/versions';

/** The Argo Rollouts versions whose CRD schemas the engine has, newest first (from the version table). */
export const SCHEMA_VERSIONS: readonly string[] = VERSION_NUMBERS;

/** One error of a compiled validator (ajv's error object, without messages). */
export interface SchemaError {
  /** JSON pointer of the offending value, e.g. `/spec/strategy/canary/steps/0/setWeight`. */
  readonly instancePath: string;
  /** Schema location of the failed keyword; used to tell int-or-string branches apart. */
  readonly schemaPath: string;
  /** The failed keyword: required, type, anyOf, enum, pattern, minimum, maximum, propertyNames, additionalProperties. */
  readonly keyword: string;
  readonly params: any;
  /** For errors about a property name (closed objects), the name. */
  readonly propertyName?: string;
}

/** A compiled validator: returns true when the manifest is valid, else sets `errors`. */
export interface SchemaValidator {
  (data: unknown): boolean;
  errors?: SchemaError[] | null;
}

/**
 * Descriptors of the field table: `''` a scalar or a value not looked into, `'T'` an object of type
 * T, `'[T]'` a list of T, `'{}'` a map of scalars, `'{T}'` a map of T.
 */
export interface FieldTable {
  /** Top-level fields per `<apiVersion>/<kind>`, e.g. `v1/Service`. */
  readonly roots: { readonly [apiVersionKind: string]: { readonly [field: string]: string } };
  /** Fields per object type. */
  readonly types: { readonly [type: string]: { readonly [field: string]: string } };
}

/**
 * The version number for a version option: `1.9.1` for `undefined`, `'v1.8.3'` → `1.8.3`. Throws for a
 * version whose schemas the library does not ship.
 */
export function schemaVersion(version: string | undefined): string {
  if (version !== undefined && SCHEMA_VERSIONS.includes(version)) {
    return version; // already a version number (the engine normalizes once per run)
  }
  return versionFacts(version === undefined ? undefined : String(version)).version; // (the default for undefined)
}

/** Requires a module of the generated validators folder, src/imports/validators (lib/imports/validators once built). */
function loadGenerated(file: string, what: string): unknown {
  return requireGenerated(`validators/${file}`, what, 'generate-validators.js');
}

const validatorModules = new Map<string, unknown>();

/**
 * The compiled validator of an argoproj.io kind (`Rollout`, `AnalysisTemplate`,
 * `ClusterAnalysisTemplate`, `AnalysisRun`, `Experiment`) in a version returned by `schemaVersion()`;
 * `undefined` for another kind.
 */
export function schemaValidator(version: string, kind: string): SchemaValidator | undefined {
  let module = validatorModules.get(version);
  if (module === undefined) {
    const facts = versionFacts(version);
    module = loadGenerated(facts.validatorModule, `The compiled CRD schema validators of Argo Rollouts ${facts.tag}`);
    validatorModules.set(version, module);
  }
  const validate: unknown = isObject(module) && Object.prototype.hasOwnProperty.call(module, kind) ? module[kind] : undefined;
  return typeof validate === 'function' ? validate as SchemaValidator : undefined;
}

let fieldTable: FieldTable | undefined;

/** The field table of Service and Ingress (rule L01). */
export function k8sFieldTable(): FieldTable {
  fieldTable ??= objectOrEmpty(loadGenerated('k8s-fields.js', 'The field table of Service and Ingress')).table as FieldTable;
  return fieldTable;
}

/**
 * The pod field table (src/imports/kubernetes/pod-fields.js, written by imports/generate-pod-fields.js):
 * the fields of a pod template and of a Job spec per object type, merged over the Kubernetes versions of
 * the cdk8s-plus lines. A descriptor is the shape of the field as in `FieldTable` (`''`, `'T'`, `'[T]'`,
 * `'{}'`, `'{T}'`), followed by `@A` (only in line A and later) or `@A-B` (only in lines A to B) when
 * some lines lack the field; a field whose type changed has one such descriptor per run of lines,
 * separated by a space.
 */
export interface PodFieldTable {
  /** The lines, oldest first: line NN is Kubernetes 1.NN. */
  readonly lines: readonly number[];
  /** Fields per object type (`PodTemplateSpec`, `JobSpec`, `Container`, ...). */
  readonly types: { readonly [type: string]: { readonly [field: string]: string } };
}

let podFields: PodFieldTable | undefined;

/** The pod field table (rule S09, and the Kubernetes versions the engine accepts). */
export function podFieldTable(): PodFieldTable {
  podFields ??= requireGenerated('kubernetes/pod-fields.js', 'The pod field table of the Kubernetes versions', 'generate-pod-fields.js') as PodFieldTable;
  return podFields;
}

/** The Kubernetes versions the engine checks pod templates against, oldest first, e.g. `['1.27', '1.32']` (the lines of the pod field table). */
export function kubernetesVersions(): string[] {
  return podFieldTable().lines.map(line => `1.${line}`);
}

/**
 * The Kubernetes minor version for a `kubernetesVersion` option: `27` for `'1.27'` (a leading `v` and a
 * patch release are accepted: `'v1.27.3'`); for `undefined`, the version of the cdk8s-plus line the
 * library is built on. Throws, naming the accepted versions, for one the library has no pod rules for.
 */
export function kubernetesMinor(version: string | undefined): number {
  const accepted = `use one of ${kubernetesVersions().join(', ')} (a string such as '1.27')`;
  if (version !== undefined && typeof version !== 'string') {
    fail(`kubernetesVersion must be a string naming a Kubernetes version, not ${JSON.stringify(version) ?? String(version)}; ${accepted}.`);
  }
  const given = version === undefined ? `1.${cdk8sPlusLine().kubernetesMinor}` : version;
  const match = /^v?1\.(\d{1,3})(?:\.\d+)?$/.exec(given.trim());
  const minor = match === null ? undefined : Number(match[1]);
  if (minor === undefined || !podFieldTable().lines.includes(minor)) {
    const what = version === undefined ? `The Kubernetes version of ${cdk8sPlusLine().module} (${given})` : `The Kubernetes version ${quoteCut(given)}`;
    fail(`${what} is not one that the rule engine checks pod templates against; ${accepted}.`);
  }
  return minor;
}
