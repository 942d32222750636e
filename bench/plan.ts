// Plan throughput, part of `npm run bench`: RolloutPlan.fromManifest for 1,000 Rollouts (basic,
// traffic-routed and dynamicStableScale canaries of 1–50 replicas with 8 steps, and blue-green),
// each with its abort simulated at every step. Target: under 1 ms per Rollout. Then the comparison of
// those plans with the plans of a change (every other Rollout's second pause 1m → 5m, every tenth
// one with one replica more), as `argo-rollouts-plan --base` does after planning both sides.
import { RolloutPlan } from '../src/plan';

function rollout(i: number): any {
  const steps = [20, 40, 60, 80].flatMap(w => [{ setWeight: w }, { pause: { duration: '1m' } }]);
  const canary: any = { steps };
  if (i % 4 === 1 || i % 4 === 2) canary.trafficRouting = { nginx: { stableIngress: `app${i}` } };
  if (i % 4 === 2) canary.dynamicStableScale = true;
  const strategy = i % 4 === 3 ? { blueGreen: { activeService: `app${i}`, autoPromotionEnabled: false } } : { canary };
  return {
    apiVersion: 'argoproj.io/v1alpha1',
    kind: 'Rollout',
    metadata: { name: `app${i}` },
    spec: {
      replicas: 1 + (i % 50),
      template: { spec: { containers: [{ name: 'app', image: 'x', resources: { requests: { cpu: '100m', memory: '128Mi' } } }] } },
      strategy,
    },
  };
}

/** Prints the time per plan (median of runs, after a warm-up) against the target. */
export function planThroughput(runs: number): void {
  const rollouts = Array.from({ length: 1000 }, (_, i) => rollout(i));
  const times: number[] = [];
  for (let r = 0; r < runs + 1; r++) {
    const start = process.hrtime.bigint();
    for (const ro of rollouts) {
      RolloutPlan.fromManifest(ro);
    }
    times.push(Number(process.hrtime.bigint() - start) / 1e6 / rollouts.length);
  }
  const warm = times.slice(1).sort((a, b) => a - b);
  const median = warm[Math.floor(warm.length / 2)];
  console.log(`plans: 1,000 Rollouts, ${median.toFixed(3)} ms per Rollout (first run ${times[0].toFixed(3)} ms; target < 1) ${median < 1 ? 'met' : 'MISSED'}`);
  compareThroughput(rollouts, runs);
}

/** A change to review: a longer pause in every other Rollout, one replica more in every tenth. */
function changed(ro: any, i: number): any {
  const copy = JSON.parse(JSON.stringify(ro));
  if (i % 2 === 0 && copy.spec.strategy.canary) copy.spec.strategy.canary.steps[3] = { pause: { duration: '5m' } };
  if (i % 10 === 0) copy.spec.replicas += 1;
  return copy;
}

/** Prints the time per Rollout of comparing two sets of 1,000 plans (planning not included), and of the Markdown. */
function compareThroughput(rollouts: readonly any[], runs: number): void {
  const base = rollouts.map(ro => RolloutPlan.fromManifest(ro));
  const head = rollouts.map((ro, i) => RolloutPlan.fromManifest(changed(ro, i)));
  const times: number[] = [];
  for (let r = 0; r < runs + 1; r++) {
    const start = process.hrtime.bigint();
    RolloutPlan.compare(base, head).toMarkdown();
    times.push(Number(process.hrtime.bigint() - start) / 1e6 / rollouts.length);
  }
  const warm = times.slice(1).sort((a, b) => a - b);
  const median = warm[Math.floor(warm.length / 2)];
  console.log(`plan comparison: 1,000 Rollouts against a change, compared and printed as Markdown in ${median.toFixed(3)} ms per Rollout (first run ${times[0].toFixed(3)} ms)`);
}

if (require.main === module) {
  planThroughput(Number(process.env.BENCH_RUNS ?? 3));
}
