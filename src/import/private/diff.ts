/**
 * Comparing a synthesized manifest with the one imported, semantically, and the JSON patch that turns
 * the first into the second: the escape hatch of the importer.
 *
 * Not counted as differences: key order, a duration written as a number of seconds on one side and as
 * a Go duration string on the other, and the Kubernetes defaults listed in `DEFAULTS` that the
 * synthesized side writes and the imported side leaves out.
 */
import { isObject } from '../../private/manifest-types';

/** One JSON patch operation (RFC 6902), with the path as a JSON pointer. */
export interface PatchOperation {
  readonly op: 'add' | 'remove' | 'replace';
  readonly path: string;
  readonly value?: unknown;
}

/** Fields whose values are durations (seconds, or Go durations such as `1m30s`). */
const DURATION_FIELDS = new Set(['duration', 'interval', 'initialDelay', 'timeout', 'lookback', 'scaleDownDelay', 'step']);

/**
 * Values that Kubernetes (or the controller) assumes when a field is left out; a synthesized manifest
 * that writes one of them where the input did not is not different. Matched on the pointer.
 */
const DEFAULTS: ReadonlyArray<{ readonly path: RegExp; readonly value: unknown }> = [
  { path: /^\/spec\/type$/, value: 'ClusterIP' },
  { path: /\/ports\/\d+\/protocol$/, value: 'TCP' },
];

/** Seconds of a duration value, or undefined when it is none. */
export function durationSeconds(v: unknown): number | undefined {
  if (typeof v === 'number' && Number.isInteger(v) && v >= 0) return v;
  if (typeof v !== 'string') return undefined;
  if (/^\d+$/.test(v)) return Number(v);
  const m = /^(?:(\d+)h)?(?:(\d+)m)?(?:(\d+)s)?$/.exec(v);
  if (!m || v === '') return undefined;
  return Number(m[1] ?? 0) * 3600 + Number(m[2] ?? 0) * 60 + Number(m[3] ?? 0);
}

function escapePointer(key: string): string {
  return key.replace(/~/g, '~0').replace(/\//g, '~1');
}

function isDefault(path: string, value: unknown): boolean {
  return DEFAULTS.some(d => d.path.test(path) && d.value === value);
}

/** Whether `actual` (synthesized) means the same as `expected` (imported). */
export function equivalent(actual: unknown, expected: unknown, path = '', key = ''): boolean {
  // values that differ as a whole at the top (a name, lists of other lengths) are compared as they are:
  // diffManifest patches inside a manifest, never the manifest itself
  const whole = path === '' && !(isObject(actual) && isObject(expected))
    && !(Array.isArray(actual) && Array.isArray(expected) && actual.length === expected.length);
  return whole ? actual === expected : diffManifest(actual, expected, path, key).length === 0;
}

/**
 * The operations that make `actual` (synthesized) equal to `expected` (imported), at `path`.
 * Arrays of the same length are compared item by item, others replaced whole.
 */
export function diffManifest(actual: unknown, expected: unknown, path = '', key = ''): PatchOperation[] {
  if (DURATION_FIELDS.has(key) && typeof actual !== typeof expected) {
    const a = durationSeconds(actual);
    if (a !== undefined && a === durationSeconds(expected)) return [];
  }
  if (isObject(actual) && isObject(expected)) {
    const ops: PatchOperation[] = [];
    for (const k of Object.keys(actual).sort()) {
      const at = `${path}/${escapePointer(k)}`;
      if (!(k in expected)) {
        if (actual[k] === undefined || isDefault(at, actual[k])) continue;
        ops.push({ op: 'remove', path: at });
      }
    }
    for (const k of Object.keys(expected).sort()) {
      const at = `${path}/${escapePointer(k)}`;
      if (!(k in actual) || actual[k] === undefined) {
        ops.push({ op: 'add', path: at, value: expected[k] });
      } else {
        ops.push(...diffManifest(actual[k], expected[k], at, k));
      }
    }
    return ops;
  }
  if (Array.isArray(actual) && Array.isArray(expected) && actual.length === expected.length) {
    return actual.flatMap((item, i) => diffManifest(item, expected[i], `${path}/${i}`, key));
  }
  if (actual === expected) return [];
  if (path === '') {
    throw new Error('cannot patch a whole manifest');
  }
  return [{ op: 'replace', path, value: expected }];
}
