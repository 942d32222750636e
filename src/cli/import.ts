/**
 * `argo-rollouts-import`: Argo Rollouts YAML → a TypeScript module that declares the same objects
 * with this library's L2 API (src/import). Thin: arguments → files → the generator → printed.
 *
 *   argo-rollouts-import [--chart-name N] [--out FILE] PATH...
 *
 * Exit status: 0 every object represented, 1 an object could not be represented at all, 2 bad usage
 * or unreadable input.
 */
import * as fs from 'fs';
import { InputError, readDocuments, ReadDocument, startCommand } from './private/files';
import { generateModule, ImportResult } from '../import/private/generate';

/** Where the command reads and writes; the defaults are the process's. */
export interface ImportCommandIo {
  /** Writes to standard output. */
  readonly stdout: (text: string) => void;
  /** Writes to standard error. */
  readonly stderr: (text: string) => void;
  /** Reads all of standard input (for the path `-`). */
  readonly readStdin: () => string | Uint8Array;
  /** Writes a file (for --out). */
  readonly writeFile: (file: string, text: string) => void;
}

const PROCESS_IO: ImportCommandIo = {
  stdout: text => process.stdout.write(text),
  stderr: text => process.stderr.write(text),
  readStdin: () => fs.readFileSync(0),
  writeFile: (file, text) => fs.writeFileSync(file, text),
};

const USAGE = `Usage: argo-rollouts-import [--chart-name N] [--out FILE] PATH...

Turns Argo Rollouts manifests (Rollouts, AnalysisTemplates, ClusterAnalysisTemplates, AnalysisRuns,
Experiments, and the Services and router objects they use) into one TypeScript module that declares
them with cdk8s-argo-rollouts: a Chart class that, run directly (npx ts-node FILE), synthesizes the
same manifests into dist/. What the L2 API does not express is kept exactly, as a JSON patch or a plain
ApiObject with a comment saying why; a summary goes to standard error.
PATH is a YAML or JSON file, a folder (searched recursively for *.yaml, *.yml and *.json, in sorted
order), or - for standard input.

  --chart-name N   the name of the exported Chart class (default ImportedChart)
  --out FILE       write the module to FILE instead of standard output
  -h, --help       show this help

Exit status: 0 every object represented, 1 an object could not be represented at all,
2 bad usage or unreadable input.
`;

interface Arguments {
  readonly chartName: string | undefined;
  readonly out: string | undefined;
  readonly paths: readonly string[];
  readonly help: boolean;
}

function parseArguments(argv: readonly string[]): Arguments {
  let chartName: string | undefined;
  let out: string | undefined;
  let help = false;
  const paths: string[] = [];
  for (let i = 0; i < argv.length; i++) {
    const a = argv[i];
    const [flag, inline] = a.startsWith('--') && a.includes('=') ? [a.slice(0, a.indexOf('=')), a.slice(a.indexOf('=') + 1)] : [a, undefined];
    if (flag === '--chart-name' || flag === '--out') {
      const value = inline ?? argv[++i];
      if (value === undefined || value === '') throw new UsageError(`${flag} needs a value.`);
      if (flag === '--chart-name') chartName = value;
      else out = value;
    } else if (a === '-h' || a === '--help') {
      help = true;
    } else if (a === '--') {
      paths.push(...argv.slice(i + 1));
      break;
    } else if (a.startsWith('-') && a !== '-') {
      throw new UsageError(`unknown option ${a}.`);
    } else {
      paths.push(a);
    }
  }
  return { chartName, out, paths, help };
}

class UsageError extends Error {
}

/** The summary printed on standard error. */
export function summary(result: ImportResult): string {
  const argo = result.objects.filter(o => o.argo);
  const clean = argo.filter(o => o.how === 'l2').length;
  const lines = [`argo-rollouts-import: ${result.objects.length} objects; ` + (argo.length === 0 ? 'none of Argo Rollouts kinds'
    : `${argo.length} of Argo Rollouts kinds, ${clean} of them through the L2 API alone (${Math.round((100 * clean) / argo.length)}%)`)];
  for (const o of result.objects) {
    if (o.argo && o.how !== 'l2') {
      lines.push(`  ${o.object}: ${o.how === 'plain' ? 'plain ApiObject' : 'L2 with JSON patches'}`);
      o.reasons.forEach(r => lines.push(`    - ${r}`));
    }
  }
  const defined = result.objects.filter(o => o.how === 'defined-by').length;
  if (defined > 0) lines.push(`  ${defined} Services defined by their Rollout (StrategyService.define)`);
  const services = result.objects.filter(o => !o.argo && o.how === 'patched');
  services.forEach(o => {
    lines.push(`  ${o.object}: defined by its Rollout, with JSON patches`);
    o.reasons.forEach(r => lines.push(`    - ${r}`));
  });
  const install = result.objects.filter(o => o.how === 'install').length;
  if (install > 0) {
    lines.push(`  ${install} objects of the Argo Rollouts install declared by ArgoRollouts / ArgoRolloutsCrds`);
    [...new Set(result.objects.filter(o => o.how === 'install').flatMap(o => o.reasons))].forEach(r => lines.push(`    - ${r}`));
  }
  const plain = result.objects.filter(o => !o.argo && o.how === 'plain').length;
  if (plain > 0) lines.push(`  ${plain} other objects (not of an Argo Rollouts kind) kept as plain ApiObjects`);
  result.failures.forEach(f => lines.push(`  could not be represented: ${f}`));
  return `${lines.join('\n')}\n`;
}

/** Runs the command; resolves to its exit status. */
export async function main(argv: readonly string[], io: ImportCommandIo = PROCESS_IO): Promise<number> {
  const args = startCommand('argo-rollouts-import', USAGE, parseArguments, argv, io);
  if (typeof args === 'number') {
    return args;
  }
  let documents: ReadDocument[];
  try {
    documents = readDocuments(args.paths, io.readStdin);
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    io.stderr(`argo-rollouts-import: ${error.message}\n`);
    return 2;
  }
  let result: ImportResult;
  try {
    result = await generateModule(documents.map(d => d.manifest), { chartName: args.chartName });
  } catch (error) {
    io.stderr(`argo-rollouts-import: ${(error as Error).message}\n`);
    return /class name/.test((error as Error).message) ? 2 : 1;
  }
  if (args.out !== undefined) {
    try {
      io.writeFile(args.out, result.source);
    } catch (error) {
      io.stderr(`argo-rollouts-import: cannot write ${args.out}: ${(error as Error).message}\n`);
      return 2;
    }
  } else {
    io.stdout(result.source);
  }
  io.stderr(summary(result));
  return result.failures.length > 0 ? 1 : 0;
}

/** Runs the command in this process (the `argo-rollouts-import` bin). */
export function run(): void {
  void main(process.argv.slice(2)).then(code => {
    process.exitCode = code;
  });
}

if (require.main === module) {
  run();
}
