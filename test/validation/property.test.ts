import * as path from 'path';
import * as fc from 'fast-check';
import { ArgoRolloutsVersion, CanaryStep, RolloutStrategy } from '../../src';
import { describeUpstream, UPSTREAM_DIR } from '../util';
import { checkL2App, checkMutation, isCrash, l2App, mutation, synthesizes, upstreamExampleGroups } from './fuzz-properties';

/**
 * Property-based checks of the library against its own engine (issue 10, "Keep it found"). Seeded
 * and bounded so that the suite is reproducible and fast; `npx ts-node --transpile-only bench/fuzz.ts`
 * runs the same properties longer, with a random seed.
 */
const SEED = 20260101;

describe('random L2 configurations', () => {
  test('synthesize manifests that pass the engine, or fail with a factory or engine error (never a TypeError)', () => {
    fc.assert(fc.property(l2App, o => {
      const problem = checkL2App(o);
      if (problem !== undefined) throw new Error(problem);
    }), { seed: SEED, numRuns: 2000 });
  }, 30_000);

  test('the release is drawn too: every release the library offers is among the seeded runs', () => {
    const drawn = new Set(fc.sample(l2App, { seed: SEED, numRuns: 2000 }).map(o => o.release));
    expect([...drawn].sort()).toEqual(ArgoRolloutsVersion.all().map(v => v.version).sort());
  });

  test('the simplest canary passes on every release (a check that counted a key the YAML does not hold failed 1.8.x)', () => {
    const sample = fc.sample(l2App, { seed: SEED, numRuns: 1 })[0];
    for (const release of ArgoRolloutsVersion.all()) {
      const o = {
        ...sample,
        release: release.version,
        replicas: undefined,
        minReady: undefined,
        progressDeadline: undefined,
        revisionHistoryLimit: undefined,
        name: 'web',
        strategy: () => RolloutStrategy.canary(),
      };
      expect({ release: release.version, problem: checkL2App(o), synthesized: synthesizes(o) })
        .toEqual({ release: release.version, problem: undefined, synthesized: true });
    }
  });

  test('the property sees crashes: a TypeError inside the build is one, a factory error is not', () => {
    const sample = fc.sample(l2App, { seed: SEED, numRuns: 1 })[0];
    const crashing = { ...sample, strategy: () => (undefined as any).steps };
    expect(checkL2App(crashing)).toMatch(/^crash: TypeError: Cannot read properties of undefined/);
    const refused = { ...sample, strategy: () => RolloutStrategy.canary({ steps: [CanaryStep.setWeight(150)] }) };
    expect(checkL2App(refused)).toBeUndefined();
    expect(isCrash(new Error('x.y is not a function'))).toBe(true);
    expect(isCrash(new Error('setWeight 150 is outside the range 0 to 100.'))).toBe(false);
  });
});

describeUpstream('random mutations of the upstream examples', () => {
  const groups = upstreamExampleGroups(path.join(UPSTREAM_DIR, 'examples'));

  test('the synth-time check and the CLI give the same verdict', () => {
    fc.assert(fc.property(fc.nat({ max: groups.length - 1 }), fc.array(mutation, { minLength: 1, maxLength: 3 }), (g, mutations) => {
      const problem = checkMutation(groups[g].documents, mutations);
      if (problem !== undefined) throw new Error(`${groups[g].name}: ${problem}`);
    }), { seed: SEED, numRuns: 1000 });
  }, 30_000);

  test('the examples as they are: both agree (no errors)', () => {
    expect(checkMutation(groups[0].documents, [])).toBeUndefined();
  });
});
