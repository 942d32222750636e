/**
 * YAML as kubectl reads it, on js-yaml (a fast parser; the `yaml` package is about ten times slower
 * on manifests): YAML 1.2 core types, plus what Kubernetes' YAML 1.1 reader does differently where
 * it matters for manifests — merge keys (`<<: *base`) and the booleans `yes`/`no`/`on`/`off`/`y`/`n`
 * (so `enabled: yes` is the boolean it is for the API server). Timestamps stay strings, as in
 * Kubernetes. A duplicate key is an error, as in kubectl.
 *
 * js-yaml is required on first use, so importing the library does not load it.
 */

/** The part of js-yaml's API used here. */
interface JsYaml {
  readonly CORE_SCHEMA: { extend(types: { implicit: unknown[] }): unknown };
  readonly Type: new (tag: string, options: any) => unknown;
  readonly types: { readonly merge: unknown };
  loadAll(text: string, iterator: undefined, options: { schema: unknown; filename?: string }): unknown[];
  load(text: string, options: { schema: unknown; filename?: string }): unknown;
}

/** A YAML (or JSON) syntax error with its 1-based line and column. */
export class YamlSyntaxError extends Error {
  constructor(
    /** What the parser found wrong, e.g. `bad indentation of a mapping entry`. */
    public readonly reason: string,
    /** 1-based line of the error (0 when unknown). */
    public readonly line: number,
    /** 1-based column of the error (0 when unknown). */
    public readonly column: number) {
    super(line > 0 ? `line ${line}, column ${column}: ${reason}` : reason);
    this.name = 'YamlSyntaxError';
  }
}

/** Plain scalars that Kubernetes' YAML reader takes for booleans (YAML 1.2 core and YAML 1.1). */
const YAML11_TRUE: ReadonlySet<string> = new Set(['true', 'True', 'TRUE', 'y', 'Y', 'yes', 'Yes', 'YES', 'on', 'On', 'ON']);
const YAML11_FALSE: ReadonlySet<string> = new Set(['false', 'False', 'FALSE', 'n', 'N', 'no', 'No', 'NO', 'off', 'Off', 'OFF']);

let cached: { readonly yaml: JsYaml; readonly schema: unknown } | undefined;

function jsYaml(): { readonly yaml: JsYaml; readonly schema: unknown } {
  if (cached === undefined) {
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    const yaml: JsYaml = require('js-yaml');
    const yaml11Bool = new yaml.Type('tag:yaml.org,2002:bool', {
      kind: 'scalar',
      resolve: (data: string | null) => data !== null && (YAML11_TRUE.has(data) || YAML11_FALSE.has(data)),
      construct: (data: string) => YAML11_TRUE.has(data),
    });
    cached = { yaml, schema: yaml.CORE_SCHEMA.extend({ implicit: [yaml11Bool, yaml.types.merge] }) };
  }
  return cached;
}

/** Turns a js-yaml exception into a YamlSyntaxError; rethrows anything else. */
function syntaxError(error: any): YamlSyntaxError {
  if (error?.name === 'YAMLException') {
    const mark = error.mark;
    const reason = typeof error.reason === 'string' ? error.reason : String(error.message);
    return new YamlSyntaxError(reason, typeof mark?.line === 'number' ? mark.line + 1 : 0, typeof mark?.column === 'number' ? mark.column + 1 : 0);
  }
  throw error;
}

/**
 * How many values aliases (`*name`) may add to one document, beyond the values written in it. A
 * handful of aliases that repeat a block add a few hundred; an "alias bomb" (anchors of lists of
 * aliases of anchors, ...) adds billions from a few hundred bytes, and every reader that walks the
 * document (kubectl too, which refuses such files) would spend minutes and gigabytes on it.
 */
export const MAX_ALIAS_EXPANSION = 1_000_000;

/**
 * Why a parsed document cannot be used as it stands, if it cannot: an alias that refers to a node
 * containing it (the document would be infinite), or aliases that expand it by more than
 * MAX_ALIAS_EXPANSION values. js-yaml shares an aliased node instead of copying it, so this counts
 * the values of the expanded document without expanding it: each distinct node is visited once.
 */
export function aliasProblem(document: any): string | undefined {
  const expanded = new Map<object, number>(); // node -> number of values in it, once expanded
  const open = new Set<object>(); // nodes being counted (their ancestors)
  let written = 0; // values written in the text: each distinct node and its entries, once
  let cyclic = false;
  const count = (node: any): number => {
    if (node === null || typeof node !== 'object') {
      return 1;
    }
    const known = expanded.get(node);
    if (known !== undefined) {
      return known;
    }
    if (open.has(node)) {
      cyclic = true;
      return 1;
    }
    open.add(node);
    const children = Array.isArray(node) ? node : Object.values(node);
    written += 1 + children.length;
    let total = 1;
    for (const child of children) {
      total += count(child);
      if (cyclic || total > Number.MAX_SAFE_INTEGER / 2) {
        break;
      }
    }
    open.delete(node);
    expanded.set(node, total);
    return total;
  };
  const total = count(document);
  if (cyclic) {
    return 'an alias refers to a node that contains the alias, so the document never ends';
  }
  const added = total - Math.max(written, 1);
  if (added > MAX_ALIAS_EXPANSION) {
    const size = total >= 1e15 ? total.toExponential(1) : total.toLocaleString('en-US');
    return `excessive aliasing: the aliases expand the document to ${size} values, more than ${MAX_ALIAS_EXPANSION.toLocaleString('en-US')} `
      + `beyond the ${written.toLocaleString('en-US')} written in it (a YAML "alias bomb"?)`;
  }
  return undefined;
}

