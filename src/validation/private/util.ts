/**
 * Helpers shared by the rules: tolerant accessors for untyped manifests, value formatting for messages,
 * Go duration and int-or-string parsing, and the Kubernetes name syntaxes.
 *
 * Everything here is pure and never throws, whatever JSON value it is given.
 */

import { GO_INTEGER } from '../../private/go-values';
import { isObject, JsonObject } from '../../private/manifest-types';

// ---------------------------------------------------------------------------------------------
// Tolerant accessors
// ---------------------------------------------------------------------------------------------

/** True for a plain JSON object (not null, not a list): the bottom layer's, shared with the rest of the library. */
export { isObject };

/**
 * True when a field is present in the Go sense: neither absent nor `null`. YAML `pause:` (no value)
 * parses to `null` and decodes to a nil pointer in the controller, so it counts as not set.
 */
export function isSet(value: unknown): boolean {
  return value !== undefined && value !== null;
}

/** The value when it is a plain object, else `undefined`: its fields typed `unknown`, each read with a guard. */
export function asObject(value: unknown): JsonObject | undefined {
  return isObject(value) ? value : undefined;
}

/** The value when it is an array, else an empty array: its items typed `unknown`, each read with a guard. */
export function asArray(value: unknown): readonly unknown[] {
  return Array.isArray(value) ? value : [];
}

/**
 * A string field as the controller sees it: absent or null is the empty string. Numbers and booleans
 * (a schema violation) are shown as text so that messages stay meaningful.
 */
export function asString(value: unknown): string {
  if (typeof value === 'string') {
    return value;
  }
  if (typeof value === 'number' || typeof value === 'boolean') {
    return String(value);
  }
  return '';
}

/** The value when it is a finite number, else `undefined`. */
export function asNumber(value: unknown): number | undefined {
  return typeof value === 'number' && Number.isFinite(value) ? value : undefined;
}

/** Number of own keys of an object (0 for anything else). */
export function keyCount(value: unknown): number {
  return isObject(value) ? Object.keys(value).length : 0;
}

// ---------------------------------------------------------------------------------------------
// Messages
// ---------------------------------------------------------------------------------------------

// quote: in src/private/quote.ts (the app-wide duplicate-object check writes it too); re-exported for the rules.
export { article, cutText, plural, quote } from '../../private/quote';

/** Joins words as "a, b and c" (or another conjunction: "a, b or c"). */
export function listWords(words: readonly string[], conjunction = 'and'): string {
  if (words.length <= 1) {
    return words.join('');
  }
  return `${words.slice(0, -1).join(', ')} ${conjunction} ${words[words.length - 1]}`;
}

// ---------------------------------------------------------------------------------------------
// Go durations and int-or-string values
// ---------------------------------------------------------------------------------------------

// Moved to src/private/go-values.ts (shared with src/plan); re-exported for the rules.
export { intOrPercentValue, parseGoDuration, parseGoInt32, pauseDurationSeconds } from '../../private/go-values';

// Kubernetes name syntaxes: in src/private/name-syntax.ts (the constructs use them too); re-exported for the rules.
export { dns1035LabelError, dns1123LabelError, dns1123SubdomainError, ianaServiceNameError, labelValueError, qualifiedNameError } from '../../private/name-syntax';

