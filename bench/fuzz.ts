// The long run of the property-based test (test/validation/property.test.ts): the same two
// properties, many more runs, a fresh seed each time (printed, so a failure can be replayed).
//
//   npx ts-node --transpile-only bench/fuzz.ts [RUNS] [SEED]
//
// RUNS defaults to 5000 per property; SEED to a random one. Exits 1 when a property fails, printing
// the shrunk counterexample and the seed. The upstream-mutation property needs ../shared/argo-rollouts
// (or ARGO_ROLLOUTS_UPSTREAM) and is skipped, with a note, without it.
import * as fs from 'fs';
import * as path from 'path';
// fast-check is a devDependency: this script, like the tests, runs from a checkout only
// eslint-disable-next-line import/no-extraneous-dependencies
import * as fc from 'fast-check';
import { checkL2App, checkMutation, l2App, mutation, upstreamExampleGroups } from '../test/validation/fuzz-properties';

const RUNS = Number(process.argv[2] ?? 5000);
const SEED = process.argv[3] !== undefined ? Number(process.argv[3]) : Math.floor(Math.random() * 2 ** 31);
const UPSTREAM = path.resolve(__dirname, '..', process.env.ARGO_ROLLOUTS_UPSTREAM ?? '../shared/argo-rollouts');

function run(name: string, property: fc.IProperty<any>): boolean {
  const started = Date.now();
  const result = fc.check(property, { seed: SEED, numRuns: RUNS });
  const seconds = ((Date.now() - started) / 1000).toFixed(1);
  if (result.failed) {
    console.log(`FAIL ${name} (${result.numRuns} runs, ${seconds}s, seed ${SEED}, path ${result.counterexamplePath}):`);
    console.log(`  ${String((result.errorInstance as Error)?.message ?? result.errorInstance).split('\n').join('\n  ')}`);
    return false;
  }
  console.log(`ok   ${name} (${result.numRuns} runs, ${seconds}s, seed ${SEED})`);
  return true;
}

const results: boolean[] = [];
results.push(run('random L2 configurations synthesize valid manifests or fail with a factory or engine error',
  fc.property(l2App, o => {
    const problem = checkL2App(o);
    if (problem !== undefined) throw new Error(problem);
  })));

const examples = path.join(UPSTREAM, 'examples');
if (fs.existsSync(examples)) {
  const groups = upstreamExampleGroups(examples);
  results.push(run('mutated upstream examples get the same verdict from the synth-time check and the CLI',
    fc.property(fc.nat({ max: groups.length - 1 }), fc.array(mutation, { minLength: 1, maxLength: 4 }), (g, mutations) => {
      const problem = checkMutation(groups[g].documents, mutations);
      if (problem !== undefined) throw new Error(`${groups[g].name}: ${problem}`);
    })));
} else {
  console.log(`skip mutated upstream examples: no upstream examples at ${examples} (set ARGO_ROLLOUTS_UPSTREAM)`);
}

process.exitCode = results.every(r => r) ? 0 : 1;
