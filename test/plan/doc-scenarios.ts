/**
 * The headline scenarios of docs/plan.md: their plans, pictures and Markdown. The docs test checks
 * docs/plan.md and docs/images/ against them; to refresh both after a change to the plan layer, run
 *
 *   npx ts-node --transpile-only test/plan/doc-scenarios.ts
 *
 * (writes docs/images/plan-*.svg, renders them to PNG with rsvg-convert, prints the Markdown; the
 * same for the comparison of the review example, plan-review.svg).
 */
import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as path from 'path';
import { blueGreenExample, gettingStartedCanary, headerAndMirrorCanary, migration } from './fixtures';
import { PlanComparison, RolloutPlan } from '../../src/plan';

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

/**
 * The review example of docs/plan.md: the header-and-mirror canary, and a pull request that drops
 * the full mirror (its step and the pause after it) and starts the weighted traffic at 40% instead of 25%.
 */
export function reviewHead(): any {
  const head = headerAndMirrorCanary();
  const steps: any[] = head.spec.strategy.canary.steps;
  steps.splice(4, 2);
  steps.find(s => s.setWeight === 25).setWeight = 40;
  return head;
}

/** The comparison docs/plan.md shows. */
export function reviewComparison(): PlanComparison {
  return RolloutPlan.compare([RolloutPlan.fromManifest(headerAndMirrorCanary())], [RolloutPlan.fromManifest(reviewHead())]);
}

if (require.main === module) {
  for (const [name, plan] of Object.entries(scenarios())) {
    const svg = path.join(IMAGES, `plan-${name}.svg`);
    fs.writeFileSync(svg, plan.toSvg());
    execFileSync('rsvg-convert', [svg, '-o', svg.replace(/\.svg$/, '.png')]);
    process.stdout.write(`<!-- ${name} -->\n${plan.toMarkdown()}\n`);
  }
  const review = path.join(IMAGES, 'plan-review.svg');
  fs.writeFileSync(review, reviewComparison().toSvg());
  execFileSync('rsvg-convert', [review, '-o', review.replace(/\.svg$/, '.png')]);
  process.stdout.write(`<!-- review -->\n${reviewComparison().toMarkdown()}\n`);
}
