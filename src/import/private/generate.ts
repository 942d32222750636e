/**
 * The importer: Argo Rollouts manifests → one TypeScript module that declares the same objects with
 * this library's L2 API (a cdk8s `Chart` class).
 *
 * How it stays exact: the constructor body it writes is plain JavaScript as well as TypeScript, so it
 * is run here, against the library, and what it synthesizes is compared with the input
 * (diff.ts). What the L2 calls did not reproduce becomes a JSON patch on the object, with
 * a comment saying why; an object the L2 API refuses is kept as a plain `ApiObject`. The module is
 * run once more with the patches, and must then synthesize the input.
 *
 * In parts: read.ts reads the input (its objects, their names and construct paths); install.ts finds
 * an install among them; model.ts decides what each object becomes, by running the body; the emit-*
 * files write the code (emit-rollout.ts and emit-analysis.ts the L2 calls, emit-values.ts the values
 * in their props, emit-writer.ts the body's statements, emit-module.ts the module's text).
 */
import { format, moduleSource } from './emit-module';
import { ModuleWriter } from './emit-writer';
import { lineComment } from './evaluate';
import { findInstall, versionCode } from './install';
import { generateOnce, ImportedObject } from './model';
import { kubernetesObjects, readItems, recognizeAddresses } from './read';
import { fail } from '../../private/synth-error';
import { versionFacts } from '../../private/versions';

/** Options of `generateModule`. */
export interface ImportOptions {
  /** The name of the exported Chart class. @default 'ImportedChart' */
  readonly chartName?: string;
  /**
   * The Argo Rollouts release the manifests are checked against (`--version`), pinned in the
   * generated code (`ArgoRolloutsApp.of(this).useVersion()`, the install's `version`).
   * @default - the install's release when the input holds one, else the library's default release
   */
  readonly version?: string;
}

/** The result of an import. */
export interface ImportResult {
  /** The TypeScript module. */
  readonly source: string;
  /** The id the module's own app gives the chart (the input's, when cdk8s-plus address labels name it). */
  readonly chartId: string;
  /** How each input object was declared, in input order. */
  readonly objects: ImportedObject[];
  /** Objects that could not be represented at all (the CLI exits 1). */
  readonly failures: string[];
}

/**
 * Generates the module for the given manifests.
 */
export async function generateModule(manifests: unknown[], options: ImportOptions = {}): Promise<ImportResult> {
  const chartName = options.chartName ?? 'ImportedChart';
  if (!/^[A-Z][A-Za-z0-9_]*$/.test(chartName)) {
    fail(`--chart-name '${chartName}' is not a class name: use letters and digits, starting with a capital letter (e.g. MyAppChart).`);
  }
  const failures: string[] = [];
  const input = readItems(kubernetesObjects(manifests, failures));
  const version = options.version === undefined ? undefined : versionFacts(options.version).version; // (an unsupported one throws, naming those supported)
  const writer = new ModuleWriter(input, recognizeAddresses(input.items), chartName);
  if (version !== undefined) {
    writer.preamble = [
      lineComment(`the Argo Rollouts release the objects are checked against at synth (argo-rollouts-import --version ${version})`),
      `ArgoRolloutsApp.of(this).useVersion(${versionCode(version)});`,
    ];
  }
  const install = findInstall(writer.all, { version, chartId: writer.chartId });
  if (install) {
    writer.installStatements = install.statements;
    writer.installNotes = install.notes;
    writer.installObjectNotes = install.objectNotes;
  }

  for (let round = 0; ; round++) {
    const outcome = generateOnce(writer, [...failures]);
    if (outcome.retry && round < writer.all.length) continue;
    return {
      source: await format(moduleSource(chartName, writer.chartId, outcome.body)),
      chartId: writer.chartId,
      objects: outcome.objects,
      failures: outcome.failures,
    };
  }
}
