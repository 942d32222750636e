/**
 * The generated files the library reads at run time: everything under src/imports/ (lib/imports/
 * once built), written by the generators of the top-level imports/ folder (imports/layout.js lists
 * them). The TypeScript there is compiled and imported like any module; the data files (the install
 * data JSON and the compiled validators) are required here, by computed path, so that importing the
 * library loads none of them.
 */
import * as fs from 'fs';
import * as path from 'path';
import { fail } from './synth-error';

/** The folder of the generated output: src/imports, or lib/imports in the built package. */
export const GENERATED_DIR = path.join(__dirname, '..', 'imports');

/**
 * Requires one generated data file; Node's module cache keeps it after the first call. Throws, saying
 * how to regenerate it, when it is missing.
 *
 * @param file the file, relative to the generated folder (`validators/argo-v1.9.1.js`)
 * @param what what the file is, for the message (`The install data of Argo Rollouts v1.9.1`)
 * @param generator the script of imports/ that writes it (`generate-install-data.js`)
 */
export function requireGenerated(file: string, what: string, generator: string): unknown {
  // A computed path keeps the file out of the import graph, so importing the library stays cheap.
  // eslint-disable-next-line @typescript-eslint/no-require-imports
  return require(generatedLocation(file, what, generator));
}

/**
 * The text of one generated data file (read on every call; callers keep what they need). Throws,
 * saying how to regenerate it, when it is missing. Parameters as for `requireGenerated`.
 */
export function readGenerated(file: string, what: string, generator: string): string {
  // the generated data is ASCII (JSON escapes the rest), and latin1 is the cheapest decoding of it
  return fs.readFileSync(generatedLocation(file, what, generator), 'latin1');
}

function generatedLocation(file: string, what: string, generator: string): string {
  const location = path.join(GENERATED_DIR, file);
  if (!fs.existsSync(location)) {
    fail(`${what} is missing: ${location} does not exist. Regenerate it with \`node imports/${generator}\`, `
      + 'and make sure the build copies the data files of src/imports to lib/imports (`npx projen assemble`).');
  }
  return location;
}
