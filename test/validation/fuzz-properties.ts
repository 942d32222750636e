/**
 * The properties of the property-based test (test/validation/property.test.ts), shared with the
 * long run (`npx ts-node --transpile-only bench/fuzz.ts`):
 *
 * 1. Random configurations through the L2 API either synthesize manifests that pass the engine's own
 *    schema and rules, or fail with an engine or factory error: never a TypeError, RangeError or
 *    "Cannot read properties" from deep inside.
 * 2. Random mutations of the upstream examples get the same verdict from the synth-time check (the
 *    function every construct runs at synth) and from the CLI's Linter on the YAML that cdk8s
 *    would write for them.
 */
import * as fs from 'fs';
import * as path from 'path';
import { App, Chart, Duration, Testing, Yaml } from 'cdk8s';
import * as kplus from 'cdk8s-plus-27';
import * as fc from 'fast-check';
import { parseAllDocuments } from 'yaml';
import {
  AnalysisTemplate, AntiAffinity, ArgoRolloutsApp, ArgoRolloutsVersion, CanaryStep, Condition, ExperimentSpecRef, ManagedRoute, MetricProvider,
  ReplicaProgressThreshold, Rollout,
  RolloutStrategy, StrategyService, StringMatch, TrafficRouting,
} from '../../src';
import { Linter } from '../../src/validation/linter';
import { checkFindings, FindingSeverity, validateManifests } from '../../src/validation/private';

// ---------------------------------------------------------------------------------------------
// 1. The L2 API
// ---------------------------------------------------------------------------------------------

/** Something that adds itself to a chart (templates need a scope) and gives what the Rollout takes. */
type InChart<T> = (chart: Chart, id: string) => T;

/**
 * A value made when the app is built, not when it is generated: factories may refuse it, and that
 * must happen inside the property.
 */
type Later<T> = () => T;

/** Mostly values the factories take, sometimes one they refuse (each kind of mistake now and then). */
function mostly<T>(valid: fc.Arbitrary<T>, invalid: fc.Arbitrary<T>): fc.Arbitrary<T> {
  return fc.oneof({ arbitrary: valid, weight: 15 }, { arbitrary: invalid, weight: 1 });
}

const duration: fc.Arbitrary<Later<Duration>> = mostly(
  fc.integer({ min: 0, max: 7200 }).map(s => () => Duration.seconds(s)),
  fc.oneof(
    fc.integer({ min: -2, max: 5000 }).map(ms => () => Duration.millis(ms)),
    fc.integer({ min: 0, max: 40_000 }).map(d => () => Duration.days(d)),
  ),
);

const int = (min: number, max: number, below: number, above: number) =>
  mostly(fc.integer({ min, max }), fc.oneof(fc.integer({ min: below, max: min }), fc.integer({ min: max, max: above })));

const percentOrAbsolute: fc.Arbitrary<Later<kplus.PercentOrAbsolute>> = fc.oneof(
  int(0, 100, -5, 120).map(p => () => kplus.PercentOrAbsolute.percent(p)),
  int(0, 5, -1, 6).map(n => () => kplus.PercentOrAbsolute.absolute(n)),
);

/** The value of an optional Later. */
function made<T>(value: Later<T> | undefined): T | undefined {
  return value === undefined ? undefined : value();
}

const template: fc.Arbitrary<InChart<AnalysisTemplate>> = fc.record({
  count: fc.option(int(1, 5, -1, 5), { nil: undefined }),
  interval: fc.option(duration, { nil: undefined }),
  threshold: mostly(fc.constantFrom(0, 0.5, 0.95, 1), fc.double({ min: -1, max: 2, noNaN: true })),
}).map(o => (chart: Chart, id: string) => new AnalysisTemplate(chart, id, {
  metrics: [{
    name: 'success',
    provider: MetricProvider.web({ url: 'https://metrics.example.com/success' }),
    count: o.count,
    interval: made(o.interval),
    condition: Condition.resultAtLeast(o.threshold),
  }],
}));

