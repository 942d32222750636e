/**
 * YAML as kubectl reads it, on js-yaml (a fast parser; the `yaml` package is about ten times slower
 * on manifests): YAML 1.2 core types, plus what Kubernetes' YAML 1.1 reader does differently where
 * it matters for manifests — merge keys (`<<: *base`) and the booleans `yes`/`no`/`on`/`off`/`y`/`n`
 * (so `enabled: yes` is the boolean it is for the API server). Timestamps stay strings, as in
 * Kubernetes. A duplicate key is an error, as in kubectl.
 *
 * js-yaml is required on first use, so importing the library does not load it.
 *
 * A stream is read one part at a time (see document-parts.ts), so that a large file never holds all
 * its documents at once; JSON files likewise, one item of a top-level list at a time. Both readers
 * refuse values nested MAX_NESTING_DEPTH levels deep.
 */
import { documentLinesOf, jsonPathAt, jsonValueRange, lineAndColumn, skipJsonSpace, YamlLayout, yamlLayout, yamlLineOf } from './document-parts';
import { isObject, MAX_NESTING_DEPTH, objectOrEmpty } from '../../private/manifest-types';
import { cutLongRuns, cutText } from '../../private/quote';

/** How a js-yaml type of scalars reads a plain scalar: whether it takes it, and the value it makes of it. */
interface JsYamlScalarType {
  readonly kind: 'scalar';
  readonly resolve: (data: string | null) => boolean;
  readonly construct: (data: string) => unknown;
}

/** The part of js-yaml's API used here. */
interface JsYaml {
  readonly CORE_SCHEMA: { extend(types: { implicit: unknown[] }): unknown };
  readonly Type: new (tag: string, options: JsYamlScalarType) => unknown;
  readonly types: { readonly merge: unknown };
  loadAll(text: string, iterator: undefined, options: { schema: unknown; maxDepth: number }): unknown[];
  load(text: string, options: { schema: unknown; maxDepth: number }): unknown;
}

export { MAX_NESTING_DEPTH };

/** A YAML (or JSON) syntax error with its 1-based line and column. */
export class YamlSyntaxError extends Error {
  constructor(
    /** What the parser found wrong, e.g. `bad indentation of a mapping entry`. */
    public readonly reason: string,
    /** 1-based line of the error (0 when unknown). */
    public readonly line: number,
    /** 1-based column of the error (0 when unknown). */
    public readonly column: number,
    /** What kind of error it is, for messages: `syntax error`, or `nesting too deep` (see MAX_NESTING_DEPTH). */
    public readonly what: string = 'syntax error') {
    super(line > 0 ? `line ${line}, column ${column}: ${reason}` : reason);
    this.name = 'YamlSyntaxError';
  }
}

/**
 * The message of a syntax error of a file: `file:line:column: YAML syntax error: reason` (the file
 * alone when the line is unknown; `<input>` for a text without a name).
 */
export function syntaxErrorMessage(fileName: string, json: boolean, error: YamlSyntaxError): string {
  const file = fileName === '' ? '<input>' : fileName;
  const where = error.line > 0 ? `${file}:${error.line}:${error.column}` : file;
  return `${where}: ${json ? 'JSON' : 'YAML'} ${error.what}: ${error.reason}`;
}

