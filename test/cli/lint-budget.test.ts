import { LintCommandIo, main } from '../../src/cli/lint';

function lint(args: string[], stdin: string): { code: number; stdout: string; stderr: string } {
  let stdout = '';
  let stderr = '';
  const io: LintCommandIo = { stdout: t => { stdout += t; }, stderr: t => { stderr += t; }, readStdin: () => stdin };
  const code = main(args, io);
  return { code, stdout, stderr };
}

// 5 replicas, maxSurge 2: the full promotion after setWeight 20 runs 7 pods; 1 CPU and 512Mi each
const ROLLOUT = `apiVersion: argoproj.io/v1alpha1
kind: Rollout
metadata: {name: web}
spec:
  replicas: 5
  selector: {matchLabels: {app: web}}
  template:
    metadata: {labels: {app: web}}
    spec:
      containers:
        - name: web
          image: nginx:1.27
          resources: {requests: {cpu: "1", memory: 512Mi}}
  strategy: {canary: {steps: [{setWeight: 20}, {pause: {}}]}}
`;

describe('argo-rollouts-lint --budget-pods / --budget-cpu / --budget-memory (B02)', () => {
  test('an update over the budget: exit 1, the peak and the limit', () => {
    const result = lint(['--budget-pods', '6', '--budget-cpu=7', '--budget-memory', '3Gi', '-'], ROLLOUT);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('Rollout/web spec.strategy.canary [B02] At its peak the update needs 7 pods, more than the app-wide budget allows: 6 pods.');
    expect(result.stdout).toContain('needs 3.5Gi memory requested, more than the app-wide budget allows: 3Gi memory.');
    expect(result.stdout).not.toContain('CPU requested');
  });

  test('within the budget: exit 0', () => {
    expect(lint(['--budget-pods', '7', '--budget-cpu', '7000m', '--budget-memory', '3584Mi', '-'], ROLLOUT)).toMatchObject({ code: 0 });
    expect(lint(['-'], ROLLOUT)).toMatchObject({ code: 0 });
  });

  test('a budget that is not a number or quantity is bad usage: exit 2', () => {
    expect(lint(['--budget-pods', 'six', '-'], ROLLOUT)).toMatchObject({ code: 2, stderr: expect.stringContaining('--budget-pods must be a whole number of pods, not "six".') });
    expect(lint(['--budget-memory', '3 GB', '-'], ROLLOUT)).toMatchObject({ code: 2, stderr: expect.stringContaining('--budget-memory must be a Kubernetes quantity') });
    expect(lint(['--budget-cpu'], ROLLOUT)).toMatchObject({ code: 2, stderr: expect.stringContaining('--budget-cpu needs a value.') });
  });

  test('the Rollout\'s own budget annotation is checked without flags (B01)', () => {
    const annotated = ROLLOUT.replace('metadata: {name: web}', 'metadata: {name: web, annotations: {budget.argo-rollouts.cdk8s.io/pods: "6"}}');
    const result = lint(['-'], annotated);
    expect(result.code).toBe(1);
    expect(result.stdout).toContain('Rollout/web spec.strategy.canary [B01] At its peak the update needs 7 pods');
  });
});
