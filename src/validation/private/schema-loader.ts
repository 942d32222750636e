/**
 * The compiled schema validators (src/imports/validators/, written by imports/generate-validators.js):
 * one module per Argo Rollouts version with an ajv validate function per kind, and the field table of
 * Service and Ingress. Nothing is loaded when the library is imported: a module is required the first
 * time a manifest of that version needs it, and Node's module cache keeps it.
 */
import { requireGenerated } from '../../private/generated';
import { DEFAULT_VERSION_NUMBER, VERSION_NUMBERS, versionFacts } from '../../private/versions';

/** The Argo Rollouts versions whose CRD schemas the engine has, newest first (from the version table). */
export const SCHEMA_VERSIONS: readonly string[] = VERSION_NUMBERS;

/** The version checked when none is given (the version table's default). */
export const DEFAULT_SCHEMA_VERSION = DEFAULT_VERSION_NUMBER;

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
  (data: any): boolean;
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
  if (version === undefined) {
    return DEFAULT_SCHEMA_VERSION;
  }
  if (SCHEMA_VERSIONS.includes(version)) {
    return version; // already a version number (the engine normalizes once per run)
  }
  return versionFacts(String(version)).version;
}

/** Requires a module of the generated validators folder, src/imports/validators (lib/imports/validators once built). */
function loadGenerated(file: string, what: string): any {
  return requireGenerated(`validators/${file}`, what, 'generate-validators.js');
}

const validatorModules = new Map<string, any>();

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
  const validate = Object.prototype.hasOwnProperty.call(module, kind) ? module[kind] : undefined;
  return typeof validate === 'function' ? validate : undefined;
}

let fieldTable: FieldTable | undefined;

/** The field table of Service and Ingress (rule L01). */
export function k8sFieldTable(): FieldTable {
  fieldTable ??= loadGenerated('k8s-fields.js', 'The field table of Service and Ingress').table as FieldTable;
  return fieldTable;
}
