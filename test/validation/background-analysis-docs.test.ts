// The background analyses the README and docs/ show cover the whole update (rule A18) under every
// release; the README's example without `runIndefinitely` (what it showed before) would not.
import * as cdk8s from 'cdk8s';
import * as library from '../../src';
import { ArgoRolloutsApp, ArgoRolloutsVersion, Linter } from '../../src';
import { PACKAGE, Snippet, SNIPPETS } from '../doc-snippets';
import { compileSnippet } from '../matrix-harness';

const RELEASES = ArgoRolloutsVersion.all();
/** The snippets with a background analysis (a canary `analysis:` with a `startingStep`). */
const BACKGROUND = SNIPPETS.filter(s => /analysis: \{ templates: [^\n]*startingStep/.test(s.code));

/** What a snippet's apps synthesize under a release, and the A18 findings of the lint of it. */
function a18Of(snippet: Snippet, release: ArgoRolloutsVersion): string[] {
  const manifests: any[] = [];
  class CollectingApp extends cdk8s.App {
    constructor(props?: cdk8s.AppProps) {
      super({ ...props, outdir: 'not-written' });
      ArgoRolloutsApp.of(this).useVersion(release);
    }
    public synth(): void {
      manifests.push(...this.charts.flatMap(c => Object.values(c.toJson())));
    }
  }
  const write = process.stderr.write;
  process.stderr.write = () => true; // the synth's own warnings: the lint below reports them
  try {
    compileSnippet(snippet)(name => {
      if (name === 'cdk8s') return { ...cdk8s, App: CollectingApp };
      if (name === PACKAGE) return library;
      // eslint-disable-next-line @typescript-eslint/no-require-imports
      return require(name);
    });
  } finally {
    process.stderr.write = write;
  }
  expect(manifests.some(m => m.kind === 'Rollout')).toBe(true);
  return Linter.lintManifests(manifests, { version: release.version, requireReferencedObjects: false })
    .filter(f => f.ruleId === 'A18').map(f => `${f.name}: ${f.message}`);
}

test('the README and docs/analysis.md show background analysis', () => {
  expect(BACKGROUND.map(s => s.where.split(':')[0])).toEqual(expect.arrayContaining(['README.md', 'docs/analysis.md']));
});

describe.each(RELEASES.map(r => [r.version, r] as const))('Argo Rollouts %s', (_version, release) => {
  test.each(BACKGROUND.map(s => [s.where, s] as const))('%s: the background analysis covers every step (no A18)', (_where, snippet) => {
    expect(a18Of(snippet, release)).toEqual([]);
  });

  test('the README example with the default count would end in the first pause', () => {
    const readme = BACKGROUND.find(s => s.where.startsWith('README.md'))!;
    expect(readme.code).toContain('runIndefinitely: true');
    const old = { ...readme, code: readme.code.replace(/, runIndefinitely: true/g, '') };
    expect(a18Of(old, release)).toEqual([expect.stringContaining('Steps 2–5 run without background analysis')]);
  });
});
