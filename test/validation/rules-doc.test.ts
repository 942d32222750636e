import * as fs from 'fs';
import * as path from 'path';
import { Linter } from '../../src/validation/linter';
import { testUpstream, UPSTREAM_DIR } from '../util';

/**
 * docs/rules.md cannot rot: every rule of the rule list has a section, and every example manifest
 * in it is reported under the rule of its heading (and under no other rule but those its
 * `# also:` comment names; `# budget:` gives the run an app-wide budget, `# version:` a release, `# kubernetes-version:`
 * a Kubernetes version, 1.27 by default). Sections without an
 * example must say why.
 */
const DOC = fs.readFileSync(path.join(__dirname, '..', '..', 'docs', 'rules.md'), 'utf8');
/** The rule list beside the upstream files (../shared/docs/argo-rollouts-rules.md). */
const RULE_LIST = path.resolve(UPSTREAM_DIR, '..', 'docs', 'argo-rollouts-rules.md');
const RULE_ID = /\b([SVAPXCLNB]\d{2})\b/;

interface Section {
  readonly id: string;
  readonly heading: string;
  readonly body: string;
  readonly examples: string[];
}

function sections(): Section[] {
  const result: Section[] = [];
  const parts = DOC.split(/^(?=#{2,4} )/m);
  for (const part of parts) {
    const heading = part.split('\n', 1)[0];
    const id = RULE_ID.exec(heading)?.[1];
    if (!heading.startsWith('### ') || id === undefined) continue;
    const examples = [...part.matchAll(/^```yaml\n([\s\S]*?)^```$/gm)].map(m => m[1]);
    result.push({ id, heading, body: part, examples });
  }
  return result;
}

const SECTIONS = sections();

describe('docs/rules.md', () => {
  test('has one section per rule', () => {
    const ids = SECTIONS.map(s => s.id);
    expect(new Set(ids).size).toBe(ids.length);
  });

  testUpstream('has a section for every rule of the rule list', () => {
    const ids = SECTIONS.map(s => s.id);
    const listed = [...fs.readFileSync(RULE_LIST, 'utf8').matchAll(/^\| ([SVAPXCL]\d{2}) \|/gm)].map(m => m[1]);
    expect(listed.length).toBeGreaterThanOrEqual(110);
    // every rule of the list has a section; the library's own rules (names, duplicates, budgets …) come on top
    expect([...new Set(listed)].filter(id => !ids.includes(id)).sort()).toEqual([]);
  });

  test('sections without an example say why', () => {
    for (const section of SECTIONS.filter(s => s.examples.length === 0)) {
      expect({ heading: section.heading, why: /out of reach|Command behaviour/i.test(section.body) }).toEqual({ heading: section.heading, why: true });
    }
  });

  test.each(SECTIONS.filter(s => s.examples.length > 0).map(s => [s.id, s] as const))('the example of %s is reported under it', (id, section) => {
    for (const example of section.examples) {
      const also = (/^# also: (.*)$/m.exec(example)?.[1] ?? '').split(/,\s*/).filter(x => x !== '');
      // `# budget: {...}` gives the lint run an app-wide budget (--budget-pods, ... of the CLI)
      const budget = /^# budget: (.*)$/m.exec(example)?.[1];
      // `# version: 1.10.0-rc1` lints against that release (rules that depend on it, e.g. N07)
      const version = /^# version: (\S+)$/m.exec(example)?.[1];
      // `# kubernetes-version: 1.32` lints for that Kubernetes version (S09, the V07 rules that differ by version);
      // 1.27 otherwise, whatever the cdk8s-plus line of the run
      const kubernetesVersion = /^# kubernetes-version: (\S+)$/m.exec(example)?.[1] ?? '1.27';
      const findings = Linter.lintYaml(example, `docs/rules.md#${id}`, {
        ...(budget === undefined ? {} : { budget: JSON.parse(budget) }),
        ...(version === undefined ? {} : { version }),
        kubernetesVersion,
      });
      const ids = [...new Set(findings.map(f => f.ruleId))].sort();
      expect({ id, reported: ids.includes(id), others: ids.filter(x => x !== id && !also.includes(x)) })
        .toEqual({ id, reported: true, others: [] });
    }
  });
});
