/**
 * Helpers shared by the rules: tolerant accessors for untyped manifests, value formatting for messages,
 * Go duration and int-or-string parsing, and the Kubernetes name syntaxes.
 *
 * Everything here is pure and never throws, whatever JSON value it is given.
 */

// ---------------------------------------------------------------------------------------------
// Tolerant accessors
// ---------------------------------------------------------------------------------------------

/** True for a plain JSON object (not null, not an array). */
export function isObject(value: any): boolean {
  return value !== null && typeof value === 'object' && !Array.isArray(value);
}

/**
 * True when a field is present in the Go sense: neither absent nor `null`. YAML `pause:` (no value)
 * parses to `null` and decodes to a nil pointer in the controller, so it counts as not set.
 */
export function isSet(value: any): boolean {
  return value !== undefined && value !== null;
}

/** The value when it is a plain object, else `undefined`. */
export function asObject(value: any): any {
  return isObject(value) ? value : undefined;
}

/** The value when it is an array, else an empty array. */
export function asArray(value: any): any[] {
  return Array.isArray(value) ? value : [];
}

/**
 * A string field as the controller sees it: absent or null is the empty string. Numbers and booleans
 * (a schema violation) are shown as text so that messages stay meaningful.
 */
export function asString(value: any): string {
  if (typeof value === 'string') {
    return value;
  }
  if (typeof value === 'number' || typeof value === 'boolean') {
    return String(value);
  }
  return '';
}

/** The value when it is a finite number, else `undefined`. */
export function asNumber(value: any): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** Number of own keys of an object (0 for anything else). */
export function keyCount(value: any): number {
  return isObject(value) ? Object.keys(value).length : 0;
}

// ---------------------------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------------------------

const MAX_QUOTE_LENGTH = 120;

/**
 * Formats a value for a message: JSON, so strings appear in double quotes; long values are shortened;
 * an absent value reads "not set" (write messages as "<field> is ${quote(value)}").
 */
export function quote(value: any): string {
  if (value === undefined) {
    return 'not set';
  }
  let text: string;
  try {
    text = JSON.stringify(value) ?? String(value);
  } catch {
    text = String(value);
  }
  return text.length > MAX_QUOTE_LENGTH ? `${text.slice(0, MAX_QUOTE_LENGTH - 3)}...` : text;
}

/** Joins words as "a, b and c". */
export function listWords(words: readonly string[]): string {
  if (words.length <= 1) {
    return words.join('');
  }
  return `${words.slice(0, -1).join(', ')} and ${words[words.length - 1]}`;
}

