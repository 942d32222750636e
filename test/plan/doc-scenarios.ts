/**
 * The headline scenarios of docs/plan.md: their plans, pictures and Markdown. The docs test checks
 * docs/plan.md and docs/images/ against them; to refresh both after a change to the plan layer, run
 *
 *   npx ts-node --transpile-only test/plan/doc-scenarios.ts
 *
 * (writes docs/images/plan-*.svg, renders them to PNG with rsvg-convert, prints the Markdown).
 */
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { blueGreenExample, gettingStartedCanary, headerAndMirrorCanary, migration } from './fixtures';
import { RolloutPlan } from '../../src/plan';

export const IMAGES = path.join(__dirname, '..', '..', 'docs', 'images');

/** Scenario name → plan. */
export function scenarios(): Record<string, RolloutPlan> {
  const [rollout, deployment] = migration('onsuccess');
  return {
    'getting-started': RolloutPlan.fromManifest(gettingStartedCanary()),
    'blue-green': RolloutPlan.fromManifest(blueGreenExample()),
    'migration': RolloutPlan.fromManifest(rollout, { manifests: [deployment] }),
    'header-mirror': RolloutPlan.fromManifest(headerAndMirrorCanary()),
  };
}

if (require.main === module) {
  for (const [name, plan] of Object.entries(scenarios())) {
    const svg = path.join(IMAGES, `plan-${name}.svg`);
    fs.writeFileSync(svg, plan.toSvg());
    execFileSync('rsvg-convert', [svg, '-o', svg.replace(/\.svg$/, '.png')]);
    process.stdout.write(`<!-- ${name} -->\n${plan.toMarkdown()}\n`);
  }
}
