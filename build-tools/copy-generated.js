#!/usr/bin/env node
// Post-compile: jsii compiles the TypeScript of src/imports/ (the generated output) into lib/imports/,
// but not the rest of it: the install data (JSON) and the compiled validators (plain JS modules).
// This copies every file of src/imports/ that is not TypeScript to the same place under lib/imports/,
// after removing what an earlier build copied there (so that a file deleted from src/imports/ does
// not linger in lib/). JSON is written without the indentation of the committed files (a diff of those
// is worth reading; the package needs none of it): less than half the bytes to install and to read.
const fs = require('fs');
const path = require('path');
const { renderedJson } = require('../imports/layout');

const root = path.join(__dirname, '..');
const from = path.join(root, 'src', 'imports');
const to = path.join(root, 'lib', 'imports');
const isTypeScript = file => file.endsWith('.ts');

if (!fs.existsSync(to)) {
  console.error(`build-tools/copy-generated.js: ${to} does not exist; compile first (\`npx projen compile\`).`);
  process.exit(1);
}
for (const entry of fs.readdirSync(from, { withFileTypes: true })) {
  if (entry.isFile() && isTypeScript(entry.name)) continue;
  const target = path.join(to, entry.name);
  fs.rmSync(target, { recursive: true, force: true });
  fs.cpSync(path.join(from, entry.name), target, { recursive: true, filter: source => !isTypeScript(source) });
}
for (const file of fs.readdirSync(to, { recursive: true }).map(String).filter(f => f.endsWith('.json'))) {
  const location = path.join(to, file);
  fs.writeFileSync(location, renderedJson(JSON.parse(fs.readFileSync(location, 'utf8'))));
}
