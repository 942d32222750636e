/**
 * `argo-rollouts-plan`: what each Rollout in YAML or JSON files will do when it is updated — pods,
 * traffic, capacity and time per step — with the controller's arithmetic (src/plan).
 * Thin: arguments → files → plans → printed.
 *
 *   argo-rollouts-plan [--format text|markdown|json|svg] [--version V] [--rollout NAME] PATH...
 *   argo-rollouts-plan --base PATH [--base PATH...] [--fail-on FIGURE,...] [--format text|markdown|json|svg] PATH...
 *
 * Exit status: 0 every Rollout planned, 1 no Rollout found or a Rollout could not be planned (or,
 * with --fail-on, a named figure grows), 2 bad usage or unreadable input.
 */
import * as fs from 'fs';
import { InputError, readDocuments, ReadDocument, splitArguments, startCommand } from './private/files';
import { PlanComparison } from '../plan/comparison';
import { PLAN_FIGURE_IDS, PLAN_FIGURES, PLAN_VERSIONS, planKey, versionArithmetic } from '../plan/private';
import { RolloutPlan } from '../plan/rollout-plan';

/** Where the command reads and writes; the defaults are the process's. */
export interface PlanCommandIo {
  /** Writes to standard output. */
  readonly stdout: (text: string) => void;
  /** Writes to standard error. */
  readonly stderr: (text: string) => void;
  /** Reads all of standard input (for the path `-`): its bytes (which must be UTF-8), or its text. */
  readonly readStdin: () => string | Uint8Array;
}

const FORMATS = ['text', 'markdown', 'json', 'svg'];

const USAGE = `Usage: argo-rollouts-plan [--format text|markdown|json|svg] [--version V] [--rollout NAME] PATH...
       argo-rollouts-plan --base PATH [--base PATH...] [--fail-on FIGURE,...] [--format text|markdown|json|svg] PATH...

Shows what each Rollout will do when it is updated, step by step: traffic weight, header and
mirror routes, stable and canary pods, the most pods on the way, the CPU and memory they request,
the minimum time and what each step waits for; totals, what an abort does, a workloadRef
migration and an HPA's range.
PATH is a YAML or JSON file, a folder (searched recursively for *.yaml, *.yml and *.json, in
sorted order), or - for standard input. The other manifests (Deployments of a workloadRef,
AnalysisTemplates, HorizontalPodAutoscalers) are read from the same files.

  --format F     text (default): a table per Rollout; markdown: the same for pull requests;
                 json: an array of plans (a stable shape, for snapshot tests); svg: a chart of
                 one Rollout (use --rollout when the files hold several)
  --version V    Argo Rollouts release whose arithmetic applies: ${PLAN_VERSIONS.join(', ')}
                 (default: the release of the Argo Rollouts controller Deployment among the
                 files, by its image tag; else ${versionArithmetic(undefined).version})
  --rollout N    plan only the Rollout named N (or NAMESPACE/N)
  --base PATH    compare: PATH holds the manifests before the change (e.g. the base branch's
                 cdk8s synth output), the other PATHs those after it (the pull request's). Says
                 per Rollout added, removed, changed or unchanged, and for a changed one the peak
                 pods, CPU and memory, minimum time, manual promotions and pods on abort before
                 and after, the steps added, removed and changed, and the traffic over the update.
                 markdown is made to be posted as a pull-request comment; svg draws the traffic
                 over time, base and head, of the one changed Rollout (or --rollout NAME).
                 Repeat --base for more paths.
  --fail-on F    with --base: exit 1 when figure F grows for some Rollout (a new Rollout grows
                 them all); F is one or more of ${PLAN_FIGURE_IDS.join(', ')}, comma-separated
                 or repeated
  -h, --help     show this help

Exit status: 0 every Rollout planned, 1 no Rollout found or one could not be planned (with
--fail-on: or a named figure grows), 2 bad usage or unreadable input.
`;

interface Arguments {
  readonly format: string;
  readonly version: string | undefined;
  readonly rollout: string | undefined;
  readonly paths: readonly string[];
  /** The paths of the base (compare when there are any). */
  readonly base: readonly string[];
  readonly failOn: readonly string[];
  readonly help: boolean;
}

const VALUE_OPTIONS: ReadonlySet<string> = new Set(['--version', '--format', '--rollout', '--base', '--fail-on']);

