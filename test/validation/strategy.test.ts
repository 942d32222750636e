import { blueGreenRollout, expectFinding, expectNoFinding, findingsOf, validRollout } from './helpers';
import { validateManifests } from '../../src/validation/private';

const PREFERRED = 'preferredDuringSchedulingIgnoredDuringExecution';
const REQUIRED = 'requiredDuringSchedulingIgnoredDuringExecution';

describe('Strategy (V14-V19)', () => {
  test('the blue-green fixture is valid', () => {
    expect(validateManifests([blueGreenRollout()])).toEqual([]);
  });

  describe('V14 no strategy', () => {
    test('an empty strategy is reported', () => {
      const rollout = validRollout();
      rollout.spec.strategy = {};
      expectFinding('V14', [rollout], 'spec.strategy', '{}');
    });

    test('a missing strategy is reported', () => {
      const rollout = validRollout();
      delete rollout.spec.strategy;
      expectFinding('V14', [rollout], 'spec.strategy', 'not set');
    });

    test('one strategy passes', () => {
      expectNoFinding('V14', [validRollout(), blueGreenRollout()]);
    });
  });

  describe('V15 two strategies', () => {
    test('blueGreen and canary together', () => {
      const rollout = blueGreenRollout();
      rollout.spec.strategy.canary = { steps: [{ setWeight: 150 }] };
      expectFinding('V15', [rollout], 'spec.strategy', 'blueGreen');
      // like the controller, the engine does not judge either strategy until one is removed
      expect(validateManifests([rollout]).map(f => f.ruleId)).toEqual(['V15']);
    });

    test('a null canary next to blueGreen counts as absent', () => {
      const rollout = blueGreenRollout();
      rollout.spec.strategy.canary = null;
      expectNoFinding('V15', [rollout]);
    });
  });

  describe('V16 active and preview Services', () => {
    test('the same Service twice', () => {
      const rollout = blueGreenRollout();
      rollout.spec.strategy.blueGreen.previewService = 'web-active';
      expectFinding('V16', [rollout], 'spec.strategy.blueGreen.activeService', '"web-active"');
    });

    test('both empty', () => {
      const rollout = blueGreenRollout();
      rollout.spec.strategy.blueGreen = {};
      expectFinding('V16', [rollout], 'spec.strategy.blueGreen.activeService', 'activeService');
    });

    test('an active Service without preview passes', () => {
      const rollout = blueGreenRollout();
      delete rollout.spec.strategy.blueGreen.previewService;
      expectNoFinding('V16', [rollout]);
    });
  });

  describe('V17 scaleDownDelayRevisionLimit', () => {
    test('above the default revisionHistoryLimit of 10', () => {
      const rollout = blueGreenRollout();
      rollout.spec.strategy.blueGreen.scaleDownDelayRevisionLimit = 11;
      const finding = expectFinding('V17', [rollout], 'spec.strategy.blueGreen.scaleDownDelayRevisionLimit', '11');
      expect(finding.message).toContain('10 (the default)');
    });

    test('above an explicit revisionHistoryLimit', () => {
      const rollout = blueGreenRollout();
      rollout.spec.revisionHistoryLimit = 2;
      rollout.spec.strategy.blueGreen.scaleDownDelayRevisionLimit = 3;
      expectFinding('V17', [rollout], 'spec.strategy.blueGreen.scaleDownDelayRevisionLimit', '3');
    });

    test('equal to the limit passes, and canary is not checked', () => {
      const blueGreen = blueGreenRollout();
      blueGreen.spec.strategy.blueGreen.scaleDownDelayRevisionLimit = 10;
      const canary = validRollout();
      canary.spec.revisionHistoryLimit = 1;
      canary.spec.strategy.canary.scaleDownDelayRevisionLimit = 5;
      expectNoFinding('V17', [blueGreen, canary]);
    });
  });

  describe('V18 anti-affinity variant', () => {
    test('neither variant (blue-green)', () => {
      const rollout = blueGreenRollout();
      rollout.spec.strategy.blueGreen.antiAffinity = {};
      expectFinding('V18', [rollout], 'spec.strategy.blueGreen.antiAffinity', 'neither');
    });

    test('both variants (canary)', () => {
      const rollout = validRollout();
      rollout.spec.strategy.canary.antiAffinity = { [PREFERRED]: { weight: 50 }, [REQUIRED]: {} };
      expectFinding('V18', [rollout], 'spec.strategy.canary.antiAffinity', '"weight":50');
    });

    test('exactly one variant passes', () => {
      const blueGreen = blueGreenRollout();
      blueGreen.spec.strategy.blueGreen.antiAffinity = { [REQUIRED]: {} };
      const canary = validRollout();
      canary.spec.strategy.canary.antiAffinity = { [PREFERRED]: { weight: 1 } };
      expect(validateManifests([blueGreen, canary])).toEqual([]);
    });
  });

  describe('V19 anti-affinity weight', () => {
    test.each([0, 101, undefined])('weight %p is reported', weight => {
      const rollout = blueGreenRollout();
      rollout.spec.strategy.blueGreen.antiAffinity = { [PREFERRED]: weight === undefined ? {} : { weight } };
      expectFinding('V19', [rollout], `spec.strategy.blueGreen.antiAffinity.${PREFERRED}.weight`, weight === undefined ? 'not set' : String(weight));
    });

    test('canary weight out of range', () => {
      const rollout = validRollout();
      rollout.spec.strategy.canary.antiAffinity = { [PREFERRED]: { weight: 200 } };
      expectFinding('V19', [rollout], `spec.strategy.canary.antiAffinity.${PREFERRED}.weight`, '200');
    });

    test('weights 1 and 100 pass', () => {
      const low = blueGreenRollout();
      low.spec.strategy.blueGreen.antiAffinity = { [PREFERRED]: { weight: 1 } };
      const high = validRollout();
      high.spec.strategy.canary.antiAffinity = { [PREFERRED]: { weight: 100 } };
      expect(findingsOf('V19', [low, high])).toEqual([]);
    });
  });
});
