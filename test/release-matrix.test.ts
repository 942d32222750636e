// The release matrix: every example app (examples/) and every snippet app of README.md and docs/,
// under every release the library offers — once with ArgoRolloutsApp.of(app).useVersion(release),
// once with an install of that release in the app — and what it synthesizes linted against that
// release. An app that needs what a release lacks fails with the version message; the table below
// says which, and why. Everything else passes.
import { ArgoRolloutsVersion } from '../src';
import { SNIPPETS, Snippet } from './doc-snippets';
import { compileSnippet, CompiledSnippet, exampleOutcome, MatrixMode, MatrixOutcome, snippetOutcome } from './matrix-harness';
import { EXAMPLES } from '../examples';

const RELEASES = ArgoRolloutsVersion.all();
const MODES: readonly MatrixMode[] = ['useVersion', 'install'];

/** A snippet by page and position on it (`docs/install.md #5`: the fifth ```ts block of the page). */
function snippetKey(snippet: Snippet): string {
  const page = snippet.where.split(':')[0];
  const position = SNIPPETS.filter(s => s.where.split(':')[0] === page).indexOf(snippet) + 1;
  return `${page} #${position}`;
}

/**
 * Where an app is expected not to pass as it stands: the releases and modes, what it must fail with,
 * and why. A snippet or example that starts or stops failing elsewhere fails the test.
 */
interface Expected {
  /** The releases concerned (version numbers); all when left out. */
  readonly releases?: readonly string[];
  /** The modes concerned; both when left out. */
  readonly modes?: readonly MatrixMode[];
  /** What the synth error must say; the synth passes when left out. */
  readonly error?: RegExp;
  /** The rules the lint must report (and no others), as IDs; none when left out. */
  readonly lint?: readonly string[];
  /** Why, in words. */
  readonly why: string;
}

const EXPECTED: Readonly<Record<string, readonly Expected[]>> = {
  'docs/cdk8s-plugin.md #1': [{
    lint: ['V34'],
    why: 'the page shows a raw ApiObject Rollout with setWeight 150, which only the validation plugin (and the lint) catch',
  }],
  'docs/notifications.md #6': [{
    modes: ['install'],
    error: /SelfServiceNotifications docs\/team-a-notifications breaks a rule[^]*\[N01\]/,
    why: 'the page\'s self-service notifications need an install with --self-service-notification-enabled (installed elsewhere); '
      + 'the matrix\'s plain install reads the notification ConfigMap from its own namespace only',
  }],
};

/**
 * The release an app's own code pins (an `ArgoRolloutsVersion.V…` constant), if it names one. A
 * constant given to the linter, a plan or the cdk8s plugin (their `version` option, up to the end of
 * the statement) says what they check against, not the app's release.
 */
function pinnedRelease(source: string): string | undefined {
  const app = source.replace(/(new ArgoRolloutsValidation|Linter\.lint\w+|RolloutPlan\.\w+|nextReplicaCounts)\([^;]*;/g, '');
  const named = [...new Set([...app.matchAll(/ArgoRolloutsVersion\.(V\d+_\d+_\d+(?:_RC\d+)?)\b/g)].map(m => m[1]))];
  return named.length === 1 ? (ArgoRolloutsVersion as any)[named[0]].version : undefined;
}

/** What the outcome should be for an app, release and mode: passes, or the expected failure. */
function expectation(key: string, pinned: string | undefined, release: ArgoRolloutsVersion, mode: MatrixMode): Expected | undefined {
  const listed = (EXPECTED[key] ?? []).find(e => (e.releases ?? [release.version]).includes(release.version) && (e.modes ?? [mode]).includes(mode));
  if (listed !== undefined) {
    return listed;
  }
  if (pinned !== undefined && pinned !== release.version && mode === 'useVersion') {
    return {
      error: new RegExp(`uses Argo Rollouts ${pinned.replace(/\./g, '\\.')}, but ArgoRolloutsApp\\.of\\(app\\)\\.useVersion\\(\\) already set this app to ${release.version.replace(/\./g, '\\.')}\\.`),
      why: `the app pins ${pinned}: another release is refused, naming both`,
    };
  }
  return undefined;
}

/** Checks one outcome against its expectation, in a form that names the app, release and mode when it fails. */
function check(key: string, release: ArgoRolloutsVersion, mode: MatrixMode, pinned: string | undefined, result: MatrixOutcome): void {
  const expected = expectation(key, pinned, release, mode);
  const lintRules = [...new Set(result.lintErrors.map(e => e.split(' ')[0]))].sort();
  const seen = {
    app: key,
    release: release.version,
    mode,
    synth: result.error === undefined ? 'passes' : result.error,
    lint: result.lintErrors,
  };
  expect(seen).toEqual({
    app: key,
    release: release.version,
    mode,
    synth: expected?.error === undefined ? 'passes' : expect.stringMatching(expected.error),
    lint: expected?.lint === undefined ? [] : expect.arrayContaining([]),
  });
  const expectedRules = [...(expected?.lint ?? [])].sort();
  expect({ app: key, release: release.version, mode, lintRules }).toEqual({ app: key, release: release.version, mode, lintRules: expectedRules });
  if (mode === 'install' && pinned !== undefined) {
    // the app's own install (or useVersion) sets its release: the matrix adds no install of its own
    expect({ app: key, ownRelease: result.ownRelease }).toEqual({ app: key, ownRelease: true });
  }
}

describe.each(RELEASES.map(r => [r.version, r] as const))('Argo Rollouts %s', (_version, release) => {
  test.each(EXAMPLES.map(e => e.name))('example %s: with useVersion() and with an install of the release', name => {
    for (const mode of MODES) {
      check(`examples: ${name}`, release, mode, undefined, exampleOutcome(name, release, mode));
    }
  });

  const compiled = new Map<Snippet, CompiledSnippet>();
  test.each(SNIPPETS.map(s => [snippetKey(s), s] as const))('snippet %s: with useVersion() and with an install of the release', (key, snippet) => {
    let run = compiled.get(snippet);
    if (run === undefined) {
      run = compileSnippet(snippet);
      compiled.set(snippet, run);
    }
    const pinned = pinnedRelease(snippet.code);
    for (const mode of MODES) {
      check(key, release, mode, pinned, snippetOutcome(run, release, mode));
    }
  });
});

describe('the table of expected failures', () => {
  test('names only apps that exist', () => {
    const keys = new Set([...EXAMPLES.map(e => `examples: ${e.name}`), ...SNIPPETS.map(snippetKey)]);
    expect(Object.keys(EXPECTED).filter(k => !keys.has(k))).toEqual([]);
  });
});
