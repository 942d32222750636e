/**
 * Argument guards of the public API. TypeScript refuses a wrong argument at compile time; JavaScript
 * callers and the other jsii languages do not, and a `null` options object or a plain object where a
 * value class belongs would otherwise end in "Cannot read properties of null" or "x is not a
 * function" deep inside a render. Each public factory, constructor and add-method checks its
 * arguments with `checkArgument` (one call per argument), so the error names the call, the argument,
 * what it must be, what it got (`describeValue`: a numeric string reads as a string, null as null)
 * and, where there is one, an example of what to pass.
 *
 * Options structs are described field by field (`struct()`, with `listOf()` and `mapOf()` for their
 * lists and maps), so one call checks a whole options tree and names the offending member by its
 * path (`options.matches[0].headerValue`); free-form data (a plugin's config) is checked as JSON
 * (`JSON_OBJECT`): no cycles, no functions, at most MAX_JSON_DEPTH levels.
 */
import { Construct } from 'constructs';
import { article } from './quote';
import { fail } from './synth-error';

/** A class whose instances an argument must be (`instanceof`), with a way to create one. */
export interface ExpectedClass {
  /** The class. */
  readonly class: { readonly prototype: unknown };
  /** Its name as users write it, e.g. `CanaryStep`. */
  readonly name: string;
  /** How to create one, e.g. `CanaryStep.setWeight(20)`. */
  readonly example?: string;
}

/**
 * An object that must have some methods: an interface (which jsii languages implement with their own
 * objects) or a class of another package (of which a second copy may be loaded, so `instanceof` would
 * be wrong).
 */
export interface ExpectedShape {
  /** Its name as users write it, e.g. `Duration` or `IAnalysisTemplate`. */
  readonly name: string;
  /** Methods the object must have. */
  readonly methods: readonly string[];
  /** How to create one, e.g. `Duration.seconds(30)`. */
  readonly example?: string;
}

/** One of the values of an enum. */
export interface ExpectedValue {
  /** The enum, e.g. `RequestMetricsSource`. */
  readonly name: string;
  /** Its values. */
  readonly values: readonly string[];
}

/** A list, each item of which is what `item` describes (a `null` item is refused). */
export interface ExpectedList {
  /** What each item must be. */
  readonly item: Expected;
}

/** A map (a plain object, e.g. labels or headers), each value of which is what `value` describes. */
export interface ExpectedMap {
  /** What each value must be. */
  readonly value: Expected;
}

/**
 * An options struct: a plain object whose fields are what `fields` describes. A field is optional
 * (it may be `undefined` or `null`) unless `required` names it; fields not listed are not checked,
 * unless `others` says what they must be.
 */
export interface ExpectedStruct {
  /** Its name as users write it, e.g. `HeaderRouteMatch`. */
  readonly struct: string;
  /** What each field must be. */
  readonly fields: { readonly [field: string]: Expected };
  /** The fields that must be given. */
  readonly required?: readonly string[];
  /** What the fields not in `fields` must be. @default - not checked */
  readonly others?: Expected;
  /** How to write one, e.g. `{ headerName: 'x-canary', headerValue: StringMatch.exact('yes') }`. */
  readonly example?: string;
}

/**
 * Free-form data that ends up in a manifest as it is (a plugin's config, a JSON body): JSON values
 * (plain objects, lists, strings, finite numbers, booleans, null) without cycles and at most
 * MAX_JSON_DEPTH levels deep. Instances of classes are left to the renderer (e.g. a cdk8s `Lazy`).
 */
export interface ExpectedJson {
  /** `object`: the data must be a plain object (a config); `value`: any JSON value. */
  readonly json: 'object' | 'value';
}

/**
 * What an argument must be: a JSON type (`object` is an options struct or a map: a non-null object
 * that is not a list), a class, an object with some methods, a value of an enum, or a list, map,
 * struct or free-form JSON whose members are checked too.
 */
export type Expected = 'string' | 'number' | 'boolean' | 'object' | 'array' | ExpectedClass | ExpectedShape | ExpectedValue
| ExpectedList | ExpectedMap | ExpectedStruct | ExpectedJson;

