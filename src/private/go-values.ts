/**
 * Go values as the controller parses them: durations (`time.ParseDuration`), int32 strings, pause
 * durations and the int-or-percent values of `maxSurge`/`maxUnavailable`.
 *
 * Shared by the rule engine (src/validation) and the plan layer (src/plan); pure, never throws.
 */

/** Nanoseconds per Go duration unit. */
const DURATION_UNITS: ReadonlyMap<string, number> = new Map([
  ['ns', 1],
  ['us', 1e3],
  ['\u00b5s', 1e3], // micro sign
  ['\u03bcs', 1e3], // Greek small letter mu
  ['ms', 1e6],
  ['s', 1e9],
  ['m', 60e9],
  ['h', 3600e9],
]);

/** Largest Go duration, in nanoseconds (int64). */
const MAX_DURATION_NS = 9223372036854775807;

function isDigit(code: number): boolean {
  return code >= 48 && code <= 57;
}

/**
 * Parses a Go duration string (`300ms`, `-1.5h`, `1h30m`, `0`) the way Go's `time.ParseDuration`
 * does, and returns its length in seconds; `undefined` when the string is not a valid duration.
 * There is no day unit.
 */
export function parseGoDuration(text: string): number | undefined {
  let s = text;
  let negative = false;
  if (s.length > 0 && (s[0] === '-' || s[0] === '+')) {
    negative = s[0] === '-';
    s = s.slice(1);
  }
  if (s === '0') {
    return 0;
  }
  if (s === '') {
    return undefined;
  }
  let totalNs = 0;
  let pos = 0;
  while (pos < s.length) {
    const first = s.charCodeAt(pos);
    if (!(first === 46 || isDigit(first))) {
      return undefined;
    }
    const intStart = pos;
    while (pos < s.length && isDigit(s.charCodeAt(pos))) {
      pos++;
    }
    const intPart = s.slice(intStart, pos);
    let fracPart = '';
    if (pos < s.length && s[pos] === '.') {
      pos++;
      const fracStart = pos;
      while (pos < s.length && isDigit(s.charCodeAt(pos))) {
        pos++;
      }
      fracPart = s.slice(fracStart, pos);
    }
    if (intPart === '' && fracPart === '') {
      return undefined;
    }
    const unitStart = pos;
    while (pos < s.length && s[pos] !== '.' && !isDigit(s.charCodeAt(pos))) {
      pos++;
    }
    const unit = DURATION_UNITS.get(s.slice(unitStart, pos));
    if (unit === undefined) {
      return undefined;
    }
    totalNs += Number(`${intPart || '0'}.${fracPart || '0'}`) * unit;
    if (totalNs > MAX_DURATION_NS) {
      return undefined;
    }
  }
  const seconds = totalNs / 1e9;
  return negative ? -seconds : seconds;
}

const INT32_MIN = -2147483648;
const INT32_MAX = 2147483647;
export const GO_INTEGER = /^[+-]?[0-9]+$/;

/**
 * Parses a string as Go's `strconv.ParseInt(s, 10, 32)` does; `undefined` when it is not a base-10
 * integer in the int32 range.
 */
export function parseGoInt32(text: string): number | undefined {
  if (!GO_INTEGER.test(text)) {
    return undefined;
  }
  const value = Number(text);
  return value >= INT32_MIN && value <= INT32_MAX ? value : undefined;
}

/**
 * Seconds of a canary `pause.duration` (int-or-string): an integer, an integer string (`"10"`) or a
 * Go duration (`"1m30s"`, truncated to whole seconds toward zero). `undefined` when a string is
 * neither, or when the duration does not fit in an int32 number of seconds.
 */
export function pauseDurationSeconds(value: unknown): number | undefined {
  if (typeof value === 'number') {
    return Number.isFinite(value) ? Math.trunc(value) : undefined;
  }
  if (typeof value !== 'string') {
    return undefined;
  }
  const integer = parseGoInt32(value);
  if (integer !== undefined) {
    return integer;
  }
  const seconds = parseGoDuration(value);
  if (seconds === undefined) {
    return undefined;
  }
  const whole = Math.trunc(seconds);
  return whole >= INT32_MIN && whole <= INT32_MAX ? whole + 0 : undefined;
}

const PERCENT = /^[0-9]+%$/;

/**
 * The number the controller compares with zero for a `maxSurge`/`maxUnavailable` int-or-string: an
 * integer as is, `"N%"` as N, any other string as Go's `Atoi` reads it (0 when it is not a number).
 * `undefined` for values of other types.
 */
export function intOrPercentValue(value: unknown): number | undefined {
  if (typeof value === 'number') {
    return Number.isFinite(value) ? value : undefined;
  }
  if (typeof value !== 'string') {
    return undefined;
  }
  if (PERCENT.test(value)) {
    return Number(value.slice(0, -1));
  }
  return GO_INTEGER.test(value) ? Number(value) : 0;
}
