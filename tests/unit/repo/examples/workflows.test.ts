// The example CI workflows (examples/drift-ci, examples/gitops) call walletinfra-drift: these tests keep
// them in step with the command (every flag they pass is accepted, exit codes are handled as documented)
// and check the triggers and permissions they rely on.
import { parseArgs } from '@walletinfra/pulumi/drift';
import { parsePolicyArgs } from '@walletinfra/pulumi/policy-review/args';
import type { ReviewPolicy } from '@walletinfra/pulumi/policy-review/decide';
import { loadTestFiles } from '@walletinfra/pulumi/policy-review/discover';
import { runCases } from '@walletinfra/pulumi/policy-review/run-tests';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

// js-yaml ships with @pulumi/pulumi (no types of its own here).
// eslint-disable-next-line @typescript-eslint/no-require-imports -- an untyped package (above): require() lets this line declare the one function used
const yaml = require('js-yaml') as { load(text: string): unknown };

interface Step {
  name?: string;
  id?: string;
  if?: string;
  run?: string;
  uses?: string;
  with?: Record<string, unknown>;
}
interface Workflow {
  on: Record<string, unknown>;
  permissions: Record<string, string>;
  env: Record<string, string>;
  jobs: Record<string, { if?: string; environment?: string; steps: Step[] }>;
}

const load = (path: string): Workflow =>
  yaml.load(readFileSync(join(__dirname, '..', '..', '..', '..', 'examples', path), 'utf8')) as Workflow;

/** The arguments of each `npx --no-install walletinfra-drift ...` command in a run script, variables filled in. */
function driftInvocations(run: string, vars: Record<string, string>): string[][] {
  const joined = run.replace(/\\\n\s*/g, ' ');
  const out: string[][] = [];
  for (const line of joined.split('\n')) {
    const m = /npx --no-install walletinfra-drift (.*)$/.exec(line.trim());
    if (m === null) continue;
    const words = (m[1] ?? '')
      .replace(/"\$\{args\[@\]\}"/g, vars.args ?? '')
      .replace(/"\$(\w+)"/g, (_, v: string) => vars[v] ?? `<${v}>`)
      .replace(/ 2> \S+$/, '')
      .trim()
      .split(/\s+/);
    out.push(words);
  }
  return out;
}

describe('examples/drift-ci/drift-check.yml', () => {
  const wf = load('drift-ci/drift-check.yml');
  const steps = wf.jobs.drift!.steps;
  const check = steps.find((s) => s.id === 'drift')!;

  it('runs on a schedule and on demand, and may open issues', () => {
    expect(Object.keys(wf.on).sort()).toEqual(['schedule', 'workflow_dispatch']);
    expect(wf.permissions).toEqual({ contents: 'read', issues: 'write' });
  });

  it('passes only flags walletinfra-drift accepts, for every configured stack', () => {
    const stacks = wf.env.STACKS!.split(' ');
    const invocations = driftInvocations(check.run!, {
      PROJECT_DIR: wf.env.PROJECT_DIR!,
      args: stacks.map((s) => `--stack ${s}`).join(' '),
    });
    expect(invocations).toHaveLength(1);
    expect(parseArgs(invocations[0]!)).toEqual({
      mode: 'drift',
      stacks: ['acme/prod', 'acme/staging'],
      cwd: '.',
      jsonOut: 'drift-report.json',
      mdOut: 'drift-report.md',
      detailedExitcode: false,
      refresh: false,
      failOnImpact: false,
      impactActivities: 200,
      impactWindowMs: 7 * 86_400_000,
      policyTests: [],
      unmanaged: true,
      ignoreIds: [],
      ignoreKinds: [],
      strict: false,
      help: false,
      version: false,
    });
  });

  it('fails the check step only on errors, then reports drift (exit 2) and fails the run', () => {
    expect(check.run).toContain('echo "exit-code=$code" >> "$GITHUB_OUTPUT"');
    expect(check.run).toContain('[ "$code" -ne 1 ]');
    const onDrift = steps.filter((s) => s.if === "steps.drift.outputs.exit-code == '2'").map((s) => s.name);
    expect(onDrift).toEqual(['Fail on drift']);
    const issue = steps.find((s) => s.name === 'Open, update or close the drift issue')!;
    expect(issue.if).toBe("steps.drift.outputs.exit-code == '0' || steps.drift.outputs.exit-code == '2'");
    const publish = steps.find((s) => s.name === 'Publish the report')!;
    expect([publish.if, publish.with?.path]).toEqual(['always()', 'drift-report.*']);
  });
});

