/**
 * The importer's reading of the catalogues' import mappings (src/private/import-mapping.ts): a
 * factory's options from a block of YAML, as its row maps them.
 */
import { call, lit, obj, opt } from './code';
import { bool, containers, duration, list, num, str } from './emit-values';
import { ModuleWriter } from './emit-writer';
import { stringMap } from './install-options';
import { ImportConverter, ImportFields, ImportValue, ImportVariant } from '../../private/import-mapping';
import { isObject, objectOrEmpty } from '../../private/manifest-types';

/** The value at a dotted path under `value` (undefined where a part is no object). */
function at(value: unknown, path: string): unknown {
  return path.split('.').reduce<unknown>((v, key) => (isObject(v) ? (v as Record<string, unknown>)[key] : undefined), value);
}

/** The entries of the list at `many`, else the value at `one` alone (when set). */
function entries(block: unknown, from: { readonly one?: string; readonly many: string }): unknown[] {
  const many = at(block, from.many);
  if (Array.isArray(many)) return many;
  const one = from.one === undefined ? undefined : at(block, from.one);
  return one ? [one] : [];
}

/** `MetricAuthentication.sigv4()` for a sigv4 block (oauth2 is left to a patch). */
function authentication(auth: unknown): string | undefined {
  const a = objectOrEmpty(auth);
  const sigv4 = a.sigv4;
  if (!sigv4 || typeof sigv4 !== 'object' || Object.keys(a).length !== 1) return undefined;
  if (!Object.keys(sigv4).every(k => ['region', 'profile', 'roleArn'].includes(k) && typeof sigv4[k] === 'string')) return undefined;
  return call('MetricAuthentication.sigv4', Object.keys(sigv4).length > 0 ? lit(sigv4) : undefined);
}

/** An entry of a list of HTTP headers (`key`, `value`), as a metric provider takes them. */
interface KeyValue {
  readonly key: string;
  readonly value: string;
}

function isKeyValue(x: unknown): x is KeyValue {
  return isObject(x) && typeof x.key === 'string' && typeof x.value === 'string';
}

/** The importer's conversions, by the name a mapping gives. */
const CONVERTERS: { readonly [name in ImportConverter]: (value: unknown) => string | undefined } = {
  authentication,
  containers: value => containers(value),
  keyValues: h => (Array.isArray(h) && h.every(isKeyValue) && new Set(h.map(x => x.key)).size === h.length
    ? lit(Object.fromEntries(h.map(x => [x.key, x.value]))) : undefined),
  nameValues: d => (Array.isArray(d) && d.length > 0
    ? lit(Object.fromEntries(d.map((x: unknown) => [objectOrEmpty(x).name, objectOrEmpty(x).value]))) : undefined),
};

/** The code of one option, read from (a part of) a block as its mapping says. */
function optionCode(w: ModuleWriter, value: ImportValue, block: unknown): string | undefined {
  return valueCode(w, value, block) ?? value.default;
}

function valueCode(w: ModuleWriter, value: ImportValue, block: unknown): string | undefined {
  if ('string' in value) return str(at(block, value.string));
  if ('number' in value) return num(at(block, value.number));
  if ('bool' in value) return bool(at(block, value.bool));
  if ('duration' in value) return duration(at(block, value.duration));
  if ('stringMap' in value) return stringMap(at(block, value.stringMap));
  if ('list' in value) return Array.isArray(at(block, value.list)) ? lit(at(block, value.list)) : undefined;
  if ('literal' in value) return opt(at(block, value.literal));
  if ('oneOf' in value) {
    const v = at(block, value.oneOf);
    return typeof v === 'string' && Object.prototype.hasOwnProperty.call(value.values, v) ? value.values[v] : undefined;
  }
  if ('convert' in value) return CONVERTERS[value.convert](at(block, value.from));
  if ('object' in value) return routerObject(w, value.kinds, at(block, value.object));
  if ('objects' in value) {
    const one = value.objects.one === undefined ? undefined : at(block, value.objects.one);
    const many = at(block, value.objects.many);
    return list([...(one ? [one] : []), ...(Array.isArray(many) ? many : [])].map(n => routerObject(w, value.kinds, n)));
  }
  if ('fieldOf' in value) {
    const name = at(block, value.name);
    const item = value.kinds.map(kind => w.find(kind, name)).find(i => i !== undefined);
    return lit(at(item?.manifest, value.fieldOf) ?? name);
  }
  if ('each' in value) {
    if (value.each.one === undefined && !Array.isArray(at(block, value.each.many))) return undefined;
    return list(entries(block, value.each).map(e => optionCode(w, value.value, e)));
  }
  const part = 'under' in value ? at(block, value.under) : block;
  return part ? optionsCode(w, value.fields, part) : undefined;
}

/** A router object: `RouterObject.fromConstruct` of the input's object of one of the kinds, else by name. */
export function routerObject(w: ModuleWriter, kinds: readonly string[], name: unknown): string | undefined {
  if (typeof name !== 'string') return undefined;
  for (const kind of kinds) {
    const item = w.find(kind, name);
    if (item) return call('RouterObject.fromConstruct', item.variable);
  }
  return call('RouterObject.fromName', lit(name));
}

/** The options of a factory, read from a block as its mapping says; undefined when none maps. */
export function optionsCode(w: ModuleWriter, fields: ImportFields, block: unknown): string | undefined {
  return obj(Object.fromEntries(Object.entries(fields).map(([option, value]) => [option, optionCode(w, value, block)])));
}

/** The factory call of the first variant whose condition the block meets; undefined when none does. */
export function variantCode(w: ModuleWriter, variants: readonly ImportVariant[], block: unknown): string | undefined {
  const variant = variants.find(v => v.when === undefined
    || ('string' in v.when ? typeof at(block, v.when.string) === 'string' : !!at(block, v.when.set)));
  return variant === undefined ? undefined : call(variant.factory, optionsCode(w, variant.fields, block));
}
