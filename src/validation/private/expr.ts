/**
 * A syntax check for the expression language of notification trigger conditions (the `when` and
 * `oncePer` of a trigger): the notifications engine compiles them with github.com/expr-lang/expr
 * without a typed environment, so what fails there before any Rollout is seen is the syntax.
 *
 * This is a recognizer, not an evaluator: it accepts the grammar of the expr releases the supported
 * controllers ship (literals, member and index access, optional chaining, slices, calls, closures
 * with `#`, arrays, maps, unary and binary operators including the word operators and `not in`,
 * ranges `..`, the ternary and `?:`, `??`, pipes `|`, `let` bindings, `if … else`, comments). What it
 * does not decide: the number and types of a builtin's arguments, unknown functions or variables (an
 * untyped compile accepts them; they fail when evaluated), and regular expressions given to
 * `matches`. Where releases differ it accepts the larger grammar, so it never rejects what the
 * controller compiles.
 */

/** A syntax error: what is wrong and where (0-based offset in the text). */
export interface ExprSyntaxError {
  readonly message: string;
  readonly position: number;
}

type TokenKind = 'number' | 'string' | 'name' | 'pointer' | 'op' | 'eof';

interface Token {
  readonly kind: TokenKind;
  readonly text: string;
  readonly position: number;
}

/** Symbol operators, longest first. */
const SYMBOLS: readonly string[] = [
  '??', '?.', '..', '**', '==', '!=', '<=', '>=', '&&', '||',
  '|', '!', '<', '>', '+', '-', '*', '/', '%', '^', '?', ':', '.', ',', '(', ')', '[', ']', '{', '}', ';', '=',
];

/** Binary operators and their precedence (higher binds tighter). */
const BINARY: ReadonlyMap<string, number> = new Map([
  ['or', 10], ['||', 10],
  ['and', 15], ['&&', 15],
  ['==', 20], ['!=', 20], ['<', 20], ['>', 20], ['<=', 20], ['>=', 20],
  ['in', 20], ['matches', 20], ['contains', 20], ['startsWith', 20], ['endsWith', 20],
  ['..', 25],
  ['+', 30], ['-', 30],
  ['*', 60], ['/', 60], ['%', 60],
  ['**', 100], ['^', 100],
  ['??', 500],
]);

/** Word operators that may follow `not` (`a not in b`). */
const NEGATABLE: ReadonlySet<string> = new Set(['in', 'matches', 'contains', 'startsWith', 'endsWith']);

class SyntaxFailure extends Error {
  constructor(message: string, public readonly position: number) {
    super(message);
  }
}

function tokenize(text: string): Token[] {
  const tokens: Token[] = [];
  let i = 0;
  while (i < text.length) {
    const c = text[i];
    if (/\s/.test(c)) {
      i++;
      continue;
    }
    if (text.startsWith('//', i)) {
      const end = text.indexOf('\n', i);
      i = end < 0 ? text.length : end;
      continue;
    }
    if (text.startsWith('/*', i)) {
      const end = text.indexOf('*/', i + 2);
      if (end < 0) throw new SyntaxFailure('a comment /* is not closed with */', i);
      i = end + 2;
      continue;
    }
    const start = i;
    if (/[0-9]/.test(c)) {
      const radix = /^0[xX][0-9a-fA-F_]+|^0[oO][0-7_]+|^0[bB][01_]+/.exec(text.slice(i));
      if (radix) {
        i += radix[0].length;
      } else {
        while (i < text.length && /[0-9_]/.test(text[i])) i++;
        if (text[i] === '.' && /[0-9]/.test(text[i + 1] ?? '')) {
          i++;
          while (i < text.length && /[0-9_]/.test(text[i])) i++;
        }
        if (/[eE]/.test(text[i] ?? '')) {
          const exponent = /^[eE][+-]?[0-9]+/.exec(text.slice(i));
          if (!exponent) throw new SyntaxFailure(`the number ${text.slice(start, i + 1)} has an exponent without digits`, start);
          i += exponent[0].length;
        }
      }
      if (/[A-Za-z_]/.test(text[i] ?? '')) throw new SyntaxFailure(`${text.slice(start, i + 1)} is not a number`, start);
      tokens.push({ kind: 'number', text: text.slice(start, i), position: start });
      continue;
    }
    if (c === '"' || c === '\'' || c === '`') {
      i++;
      while (i < text.length && text[i] !== c) {
        if (text[i] === '\\' && c !== '`') i++;
        else if (text[i] === '\n' && c !== '`') throw new SyntaxFailure(`a string opened with ${c} ends at the end of the line`, start);
        i++;
      }
      if (i >= text.length) throw new SyntaxFailure(`a string opened with ${c} is not closed`, start);
      i++;
      tokens.push({ kind: 'string', text: text.slice(start, i), position: start });
      continue;
    }
    if (/[A-Za-z_$]/.test(c)) {
      while (i < text.length && /[A-Za-z0-9_$]/.test(text[i])) i++;
      tokens.push({ kind: 'name', text: text.slice(start, i), position: start });
      continue;
    }
    if (c === '#') {
      i++;
      while (i < text.length && /[A-Za-z0-9_]/.test(text[i])) i++;
      tokens.push({ kind: 'pointer', text: text.slice(start, i), position: start });
      continue;
    }
    const symbol = SYMBOLS.find(s => text.startsWith(s, i));
    if (symbol === undefined) throw new SyntaxFailure(`the character ${JSON.stringify(c)} has no meaning here`, i);
    // `a?.b` is optional chaining, but `a ? .5 : b` is not; a digit after `?.` means the ternary
    if (symbol === '?.' && /[0-9]/.test(text[i + 2] ?? '')) {
      tokens.push({ kind: 'op', text: '?', position: i });
      i++;
      continue;
    }
    i += symbol.length;
    tokens.push({ kind: 'op', text: symbol, position: start });
  }
  tokens.push({ kind: 'eof', text: '', position: text.length });
  return tokens;
}