/** What a document nested more than MAX_NESTING_DEPTH levels deep gets as its error's reason. */
function nestingReason(where: string): string {
  return `${where}a value is nested ${MAX_NESTING_DEPTH} levels deep (maps and lists inside one another, the top value being level 1); `
    + 'the reader accepts fewer, and no manifest needs that many. Check that this is the file you meant to lint, or write the data with fewer levels.';
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

/** What a js-yaml exception (`YAMLException`) holds: why, and where (`mark`). */
interface YamlExceptionView {
  readonly reason?: unknown;
  readonly message?: unknown;
  readonly mark?: unknown;
}

/** Where a js-yaml exception happened: 0-based line and column. */
interface YamlMarkView {
  readonly line?: unknown;
  readonly column?: unknown;
}

/**
 * Turns a js-yaml exception into a YamlSyntaxError (its line counted from `firstLine`, the line of
 * the text the parser was given); rethrows anything else.
 */
function syntaxError(error: unknown, firstLine = 1): YamlSyntaxError {
  if (isObject(error) && error.name === 'YAMLException') {
    const exception: YamlExceptionView = error;
    const mark: YamlMarkView = objectOrEmpty(exception.mark);
    const reason = typeof exception.reason === 'string' ? exception.reason : String(exception.message);
    const line = typeof mark.line === 'number' ? mark.line + firstLine : 0;
    const column = typeof mark.column === 'number' ? mark.column + 1 : 0;
    if (/^nesting exceeded maxDepth/.test(reason)) {
      return new YamlSyntaxError(nestingReason(''), line, column, 'nesting too deep');
    }
    return new YamlSyntaxError(cutLongRuns(reason), line, column); // (a reason may quote a tag or an alias of any length)
  }
  throw error;
}

/** Every document of a YAML text, as js-yaml reads them (throws its exceptions). */
function loadAll(text: string): unknown[] {
  const { yaml, schema } = jsYaml();
  return yaml.loadAll(text, undefined, { schema, maxDepth: MAX_NESTING_DEPTH });
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
export function aliasProblem(document: unknown): string | undefined {
  const expanded = new Map<object, number>(); // node -> number of values in it, once expanded
  const open = new Set<object>(); // nodes being counted (their ancestors)
  let written = 0; // values written in the text: each distinct node and its entries, once
  let cyclic = false;
  const count = (node: unknown): number => {
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
function checkAliases(document: unknown, line: number | undefined): void {
  const problem = aliasProblem(document);
  if (problem !== undefined) {
    throw aliasError(problem, line);
  }
}

/** The error of a document whose aliases expand it beyond reason (`problem`, from aliasProblem), starting on `line`. */
function aliasError(problem: string, line: number | undefined): YamlSyntaxError {
  return new YamlSyntaxError(`${problem}; write the repeated values out, or use fewer aliases`, line ?? 0, line === undefined ? 0 : 1);
}

/**
 * A part of a text whose documents are read on their own: the offsets where it starts and ends, and
 * how to read it again.
 */
export interface DocumentPart {
  readonly start: number;
  readonly end: number;
  /** `yaml`: the documents of that part of a YAML stream; `json`: the JSON value there; `json-file`: the documents of the whole JSON file from the `skip`th on. */
  readonly format: 'yaml' | 'json' | 'json-file';
  readonly skip: number;
}

/**
 * The documents of a YAML stream or a JSON file, read one part at a time: a reader that keeps only
 * what it needs of each part can go through a file of any size.
 */
export interface DocumentStream {
  /** After `read`: the line each document starts on (see documentStartLines), when known. */
  readonly lines: readonly number[] | undefined;
  /**
   * Reads every document in order, a part at a time (empty documents too, as `null`, so that a
   * document's position is its index). Throws YamlSyntaxError where the whole text has its first
   * error (the same error as reading the whole text at once), also for a document whose aliases would
   * expand it beyond reason (see aliasProblem) or that nests too deep (MAX_NESTING_DEPTH).
   */
  read(visit: (documents: unknown[], part: DocumentPart) => void): void;
  /** The documents of a part again, parsed anew (after `read`). */
  reread(part: DocumentPart): unknown[];
}

/** The documents of a YAML stream, a part at a time (see yamlLayout). */
class YamlDocumentStream implements DocumentStream {
  public lines: readonly number[] | undefined;

  constructor(private readonly text: string) {
  }

  public read(visit: (documents: unknown[], part: DocumentPart) => void): void {
    const text = this.text;
    const layout: YamlLayout = yamlLayout(text);
    // js-yaml refuses a null character anywhere, and says where in the whole text: read it whole
    const starts = text.includes('\0') ? [0] : layout.partStarts;
    const hasAliases = text.includes('*');
    let count = 0;
    let problem: { index: number; reason: string } | undefined;
    for (let k = 0; k < starts.length; k++) {
      let part: DocumentPart = { start: starts[k], end: k + 1 < starts.length ? starts[k + 1] : text.length, format: 'yaml', skip: 0 };
      let documents: unknown[];
      try {
        documents = loadAll(text.slice(part.start, part.end));
      } catch (error) {
        syntaxError(error); // rethrows what is not a YAML error
        // The rest of the stream at once: js-yaml fails on it as on the whole stream (the first
        // error is in this part's document, or where that document would go on), or reads it.
        part = { ...part, end: text.length };
        k = starts.length;
        try {
          documents = loadAll(text.slice(part.start));
        } catch (rest) {
          throw syntaxError(rest, yamlLineOf(text, part.start));
        }
      }
      if (hasAliases && text.slice(part.start, part.end).includes('*')) {
        documents.forEach((document, i) => {
          const reason = aliasProblem(document);
          if (reason !== undefined) {
            problem ??= { index: count + i, reason };
            documents[i] = null; // never walked: the read fails once the stream is read (a syntax error further on comes first)
          }
        });
      }
      visit(documents, part);
      count += documents.length;
    }
    this.lines = documentLinesOf(layout, count);
    if (problem !== undefined) {
      throw aliasError(problem.reason, this.lines?.[problem.index]);
    }
  }

  public reread(part: DocumentPart): unknown[] {
    return loadAll(this.text.slice(part.start, part.end));
  }
}

/**
 * A JSON file's documents: an object is one document, a list one per item, read an item at a time.
 * Syntax errors are those of reading the whole file (see parseJsonFile).
 */
class JsonDocumentStream implements DocumentStream {
  public readonly lines = undefined;

  constructor(private readonly text: string) {
  }

  public read(visit: (documents: unknown[], part: DocumentPart) => void): void {
    const text = this.text;
    const first = skipJsonSpace(text, text.charCodeAt(0) === 0xfeff ? 1 : 0);
    if (text[first] !== '[') {
      const documents = parseJsonFile(text);
      const range = jsonValueRange(text, first, 0, MAX_NESTING_DEPTH);
      if (range !== undefined && range.tooDeep >= 0) {
        throw this.nestingError(0, range.start, range.tooDeep);
      }
      visit(documents, { start: 0, end: text.length, format: 'json-file', skip: 0 });
      return;
    }
    let count = 0;
    // the rest of the file read whole, when something is not as expected: its syntax error
    const whole = () => visit(parseJsonFile(text).slice(count), { start: 0, end: text.length, format: 'json-file', skip: count });
    let at = skipJsonSpace(text, first + 1);
    if (text[at] === ']') {
      return skipJsonSpace(text, at + 1) === text.length ? undefined : whole();
    }
    for (;;) {
      const range = jsonValueRange(text, at, 1, MAX_NESTING_DEPTH);
      if (range === undefined || range.end === range.start) {
        return whole();
      }
      let document: unknown;
      try {
        document = JSON.parse(text.slice(range.start, range.end));
      } catch {
        return whole();
      }
      if (range.tooDeep >= 0) {
        throw this.nestingError(count, range.start, range.tooDeep);
      }
      visit([document], { start: range.start, end: range.end, format: 'json', skip: 0 });
      count++;
      at = skipJsonSpace(text, range.end);
      if (text[at] === ',') {
        at = skipJsonSpace(text, at + 1);
      } else if (text[at] === ']') {
        return skipJsonSpace(text, at + 1) === text.length ? undefined : whole();
      } else {
        return whole();
      }
    }
  }

  public reread(part: DocumentPart): unknown[] {
    if (part.format === 'json') {
      return [JSON.parse(this.text.slice(part.start, part.end))];
    }
    return parseJsonFile(this.text).slice(part.skip);
  }

  private nestingError(document: number, start: number, at: number): YamlSyntaxError {
    const { line, column } = lineAndColumn(this.text, at);
    const path = jsonPathAt(this.text, start, at);
    return new YamlSyntaxError(nestingReason(`document ${document}${path === '' ? '' : `, at ${cutText(path)}`}: `), line, column, 'nesting too deep');
  }
}

/**
 * Every document of a YAML stream read at once, as js-yaml reads a whole text (no alias check):
 * what the part-at-a-time reader must agree with (its tests compare the two).
 */
export function readWholeYaml(text: string): unknown[] {
  try {
    return loadAll(text);
  } catch (error) {
    throw syntaxError(error);
  }
}

/** Reads a YAML stream a part at a time. */
export function yamlDocumentStream(text: string): DocumentStream {
  return new YamlDocumentStream(text);
}

/** Reads a JSON file an item of its top-level list at a time. */
export function jsonDocumentStream(text: string): DocumentStream {
  return new JsonDocumentStream(text);
}

/** All documents of a stream. */
function allDocuments(stream: DocumentStream): unknown[] {
  const out: unknown[] = [];
  stream.read(documents => {
    for (const document of documents) {
      out.push(document);
    }
  });
  return out;
}

/**
 * Every document of a YAML stream, in order, empty documents included (as `null`), so that a
 * document's index is its position in the stream. Throws YamlSyntaxError, also for a document whose
 * aliases would expand it beyond reason (see aliasProblem) or that nests too deep.
 */
export function parseYamlDocuments(text: string): unknown[] {
  return allDocuments(yamlDocumentStream(text));
}

/**
 * One YAML document (e.g. the plugin list of a ConfigMap key). Throws YamlSyntaxError, also for a
 * document whose aliases would expand it beyond reason (see aliasProblem).
 */
export function parseYaml(text: string): unknown {
  const { yaml, schema } = jsYaml();
  let document: unknown;
  try {
    document = yaml.load(text, { schema, maxDepth: MAX_NESTING_DEPTH });
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
 * YamlSyntaxError with the line of the error, also for a value nested too deep.
 */
export function parseJsonDocuments(text: string): unknown[] {
  return allDocuments(jsonDocumentStream(text));
}

/** A whole JSON file's documents (no nesting limit). Throws YamlSyntaxError with the line of the error. */
function parseJsonFile(text: string): unknown[] {
  let value: unknown;
  try {
    value = JSON.parse(text.charCodeAt(0) === 0xfeff ? text.slice(1) : text); // a byte order mark is not JSON
  } catch (error) {
    const offset = jsonErrorOffset(text);
    const before = text.slice(0, offset);
    const line = before.split('\n').length;
    const column = offset - before.lastIndexOf('\n');
    const message: unknown = isObject(error) ? error.message : undefined;
    const reason = String(message ?? error).replace(/, ".*" is not valid JSON$/s, '').replace(/ in JSON at position \d+.*$/s, '');
    throw new YamlSyntaxError(cutLongRuns(reason.charAt(0).toLowerCase() + reason.slice(1)), line, column);
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
