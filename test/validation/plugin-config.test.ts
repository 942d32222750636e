import { expectFinding, expectNoFinding } from './helpers';
import { validateManifests } from '../../src/validation/private';

const SHA = 'a'.repeat(64);

/** The controller's ConfigMap with the given data. */
function config(data: any, extra: any = {}): any {
  return { apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: 'argo-rollouts-config', namespace: 'argo-rollouts', ...extra.metadata }, data };
}

const VALID = config({
  trafficRouterPlugins: `- name: "argoproj-labs/gatewayAPI"\n  location: "https://example.invalid/gatewayapi-plugin-linux-amd64"\n  sha256: "${SHA}"\n`,
  metricProviderPlugins: '- name: acme/sample_metrics.v2\n  location: file:///plugins/metrics\n  args: ["--debug"]\n',
  stepPlugins: '- name: acme/step\n  location: http://plugins.example.invalid/step\n  disabled: false\n',
});

describe('Plugin configuration (C01-C04)', () => {
  test('a valid configuration gives no findings', () => {
    expect(validateManifests([VALID])).toEqual([]);
  });

  test('only the ConfigMap argo-rollouts-config is checked', () => {
    const other = config({ trafficRouterPlugins: 'not: [a list' }, { metadata: { name: 'my-config' } });
    expect(validateManifests([other])).toEqual([]);
    const notCore = { ...config({ trafficRouterPlugins: 'x: [' }), apiVersion: 'example.com/v1' };
    expect(validateManifests([notCore])).toEqual([]);
  });

  test('empty and absent plugin keys are fine', () => {
    expect(validateManifests([config({ trafficRouterPlugins: '', stepPlugins: null })])).toEqual([]);
    expect(validateManifests([config(undefined)])).toEqual([]);
  });

  describe('C04 unparsable list', () => {
    test('invalid YAML', () => {
      const finding = expectFinding('C04', [config({ trafficRouterPlugins: '- name: a/b\n  location: [x\n' })], 'data.trafficRouterPlugins', 'not valid YAML');
      expect(finding.message).toContain('line');
    });

    test('a map, a scalar item, a field of the wrong type, a non-string value', () => {
      expectFinding('C04', [config({ metricProviderPlugins: 'name: a/b\nlocation: https://x\n' })], 'data.metricProviderPlugins', 'a map');
      expectFinding('C04', [config({ stepPlugins: '- a/b\n' })], 'data.stepPlugins', 'item 0');
      expectFinding('C04', [config({ stepPlugins: '- name: a/b\n  location: https://x\n  args: "--x"\n' })], 'data.stepPlugins', 'args');
      expectFinding('C04', [config({ stepPlugins: 5 })], 'data.stepPlugins', 'strings');
    });

    test('a list that cannot be read is not checked further', () => {
      const manifests = [config({ stepPlugins: '- name: nameonly\n  location: ftp://x\n  disabled: "no"\n' })];
      expectFinding('C04', manifests, 'data.stepPlugins', 'disabled');
      expectNoFinding('C01', manifests);
    });
  });

  describe('C01 plugin name', () => {
    test.each([
      ['gatewayAPI', 'no "/"'],
      ['a/b/c', 'more than one'],
      ['acme_corp/plugin', 'not allowed'],
      ['acme/', 'empty part'],
      ['', 'empty'],
    ])('%s', (name, mention) => {
      expectFinding('C01', [config({ trafficRouterPlugins: `- name: "${name}"\n  location: https://x/y\n` })], 'data.trafficRouterPlugins[0].name', mention);
    });

    test('valid names', () => {
      expectNoFinding('C01', [config({ trafficRouterPlugins: '- name: argoproj-labs/gateway_API.v1-2\n  location: https://x/y\n' })]);
    });
  });

  describe('C02 location scheme', () => {
    test.each([
      ['ftp://example.invalid/plugin', 'scheme "ftp"'],
      ['/opt/plugin', 'no scheme'],
      ['', 'empty'],
      ['https://exa mple.invalid/x', 'cannot be parsed'],
    ])('%s', (location, mention) => {
      expectFinding('C02', [config({ stepPlugins: `- name: acme/step\n  location: "${location}"\n` })], 'data.stepPlugins[0].location', mention);
    });
  });

  describe('C03 checksum', () => {
    test('not 64 hex digits', () => {
      expectFinding('C03', [config({ trafficRouterPlugins: '- name: a/b\n  location: https://x/y\n  sha256: abc123\n' })], 'data.trafficRouterPlugins[0].sha256', '64');
    });

    test('upper-case hex never matches', () => {
      expectFinding('C03', [config({ trafficRouterPlugins: `- name: a/b\n  location: https://x/y\n  sha256: ${'A'.repeat(64)}\n` })],
        'data.trafficRouterPlugins[0].sha256', 'upper-case');
    });

    test('no checksum, or a file location, is not checked', () => {
      expectNoFinding('C03', [config({ trafficRouterPlugins: '- name: a/b\n  location: https://x/y\n' })]);
      expectNoFinding('C03', [config({ trafficRouterPlugins: '- name: a/b\n  location: file:///p\n  sha256: nope\n' })]);
    });
  });
});
