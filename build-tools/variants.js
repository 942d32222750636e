#!/usr/bin/env node
// The packages of the other cdk8s-plus lines, built from this checkout's source (`npx projen package:variants`):
//
//   node build-tools/variants.js [--out DIR] [--build DIR] [LINE...]
//
// LINE: default every line of plus-lines.js but the base; --out: where the tarballs go (dist/js); --build:
// the build folders' parent (dist/variants). For each line, in <build>/plus-NN/ (rewritten every time):
//   1. the checkout's files, with the two source files that name the line written for it
//      (lineSources in plus-lines.js) and a package.json that names the variant package, its
//      cdk8s-plus line as the peer dependency, and its own names in the other jsii languages;
//   2. compiled by jsii against that line, completed as the base package is (`assemble`), API.md
//      written by jsii-docgen;
//   3. checked: the assembly depends on that line and no other, nothing compiled from the source names
//      the base line, and the API (every type, member and parameter of this library) equals the base line's,
//      built the same way beside it;
//   4. packed into DIR/cdk8s-argo-rollouts-plus-NN-<version>.tgz.
const { execFileSync } = require('child_process');
const fs = require('fs');
const path = require('path');
const { BASE_LINE, jsiiTargets, lineNumbers, lineSources, moduleOf, packageOf, parseLine, LINES } = require('./plus-lines');
const { loadAssemblyFromFile } = require('@jsii/spec');

const ROOT = path.join(__dirname, '..');
const ENV = { ...process.env, JSII_SILENCE_SUPPORT_WARNING: '1', JSII_SILENCE_WARNING_END_OF_LIFE_NODE_VERSION: '20' };

function fail(why) {
  console.error(`build-tools/variants.js: ${why}`);
  process.exit(1);
}

function run(command, args, cwd) {
  try {
    return execFileSync(command, args, { cwd, env: ENV, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024, stdio: ['ignore', 'pipe', 'pipe'] });
  } catch (e) {
    fail(`\`${command} ${args.join(' ')}\` in ${cwd} exited with ${e.status}:\n${e.stdout}\n${e.stderr}`);
  }
}

