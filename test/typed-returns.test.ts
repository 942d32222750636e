import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';

// Render methods return typed structures (issue 11, item 8): no function, method or function type
// outside the rule engine declares a return type that holds `any`. The rule engine (src/validation/)
// reads parsed YAML of any source and keeps `any`; generated code is left alone. Values read from
// manifests of any source elsewhere are `UncheckedObject` (src/private/manifest-types.ts) or `unknown`.

const SRC = path.join(__dirname, '..', 'src');
/** Folders the rule does not cover: generated output, and the rule engine. */
const SKIPPED = new Set(['imports', 'schemas', 'data', 'validation']);

/**
 * The `any` returns that stay, by `<module>:<name>`, and why. All three are public (jsii) API: a
 * typed structure there would change API.md and make users' implementations return it.
 */
const ALLOWED: ReadonlyMap<string, string> = new Map([
  ['traffic/router.ts:ITrafficRouterBinding.renderConfig',
    'public interface that custom routers implement; the library types its own routers\' blocks (traffic/private/spec-types.ts)'],
  ['analysis/analysis-template-ref.ts:IAnalysisTemplate.toManifest',
    'public interface that users implement (`undefined` for templates defined elsewhere)'],
  ['analysis/analysis-template.ts:AnalysisTemplateBase.toManifest',
    'public method implementing IAnalysisTemplate.toManifest, whose return type jsii requires it to keep'],
]);

function modules(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap(e => {
    const file = path.join(dir, e.name);
    if (e.isDirectory()) return SKIPPED.has(e.name) ? [] : modules(file);
    return e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [file] : [];
  });
}

/** The name of a function-like node: `Class.method`, `Interface.method`, `name`, or the variable or property an arrow is assigned to. */
function nameOf(node: ts.Node): string {
  const own = (n: ts.Node): string | undefined => {
    const name = (n as { name?: ts.Node }).name;
    return name !== undefined && (ts.isIdentifier(name) || ts.isStringLiteral(name) || ts.isPrivateIdentifier(name)) ? name.text : undefined;
  };
  const parts: string[] = [];
  for (let n: ts.Node | undefined = node; n !== undefined && !ts.isSourceFile(n); n = n.parent) {
    const name = own(n);
    if (name !== undefined && (n === node || ts.isClassDeclaration(n) || ts.isInterfaceDeclaration(n) || ts.isVariableDeclaration(n)
      || ts.isPropertyAssignment(n) || ts.isPropertyDeclaration(n) || ts.isPropertySignature(n) || ts.isParameter(n))) {
      parts.unshift(name);
    }
  }
  return parts.length > 0 ? parts.join('.') : '(anonymous)';
}

function holdsAny(type: ts.Node): boolean {
  return type.kind === ts.SyntaxKind.AnyKeyword || (ts.forEachChild(type, holdsAny) ?? false);
}

/** `<module>:<name>` of every function-like declaration of the module whose declared return type holds `any`. */
function anyReturns(module: string, text: string): string[] {
  const source = ts.createSourceFile(module, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isFunctionLike(node) && !ts.isIndexSignatureDeclaration(node) && node.type !== undefined && holdsAny(node.type)) {
      found.push(`${module}:${nameOf(node)}`);
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

describe('render methods return typed structures', () => {
  const found = modules(SRC).flatMap(file => anyReturns(path.relative(SRC, file).split(path.sep).join('/'), fs.readFileSync(file, 'utf8')));

  test('no return type outside the rule engine holds `any`, except those listed here', () => {
    expect(found.filter(entry => !ALLOWED.has(entry))).toEqual([]);
  });

  test('every allowed entry still exists (drop it once it is typed)', () => {
    expect([...ALLOWED.keys()].filter(entry => !found.includes(entry))).toEqual([]);
  });

  test('the check sees an `any` return', () => {
    const text = [
      'export function f(): any { return 1; }',
      'export class C { public m(): { [k: string]: any } { return {}; } }',
      'export interface I { readonly [k: string]: any; n(): string; g: () => any[] }',
      'export const h = (): string => \'\';',
      'export const k = (x: any): unknown => x;',
    ].join('\n');
    expect(anyReturns('x.ts', text)).toEqual(['x.ts:f', 'x.ts:C.m', 'x.ts:I.g']);
  });
});
