import { cdk8s, javascript, JsonFile } from 'projen';
// eslint-disable-next-line @typescript-eslint/no-require-imports
const { BASE_LINE, LINES, lineNumbers, moduleOf, jsiiTargets } = require('./build-tools/plus-lines');

/** The cdk8s-plus lines that get a package of their own beside the base line's. */
const otherLines = (): number[] => lineNumbers().filter((line: number) => line !== BASE_LINE);

/** jsii phones home and prints an end-of-life banner on Node 20 unless told not to. */
const JSII_ENV = {
  JSII_SILENCE_SUPPORT_WARNING: '1',
  JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION: '20',
};

const project = new cdk8s.ConstructLibraryCdk8s({
  name: 'cdk8s-argo-rollouts',
  description: 'Argo Rollouts for cdk8s: typed canary and blue-green Rollouts, their Services, and the controller\'s rules checked at synth time.',
  author: 'cdk8s-argo-rollouts developers',
  // No public address is known yet, so none is published: the author has no e-mail, and the
  // repository URL (which jsii refuses to compile without) is removed from the packed package.json
  // (build-tools/published-manifest.js, run by npm before and after `npm pack`).
  authorAddress: '',
  repositoryUrl: 'unpublished',
  // Node 20 is end of life but still what these machines run; users are on 22 and 24.
  minNodeVersion: '20.0.0',
  keywords: ['cdk8s', 'argo', 'argo-rollouts', 'progressive-delivery', 'canary', 'blue-green', 'kubernetes'],
  defaultReleaseBranch: 'main',

  cdk8sVersion: '2.70.0',
  constructsVersion: '10.5.0',
  jsiiVersion: '~6.0.0',
  // The assembly ships gzipped (.jsii.gz beside a small .jsii that points at it): 5.5 MB of JSON, most of
  // it the generated L1, is about 0.5 MB compressed. jsii-pacmak, jsii-docgen and jsii-reflect read both.
  compressAssembly: true,
  // projen's default inlines a source map with the whole TypeScript source into every JavaScript file:
  // half of lib/'s bytes. The package ships without maps (stack traces name the compiled files).
  tsconfig: { compilerOptions: { inlineSourceMap: false, inlineSources: false } },
  peerDeps: [`${moduleOf(BASE_LINE)}@^${LINES[BASE_LINE].cdk8sPlus}`],
  // the lint CLI parses YAML with js-yaml (about 12x faster than `yaml` on large inputs)
  bundledDeps: ['js-yaml@^4.1.0'],
  bin: { 'argo-rollouts-lint': 'bin/argo-rollouts-lint', 'argo-rollouts-plan': 'bin/argo-rollouts-plan', 'argo-rollouts-import': 'bin/argo-rollouts-import' },
  devDeps: [
    '@types/node@^20',
    'cdk8s-cli@^2.207.60',
    'ajv@^8.17.0',
    'ajv-formats@^3.0.1',
    'yaml@^2.8.0',
    'fast-check@^4',
    // the import CLI lays out its code itself (src/import/private/layout.ts); its test holds it to prettier's layout
    'prettier@^3',
    // reads the (compressed) assembly in build-tools/variants.js
    '@jsii/spec@^1',
    // the other cdk8s-plus lines, for the variant packages and the suite run on a line
    ...otherLines().map(line => `${moduleOf(line)}@${LINES[line].cdk8sPlus}`),
  ],
  packageManager: javascript.NodePackageManager.NPM,
  // the test command must not rewrite sources: eslint there only checks (`npx projen eslint:fix` fixes)
  eslintOptions: { dirs: ['src'], commandOptions: { fix: false } },
  projenrcTs: true,

  github: false,
  buildWorkflow: false,
  release: false,
  depsUpgrade: false,
  pullRequestTemplate: false,
  vscode: false,
  // API.md documents our own API only; the generated L1 (`crds` submodule) would add ~90k lines.
  docgen: true,

  jestOptions: {
    // The test command must never rewrite snapshots: a mismatch is a failure.
    updateSnapshot: javascript.UpdateSnapshot.NEVER,
    jestConfig: {
      // Coverage more than triples the suite's time on 2 cores (measured: 560 s against 162 s);
      // `npx jest --coverage` still reports it when wanted.
      collectCoverage: false,
      // jest's default is one worker fewer than the cores: a single worker on the 2 cores of CI. Two
      // workers there took the suite from 205 s to 158 s (the packed-package test runs beside the rest).
      maxWorkers: '100%',
      // CDK8S_PLUS_LINE=NN runs the suite on another cdk8s-plus line (build-tools/plus-lines.js)
      resolver: '<rootDir>/test/plus-line-resolver.js',
      // one temporary folder per run, removed at its end (test/setup/temp-dir.js)
      globalSetup: '<rootDir>/test/setup/global-setup.js',
      // the rules' warnings at synth stay out of the test log (test/setup/quiet-warnings.js)
      setupFilesAfterEnv: ['<rootDir>/test/setup/quiet-warnings.js'],
      globalTeardown: '<rootDir>/test/setup/global-teardown.js',
      coveragePathIgnorePatterns: ['/node_modules/', '/src/imports/', '/test/'],
      testPathIgnorePatterns: ['/node_modules/', '/lib/', '/dist/'],
      // A worker's JavaScript is done within milliseconds of jest's end message, but the process then
      // frees its V8 heap (400-750 MB by the end of the suite, mostly garbage not yet collected) page
      // by page: 0.3-0.65 s measured on 2 cores, 1-2 s when they are busy, past jest's default limit of
      // 0.5 s, after which it kills the worker and prints "A worker process has failed to exit
      // gracefully" although nothing leaked. A worker held by a real leak never exits: it is still
      // killed and reported, 10 s later.
      workerGracefulExitTimeout: 10_000,
    },
  },
});