describe('examples/gitops/pulumi-review.yml', () => {
  const wf = load('gitops/pulumi-review.yml');

  it('previews pull requests and applies pushes to main', () => {
    expect(wf.on).toEqual({ pull_request: { branches: ['main'] }, push: { branches: ['main'] } });
    expect(wf.permissions).toEqual({ contents: 'read', 'pull-requests': 'write' });
    expect(wf.jobs.preview!.if).toBe("github.event_name == 'pull_request'");
    expect([wf.jobs.apply!.if, wf.jobs.apply!.environment]).toEqual(["github.event_name == 'push'", 'production']);
  });

  it('installs with npm ci and calls the installed bin, never the repository layout', () => {
    for (const job of Object.values(wf.jobs)) {
      const runs = job.steps.map((s) => s.run ?? '').join('\n');
      expect(runs).toContain('npm ci --no-audit --no-fund');
      expect(runs).not.toMatch(/provider\/dist|npm run build/);
    }
  });

  it('summarises the preview with walletinfra-drift --preview --refresh', () => {
    const preview = wf.jobs.preview!.steps.find((s) => s.name === 'Preview')!;
    const invocations = driftInvocations(preview.run!, {
      PROJECT_DIR: wf.env.PROJECT_DIR!,
      STACK: wf.env.STACK!,
      POLICY_TESTS: wf.env.POLICY_TESTS!,
    });
    expect(invocations.map((argv) => parseArgs(argv))).toEqual([
      {
        mode: 'preview',
        stacks: ['acme/prod'],
        cwd: '.',
        jsonOut: 'preview.json',
        mdOut: 'preview.md',
        detailedExitcode: false,
        refresh: true,
        failOnImpact: false,
        impactActivities: 200,
        impactWindowMs: 7 * 86_400_000,
        policyTests: ['policy-tests'],
        unmanaged: true,
        ignoreIds: [],
        ignoreKinds: [],
        strict: false,
        help: false,
        version: false,
      },
    ]);
  });

  it('runs the policy tests against the planned policies, and they pass for the baseline program', () => {
    const step = wf.jobs.preview!.steps.find((s) => s.name === 'Policy tests')!;
    const argv = step
      .run!.replace(/^npx --no-install walletinfra-policy /, '')
      .replace(/"\$(\w+)"/g, (_, v: string) => wf.env[v] ?? `<${v}>`)
      .split(/\s+/);
    expect(parsePolicyArgs(argv)).toEqual({
      command: 'test',
      files: ['policy-tests'],
      stack: 'acme/prod',
      cwd: '.',
      junit: 'policy-tests.xml',
      json: false,
      help: false,
      version: false,
    });
    const dir = join(__dirname, '..', '..', '..', '..', 'examples', 'gitops', 'policy-tests');
    const baseline: ReviewPolicy[] = [
      {
        policyName: 'Signing needs approvals',
        effect: 'EFFECT_ALLOW',
        condition: "activity.action == 'SIGN'",
        consensus: 'approvers.count() >= 2',
      },
      {
        policyName: 'Deny private key exports',
        effect: 'EFFECT_DENY',
        condition: "activity.resource == 'PRIVATE_KEY' && activity.action == 'EXPORT'",
      },
    ];
    const results = runCases(loadTestFiles([dir]), baseline, Date.UTC(2026, 0, 1));
    expect(results.map((r) => [r.name, r.passed, r.failure])).toEqual(results.map((r) => [r.name, true, undefined]));
    expect(results).toHaveLength(4);
  });

  it('its sample comment shows a policy impact section', () => {
    const readme = readFileSync(join(__dirname, '..', '..', '..', '..', 'examples', 'gitops', 'README.md'), 'utf8');
    expect(readme).toContain('### Policy impact');
    expect(readme).toContain('**ALLOW → REQUIRES_CONSENSUS**');
  });

  it('keeps one comment per stack up to date and checks that an apply leaves nothing to change', () => {
    const comment = wf.jobs.preview!.steps.find((s) => s.name === 'Comment on the pull request')!;
    expect(comment.run).toContain('marker="<!-- walletinfra-preview:${STACK} -->"');
    expect(comment.run).toContain('--method PATCH');
    expect(wf.jobs.apply!.steps.map((s) => s.run).filter((r) => r !== undefined && r.startsWith('pulumi'))).toEqual([
      'pulumi up --refresh --yes --non-interactive --stack "$STACK"',
      'pulumi preview --expect-no-changes --non-interactive --stack "$STACK"',
    ]);
  });
});