class Parser {
  private at = 0;

  constructor(private readonly tokens: readonly Token[]) {}

  public program(): void {
    if (this.peek().kind === 'eof') throw new SyntaxFailure('the expression is empty', 0);
    this.sequence('eof');
  }

  private peek(offset = 0): Token {
    return this.tokens[Math.min(this.at + offset, this.tokens.length - 1)];
  }

  private next(): Token {
    const token = this.peek();
    if (token.kind !== 'eof') this.at++;
    return token;
  }

  private is(text: string, offset = 0): boolean {
    const token = this.peek(offset);
    return (token.kind === 'op' || token.kind === 'name') && token.text === text;
  }

  private expect(text: string, what: string): void {
    if (!this.is(text)) {
      throw new SyntaxFailure(`expected ${JSON.stringify(text)} ${what}, found ${describe(this.peek())}`, this.peek().position);
    }
    this.next();
  }

  /** Expressions separated by `;` up to `end` (`eof` or `}`). */
  private sequence(end: string): void {
    for (;;) {
      this.expression(0);
      if (this.is(';')) {
        this.next();
        if ((end === 'eof' && this.peek().kind === 'eof') || this.is(end)) break;
        continue;
      }
      break;
    }
    if (end === 'eof' && this.peek().kind !== 'eof') {
      throw new SyntaxFailure(`unexpected ${describe(this.peek())} after a complete expression`, this.peek().position);
    }
  }

  private expression(minPrecedence: number): void {
    if (this.is('let')) {
      this.next();
      if (this.peek().kind !== 'name') throw new SyntaxFailure(`expected a variable name after let, found ${describe(this.peek())}`, this.peek().position);
      this.next();
      this.expect('=', 'after the variable name of let');
      this.expression(0);
      this.expect(';', 'after the value of let');
      this.expression(0);
      return;
    }
    if (this.is('if')) {
      this.next();
      this.expression(0);
      this.block();
      this.expect('else', 'after the block of if');
      if (this.is('if')) this.expression(0);
      else this.block();
      return;
    }
    this.unary();
    for (;;) {
      if (this.is('|') && minPrecedence <= 1) {
        // a pipe: the left side becomes the first argument of the call on the right
        this.next();
        if (this.peek().kind !== 'name') throw new SyntaxFailure(`expected a function after |, found ${describe(this.peek())}`, this.peek().position);
        this.next();
        if (this.is('(')) this.callArguments();
        this.postfix();
        continue;
      }
      const negated = this.is('not') && this.peek(1).kind === 'name' && NEGATABLE.has(this.peek(1).text);
      const op = negated ? this.peek(1).text : this.peek().text;
      const precedence = (this.peek().kind === 'op' || this.peek().kind === 'name') ? BINARY.get(op) : undefined;
      if (precedence === undefined || precedence < minPrecedence) break;
      if (negated) this.next();
      this.next();
      const rightAssociative = op === '**' || op === '^';
      this.expression(rightAssociative ? precedence : precedence + 1);
    }
    if (minPrecedence === 0 && this.is('?')) {
      this.next();
      if (this.is(':')) {
        this.next(); // a ?: b
      } else {
        this.expression(0);
        this.expect(':', 'in a ternary a ? b : c');
      }
      this.expression(0);
    }
  }

  private block(): void {
    this.expect('{', 'to open the block');
    this.sequence('}');
    this.expect('}', 'to close the block');
  }

