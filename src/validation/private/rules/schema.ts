/**
 * CRD schema rules S01–S04 and S06: every argoproj.io manifest is checked against the CRD schema of the
 * chosen Argo Rollouts version with the API server's pruning semantics, by a validator compiled at
 * build time (src/imports/validators/, imports/generate-validators.js).
 *
 * As the API server does, fields whose value is `null` are dropped before the check (so `pause:` and
 * `creationTimestamp: null` pass), and `status` is not checked. S05 (`spec.selector` changed on update)
 * compares with the stored object and is out of reach.
 */
import { MAX_NESTING_DEPTH } from '../../../private/manifest-types';
import { ManifestContext, Rule } from '../context';
import { joinPath, pointerToPath, unknownFieldFix, valueAtPointer } from '../fields';
import { SchemaError, schemaValidator, schemaVersion } from '../schema-loader';
import { checkObjectMeta } from './strict-decoding';
import { asArray, isObject, listWords, quote } from '../util';

/** A schema violation mapped to a rule. */
interface SchemaFinding {
  readonly ruleId: string;
  readonly path: string;
  readonly message: string;
  readonly fix: string;
  readonly value?: unknown;
}

/** Fields whose absence is S01 rather than S02: `spec`, and per kind the list the kind cannot do without. */
const ESSENTIAL: ReadonlyMap<string, { readonly pointer: string; readonly field: string; readonly fix: string }> = new Map([
  ['AnalysisRun', { pointer: '/spec', field: 'metrics', fix: 'List the metrics the AnalysisRun measures under spec.metrics.' }],
  ['Experiment', { pointer: '/spec', field: 'templates', fix: 'List the ReplicaSet templates the Experiment runs under spec.templates.' }],
]);

/**
 * Nesting depth up to which `null` fields are looked for and pruned: as deep as input may nest, and a
 * bound for cyclic or absurdly deep values given in code.
 */
const MAX_PRUNE_DEPTH = MAX_NESTING_DEPTH;

/** True when a value holds a `null` inside some object (so it needs pruning first). */
function hasNullField(value: unknown, depth: number, seen: Set<object>): boolean {
  if (value === null || typeof value !== 'object' || depth > MAX_PRUNE_DEPTH || seen.has(value)) {
    return false;
  }
  seen.add(value);
  if (Array.isArray(value)) {
    return value.some(item => hasNullField(item, depth + 1, seen));
  }
  if (!isObject(value)) {
    return false; // (not reached: an object that is not a list)
  }
  for (const key in value) {
    const v = value[key];
    if (v === null || hasNullField(v, depth + 1, seen)) {
      return true;
    }
  }
  return false;
}

/** A copy without the `null` fields of objects, as the API server prunes them (list items are kept). */
function pruneNullFields(value: unknown, depth: number, copies: Map<object, unknown>): unknown {
  if (value === null || typeof value !== 'object' || depth > MAX_PRUNE_DEPTH) {
    return value;
  }
  const known = copies.get(value);
  if (known !== undefined) {
    return known;
  }
  if (Array.isArray(value)) {
    const list: unknown[] = [];
    copies.set(value, list);
    value.forEach(item => list.push(pruneNullFields(item, depth + 1, copies)));
    return list;
  }
  const out: Record<string, unknown> = {};
  copies.set(value, out);
  for (const [key, field] of Object.entries(value)) {
    if (field !== null) {
      out[key] = pruneNullFields(field, depth + 1, copies);
    }
  }
  return out;
}

/** "a string", "an integer", ... for the JSON type of a value. */
function jsonType(value: unknown): string {
  if (value === null) return 'that is, empty';
  if (Array.isArray(value)) return 'a list';
  switch (typeof value) {
    case 'string': return 'a string';
    case 'boolean': return 'a boolean';
    case 'number':
      if (Number.isNaN(value)) return 'which is not a number (YAML .nan) and has no JSON form';
      if (!Number.isFinite(value)) return 'a number too large for JSON to carry (YAML .inf, or beyond about 1.8e308 such as 1e400)';
      return Number.isInteger(value) ? 'an integer' : 'a number with a fraction';
    case 'object': return 'an object';
    default: return typeof value;
  }
}

const EXPECTED: { readonly [type: string]: string } = {
  integer: 'an integer',
  number: 'a number',
  string: 'a string',
  boolean: 'a boolean (true or false)',
  object: 'an object',
  array: 'a list',
};

