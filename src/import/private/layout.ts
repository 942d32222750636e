/**
 * Lays out the importer's TypeScript as prettier would (printWidth 120, single quotes, trailing commas),
 * without shipping a formatter: the generator writes each statement on one line and this breaks it.
 *
 * The code the generator writes is a small part of TypeScript: statements of calls, `new` expressions,
 * object and array literals, strings, numbers, member accesses, `//` comments. This reads that part
 * into bracket groups and prints them with a Wadler-style layout (the algorithm prettier's printer
 * implements): a group goes on one line when it fits, else each of its items on a line of its own.
 * On top of that, prettier's rules for this part of the language: a call's last object or array
 * argument hugs the parentheses, a string property value moves to the next line rather than overflow,
 * arrays of several objects always break, arrays of numbers fill their lines, strings take single
 * quotes unless that needs more escapes. test/import/layout.test.ts holds the result to prettier's.
 */

/** The line width of the generated code. */
export const PRINT_WIDTH = 120;

// ---------------------------------------------------------------- tokens

type Token =
  | { readonly kind: 'word'; readonly text: string } // identifiers, keywords, numbers
  | { readonly kind: 'string'; readonly text: string } // as it is printed (quotes chosen)
  | { readonly kind: 'punct'; readonly text: string }
  | { readonly kind: 'comment'; readonly text: string };

const PUNCTUATION = ['...', '===', '!==', '=>', '&&', '||', '??', '?.', '==', '!=', '<=', '>=', '(', ')', '[', ']', '{', '}', ',', ';', ':', '.', '!', '?', '=', '<', '>', '+', '-', '*', '/', '|', '&'];

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (/\s/.test(c)) {
      i++;
    } else if (text.startsWith('//', i)) {
      const end = text.indexOf('\n', i);
      const stop = end === -1 ? text.length : end;
      tokens.push({ kind: 'comment', text: text.slice(i, stop).trimEnd() });
      i = stop;
    } else if (c === '"' || c === '\'') {
      let j = i + 1;
      while (j < text.length && text[j] !== c) j += text[j] === '\\' ? 2 : 1;
      if (j >= text.length) throw new Error(`layout: unterminated string at ${i}: ${text.slice(i, i + 40)}`);
      tokens.push({ kind: 'string', text: requote(text.slice(i + 1, j)) });
      i = j + 1;
    } else if (/[A-Za-z0-9_$]/.test(c) || (c === '-' && /[0-9]/.test(text[i + 1] ?? '') && isOperandStart(tokens))) {
      let j = i + 1;
      while (j < text.length && /[A-Za-z0-9_$.]/.test(text[j]) && !(text[j] === '.' && !/^-?[0-9]/.test(text.slice(i, j)))) j++;
      // exponents of numbers (1e-7)
      if (/^-?[0-9.]+[eE]$/.test(text.slice(i, j)) && /[-+]/.test(text[j] ?? '')) {
        j++;
        while (j < text.length && /[0-9]/.test(text[j])) j++;
      }
      const word = text.slice(i, j);
      tokens.push({ kind: 'word', text: /^-?[0-9]/.test(word) ? printNumber(word) : word });
      i = j;
    } else {
      const p = PUNCTUATION.find(op => text.startsWith(op, i));
      if (!p) throw new Error(`layout: unexpected character ${JSON.stringify(c)} at ${i}: ${text.slice(i, i + 40)}`);
      tokens.push({ kind: 'punct', text: p });
      i += p.length;
    }
  }
  return tokens;
}

/** A number as prettier prints it: `1e+21` → `1e21`, `1.50` → `1.5`, `5.` → `5`. */
function printNumber(text: string): string {
  return text.toLowerCase()
    .replace(/^([+-]?[\d.]+e)(?:\+|(-))?0*(\d)/, '$1$2$3')
    .replace(/^([+-]?[\d.]+)e[+-]?0+$/, '$1')
    .replace(/^([+-])?\./, '$10.')
    .replace(/(\.\d+?)0+(?=e|$)/, '$1')
    .replace(/\.(?=e|$)/, '');
}

