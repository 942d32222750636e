// npm run examples: synthesizes every example app into dist/examples/<name>/.
import * as path from 'path';
import { App } from 'cdk8s';
import { EXAMPLES } from './index';

const root = path.join(__dirname, '..', 'dist', 'examples');
for (const example of EXAMPLES) {
  const app = new App({ outdir: path.join(root, example.name) });
  example.define(app);
  app.synth();
  console.log(`${example.name}: ${path.relative(process.cwd(), app.outdir)}`);
}