/** How to write a value of `type` instead of `value`. */
function typeFix(type: string, value: unknown, path: string): string {
  if (typeof value === 'number' && !Number.isFinite(value)) {
    return `Write ${path} as ${type === 'integer' ? 'an integer' : 'a finite number'}, e.g. ${path}: 1.`;
  }
  if (type === 'integer' && typeof value === 'string' && /^[+-]?[0-9]+$/.test(value.trim())) {
    return `Write the number without quotes: ${path}: ${value.trim()}.`;
  }
  if (type === 'boolean' && typeof value === 'string' && /^(true|false)$/i.test(value.trim())) {
    return `Write the boolean without quotes: ${path}: ${value.trim().toLowerCase()}.`;
  }
  if (type === 'string' && (typeof value === 'number' || typeof value === 'boolean')) {
    return `Quote the value so that it stays a string: ${path}: "${String(value)}".`;
  }
  return `Write ${path} as ${EXPECTED[type] ?? type}.`;
}

/** The message part naming what a pattern requires. */
function patternDescription(pattern: string): { what: string; example: string } {
  if (pattern.startsWith('^[0-9]{4}-')) {
    return { what: 'an RFC 3339 date-time', example: '2025-01-31T12:00:00Z' };
  }
  if (pattern.includes('[KMGTPE]i')) {
    return { what: 'a Kubernetes quantity', example: '500m, 128Mi or 2' };
  }
  return { what: `a string matching ${pattern}`, example: 'a matching value' };
}

/**
 * Maps the errors of one validation to findings: one per problem, in the validator's order. Branch
 * errors of int-or-string fields are folded into one, and the second error that ajv gives for an
 * unknown property name is dropped.
 */
function mapErrors(ctx: ManifestContext, version: string, errors: readonly SchemaError[], data: unknown): SchemaFinding[] {
  const anyOfAt = new Set(errors.filter(e => e.keyword === 'anyOf').map(e => e.instancePath));
  const findings: SchemaFinding[] = [];
  const where = `the ${ctx.kind} CRD schema of Argo Rollouts ${version}`;
  for (const error of errors) {
    const value = valueAtPointer(error.instancePath, data);
    const path = pointerToPath(error.instancePath, data);
    const shown = path === '' ? `The ${ctx.kind}` : path;
    switch (error.keyword) {
      case 'required': {
        const field = String(error.params.missingProperty);
        const fieldPath = joinPath(path, field);
        const essential = ESSENTIAL.get(ctx.kind);
        if (error.instancePath === '' && field === 'spec') {
          findings.push({ ruleId: 'S01', path: fieldPath, message: `The ${ctx.kind} has no spec, which ${where} requires: the API server refuses it.`, fix: `Add the spec of the ${ctx.kind}.` });
        } else if (essential !== undefined && error.instancePath === essential.pointer && field === essential.field) {
          findings.push({ ruleId: 'S01', path: fieldPath, message: `The ${ctx.kind} has no ${fieldPath}, which ${where} requires: the API server refuses it.`, fix: essential.fix });
        } else {
          findings.push({
            ruleId: 'S02',
            path: fieldPath,
            message: `${shown} lacks the field ${quote(field)}, which ${where} requires: the API server refuses the ${ctx.kind}.`,
            fix: `Add ${field} to ${path === '' ? 'the manifest' : path}.`,
          });
        }
        break;
      }
      case 'type':
        if (anyOfAt.has(error.instancePath) && error.schemaPath.includes('/anyOf/')) {
          break; // folded into the anyOf error below
        }
        findings.push({
          ruleId: 'S03',
          path,
          message: `${shown} is ${quote(value)}, ${jsonType(value)}, but ${where} declares ${EXPECTED[error.params.type] ?? error.params.type}: the API server refuses the ${ctx.kind}.`,
          fix: typeFix(String(error.params.type), value, path),
          value,
        });
        break;
      case 'anyOf':
        findings.push({
          ruleId: 'S03',
          path,
          message: `${shown} is ${quote(value)}, ${jsonType(value)}, but ${where} takes an integer or a string here: the API server refuses the ${ctx.kind}.`,
          fix: `Write ${path} as a number (e.g. 1) or a string (e.g. "25%").`,
          value,
        });
        break;
      case 'pattern': {
        const { what, example } = patternDescription(String(error.params.pattern));
        findings.push({
          ruleId: 'S03',
          path,
          message: `${shown} is ${quote(value)}, which is not ${what}: the API server refuses the ${ctx.kind}.`,
          fix: `Write ${what}, e.g. ${example}.`,
          value,
        });
        break;
      }
      case 'minimum':
      case 'maximum':
        findings.push({
          ruleId: 'S03',
          path,
          message: `${shown} is ${quote(value)}, outside the range of a 32-bit integer (${error.params.comparison} ${error.params.limit} is required).`,
          fix: `Use a value from -2147483648 to 2147483647 for ${path}.`,
          value,
        });
        break;
      case 'enum':
        if (error.propertyName !== undefined) {
          const key = error.propertyName;
          const known: string[] = Array.isArray(error.params.allowedValues) ? error.params.allowedValues : [];
          const fieldPath = joinPath(path, key);
          findings.push({
            ruleId: 'S06',
            path: fieldPath,
            message: `${shown} has the field ${quote(key)}, which ${where} does not know: the API server would drop it silently (or refuse the ${ctx.kind} under strict field validation).`,
            fix: `${unknownFieldFix(key, known)} If the field comes from another Argo Rollouts release, check the version you validate against.`,
            value: valueAtPointer(`${error.instancePath}/${key.replace(/~/g, '~0').replace(/\//g, '~1')}`, data),
          });
        } else {
          const allowed: readonly unknown[] = asArray(error.params.allowedValues);
          findings.push({
            ruleId: 'S04',
            path,
            message: `${shown} is ${quote(value)}, which is not one of the values ${where} allows (${listWords(allowed.map(a => quote(a)))}).`,
            fix: `Use one of ${listWords(allowed.map(a => quote(a)))} for ${path}.`,
            value,
          });
        }
        break;
      case 'additionalProperties': {
        const key = String(error.params.additionalProperty);
        findings.push({
          ruleId: 'S06',
          path: joinPath(path, key),
          message: `${shown} has the field ${quote(key)}, but ${where} allows no fields in this object: the API server would drop it silently.`,
          fix: unknownFieldFix(key, []),
        });
        break;
      }
      case 'propertyNames':
        break; // the enum error before it names the property
      default:
        findings.push({
          ruleId: 'S03',
          path,
          message: `${shown} is ${quote(value)}, which ${where} does not accept (${error.keyword}).`,
          fix: `Correct ${path} to what the CRD schema declares.`,
          value,
        });
    }
  }
  return findings;
}