/** The files of the checkout that a build reads (what git tracks or would track), without the tests and apps. */
function checkoutFiles() {
  return run('git', ['ls-files', '-z', '--cached', '--others', '--exclude-standard'], ROOT)
    .split('\0')
    .filter(f => f !== '' && !/^(node_modules|test|examples|bench|dist|lib)\//.test(f))
    .filter(f => fs.lstatSync(path.join(ROOT, f), { throwIfNoEntry: false })?.isFile());
}

/** The package.json of the library on `line`. */
function manifestFor(line) {
  const manifest = JSON.parse(fs.readFileSync(path.join(ROOT, 'package.json'), 'utf8'));
  const swap = deps => {
    const out = {};
    for (const [name, range] of Object.entries(deps ?? {})) {
      if (name === moduleOf(BASE_LINE) || lineNumbers().some(l => name === moduleOf(l))) continue;
      out[name] = range;
    }
    return out;
  };
  const peer = swap(manifest.peerDependencies);
  peer[moduleOf(line)] = `^${LINES[line].cdk8sPlus}`;
  const dev = swap(manifest.devDependencies);
  dev[moduleOf(line)] = LINES[line].cdk8sPlus;
  return {
    ...manifest,
    name: packageOf(line),
    description: `${manifest.description} For cdk8s-plus-${line}.`,
    peerDependencies: sortKeys(peer),
    devDependencies: sortKeys(dev),
    jsii: { ...manifest.jsii, targets: jsiiTargets(line) },
  };
}

function sortKeys(o) {
  return Object.fromEntries(Object.keys(o).sort().map(k => [k, o[k]]));
}

/** Writes the build folder of `line`: the checkout's files, its line's sources and package.json, node_modules linked. */
function prepare(build, line, files) {
  const dir = path.join(build, `plus-${line}`);
  fs.rmSync(dir, { recursive: true, force: true });
  for (const file of files) {
    fs.mkdirSync(path.dirname(path.join(dir, file)), { recursive: true });
    fs.copyFileSync(path.join(ROOT, file), path.join(dir, file));
  }
  for (const [file, text] of Object.entries(lineSources(line))) {
    const target = path.join(dir, 'src', file);
    if (!fs.existsSync(target)) fail(`src/${file} is missing; plus-lines.js writes it for every line, so the source must have it.`);
    fs.writeFileSync(target, text);
  }
  fs.writeFileSync(path.join(dir, 'package.json'), `${JSON.stringify(manifestFor(line), undefined, 2)}\n`);
  // linked entry by entry: packing then bundles the bundled dependencies as a real pack does
  fs.mkdirSync(path.join(dir, 'node_modules'));
  for (const entry of fs.readdirSync(path.join(ROOT, 'node_modules'))) {
    fs.symlinkSync(path.join(ROOT, 'node_modules', entry), path.join(dir, 'node_modules', entry));
  }
  return dir;
}

/** jsii as the base package's compile task runs it (.projen/tasks.json), then the assemble step and API.md. */
function compile(dir) {
  const tasks = JSON.parse(fs.readFileSync(path.join(ROOT, '.projen', 'tasks.json'), 'utf8')).tasks;
  for (const step of tasks.compile.steps) run('npx', step.exec.split(' '), dir);
  run('node', ['build-tools/lazy-index.js'], dir);
  run('node', ['build-tools/copy-generated.js'], dir);
  run('npx', ['jsii-docgen', '-o', 'API.md', '--submodule', 'root'], dir);
}

/** This library's API in an assembly: its types, members and parameters, with cdk8s-plus type names made line-free. */
function apiOf(dir) {
  // (the assembly may be compressed: .jsii then points at .jsii.gz)
  const assembly = loadAssemblyFromFile(path.join(dir, '.jsii'), false);
  const ours = `${assembly.name}.`;
  const text = JSON.stringify(assembly.types, (key, value) => (key === 'locationInModule' || key === 'docs' || key === 'assembly' ? undefined : value))
    .replaceAll(ours, 'LIB.')
    .replace(/cdk8s-plus-\d+\./g, 'CDK8S_PLUS.');
  return { assembly, types: JSON.parse(text) };
}

/**
 * Removes a build folder's assembly once it is packed: jsii-docgen, run in the checkout, reads every
 * `.jsii` below it, and one of the same name and version in dist/variants/ would document that build
 * instead of the checkout's. (The folder's lib/ stays: bench/line.ts runs it.)
 */
function hideAssembly(dir) {
  for (const file of ['.jsii', '.jsii.gz']) fs.rmSync(path.join(dir, file), { force: true });
}

/** The checks of a built variant against the base line built beside it. */
function check(line, dir, base) {
  const { assembly, types } = apiOf(dir);
  const deps = Object.keys(assembly.dependencies ?? {}).filter(d => d.startsWith('cdk8s-plus-'));
  if (deps.join() !== moduleOf(line)) fail(`the assembly of ${packageOf(line)} depends on ${deps.join(', ') || 'no cdk8s-plus'}, not on ${moduleOf(line)} alone.`);
  // (lib/imports/ is generated data, whose headers name what it was generated from)
  const stale = fs.readdirSync(path.join(dir, 'lib'), { recursive: true }).map(String)
    .filter(f => /\.(js|d\.ts)$/.test(f) && !f.startsWith('imports/') && fs.readFileSync(path.join(dir, 'lib', f), 'utf8').includes(moduleOf(BASE_LINE)));
  if (stale.length > 0) fail(`${packageOf(line)} still names ${moduleOf(BASE_LINE)} in lib/${stale[0]}${stale.length > 1 ? ` and ${stale.length - 1} more` : ''}.`);
  const baseTypes = Object.keys(base.types).sort();
  const lineTypes = Object.keys(types).sort();
  if (baseTypes.join() !== lineTypes.join()) {
    const only = (a, b) => a.filter(t => !b.includes(t)).slice(0, 5).join(', ') || 'none';
    fail(`the API of ${packageOf(line)} differs from ${packageOf(BASE_LINE)}'s: types only in the base: ${only(baseTypes, lineTypes)}; only in ${line}: ${only(lineTypes, baseTypes)}.`);
  }
  const changed = baseTypes.filter(t => JSON.stringify(base.types[t]) !== JSON.stringify(types[t]));
  if (changed.length > 0) fail(`the API of ${packageOf(line)} differs from ${packageOf(BASE_LINE)}'s in ${changed.slice(0, 5).join(', ')}${changed.length > 5 ? ` and ${changed.length - 5} more` : ''}.`);
}

function main(argv) {
  let out = path.join(ROOT, 'dist', 'js');
  let build = path.join(ROOT, 'dist', 'variants');
  const lines = [];
  for (let i = 0; i < argv.length; i++) {
    if (argv[i] === '--out') out = path.resolve(argv[++i] ?? fail('--out needs a folder.'));
    else if (argv[i] === '--build') build = path.resolve(argv[++i] ?? fail('--build needs a folder.'));
    else lines.push(parseLine(argv[i], 'build-tools/variants.js'));
  }
  const wanted = lines.length > 0 ? lines : lineNumbers().filter(l => l !== BASE_LINE);
  if (wanted.includes(BASE_LINE)) fail(`cdk8s-plus-${BASE_LINE} is the base line: its package is the checkout's own (\`npx projen compile\`, \`npm pack\`).`);
  fs.mkdirSync(out, { recursive: true });
  const files = checkoutFiles();
  const started = Date.now();
  const baseDir = prepare(build, BASE_LINE, files);
  compile(baseDir);
  const base = apiOf(baseDir);
  for (const line of wanted) {
    const dir = prepare(build, line, files);
    compile(dir);
    check(line, dir, base);
    const [info] = JSON.parse(run('npm', ['pack', '--json', '--pack-destination', out], dir));
    console.log(`${packageOf(line)}: ${path.relative(process.cwd(), path.join(out, info.filename))} (${info.entryCount} files, ${(info.size / 1e6).toFixed(1)} MB)`);
    hideAssembly(dir);
  }
  hideAssembly(baseDir);
  console.log(`built, checked and packed ${wanted.length} variant package(s) in ${((Date.now() - started) / 1000).toFixed(0)} s`);
}

if (require.main === module) {
  try {
    main(process.argv.slice(2));
  } catch (e) {
    fail(e.message);
  }
}

module.exports = { manifestFor };
