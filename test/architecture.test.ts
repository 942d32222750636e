import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';

// The architecture of src/ (DESIGN): the layers are folders of src/, imports point down, no two
// modules depend on each other, and a layer's internals (src/<layer>/private/) are reached from
// another layer only through their door, src/<layer>/private/index.ts. The shared bottom layer
// src/private/ (and the generated src/imports/) is imported file by file from anywhere.
//
// The checks are functions of an import graph, so that each is also tested on small made-up graphs
// (the second half of this file); the first half reads the graph of src/ with the TypeScript parser.

/**
 * The layer order, bottom first. A layer may import the layers on lower floors, and on its own floor
 * only those in `sameFloor`. `top` is the top-level files of src/ (index.ts, cdk8s-plugin.ts, ...).
 * Read off the imports of 2026-12-02: on floor 5 only experiment imports analysis (traffic imports
 * neither of the others); install imports nothing of validation, cli nothing of the top-level files.
 */
const LAYERS: ReadonlyArray<{ layer: string; floor: number; sameFloor?: string[] }> = [
  { layer: 'private', floor: 0 }, // src/private/ and the generated src/imports/
  { layer: 'release', floor: 1 }, // ArgoRolloutsVersion: every layer above takes it
  { layer: 'plan', floor: 2 },
  { layer: 'validation', floor: 3 },
  { layer: 'install', floor: 4 },
  { layer: 'traffic', floor: 5 },
  { layer: 'analysis', floor: 5 },
  { layer: 'experiment', floor: 5, sameFloor: ['analysis'] },
  { layer: 'rollout', floor: 6 },
  { layer: 'argocd', floor: 7 },
  { layer: 'top', floor: 8 },
  { layer: 'import', floor: 9 }, // the YAML -> TypeScript importer evaluates code against ../../index
  { layer: 'cli', floor: 10 },
];

/** One import of a module of src/; paths are relative to src/, with `/`. */
interface Edge {
  readonly from: string;
  readonly line: number;
  readonly specifier: string;
  /** the file it resolves to (relative to src/), or undefined when no file matches */
  readonly to?: string;
  readonly typeOnly: boolean;
  /** `export ... from`: the importing module passes the target's exports on */
  readonly reexport: boolean;
}

interface Graph {
  readonly files: readonly string[];
  readonly edges: readonly Edge[];
}

interface Violation {
  readonly rule: 'door' | 'order' | 'cycle' | 'door-reach' | 'unresolved';
  readonly message: string;
}

// --- Reading src/ ----------------------------------------------------------------------------------

const SRC = path.join(__dirname, '..', 'src');
const GENERATED = 'imports';

