/**
 * Where the documents of a YAML stream or a JSON file lie in its text, found without parsing it, so
 * that a large file can be parsed one document at a time (see yaml.ts, which parses the parts).
 * Pure text scanning: nothing here parses a value.
 */
import { joinPath } from './fields';

/**
 * The parts of a YAML stream that js-yaml reads the same way on their own as within the whole text,
 * and the line each document starts on.
 */
export interface YamlLayout {
  /** Offset of each part's first character; a part ends where the next begins (the last at the end of the text). */
  readonly partStarts: readonly number[];
  /**
   * The 1-based line each document starts on, as `documentStartLines` counts them (its first line
   * that is not blank or a comment; the `---` line of an empty document), or `undefined` when the
   * layout is one that function does not follow (`...` or `%` at the start of a line).
   */
  readonly documentLines: readonly number[] | undefined;
}

const SPACE = 0x20;
const TAB = 0x09;
const CR = 0x0d;
const LF = 0x0a;
const DASH = 0x2d;
const HASH = 0x23;
const PERCENT = 0x25;

const LONE_CR = /\r(?!\n)/;

/** Lines that are blank or only a comment, as `documentStartLines` tests them. */
const BLANK_OR_COMMENT = /^[ \t]*(?:#.*)?$/;

/** True when the three characters at `at` are `---` or `...` (`c`) followed by a space, a tab, a line break or the end. */
function isMarker(text: string, at: number, c: number): boolean {
  if (text.charCodeAt(at) !== c || text.charCodeAt(at + 1) !== c || text.charCodeAt(at + 2) !== c) {
    return false;
  }
  const next = text.charCodeAt(at + 3);
  return Number.isNaN(next) || next === SPACE || next === TAB || next === CR || next === LF;
}

/**
 * What a line (or the rest of a `---` line) holds at its start, after node properties (tags `!x`,
 * anchors `&x`): a block scalar header (`|` or `>`), nothing (or a comment), node properties and
 * nothing else (the node follows on a later line, or is empty), or anything else.
 */
function rootStart(text: string, from: number, to: number): 'block' | 'open' | 'properties' | 'other' {
  let i = from;
  let properties = false;
  for (;;) {
    while (i < to && (text.charCodeAt(i) === SPACE || text.charCodeAt(i) === TAB)) i++;
    const c = text[i];
    if (c === '!' || c === '&') {
      properties = true;
      while (i < to && text.charCodeAt(i) !== SPACE && text.charCodeAt(i) !== TAB) i++;
      continue;
    }
    if (i >= to || c === '#') return properties ? 'properties' : 'open';
    return c === '|' || c === '>' ? 'block' : 'other';
  }
}

/**
 * Splits a YAML stream into parts at its document markers: a part begins at a line that starts with
 * `---` and a space, a tab or a line break (js-yaml reads every such line as the start of a document,
 * or fails on it inside an unfinished quoted scalar or flow collection, and then fails the same way
 * on the part that ends there). Two exceptions keep a `---` line inside the current part: a directive
 * (`%YAML`, `%TAG`) right before it belongs to the document it starts, and once a document's top
 * node is a block scalar (`--- |1`), js-yaml may read later `---` lines as its content, so the rest of
 * the stream stays one part; nor does a document whose top node has properties (a tag, an anchor) but no
 * content yet end there (js-yaml reads it as null then, as an empty string at the end of a text). A
 * part may still hold several documents (after `...`; a text with line breaks that are a carriage
 * return alone is one part): the parser reads every document of a part.
 */
export function yamlLayout(text: string): YamlLayout {
  const partStarts: number[] = [0];
  const starts: number[] = [];
  let reliable = true;
  // documentStartLines' state
  let pending: number | undefined;
  let inDocument = false;
  // the splitter's state
  let directiveBefore = false; // the last line that is not blank or a comment is a directive
  let blockRoot = false; // a document of the current part may read later `---` lines as content
  let rootFollows = true; // the next line that is not blank or a comment starts a document's top node
  let partHasDocument = false; // the current part starts with `---` or holds more than blank lines and comments
  let properties = false; // the current document's top node has properties and no content yet
  let lineNumber = 0;
  let at = 0;
  while (at <= text.length) {
    lineNumber++;
    const lf = text.indexOf('\n', at);
    const end = lf < 0 ? text.length : lf;
    const contentEnd = lf > 0 && text.charCodeAt(lf - 1) === CR ? lf - 1 : end; // as split(/\r?\n/) leaves it
    const first = text.charCodeAt(at);
    // Splitting (blank lines and comments before a document belong to it; js-yaml skips a byte order mark at the start)
    const from = at === 0 && first === 0xfeff ? 1 : at;
    const lead = text.charCodeAt(from);
    let i = from;
    while (i < end && (text.charCodeAt(i) === SPACE || text.charCodeAt(i) === TAB)) i++;
    const blank = i >= end || text.charCodeAt(i) === HASH || text.charCodeAt(i) === CR;
    if (lead === DASH && isMarker(text, from, DASH)) {
      if (partHasDocument && !directiveBefore && !blockRoot && !properties) {
        partStarts.push(at);
      }
      partHasDocument = true;
      const root = rootStart(text, from + 3, contentEnd);
      blockRoot ||= root === 'block';
      rootFollows = root === 'open' || root === 'properties';
      properties = root === 'properties';
      directiveBefore = false;
    } else if (!blank) {
      partHasDocument = true;
      if (rootFollows && lead !== PERCENT) {
        const root = rootStart(text, from, contentEnd);
        blockRoot ||= root === 'block';
        rootFollows = root === 'open' || root === 'properties';
        properties = root === 'properties';
      }
      directiveBefore = lead === PERCENT;
      if (lead === 0x2e && isMarker(text, from, 0x2e)) {
        rootFollows = true; // a document may follow a document end marker without `---`
        properties = false;
      }
    }
    // documentStartLines, on the same line
    if (first === DASH && text.startsWith('---', at) && (at + 3 === contentEnd
      || text.charCodeAt(at + 3) === SPACE || text.charCodeAt(at + 3) === TAB)) {
      if (pending !== undefined) {
        starts.push(pending);
      }
      const rest = text.slice(at + 3, contentEnd).trim();
      if (rest !== '' && !rest.startsWith('#')) {
        starts.push(lineNumber);
        pending = undefined;
        inDocument = true;
      } else {
        pending = lineNumber;
        inDocument = false;
      }
    } else if (first === PERCENT || text.startsWith('...', at)) {
      reliable = false;
    } else if (!inDocument && !BLANK_OR_COMMENT.test(text.slice(at, contentEnd))) {
      starts.push(lineNumber);
      pending = undefined;
      inDocument = true;
    }
    if (lf < 0) {
      break;
    }
    at = lf + 1;
  }
  if (pending !== undefined) {
    starts.push(pending);
  }
  // js-yaml also breaks lines at a carriage return alone, which this splitter does not follow: such
  // a text is read whole
  return { partStarts: LONE_CR.test(text) ? [0] : partStarts, documentLines: reliable ? starts : undefined };
}

/**
 * The document start lines of a YAML stream given how many documents the parser found: those of the
 * layout when they are as many, else `undefined` (as `documentStartLines` answers).
 */
export function documentLinesOf(layout: YamlLayout, documentCount: number): number[] | undefined {
  const lines = layout.documentLines;
  if (lines === undefined) {
    return undefined;
  }
  if (lines.length === 0 && documentCount === 1) {
    return [1]; // only comments: one empty document
  }
  return lines.length === documentCount ? [...lines] : undefined;
}

/** A value of a JSON text: where it lies, and where it first nests too deep (if it does). */
export interface JsonValueRange {
  readonly start: number;
  readonly end: number;
  /** Offset of the first value at the limit's level or deeper, or -1. */
  readonly tooDeep: number;
}

function isJsonSpace(c: number): boolean {
  return c === SPACE || c === LF || c === CR || c === TAB;
}

/** The offset after the closing quote of the JSON string whose opening quote is at `at`, or -1. */
function stringEnd(text: string, at: number): number {
  let i = at + 1;
  for (;;) {
    const quote = text.indexOf('"', i);
    if (quote < 0) {
      return -1;
    }
    let backslashes = 0;
    while (text.charCodeAt(quote - 1 - backslashes) === 0x5c) backslashes++;
    if (backslashes % 2 === 0) {
      return quote + 1;
    }
    i = quote + 1;
  }
}

/** Skips JSON white space from `at`. */
export function skipJsonSpace(text: string, at: number): number {
  let i = at;
  while (i < text.length && isJsonSpace(text.charCodeAt(i))) i++;
  return i;
}

/**
 * The extent of the JSON value that starts at `at` (no white space before it), nested `depth` levels
 * inside the text's top value (0 for the top value itself), and where it first has a value at level
 * `maxDepth` or deeper: the top value is level 1, and every value of an object or array, the keys of
 * objects too, is one level deeper than it (as js-yaml counts the nodes of a YAML document, which
 * JSON is, against its maxDepth). Only strings and brackets are followed, so the value is not
 * checked for being JSON; `undefined` when it does not end (an unterminated string, a missing bracket).
 */
export function jsonValueRange(text: string, at: number, depth: number, maxDepth: number): JsonValueRange | undefined {
  let open = depth; // brackets open around the current position
  let tooDeep = -1;
  let i = at;
  while (i < text.length) {
    const c = text.charCodeAt(i);
    if (c === 0x22) { // "
      if (open + 1 >= maxDepth && tooDeep < 0) tooDeep = i;
      const after = stringEnd(text, i);
      if (after < 0) {
        return undefined;
      }
      i = after;
      if (open === depth) {
        return { start: at, end: i, tooDeep };
      }
      continue;
    }
    if (c === 0x5b || c === 0x7b) { // [ {
      if (open + 1 >= maxDepth && tooDeep < 0) tooDeep = i;
      open++;
      i++;
      continue;
    }
    if (c === 0x5d || c === 0x7d) { // ] }
      if (open === depth) {
        return { start: at, end: i, tooDeep }; // a scalar ended by its list's bracket
      }
      open--;
      i++;
      if (open === depth) {
        return { start: at, end: i, tooDeep };
      }
      continue;
    }
    if (isJsonSpace(c) || c === 0x2c || c === 0x3a) { // white space , :
      if (open === depth) {
        return { start: at, end: i, tooDeep }; // the end of a scalar
      }
      i++;
      continue;
    }
    // a character of a number or of true, false, null
    if (open + 1 >= maxDepth && tooDeep < 0) tooDeep = i;
    i++;
  }
  return open === depth && i > at ? { start: at, end: i, tooDeep } : undefined;
}

/**
 * The path, inside the JSON value that starts at `start`, of the value at `at` (e.g.
 * `spec.template[0]["a.b"]`), for messages: follows keys and list positions up to there.
 */
export function jsonPathAt(text: string, start: number, at: number): string {
  const frames: Array<{ list: boolean; key: string; index: number }> = [];
  let expectKey = false;
  let i = start;
  while (i < at) {
    const c = text.charCodeAt(i);
    if (c === 0x22) {
      const after = stringEnd(text, i);
      if (after < 0 || after > at) break;
      const top = frames[frames.length - 1];
      if (top !== undefined && !top.list && expectKey) {
        try {
          top.key = JSON.parse(text.slice(i, after));
        } catch {
          top.key = text.slice(i + 1, after - 1);
        }
        expectKey = false;
      }
      i = after;
      continue;
    }
    if (c === 0x5b || c === 0x7b) {
      frames.push({ list: c === 0x5b, key: '', index: 0 });
      expectKey = c === 0x7b;
    } else if (c === 0x5d || c === 0x7d) {
      frames.pop();
    } else if (c === 0x2c) {
      const top = frames[frames.length - 1];
      if (top?.list) top.index++;
      else expectKey = true;
    }
    i++;
  }
  let path = '';
  for (const frame of frames) {
    if (frame.list) {
      path += `[${frame.index}]`;
    } else {
      path = joinPath(path, frame.key);
    }
  }
  return path;
}

/**
 * The 1-based line of an offset of a YAML text as js-yaml counts lines (a carriage return alone
 * breaks a line too).
 */
export function yamlLineOf(text: string, offset: number): number {
  let line = 1;
  for (let i = 0; i < offset; i++) {
    const c = text.charCodeAt(i);
    if (c === LF || (c === CR && text.charCodeAt(i + 1) !== LF)) line++;
  }
  return line;
}

/** The 1-based line and column of an offset of a text. */
export function lineAndColumn(text: string, offset: number): { line: number; column: number } {
  let line = 1;
  let lineStart = 0;
  for (let i = text.indexOf('\n'); i >= 0 && i < offset; i = text.indexOf('\n', i + 1)) {
    line++;
    lineStart = i + 1;
  }
  return { line, column: offset - lineStart + 1 };
}
