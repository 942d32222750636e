/**
 * `argo-rollouts-lint`: runs the Argo Rollouts rules on YAML and JSON files written by anyone.
 * Thin: arguments → files → the linter (parse, rule engine) → findings printed.
 *
 *   argo-rollouts-lint [--version 1.10.0-rc1|1.9.1|1.8.4|1.8.3] [--kubernetes-version 1.27|1.32|1.33|1.34] [--format text|json]
 *                      [--no-refs] [--warnings-as-errors] [--budget-pods N] [--budget-cpu Q] [--budget-memory Q] PATH...
 *
 * Exit status: 0 no errors (warnings alone exit 0 unless --warnings-as-errors), 1 errors, 2 bad usage
 * or unreadable input.
 */
import * as fs from 'fs';
import { cdk8sPlusLine } from '../private/cdk8s-plus';
import { parseQuantity } from '../private/quantity';
import { quoteCut } from '../private/quote';
import { VERSION_NUMBERS, versionFacts } from '../private/versions';
import { CapacityBudget, FindingSeverity, Linter, LintFinding, LintSource } from '../validation/linter';
import { InputError, readTexts, splitArguments, startCommand } from './private/files';
import { kubernetesMinor, kubernetesVersions, lintRun } from '../validation/private';

/** Where the command reads and writes; the defaults are the process's. */
export interface LintCommandIo {
  /** Writes to standard output. */
  readonly stdout: (text: string) => void;
  /** Writes to standard error. */
  readonly stderr: (text: string) => void;
  /** Reads all of standard input (for the path `-`): its bytes (which must be UTF-8), or its text. */
  readonly readStdin: () => string | Uint8Array;
}

const KUBERNETES_VERSIONS = kubernetesVersions();

const USAGE = `Usage: argo-rollouts-lint [--version ${VERSION_NUMBERS.join('|')}] [--kubernetes-version ${KUBERNETES_VERSIONS.join('|')}]
                          [--format text|json] [--no-refs] [--warnings-as-errors]
                          [--budget-pods N] [--budget-cpu Q] [--budget-memory Q] PATH...

Checks Argo Rollouts manifests against the CRD schema and the controller's rules.
PATH is a YAML or JSON file, a folder (searched recursively for *.yaml, *.yml and *.json,
in sorted order), or - for standard input (a named pipe or a device given as PATH is refused:
pipe a program's output to -). All files are checked together: references between them
(Services, analysis templates, ...) are resolved among them.

  --version V    Argo Rollouts release whose CRD schemas and rules apply: ${VERSION_NUMBERS.join(', ')}
                 (default: the release of the Argo Rollouts controller Deployment among the
                 files, by its image tag, e.g. an install written with the app; else ${versionFacts(undefined).version})
  --kubernetes-version K
                 Kubernetes version of the cluster: ${KUBERNETES_VERSIONS.join(', ')}; the pod templates are
                 checked against its pod API (S09: fields its API server would drop) and its
                 pod-template rules (default: ${`1.${cdk8sPlusLine().kubernetesMinor}`}, the version of the package's cdk8s-plus line)
  --format F     text (default): one line per finding and a summary; json: an array of findings
  --no-refs      do not report referenced objects that are missing from the given files
                 (Services V47, analysis templates V50 and X06, traffic objects, workloads);
                 objects that are present are still checked
  --warnings-as-errors, --strict
                 exit 1 on warnings too (findings labelled "warning": accepted by the
                 controller but likely a mistake, e.g. an argument no template declares)
  --budget-pods N, --budget-cpu Q, --budget-memory Q
                 a capacity budget for every Rollout (B02): report an update whose peak
                 (most pods at once, CPU and memory they request, also of a workloadRef
                 migration) exceeds it; Q is a quantity such as 4, 2500m or 8Gi
  -h, --help     show this help

Exit status: 0 no errors (warnings alone exit 0), 1 errors (or warnings with
--warnings-as-errors), 2 bad usage or unreadable input.
`;

interface Arguments {
  readonly version: string | undefined;
  readonly kubernetesVersion: string | undefined;
  readonly format: 'text' | 'json';
  readonly requireReferencedObjects: boolean;
  readonly warningsAsErrors: boolean;
  readonly budget: CapacityBudget | undefined;
  readonly paths: readonly string[];
  readonly help: boolean;
}

const VALUE_OPTIONS: ReadonlySet<string> = new Set(['--version', '--kubernetes-version', '--format', '--budget-pods', '--budget-cpu', '--budget-memory']);