/** The specifiers a module imports or re-exports, with their lines (the parser, no regular expressions). */
function importsOf(file: string, text: string): Array<{ specifier: string; line: number; typeOnly: boolean; reexport: boolean }> {
  const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true, ts.ScriptKind.TS);
  const found: Array<{ specifier: string; line: number; typeOnly: boolean; reexport: boolean }> = [];
  const add = (literal: ts.Node, typeOnly: boolean, reexport: boolean) => {
    if (!ts.isStringLiteralLike(literal)) return;
    const line = source.getLineAndCharacterOfPosition(literal.getStart(source)).line + 1;
    found.push({ specifier: literal.text, line, typeOnly, reexport });
  };
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node)) {
      const clause = node.importClause;
      const typeOnly = !!clause && (clause.isTypeOnly || (!clause.name && !!clause.namedBindings
        && ts.isNamedImports(clause.namedBindings) && clause.namedBindings.elements.length > 0
        && clause.namedBindings.elements.every(e => e.isTypeOnly)));
      add(node.moduleSpecifier, typeOnly, false);
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier) {
      add(node.moduleSpecifier, node.isTypeOnly, true);
    } else if (ts.isImportEqualsDeclaration(node) && ts.isExternalModuleReference(node.moduleReference)) {
      add(node.moduleReference.expression, node.isTypeOnly, false);
    } else if (ts.isImportTypeNode(node) && ts.isLiteralTypeNode(node.argument)) {
      add(node.argument.literal, true, false); // typeof import('./m')
    } else if (ts.isCallExpression(node) && node.arguments.length === 1
      && (node.expression.kind === ts.SyntaxKind.ImportKeyword || (ts.isIdentifier(node.expression) && node.expression.text === 'require'))) {
      add(node.arguments[0], false, false); // require('./m'), import('./m')
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The file a relative specifier names, as the compiler resolves it (`./m` -> m.ts or m/index.ts). */
function resolveSpecifier(from: string, specifier: string, exists: (file: string) => boolean): string | undefined {
  const base = path.posix.normalize(path.posix.join(path.posix.dirname(from), specifier));
  return [`${base}.ts`, `${base}/index.ts`, base].find(exists);
}

function readSrc(): Graph {
  const files: string[] = [];
  const walk = (dir: string) => {
    for (const e of fs.readdirSync(path.join(SRC, dir), { withFileTypes: true })) {
      const rel = dir ? `${dir}/${e.name}` : e.name;
      if (e.isDirectory()) {
        if (rel !== GENERATED) walk(rel);
      } else if (e.name.endsWith('.ts') && !e.name.endsWith('.d.ts')) {
        files.push(rel);
      }
    }
  };
  walk('');
  const exists = (file: string) => fs.existsSync(path.join(SRC, file)) && fs.statSync(path.join(SRC, file)).isFile();
  const edges = files.sort().flatMap(from => importsOf(from, fs.readFileSync(path.join(SRC, from), 'utf8'))
    .filter(i => i.specifier.startsWith('.'))
    .map(i => ({ from, ...i, to: resolveSpecifier(from, i.specifier, exists) })));
  return { files, edges };
}

// --- The rules -------------------------------------------------------------------------------------

/** The layer of a module: the first folder of its path, `private` for src/private/ and src/imports/, `top` for src/*.ts. */
function layerOf(file: string): string {
  const [first, ...rest] = file.split('/');
  if (rest.length === 0) return 'top';
  return first === GENERATED ? 'private' : first;
}

/** The layer whose internals a module is (src/<layer>/private/**), if it is one; not the shared src/private/. */
function internalsOf(file: string): string | undefined {
  const [first, second, ...rest] = file.split('/');
  return second === 'private' && rest.length > 0 && first !== 'private' && first !== GENERATED ? first : undefined;
}

const doorOf = (layer: string) => `${layer}/private/index.ts`;
const at = (e: Edge) => `src/${e.from}:${e.line}`;
/** How the importing module names a target file (`../x/private`), for the messages. */
function specifierFor(from: string, to: string): string {
  const rel = path.posix.relative(path.posix.dirname(from), to.replace(/(\/index)?\.ts$/, ''));
  return rel.startsWith('.') ? rel : `./${rel}`;
}
const crossLayer = (g: Graph) => g.edges.filter(e => e.to !== undefined && layerOf(e.from) !== layerOf(e.to));

/** (a) Another layer's internals are imported through their door, not file by file. */
function checkDoors(g: Graph): Violation[] {
  return crossLayer(g).flatMap(e => {
    const owner = internalsOf(e.to!);
    if (owner === undefined || e.to === doorOf(owner)) return [];
    return [{
      rule: 'door' as const,
      message: `${at(e)} → src/${e.to} (${e.specifier}): layer '${layerOf(e.from)}' imports a file behind the door of '${owner}'. `
        + `Import '${specifierFor(e.from, doorOf(owner))}' instead (if the door lacks it, see the door-reach rule).`,
    }];
  });
}

/** (b) Imports point down the layer order (LAYERS). */
function checkOrder(g: Graph, layers = LAYERS): Violation[] {
  const byName = new Map(layers.map(l => [l.layer, l]));
  return crossLayer(g).flatMap(e => {
    const from = byName.get(layerOf(e.from));
    const to = byName.get(layerOf(e.to!));
    if (!from || !to) {
      const unknown = from ? layerOf(e.to!) : layerOf(e.from);
      return [{ rule: 'order' as const, message: `${at(e)} → src/${e.to}: layer '${unknown}' is not in the LAYERS table of test/architecture.test.ts; add it there.` }];
    }
    if (to.floor < from.floor || (to.floor === from.floor && (from.sameFloor ?? []).includes(to.layer))) return [];
    const where = to.floor === from.floor ? `the same floor (${to.floor}), and '${from.layer}' may not import '${to.layer}'`
      : `floor ${to.floor}, above '${from.layer}' (floor ${from.floor})`;
    return [{
      rule: 'order' as const,
      message: `${at(e)} → src/${e.to}: '${from.layer}' imports '${to.layer}', which is on ${where}. `
        + `Move what is needed down (into '${from.layer}', a lower layer or src/private/), or pass it in from above.`,
    }];
  });
}

/** (c) No import cycles among the modules (type-only imports count). One shortest cycle is shown per tangle. */
function checkCycles(g: Graph): Violation[] {
  const out = new Map<string, Edge[]>();
  for (const e of g.edges) if (e.to !== undefined) out.set(e.from, [...(out.get(e.from) ?? []), e]);
  // Tarjan's strongly connected components
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const nodes = [...new Set([...g.files, ...g.edges.flatMap(e => e.to ? [e.from, e.to] : [e.from])])].sort();
  const strong = (v: string) => {
    index.set(v, counter); low.set(v, counter); counter++;
    stack.push(v); onStack.add(v);
    for (const e of out.get(v) ?? []) {
      const w = e.to!;
      if (!index.has(w)) {
        strong(w);
        low.set(v, Math.min(low.get(v)!, low.get(w)!));
      } else if (onStack.has(w)) {
        low.set(v, Math.min(low.get(v)!, index.get(w)!));
      }
    }
    if (low.get(v) === index.get(v)) {
      const component: string[] = [];
      let w: string;
      do { w = stack.pop()!; onStack.delete(w); component.push(w); } while (w !== v);
      components.push(component.sort());
    }
  };
  for (const v of nodes) if (!index.has(v)) strong(v);
  return components.flatMap(component => {
    const members = new Set(component);
    const start = component[0];
    if (component.length === 1 && !(out.get(start) ?? []).some(e => e.to === start)) return [];
    // the shortest way back to `start` inside the component (breadth first)
    const via = new Map<string, Edge>();
    const queue = [start];
    let closing: Edge | undefined;
    for (let i = 0; i < queue.length && !closing; i++) {
      for (const e of out.get(queue[i]) ?? []) {
        if (e.to === start) { closing = e; break; }
        if (members.has(e.to!) && !via.has(e.to!)) { via.set(e.to!, e); queue.push(e.to!); }
      }
    }
    const cycle: Edge[] = [closing!];
    for (let e = via.get(closing!.from); e; e = via.get(e.from)) cycle.unshift(e);
    const steps = cycle.map(e => `    ${at(e)} → src/${e.to}${e.typeOnly ? ' (type only)' : ''}`).join('\n');
    const more = component.length > cycle.length ? ` (${component.length} modules are tangled: ${component.map(f => `src/${f}`).join(', ')})` : '';
    return [{
      rule: 'cycle' as const,
      message: `import cycle${more}:\n${steps}\n  Break it: move what both sides need into a module that imports neither, `
        + 'or have the lower module take it as a parameter.',
    }];
  });
}

/** (d) Every internal module that another layer imports is reachable through its layer's door (by `export ... from`). */
function checkDoorReach(g: Graph): Violation[] {
  const files = new Set(g.files);
  const reexports = new Map<string, string[]>();
  for (const e of g.edges) if (e.reexport && e.to !== undefined) reexports.set(e.from, [...(reexports.get(e.from) ?? []), e.to]);
  const reachable = (door: string) => {
    const seen = new Set<string>();
    const todo = [door];
    while (todo.length > 0) {
      const m = todo.pop()!;
      if (seen.has(m)) continue;
      seen.add(m);
      todo.push(...reexports.get(m) ?? []);
    }
    return seen;
  };
  const needed = new Map<string, Edge[]>(); // internal module -> the imports of it from other layers
  for (const e of crossLayer(g)) {
    const owner = internalsOf(e.to!);
    if (owner !== undefined && e.to !== doorOf(owner)) needed.set(e.to!, [...(needed.get(e.to!) ?? []), e]);
  }
  return [...needed].sort(([a], [b]) => a.localeCompare(b)).flatMap(([module, users]) => {
    const owner = internalsOf(module)!;
    const door = doorOf(owner);
    const by = users.map(at).join(', ');
    if (!files.has(door)) {
      return [{ rule: 'door-reach' as const, message: `src/${module} is imported from other layers (${by}), but '${owner}' has no door: create src/${door} with \`export * from '${specifierFor(door, module)}';\`.` }];
    }
    if (reachable(door).has(module)) return [];
    return [{
      rule: 'door-reach' as const,
      message: `src/${module} is imported from other layers (${by}) but its door src/${door} does not export it: `
        + `add \`export * from '${specifierFor(door, module)}';\` (or the names needed) to the door.`,
    }];
  });
}

/** Relative imports that name no file: the checks would not see them, so they fail too. */
function checkResolved(g: Graph): Violation[] {
  return g.edges.filter(e => e.to === undefined).map(e => ({
    rule: 'unresolved' as const,
    message: `${at(e)} → '${e.specifier}': names no file of src/ (this test resolves './m' to m.ts or m/index.ts); fix the path or teach resolveSpecifier.`,
  }));
}

const report = (violations: Violation[]) => violations.map(v => `[${v.rule}] ${v.message}`).join('\n\n');

function expectNone(violations: Violation[], what: string) {
  if (violations.length > 0) throw new Error(`${violations.length} ${what}:\n\n${report(violations)}\n`);
}

// --- src/ ------------------------------------------------------------------------------------------

describe('the architecture of src/', () => {
  const graph = readSrc();

  test('the graph is read: every module and every relative import that names a file', () => {
    expect(graph.files.length).toBeGreaterThan(150);
    expect(graph.files).toContain('index.ts');
    expect(graph.files.some(f => f.startsWith(`${GENERATED}/`))).toBe(false);
    expect(graph.edges.length).toBeGreaterThan(900);
    expectNone(checkResolved(graph), 'relative imports that name no file');
  });

  test('every layer is in the LAYERS table', () => {
    const known = new Set(LAYERS.map(l => l.layer));
    expect([...new Set(graph.files.map(layerOf))].filter(l => !known.has(l))).toEqual([]);
  });

  test('(a) another layer\'s internals are imported through their door (src/<layer>/private/index.ts)', () => {
    expectNone(checkDoors(graph), 'imports past a door');
  });

  test('(b) imports point down the layer order', () => {
    expectNone(checkOrder(graph), 'imports against the layer order');
  });

  test('(c) no import cycles (type-only imports count)', () => {
    expectNone(checkCycles(graph), 'import cycles');
  });

  test('(d) every internal module another layer imports is reachable through its door', () => {
    expectNone(checkDoorReach(graph), 'internal modules their doors do not export');
  });
});

// --- The checks, on small made-up graphs -----------------------------------------------------------

/** A graph from `from -> to` lines (`=>` for `export ... from`, `-->` for a type-only import). */
function graphOf(...lines: string[]): Graph {
  const edges = lines.map((l, i) => {
    const [from, arrow, to] = l.split(' ');
    return { from, line: i + 1, specifier: specifierFor(from, to), to, typeOnly: arrow === '-->', reexport: arrow === '=>' };
  });
  return { files: [...new Set(edges.flatMap(e => [e.from, e.to]))], edges };
}

describe('the checks', () => {
  test('the parser finds every kind of import, with its line, and which are type only', () => {
    const text = [
      "import { a } from './a';",
      "import type { B } from './b';",
      "import { type C } from './c';",
      "export * from './d';",
      "export type { E } from './e';",
      "import f = require('./f');",
      'let g: typeof import(\'./g\');',
      "const h = require('./h');",
      "import 'fs';",
    ].join('\n');
    expect(importsOf('x.ts', text)).toEqual([
      { specifier: './a', line: 1, typeOnly: false, reexport: false },
      { specifier: './b', line: 2, typeOnly: true, reexport: false },
      { specifier: './c', line: 3, typeOnly: true, reexport: false },
      { specifier: './d', line: 4, typeOnly: false, reexport: true },
      { specifier: './e', line: 5, typeOnly: true, reexport: true },
      { specifier: './f', line: 6, typeOnly: false, reexport: false },
      { specifier: './g', line: 7, typeOnly: true, reexport: false },
      { specifier: './h', line: 8, typeOnly: false, reexport: false },
      { specifier: 'fs', line: 9, typeOnly: false, reexport: false },
    ]);
  });

  test('a specifier resolves to m.ts, then m/index.ts', () => {
    const files = new Set(['traffic/alb.ts', 'install/private/index.ts', 'install/private/data.ts']);
    const exists = (f: string) => files.has(f);
    expect(resolveSpecifier('traffic/alb.ts', '../install/private', exists)).toBe('install/private/index.ts');
    expect(resolveSpecifier('traffic/alb.ts', '../install/private/data', exists)).toBe('install/private/data.ts');
    expect(resolveSpecifier('traffic/alb.ts', './nothing', exists)).toBeUndefined();
  });

  test('door: another layer\'s internal file fails; its door, the own layer\'s internals and src/private/ pass', () => {
    const g = graphOf(
      'traffic/alb.ts -> install/private/data.ts',
      'traffic/alb.ts -> install/private/index.ts',
      'traffic/alb.ts -> traffic/private/binding.ts',
      'traffic/alb.ts -> private/names.ts',
      'alb.ts -> validation/private/rules/gitops.ts',
    );
    expect(report(checkDoors(g))).toBe([
      "[door] src/traffic/alb.ts:1 → src/install/private/data.ts (../install/private/data): layer 'traffic' imports a file behind the door of 'install'. "
        + "Import '../install/private' instead (if the door lacks it, see the door-reach rule).",
      "[door] src/alb.ts:5 → src/validation/private/rules/gitops.ts (./validation/private/rules/gitops): layer 'top' imports a file behind the door of 'validation'. "
        + "Import './validation/private' instead (if the door lacks it, see the door-reach rule).",
    ].join('\n\n'));
  });

  test('order: an import up fails, down passes, and on one floor only what the table allows', () => {
    const g = graphOf(
      'install/controller.ts -> traffic/router.ts',
      'traffic/router.ts -> install/controller.ts',
      'experiment/experiment.ts -> analysis/metric.ts',
      'analysis/metric.ts -> experiment/experiment.ts',
      'private/names.ts -> imports/k8s.ts',
      'cli/lint.ts -> index.ts',
    );
    const v = checkOrder(g);
    expect(v.map(x => x.message.split(':').slice(0, 2).join(':'))).toEqual([
      'src/install/controller.ts:1 → src/traffic/router.ts',
      'src/analysis/metric.ts:4 → src/experiment/experiment.ts',
    ]);
    expect(v[0].message).toContain("'install' imports 'traffic', which is on floor 5, above 'install' (floor 4)");
    expect(v[1].message).toContain("the same floor (5), and 'analysis' may not import 'experiment'");
    expect(checkOrder(graphOf('nowhere/x.ts -> private/y.ts'))[0].message).toContain("layer 'nowhere' is not in the LAYERS table");
  });

  test('cycles: a shortest cycle per tangle, type-only imports included; a tree passes', () => {
    expect(checkCycles(graphOf('a.ts -> b.ts', 'b.ts -> c.ts', 'a.ts -> c.ts'))).toEqual([]);
    const v = checkCycles(graphOf(
      'x/a.ts -> x/b.ts',
      'x/b.ts --> x/c.ts',
      'x/c.ts -> x/a.ts',
      'x/c.ts -> x/b.ts',
      'y/self.ts -> y/self.ts',
      'z/p.ts -> z/q.ts',
    ));
    expect(v).toHaveLength(2);
    expect(v[0].message).toBe([
      'import cycle:',
      '    src/x/a.ts:1 → src/x/b.ts',
      '    src/x/b.ts:2 → src/x/c.ts (type only)',
      '    src/x/c.ts:3 → src/x/a.ts',
      '  Break it: move what both sides need into a module that imports neither, or have the lower module take it as a parameter.',
    ].join('\n'));
    expect(v[1].message).toContain('src/y/self.ts:5 → src/y/self.ts');
    const tangle = checkCycles(graphOf('w/a.ts -> w/b.ts', 'w/b.ts -> w/a.ts', 'w/b.ts -> w/c.ts', 'w/c.ts -> w/b.ts'));
    expect(tangle.map(x => x.message.split('\n').slice(0, 3))).toEqual([[
      'import cycle (3 modules are tangled: src/w/a.ts, src/w/b.ts, src/w/c.ts):',
      '    src/w/a.ts:1 → src/w/b.ts',
      '    src/w/b.ts:2 → src/w/a.ts',
    ]]);
  });

  test('door-reach: an internal module other layers import must be exported by the door, directly or through another module', () => {
    const g = graphOf(
      'validation/private/index.ts => validation/private/rules/index.ts',
      'validation/private/rules/index.ts => validation/private/rules/gitops.ts',
      'argocd/application.ts -> validation/private/rules/gitops.ts',
      'cli/lint.ts -> validation/private/lint-run.ts',
      'traffic/alb.ts -> install/private/data.ts',
      'validation/linter.ts -> validation/private/yaml.ts',
    );
    expect(report(checkDoorReach(g))).toBe([
      "[door-reach] src/install/private/data.ts is imported from other layers (src/traffic/alb.ts:5), but 'install' has no door: "
        + "create src/install/private/index.ts with `export * from './data';`.",
      '[door-reach] src/validation/private/lint-run.ts is imported from other layers (src/cli/lint.ts:4) but its door '
        + "src/validation/private/index.ts does not export it: add `export * from './lint-run';` (or the names needed) to the door.",
    ].join('\n\n'));
  });
});
