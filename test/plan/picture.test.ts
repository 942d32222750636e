import { execFileSync } from 'child_process';
import * as fs from 'fs';
import * as os from 'os';
import * as path from 'path';
import { blueGreenExample, gettingStartedCanary, headerAndMirrorCanary, migration } from './fixtures';
import { RolloutPlan } from '../../src/plan';

// The plan's picture (toSvg): every bar tagged and named in the key, whole names of combined steps,
// blue-green's active and preview, header and mirror routes drawn, nothing outside the picture.

interface SvgText {
  readonly x: number;
  readonly y: number;
  readonly anchor: string;
  readonly attributes: string;
  readonly text: string;
}

function texts(svg: string): SvgText[] {
  return [...svg.matchAll(/<text ([^>]*)>([^<]*)<\/text>/g)].map(m => ({
    x: Number(/ ?x="([-0-9.]+)"/.exec(m[1])![1]),
    y: Number(/ y="([-0-9.]+)"/.exec(m[1])![1]),
    anchor: /text-anchor="(\w+)"/.exec(m[1])?.[1] ?? 'start',
    attributes: m[1],
    text: m[2].replace(/&quot;/g, '"').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&amp;/g, '&'),
  }));
}

function size(svg: string): { width: number; height: number } {
  const m = /viewBox="0 0 (\d+) (\d+)"/.exec(svg)!;
  return { width: Number(m[1]), height: Number(m[2]) };
}

/** The bars' tags under the axis, in order. */
const tags = (svg: string) => texts(svg).filter(t => t.attributes.includes('class="tag"')).map(t => t.text);

/** The key under the chart: tag → its step's name (a wrapped name joined again). */
function key(svg: string): Map<string, string> {
  const all = texts(svg);
  const out = new Map<string, string>();
  all.filter(t => t.attributes.includes('class="key"')).forEach(k => {
    const lines = all.filter(t => t.attributes.includes('xml:space="preserve"') && t.x > k.x && t.x < k.x + 60 && t.y >= k.y);
    const name: string[] = [];
    for (const line of lines.sort((a, b) => a.y - b.y)) {
      if (line.y !== k.y && !line.text.startsWith(' ') && !line.text.startsWith('+')) {
        break;
      }
      name.push(line.text.trim());
    }
    out.set(k.text, name.join(' ').replace(/ \+ /g, ' + '));
  });
  return out;
}

const plans = {
  'getting-started': RolloutPlan.fromManifest(gettingStartedCanary()),
  'blue-green': RolloutPlan.fromManifest(blueGreenExample()),
  'migration': RolloutPlan.fromManifest(migration('progressively')[0], { manifests: [migration('progressively')[1]] }),
  'header-mirror': RolloutPlan.fromManifest(headerAndMirrorCanary()),
};

describe.each(Object.entries(plans))('%s', (_, plan) => {
  const svg = plan.toSvg();

  test('each bar has a tag of its own, and the key gives each tag its step\'s whole name', () => {
    const bars = (plan.migration?.phases.length ?? 0) + plan.steps.length;
    expect(tags(svg)).toHaveLength(bars);
    expect(new Set(tags(svg)).size).toBe(bars);
    const names = [...(plan.migration?.phases ?? []), ...plan.steps].map(s => s.name);
    expect(tags(svg).map(t => key(svg).get(t))).toEqual(names);
  });

  test('every text lies inside the picture (the first tag and the key too): none is rotated but the axis titles', () => {
    const { width, height } = size(svg);
    for (const t of texts(svg)) {
      const w = [...t.text].length * 6.7;
      const from = t.anchor === 'middle' ? t.x - w / 2 : t.anchor === 'end' ? t.x - w : t.x;
      if (t.attributes.includes('rotate(')) {
        expect(['pods', 'traffic to the new version']).toContain(t.text);
        continue;
      }
      const inside = { text: t.text, from: from >= 0, to: from + w <= width, y: t.y > 0 && t.y <= height };
      expect(inside).toEqual({ text: t.text, from: true, to: true, y: true });
    }
    const first = texts(svg).find(t => t.attributes.includes('class="tag"'))!;
    expect(first.x - [...first.text].length * 6.7 / 2).toBeGreaterThanOrEqual(60); // right of the pods axis
  });

  test('deterministic', () => {
    expect(plan.toSvg()).toBe(svg);
    expect(svg).not.toMatch(/NaN|undefined|Infinity/);
  });
});

