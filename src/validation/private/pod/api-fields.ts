/**
 * The fields a Kubernetes version's pod API has (S09): a pod template, or a Job spec, walked against
 * the pod field table (src/imports/kubernetes/pod-fields.js) as one version has it. The API server
 * decodes the ReplicaSet or Job made from a template into its own types and drops every field they
 * lack, silently; the walk finds those fields.
 *
 * The walk is one pass over the value with no allocation per field on its way: a field's path is
 * built only for a field the version lacks. The view of the table for a version is built once, on
 * first use.
 */
import { JsonObject, MAX_NESTING_DEPTH } from '../../../private/manifest-types';
import { fail } from '../../../private/synth-error';
import { joinPath } from '../fields';
import { podFieldTable } from '../schema-loader';

/** The shapes of a field: a scalar, or a value not looked into (a list or map of scalars, a quantity). */
const VALUE = 0;
const OBJECT = 1;
const LIST = 2;
const MAP = 3;
/** A field the version lacks (some other version has it, or none does). */
const ABSENT = 4;

/** One field of an object type, as one version has it. */
interface VersionField {
  readonly shape: number;
  /** The type of the object, or of the items of a list or the values of a map; `undefined` for values. */
  readonly type: VersionType | undefined;
  /** The lines (Kubernetes minor versions) that have the field, oldest first. */
  readonly lines: readonly number[];
}

/** An object type as one version has it. */
export interface VersionType {
  /** Its name in the table, e.g. `Container`. */
  readonly name: string;
  readonly fields: Map<string, VersionField>;
  /** The names of the fields the version has, sorted (for suggestions). */
  readonly known: string[];
}

/** The object types a walk starts from. */
export type PodFieldRoot = 'PodTemplateSpec' | 'JobSpec';

/**
 * Receives a field the version lacks: its path, its key, its value, the type that holds it and the
 * lines that have it (none when no version of the table has it).
 */
export type UnknownFieldReport = (path: string, key: string, value: unknown, holder: VersionType, lines: readonly number[]) => void;

const views = new Map<number, Map<string, VersionType>>();

/** One alternative of a descriptor: its shape text and the lines it holds for. */
function alternatives(descriptor: string, lines: readonly number[]): Array<{ readonly shape: string; readonly lines: readonly number[] }> {
  return descriptor.split(' ').map(part => {
    const at = part.indexOf('@');
    if (at < 0) {
      return { shape: part, lines };
    }
    const [first, last] = part.slice(at + 1).split('-').map(Number);
    return { shape: part.slice(0, at), lines: lines.filter(line => line >= first && (last === undefined || line <= last)) };
  });
}

/** The object types of the table as version `minor` has them (built once per version). */
function typesOf(minor: number): Map<string, VersionType> {
  const built = views.get(minor);
  if (built !== undefined) {
    return built;
  }
  const table = podFieldTable();
  const types = new Map<string, VersionType>();
  for (const name of Object.keys(table.types)) {
    types.set(name, { name, fields: new Map(), known: [] });
  }
  for (const [name, fields] of Object.entries(table.types)) {
    const view = types.get(name)!;
    for (const [field, descriptor] of Object.entries(fields)) {
      const options = alternatives(descriptor, table.lines);
      const lines = table.lines.filter(line => options.some(o => o.lines.includes(line)));
      const here = options.find(o => o.lines.includes(minor));
      if (here === undefined) {
        view.fields.set(field, { shape: ABSENT, type: undefined, lines });
        continue;
      }
      const text = here.shape;
      const inner = text.replace(/^[[{]|[\]}]$/g, '');
      const shape = text === '' || text === '{}' ? VALUE : text.startsWith('[') ? LIST : text.startsWith('{') ? MAP : OBJECT;
      view.fields.set(field, { shape, type: shape === VALUE ? undefined : types.get(inner), lines });
      view.known.push(field);
    }
    view.known.sort();
  }
  views.set(minor, types);
  return types;
}

const hasOwn = (object: object, key: string) => Object.prototype.hasOwnProperty.call(object, key);

const isPlainObject = (value: unknown): value is JsonObject => value !== null && typeof value === 'object' && !Array.isArray(value);

/** One walk: the keys from the base path to the object being walked. */
class FieldWalk {
  private readonly keys: Array<string | number> = [];

  constructor(private readonly base: string, private readonly report: UnknownFieldReport) {
  }

  public object(value: unknown, type: VersionType, depth: number): void {
    if (!isPlainObject(value) || depth > MAX_NESTING_DEPTH) {
      return; // a value of the wrong type is the schema's matter
    }
    for (const key in value) {
      if (!hasOwn(value, key)) {
        continue;
      }
      const child = value[key];
      if (child === null || child === undefined) {
        continue; // the API server prunes null fields
      }
      const field = type.fields.get(key);
      if (field === undefined || field.shape === ABSENT) {
        this.report(this.pathTo(key), key, child, type, field?.lines ?? []);
        continue;
      }
      const inner = field.type;
      if (inner === undefined) {
        continue;
      }
      this.keys.push(key);
      if (field.shape === OBJECT) {
        this.object(child, inner, depth + 1);
      } else if (field.shape === LIST) {
        if (Array.isArray(child)) {
          for (let i = 0; i < child.length; i++) {
            this.keys.push(i);
            this.object(child[i], inner, depth + 1);
            this.keys.pop();
          }
        }
      } else if (isPlainObject(child)) {
        for (const entry in child) {
          if (hasOwn(child, entry)) {
            this.keys.push(entry);
            this.object(child[entry], inner, depth + 1);
            this.keys.pop();
          }
        }
      }
      this.keys.pop();
    }
  }

  private pathTo(key: string): string {
    let path = this.base;
    for (const k of this.keys) {
      path = typeof k === 'number' ? `${path}[${k}]` : joinPath(path, k);
    }
    return joinPath(path, key);
  }
}

/**
 * Walks `value` (a pod template, or a Job spec) found at `path` against the fields Kubernetes 1.`minor`
 * has, and reports each field it lacks through `report` (the walk does not go below such a field).
 * Values of the wrong type are left to the schema rules.
 */
export function checkApiFields(value: unknown, root: PodFieldRoot, path: string, minor: number, report: UnknownFieldReport): void {
  const type = typesOf(minor).get(root);
  if (type === undefined) {
    fail(`The pod field table has no type ${root}: regenerate it with \`node imports/generate-pod-fields.js\`.`);
  }
  new FieldWalk(path, report).object(value, type, 0);
}
