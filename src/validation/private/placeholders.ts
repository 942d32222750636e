/**
 * `{{…}}` placeholders in analysis metrics, read the way the controller resolves them: it writes the
 * whole metric as JSON (Go's encoder, which escapes `"`, `\`, control characters, `<`, `>`, `&`,
 * U+2028 and U+2029), splits that text at each `{{` and the first `}}` after it, trims each tag of
 * Unicode white space (Go's `strings.TrimSpace`) and looks it up among `args.<name>` of the declared
 * arguments. A tag that is not found, or a `{{` with no `}}` after it, fails the metric.
 *
 * So `{{ args.x }}` resolves (spaces are trimmed); `{{ service }}`, `{{{args.x}}}` (tag `{args.x`)
 * and `{{args.x}` (never closed) do not; neither does a tab or line break inside the braces, which
 * the JSON text holds as `\t` or `\n`.
 */

const OPEN = '{{';
const CLOSE = '}}';
const ARGS_PREFIX = 'args.';

/** Characters Go's `unicode.IsSpace` accepts (what `strings.TrimSpace` removes at both ends). */
const GO_SPACE = /[\t\n\v\f\r \u0085\u00a0\u1680\u2000-\u200a\u2028\u2029\u202f\u205f\u3000]/;

/** Trims white space as Go's `strings.TrimSpace` does (JavaScript's `trim` differs on U+0085 and U+FEFF). */
export function goTrimSpace(text: string): string {
  let start = 0;
  let end = text.length;
  while (start < end && GO_SPACE.test(text[start])) start++;
  while (end > start && GO_SPACE.test(text[end - 1])) end--;
  return text.slice(start, end);
}

const JSON_SHORT_ESCAPES: Readonly<Record<string, string>> = { '"': '\\"', '\\': '\\\\', '\n': '\\n', '\r': '\\r', '\t': '\\t' };

/** The text of a string inside Go's JSON encoding (without the quotes). */
export function goJsonEscape(text: string): string {
  // eslint-disable-next-line no-control-regex
  return text.replace(/["\\\u0000-\u001f<>&\u2028\u2029]|[\ud800-\udbff](?![\udc00-\udfff])|(?<![\ud800-\udbff])[\udc00-\udfff]/g, c => {
    if (JSON_SHORT_ESCAPES[c] !== undefined) {
      return JSON_SHORT_ESCAPES[c];
    }
    if (c.charCodeAt(0) >= 0xd800 && c.charCodeAt(0) <= 0xdfff) {
      return '\\ufffd'; // a lone surrogate: not valid UTF-8, written as the replacement character
    }
    return `\\u${c.charCodeAt(0).toString(16).padStart(4, '0')}`;
  });
}

/** One `{{…}}` of a text. */
export interface Placeholder {
  /** The placeholder as written, braces included. */
  readonly text: string;
  /** The argument it refers to (`x` of `{{args.x}}`), when it has the form of an argument reference. */
  readonly argName?: string;
}

/** The placeholders of a text, in order. */
export interface PlaceholderScan {
  readonly placeholders: readonly Placeholder[];
  /** The text from a `{{` that no `}}` follows, if any. */
  readonly unclosed?: string;
}

/**
 * Splits a text into its placeholders as the controller does. The controller splits the metric's
 * JSON text as a whole; every `{{` closed within its own string gives the same tags, and an unclosed
 * one fails either way (it is closed by nothing, or by a `}}` of a later string into a tag that spans
 * JSON syntax and so matches no argument).
 */
export function scanPlaceholders(text: string): PlaceholderScan {
  const placeholders: Placeholder[] = [];
  let from = 0;
  for (;;) {
    const open = text.indexOf(OPEN, from);
    if (open < 0) {
      return { placeholders };
    }
    const close = text.indexOf(CLOSE, open + OPEN.length);
    if (close < 0) {
      return { placeholders, unclosed: text.slice(open) };
    }
    const tag = goTrimSpace(goJsonEscape(text.slice(open + OPEN.length, close)));
    placeholders.push({
      text: text.slice(open, close + CLOSE.length),
      ...(tag.startsWith(ARGS_PREFIX) ? { argName: tag.slice(ARGS_PREFIX.length) } : {}),
    });
    from = close + CLOSE.length;
  }
}

/**
 * Calls `visit` for every text of a JSON value the controller's resolution reads: string values and
 * object keys, at any depth. Shared objects are visited once, so cyclic input cannot loop.
 */
export function forEachText(value: unknown, visit: (text: string) => void, seen = new Set<unknown>()): void {
  if (typeof value === 'string') {
    visit(value);
    return;
  }
  if (value === null || typeof value !== 'object' || seen.has(value)) {
    return;
  }
  seen.add(value);
  if (Array.isArray(value)) {
    value.forEach(item => forEachText(item, visit, seen));
    return;
  }
  for (const [key, child] of Object.entries(value)) {
    visit(key);
    forEachText(child, visit, seen);
  }
}

/** The placeholders of a metric, sorted by what the controller makes of them. */
export interface MetricPlaceholders {
  /** Arguments referred to as `{{args.x}}`, each once, in order. */
  readonly argNames: readonly string[];
  /** Placeholders that are no argument reference (e.g. `{{ service }}`, `{{{args.x}}}`), each once. */
  readonly others: readonly string[];
  /** Texts with a `{{` that is never closed, each once. */
  readonly unclosed: readonly string[];
}

/** Reads every placeholder of a metric (its strings and keys). */
export function metricPlaceholders(metric: unknown): MetricPlaceholders {
  const argNames = new Set<string>();
  const others = new Set<string>();
  const unclosed = new Set<string>();
  forEachText(metric, text => {
    if (!text.includes(OPEN)) {
      return;
    }
    const scan = scanPlaceholders(text);
    for (const placeholder of scan.placeholders) {
      if (placeholder.argName !== undefined) {
        argNames.add(placeholder.argName);
      } else {
        others.add(placeholder.text);
      }
    }
    if (scan.unclosed !== undefined) {
      unclosed.add(scan.unclosed);
    }
  });
  return { argNames: [...argNames], others: [...others], unclosed: [...unclosed] };
}