/** A list of `item`s. */
export function listOf(item: Expected): ExpectedList {
  return { item };
}

/** A map whose values are `value`s (`mapOf('string')`: labels, annotations, headers). */
export function mapOf(value: Expected): ExpectedMap {
  return { value };
}

/** An options struct (see `ExpectedStruct`). */
export function struct(name: string, fields: { readonly [field: string]: Expected },
  options: { readonly required?: readonly string[]; readonly others?: Expected; readonly example?: string } = {}): ExpectedStruct {
  return { struct: name, fields, ...options };
}

/**
 * How deep free-form data (a plugin's config, a JSON body) may nest, in levels of objects and lists:
 * below the readers' limit (MAX_NESTING_DEPTH), with room for where the data sits in its manifest
 * (a step plugin's config is 8 levels into a Rollout), so that the YAML written with it can be read
 * back (`argo-rollouts-lint`, the cdk8s plugin). Far deeper data is no configuration anyone writes by
 * hand, and the renderers recurse per level (cdk8s's resolver, the YAML writer): about 1,000 levels
 * overflow their stack.
 */
export const MAX_JSON_DEPTH = 64;

/** Free-form data that must be a plain object of JSON values (see `ExpectedJson`). */
export const JSON_OBJECT: ExpectedJson = { json: 'object' };

/** Free-form data that may be any JSON value (see `ExpectedJson`). */
export const JSON_VALUE: ExpectedJson = { json: 'value' };

/** A string map: labels, annotations, headers. */
export const STRING_MAP: ExpectedMap = mapOf('string');

/** A list of strings. */
export const STRING_LIST: ExpectedList = listOf('string');

/** Labels and annotations of generated objects (`ApiObjectMetadata`): the maps are checked, other fields as JSON. */
export const METADATA: ExpectedStruct = struct('ApiObjectMetadata', {
  name: 'string',
  namespace: 'string',
  labels: STRING_MAP,
  annotations: STRING_MAP,
}, { others: JSON_VALUE, example: "{ labels: { team: 'web' } }" });

/** The cdk8s `Duration`, by its methods (the app may load another copy of cdk8s). */
export const DURATION: ExpectedShape = { name: 'Duration (cdk8s)', methods: ['toSeconds', 'toMilliseconds'], example: 'Duration.seconds(30)' };

/** A date (a JavaScript `Date`; jsii turns a Python datetime, a Java Instant, a .NET DateTime or a Go time.Time into one). */
export const DATE: ExpectedClass = {
  class: Date,
  name: 'Date',
  example: "new Date('2024-01-01T00:00:00Z') (a datetime in Python, an Instant in Java, a DateTime in .NET, a time.Time in Go)",
};

/** A cdk8s-plus `PercentOrAbsolute`, by its methods. */
export const PERCENT_OR_ABSOLUTE: ExpectedShape = {
  name: 'PercentOrAbsolute (cdk8s-plus)',
  methods: ['isZero'],
  example: 'PercentOrAbsolute.percent(25) or PercentOrAbsolute.absolute(1)',
};

/**
 * A cdk8s-plus `ContainerProps`: the fields that hold strings, numbers and lists (cdk8s-plus iterates
 * the lists and would fail inside on another type); the fields of cdk8s-plus classes are its own.
 */
export const CONTAINER_PROPS: ExpectedStruct = struct('ContainerProps (cdk8s-plus)', {
  image: 'string',
  name: 'string',
  port: 'number',
  portNumber: 'number',
  ports: listOf(struct('ContainerPort', { number: 'number', name: 'string', hostPort: 'number' }, { required: ['number'] })),
  command: STRING_LIST,
  args: STRING_LIST,
  workingDir: 'string',
  envVariables: mapOf('object'),
  envFrom: listOf('object'),
  volumeMounts: listOf('object'),
}, { required: ['image'], example: "{ image: 'nginx:1.27', portNumber: 8080 }" });

/** A traffic router (`ITrafficRouter`), by its method. */
export const TRAFFIC_ROUTER: ExpectedShape = { name: 'ITrafficRouter', methods: ['bind'], example: 'a factory such as TrafficRouting.istio()' };

