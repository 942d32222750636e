/**
 * How a value is shown in a message, the rule engine's and the bottom layer's alike (the app-wide
 * duplicate-object check names objects the way rule L05 does).
 */

const MAX_QUOTE_LENGTH = 120;

/** How many characters of a long text a message shows (see `cutText`). */
export const SHOWN_CHARACTERS = 200;

/** Where a text is cut to keep `limit` characters: one less when a surrogate pair would be split. */
function cutAt(text: string, limit: number): number {
  return isHighSurrogate(text.charCodeAt(limit - 1)) ? limit - 1 : limit;
}

/** What a cut text says of its whole: ` (10,485,760 characters)`. */
function lengthNote(text: string): string {
  return ` (${text.length.toLocaleString('en-US')} characters)`;
}

/**
 * A text as a message shows it: whole up to SHOWN_CHARACTERS characters; a longer one (a name, a
 * key or a value written into a message as it is) cut to its first SHOWN_CHARACTERS characters, an
 * ellipsis and its length, e.g. `aaaa… (10,485,760 characters)`, so that a huge value costs a finding
 * no more than a short one.
 */
export function cutText(text: string): string {
  return cutTextTo(text, SHOWN_CHARACTERS);
}

/** `cutText` with another limit than SHOWN_CHARACTERS. */
export function cutTextTo(text: string, limit: number): string {
  return text.length <= limit ? text : `${text.slice(0, cutAt(text, limit))}…${lengthNote(text)}`;
}

/**
 * A string quoted (JSON) for a message, cut like `cutText` when it is longer than SHOWN_CHARACTERS:
 * `"aaaa…" (10,485,760 characters)`.
 */
export function quoteCut(text: string): string {
  if (text.length <= SHOWN_CHARACTERS) {
    return JSON.stringify(text);
  }
  return `${JSON.stringify(text.slice(0, cutAt(text, SHOWN_CHARACTERS))).slice(0, -1)}…"${lengthNote(text)}`;
}

/**
 * A text that may hold long values (a parser's message, a path built from keys) with every run of
 * more than SHOWN_CHARACTERS characters without a space cut like `cutText`.
 */
export function cutLongRuns(text: string): string {
  if (text.length <= SHOWN_CHARACTERS) {
    return text;
  }
  // (by the white space between runs: a pattern matching a run of ten million characters would run out of stack)
  let out = '';
  let start = 0; // where the current run starts
  const space = /\s/g;
  for (;;) {
    const match = space.exec(text);
    const end = match === null ? text.length : match.index;
    const run = text.slice(start, end);
    out += run.length > SHOWN_CHARACTERS && !/…"?$/.test(run) ? cutText(run) : run; // (not one cut already)
    if (match === null) {
      return out;
    }
    out += match[0];
    start = end + 1;
  }
}

/** The indefinite article for a word by its first letter, for `${article(kind)} ${kind}`: "an" for AnalysisTemplate, "a" for Service. */
export function article(word: string): string {
  return /^[aeiou]/i.test(word) ? 'an' : 'a';
}

/** A count with its noun, singular for 1: `1 pod`, `3 pods`. */
export function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function isHighSurrogate(code: number): boolean {
  return code >= 0xd800 && code <= 0xdbff;
}

/**
 * Formats a value for a message: JSON, so strings appear in double quotes; long values are shortened;
 * an absent value reads "not set" (write messages as "<field> is ${quote(value)}"). Numbers that JSON
 * cannot hold read `NaN`, `Infinity` and `-Infinity`.
 *
 * Only the part that is shown is written: quoting a field of a huge (or alias-expanded) value costs
 * as little as quoting a small one.
 */
export function quote(value: unknown): string {
  if (value === undefined) {
    return 'not set';
  }
  const text = shortJson(value, MAX_QUOTE_LENGTH);
  return text.length > MAX_QUOTE_LENGTH ? `${text.slice(0, MAX_QUOTE_LENGTH - 3)}...` : text;
}

/**
 * The JSON text of a value as JSON.stringify writes it (non-finite numbers excepted), up to a little
 * more than `limit` characters: writing stops once the text is longer than that. A value that
 * contains itself shows `[circular]` there.
 */
function shortJson(value: unknown, limit: number): string {
  let out = '';
  const ancestors = new Set<object>();
  const write = (given: unknown, inList: boolean): void => {
    if (out.length > limit) {
      return;
    }
    let v = given;
    if (v !== null && typeof v === 'object' && typeof (v as { readonly toJSON?: unknown }).toJSON === 'function') {
      try {
        v = (v as { toJSON(): unknown }).toJSON();
      } catch {
        v = String(v);
      }
    }
    switch (typeof v) {
      case 'string':
        out += JSON.stringify(v.length > limit ? v.slice(0, limit + 1) : v);
        return;
      case 'number':
        out += Number.isFinite(v) ? JSON.stringify(v) : String(v);
        return;
      case 'boolean':
      case 'bigint':
        out += String(v);
        return;
      case 'object':
        break;
      default: // undefined, functions, symbols: null in a list, left out of an object
        out += inList ? 'null' : String(v);
        return;
    }
    if (v === null) {
      out += 'null';
      return;
    }
    if (ancestors.has(v)) {
      out += '[circular]';
      return;
    }
    ancestors.add(v);
    if (Array.isArray(v)) {
      out += '[';
      for (let i = 0; i < v.length && out.length <= limit; i++) {
        out += i > 0 ? ',' : '';
        write(v[i], true);
      }
      out += ']';
    } else {
      out += '{';
      let first = true;
      for (const key in v) {
        if (out.length > limit) {
          break;
        }
        const item = (v as Readonly<Record<string, unknown>>)[key];
        if (!Object.prototype.hasOwnProperty.call(v, key) || item === undefined || typeof item === 'function' || typeof item === 'symbol') {
          continue;
        }
        out += `${first ? '' : ','}${JSON.stringify(key)}:`;
        first = false;
        write(item, false);
      }
      out += '}';
    }
    ancestors.delete(v);
  };
  write(value, false);
  return out;
}
