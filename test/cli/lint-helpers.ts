// What the lint command's tests share: running it in this process, and a folder of files.
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { LintCommandIo, main } from '../../src/cli/lint';
import { cdk8sPlusLine } from '../../src/private/cdk8s-plus';

/** The Kubernetes version the command checks against by default: that of the package's cdk8s-plus line, e.g. `1.27`. */
export const K8S = `1.${cdk8sPlusLine().kubernetesMinor}`;

/** Runs the command in this process; returns its exit status and output. */
export function lint(args: string[], stdin: string | Uint8Array = ''): { code: number; stdout: string; stderr: string } {
  let stdout = '';
  let stderr = '';
  const io: LintCommandIo = { stdout: t => { stdout += t; }, stderr: t => { stderr += t; }, readStdin: () => stdin };
  const code = main(args, io);
  return { code, stdout, stderr };
}

/** A new folder under the system's temporary folder with the given files (paths may name subfolders). */
export function tempDir(files: Record<string, string> = {}): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'lint-cli-'));
  for (const [name, text] of Object.entries(files)) {
    fs.mkdirSync(path.dirname(path.join(dir, name)), { recursive: true });
    fs.writeFileSync(path.join(dir, name), text);
  }
  return dir;
}