const step: fc.Arbitrary<InChart<CanaryStep>> = fc.oneof(
  int(0, 100, -5, 105).map(w => () => CanaryStep.setWeight(w)),
  fc.option(duration, { nil: undefined }).map(d => () => CanaryStep.pause(made(d))),
  fc.oneof(
    int(0, 100, -5, 105).map(weight => ({ weight })),
    int(0, 10, -1, 10).map(replicas => ({ replicas })),
    fc.constant({ matchTrafficWeight: true }),
  ).map(o => () => CanaryStep.canaryScale(o)),
  template.map(t => (chart: Chart, id: string) => CanaryStep.analysis({ templates: [t(chart, id)] })),
  fc.record({
    replicas: fc.option(int(0, 3, -1, 3), { nil: undefined }),
    weight: fc.option(int(0, 100, -1, 101), { nil: undefined }),
    specRef: fc.constantFrom(ExperimentSpecRef.CANARY, ExperimentSpecRef.STABLE),
    duration: fc.option(duration, { nil: undefined }),
    analysis: fc.option(template, { nil: undefined }),
  }).map(o => (chart: Chart, id: string) => CanaryStep.experiment({
    templates: [{ name: 'exp', specRef: o.specRef, replicas: o.replicas, weight: o.weight }],
    duration: made(o.duration),
    analyses: o.analysis ? [{ name: 'check', template: o.analysis(chart, `${id}-exp`) }] : undefined,
  })),
  fc.constantFrom('header-route', 'other-route').map(route => () => CanaryStep.setHeaderRoute(ManagedRoute.named(route),
    [{ headerName: 'x-canary', headerValue: StringMatch.exact('yes') }])),
);

const router = fc.constantFrom<'none' | 'istio' | 'smi' | 'nginx' | 'alb'>('none', 'istio', 'smi', 'nginx', 'alb');

const canary = fc.record({
  steps: fc.array(step, { maxLength: 6 }),
  maxSurge: fc.option(percentOrAbsolute, { nil: undefined }),
  maxUnavailable: fc.option(percentOrAbsolute, { nil: undefined }),
  router,
  services: fc.boolean(),
  maxTrafficWeight: fc.option(int(100, 1000, 0, 1000), { nil: undefined }),
  scaleDownDelay: fc.option(duration, { nil: undefined }),
  dynamicStableScale: fc.option(fc.boolean(), { nil: undefined }),
  minPodsPerReplicaSet: fc.option(int(1, 3, 0, 3), { nil: undefined }),
  background: fc.option(template, { nil: undefined }),
  antiAffinity: fc.option(fc.oneof(int(1, 100, 0, 101).map(w => () => AntiAffinity.preferred(w)), fc.constant(() => AntiAffinity.required())),
    { nil: undefined }),
  canaryLabels: fc.option(fc.dictionary(fc.constantFrom('role', 'team', 'app', 'bad key!'), fc.constantFrom('canary', 'x', '')), { nil: undefined }),
  replicaProgressThreshold: fc.option(fc.oneof(
    int(0, 100, -1, 101).map(p => () => ReplicaProgressThreshold.percent(p)),
    int(0, 5, -1, 5).map(n => () => ReplicaProgressThreshold.pods(n)),
  ), { nil: undefined }),
}).map(o => (chart: Chart) => RolloutStrategy.canary({
  steps: o.steps.map((s, i) => s(chart, `step-${i}`)),
  maxSurge: made(o.maxSurge),
  maxUnavailable: made(o.maxUnavailable),
  stableService: o.services || o.router !== 'none' ? StrategyService.define() : undefined,
  canaryService: o.services || o.router !== 'none' ? StrategyService.define() : undefined,
  trafficRouting: o.router === 'none' ? undefined : [TrafficRouting[o.router]()],
  maxTrafficWeight: o.maxTrafficWeight,
  scaleDownDelay: made(o.scaleDownDelay),
  dynamicStableScale: o.dynamicStableScale,
  minPodsPerReplicaSet: o.minPodsPerReplicaSet,
  replicaProgressThreshold: made(o.replicaProgressThreshold),
  analysis: o.background ? { templates: [o.background(chart, 'background')] } : undefined,
  antiAffinity: made(o.antiAffinity),
  canaryMetadata: o.canaryLabels ? { labels: o.canaryLabels } : undefined,
}));

const blueGreen = fc.record({
  autoPromotionEnabled: fc.option(fc.boolean(), { nil: undefined }),
  autoPromotionDelay: fc.option(duration, { nil: undefined }),
  delayAnyway: mostly(fc.constant(false), fc.constant(true)),
  previewReplicaCount: fc.option(int(1, 5, -1, 5), { nil: undefined }),
  maxUnavailable: fc.option(percentOrAbsolute, { nil: undefined }),
  scaleDownDelay: fc.option(duration, { nil: undefined }),
  preview: fc.boolean(),
  prePromotion: fc.option(template, { nil: undefined }),
  postPromotion: fc.option(template, { nil: undefined }),
}).map(o => (chart: Chart) => RolloutStrategy.blueGreen({
  autoPromotionEnabled: o.autoPromotionEnabled,
  autoPromotionDelay: o.autoPromotionEnabled === false && o.delayAnyway !== true ? undefined : made(o.autoPromotionDelay),
  previewReplicaCount: o.previewReplicaCount,
  maxUnavailable: made(o.maxUnavailable),
  scaleDownDelay: made(o.scaleDownDelay),
  previewService: o.preview ? StrategyService.define() : undefined,
  prePromotionAnalysis: o.prePromotion ? { templates: [o.prePromotion(chart, 'pre')] } : undefined,
  postPromotionAnalysis: o.postPromotion ? { templates: [o.postPromotion(chart, 'post')] } : undefined,
}));

