// The release matrix: every example app and every snippet app of README.md and docs/ under every
// release the library offers, once with ArgoRolloutsApp.of(app).useVersion() and once with an install
// of that release in the app; what each synthesizes is linted against that release.
import * as cdk8s from 'cdk8s';

import * as ts from 'typescript';
import { moduleOf, PACKAGE, Snippet } from './doc-snippets';
import { EXAMPLES } from '../examples';
import * as library from '../src';
import { ArgoRollouts, ArgoRolloutsApp, ArgoRolloutsVersion, Linter, LintFinding } from '../src';

/** How the app gets its release. */
export type MatrixMode = 'useVersion' | 'install';

/** What one app did under one release. */
export interface MatrixOutcome {
  /** The synth error, if the synth failed. */
  readonly error?: string;
  /** The lint errors of what it synthesized (severity error), as `ID path: message`. */
  readonly lintErrors: string[];
  /** True when the app set its release itself (an install, ArgoRolloutsCrds or useVersion of its own): the install mode adds none. */
  readonly ownRelease: boolean;
}

/** The run in progress: the apps the app code makes join it. */
interface Run {
  readonly release: ArgoRolloutsVersion;
  readonly mode: MatrixMode;
  readonly manifests: any[];
  ownRelease: boolean;
  /** The release the app was checked against at synth. */
  checkedAgainst?: string;
}

let run: Run | undefined;

/** The manifests of an app, as `cdk8s synth` writes them: every construct's validation, then every chart's objects. */
function synthesized(app: cdk8s.App): any[] {
  const errors = app.node.findAll().flatMap(c => c.node.validate().map(e => `[${c.node.path}] ${e}`));
  if (errors.length > 0) {
    throw new Error(`Validation failed with the following errors:\n  ${errors.join('\n  ')}`);
  }
  return app.charts.flatMap(c => Object.values(c.toJson()));
}

/** Gives an app its release in the run's mode: useVersion() at once, or an install of the release at synth unless the app set one. */
function prepare(app: cdk8s.App): void {
  if (run!.mode === 'useVersion') {
    ArgoRolloutsApp.of(app).useVersion(run!.release);
  }
}

function finish(app: cdk8s.App): any[] {
  const current = run!;
  const own = ArgoRolloutsApp.of(app).versionSetBy;
  current.ownRelease = current.mode === 'install' && own !== undefined;
  if (current.mode === 'install' && own === undefined) {
    new ArgoRollouts(new cdk8s.Chart(app, 'matrix-install'), 'argo-rollouts', { version: current.release });
  }
  current.checkedAgainst = ArgoRolloutsApp.of(app).version.version;
  return synthesized(app);
}

/** The App the snippets get: joins the run, and synthesizes without writing files. */
class MatrixApp extends cdk8s.App {
  constructor(props?: cdk8s.AppProps) {
    super({ ...props, outdir: 'matrix-not-written' });
    prepare(this);
  }

  public synth(): void {
    run!.manifests.push(...finish(this));
  }

  public synthYaml(): string {
    this.synth();
    return '';
  }
}

const MATRIX_CDK8S = { ...cdk8s, App: MatrixApp };

/** Lint errors of manifests against a release, as `ID kind/name path: message`. */
function lintErrors(manifests: any[], version: string, requireReferencedObjects: boolean): string[] {
  return Linter.lintManifests(manifests, { version, requireReferencedObjects })
    .filter((f: LintFinding) => f.severity === 'error')
    .map(f => `${f.ruleId} ${f.kind}/${f.name} ${f.path}: ${f.message}`);
}

/**
 * Runs app code under a release and mode, and lints what it synthesized against the release it was
 * checked against (the run's, or in the install mode the app's own when it sets one). Console output
 * and the synth's warnings are kept out of the test's output.
 */
function outcome(release: ArgoRolloutsVersion, mode: MatrixMode, references: boolean, define: () => void): MatrixOutcome {
  run = { release, mode, manifests: [], ownRelease: false };
  const current = run;
  const log = console.log;
  const write = process.stderr.write;
  console.log = () => undefined;
  process.stderr.write = () => true;
  try {
    define();
    return { lintErrors: lintErrors(current.manifests, current.checkedAgainst ?? release.version, references), ownRelease: current.ownRelease };
  } catch (e) {
    return { error: String((e as Error)?.message ?? e), lintErrors: [], ownRelease: current.ownRelease };
  } finally {
    console.log = log;
    process.stderr.write = write;
    run = undefined;
  }
}

/** An example app under a release. */
export function exampleOutcome(name: string, release: ArgoRolloutsVersion, mode: MatrixMode): MatrixOutcome {
  const example = EXAMPLES.find(e => e.name === name)!;
  // an example is a whole app: what its objects refer to is among them
  return outcome(release, mode, true, () => {
    const app = new MatrixApp();
    example.define(app);
    app.synth();
  });
}

/** A snippet compiled once to a function of its imports. */
export type CompiledSnippet = (require: (name: string) => unknown) => void;

/** Compiles a snippet's module (see `moduleOf`) to a function that runs it with the given imports. */
export function compileSnippet(snippet: Snippet): CompiledSnippet {
  const { source } = moduleOf(snippet, PACKAGE);
  const compilerOptions = { module: ts.ModuleKind.CommonJS, target: ts.ScriptTarget.ES2020, esModuleInterop: true };
  const js = ts.transpileModule(source, { compilerOptions }).outputText;
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  const body = new Function('exports', 'require', 'module', js) as (exports: object, require: (name: string) => unknown, module: object) => void;
  return req => {
    const module = { exports: {} };
    // (what a snippet prints for its reader stays out of the test log)
    const log = jest.spyOn(console, 'log').mockImplementation(() => undefined);
    try {
      body(module.exports, req, module);
    } finally {
      log.mockRestore();
    }
  };
}

/** A snippet app under a release: its `cdk8s` App joins the run; the package is the library's source. */
export function snippetOutcome(compiled: CompiledSnippet, release: ArgoRolloutsVersion, mode: MatrixMode): MatrixOutcome {
  // a snippet is a fragment: templates by name, a controller installed elsewhere
  return outcome(release, mode, false, () => compiled(name => {
    if (name === 'cdk8s') return MATRIX_CDK8S;
    if (name === PACKAGE) return library;
    // eslint-disable-next-line @typescript-eslint/no-require-imports
    return require(name);
  }));
}


