import * as fs from 'fs';
import * as path from 'path';
import { ArgoRolloutsVersion } from '../../src';
import { DEFAULT_VERSION, VERSIONS } from '../../src/imports/argo-rollouts-versions';
import { GENERATED_DIR } from '../../src/private/generated';
import { versionFacts } from '../../src/private/versions';

const ROOT = path.join(__dirname, '..', '..');

describe('ArgoRolloutsVersion and the version table', () => {
  test('one constant per release of the table, newest first', () => {
    expect(ArgoRolloutsVersion.all().map(v => v.version)).toEqual(VERSIONS.map(v => v.version));
    expect(ArgoRolloutsVersion.all()).toEqual([
      ArgoRolloutsVersion.V1_10_0_RC1, ArgoRolloutsVersion.V1_9_1, ArgoRolloutsVersion.V1_8_4, ArgoRolloutsVersion.V1_8_3,
    ]);
    expect(ArgoRolloutsVersion.of('v1.10.0-rc1')).toBe(ArgoRolloutsVersion.V1_10_0_RC1);
    expect(ArgoRolloutsVersion.of('1.8.4').tag).toEqual('v1.8.4');
  });

  test('the default is the latest release that is not a candidate: 1.9.1', () => {
    expect(DEFAULT_VERSION).toEqual('1.9.1');
    expect(ArgoRolloutsVersion.defaultVersion()).toBe(ArgoRolloutsVersion.V1_9_1);
    expect(ArgoRolloutsVersion.all().filter(v => v.isPrerelease)).toEqual([ArgoRolloutsVersion.V1_10_0_RC1]);
    const all = ArgoRolloutsVersion.all();
    const newerFinal = all.slice(0, all.indexOf(ArgoRolloutsVersion.defaultVersion())).filter(v => !v.isPrerelease);
    expect(newerFinal).toEqual([]);
    expect(versionFacts(undefined).version).toEqual('1.9.1');
  });

  test('isAtLeast reads release candidates', () => {
    expect(ArgoRolloutsVersion.V1_10_0_RC1.isAtLeast(1, 10)).toBe(true);
    expect(ArgoRolloutsVersion.V1_10_0_RC1.isAtLeast(1, 11)).toBe(false);
    expect(ArgoRolloutsVersion.V1_9_1.isAtLeast(1, 10)).toBe(false);
  });

  test('facts read from the release files: images, data files, CRD sizes', () => {
    for (const v of VERSIONS) {
      expect(v.controllerImage).toEqual({ registry: 'quay.io', repository: 'argoproj/argo-rollouts' });
      expect(v.dashboardImage).toEqual({ registry: 'quay.io', repository: 'argoproj/kubectl-argo-rollouts' });
      expect(fs.existsSync(path.join(GENERATED_DIR, 'install-data', v.dataFiles.crds))).toBe(true);
      expect(fs.existsSync(path.join(GENERATED_DIR, 'validators', v.validatorModule))).toBe(true);
      expect(Object.keys(v.crdBytes)).toHaveLength(5);
    }
    expect(VERSIONS.filter(v => v.crdsNeedServerSideApply).map(v => v.version)).toEqual(['1.10.0-rc1']);
  });

  test('the default release is named once, and no code compares version numbers: the library reads the table', () => {
    const files = (dir: string): string[] => fs.readdirSync(dir, { withFileTypes: true })
      .flatMap(e => (e.isDirectory() ? (e.name === 'imports' ? [] : files(path.join(dir, e.name))) : e.name.endsWith('.ts') ? [path.join(dir, e.name)] : []));
    const offenders: string[] = [];
    for (const file of files(path.join(ROOT, 'src'))) {
      // code only: comments and documentation (`@default ArgoRolloutsVersion.V1_9_1`) may name it
      const code = fs.readFileSync(file, 'utf8').replace(/\/\*[\s\S]*?\*\//g, '').replace(/\/\/.*$/gm, '');
      const rel = path.relative(ROOT, file);
      const named = code.match(/'1\.9\.1'|"1\.9\.1"|V1_9_1/g) ?? [];
      // version.ts declares the constant (its name and number) and lists it among the known constants; none says it is the default
      const allowed = rel === path.join('src', 'release', 'version.ts') ? 3 : 0;
      if (named.length > allowed) offenders.push(`${rel}: ${named.join(', ')}`);
      // a release's facts come from the table, not from comparing its number (version.ts defines the public isAtLeast())
      const compared = rel === path.join('src', 'release', 'version.ts') ? [] : code.match(/\.isAtLeast\(|\[1, ?(8|9|10)\]/g) ?? [];
      if (compared.length > 0) offenders.push(`${rel}: ${compared.join(', ')}`);
    }
    expect(offenders).toEqual([]);
  });
});