// ---------------------------------------------------------------------------------------------
// Go durations and int-or-string values
// ---------------------------------------------------------------------------------------------

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
const GO_INTEGER = /^[+-]?[0-9]+$/;

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
export function pauseDurationSeconds(value: any): number | undefined {
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
export function intOrPercentValue(value: any): number | undefined {
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

// ---------------------------------------------------------------------------------------------
// Kubernetes name syntaxes. Each check returns a short reason, or undefined when the value is valid.
// ---------------------------------------------------------------------------------------------

const DNS1123_LABEL = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?$/;
const DNS1123_SUBDOMAIN = /^[a-z0-9]([-a-z0-9]*[a-z0-9])?(\.[a-z0-9]([-a-z0-9]*[a-z0-9])?)*$/;
const QUALIFIED_NAME_PART = /^([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9]$/;
const LABEL_VALUE = /^(([A-Za-z0-9][-A-Za-z0-9_.]*)?[A-Za-z0-9])?$/;
const IANA_SVC_NAME_CHARS = /^[-a-z0-9]+$/;
const HAS_LETTER = /[a-z]/;

/** A DNS-1123 label: at most 63 lowercase letters, digits and '-', starting and ending alphanumeric. */
export function dns1123LabelError(value: string): string | undefined {
  if (value.length === 0) {
    return 'it is empty';
  }
  if (value.length > 63) {
    return `it is ${value.length} characters long (at most 63 are allowed)`;
  }
  if (!DNS1123_LABEL.test(value)) {
    return "only lowercase letters, digits and '-' are allowed, and it must start and end with a letter or digit";
  }
  return undefined;
}

/** A DNS-1123 subdomain: dot-separated DNS labels, at most 253 characters. */
export function dns1123SubdomainError(value: string): string | undefined {
  if (value.length === 0) {
    return 'it is empty';
  }
  if (value.length > 253) {
    return `it is ${value.length} characters long (at most 253 are allowed)`;
  }
  if (!DNS1123_SUBDOMAIN.test(value)) {
    return "it must be dot-separated parts of lowercase letters, digits and '-', each starting and ending with a letter or digit";
  }
  return undefined;
}

/**
 * A qualified name (label and annotation keys): an optional DNS-subdomain prefix and '/', then a name
 * of at most 63 letters, digits, '-', '_' and '.', starting and ending alphanumeric.
 */
export function qualifiedNameError(value: string): string | undefined {
  const parts = value.split('/');
  let name: string;
  if (parts.length === 1) {
    name = parts[0];
  } else if (parts.length === 2) {
    const prefixError = parts[0].length === 0 ? 'its prefix before "/" is empty' : dns1123SubdomainError(parts[0]);
    if (prefixError !== undefined) {
      return parts[0].length === 0 ? prefixError : `its prefix is not a DNS subdomain (${prefixError})`;
    }
    name = parts[1];
  } else {
    return 'it contains more than one "/"';
  }
  if (name.length === 0) {
    return 'the name part is empty';
  }
  if (name.length > 63) {
    return `the name part is ${name.length} characters long (at most 63 are allowed)`;
  }
  if (!QUALIFIED_NAME_PART.test(name)) {
    return "the name part may hold only letters, digits, '-', '_' and '.', and must start and end with a letter or digit";
  }
  return undefined;
}

/** A label value: empty, or at most 63 letters, digits, '-', '_' and '.', starting and ending alphanumeric. */
export function labelValueError(value: any): string | undefined {
  if (typeof value !== 'string') {
    return 'label values must be strings (quote numbers and booleans)';
  }
  if (value.length > 63) {
    return `it is ${value.length} characters long (at most 63 are allowed)`;
  }
  if (!LABEL_VALUE.test(value)) {
    return "only letters, digits, '-', '_' and '.' are allowed, and it must start and end with a letter or digit";
  }
  return undefined;
}

/**
 * An IANA service name (container port names): at most 15 lowercase letters, digits and '-', with at
 * least one letter, and no leading, trailing or doubled '-'.
 */
export function ianaServiceNameError(value: string): string | undefined {
  if (value.length === 0) {
    return 'it is empty';
  }
  if (value.length > 15) {
    return `it is ${value.length} characters long (at most 15 are allowed)`;
  }
  if (!IANA_SVC_NAME_CHARS.test(value)) {
    return "only lowercase letters, digits and '-' are allowed";
  }
  if (!HAS_LETTER.test(value)) {
    return 'it must contain at least one letter';
  }
  if (value.includes('--')) {
    return "it must not contain '--'";
  }
  if (value.startsWith('-') || value.endsWith('-')) {
    return "it must not start or end with '-'";
  }
  return undefined;
}

/** Checks a port number: an integer in 1..65535. */
export function portNumberError(value: any): string | undefined {
  if (value === undefined || value === null) {
    return 'a port number is required';
  }
  if (typeof value !== 'number' || !Number.isInteger(value)) {
    return 'it must be an integer';
  }
  if (value < 1 || value > 65535) {
    return 'it must be between 1 and 65535';
  }
  return undefined;
}

/** `object[key]` when the object has that own key, else `undefined` (never reads the prototype). */
export function ownValue(object: any, key: string): any {
  return isObject(object) && Object.hasOwn(object, key) ? object[key] : undefined;
}
