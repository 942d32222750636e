/**
 * `argo-rollouts-plan`: what each Rollout in YAML or JSON files will do when it is updated — pods,
 * traffic, capacity and time per step — with the controller's arithmetic (src/plan).
 * Thin: arguments → files → plans → printed.
 *
 *   argo-rollouts-plan [--format text|markdown|json|svg] [--version V] [--rollout NAME] PATH...
 *
 * Exit status: 0 every Rollout planned, 1 no Rollout found or a Rollout could not be planned, 2 bad
 * usage or unreadable input.
 */
import * as fs from 'fs';
import { InputError, readDocuments, ReadDocument, splitArguments, startCommand } from './private/files';
import { PLAN_VERSIONS, versionArithmetic } from '../plan/private';
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
  -h, --help     show this help

Exit status: 0 every Rollout planned, 1 no Rollout found or one could not be planned,
2 bad usage or unreadable input.
`;

interface Arguments {
  readonly format: string;
  readonly version: string | undefined;
  readonly rollout: string | undefined;
  readonly paths: readonly string[];
  readonly help: boolean;
}

const VALUE_OPTIONS: ReadonlySet<string> = new Set(['--version', '--format', '--rollout']);

function parseArguments(argv: readonly string[]): Arguments {
  let format = 'text';
  let version: string | undefined;
  let rollout: string | undefined;
  let help = false;
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
      case '-h':
      case '--help':
        help = true;
        break;
      default:
        throw new InputError(`unknown option ${name}.`);
    }
  }
  return { format, version, rollout, paths, help };
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
  let documents: ReadDocument[];
  try {
    documents = readDocuments(args.paths, io.readStdin);
  } catch (error) {
    io.stderr(`argo-rollouts-plan: ${(error as Error).message}\n`);
    return 2;
  }
  const manifests = documents.map(d => d.manifest);
  const rollouts = documents.filter(d => isRollout(d.manifest) && selected(d, args.rollout));
  if (rollouts.length === 0) {
    const what = args.rollout === undefined ? 'no Rollout (apiVersion argoproj.io/v1alpha1, kind Rollout)' : `no Rollout named ${JSON.stringify(args.rollout)}`;
    io.stderr(`argo-rollouts-plan: ${what} in ${args.paths.join(', ')}. Pass the files or folders that hold your Rollouts (e.g. cdk8s dist/, helm template output).\n`);
    return 1;
  }
  if (args.format === 'svg' && rollouts.length > 1) {
    const names = rollouts.map(d => d.manifest?.metadata?.name ?? '').join(', ');
    io.stderr(`argo-rollouts-plan: --format svg draws one Rollout, and ${rollouts.length} were found (${names}). Choose one with --rollout NAME.\n`);
    return 2;
  }
  const plans: RolloutPlan[] = [];
  let failed = false;
  for (const doc of rollouts) {
    try {
      plans.push(RolloutPlan.fromManifest(doc.manifest, { manifests, version: args.version }));
    } catch (error) {
      failed = true;
      io.stderr(`argo-rollouts-plan: ${doc.file} (document ${doc.documentIndex + 1}): ${(error as Error).message}\n`);
    }
  }
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
  return failed ? 1 : 0;
}

/** Runs the command in this process (the `argo-rollouts-plan` bin). */
export function run(): void {
  process.exitCode = main(process.argv.slice(2));
}

if (require.main === module) {
  run();
}