test('two setMirrorRoute steps that differ in percentage differ in the picture', () => {
  const k = key(plans['header-mirror'].toSvg());
  expect(k.get('2')).toBe('setMirrorRoute: mirror-get (35% of method = "GET", path prefix "/api")');
  expect(k.get('4')).toBe('setMirrorRoute: mirror-get (100% of method = "GET", path prefix "/api")');
});

test('a combined step shows all its parts', () => {
  const svg = plans['header-mirror'].toSvg();
  expect(key(svg).get('0')).toBe('setCanaryScale: replicas 2 + setHeaderRoute: beta-testers (header X-Group = "beta")');
  expect(key(svg).get('7')).toBe('setWeight: 25 + setCanaryScale: matchTrafficWeight');
  expect(svg).toContain('>+ setHeaderRoute: beta-testers (header X-Group = &quot;beta&quot;)</text>');
});

test('a long name wraps instead of being cut', () => {
  const svg = plans.migration.toSvg();
  expect(key(svg).get('m2')).toBe(plans.migration.migration!.phases[1].name);
  expect(svg).not.toContain('…');
});

describe('blue-green: active and preview', () => {
  const svg = plans['blue-green'].toSvg();
  const legend = texts(svg).map(t => t.text);

  test('the legend names the ReplicaSets active and preview, not stable and canary', () => {
    expect(legend).toEqual(expect.arrayContaining(['active', 'preview']));
    expect(legend).not.toContain('stable');
    expect(legend).not.toContain('canary');
  });

  test('a canary keeps stable and canary', () => {
    const canary = texts(plans['getting-started'].toSvg()).map(t => t.text);
    expect(canary).toEqual(expect.arrayContaining(['stable', 'canary']));
    expect(canary).not.toContain('active');
  });
});

describe('header and mirror routes', () => {
  const svg = plans['header-mirror'].toSvg();
  const bands = (kind: string) => [...svg.matchAll(new RegExp(`<rect class="${kind}-route" x="([0-9.]+)" y="[0-9.]+" width="([0-9.]+)"[^>]*>`, 'g'))];

  test('a header route is a solid band over the steps where it is in force', () => {
    const header = bands('header');
    expect(header).toHaveLength(1);
    expect(header[0][0]).not.toContain('stroke-dasharray');
    const from = Number(header[0][1]);
    const to = from + Number(header[0][2]);
    const tagX = texts(svg).filter(t => t.attributes.includes('class="tag"')).map(t => t.x);
    // steps 0-8 of 14 bars: it starts at the first bar and ends between bars 8 and 9
    expect(from).toBeLessThan(tagX[0]);
    expect(to).toBeGreaterThan(tagX[8]);
    expect(to).toBeLessThan(tagX[9]);
    expect(texts(svg).map(t => t.text)).toContain('beta-testers: header X-Group = "beta"');
  });

  test('a mirror route is a dashed band per percentage, labelled with it', () => {
    const mirror = bands('mirror');
    expect(mirror).toHaveLength(2);
    expect(mirror.every(m => m[0].includes('stroke-dasharray'))).toBe(true);
    const labels = texts(svg).map(t => t.text).filter(t => /^[0-9]+% mirror-get/.test(t));
    expect(labels.map(l => l.split(' ')[0])).toEqual(['35%', '100%']);
  });

  test('the legend explains both; pictures without routes have neither', () => {
    const legend = texts(svg).map(t => t.text);
    expect(legend).toEqual(expect.arrayContaining(['header route to the canary', 'mirrored to the canary (% of matching)']));
    const plain = plans['getting-started'].toSvg();
    expect(plain).not.toMatch(/-route"|header route|mirrored/);
  });
});

const rsvg = (() => {
  try {
    execFileSync('rsvg-convert', ['--version'], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
})();

(rsvg ? test : test.skip)(`every picture renders to a PNG of its declared size (rsvg-convert)${rsvg ? ''
  : ' [skipped: rsvg-convert is not installed; to run it: apt-get install librsvg2-bin, which .ci/run does]'}`, () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'plan-picture-'));
  for (const [name, plan] of Object.entries(plans)) {
    const svgFile = path.join(dir, `${name}.svg`);
    fs.writeFileSync(svgFile, plan.toSvg());
    const png = execFileSync('rsvg-convert', [svgFile]);
    expect(png.subarray(1, 4).toString('latin1')).toBe('PNG');
    expect([png.readUInt32BE(16), png.readUInt32BE(20)]).toEqual(Object.values(size(plan.toSvg())));
  }
  fs.rmSync(dir, { recursive: true, force: true });
});
