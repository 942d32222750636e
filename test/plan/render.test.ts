import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { blueGreenExample, gettingStartedCanary, migration } from './fixtures';
import { RolloutPlan } from '../../src/plan';

const plan = RolloutPlan.fromManifest(gettingStartedCanary());

describe('text', () => {
  test('a headline, one row per step, the totals', () => {
    const text = plan.toText();
    const lines = text.split('\n');
    expect(lines[0]).toBe('Rollout rollouts-demo: basic canary, 5 replicas, maxSurge 2, maxUnavailable 1 (Argo Rollouts 1.9.1)');
    expect(lines[2].split(/\s{2,}/)).toEqual(['#', 'step', 'weight', 'stable', 'canary', 'other', 'total', 'peak', 'cpu', 'memory', 'min time', 'waits for']);
    expect(lines[4].split(/\s{2,}/)).toEqual(['0', 'setWeight: 20', '20%', '4', '1', '0', '5', '5', '1.25', '1.25Gi', '0s', '-']);
    expect(lines[5].split(/\s{2,}/)).toEqual(['1', 'pause (until promoted)', '20%', '4', '1', '0', '5', '5', '1.25', '1.25Gi', '∞', 'manual promotion']);
    expect(lines[12].split(/\s{2,}/)).toEqual(['-', 'full promotion', '100%', '5', '0', '0', '5', '5', '1.25', '1.25Gi', '0s', '-']);
    expect(text).toContain('Peak: 5 pods, 1.25 CPU, 1.25Gi memory requested.');
    expect(text).toContain('Minimum time: 30s, plus steps that wait until promoted or stopped; 1 manual promotion.');
    expect(text).toContain('Abort: up to 7 pods.');
  });

  test('a migration lists its phases', () => {
    const [rollout, deployment] = migration('onsuccess');
    const text = RolloutPlan.fromManifest(rollout, { manifests: [deployment] }).toText();
    expect(text).toContain('Migration from Deployment/web (scaleDown: onsuccess): up to 8 pods (4 of the workload + 4 of the Rollout), 4 CPU, 4Gi memory.');
    expect(text).toContain('  - Rollout healthy: the workload is scaled to 0: 0 + 4 = 4 pods');
  });
});

test('markdown: a table GitHub renders (same columns in every row) and the summary as a list', () => {
  const md = plan.toMarkdown();
  const rows = md.split('\n').filter(l => l.startsWith('|'));
  expect(rows).toHaveLength(2 + plan.steps.length);
  const columns = (row: string) => row.replace(/\\\|/g, '').split('|').length;
  expect(new Set(rows.map(columns)).size).toBe(1);
  expect(rows[2]).toBe('| 0 | setWeight: 20 | 20% | 4 | 1 | 0 | 5 | 5 | 1.25 | 1.25Gi | 0s | - |');
  expect(md).toContain('- Peak: 5 pods, 1.25 CPU, 1.25Gi memory requested.');
  expect(md.startsWith('### Rollout rollouts-demo: basic canary')).toBe(true);
});

describe('json', () => {
  test('the documented shape: these keys, in this order', () => {
    const json = plan.toJson();
    expect(Object.keys(json)).toEqual(['name', 'namespace', 'strategy', 'version', 'replicas', 'maxSurge', 'maxUnavailable', 'podResources', 'steps', 'totals', 'abort', 'notes']);
    expect(Object.keys(json.steps[0])).toEqual([
      'index', 'name', 'kind', 'weight', 'stablePods', 'canaryPods', 'otherPods', 'totalPods', 'peakPods', 'peakCpuMillicores', 'peakMemoryBytes',
      'minSeconds', 'indefinite', 'manualPromotion', 'waitsFor', 'abortPods', 'moves', 'routes',
    ]);
    expect(Object.keys(json.totals)).toEqual(['peakPods', 'peakCpuMillicores', 'peakMemoryBytes', 'minSeconds', 'manualPromotions', 'indefinite']);
    expect(Object.keys(json.abort)).toEqual(['peakPods', 'peakCpuMillicores', 'peakMemoryBytes', 'canaryScaleDownDelaySeconds', 'description']);
    // plain data: survives JSON unchanged
    expect(JSON.parse(JSON.stringify(json))).toEqual(json);
  });

  test('migration and autoscaling appear only when there is one', () => {
    const [rollout, deployment] = migration('never');
    const json = RolloutPlan.fromManifest(rollout, { manifests: [deployment] }).toJson();
    expect(Object.keys(json.migration!)).toEqual(['workload', 'scaleDown', 'workloadReplicas', 'phases', 'peakPods', 'peakCpuMillicores', 'peakMemoryBytes']);
    expect(json.autoscaling).toBeUndefined();
  });
});

describe('svg', () => {
  test('deterministic, one bar group per step, the peak marked', () => {
    const svg = plan.toSvg();
    expect(plan.toSvg()).toBe(svg);
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg.trimEnd().endsWith('</svg>')).toBe(true);
    expect(svg).toContain('peak 5 pods');
    expect(svg.match(/<circle /g)).toHaveLength(plan.steps.length); // one traffic point per step
    expect(svg).not.toMatch(/NaN|undefined/);
  });

  const rsvg = (() => {
    try {
      execFileSync('rsvg-convert', ['--version'], { stdio: 'ignore' });
      return true;
    } catch {
      return false;
    }
  })();

  // rsvg-convert (Debian: apt-get install librsvg2-bin) renders the SVG as browsers do
  (rsvg ? test : test.skip)(`renders to a PNG of the declared size (rsvg-convert)${rsvg ? ''
    : ' [skipped: rsvg-convert is not installed; to run it: apt-get install librsvg2-bin, which .ci/run does]'}`, () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plan-svg-'));
    for (const [name, p] of [['canary', plan], ['blue-green', RolloutPlan.fromManifest(blueGreenExample())]] as const) {
      const svgFile = path.join(dir, `${name}.svg`);
      const pngFile = path.join(dir, `${name}.png`);
      fs.writeFileSync(svgFile, p.toSvg());
      execFileSync('rsvg-convert', [svgFile, '-o', pngFile]);
      const png = fs.readFileSync(pngFile);
      expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
      const width = png.readUInt32BE(16);
      const height = png.readUInt32BE(20);
      const declared = /width="(\d+)" height="(\d+)"/.exec(p.toSvg())!;
      expect([width, height]).toEqual([Number(declared[1]), Number(declared[2])]);
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });
});