/** Checks a port number: an integer in 1..65535. */
export function portNumberError(value: unknown): string | undefined {
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
export function ownValue(object: unknown, key: string): unknown {
  return isObject(object) && Object.hasOwn(object, key) ? object[key] : undefined;
}

// ---------------------------------------------------------------------------------------------
// Analysis values: int-or-string counts and limits, argument placeholders
// ---------------------------------------------------------------------------------------------

/** Looks up the value of an analysis argument by name; `undefined` when it is not known. */
export type ArgLookup = (name: string) => string | undefined;

const PLACEHOLDER = /\{\{([\s\S]*?)\}\}/g;
const ARGS_PREFIX = 'args.';

/** True when a string holds a `{{ … }}` placeholder (or an unclosed `{{`), resolved only at run time. */
export function hasPlaceholder(text: string): boolean {
  return text.includes('{{');
}

/** Names of the arguments a string refers to as `{{args.<name>}}` (spaces inside the braces allowed), in order. */
export function argReferences(text: string): string[] {
  const names: string[] = [];
  if (!hasPlaceholder(text)) {
    return names;
  }
  for (const match of text.matchAll(PLACEHOLDER)) {
    const tag = match[1].trim();
    if (tag.startsWith(ARGS_PREFIX)) {
      names.push(tag.slice(ARGS_PREFIX.length));
    }
  }
  return names;
}

/**
 * Replaces every `{{args.<name>}}` placeholder using `lookup`; `undefined` when a placeholder cannot be
 * resolved (unknown argument, a placeholder other than an argument, or an unclosed `{{`).
 */
export function substituteArgs(text: string, lookup: ArgLookup): string | undefined {
  if (!hasPlaceholder(text)) {
    return text;
  }
  let resolved = true;
  const result = text.replace(PLACEHOLDER, (_whole, inner: string) => {
    const tag = inner.trim();
    const value = tag.startsWith(ARGS_PREFIX) ? lookup(tag.slice(ARGS_PREFIX.length)) : undefined;
    if (value === undefined) {
      resolved = false;
      return '';
    }
    return value;
  });
  return resolved && !hasPlaceholder(result) ? result : undefined;
}

/**
 * The integer the controller reads from an int-or-string analysis field (`count`, `failureLimit`, …):
 * an integer as is, a string as Go's `Atoi` reads it, with 0 for a non-numeric string. Placeholders
 * are first resolved through `lookup`; `undefined` when one cannot be (the value is known only at run
 * time) or when the value is of another type.
 */
export function intOrStringValue(value: unknown, lookup: ArgLookup = () => undefined): number | undefined {
  if (typeof value === 'number') {
    return Number.isFinite(value) ? Math.trunc(value) : undefined;
  }
  if (typeof value !== 'string') {
    return undefined;
  }
  const text = substituteArgs(value, lookup);
  if (text === undefined) {
    return undefined;
  }
  return GO_INTEGER.test(text) ? Number(text) : 0;
}

/**
 * Calls `visit` for every string value inside a JSON value (object values and array items, at any
 * depth), with the path of the string relative to the value. Shared objects are visited once, so
 * cyclic input cannot loop.
 */
export function forEachString(value: unknown, visit: (text: string, path: string) => void, path = '', seen = new Set<unknown>()): void {
  if (typeof value === 'string') {
    visit(value, path);
    return;
  }
  if (value === null || typeof value !== 'object' || seen.has(value)) {
    return;
  }
  seen.add(value);
  if (Array.isArray(value)) {
    value.forEach((item, i) => forEachString(item, visit, `${path}[${i}]`, seen));
    return;
  }
  for (const [key, item] of Object.entries(value)) {
    forEachString(item, visit, path === '' ? key : `${path}.${key}`, seen);
  }
}

// ---------------------------------------------------------------------------------------------
// Go regular expressions (RE2 syntax), for dryRun and measurementRetention metric name patterns
// ---------------------------------------------------------------------------------------------

/** A Go regular expression translated for whole-string matching, or why it cannot be used. */
export type GoRegexp =
  | { readonly regexp: RegExp }
  | { readonly error: string }
  | { readonly unsupported: string };

/** Letters that Go accepts after a backslash outside `\Q…\E` (besides punctuation and octal digits). */
const GO_ESCAPE_LETTERS = new Set(['a', 'f', 't', 'n', 'r', 'v', 'x', 'd', 'D', 's', 'S', 'w', 'W', 'b', 'B']);
/** Letters that Go accepts after a backslash inside a character class. */
const GO_CLASS_ESCAPE_LETTERS = new Set(['a', 'f', 't', 'n', 'r', 'v', 'x', 'd', 'D', 's', 'S', 'w', 'W']);
/** POSIX classes (`[[:alpha:]]`) as JavaScript class contents. */
const POSIX_CLASSES: ReadonlyMap<string, string> = new Map([
  ['alnum', '0-9A-Za-z'], ['alpha', 'A-Za-z'], ['ascii', '\\x00-\\x7f'], ['blank', '\\t '], ['cntrl', '\\x00-\\x1f\\x7f'],
  ['digit', '0-9'], ['graph', '!-~'], ['lower', 'a-z'], ['print', ' -~'], ['punct', '!-\\/:-@\\[-`{-~'], ['space', '\\t\\n\\v\\f\\r '],
  ['upper', 'A-Z'], ['word', '0-9A-Za-z_'], ['xdigit', '0-9A-Fa-f'],
]);
const REGEXP_SPECIAL = /[\\^$.*+?()[\]{}|/-]/g;

/** Translates one backslash escape at `pattern[i]`; returns the JavaScript text, or an error/unsupported result. */
function translateEscape(pattern: string, i: number, inClass: boolean): { text: string; next: number } | GoRegexp {
  const c = pattern[i + 1];
  if (c === undefined) {
    return { error: 'it ends with a lone backslash' };
  }
  if (c === 'Q' && !inClass) {
    const end = pattern.indexOf('\\E', i + 2);
    const literal = end < 0 ? pattern.slice(i + 2) : pattern.slice(i + 2, end);
    return { text: literal.replace(REGEXP_SPECIAL, '\\$&'), next: end < 0 ? pattern.length : end + 2 };
  }
  if (!inClass && (c === 'A' || c === 'z')) {
    return { text: c === 'A' ? '^' : '$', next: i + 2 };
  }
  if (c === 'p' || c === 'P' || (c === 'x' && pattern[i + 2] === '{')) {
    return { unsupported: `the escape \\${c} is not evaluated here` };
  }
  if (c >= '1' && c <= '9') {
    return { error: `\\${c} is a back-reference, which Go regular expressions do not support` };
  }
  if (/[A-Za-z]/.test(c) && !(inClass ? GO_CLASS_ESCAPE_LETTERS : GO_ESCAPE_LETTERS).has(c)) {
    return { error: `\\${c} is not a valid escape sequence` };
  }
  if (c.charCodeAt(0) >= 0x80) {
    return { error: `\\${c} is not a valid escape sequence` };
  }
  return { text: `\\${c}`, next: i + 2 };
}

/** Translates a bracket expression starting at `pattern[start]` (`[`). */
function translateClass(pattern: string, start: number): { text: string; next: number } | GoRegexp {
  let i = start + 1;
  let text = '[';
  if (pattern[i] === '^') {
    text += '^';
    i++;
  }
  if (pattern[i] === ']') {
    text += '\\]';
    i++;
  }
  while (i < pattern.length) {
    const c = pattern[i];
    if (c === ']') {
      return { text: `${text}]`, next: i + 1 };
    }
    if (c === '\\') {
      const escape = translateEscape(pattern, i, true);
      if (!('text' in escape)) {
        return escape;
      }
      text += escape.text;
      i = escape.next;
    } else if (c === '[' && pattern[i + 1] === ':') {
      const end = pattern.indexOf(':]', i + 2);
      const name = end < 0 ? undefined : pattern.slice(i + 2, end);
      const contents = name === undefined ? undefined : POSIX_CLASSES.get(name);
      if (contents !== undefined) {
        text += contents;
        i = end + 2;
      } else if (name !== undefined && (name.startsWith('^') || /^[a-z]+$/.test(name))) {
        return name.startsWith('^') && POSIX_CLASSES.has(name.slice(1))
          ? { unsupported: 'negated POSIX classes are not evaluated here' }
          : { error: `[:${name}:] is not a known character class` };
      } else {
        text += '\\[';
        i++;
      }
    } else {
      text += c === '[' ? '\\[' : c;
      i++;
    }
  }
  return { error: 'a character class "[" is not closed by "]"' };
}

/** Translates a `(` group opening at `pattern[i]`. */
function translateGroup(pattern: string, i: number): { text: string; next: number } | GoRegexp {
  if (pattern.startsWith('(?P<', i)) {
    return { text: '(?<', next: i + 4 };
  }
  if (pattern.startsWith('(?=', i) || pattern.startsWith('(?!', i) || pattern.startsWith('(?<=', i) || pattern.startsWith('(?<!', i)) {
    return { error: 'look-ahead and look-behind groups are not supported by Go regular expressions' };
  }
  if (pattern.startsWith('(?<', i) || pattern.startsWith('(?:', i)) {
    return { text: pattern.slice(i, i + 3), next: i + 3 };
  }
  if (pattern[i + 1] === '?') {
    return /^\(\?[imsU-]*[:)]/.test(pattern.slice(i))
      ? { unsupported: 'inline flags are evaluated only at the start of the pattern' }
      : { error: 'it contains an unknown "(?" group' };
  }
  return { text: '(', next: i + 1 };
}

/**
 * Compiles a Go regular expression (RE2 syntax) so that it must match a whole string, or, with
 * `anchored` false, anywhere in the string as Go's `regexp.MatchString` does (how the controller
 * matches dryRun and measurementRetention metric names). Go-only syntax is translated (`(?P<name>…)`, `\A`, `\z`, `\Q…\E`, POSIX
 * classes, leading `(?i)`/`(?s)`/`(?m)` flags); syntax Go refuses (look-around, back-references,
 * unknown escapes, `*` with nothing to repeat, …) gives `error`; the rare constructs not translated
 * (Unicode classes, inline flags later in the pattern) give `unsupported`, so that callers skip them.
 */
export function compileGoRegexp(pattern: string, anchored = true): GoRegexp {
  let i = 0;
  let flags = '';
  const leading = /^\(\?([imsU]+)\)/.exec(pattern);
  if (leading !== null) {
    if (leading[1].includes('U')) {
      return { unsupported: 'the (?U) flag is not evaluated here' };
    }
    flags = [...new Set(leading[1])].join('');
    i = leading[0].length;
  }
  let text = '';
  while (i < pattern.length) {
    const c = pattern[i];
    let part: { text: string; next: number } | GoRegexp;
    if (c === '\\') {
      part = translateEscape(pattern, i, false);
    } else if (c === '[') {
      part = translateClass(pattern, i);
    } else if (c === '(') {
      part = translateGroup(pattern, i);
    } else {
      part = { text: c === '/' ? '\\/' : c, next: i + 1 };
    }
    if (!('text' in part)) {
      return part;
    }
    text += part.text;
    i = part.next;
  }
  try {
    return { regexp: new RegExp(anchored ? `^(?:${text})$` : text, flags) };
  } catch {
    return { error: 'it does not compile (look for a "*", "+" or "?" with nothing before it, and for unbalanced parentheses)' };
  }
}

// ---------------------------------------------------------------------------------------------
// URLs as Go's net/url reads them
// ---------------------------------------------------------------------------------------------

/** Scheme and host of a URL parsed like Go's `url.Parse`. */
export interface GoUrl {
  readonly scheme: string;
  readonly host: string;
}

const CONTROL_CHARACTER = /[\u0000-\u001f\u007f]/;
const BAD_PERCENT_ESCAPE = /%(?![0-9A-Fa-f]{2})/;
const USERINFO_CHARS = /^[A-Za-z0-9\-._:~!$&'()*+,;=%@]*$/;
const HOST_CHARS = /^[A-Za-z0-9\-._~!$&'()*+,;=:[\]<>"%\u0080-\uffff]*$/;
const OPTIONAL_PORT = /^(:[0-9]*)?$/;

/** Splits a scheme off the front of a URL as Go does; `undefined` for a leading ':' (missing scheme). */
function splitScheme(text: string): { scheme: string; rest: string } | undefined {
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (/[A-Za-z]/.test(c)) {
      continue;
    }
    if (/[0-9+\-.]/.test(c)) {
      if (i === 0) {
        return { scheme: '', rest: text };
      }
      continue;
    }
    if (c === ':') {
      return i === 0 ? undefined : { scheme: text.slice(0, i).toLowerCase(), rest: text.slice(i + 1) };
    }
    return { scheme: '', rest: text };
  }
  return { scheme: '', rest: text };
}

/** Checks the host part of an authority (`host`, `host:port`, `[v6]:port`); returns a reason or undefined. */
function hostError(host: string): string | undefined {
  let port: string;
  if (host.startsWith('[')) {
    const close = host.lastIndexOf(']');
    if (close < 0) {
      return 'its IPv6 host has no closing "]"';
    }
    port = host.slice(close + 1);
  } else {
    const colon = host.lastIndexOf(':');
    port = colon < 0 ? '' : host.slice(colon);
  }
  if (!OPTIONAL_PORT.test(port)) {
    return `its port ${JSON.stringify(port.slice(1))} is not a number`;
  }
  if (!HOST_CHARS.test(host) || BAD_PERCENT_ESCAPE.test(host)) {
    return 'its host name contains a character that is not allowed there';
  }
  return undefined;
}

/**
 * Parses a URL the way Go's `url.Parse` does (which accepts relative references) and returns its
 * scheme and host, or the reason why Go would refuse it.
 */
export function parseGoUrl(text: string): GoUrl | string {
  const hash = text.indexOf('#');
  const main = hash < 0 ? text : text.slice(0, hash);
  if (CONTROL_CHARACTER.test(text)) {
    return 'it contains a control character';
  }
  if (hash >= 0 && BAD_PERCENT_ESCAPE.test(text.slice(hash + 1))) {
    return 'its fragment has a "%" that does not start a %XX escape';
  }
  if (main === '' || main === '*') {
    return { scheme: '', host: '' };
  }
  const split = splitScheme(main);
  if (split === undefined) {
    return 'it starts with ":" and so has no scheme';
  }
  const { scheme } = split;
  let rest = split.rest;
  const question = rest.indexOf('?');
  if (question >= 0) {
    rest = rest.slice(0, question);
  }
  if (!rest.startsWith('/')) {
    if (scheme !== '') {
      return { scheme, host: '' }; // opaque, e.g. mailto:someone
    }
    const firstSegment = rest.split('/')[0];
    if (firstSegment.includes(':')) {
      return 'it has no scheme, and its first path segment contains ":" (write it as http://host:port)';
    }
  }
  let host = '';
  if ((scheme !== '' || !rest.startsWith('///')) && rest.startsWith('//')) {
    const slash = rest.indexOf('/', 2);
    const authority = slash < 0 ? rest.slice(2) : rest.slice(2, slash);
    rest = slash < 0 ? '' : rest.slice(slash);
    const at = authority.lastIndexOf('@');
    if (at >= 0 && !USERINFO_CHARS.test(authority.slice(0, at))) {
      return 'its user information contains a character that is not allowed there';
    }
    host = at < 0 ? authority : authority.slice(at + 1);
    const error = hostError(host);
    if (error !== undefined) {
      return error;
    }
  }
  if (BAD_PERCENT_ESCAPE.test(rest)) {
    return 'its path has a "%" that does not start a %XX escape';
  }
  return { scheme, host };
}
