// The committed L1 bindings are exactly what the generator produces from the upstream CRDs.
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { GENERATED_DIR } from '../../src/private/generated';
import { testUpstream, upstreamDir } from '../util';

testUpstream('src/imports/argoproj.io.ts is the output of `npx projen import`, unedited', () => {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'argo-l1-'));
  execFileSync(process.execPath, [path.join(__dirname, '..', '..', 'imports', 'generate.js'), out], {
    env: { ...process.env, ARGO_ROLLOUTS_UPSTREAM: upstreamDir() },
    stdio: 'pipe',
  });
  const generated = fs.readFileSync(path.join(out, 'argoproj.io.ts'), 'utf8');
  const committed = fs.readFileSync(path.join(GENERATED_DIR, 'argoproj.io.ts'), 'utf8');
  expect(generated === committed).toBe(true);
}, 60_000);
