/**
 * Field paths and field names for the structural rules (S, L01): our path format (`a.b[0].c`,
 * `labels["app.kubernetes.io/name"]`), JSON pointers converted to it, and spelling suggestions for
 * unknown fields. Pure; never throws.
 */
import { quote } from './util';
import { isObject } from '../../private/manifest-types';
import { quoteCut, SHOWN_CHARACTERS } from '../../private/quote';

const PLAIN_KEY = /^[A-Za-z_$][A-Za-z0-9_$-]*$/;

/**
 * Appends an object key to a field path: `a.b`, or `a["x.y/z"]` when the key is not a plain name
 * (and `a["xxxx…" (10,485,760 characters)]` when it is longer than 200 characters).
 */
export function joinPath(base: string, key: string): string {
  if (key.length > SHOWN_CHARACTERS) {
    return `${base}[${quoteCut(key)}]`;
  }
  if (PLAIN_KEY.test(key)) {
    return base === '' ? key : `${base}.${key}`;
  }
  return `${base}[${JSON.stringify(key)}]`;
}

/**
 * Converts a JSON pointer (`/spec/steps/0/setWeight`) into a field path (`spec.steps[0].setWeight`),
 * reading `data` to tell list indexes from object keys that look like numbers.
 */
export function pointerToPath(pointer: string, data: unknown): string {
  if (pointer === '') {
    return '';
  }
  let path = '';
  let value: unknown = data;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(value)) {
      path = `${path}[${key}]`;
      value = value[Number(key)];
    } else {
      path = joinPath(path, key);
      value = isObject(value) && Object.prototype.hasOwnProperty.call(value, key) ? value[key] : undefined;
    }
  }
  return path;
}

/** The value at a JSON pointer, or `undefined`. */
export function valueAtPointer(pointer: string, data: unknown): unknown {
  if (pointer === '') {
    return data;
  }
  let value: unknown = data;
  for (const raw of pointer.slice(1).split('/')) {
    const key = raw.replace(/~1/g, '/').replace(/~0/g, '~');
    if (Array.isArray(value)) {
      value = value[Number(key)];
    } else if (isObject(value)) {
      value = Object.prototype.hasOwnProperty.call(value, key) ? value[key] : undefined;
    } else {
      return undefined;
    }
  }
  return value;
}

/** Edit distance of two short strings (insertions, deletions, substitutions). */
function editDistance(a: string, b: string): number {
  let previous = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const current = [i];
    for (let j = 1; j <= b.length; j++) {
      current[j] = Math.min(previous[j] + 1, current[j - 1] + 1, previous[j - 1] + (a[i - 1] === b[j - 1] ? 0 : 1));
    }
    previous = current;
  }
  return previous[b.length];
}

/** The known field that an unknown one is most likely a misspelling of, if any is close. */
export function closestField(key: string, known: readonly string[]): string | undefined {
  const lower = key.toLowerCase();
  const sameCase = known.find(k => k.toLowerCase() === lower);
  if (sameCase !== undefined) {
    return sameCase;
  }
  if (key.length > 64) {
    return undefined;
  }
  const limit = key.length <= 4 ? 1 : 2;
  let best: string | undefined;
  let bestDistance = limit + 1;
  for (const candidate of known) {
    if (Math.abs(candidate.length - key.length) > limit) {
      continue;
    }
    const distance = editDistance(lower, candidate.toLowerCase());
    if (distance < bestDistance) {
      best = candidate;
      bestDistance = distance;
    }
  }
  return best;
}

const MAX_LISTED_FIELDS = 30;

/**
 * The fix for an unknown field: remove it or use the closest known field, and the known fields of
 * that object (shortened when there are many).
 */
export function unknownFieldFix(key: string, known: readonly string[]): string {
  if (known.length === 0) {
    return `Remove ${quote(key)}: this object takes no fields.`;
  }
  const closest = closestField(key, known);
  const listed = known.length > MAX_LISTED_FIELDS ? `${known.slice(0, MAX_LISTED_FIELDS).join(', ')}, ...` : known.join(', ');
  const hint = closest !== undefined ? `Did you mean ${quote(closest)}? ` : '';
  return `${hint}Remove or rename ${quote(key)}; the fields known here are: ${listed}.`;
}