  private unary(): void {
    if (this.is('not') || this.is('!') || this.is('-') || this.is('+')) {
      this.next();
      this.unary();
      return;
    }
    this.primary();
    this.postfix();
  }

  private primary(): void {
    const token = this.peek();
    if (token.kind === 'number' || token.kind === 'string' || token.kind === 'pointer') {
      this.next();
      return;
    }
    if (token.kind === 'name') {
      if (['and', 'or', 'in', 'matches', 'contains', 'startsWith', 'endsWith', 'else'].includes(token.text)) {
        throw new SyntaxFailure(`${token.text} is an operator; an operand is missing before it`, token.position);
      }
      this.next();
      return;
    }
    if (this.is('(')) {
      this.next();
      this.expression(0);
      this.expect(')', 'to close the parenthesis');
      return;
    }
    if (this.is('[')) {
      this.next();
      while (!this.is(']')) {
        this.expression(0);
        if (!this.is(',')) break;
        this.next();
      }
      this.expect(']', 'to close the array');
      return;
    }
    if (this.is('{')) {
      this.braces();
      return;
    }
    if (this.is('.') && this.peek(1).kind === 'name') {
      // `.field` inside a closure: a field of the current element
      this.next();
      this.next();
      return;
    }
    throw new SyntaxFailure(token.kind === 'eof' ? 'the expression ends where an operand is expected' : `unexpected ${describe(token)}`, token.position);
  }

  /** `{ key: value, … }` (a map) or `{ expression }` (a closure). */
  private braces(): void {
    this.next();
    if (this.is('}')) {
      this.next();
      return;
    }
    const first = this.peek();
    const isMap = (first.kind === 'name' || first.kind === 'string' || first.kind === 'number') && this.is(':', 1)
      || (this.is('(') && this.closingParenFollowedByColon());
    if (!isMap) {
      this.sequence('}');
      this.expect('}', 'to close the closure');
      return;
    }
    while (!this.is('}')) {
      if (this.is('(')) {
        this.next();
        this.expression(0);
        this.expect(')', 'to close the computed key');
      } else {
        const key = this.next();
        if (key.kind !== 'name' && key.kind !== 'string' && key.kind !== 'number') {
          throw new SyntaxFailure(`a map key must be a name, string or number, found ${describe(key)}`, key.position);
        }
      }
      this.expect(':', 'after the map key');
      this.expression(0);
      if (!this.is(',')) break;
      this.next();
    }
    this.expect('}', 'to close the map');
  }

  private closingParenFollowedByColon(): boolean {
    let depth = 0;
    for (let i = this.at; i < this.tokens.length; i++) {
      const t = this.tokens[i];
      if (t.kind !== 'op') continue;
      if (t.text === '(' || t.text === '[' || t.text === '{') depth++;
      if (t.text === ')' || t.text === ']' || t.text === '}') {
        depth--;
        if (depth === 0) return this.tokens[i + 1]?.text === ':' && this.tokens[i + 1]?.kind === 'op';
      }
    }
    return false;
  }

  private postfix(): void {
    for (;;) {
      if (this.is('.') || this.is('?.')) {
        const optional = this.is('?.');
        this.next();
        if (optional && this.is('[')) {
          this.index();
          continue;
        }
        const member = this.peek();
        if (member.kind !== 'name') throw new SyntaxFailure(`expected a field name after ${optional ? '?.' : '.'}, found ${describe(member)}`, member.position);
        this.next();
      } else if (this.is('[')) {
        this.index();
      } else if (this.is('(')) {
        this.callArguments();
      } else {
        return;
      }
    }
  }

  /** `[i]`, `[a:b]`, `[:b]`, `[a:]`, `[:]`. */
  private index(): void {
    this.expect('[', 'to open the index');
    if (!this.is(':')) this.expression(0);
    if (this.is(':')) {
      this.next();
      if (!this.is(']')) this.expression(0);
    }
    this.expect(']', 'to close the index');
  }

  private callArguments(): void {
    this.expect('(', 'to open the arguments');
    while (!this.is(')')) {
      this.expression(0);
      if (!this.is(',')) break;
      this.next();
    }
    this.expect(')', 'to close the arguments');
  }
}

function describe(token: Token): string {
  return token.kind === 'eof' ? 'the end of the expression' : JSON.stringify(token.text);
}

/**
 * The syntax error of an expression, or `undefined` when it parses.
 *
 * @param text the expression, e.g. `rollout.status.phase == 'Degraded'`
 */
export function exprSyntaxError(text: string): ExprSyntaxError | undefined {
  try {
    new Parser(tokenize(text)).program();
    return undefined;
  } catch (error) {
    if (error instanceof SyntaxFailure) {
      return { message: error.message, position: error.position };
    }
    throw error;
  }
}