/** An analysis template (`IAnalysisTemplate`), by its method. */
export const ANALYSIS_TEMPLATE: ExpectedShape = {
  name: 'IAnalysisTemplate',
  methods: ['toManifest'],
  example: "new AnalysisTemplate(...) or AnalysisTemplate.fromAnalysisTemplateName(scope, id, 'name')",
};

/** A construct scope (a Chart, an App or any construct in them). */
export const SCOPE: ExpectedClass = { class: Construct, name: 'Construct (the scope: a Chart or another construct)' };

/** An error in how the public API was called: the argument, what it must be, and what it got. */
export class ArgumentError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'ArgumentError';
  }
}

/** The plural of the JSON types, for `a list of strings`, `a map of strings`. */
const PLURAL: { readonly [type: string]: string } = { string: 'strings', number: 'numbers', boolean: 'booleans (true or false)' };

function describeExpected(expected: Expected): string {
  switch (expected) {
    case 'string': return 'a string';
    case 'number': return 'a number';
    case 'boolean': return 'a boolean (true or false)';
    case 'object': return 'an object (a map of options or values)';
    case 'array': return 'a list';
    default:
      if ('values' in expected) {
        return `${article(expected.name)} ${expected.name} (one of ${expected.values.map(v => JSON.stringify(v)).join(', ')})`;
      }
      if ('item' in expected) {
        return typeof expected.item === 'string' && PLURAL[expected.item] ? `a list of ${PLURAL[expected.item]}` : `a list (each item ${describeExpected(expected.item)})`;
      }
      if ('value' in expected) {
        return typeof expected.value === 'string' && PLURAL[expected.value] ? `a map of ${PLURAL[expected.value]}` : `a map (each value ${describeExpected(expected.value)})`;
      }
      if ('struct' in expected) {
        return `an object (${expected.struct})`;
      }
      if ('json' in expected) {
        return expected.json === 'object' ? 'an object of JSON data (objects, lists, strings, numbers, booleans)'
          : 'JSON data (an object, a list, a string, a number, a boolean or null)';
      }
      return `${article(expected.name)} ${expected.name}`;
  }
}

/** The value an argument got, in words: `null`, `the number 5`, `a plain object {"weight":20}`, ... */
export function describeValue(value: unknown): string {
  if (value === null) return 'null';
  if (value === undefined) return 'nothing (undefined)';
  if (Array.isArray(value)) return `a list of ${value.length}`;
  switch (typeof value) {
    case 'string': return `the string ${JSON.stringify(value.length > 60 ? `${value.slice(0, 57)}...` : value)}`;
    case 'number':
    case 'bigint': return `the number ${String(value)}`;
    case 'boolean': return `the boolean ${value}`;
    case 'function': return `a function${value.name ? ` (${value.name})` : ''}`;
    case 'object': {
      if (value instanceof Date) {
        return Number.isNaN(value.getTime()) ? 'an invalid Date' : `the date ${value.toISOString()}`;
      }
      const proto = Object.getPrototypeOf(value);
      if (proto !== null && proto !== Object.prototype) {
        const name = proto.constructor?.name;
        return name ? `an instance of ${name}` : 'an object of another class';
      }
      const keys = Object.keys(value as object);
      const shown = keys.slice(0, 5).join(', ');
      return keys.length === 0 ? 'a plain object {}' : `a plain object with ${shown}${keys.length > 5 ? ', ...' : ''}`;
    }
    default: return typeof value;
  }
}

/** A plain object: what jsii passes for a struct or a map, and what JSON holds. */
function isPlainObject(value: unknown): value is { [key: string]: unknown } {
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    return false;
  }
  const proto = Object.getPrototypeOf(value);
  return proto === null || proto === Object.prototype;
}