function parseArguments(argv: readonly string[]): Arguments {
  let format = 'text';
  let version: string | undefined;
  let rollout: string | undefined;
  let help = false;
  const base: string[] = [];
  const failOn: string[] = [];
  const { options, paths } = splitArguments(argv, VALUE_OPTIONS);
  for (const { name, value } of options) {
    switch (name) {
      case '--format':
        if (!FORMATS.includes(value!)) {
          throw new InputError(`--format must be one of ${FORMATS.join(', ')}, not ${JSON.stringify(value)}.`);
        }
        format = value!;
        break;
      case '--version':
        if (!PLAN_VERSIONS.includes(value!.replace(/^v/, ''))) {
          throw new InputError(`--version ${JSON.stringify(value)} is not supported; use one of ${PLAN_VERSIONS.join(', ')}.`);
        }
        version = value;
        break;
      case '--rollout':
        rollout = value;
        break;
      case '--base':
        base.push(value!);
        break;
      case '--fail-on':
        for (const figure of value!.split(',').map(f => f.trim())) {
          if (!PLAN_FIGURE_IDS.includes(figure)) {
            throw new InputError(`--fail-on ${JSON.stringify(figure)} is not a figure of a comparison; use one or more of ${PLAN_FIGURE_IDS.join(', ')}.`);
          }
          failOn.push(figure);
        }
        break;
      case '-h':
      case '--help':
        help = true;
        break;
      default:
        throw new InputError(`unknown option ${name}.`);
    }
  }
  if (base.length === 0 && failOn.length > 0) {
    throw new InputError('--fail-on compares a base with a head: give the base manifests with --base PATH.');
  }
  return { format, version, rollout, paths, base, failOn, help };
}

function isRollout(m: any): boolean {
  return m !== null && typeof m === 'object' && m.kind === 'Rollout' && typeof m.apiVersion === 'string' && m.apiVersion.startsWith('argoproj.io/');
}

function selected(doc: ReadDocument, wanted: string | undefined): boolean {
  if (wanted === undefined) {
    return true;
  }
  const name = doc.manifest?.metadata?.name ?? '';
  const namespace = doc.manifest?.metadata?.namespace ?? '';
  return wanted === name || wanted === `${namespace}/${name}`;
}

const PROCESS_IO: PlanCommandIo = {
  stdout: text => process.stdout.write(text),
  stderr: text => process.stderr.write(text),
  readStdin: () => fs.readFileSync(0),
};

/**
 * Runs the command with the given arguments (without the program name) and returns its exit status:
 * 0 every Rollout planned, 1 none found or one could not be planned, 2 bad usage or unreadable input.
 */
export function main(argv: readonly string[], io: PlanCommandIo = PROCESS_IO): number {
  const args = startCommand('argo-rollouts-plan', USAGE, parseArguments, argv, io);
  if (typeof args === 'number') {
    return args;
  }
  if (args.base.length > 0) {
    return compare(args, io);
  }
  const head = planFiles(args.paths, args, io, '');
  if (typeof head === 'number') {
    return head;
  }
  if (head.rollouts.length === 0) {
    io.stderr(`argo-rollouts-plan: ${noRollout(args)} in ${args.paths.join(', ')}. Pass the files or folders that hold your Rollouts (e.g. cdk8s dist/, helm template output).\n`);
    return 1;
  }
  if (args.format === 'svg' && head.rollouts.length > 1) {
    const names = head.rollouts.map(d => d.manifest?.metadata?.name ?? '').join(', ');
    io.stderr(`argo-rollouts-plan: --format svg draws one Rollout, and ${head.rollouts.length} were found (${names}). Choose one with --rollout NAME.\n`);
    return 2;
  }
  const plans = head.plans;
  switch (args.format) {
    case 'json':
      io.stdout(`${JSON.stringify(plans.map(p => p.toJson()), undefined, 2)}\n`);
      break;
    case 'svg':
      if (plans.length > 0) {
        io.stdout(plans[0].toSvg());
      }
      break;
    case 'markdown':
      io.stdout(plans.map(p => p.toMarkdown()).join('\n'));
      break;
    default:
      io.stdout(plans.map(p => p.toText()).join('\n'));
  }
  return head.failed ? 1 : 0;
}

function noRollout(args: Arguments): string {
  return args.rollout === undefined ? 'no Rollout (apiVersion argoproj.io/v1alpha1, kind Rollout)' : `no Rollout named ${JSON.stringify(args.rollout)}`;
}

/** The Rollouts of a set of paths and their plans; the exit status 2 when a path cannot be read. */
interface PlannedFiles {
  readonly rollouts: readonly ReadDocument[];
  readonly plans: readonly RolloutPlan[];
  /** Some Rollout could not be planned (said on standard error). */
  readonly failed: boolean;
  /** Where the Rollouts that could not be planned are (`namespace/name`, see `planKey`). */
  readonly failedKeys: readonly string[];
}

