// The package.json that `npm pack` puts into the tarball: without the fields that only the build
// needs. jsii refuses to compile without `repository.url`, but the project has no public repository
// yet, so that field is not published.
//
//   node build-tools/published-manifest.js clean     (npm's prepack: keeps a copy, writes the published manifest)
//   node build-tools/published-manifest.js restore   (npm's postpack: puts the copy back)
const fs = require('fs');
const path = require('path');

const MANIFEST = path.join(__dirname, '..', 'package.json');
const KEPT = path.join(__dirname, '..', '.package.json.prepack');
/** Fields of package.json that are not published. */
const BUILD_ONLY = ['repository'];

function restore() {
  if (fs.existsSync(KEPT)) {
    fs.copyFileSync(KEPT, MANIFEST);
    fs.rmSync(KEPT);
  }
}

function clean() {
  restore(); // a pack that stopped half-way left the copy behind: start from the original
  const text = fs.readFileSync(MANIFEST, 'utf8');
  const manifest = JSON.parse(text);
  fs.writeFileSync(KEPT, text);
  for (const field of BUILD_ONLY) delete manifest[field];
  fs.writeFileSync(MANIFEST, `${JSON.stringify(manifest, undefined, 2)}\n`);
}

const command = process.argv[2];
if (command === 'clean') {
  clean();
} else if (command === 'restore') {
  restore();
} else {
  process.stderr.write('usage: node build-tools/published-manifest.js clean|restore\n');
  process.exit(2);
}