/** A random app: one Rollout with a random strategy and random top-level settings. */
export const l2App = fc.record({
  strategy: fc.oneof(canary, blueGreen),
  replicas: fc.option(int(0, 12, -1, 12), { nil: undefined }),
  minReady: fc.option(duration, { nil: undefined }),
  progressDeadline: fc.option(duration, { nil: undefined }),
  revisionHistoryLimit: fc.option(int(0, 20, -1, 20), { nil: undefined }),
  name: fc.constantFrom('web', 'web-v2', 'web.v2', 'a'.repeat(60)),
  // the release the app is checked against (ArgoRolloutsApp.of(app).useVersion()), and its output linted with
  release: fc.constantFrom(...ArgoRolloutsVersion.all().map(v => v.version)),
});

export type L2App = typeof l2App extends fc.Arbitrary<infer T> ? T : never;

/** Errors that mean a crash inside the library rather than a check of it. */
export function isCrash(error: unknown): boolean {
  if (error instanceof TypeError || error instanceof RangeError || error instanceof ReferenceError) {
    return true;
  }
  const message = String((error as any)?.message ?? error);
  return /Cannot read properties|is not a function|is not iterable|Maximum call stack|Invalid string length/.test(message);
}

/** The manifests of a random app, checked at synth against its release (throws what the synth throws). */
function synthL2App(o: L2App): any[] {
  const app = new App();
  ArgoRolloutsApp.of(app).useVersion(ArgoRolloutsVersion.of(o.release));
  const chart = new Chart(app, 'fuzz');
  new Rollout(chart, o.name, {
    strategy: o.strategy(chart),
    replicas: o.replicas,
    minReady: made(o.minReady),
    progressDeadline: made(o.progressDeadline),
    revisionHistoryLimit: o.revisionHistoryLimit,
    containers: [{ image: 'nginx:1.27', portNumber: 8080 }],
  });
  return Testing.synth(chart);
}

/** Whether a random app synthesizes (the synth-time check finds nothing). */
export function synthesizes(o: L2App): boolean {
  try {
    synthL2App(o);
    return true;
  } catch {
    return false;
  }
}

/**
 * Property 1 for one app: synthesizes it; returns `undefined` when it holds, else what went wrong.
 */
export function checkL2App(o: L2App): string | undefined {
  let manifests: any[];
  try {
    manifests = synthL2App(o);
  } catch (error) {
    return isCrash(error) ? `crash: ${(error as Error)?.stack ?? error}` : undefined; // a factory or engine error
  }
  const errors = Linter.lintManifests(manifests, { version: o.release }).filter(f => f.severity !== FindingSeverity.WARNING);
  return errors.length === 0 ? undefined
    : `synthesized, but the engine finds errors in the output:\n  ${errors.map(f => Linter.formatFinding(f)).join('\n  ')}`;
}

// ---------------------------------------------------------------------------------------------
// 2. Mutations of the upstream examples
// ---------------------------------------------------------------------------------------------

/** Upstream example files, grouped so that references resolve (a group shares a file-name prefix). */
export function upstreamExampleGroups(examples: string): Array<{ readonly name: string; readonly documents: any[] }> {
  const files = fs.readdirSync(examples).filter(f => /\.ya?ml$/.test(f)).sort();
  const groups = new Map<string, any[]>();
  for (const file of files) {
    const key = file.includes('__') ? file.slice(0, file.lastIndexOf('__')) : file;
    const text = fs.readFileSync(path.join(examples, file), 'utf8');
    const documents = parseAllDocuments(text).map(d => d.toJS()).filter(d => d !== null && d !== undefined && typeof d === 'object');
    groups.set(key, [...(groups.get(key) ?? []), ...documents]);
  }
  return [...groups].map(([name, documents]) => ({ name, documents }));
}

/** Values a mutation writes: of every JSON type, in and out of the ranges the rules check. */
const VALUES: readonly any[] = [
  null, 0, 1, -1, 2, 100, 101, 2147483648, 0.5, true, false, '', 'x', '25%', '150%', '-1', '10', '30s', '1h', '1d',
  '{{args.missing}}', 'Bad_Name', 'a.b', [], [{}], {}, { name: 'x' },
  // strings that a YAML reader could take for something else: they must survive cdk8s' YAML output
  'yes', 'no', 'on', 'off', 'y', 'n', '~', 'null', '0x1F', '010', '1e3', '.inf', '.nan', '1_000', '2025-01-01', '12:30', '+1',
];

