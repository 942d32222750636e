/**
 * Kubernetes resource quantities (`500m`, `1.5Gi`, `2e3`), parsed exactly as the API machinery
 * parses them: an optional sign, a decimal number, then a binary suffix (Ki Mi Gi Ti Pi Ei), a
 * decimal suffix (n u m k M G T P E, or none) or a decimal exponent (`e3`, `E-2`). Non-zero values
 * are rounded away from zero to whole nano units, and values with an SI suffix are capped at
 * 2^63-1, as Kubernetes does.
 */

/** A parsed quantity: an exact count of nano units. */
export interface Quantity {
  /** The value in units of 10^-9, exact after Kubernetes' rounding. */
  readonly nanos: bigint;
  /** The text that was parsed. */
  readonly text: string;
}

const BINARY_SUFFIXES: ReadonlyMap<string, number> = new Map([
  ['Ki', 10], ['Mi', 20], ['Gi', 30], ['Ti', 40], ['Pi', 50], ['Ei', 60],
]);
const DECIMAL_SUFFIXES: ReadonlyMap<string, number> = new Map([
  ['n', -9], ['u', -6], ['m', -3], ['', 0], ['k', 3], ['M', 6], ['G', 9], ['T', 12], ['P', 15], ['E', 18],
]);
/** Characters that may start a suffix. */
const SUFFIX_CHARS = 'eEinumkKMGTP';
/** Exponents beyond this are clamped: smaller values all round to 1n, larger ones are beyond any limit. */
const MAX_EXPONENT = 400;
const NANOS_PER_UNIT = 1000000000n;
const MAX_INT64 = 9223372036854775807n;

function isDigit(c: string | undefined): boolean {
  return c !== undefined && c >= '0' && c <= '9';
}

/** 10^n as a bigint (n >= 0). */
function pow10(n: number): bigint {
  return 10n ** BigInt(n);
}

/** Reads a run of digits from `pos`; returns the end position. */
function digitsEnd(text: string, pos: number): number {
  let end = pos;
  while (isDigit(text[end])) {
    end++;
  }
  return end;
}

/** Quantities parsed so far, by the string or number given (the same few repeat in every pod template). */
const parsedStrings = new Map<string, Quantity | undefined>();
const parsedNumbers = new Map<number, Quantity | undefined>();
/** Past this many entries a cache starts over, so that it stays small whatever the input. */
const MAX_CACHED = 4096;

/**
 * Parses a quantity given as a string or a JSON number; `undefined` when Kubernetes would refuse it
 * (an empty string, an unknown suffix, trailing characters, or another type). The result is frozen
 * and may be shared: parsing is exact bigint arithmetic, so each text is parsed once.
 */
export function parseQuantity(value: unknown): Quantity | undefined {
  if (typeof value !== 'string' && typeof value !== 'number') {
    return undefined;
  }
  const cache: Map<unknown, Quantity | undefined> = typeof value === 'string' ? parsedStrings : parsedNumbers;
  if (cache.has(value)) {
    return cache.get(value);
  }
  if (cache.size >= MAX_CACHED) {
    cache.clear();
  }
  const quantity = parse(value);
  cache.set(value, quantity);
  return quantity;
}

/** `parseQuantity` without the cache. */
function parse(value: string | number): Quantity | undefined {
  let text: string;
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) {
      return undefined;
    }
    text = String(value);
  } else {
    text = value.trim();
  }
  if (text.length === 0) {
    return undefined;
  }
  let pos = 0;
  let negative = false;
  if (text[0] === '-' || text[0] === '+') {
    negative = text[0] === '-';
    pos++;
  }
  const intEnd = digitsEnd(text, pos);
  const intPart = text.slice(pos, intEnd);
  pos = intEnd;
  let fracPart = '';
  if (text[pos] === '.') {
    const fracEnd = digitsEnd(text, pos + 1);
    fracPart = text.slice(pos + 1, fracEnd);
    pos = fracEnd;
  }
  // The suffix: letters of SUFFIX_CHARS, then an optional sign and digits (an exponent).
  const suffixStart = pos;
  while (pos < text.length && SUFFIX_CHARS.includes(text[pos])) {
    pos++;
  }
  if (pos < text.length && (text[pos] === '-' || text[pos] === '+')) {
    pos++;
  }
  pos = digitsEnd(text, pos);
  if (pos !== text.length) {
    return undefined;
  }
  const suffix = text.slice(suffixStart);

  let binaryExponent = 0;
  let decimalExponent = 0;
  let capped = true;
  if (BINARY_SUFFIXES.has(suffix)) {
    binaryExponent = BINARY_SUFFIXES.get(suffix)!;
  } else if (DECIMAL_SUFFIXES.has(suffix)) {
    decimalExponent = DECIMAL_SUFFIXES.get(suffix)!;
  } else if (suffix.length > 1 && (suffix[0] === 'e' || suffix[0] === 'E') && /^[+-]?[0-9]+$/.test(suffix.slice(1))) {
    const exponent = Number(suffix.slice(1));
    decimalExponent = Math.max(-MAX_EXPONENT, Math.min(MAX_EXPONENT, exponent));
    capped = false;
  } else {
    return undefined;
  }

  // |value| = digits * 10^(decimalExponent - fracLength) * 2^binaryExponent; in nanos, +9.
  const digits = BigInt(`${intPart}${fracPart}` === '' ? '0' : `${intPart}${fracPart}`);
  let numerator = digits * (2n ** BigInt(binaryExponent));
  let denominator = 1n;
  const scale = decimalExponent - fracPart.length + 9;
  if (scale >= 0) {
    numerator *= pow10(scale);
  } else {
    denominator = pow10(-scale);
  }
  let nanos = numerator / denominator;
  if (nanos * denominator !== numerator) {
    nanos += 1n; // round away from zero to a whole nano unit
  }
  if (digits === 0n) {
    capped = true; // a zero with an exponent counts as a decimal SI value
  }
  if (capped && nanos > MAX_INT64 * NANOS_PER_UNIT) {
    nanos = MAX_INT64 * NANOS_PER_UNIT;
  }
  return Object.freeze({ nanos: negative ? -nanos : nanos, text });
}

/** Compares two quantities: negative when a < b, 0 when equal, positive when a > b. */
export function compareQuantities(a: Quantity, b: Quantity): number {
  return a.nanos < b.nanos ? -1 : a.nanos > b.nanos ? 1 : 0;
}

/** True when the quantity is a whole number as Kubernetes tests it (its milli value, rounded up, is a multiple of 1000). */
export function isWholeQuantity(q: Quantity): boolean {
  const millis = q.nanos >= 0n ? (q.nanos + 999999n) / 1000000n : -((-q.nanos) / 1000000n);
  return millis % 1000n === 0n;
}

/** True when the quantity equals the given number of units (e.g. 1, 0.001, 1024). */
export function quantityEquals(q: Quantity, nanos: bigint): boolean {
  return q.nanos === nanos;
}