/**
 * The findings on `metadata`, which the CRD schema leaves to the API server: it decodes it as an
 * ObjectMeta, so a field ObjectMeta does not have is dropped (S06) and a value of the wrong shape is
 * refused (S03).
 */
function metadataFindings(ctx: ManifestContext): SchemaFinding[] {
  const metadata = ctx.manifest.metadata;
  if (metadata === undefined || metadata === null) {
    return []; // S07: no name
  }
  const findings: SchemaFinding[] = [];
  checkObjectMeta(metadata, `${ctx.kind} metadata (ObjectMeta)`, (path, message, fix, value, unknown) =>
    findings.push({ ruleId: unknown ? 'S06' : 'S03', path, message, fix, value }));
  return findings;
}

/** The schema findings of the manifest being checked, computed once per manifest and run. */
function schemaFindings(ctx: ManifestContext): readonly SchemaFinding[] {
  return ctx.memoize('schemaFindings', () => isObject(ctx.manifest) ? [...metadataFindings(ctx), ...specFindings(ctx)] : []);
}

/** The findings of the CRD schema (everything but `metadata`). */
function specFindings(ctx: ManifestContext): readonly SchemaFinding[] {
  const version = schemaVersion(ctx.options.version);
  const validate = schemaValidator(version, ctx.kind);
  if (validate === undefined) {
    return [];
  }
  if (validate(ctx.manifest)) {
    return []; // a null field that the server would prune cannot make a valid manifest invalid
  }
  let data: unknown = ctx.manifest;
  if (hasNullField(data, 0, new Set())) {
    data = pruneNullFields(data, 0, new Map());
    if (validate(data)) {
      return [];
    }
  }
  return mapErrors(ctx, version, validate.errors ?? [], data);
}

/**
 * The paths of the fields the CRD schema prunes from the manifest (its S06 findings), computed once per
 * manifest and run: rules that judge fields below them leave those to S06.
 */
export function prunedPaths(ctx: ManifestContext): ReadonlySet<string> {
  return ctx.memoize('prunedPaths', () => new Set(schemaFindings(ctx).filter(f => f.ruleId === 'S06').map(f => f.path)));
}

function schemaRule(id: string): Rule<ManifestContext> {
  return {
    id,
    check: ctx => {
      for (const finding of schemaFindings(ctx)) {
        if (finding.ruleId === id) {
          ctx.report(finding.path, finding.message, finding.fix, finding.value);
        }
      }
    },
  };
}

/**
 * The schema rules of every argoproj.io kind, run before the controller's rules (the API server
 * checks the schema before the controller sees the object). S05 is out of reach.
 */
export const SCHEMA_RULES: readonly Rule<ManifestContext>[] = ['S01', 'S02', 'S03', 'S04', 'S06'].map(schemaRule);