// the compressed assembly is build output, as .jsii is
project.gitignore.exclude('/.jsii.gz');

// Conformance suites skipped for want of the upstream files are counted and explained in one line.
project.jest?.addReporter(new javascript.JestReporter('<rootDir>/test/reporters/upstream-skips.js'));

for (const [k, v] of Object.entries(JSII_ENV)) {
  project.tasks.addEnvironment(k, v);
}

// Generated output must not be linted (eslint --fix would rewrite it), and diffs show it as generated.
project.eslint?.addIgnorePattern('src/imports/');
project.gitattributes.addAttributes('/src/imports/**', 'linguist-generated');
// examples/ and bench/ are type-checked and linted like the tests (they run through ts-node).
for (const dir of ['examples', 'bench']) {
  new JsonFile(project, `${dir}/tsconfig.json`, {
    obj: { extends: '../test/tsconfig.json', include: ['**/*.ts'] },
  });
}
// ts-jest compiles tests file by file (isolatedModules) without checking their types: the test task
// type-checks the tests, the examples and the bench after jest.
// One program for the three (a third of the time of three): tsconfig.typecheck.json.
new JsonFile(project, 'tsconfig.typecheck.json', {
  obj: { extends: './test/tsconfig.json', include: ['test/**/*.ts', 'examples/**/*.ts', 'bench/**/*.ts'] },
});
const typecheckTask = project.addTask('typecheck', {
  description: 'Type-check the tests, the example apps and the bench (ts-jest does not)',
  exec: 'tsc --noEmit -p tsconfig.typecheck.json',
});
project.testTask.spawn(typecheckTask);
project.eslint?.addLintPattern('examples');
project.eslint?.addLintPattern('bench');

// API.md: our own API only (the generated `crds` submodule stays out of it).
project.tasks.tryFind('docgen')?.reset('jsii-docgen -o API.md --submodule root');

// lib/ as jsii leaves it is not the whole package: `assemble` completes it (also used by the packed-package test).
const assembleTask = project.addTask('assemble', {
  description: 'Complete lib/ after jsii: lazy exports in lib/index.js and the layers\' doors (lib/**/private/index.js), and the generated data files jsii does not copy',
  steps: [
    // Importing the library loads nothing yet: every export of lib/index.js (and of each layer's door) loads its module on first use.
    { exec: 'node build-tools/lazy-index.js' },
    // The generated files that are not TypeScript (install data JSON, compiled validators) go from src/imports/ to lib/imports/.
    { exec: 'node build-tools/copy-generated.js' },
  ],
});
project.postCompileTask.spawn(assembleTask);

