import * as fs from 'fs';
import * as path from 'path';
import { IMAGES, reviewComparison, scenarios } from './doc-scenarios';

// docs/plan.md shows the plans of its headline scenarios: they must be what the plan layer gives
// today. To refresh: npx ts-node --transpile-only test/plan/doc-scenarios.ts

const DOC = fs.readFileSync(path.join(__dirname, '..', '..', 'docs', 'plan.md'), 'utf8');

describe.each(Object.entries(scenarios()))('docs/plan.md: %s', (name, plan) => {
  test('shows the plan as Markdown', () => {
    expect(DOC).toContain(plan.toMarkdown());
  });

  test('shows the current picture', () => {
    expect(DOC).toContain(`](images/plan-${name}.png)`);
    expect(fs.readFileSync(path.join(IMAGES, `plan-${name}.svg`), 'utf8')).toBe(plan.toSvg());
    const png = fs.readFileSync(path.join(IMAGES, `plan-${name}.png`));
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
  });
});

describe('docs/plan.md: reviewing a change', () => {
  const comparison = reviewComparison();

  test('shows the comparison as Markdown, as argo-rollouts-plan --base prints it', () => {
    expect(DOC).toContain(comparison.toMarkdown());
  });

  test('shows the current picture of it', () => {
    expect(DOC).toContain('](images/plan-review.png)');
    expect(fs.readFileSync(path.join(IMAGES, 'plan-review.svg'), 'utf8')).toBe(comparison.toSvg());
    expect(fs.readFileSync(path.join(IMAGES, 'plan-review.png')).subarray(1, 4).toString('latin1')).toBe('PNG');
  });
});
