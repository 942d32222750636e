import * as fs from 'fs';
import * as path from 'path';
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

  test('the commands exist', () => {
    expect([...programs].filter(m => !all.includes(m))).toEqual([]);
    expect(programs.size).toBeGreaterThan(0);
  });
});