export interface Mutation {
  /** Index of the document to mutate. */
  readonly document: number;
  /** Which node of the document (by position in a walk of it). */
  readonly node: number;
  /** What to do there: 0 replace the value, 1 delete the field or item, 2 duplicate a list item, 3 rename a field. */
  readonly op: number;
  /** The value to write (index into VALUES). */
  readonly value: number;
}

export const mutation: fc.Arbitrary<Mutation> = fc.record({
  document: fc.nat(),
  node: fc.nat(),
  op: fc.integer({ min: 0, max: 3 }),
  value: fc.integer({ min: 0, max: VALUES.length - 1 }),
});

/** Every container node of a value with its parent and key, in walk order. */
function nodes(value: any, out: Array<{ parent: any; key: string | number }> = []): Array<{ parent: any; key: string | number }> {
  if (Array.isArray(value)) {
    value.forEach((v, i) => {
      out.push({ parent: value, key: i });
      nodes(v, out);
    });
  } else if (value !== null && typeof value === 'object') {
    for (const k of Object.keys(value)) {
      out.push({ parent: value, key: k });
      nodes(value[k], out);
    }
  }
  return out;
}

/** Applies mutations to a copy of the documents. */
export function mutate(documents: readonly any[], mutations: readonly Mutation[]): any[] {
  const copy = JSON.parse(JSON.stringify(documents));
  for (const m of mutations) {
    const document = copy[m.document % copy.length];
    const all = nodes(document).filter(n => !(n.parent === document && (n.key === 'apiVersion' || n.key === 'kind')));
    if (all.length === 0) continue;
    const { parent, key } = all[m.node % all.length];
    const value = JSON.parse(JSON.stringify(VALUES[m.value]));
    if (m.op === 0) {
      parent[key] = value;
    } else if (m.op === 1) {
      if (Array.isArray(parent)) parent.splice(key as number, 1);
      else delete parent[key];
    } else if (m.op === 2 && Array.isArray(parent)) {
      parent.splice(key as number, 0, JSON.parse(JSON.stringify(parent[key as number])));
    } else if (m.op === 3 && !Array.isArray(parent)) {
      parent[`${String(key)}x`] = parent[key];
      delete parent[key];
    } else {
      parent[key] = value;
    }
  }
  return copy;
}

/**
 * The errors (rule ID and path) of the synth-time check over a set of manifests, all documents kept as
 * the CLI keeps them; the check must throw exactly when there are errors.
 */
function synthVerdict(manifests: any[]): string[] {
  const errors = validateManifests(manifests).filter(f => f.severity !== FindingSeverity.WARNING).map(f => `${f.ruleId} ${f.path}`);
  let threw = false;
  try {
    checkFindings('fuzz', manifests, { keep: () => true });
  } catch (error) {
    if (isCrash(error)) throw error;
    threw = true;
  }
  return threw === (errors.length > 0) ? errors.sort() : [`(checkFindings ${threw ? 'threw' : 'did not throw'} with ${errors.length} errors)`];
}

/** The errors (rule ID and path) the CLI's Linter reports for the YAML cdk8s would write for the manifests. */
function cliVerdict(manifests: any[]): string[] {
  const text = Yaml.stringify(...manifests);
  return Linter.lintYaml(text, 'mutated.yaml', { requireReferencedObjects: false })
    .filter(f => f.severity !== FindingSeverity.WARNING)
    .map(f => `${f.ruleId} ${f.path}`).sort();
}

/**
 * Property 2 for one mutated group: returns `undefined` when the synth-time check and the CLI agree
 * (the same errors, by rule ID and path), else the difference.
 */
export function checkMutation(documents: readonly any[], mutations: readonly Mutation[]): string | undefined {
  const manifests = mutate(documents, mutations);
  let synth: string[];
  let cli: string[];
  try {
    synth = [...new Set(synthVerdict(manifests))];
    cli = [...new Set(cliVerdict(manifests))];
  } catch (error) {
    return `crash: ${(error as Error)?.stack ?? error}`;
  }
  if (JSON.stringify(synth) === JSON.stringify(cli)) {
    return undefined;
  }
  return `the synth-time check and the CLI disagree:\n  synth: ${synth.join(', ') || 'no errors'}\n  cli:   ${cli.join(', ') || 'no errors'}`;
}