/** Whether `value` is what `expected` describes, at its top level (the members are checked by `check`). */
export function matches(value: unknown, expected: Expected): boolean {
  switch (expected) {
    case 'string':
    case 'number':
    case 'boolean':
      return typeof value === expected;
    case 'object':
      return value !== null && typeof value === 'object' && !Array.isArray(value);
    case 'array':
      return Array.isArray(value);
    default:
      if ('class' in expected) {
        return value instanceof (expected.class as abstract new (...args: never[]) => unknown);
      }
      if ('values' in expected) {
        return typeof value === 'string' && expected.values.includes(value);
      }
      if ('item' in expected) {
        return Array.isArray(value);
      }
      if ('value' in expected || 'struct' in expected) {
        return value !== null && typeof value === 'object' && !Array.isArray(value);
      }
      if ('json' in expected) {
        return expected.json === 'value' || isPlainObject(value);
      }
      return value !== null && (typeof value === 'object' || typeof value === 'function')
        && expected.methods.every(m => typeof (value as Readonly<Record<string, unknown>>)[m] === 'function');
  }
}

/** A member of a map or of free-form data: `labels.app`, `labels["app.kubernetes.io/name"]`. */
function memberName(name: string, key: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(key) ? `${name}.${key}` : `${name}[${JSON.stringify(key)}]`;
}

/** A long path, shortened in the middle (a path 64 levels deep would fill the message). */
function shortName(name: string): string {
  return name.length <= 120 ? name : `${name.slice(0, 60)}...${name.slice(-50)}`;
}

function prefix(where: string): string {
  return where === '' ? '' : `${where}: `;
}

/**
 * The fix for a number given as a string (`'50'`, as JSON or a form would give it): ` Pass the number
 * itself, 50, not a string.`; empty for any other value.
 */
export function numericStringFix(value: unknown): string {
  return typeof value === 'string' && value.trim() !== '' && Number.isFinite(Number(value)) ? ` Pass the number itself, ${Number(value)}, not a string.` : '';
}

/** How to fix a value that is not what `expected` describes: an example, or what to change. */
function fixOf(expected: Expected, value: unknown, inList: boolean): string {
  const example = typeof expected === 'object' && 'example' in expected && expected.example ? expected.example : undefined;
  if (inList && (value === null || value === undefined)) {
    return ` Lists may not hold null: remove the item${example ? `, or create one with ${example}` : ''}.`;
  }
  if (expected === 'number' && numericStringFix(value) !== '') {
    return numericStringFix(value);
  }
  if (expected === 'string' && (typeof value === 'number' || typeof value === 'boolean')) {
    return ` Pass it as a string, e.g. ${JSON.stringify(String(value))}.`;
  }
  if (typeof expected === 'object' && 'item' in expected && !Array.isArray(value) && value !== undefined && value !== null && matches(value, expected.item)) {
    return ` Pass a list, even of one item, e.g. [${typeof value === 'string' ? JSON.stringify(value) : 'the item'}].`;
  }
  if (example) {
    return typeof expected === 'object' && 'struct' in expected ? ` For example: ${example}.` : ` Create one with ${example}.`;
  }
  return '';
}

function failType(where: string, name: string, value: unknown, expected: Expected, optional: boolean, inList: boolean): never {
  const missing = value === undefined || value === null;
  fail(new ArgumentError(`${prefix(where)}'${shortName(name)}' ${missing && !optional && !inList ? 'is required and ' : ''}must be ${describeExpected(expected)}, `
    + `got ${describeValue(value)}.${fixOf(expected, value, inList)}`));
}

/** Checks `value` against `expected`, and the members of a list, map, struct or free-form data against theirs. */
function check(where: string, name: string, value: unknown, expected: Expected, optional: boolean, inList: boolean): void {
  if (optional && (value === undefined || value === null)) {
    return;
  }
  if (!matches(value, expected)) {
    failType(where, name, value, expected, optional, inList);
  }
  if (typeof expected !== 'object') {
    return;
  }
  if ('item' in expected) {
    (value as unknown[]).forEach((v, i) => check(where, `${name}[${i}]`, v, expected.item, false, true));
  } else if ('struct' in expected) {
    const required = expected.required ?? [];
    for (const field in expected.fields) {
      const e = expected.fields[field];
      const v = (value as Readonly<Record<string, unknown>>)[field];
      // (the member's name is written only for a field that is given or required, and for a leaf only when it is wrong)
      if ((v === undefined || v === null) && !required.includes(field)) continue;
      if (typeof e === 'string' && matches(v, e)) continue;
      check(where, `${name}.${field}`, v, e, !required.includes(field), false);
    }
    if (expected.others !== undefined) {
      for (const [key, v] of Object.entries(value as object)) {
        if (!(key in expected.fields)) {
          check(where, memberName(name, key), v, expected.others, true, false);
        }
      }
    }
  } else if ('value' in expected) {
    for (const [key, v] of Object.entries(value as object)) {
      if (v !== undefined) {
        check(where, memberName(name, key), v, expected.value, false, false);
      }
    }
  } else if ('json' in expected) {
    checkJson(where, name, value, 1, [], []);
  }
}

