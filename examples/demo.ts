// npm run demo: the demo app (the seed examples) synthesized into dist/demo/.
import * as fs from 'fs';
import * as path from 'path';
import { App } from 'cdk8s';
import { DEMO, EXAMPLES } from './index';

const app = new App({ outdir: path.join(__dirname, '..', 'dist', 'demo') });
for (const name of DEMO) {
  EXAMPLES.find(e => e.name === name)!.define(app);
}
app.synth();
for (const file of fs.readdirSync(app.outdir).sort()) {
  console.log(`${path.relative(process.cwd(), app.outdir)}/${file}`);
}