/** Throws YamlSyntaxError when a parsed document has an aliasProblem (at its start line, when known). */
function checkAliases(document: any, line: number | undefined): void {
  const problem = aliasProblem(document);
  if (problem !== undefined) {
    throw new YamlSyntaxError(`${problem}; write the repeated values out, or use fewer aliases`, line ?? 0, line === undefined ? 0 : 1);
  }
}

/**
 * Every document of a YAML stream, in order, empty documents included (as `null`), so that a
 * document's index is its position in the stream. Throws YamlSyntaxError, also for a document whose
 * aliases would expand it beyond reason (see aliasProblem).
 */
export function parseYamlDocuments(text: string): any[] {
  const { yaml, schema } = jsYaml();
  let documents: any[];
  try {
    documents = yaml.loadAll(text, undefined, { schema });
  } catch (error) {
    throw syntaxError(error);
  }
  if (text.includes('*')) { // no alias, nothing to check
    let lines: number[] | undefined | null = null;
    documents.forEach((document, i) => {
      if (aliasProblem(document) !== undefined) {
        lines = lines === null ? documentStartLines(text, documents.length) : lines;
        checkAliases(document, lines?.[i]);
      }
    });
  }
  return documents;
}

/**
 * One YAML document (e.g. the plugin list of a ConfigMap key). Throws YamlSyntaxError, also for a
 * document whose aliases would expand it beyond reason (see aliasProblem).
 */
export function parseYaml(text: string): any {
  const { yaml, schema } = jsYaml();
  let document: any;
  try {
    document = yaml.load(text, { schema });
  } catch (error) {
    throw syntaxError(error);
  }
  if (text.includes('*')) {
    checkAliases(document, undefined);
  }
  return document;
}

/**
 * A JSON file's documents: an object is one document, a list of objects one per item. Throws
 * YamlSyntaxError with the line of the error.
 */
export function parseJsonDocuments(text: string): any[] {
  let value: any;
  try {
    value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text); // a byte order mark is not JSON
  } catch (error: any) {
    const offset = jsonErrorOffset(text);
    const before = text.slice(0, offset);
    const line = before.split('\n').length;
    const column = offset - before.lastIndexOf('\n');
    const reason = String(error?.message ?? error).replace(/, ".*" is not valid JSON$/s, '').replace(/ in JSON at position \d+.*$/s, '');
    throw new YamlSyntaxError(reason.charAt(0).toLowerCase() + reason.slice(1), line, column);
  }
  return Array.isArray(value) ? value : [value];
}

/**
 * The offset of the first error in a text that JSON.parse refused (JSON.parse does not always say
 * where): a small scanner of the JSON grammar.
 */
function jsonErrorOffset(text: string): number {
  let i = 0;
  const fail = (): never => {
    throw i;
  };
  const space = () => {
    while (i < text.length && ' \t\r\n'.includes(text[i])) i++;
  };
  const literal = (word: string) => {
    for (const c of word) {
      if (text[i] !== c) fail();
      i++;
    }
  };
  const string = () => {
    i++;
    while (i < text.length && text[i] !== '"') {
      if (text.charCodeAt(i) < 0x20) fail();
      if (text[i] === '\\') {
        i++;
        if (text[i] === 'u') {
          if (!/^[0-9a-fA-F]{4}$/.test(text.slice(i + 1, i + 5))) fail();
          i += 4;
        } else if (!'"\\/bfnrt'.includes(text[i] ?? '')) {
          fail();
        }
      }
      i++;
    }
    if (i >= text.length) fail();
    i++;
  };
  const value = (): void => {
    space();
    const c = text[i];
    if (c === '{' || c === '[') {
      const close = c === '{' ? '}' : ']';
      i++;
      space();
      if (text[i] === close) {
        i++;
        return;
      }
      for (;;) {
        if (c === '{') {
          space();
          if (text[i] !== '"') fail();
          string();
          space();
          if (text[i] !== ':') fail();
          i++;
        }
        value();
        space();
        if (text[i] === ',') {
          i++;
          continue;
        }
        if (text[i] !== close) fail();
        i++;
        return;
      }
    }
    if (c === '"') return string();
    if (c === 't') return literal('true');
    if (c === 'f') return literal('false');
    if (c === 'n') return literal('null');
    const m = /^-?(0|[1-9][0-9]*)(\.[0-9]+)?([eE][+-]?[0-9]+)?/.exec(text.slice(i, i + 400));
    if (m === null) fail();
    i += m![0].length;
  };
  try {
    value();
    space();
    return i;
  } catch (offset) {
    return typeof offset === 'number' ? Math.min(offset, text.length) : 0;
  }
}

