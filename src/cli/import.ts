/**
 * `argo-rollouts-import`: Argo Rollouts YAML → a TypeScript module that declares the same objects
 * with this library's L2 API (src/import). Thin: arguments → files → the generator → printed.
 *
 *   argo-rollouts-import [--version V] [--chart-name N] [--out FILE] PATH...
 *
 * Exit status: 0 every object represented, 1 an object could not be represented at all, 2 bad usage
 * or unreadable input.
 */
import * as fs from 'fs';
import * as path from 'path';
import { InputError, readDocuments, ReadDocument, splitArguments, startCommand } from './private/files';
import { generateModule, ImportResult } from '../import/private';
import { VERSION_NUMBERS, versionFacts } from '../private/versions';

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

const USAGE = `Usage: argo-rollouts-import [--version ${VERSION_NUMBERS.join('|')}] [--chart-name N] [--out FILE] PATH...

Turns Argo Rollouts manifests (Rollouts, AnalysisTemplates, ClusterAnalysisTemplates, AnalysisRuns,
Experiments, and the Services and router objects they use) into one TypeScript module that declares
them with cdk8s-argo-rollouts: a Chart class that, run directly (npx ts-node FILE), synthesizes the
same manifests into dist/. What the L2 API does not express is kept exactly, as a JSON patch or a plain
ApiObject with a comment saying why; a summary goes to standard error.
PATH is a YAML or JSON file, a folder (searched recursively for *.yaml, *.yml and *.json, in sorted
order), or - for standard input. In a folder, files that hold no Kubernetes object (such as the
construct-metadata.json of cdk8s synth's dist/) are skipped, and named on standard error.

  --version V      Argo Rollouts release the objects are checked against, and which the module pins:
                   ${VERSION_NUMBERS.join(', ')} (default: the install's release when the input
                   holds one, else ${versionFacts(undefined).version})
  --chart-name N   the name of the exported Chart class (default ImportedChart)
  --out FILE       write the module to FILE instead of standard output
  -h, --help       show this help

Exit status: 0 every object represented, 1 an object could not be represented at all,
2 bad usage or unreadable input.
`;

interface Arguments {
  readonly version: string | undefined;
  readonly chartName: string | undefined;
  readonly out: string | undefined;
  readonly paths: readonly string[];
  readonly help: boolean;
}

const VALUE_OPTIONS: ReadonlySet<string> = new Set(['--version', '--chart-name', '--out']);

function parseArguments(argv: readonly string[]): Arguments {
  let version: string | undefined;
  let chartName: string | undefined;
  let out: string | undefined;
  let help = false;
  const { options, paths } = splitArguments(argv, VALUE_OPTIONS);
  for (const { name, value } of options) {
    switch (name) {
      case '--version':
        try {
          version = versionFacts(value, '--version').version; // the version table says which releases there are
        } catch (error) {
          throw new InputError((error as Error).message);
        }
        break;
      case '--chart-name':
        chartName = value;
        break;
      case '--out':
        out = value;
        break;
      case '-h':
      case '--help':
        help = true;
        break;
      default:
        throw new InputError(`unknown option ${name}.`);
    }
  }
  return { version, chartName, out, paths, help };
}


/** Whether a document is a Kubernetes object (apiVersion and kind), which the importer takes. */
function isObject(m: any): boolean {
  return m !== null && typeof m === 'object' && !Array.isArray(m) && typeof m.apiVersion === 'string' && typeof m.kind === 'string';
}

/** One reason of the summary, whole: its further lines indented under its first. */
function reasonLine(reason: string): string {
  return `    - ${reason.split(/\r?\n/).join('\n      ')}`;
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
      o.reasons.forEach(r => lines.push(reasonLine(r)));
    }
  }
  const defined = result.objects.filter(o => o.how === 'defined-by').length;
  if (defined > 0) lines.push(`  ${defined} Services defined by their Rollout (StrategyService.define)`);
  const services = result.objects.filter(o => !o.argo && o.how === 'patched');
  services.forEach(o => {
    lines.push(`  ${o.object}: defined by its Rollout, with JSON patches`);
    o.reasons.forEach(r => lines.push(reasonLine(r)));
  });
  const install = result.objects.filter(o => o.how === 'install').length;
  if (install > 0) {
    lines.push(`  ${install} objects of the Argo Rollouts install declared by ArgoRollouts / ArgoRolloutsCrds`);
    [...new Set(result.objects.filter(o => o.how === 'install').flatMap(o => o.reasons.filter(r => !/^\//.test(r))))].forEach(r => lines.push(reasonLine(r)));
    result.objects.filter(o => o.how === 'install' && o.reasons.some(r => /^\//.test(r))).forEach(o => {
      lines.push(`  ${o.object}: in the install, with JSON patches`);
      o.reasons.filter(r => /^\//.test(r)).forEach(r => lines.push(reasonLine(r)));
    });
  }
  result.objects.filter(o => !o.argo && o.how === 'plain' && o.reasons.length > 0).forEach(o => {
    lines.push(`  ${o.object}: plain ApiObject`);
    o.reasons.forEach(r => lines.push(reasonLine(r)));
  });
  const plain = result.objects.filter(o => !o.argo && o.how === 'plain' && o.reasons.length === 0).length;
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
  const skipped: string[] = [];
  try {
    documents = readDocuments(args.paths, io.readStdin, (file, why) => skipped.push(`skipped ${file}: ${why}`));
  } catch (error) {
    if (!(error instanceof InputError)) throw error;
    io.stderr(`argo-rollouts-import: ${error.message}\n`);
    return 2;
  }
  documents = documents.filter(d => {
    // a file found in a folder that holds no Kubernetes object (cdk8s writes construct-metadata.json beside the manifests)
    if (args.paths.includes(d.file) || d.file === '<stdin>' || isObject(d.manifest)) return true;
    const note = `skipped ${d.file}: ${path.basename(d.file) === 'construct-metadata.json' ? 'the construct metadata cdk8s synth writes beside the manifests, ' : ''}`
      + 'not a Kubernetes object (no apiVersion and kind)';
    if (!skipped.includes(note)) skipped.push(note);
    return false;
  });
  skipped.forEach(note => io.stderr(`argo-rollouts-import: ${note}\n`));
  let result: ImportResult;
  try {
    result = await generateModule(documents.map(d => d.manifest), { chartName: args.chartName, version: args.version });
  } catch (error) {
    io.stderr(`argo-rollouts-import: ${(error as Error).message}\n`);
    return /class name|--version/.test((error as Error).message) ? 2 : 1;
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
