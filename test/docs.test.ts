// The TypeScript in README.md and docs/ stays true: every ```ts block is type-checked (strict, as a
// user's app would be) and run, its app synthesized with every check of the library; a ```yaml block
// right after it must equal what the snippet synthesizes.
import * as fs from 'fs';
import * as path from 'path';
import * as ts from 'typescript';
import * as YAML from 'yaml';
import { moduleOf, ROOT, SNIPPETS } from './doc-snippets';

const SOURCE = path.join(ROOT, 'src', 'index.ts').replace(/\.ts$/, '');

// Inside the checkout (test-reports/ is ignored by git), so that the snippets resolve the packages of node_modules.
fs.mkdirSync(path.join(ROOT, 'test-reports'), { recursive: true });
const WORK = fs.mkdtempSync(path.join(ROOT, 'test-reports', 'docs-snippets-'));
const FILES = new Map(SNIPPETS.map((s, i) => {
  const file = path.join(WORK, `${s.where.replace(/[^\w]/g, '_')}_${i}.ts`);
  const { source, prelude } = moduleOf(s, SOURCE);
  fs.writeFileSync(file, source);
  return [s.where, { file, prelude }] as const;
}));

afterAll(() => fs.rmSync(WORK, { recursive: true, force: true }));

describe('the TypeScript in README.md and docs/', () => {
  test('there are snippets on every page that has TypeScript', () => {
    expect(SNIPPETS.length).toBeGreaterThanOrEqual(20);
    expect(new Set(SNIPPETS.map(s => s.where.split(':')[0]))).toContain('README.md');
  });

  test('every snippet type-checks as part of a strict app', () => {
    // GIVEN the compiler options of the project (strict, unused names are errors)
    const config = ts.getParsedCommandLineOfConfigFile(path.join(ROOT, 'tsconfig.json'), {}, { ...ts.sys, onUnRecoverableConfigFileDiagnostic: () => undefined })!;
    const options: ts.CompilerOptions = { ...config.options, noEmit: true, rootDir: undefined, outDir: undefined, declaration: false, types: ['node'] };
    // WHEN
    const program = ts.createProgram([...FILES.values()].map(f => f.file), options);
    // THEN
    const problems: string[] = [];
    for (const snippet of SNIPPETS) {
      const { file, prelude } = FILES.get(snippet.where)!;
      for (const d of ts.getPreEmitDiagnostics(program, program.getSourceFile(file))) {
        const at = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start).line - prelude : 0;
        problems.push(`${snippet.where.split(':')[0]}:${snippet.line + 1 + at}: ${ts.flattenDiagnosticMessageText(d.messageText, '\n')}`);
      }
    }
    expect(problems).toEqual([]);
  }, 120_000);

  test.each(SNIPPETS.map(s => [s.where, s] as const))('%s synthesizes', (_where, snippet) => {
    // GIVEN an output folder of its own
    const outdir = fs.mkdtempSync(path.join(WORK, 'dist-'));
    process.env.CDK8S_OUTDIR = outdir;
    try {
      // WHEN the snippet runs (its app is synthesized with every check)
      // (what a snippet prints for its reader stays out of the test log)
      const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
      try {
        jest.isolateModules(() => {
          // eslint-disable-next-line @typescript-eslint/no-require-imports
          require(FILES.get(snippet.where)!.file);
        });
      } finally {
        log.mockRestore();
      }
    } finally {
      delete process.env.CDK8S_OUTDIR;
    }
    // THEN it wrote manifests, and the YAML the page shows next to it is what it wrote
    const written = fs.readdirSync(outdir).filter(f => f.endsWith('.yaml')).sort()
      .flatMap(f => YAML.parseAllDocuments(fs.readFileSync(path.join(outdir, f), 'utf8')).map(d => d.toJS()));
    if (snippet.yaml !== undefined) {
      const shown = YAML.parseAllDocuments(snippet.yaml).map(d => d.toJS());
      const key = (m: any) => `${m.kind}/${m.metadata?.name}`;
      expect(written.map(key).sort()).toEqual(shown.map(key).sort());
      const byKey = new Map(written.map(m => [key(m), m]));
      for (const m of shown) expect(byKey.get(key(m))).toEqual(m);
    }
  });
});

describe('API.md', () => {
  const api = fs.readFileSync(path.join(ROOT, 'API.md'), 'utf8');

  test('every member the library declares has a description; the ones without are inherited from cdk8s-plus', () => {
    // GIVEN the rows jsii-docgen could not describe
    const undescribed = [...api.matchAll(/href="#cdk8s-argo-rollouts\.([\w.]+)">[^\n]*\*No description\.\*/g)].map(m => m[1]);
    const sources = fs.readdirSync(path.join(ROOT, 'src'), { recursive: true, encoding: 'utf8' })
      .filter(f => f.endsWith('.ts') && !f.startsWith('imports'))
      .map(f => fs.readFileSync(path.join(ROOT, 'src', f), 'utf8'));
    /** Whether the class (or enum) is ours and declares the member itself. */
    const declared = (id: string) => {
      const [owner, ...rest] = id.split('.');
      const member = rest.filter(p => p !== 'property').join('.');
      const text = sources.find(t => new RegExp(`(class|enum) ${owner}\\b`).test(t));
      if (text === undefined) return false;
      if (/^Initializer\.parameter\./.test(member)) return true; // constructor parameters are ours to document
      return new RegExp(`(public (readonly |get |static )?${member}\\b|^\\s*${member} = )`, 'm').test(text);
    };
    // THEN none of them is declared in src/ (outside the generated L1): each comes from a cdk8s-plus base class
    expect(undescribed.filter(declared)).toEqual([]);
  });
});