function parseArguments(argv: readonly string[]): Arguments {
  let version: string | undefined;
  let kubernetesVersion: string | undefined;
  let format: 'text' | 'json' = 'text';
  let requireReferencedObjects = true;
  let warningsAsErrors = false;
  let budget: { pods?: number; cpu?: string; memory?: string } | undefined;
  let help = false;
  const { options, paths } = splitArguments(argv, VALUE_OPTIONS);
  for (const { name, value } of options) {
    switch (name) {
      case '--version':
        version = value;
        break;
      case '--kubernetes-version':
        kubernetesMinor(value); // an unsupported version is a usage error, naming the supported ones
        kubernetesVersion = value;
        break;
      case '--format':
        if (value !== 'text' && value !== 'json') {
          throw new InputError(`--format must be text or json, not ${quoteCut(value!)}.`);
        }
        format = value;
        break;
      case '--budget-pods':
        if (!/^[0-9]+$/.test(value!)) {
          throw new InputError(`--budget-pods must be a whole number of pods, not ${quoteCut(value!)}.`);
        }
        budget = { ...budget, pods: Number(value) };
        break;
      case '--budget-cpu':
      case '--budget-memory': {
        const q = parseQuantity(value);
        if (q === undefined || q.nanos < 0n) {
          throw new InputError(`${name} must be a Kubernetes quantity (e.g. ${name === '--budget-cpu' ? '4 or 2500m' : '8Gi or 512Mi'}), not ${quoteCut(value!)}.`);
        }
        budget = { ...budget, [name === '--budget-cpu' ? 'cpu' : 'memory']: value };
        break;
      }
      case '--no-refs':
        requireReferencedObjects = false;
        break;
      case '--warnings-as-errors':
      case '--strict':
        warningsAsErrors = true;
        break;
      case '-h':
      case '--help':
        help = true;
        break;
      default:
        throw new InputError(`unknown option ${name}.`);
    }
  }
  return { version, kubernetesVersion, format, requireReferencedObjects, warningsAsErrors, budget, paths, help };
}

/** Reads the given paths (files, folders, `-`) into lint sources. */
function readSources(paths: readonly string[], io: LintCommandIo): LintSource[] {
  return readTexts(paths, () => io.readStdin())
    .map(t => (t.file === '<stdin>' ? { fileName: t.file, text: t.text, json: false } : { fileName: t.file, text: t.text }));
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function printText(findings: readonly LintFinding[], sources: readonly LintSource[], version: string, kubernetesVersion: string,
  io: LintCommandIo): void {
  const lines = findings.map(f => Linter.formatFinding(f));
  const what = `${plural(sources.length, 'file')} checked against Argo Rollouts ${version} and Kubernetes ${kubernetesVersion}`;
  if (findings.length === 0) {
    lines.push(`No findings: ${what}.`);
  } else {
    const documents = new Set(findings.map(f => `${f.file}\u0000${f.documentIndex}`)).size;
    const warnings = findings.filter(isWarning).length;
    const counts = warnings === 0 ? plural(findings.length, 'finding')
      : `${plural(findings.length, 'finding')} (${plural(findings.length - warnings, 'error')}, ${plural(warnings, 'warning')})`;
    lines.push(`${counts} in ${plural(documents, 'document')}: ${what}.`);
  }
  io.stdout(`${lines.join('\n')}\n`);
}

function printJson(findings: readonly LintFinding[], io: LintCommandIo): void {
  const rows = findings.map(f => ({
    ruleId: f.ruleId,
    file: f.file,
    documentIndex: f.documentIndex,
    line: f.line ?? null,
    kind: f.kind,
    name: f.name,
    namespace: f.namespace ?? '',
    path: f.path,
    message: f.message,
    fix: f.fix,
    severity: f.severity,
  }));
  io.stdout(`${JSON.stringify(rows, undefined, 2)}\n`);
}

const PROCESS_IO: LintCommandIo = {
  stdout: text => process.stdout.write(text),
  stderr: text => process.stderr.write(text),
  readStdin: () => fs.readFileSync(0),
};

function isWarning(finding: LintFinding): boolean {
  return finding.severity === FindingSeverity.WARNING;
}

/**
 * Runs the command with the given arguments (without the program name) and returns its exit status:
 * 0 no errors (warnings alone, unless `--warnings-as-errors`), 1 errors, 2 bad usage or unreadable input.
 */
export function main(argv: readonly string[], io: LintCommandIo = PROCESS_IO): number {
  const args = startCommand('argo-rollouts-lint', USAGE, parseArguments, argv, io);
  if (typeof args === 'number') {
    return args;
  }
  try {
    const sources = readSources(args.paths, io);
    const options = {
      version: args.version,
      kubernetesVersion: args.kubernetesVersion,
      requireReferencedObjects: args.requireReferencedObjects,
      budget: args.budget,
    };
    const { findings, version, kubernetesVersion } = lintRun(sources, options);
    if (args.format === 'json') {
      printJson(findings, io);
    } else {
      printText(findings, sources, version, kubernetesVersion, io);
    }
    const failing = args.warningsAsErrors ? findings : findings.filter(f => !isWarning(f));
    return failing.length === 0 ? 0 : 1;
  } catch (error) {
    // Unreadable input, a YAML or JSON syntax error (the message names file and line), or an
    // unsupported --version or --kubernetes-version.
    io.stderr(`argo-rollouts-lint: ${(error as Error).message}\n`);
    return 2;
  }
}

/** Runs the command in this process (the `argo-rollouts-lint` bin). */
export function run(): void {
  process.exitCode = main(process.argv.slice(2));
}

if (require.main === module) {
  run();
}