const DOCUMENT_START = /^---(?:[ \t]|$)/;
const BLANK_OR_COMMENT = /^[ \t]*(?:#.*)?$/;

/**
 * The 1-based line on which each document of a YAML stream starts (its first line that is not blank
 * or a comment; the `---` line for an empty document), or `undefined` when the stream's layout is not
 * simple enough to be sure (then the count differs from `documentCount`).
 */
export function documentStartLines(text: string, documentCount: number): number[] | undefined {
  const lines = text.split(/\r?\n/);
  const starts: number[] = [];
  let pending: number | undefined; // the `---` line of a document whose content has not started yet
  let inDocument = false;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (DOCUMENT_START.test(line)) {
      if (pending !== undefined) {
        starts.push(pending); // an empty document
      }
      const rest = line.slice(3).trim();
      if (rest !== '' && !rest.startsWith('#')) {
        starts.push(i + 1);
        pending = undefined;
        inDocument = true;
      } else {
        pending = i + 1;
        inDocument = false;
      }
      continue;
    }
    if (line.startsWith('...') || line.startsWith('%')) {
      return undefined; // document end markers and directives: not counted here
    }
    if (!inDocument && !BLANK_OR_COMMENT.test(line)) {
      starts.push(i + 1);
      pending = undefined;
      inDocument = true;
    }
  }
  if (pending !== undefined) {
    starts.push(pending);
  }
  if (starts.length === 0 && documentCount === 1) {
    starts.push(1); // only comments: one empty document
  }
  return starts.length === documentCount ? starts : undefined;
}

/** A file that is not valid UTF-8, with where its first bad byte is. */
export class InvalidUtf8Error extends Error {
  constructor(
    /** 0-based byte offset of the first byte that does not belong to a valid UTF-8 sequence. */
    public readonly offset: number,
    /** 1-based line of that byte. */
    public readonly line: number,
    /** 1-based column of that byte (counting characters before it on its line). */
    public readonly column: number,
    /** The byte, e.g. 0xff. */
    public readonly byte: number) {
    super(`not valid UTF-8: byte 0x${byte.toString(16).padStart(2, '0')} at offset ${offset} (line ${line}, column ${column}) `
      + 'does not start or continue a UTF-8 character');
    this.name = 'InvalidUtf8Error';
  }
}

/**
 * The offset of the first byte of `bytes` that is not part of a well-formed UTF-8 sequence (no
 * overlong forms, no surrogates, nothing above U+10FFFF), or -1 when all of it is UTF-8.
 */
export function invalidUtf8Offset(bytes: Uint8Array): number {
  let i = 0;
  while (i < bytes.length) {
    const b = bytes[i];
    if (b < 0x80) {
      i++;
      continue;
    }
    let length: number;
    let min = 0x80;
    let max = 0xbf; // allowed range of the second byte
    if (b >= 0xc2 && b <= 0xdf) {
      length = 2;
    } else if (b >= 0xe0 && b <= 0xef) {
      length = 3;
      if (b === 0xe0) min = 0xa0; // overlong
      if (b === 0xed) max = 0x9f; // surrogates
    } else if (b >= 0xf0 && b <= 0xf4) {
      length = 4;
      if (b === 0xf0) min = 0x90; // overlong
      if (b === 0xf4) max = 0x8f; // above U+10FFFF
    } else {
      return i;
    }
    for (let k = 1; k < length; k++) {
      const c = bytes[i + k];
      if (c === undefined || c < (k === 1 ? min : 0x80) || c > (k === 1 ? max : 0xbf)) {
        return i; // a truncated, overlong or out-of-range sequence: its first byte is where it goes wrong
      }
    }
    i += length;
  }
  return -1;
}

/**
 * The text of a file's bytes, which must be UTF-8 (as kubectl requires); a byte order mark is kept
 * (the parsers skip it). Throws InvalidUtf8Error naming the offset, line and column of the first bad
 * byte.
 */
export function decodeUtf8(bytes: Uint8Array): string {
  const offset = invalidUtf8Offset(bytes);
  if (offset >= 0) {
    let line = 1;
    let lineStart = 0;
    for (let i = 0; i < offset; i++) {
      if (bytes[i] === 0x0a) {
        line++;
        lineStart = i + 1;
      }
    }
    const column = new TextDecoder('utf-8').decode(bytes.subarray(lineStart, offset)).length + 1;
    throw new InvalidUtf8Error(offset, line, column, bytes[offset]);
  }
  return new TextDecoder('utf-8', { ignoreBOM: true }).decode(bytes);
}