/** Whether a `-` here starts a number (after an operator, an opening bracket or a comma, or first). */
function isOperandStart(tokens: Token[]): boolean {
  const last = tokens[tokens.length - 1];
  return last === undefined || (last.kind === 'punct' && !')]}'.includes(last.text));
}

/**
 * A string literal's text with the quotes prettier chooses: single, unless the content holds more single
 * quotes than double; escapes of the other quote are dropped, the chosen quote is escaped.
 */
function requote(raw: string): string {
  const doubles = (raw.match(/"/g) ?? []).length;
  const singles = (raw.match(/'/g) ?? []).length;
  const quote = singles > doubles ? '"' : '\'';
  const other = quote === '"' ? '\'' : '"';
  const content = raw.replace(/\\(.)|(["'])/gs, (_match, escaped: string | undefined, bare: string | undefined) => {
    if (escaped === other) return escaped;
    if (bare === quote) return `\\${bare}`;
    if (bare) return bare;
    return /^[^\n\r"'0-7\\bfnrt-vx\u2028\u2029]$/.test(escaped!) ? escaped! : `\\${escaped}`;
  });
  return `${quote}${content}${quote}`;
}

// ---------------------------------------------------------------- tree

/** A bracketed, comma-separated list. */
interface Group {
  readonly open: '(' | '[' | '{';
  readonly items: Item[];
  /** Comments after the last item. */
  readonly trailing: string[];
}
interface Item {
  readonly comments: string[];
  readonly nodes: Node[];
}
type Node = Token | Group;

const CLOSE: { [open: string]: string } = { '(': ')', '[': ']', '{': '}' };

function isGroup(node: Node | undefined): node is Group {
  return node !== undefined && 'items' in node;
}

/** Reads tokens into a sequence; undefined when the brackets do not balance (a line that opens a block). */
function parse(tokens: Token[]): Node[] | undefined {
  let pos = 0;
  const sequence = (close: string | undefined): Node[] | undefined => {
    const nodes: Node[] = [];
    while (pos < tokens.length) {
      const t = tokens[pos];
      if (t.kind === 'punct' && (t.text === ',' || t.text === close)) return nodes;
      if (t.kind === 'punct' && ')]}'.includes(t.text)) return undefined;
      pos++;
      if (t.kind === 'punct' && (t.text === '(' || t.text === '[' || t.text === '{')) {
        const group = list(t.text);
        if (!group) return undefined;
        nodes.push(group);
      } else {
        nodes.push(t);
      }
    }
    return close === undefined ? nodes : undefined;
  };
  const list = (open: '(' | '[' | '{'): Group | undefined => {
    const items: Item[] = [];
    let trailing: string[] = [];
    for (;;) {
      const comments: string[] = [];
      while (pos < tokens.length && tokens[pos].kind === 'comment') comments.push(tokens[pos++].text);
      if (pos >= tokens.length) return undefined;
      if (tokens[pos].kind === 'punct' && tokens[pos].text === CLOSE[open]) {
        pos++;
        trailing = comments;
        return { open, items, trailing };
      }
      const nodes = sequence(CLOSE[open]);
      if (!nodes || pos >= tokens.length) return undefined;
      items.push({ comments, nodes });
      if (tokens[pos].text === ',') pos++;
    }
  };
  const nodes = sequence(undefined);
  return nodes && pos === tokens.length ? nodes : undefined;
}

// ---------------------------------------------------------------- documents

type Doc = string | Doc[] | DocGroup | { readonly k: 'indent'; readonly c: Doc } | DocLine
  | { readonly k: 'ifBreak'; readonly brk: Doc; readonly flat: Doc } | { readonly k: 'fill'; readonly parts: Doc[] };
interface DocGroup {
  readonly k: 'group';
  readonly c: Doc;
  /** Broken whatever the width (set for groups that hold a hard line, or by rule). */
  brk: boolean;
  /** Layouts to try in turn when the flat one does not fit (the last one is used broken). */
  readonly states?: Doc[];
}
interface DocLine {
  readonly k: 'line';
  /** Nothing when flat (else a space). */
  readonly soft?: boolean;
  /** Always a new line. */
  readonly hard?: boolean;
}

const line: DocLine = { k: 'line' };
const softline: DocLine = { k: 'line', soft: true };
const hardline: DocLine = { k: 'line', hard: true };
const group = (c: Doc, brk = false, states?: Doc[]): DocGroup => ({ k: 'group', c, brk, states });
const indent = (c: Doc): Doc => ({ k: 'indent', c });
const ifBreak = (brk: Doc, flat: Doc = ''): Doc => ({ k: 'ifBreak', brk, flat });

/** Whether a document always breaks (holds a hard line or a group that must break). */
function willBreak(doc: Doc): boolean {
  if (typeof doc === 'string') return false;
  if (Array.isArray(doc)) return doc.some(willBreak);
  switch (doc.k) {
    case 'group': return doc.brk || willBreak(doc.c);
    case 'indent': return willBreak(doc.c);
    case 'line': return doc.hard === true;
    case 'ifBreak': return willBreak(doc.brk);
    case 'fill': return doc.parts.some(willBreak);
  }
}

/** Marks every group that holds a hard line as broken (groups with alternative layouts decide for themselves). */
function propagateBreaks(doc: Doc): boolean {
  if (typeof doc === 'string') return false;
  if (Array.isArray(doc)) return doc.map(propagateBreaks).some(b => b);
  switch (doc.k) {
    case 'group': {
      const inner = propagateBreaks(doc.c);
      doc.states?.forEach(propagateBreaks);
      if (inner && !doc.states) doc.brk = true;
      return doc.brk;
    }
    case 'indent': return propagateBreaks(doc.c);
    case 'line': return doc.hard === true;
    case 'ifBreak': return propagateBreaks(doc.brk);
    case 'fill': return doc.parts.map(propagateBreaks).some(b => b);
  }
}

type Mode = 'flat' | 'break';
interface Command {
  readonly indent: number;
  readonly mode: Mode;
  readonly doc: Doc;
}

/**
 * Whether `next` fits in `width` columns, followed by the rest up to its first possible line break
 * (`rest` in the modes of the enclosing groups).
 */
function fits(next: Command, rest: Command[], width: number, mustBeFlat: boolean): boolean {
  const todo: Command[] = [next];
  let restIndex = rest.length;
  while (width >= 0) {
    const cmd = todo.pop() ?? (restIndex > 0 ? rest[--restIndex] : undefined);
    if (cmd === undefined) return true;
    const { mode, doc } = cmd;
    if (typeof doc === 'string') {
      width -= doc.length;
    } else if (Array.isArray(doc)) {
      for (let i = doc.length - 1; i >= 0; i--) todo.push({ indent: cmd.indent, mode, doc: doc[i] });
    } else {
      switch (doc.k) {
        case 'group': {
          if (mustBeFlat && doc.brk) return false;
          const groupMode = doc.brk ? 'break' : mode;
          const contents = doc.states && groupMode === 'break' ? doc.states[doc.states.length - 1] : doc.c;
          todo.push({ indent: cmd.indent, mode: groupMode, doc: contents });
          break;
        }
        case 'indent': todo.push({ indent: cmd.indent, mode, doc: doc.c }); break;
        case 'ifBreak': todo.push({ indent: cmd.indent, mode, doc: mode === 'break' ? doc.brk : doc.flat }); break;
        case 'line':
          if (mode === 'break' || doc.hard) return true;
          if (!doc.soft) width -= 1;
          break;
        case 'fill':
          for (let i = doc.parts.length - 1; i >= 0; i--) todo.push({ indent: cmd.indent, mode, doc: doc.parts[i] });
          break;
      }
    }
  }
  return false;
}

/** Prints a document at a starting column. */
function print(doc: Doc, startIndent: number, width: number): string {
  propagateBreaks(doc);
  let out = '';
  let column = startIndent;
  const cmds: Command[] = [{ indent: startIndent, mode: 'break', doc }];
  while (cmds.length > 0) {
    const cmd = cmds.pop()!;
    const { doc: d, mode } = cmd;
    if (typeof d === 'string') {
      out += d;
      column += d.length;
      continue;
    }
    if (Array.isArray(d)) {
      for (let i = d.length - 1; i >= 0; i--) cmds.push({ indent: cmd.indent, mode, doc: d[i] });
      continue;
    }
    switch (d.k) {
      case 'indent':
        cmds.push({ indent: cmd.indent + 2, mode, doc: d.c });
        break;
      case 'ifBreak':
        cmds.push({ indent: cmd.indent, mode, doc: mode === 'break' ? d.brk : d.flat });
        break;
      case 'line':
        if (mode === 'flat' && !d.hard) {
          if (!d.soft) {
            out += ' ';
            column += 1;
          }
        } else {
          // (the spaces a line ends with go once, at the end: trimming the whole text so far at every break took
          // time in the square of its length — minutes for a statement of a few hundred kB, a CRD's schema)
          out += '\n' + ' '.repeat(cmd.indent);
          column = cmd.indent;
        }
        break;
      case 'group': {
        if (mode === 'flat') {
          cmds.push({ indent: cmd.indent, mode: d.brk ? 'break' : 'flat', doc: d.c });
          break;
        }
        const flat: Command = { indent: cmd.indent, mode: 'flat', doc: d.c };
        if (!d.brk && fits(flat, cmds, width - column, false)) {
          cmds.push(flat);
        } else if (d.states) {
          const last = d.states[d.states.length - 1];
          let chosen: Command = { indent: cmd.indent, mode: 'break', doc: last };
          if (!d.brk) {
            for (const state of d.states.slice(1, -1)) {
              const attempt: Command = { indent: cmd.indent, mode: 'flat', doc: state };
              if (fits(attempt, cmds, width - column, false)) {
                chosen = attempt;
                break;
              }
            }
          }
          cmds.push(chosen);
        } else {
          cmds.push({ indent: cmd.indent, mode: 'break', doc: d.c });
        }
        break;
      }
      case 'fill': {
        // content, separator, content, …: a separator breaks when the content after it does not fit
        const [content, separator, ...rest] = d.parts;
        const contentFlat: Command = { indent: cmd.indent, mode: 'flat', doc: content };
        const contentFits = fits(contentFlat, [], width - column, true);
        if (separator === undefined) {
          cmds.push(contentFits ? contentFlat : { indent: cmd.indent, mode: 'break', doc: content });
          break;
        }
        const pairFits = fits({ indent: cmd.indent, mode: 'flat', doc: [content, separator, rest[0]] }, [], width - column, true);
        cmds.push({ indent: cmd.indent, mode, doc: { k: 'fill', parts: rest } });
        cmds.push({ indent: cmd.indent, mode: pairFits ? 'flat' : 'break', doc: separator });
        cmds.push(contentFits ? contentFlat : { indent: cmd.indent, mode: 'break', doc: content });
        break;
      }
    }
  }
  return out.replace(/ +$/gm, '');
}

// ---------------------------------------------------------------- from the tree to documents

const KEYWORDS_BEFORE_PAREN = new Set(['if', 'for', 'while', 'switch', 'catch', 'return', 'typeof', 'of', 'in', 'new', 'await', 'instanceof']);
const NO_SPACE_BEFORE = new Set([',', ';', '.', '?.', ':', '!']);
const NO_SPACE_AFTER = new Set(['.', '?.', '...']);

function isToken(node: Node | undefined, text?: string): node is Token {
  return node !== undefined && !isGroup(node) && (text === undefined || node.text === text);
}

/** A sequence of nodes with the spaces between them. */
function sequenceDoc(nodes: Node[]): Doc[] {
  const parts: Doc[] = [];
  nodes.forEach((node, i) => {
    const prev = nodes[i - 1];
    if (prev !== undefined && spaceBetween(prev, node, nodes[i - 2])) parts.push(' ');
    parts.push(isGroup(node) ? groupDoc(node) : node.text);
  });
  return parts;
}

function spaceBetween(prev: Node, node: Node, beforePrev: Node | undefined): boolean {
  if (isToken(node) && node.kind === 'punct' && NO_SPACE_BEFORE.has(node.text)) {
    // a postfix `!` (non-null assertion) follows its operand; `:` follows its key
    return false;
  }
  if (isToken(prev) && prev.kind === 'punct' && NO_SPACE_AFTER.has(prev.text)) return false;
  // a prefix `!`
  if (isToken(prev, '!') && (beforePrev === undefined || (isToken(beforePrev) && beforePrev.kind === 'punct' && beforePrev.text !== ')'))) return false;
  if (isGroup(node) && (node.open === '(' || node.open === '[')) {
    // a call or an index: no space after its callee, unless a keyword
    return isToken(prev) && prev.kind === 'word' && KEYWORDS_BEFORE_PAREN.has(prev.text) && !isToken(beforePrev, '.');
  }
  return true;
}

/** Whether a sequence is a literal object or array (what a call's last argument hugs). */
function literalGroup(nodes: Node[]): Group | undefined {
  return nodes.length === 1 && isGroup(nodes[0]) && nodes[0].open !== '(' ? nodes[0] : undefined;
}

function commentDocs(comments: string[]): Doc[] {
  return comments.flatMap(c => [c, hardline]);
}

/** The items of a group, separated for its broken form. */
function itemDocs(g: Group, printItem: (item: Item) => Doc): Doc[] {
  const parts: Doc[] = [];
  g.items.forEach((item, i) => {
    if (i > 0) parts.push(',', line);
    parts.push(...commentDocs(item.comments), printItem(item));
  });
  return parts;
}

function groupDoc(g: Group): Doc {
  const close = CLOSE[g.open];
  if (g.items.length === 0 && g.trailing.length === 0) return `${g.open}${close}`;
  const trailing: Doc[] = g.trailing.length > 0 ? [line, ...commentDocs(g.trailing).slice(0, -1)] : [];
  if (g.open === '{') {
    return group([
      '{', indent([line, ...itemDocs(g, propertyDoc), ifBreak(','), ...trailing]), line, '}',
    ], g.trailing.length > 0);
  }
  if (g.open === '[') return arrayDoc(g, trailing);
  return argumentsDoc(g, trailing);
}

/** `key: value`, the value on the next line when it is a string or a member chain that does not fit. */
function propertyDoc(item: Item): Doc {
  const [key, colon, ...value] = item.nodes;
  if (!isToken(colon, ':') || isGroup(key) || value.length === 0) return sequenceDoc(item.nodes);
  const keyText = unquotedKey(key);
  const shortKey = keyText.length < 5;
  const valueDoc = sequenceDoc(value);
  const breaksAfterColon = !shortKey && (
    (value.length === 1 && isToken(value[0]) && value[0].kind === 'string') || isMemberChain(value));
  if (breaksAfterColon) return [keyText, ':', group(indent([line, ...valueDoc]))];
  return [keyText, ': ', ...valueDoc];
}

/** A quoted key that is an identifier name loses its quotes (`'ümlaut'` → `ümlaut`). */
function unquotedKey(key: Token): string {
  if (key.kind !== 'string') return key.text;
  const content = key.text.slice(1, -1);
  return /^[\p{ID_Start}$_][\p{ID_Continue}$\u200C\u200D]*$/u.test(content) ? content : key.text;
}

/** `a.b.c`: identifiers joined by dots, no calls. */
function isMemberChain(nodes: Node[]): boolean {
  if (nodes.length < 3) return false;
  return nodes.every((n, i) => isToken(n) && (i % 2 === 0 ? n.kind === 'word' && !/^[0-9-]/.test(n.text) : n.text === '.'));
}

/** An array of two or more numbers (printed as a fill). */
function isNumberArray(g: Group): boolean {
  return g.open === '[' && g.items.length > 1 && g.trailing.length === 0 && g.items.every(i => i.comments.length === 0 && i.nodes.length === 1
    && isToken(i.nodes[0]) && i.nodes[0].kind === 'word' && /^-?[0-9]/.test(i.nodes[0].text));
}

function arrayDoc(g: Group, trailing: Doc[]): Doc {
  if (isNumberArray(g)) {
    const parts: Doc[] = [];
    // each number carries its comma, so that a line ends where the next number and its comma would not fit
    g.items.forEach((item, i) => {
      if (i > 0) parts.push(line);
      parts.push(`${(item.nodes[0] as Token).text}${i < g.items.length - 1 ? ',' : ''}`);
    });
    return group(['[', indent([softline, { k: 'fill', parts }, ifBreak(',')]), softline, ']']);
  }
  // several objects (or arrays) of more than one entry each: one per line, whatever the width
  const first = literalGroup(g.items[0]?.nodes ?? []);
  const concise = g.items.length > 1 && first !== undefined && g.items.every(i => {
    const lit = literalGroup(i.nodes);
    return lit !== undefined && lit.open === first.open && lit.items.length > 1;
  });
  return group(['[', indent([softline, ...itemDocs(g, i => sequenceDoc(i.nodes)), ifBreak(','), ...trailing]), softline, ']'],
    concise || g.trailing.length > 0);
}

function argumentsDoc(g: Group, trailing: Doc[]): Doc {
  const printed = g.items.map(i => sequenceDoc(i.nodes));
  const allBroken = group(['(', indent([softline, ...itemDocs(g, i => sequenceDoc(i.nodes)), ifBreak(','), ...trailing]), softline, ')'], true);
  const comments = g.trailing.length > 0 || g.items.some(i => i.comments.length > 0);
  if (comments) return allBroken;
  const last = g.items[g.items.length - 1];
  const lastLiteral = literalGroup(last.nodes);
  const penultimate = g.items.length > 1 ? literalGroup(g.items[g.items.length - 2].nodes) : undefined;
  // (an empty literal, or an array of numbers, which fills its lines, does not hug)
  const hugs = lastLiteral !== undefined && lastLiteral.items.length > 0 && !isNumberArray(lastLiteral)
    && !(penultimate !== undefined && penultimate.open === lastLiteral.open);
  if (!hugs || printed.slice(0, -1).some(willBreak)) {
    return group(['(', indent([softline, ...itemDocs(g, i => sequenceDoc(i.nodes)), ifBreak(',')]), softline, ')']);
  }
  const head: Doc[] = printed.slice(0, -1).flatMap(p => [p, ', ']);
  const lastDoc = groupDoc(lastLiteral);
  const hugged = typeof lastDoc === 'string' ? lastDoc : group(lastDoc, true);
  const flat: Doc = ['(', ...head, lastDoc, ')'];
  return [willBreak(lastDoc) ? hardBreakMarker : '', group(flat, false, [flat, ['(', ...head, hugged, ')'], allBroken])];
}

/** Breaks the enclosing groups (a document that never prints anything). */
const hardBreakMarker: Doc = group('', true);

// ---------------------------------------------------------------- entry points

/**
 * One statement (or comment) of the generated code, laid out at an indentation. A line that opens or
 * closes a block (`for (…) {`, `}`) is kept as it is, its strings requoted.
 */
export function layoutStatement(text: string, indentation: number, width: number = PRINT_WIDTH): string {
  const trimmed = text.trim();
  if (trimmed === '') return '';
  const tokens = tokenize(trimmed);
  const nodes = parse(tokens);
  if (nodes === undefined || tokens.every(t => t.kind === 'comment')) {
    // not a balanced statement: each line as written (indentation kept), strings requoted
    return text.split('\n').map(l => {
      const own = l.length - l.trimStart().length;
      return l.trim() === '' ? '' : ' '.repeat(indentation + own) + requoteLine(l.trim());
    }).join('\n');
  }
  return ' '.repeat(indentation) + print(statementDoc(nodes), indentation, width);
}

/** A statement; `if (…) statement;` moves its statement to the next line when the whole does not fit. */
function statementDoc(nodes: Node[]): Doc {
  if (isToken(nodes[0], 'if') && isGroup(nodes[1]) && nodes.length > 2) {
    const condition = nodes[1].items.flatMap(item => sequenceDoc(item.nodes));
    return group(['if (', ...condition, ')', indent([line, ...sequenceDoc(nodes.slice(2))])]);
  }
  return sequenceDoc(nodes);
}

/** A line's strings requoted, everything else as written. */
function requoteLine(text: string): string {
  if (text.startsWith('//')) return text;
  return text.replace(/(["'])((?:\\.|(?!\1).)*)\1/g, (_, __, content: string) => requote(content));
}

/** The tokens of a line that say how it changes the block depth: an opening `{` that ends it, a `}` that starts it. */
function blockEffect(lineText: string): { opens: boolean; closes: boolean } {
  const t = lineText.trim();
  return { opens: /(\)|\b[A-Za-z_$][\w$]*|=>)\s*\{$/.test(t) && !/^(const|let|var|return)\b.*=\s*\{$/.test(t), closes: /^\}/.test(t) };
}

/**
 * A whole generated module: each statement laid out at the depth of its block. Statements may span
 * lines (they are read until their brackets balance); a line that opens or closes a block is kept.
 * Blank lines: at most one in a row, none at the start or end of a block.
 */
export function layoutModule(source: string, width: number = PRINT_WIDTH): string {
  const out: string[] = [];
  let depth = 0;
  let pending: string[] = [];
  let blank = false;
  const lines = source.split('\n');
  for (let i = 0; i < lines.length; i++) {
    const text = lines[i];
    if (pending.length === 0 && text.trim() === '') {
      blank = out.length > 0 && !out[out.length - 1].trimEnd().endsWith('{');
      continue;
    }
    const { opens, closes } = pending.length === 0 ? blockEffect(text) : { opens: false, closes: false };
    if (pending.length === 0 && (opens || closes)) {
      if (closes) depth = Math.max(0, depth - 1);
      if (blank && !closes) out.push('');
      blank = false;
      out.push(' '.repeat(depth * 2) + requoteLine(text.trim()));
      if (opens) depth++;
      continue;
    }
    pending.push(text);
    const joined = pending.join('\n');
    if (!balanced(joined) && i < lines.length - 1) continue;
    if (blank) out.push('');
    blank = false;
    out.push(layoutStatement(joined.split('\n').map(l => l.trim()).join('\n'), depth * 2, width));
    pending = [];
  }
  return `${out.join('\n')}\n`;
}

/** Whether the brackets of a text (outside strings and comments) balance. */
function balanced(text: string): boolean {
  let depth = 0;
  for (const t of tokenize(text)) {
    if (t.kind !== 'punct') continue;
    if ('([{'.includes(t.text)) depth++;
    if (')]}'.includes(t.text)) depth--;
  }
  return depth === 0;
}
