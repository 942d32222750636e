/**
 * Small builders of TypeScript source text (expressions), one line each; layout.ts breaks the lines.
 */
import { isObject } from '../../private/manifest-types';

/** A literal: strings, numbers, booleans, arrays and objects (keys quoted only where needed). */
export function lit(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return `[${value.map(lit).join(', ')}]`;
  if (isObject(value)) {
    return `{ ${Object.keys(value).map(k => `${key(k)}: ${lit(value[k])}`).join(', ')} }`;
  }
  return JSON.stringify(value);
}

/** An object key: bare when it is an identifier. */
export function key(k: string): string {
  return /^[A-Za-z_$][\w$]*$/.test(k) ? k : JSON.stringify(k);
}

/** An object literal of the given entries, those without a value left out; undefined when empty. */
export function obj(entries: { [key: string]: string | undefined }): string | undefined {
  const parts = Object.entries(entries).filter(([, v]) => v !== undefined).map(([k, v]) => `${key(k)}: ${v}`);
  return parts.length === 0 ? undefined : `{ ${parts.join(', ')} }`;
}

/** A call with its trailing undefined arguments left out (inner ones become `undefined`). */
export function call(fn: string, ...args: (string | undefined)[]): string {
  while (args.length > 0 && args[args.length - 1] === undefined) args.pop();
  return `${fn}(${args.map(a => a ?? 'undefined').join(', ')})`;
}

/** `lit(value)` when defined. */
export function opt(value: unknown): string | undefined {
  return value === undefined ? undefined : lit(value);
}

const RESERVED = new Set(('break case catch class const continue debugger default delete do else enum export extends false finally for '
  + 'function if import in instanceof new null return super switch this throw true try typeof var void while with yield let static '
  + 'implements interface package private protected public await any boolean number string symbol undefined app chart scope id props').split(' '));

/** A camelCase identifier from an object name (`rollouts-demo-canary` → `rolloutsDemoCanary`). */
export function identifier(name: string, fallback: string): string {
  const words = name.split(/[^A-Za-z0-9]+/).filter(w => w !== '');
  let id = words.map((w, i) => (i === 0 ? w.charAt(0).toLowerCase() + w.slice(1) : w.charAt(0).toUpperCase() + w.slice(1))).join('');
  if (id === '' || /^\d/.test(id)) id = `${fallback}${id.charAt(0).toUpperCase()}${id.slice(1)}`;
  if (RESERVED.has(id)) id = `${id}${fallback.charAt(0).toUpperCase()}${fallback.slice(1)}`;
  return id;
}

/** A cdk8s-plus quantity for a resource value: cpu millis, memory in Mi or Gi (others are left to a patch). */
function resourceQuantity(kind: 'cpu' | 'memory', v: unknown): string | undefined {
  if (typeof v !== 'string') return undefined;
  if (kind === 'cpu') {
    const m = /^(\d+)m$/.exec(v);
    return m ? `kplus.Cpu.millis(${m[1]})` : undefined;
  }
  const m = /^(\d+)(Mi|Gi)$/.exec(v);
  if (!m) return undefined;
  return `Size.${m[2] === 'Mi' ? 'mebibytes' : 'gibibytes'}(${m[1]})`;
}

/** `kplus.ContainerResources` for a container's `resources`; undefined when none maps. */
export function resources(r: unknown): string | undefined {
  if (!isObject(r)) return undefined;
  const part = (kind: 'cpu' | 'memory') => obj({
    request: resourceQuantity(kind, r.requests?.[kind]),
    limit: resourceQuantity(kind, r.limits?.[kind]),
  });
  return obj({ cpu: part('cpu'), memory: part('memory') });
}
