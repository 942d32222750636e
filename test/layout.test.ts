import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';
import { GENERATED_DIR } from '../src/private/generated';

// The layout convention (README "Layout"): a module is internal exactly when it lives in a folder
// named `private/` (src/private/ is the bottom layer, src/<layer>/private/ the internals of a layer);
// every other hand-written module is exported from src/index.ts, or is a command that bin/ runs.
// The bottom layer imports nothing from the layers above it (DESIGN: imports point down).

const ROOT = path.join(__dirname, '..');
const SRC = path.join(ROOT, 'src');

function modules(dir: string): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap(e => {
    const file = path.join(dir, e.name);
    // generated output (all of it under src/imports/) is left alone by the convention
    if (e.isDirectory()) return file === GENERATED_DIR ? [] : modules(file);
    return e.name.endsWith('.ts') && !e.name.endsWith('.d.ts') ? [path.relative(SRC, file)] : [];
  });
}

function resolve(from: string, spec: string): string | undefined {
  const base = path.normalize(path.join(path.dirname(from), spec));
  return [`${base}.ts`, path.join(base, 'index.ts')].find(c => fs.existsSync(path.join(SRC, c)));
}

/** The modules src/index.ts exports from, directly or through the modules it exports from. */
function exported(): Set<string> {
  const done = new Set<string>();
  const stack = ['index.ts'];
  while (stack.length > 0) {
    const module = stack.pop()!;
    if (done.has(module)) continue;
    done.add(module);
    const text = fs.readFileSync(path.join(SRC, module), 'utf8');
    for (const m of text.matchAll(/^export [^;]*? from '(\.[^']+)'/gms)) {
      const target = resolve(module, m[1]);
      if (target) stack.push(target);
    }
  }
  return done;
}

/** The modules the commands of bin/ run (`require('../lib/cli/lint')` is src/cli/lint.ts). */
function commands(): Set<string> {
  const bin = path.join(ROOT, 'bin');
  return new Set(fs.readdirSync(bin).flatMap(f => [...fs.readFileSync(path.join(bin, f), 'utf8').matchAll(/require\('\.\.\/lib\/([^']+)'\)/g)]
    .map(m => `${m[1]}.ts`)));
}

const isPrivate = (module: string) => module.split(path.sep).includes('private');

/** The modules under src/ that a module imports (`import`/`export ... from`, `require`, `import()`), resolved. */
function importsOf(module: string): string[] {
  const text = fs.readFileSync(path.join(SRC, module), 'utf8');
  const specs = [
    ...[...text.matchAll(/\bfrom\s+'(\.[^']+)'/g)].map(m => m[1]),
    ...[...text.matchAll(/\b(?:require|import)\(\s*'(\.[^']+)'\s*\)/g)].map(m => m[1]),
  ];
  return specs.map(spec => resolve(module, spec) ?? path.normalize(path.join(path.dirname(module), spec)));
}

/**
 * Public functions, which TypeScript users call and jsii (classes, interfaces and enums only) does not
 * document: other languages call them as static methods, e.g. `RolloutPlan.nextReplicaCounts`.
 */
const TYPESCRIPT_ONLY = ['nextReplicaCounts'];

/** The names a module declares and exports itself (not its re-exports), read with the TypeScript parser. */
function declaredExports(module: string): string[] {
  const source = ts.createSourceFile(module, fs.readFileSync(path.join(SRC, module), 'utf8'), ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const names: string[] = [];
  for (const statement of source.statements) {
    const exportedHere = ts.canHaveModifiers(statement) && (ts.getModifiers(statement) ?? []).some(m => m.kind === ts.SyntaxKind.ExportKeyword);
    if (ts.isVariableStatement(statement) && exportedHere) {
      names.push(...statement.declarationList.declarations.map(d => d.name.getText(source)));
    } else if ((ts.isClassDeclaration(statement) || ts.isInterfaceDeclaration(statement) || ts.isEnumDeclaration(statement)
      || ts.isFunctionDeclaration(statement) || ts.isTypeAliasDeclaration(statement)) && exportedHere && statement.name) {
      names.push(statement.name.text);
    } else if (ts.isExportDeclaration(statement) && !statement.moduleSpecifier
      && statement.exportClause && ts.isNamedExports(statement.exportClause)) {
      names.push(...statement.exportClause.elements.map(e => e.name.text));
    }
  }
  return names;
}

describe('layout: generated output is exactly what is in src/imports/', () => {
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  const generators = require('../imports/layout');

  test('the library reads the generated files where the generators write them', () => {
    expect(GENERATED_DIR).toEqual(generators.GENERATED);
  });

  test('src/imports/ holds what the generators write, and nothing else', () => {
    expect(fs.readdirSync(GENERATED_DIR).sort()).toEqual(generators.OUTPUTS.map((f: string) => path.basename(f)).sort());
  });
});

describe('layout: internal modules live in private/ folders', () => {
  const all = modules(SRC);
  const publicModules = exported();
  const programs = commands();

  test('every module outside a private/ folder is exported from src/index.ts or run by bin/', () => {
    expect(all.filter(m => !isPrivate(m) && !publicModules.has(m) && !programs.has(m))).toEqual([]);
  });

  test('src/index.ts exports from no module in a private/ folder', () => {
    expect([...publicModules].filter(isPrivate)).toEqual([]);
  });

  test('src/private/ is the bottom layer: it imports only itself and the generated bindings (src/imports/), with no exception', () => {
    const bottom = all.filter(m => m.split(path.sep)[0] === 'private');
    expect(bottom.length).toBeGreaterThan(0);
    const upward = bottom.flatMap(m => importsOf(m)
      .filter(target => !['private', 'imports'].includes(target.split(path.sep)[0]))
      .map(target => `${m} imports ${target}`));
    expect(upward).toEqual([]);
  });

  test('a public module exports only what the package exports: its internals sit in a private/ folder', () => {
    // the package's types are the ones jsii documents in API.md (generated from the compiled package)
    const documented = new Set([...fs.readFileSync(path.join(ROOT, 'API.md'), 'utf8').matchAll(/ id="cdk8s-argo-rollouts\.([A-Za-z0-9_]+)"/g)].map(m => m[1]));
    const internal = [...publicModules].filter(m => m !== 'index.ts' && path.join(SRC, m).indexOf(GENERATED_DIR) !== 0).flatMap(m => declaredExports(m)
      .filter(name => !documented.has(name) && !TYPESCRIPT_ONLY.includes(name))
      .map(name => `src/${m} exports ${name}, which the package does not: move it to src/${path.dirname(m).split(path.sep)[0]}/private/`));
    expect(internal).toEqual([]);
  });

  test('src/index.ts re-exports whole modules (`export * from`): what a public module exports is public', () => {
    const lines = fs.readFileSync(path.join(SRC, 'index.ts'), 'utf8').split('\n').filter(l => l.trim() !== '' && !l.startsWith('//'));
    expect(lines.filter(l => !/^export \* (as \w+ )?from '\.\/[^']+';$/.test(l))).toEqual([]);
  });

  test('the commands exist', () => {
    expect([...programs].filter(m => !all.includes(m))).toEqual([]);
    expect(programs.size).toBeGreaterThan(0);
  });
});