// Each package names itself in the other jsii languages (only the JS target is built here); the
// variants of the other cdk8s-plus lines get their own names (build-tools/plus-lines.js).
project.package.file.addOverride('jsii.targets', jsiiTargets(BASE_LINE));

// The packages of the other cdk8s-plus lines, from the same source: built, checked and packed into dist/js/.
project.addTask('package:variants', {
  description: `Build, check and pack the packages of cdk8s-plus-${otherLines().join(', -')} into dist/js/ (build-tools/variants.js)`,
  exec: 'node build-tools/variants.js',
  receiveArgs: true,
});
// CI's second command: the packed-package test of each variant (the whole suite runs on the base line).
project.addTask('test:variants', {
  description: 'For each other cdk8s-plus line: its package packed and used in a new cdk8s app (test/packed-package.test.ts)',
  exec: 'node build-tools/test-variants.js',
  receiveArgs: true,
});

// The packed package.json leaves out the repository URL that only jsii needs (see `repositoryUrl`).
project.package.setScript('prepack', 'node build-tools/published-manifest.js clean');
project.package.setScript('postpack', 'node build-tools/published-manifest.js restore');
project.gitignore.exclude('/.package.json.prepack');
project.npmignore?.exclude('/.package.json.prepack');

// The generators of imports/ write everything generated, and only that, under src/imports/ (imports/layout.js),
// offline, from the pinned upstream files (../shared/argo-rollouts by default, ARGO_ROLLOUTS_UPSTREAM to override).
const importTask = project.addTask('import', {
  description: 'Regenerate src/imports/argoproj.io.ts from the v1.9.1 CRDs (offline)',
  exec: 'node imports/generate.js',
});
const installDataTask = project.addTask('import:install-data', {
  description: 'Regenerate src/imports/install-data/<version>/ (CRDs, notification catalog) and the version table from the upstream release manifests',
  exec: 'node imports/generate-install-data.js',
});
const validatorsTask = project.addTask('import:validators', {
  description: 'Regenerate src/imports/validators/ (compiled CRD validators, Service/Ingress field table) from the install data',
  exec: 'node imports/generate-validators.js',
});
const argoCdTask = project.addTask('import:argocd', {
  description: 'Regenerate src/imports/argocd/ (the compiled Argo CD Application CRD validator) from ../shared/third-party-crds/argo-cd',
  exec: 'node imports/generate-argocd.js',
});
const podFieldsTask = project.addTask('import:pod-fields', {
  description: 'Regenerate src/imports/kubernetes/pod-fields.js (the pod fields of each cdk8s-plus line\'s Kubernetes) from ../shared/third-party-crds/k8s',
  exec: 'node imports/generate-pod-fields.js',
});
project.addTask('generate', {
  description: 'Regenerate everything under src/imports/: the L1 bindings, the install data and version table, the compiled validators, the pod field table',
  steps: [importTask, installDataTask, validatorsTask, argoCdTask, podFieldsTask].map(task => ({ spawn: task.name })),
});

const TS_NODE = 'ts-node --transpile-only';

project.addTask('demo', {
  description: 'Synthesize the demo app (the seed examples) into dist/demo',
  exec: `${TS_NODE} examples/demo.ts`,
});

project.addTask('examples', {
  description: 'Synthesize every example app into dist/examples/<app>',
  exec: `${TS_NODE} examples/synth-all.ts`,
});

project.addTask('bench', {
  description: 'Benchmarks: synth speed of the L2 API against raw ApiObjects, import cost, install synth (builds lib/ first)',
  steps: [{ spawn: 'compile' }, { spawn: 'post-compile' }, { exec: `${TS_NODE} bench/run.ts` }],
});

// docs/ ships with the package, so that the README's links work where it is read (node_modules, the registry).
project.npmignore?.exclude('/examples/', '/bench/', '/imports/', '/build-tools/', '/.ci/', '/test-reports/', '/tsconfig.typecheck.json');

// The test command changes no file: its eslint checks without --fix; `npx projen eslint:fix` fixes.
project.addTask('eslint:fix', {
  description: 'Runs eslint with --fix on what the eslint task checks (the test command does not fix)',
  exec: 'npx projen eslint --fix',
});

project.synth();
