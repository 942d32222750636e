// The TypeScript snippets of README.md and docs/: read from the pages, and turned into the modules a
// user's app would be. The docs test type-checks and runs them; the release matrix runs each under
// every release.
import * as fs from 'fs';
import * as path from 'path';
import * as cdk8s from 'cdk8s';
import * as library from '../src';

export const ROOT = path.join(__dirname, '..');
/** The pages with snippets: the README, then docs/ in name order. */
export const DOCS = ['README.md', ...fs.readdirSync(path.join(ROOT, 'docs')).filter(f => f.endsWith('.md')).sort().map(f => `docs/${f}`)];
/** Where the library is imported from in the snippets, as in a user's app. */
export const PACKAGE = 'cdk8s-argo-rollouts';

export interface Snippet {
  /** `README.md:42`: the file and the line of the opening fence. */
  readonly where: string;
  readonly line: number;
  readonly code: string;
  /** The YAML that the page shows right after the snippet, if any. */
  readonly yaml?: string;
}

function snippetsOf(doc: string): Snippet[] {
  const lines = fs.readFileSync(path.join(ROOT, doc), 'utf8').split('\n');
  const result: Snippet[] = [];
  for (let i = 0; i < lines.length; i++) {
    if (lines[i] !== '```ts') continue;
    const end = lines.indexOf('```', i + 1);
    const code = lines.slice(i + 1, end).join('\n');
    let next = end + 1;
    while (next < lines.length && lines[next].trim() === '') next++;
    let yaml: string | undefined;
    if (lines[next] === '```yaml') {
      const yamlEnd = lines.indexOf('```', next + 1);
      yaml = lines.slice(next + 1, yamlEnd).join('\n');
    }
    result.push({ where: `${doc}:${i + 1}`, line: i + 1, code, yaml });
    i = end;
  }
  return result;
}

/** Every snippet of the pages, in page order. */
export const SNIPPETS: readonly Snippet[] = DOCS.flatMap(snippetsOf);

/** Names a snippet may use without importing them, and where they come from. */
const IMPLICIT: ReadonlyArray<{ readonly from: string; readonly names: readonly string[] }> = [
  { from: 'cdk8s', names: Object.keys(cdk8s) },
  { from: PACKAGE, names: Object.keys(library) },
];

/**
 * The module a snippet becomes. A snippet with imports is a whole program; any other is a fragment of
 * an app: it gets the imports of the names it uses, and an `app` and a `chart` unless it makes its own.
 * Its app is synthesized at the end unless it does so itself. Imports of the package name the library
 * as `packagePath` (its source, for the tests).
 */
export function moduleOf(snippet: Snippet, packagePath: string): { source: string; prelude: number } {
  const code = snippet.code;
  const head: string[] = [];
  if (!/^import /m.test(code)) {
    const declares = (name: string) => new RegExp(`\\b(const|let|function|class) ${name}\\b`).test(code);
    const uses = (name: string) => new RegExp(`(?<![.\\w])${name}\\b`).test(code) && !declares(name);
    for (const { from, names } of IMPLICIT) {
      const used = names.filter(uses).sort();
      if (used.length > 0) head.push(`import { ${used.join(', ')} } from '${from}';`);
    }
    if (/\bkplus\./.test(code)) head.push("import * as kplus from 'cdk8s-plus-27';");
    if (!declares('app')) {
      if (!head.some(h => h.includes("from 'cdk8s'") && /\bApp\b/.test(h))) head.unshift("import { App } from 'cdk8s';");
      head.push('export const app = new App();');
    }
    if (!declares('chart') && /\bchart\b/.test(code)) {
      if (!head.some(h => h.includes("from 'cdk8s'") && /\bChart\b/.test(h))) head.unshift("import { Chart } from 'cdk8s';");
      head.push("export const chart = new Chart(app, 'docs');");
    }
  }
  const tail = /\bapp\.synth\(\)/.test(code) ? '' : '\napp.synth();';
  const body = `${code}${tail}\n`.replace(new RegExp(`from '${PACKAGE}'`, 'g'), `from '${packagePath}'`);
  const prelude = head.map(h => h.replace(new RegExp(`from '${PACKAGE}'`), `from '${packagePath}'`));
  return { source: `${prelude.join('\n')}${prelude.length ? '\n' : ''}${body}`, prelude: prelude.length };
}
