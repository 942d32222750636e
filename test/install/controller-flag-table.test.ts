// The controller flag table is the one source of the argument check, the rendering and the importer:
// every spelling is one a release has, and every flag of every release renders to arguments that the
// importer reads back as the same typed flags, with nothing left over for extraArgs.
import { Duration } from 'cdk8s';
import { ArgoRolloutsVersion, ControllerFlags } from '../../src';
import { controllerArgs } from '../../src/import/private/install-options';
import { CONTROLLER_FLAG_ROWS, FlagKind, renderControllerFlags } from '../../src/install/private';

/** A value of each kind the controller takes (ports apart, the Traefik group and version agreeing). */
function sample(key: keyof ControllerFlags, kind: FlagKind): unknown {
  const strings: { [key: string]: string } = {
    instanceId: 'blue', istioApiVersion: 'v1beta1', traefikApiGroup: 'traefik.io', traefikApiVersion: 'traefik.io/v1alpha1',
  };
  if (key === 'metricsPort') return 9090;
  if (key === 'healthzPort') return 9091;
  switch (kind) {
    case 'number': return 3;
    case 'string': return strings[key];
    case 'boolean': return false;
    case 'list': return ['one', 'two'];
    case 'seconds': return Duration.minutes(5);
    case 'go-duration': return Duration.seconds(15);
    default: return kind.values[kind.values.length - 1];
  }
}

/** The import's code of a value of the kind (what `flags: { … }` holds, before the code is formatted). */
function code(kind: FlagKind, value: unknown): string {
  switch (kind) {
    case 'string':
    case 'list': return JSON.stringify(value).replace(/,/g, ', ');
    case 'seconds': return 'Duration.seconds(300)';
    case 'go-duration': return 'Duration.seconds(15)';
    case 'number':
    case 'boolean': return String(value);
    default: return `${kind.enum}.${String(value).toUpperCase()}`;
  }
}

test('every spelling in the table is a flag of a release', () => {
  const all = new Set(ArgoRolloutsVersion.all().flatMap(v => v._facts.controllerFlags));
  expect(CONTROLLER_FLAG_ROWS.flatMap(([, row]) => row.names).filter(n => !all.has(n))).toEqual([]);
});

describe.each(ArgoRolloutsVersion.all().map(v => [v.tag, v] as const))('%s', (_tag, version) => {
  const rows = CONTROLLER_FLAG_ROWS.filter(([, row]) => row.names.some(n => version._facts.controllerFlags.includes(n)));

  test('has most of the typed flags', () => {
    expect(rows.length).toBeGreaterThan(CONTROLLER_FLAG_ROWS.length - 3);
  });

  test('every flag it has renders, and the importer reads the arguments back as the same flags', () => {
    const flags: { [key: string]: unknown } = Object.fromEntries(rows.map(([key, { kind }]) => [key, sample(key, kind)]));
    const args = renderControllerFlags(flags as ControllerFlags, version);
    expect(args.every(a => version._facts.controllerFlags.includes(/^--([^=]+)=/.exec(a)![1]))).toBe(true);
    const imported = controllerArgs(args);
    expect(imported.extraArgs).toBeUndefined();
    const written = imported.flags!.replace(/\s+/g, ' ');
    for (const [key, { kind }] of rows) expect(written).toContain(` ${key}: ${code(kind, flags[key])}`);
    expect(written.match(/ \w+: /g)).toHaveLength(rows.length);
  });
});