function planFiles(paths: readonly string[], args: Arguments, io: PlanCommandIo, side: string): PlannedFiles | number {
  let documents: ReadDocument[];
  try {
    documents = readDocuments(paths, io.readStdin);
  } catch (error) {
    io.stderr(`argo-rollouts-plan: ${side}${(error as Error).message}\n`);
    return 2;
  }
  const manifests = documents.map(d => d.manifest);
  const rollouts = documents.filter(d => isRollout(d.manifest) && selected(d, args.rollout));
  const plans: RolloutPlan[] = [];
  const failedKeys: string[] = [];
  for (const doc of rollouts) {
    try {
      plans.push(RolloutPlan.fromManifest(doc.manifest, { manifests, version: args.version }));
    } catch (error) {
      failedKeys.push(planKey({ name: String(doc.manifest?.metadata?.name ?? ''), namespace: String(doc.manifest?.metadata?.namespace ?? '') }));
      io.stderr(`argo-rollouts-plan: ${side}${doc.file} (document ${doc.documentIndex + 1}): ${(error as Error).message}\n`);
    }
  }
  return { rollouts, plans, failed: failedKeys.length > 0, failedKeys };
}

/** `--base`: the plans of the base and of the head compared; exit 1 when a Rollout cannot be planned or a --fail-on figure grows. */
function compare(args: Arguments, io: PlanCommandIo): number {
  if (args.base.includes('-') && args.paths.includes('-')) {
    io.stderr('argo-rollouts-plan: standard input (-) can be the base or the head, not both.\n');
    return 2;
  }
  const base = planFiles(args.base, args, io, 'base: ');
  const head = planFiles(args.paths, args, io, 'head: ');
  if (typeof base === 'number' || typeof head === 'number') {
    return 2;
  }
  if (base.rollouts.length === 0 && head.rollouts.length === 0) {
    io.stderr(`argo-rollouts-plan: ${noRollout(args)} in the base (${args.base.join(', ')}) or the head (${args.paths.join(', ')}). `
      + 'Pass the folders that hold each side\'s manifests (e.g. the cdk8s dist/ of the base branch and of the pull request).\n');
    return 1;
  }
  // a Rollout that cannot be planned on one side is left out of both: it is neither added nor removed
  const unplanned = new Set([...base.failedKeys, ...head.failedKeys]);
  if (unplanned.size > 0) {
    io.stderr(`argo-rollouts-plan: not compared, as a side could not be planned: ${[...unplanned].sort().join(', ')}.\n`);
  }
  const planned = (plans: readonly RolloutPlan[]) => plans.filter(p => !unplanned.has(planKey(p)));
  let comparison: PlanComparison;
  try {
    comparison = RolloutPlan.compare(planned(base.plans), planned(head.plans));
  } catch (error) {
    io.stderr(`argo-rollouts-plan: ${(error as Error).message}\n`);
    return 1;
  }
  switch (args.format) {
    case 'json':
      io.stdout(`${JSON.stringify(comparison.toJson(), undefined, 2)}\n`);
      break;
    case 'markdown':
      io.stdout(comparison.toMarkdown());
      break;
    case 'svg': {
      const changed = comparison.rollouts.filter(r => r.change !== 'unchanged').map(planKey);
      if (args.rollout === undefined && changed.length !== 1) {
        io.stderr(`argo-rollouts-plan: --format svg with --base draws one Rollout, and ${changed.length} changed`
          + `${changed.length > 0 ? ` (${changed.join(', ')})` : ''}. Choose one with --rollout NAME.\n`);
        return 2;
      }
      io.stdout(comparison.toSvg(args.rollout));
      break;
    }
    default:
      io.stdout(comparison.toText());
  }
  let grown = false;
  for (const figure of [...new Set(args.failOn)]) {
    const rollouts = comparison.grown(figure);
    if (rollouts.length > 0) {
      grown = true;
      const changes = comparison.rollouts.filter(r => r.figures.some(f => f.figure === figure && f.delta > 0)).map(r => {
        const f = r.figures.find(x => x.figure === figure)!;
        const format = PLAN_FIGURES.find(d => d.id === figure)!.format;
        return `${planKey(r)} (${f.base === undefined ? 'new' : format(f.base)} → ${format(f.head!)})`;
      });
      io.stderr(`argo-rollouts-plan: --fail-on ${figure}: ${figure} grows for ${changes.join(', ')}.\n`);
    }
  }
  return base.failed || head.failed || grown ? 1 : 0;
}

/** Runs the command in this process (the `argo-rollouts-plan` bin). */
export function run(): void {
  process.exitCode = main(process.argv.slice(2));
}

if (require.main === module) {
  run();
}