/**
 * Checks free-form data: JSON values only, no cycle (an object that contains itself), at most
 * MAX_JSON_DEPTH levels of objects and lists. Walks at most MAX_JSON_DEPTH levels deep, so deeper or
 * cyclic data cannot overflow the stack here.
 */
function checkJson(where: string, name: string, value: unknown, depth: number, ancestors: object[], names: string[]): void {
  switch (typeof value) {
    case 'string':
    case 'boolean':
    case 'undefined': // left out of the manifest, as JSON leaves it out
      return;
    case 'number':
      if (!Number.isFinite(value)) {
        fail(new ArgumentError(`${prefix(where)}'${shortName(name)}' must be a finite number, got ${describeValue(value)}. `
          + 'JSON has no NaN or Infinity: leave the field out, or write the value as a string if the reader expects one.'));
      }
      return;
    case 'object':
      break;
    default:
      fail(new ArgumentError(`${prefix(where)}'${shortName(name)}' must be JSON data (an object, a list, a string, a number, a boolean or null), `
        + `got ${describeValue(value)}. Replace it with the value it stands for.`));
  }
  if (value === null || !(Array.isArray(value) || isPlainObject(value))) {
    return; // null, or an instance of a class (e.g. a cdk8s Lazy): the renderer's
  }
  const cycle = ancestors.indexOf(value);
  if (cycle >= 0) {
    fail(new ArgumentError(`${prefix(where)}'${shortName(name)}' is '${shortName(names[cycle])}' itself (the data contains itself), `
      + 'which no manifest can hold. Give a copy of the data instead of a reference to it.'));
  }
  if (depth > MAX_JSON_DEPTH) {
    fail(new ArgumentError(`${prefix(where)}'${shortName(name)}' nests deeper than ${MAX_JSON_DEPTH} levels of objects and lists, `
      + `got ${describeValue(value)} at level ${depth}. Flatten the data (e.g. encode the deep part as a string).`));
  }
  ancestors.push(value);
  names.push(name);
  if (Array.isArray(value)) {
    value.forEach((v, i) => checkJson(where, `${name}[${i}]`, v, depth + 1, ancestors, names));
  } else {
    for (const [key, v] of Object.entries(value)) {
      checkJson(where, memberName(name, key), v, depth + 1, ancestors, names);
    }
  }
  ancestors.pop();
  names.pop();
}

/**
 * Throws an ArgumentError unless `value` is what `expected` describes (for a list, map, struct or
 * free-form data: its members too, each named by its path). An optional argument may be `undefined`
 * or `null` (jsii languages pass their "none" as either).
 *
 * @param where the call, e.g. `RolloutStrategy.canary()`
 * @param name the argument, or the path of the field in it, e.g. `options.steps[2]`
 * @param value what the caller passed
 * @param expected what it must be
 * @param optional whether the argument may be left out
 */
export function checkArgument(where: string, name: string, value: unknown, expected: Expected, optional = false): void {
  check(where, name, value, expected, optional, false);
}

/**
 * Checks each item of an optional list argument (`checkArgument` on the list, then on every item,
 * named `<name>[i]`).
 */
export function checkListArgument(where: string, name: string, value: unknown, item: Expected, optional = false): void {
  check(where, name, value, listOf(item), optional, false);
}

/**
 * An argument that has a default (`options = {}`): checked like an optional argument, and the default
 * when the caller passed `undefined` or `null` (a parameter default does not apply to `null`).
 */
export function argumentOrDefault<T>(where: string, name: string, value: T | undefined | null, expected: Expected, fallback: T): T {
  checkArgument(where, name, value, expected, true);
  return value ?? fallback;
}
