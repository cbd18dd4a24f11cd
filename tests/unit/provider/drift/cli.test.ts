import {
  describeRunError,
  main,
  USAGE,
  type ChangeReport,
  type CliDeps,
  type EngineEventLike,
  type StackRunner,
} from '@walletinfra/pulumi/drift';
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { deployment, fakeReaders, ORG, stackConfig } from '../../../support/drift-inventory';

const fixture = (name: string): EngineEventLike[] =>
  JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'fixtures', 'drift', `${name}.json`), 'utf8')) as EngineEventLike[];
const VERSION = (
  JSON.parse(readFileSync(join(__dirname, '..', '..', '..', '..', 'provider', 'package.json'), 'utf8')) as { version: string }
).version;

/** Replays recorded events per stack; a stack mapped to an Error fails like a Pulumi command would. */
function replayRunner(byStack: Record<string, EngineEventLike[] | Error>): StackRunner & { calls: string[] } {
  const calls: string[] = [];
  return {
    calls,
    run(mode, stack, workDir, onEvent) {
      calls.push(`${mode} ${stack} ${workDir}`);
      const script = byStack[stack];
      if (script === undefined) return Promise.reject(new Error(`unexpected stack ${stack}`));
      if (script instanceof Error) return Promise.reject(script);
      script.forEach(onEvent);
      return Promise.resolve();
    },
    pulumiVersion: () => Promise.resolve('3.248.0'),
    // An organization with nothing the stacks leave out (tests/unit/provider/drift/unmanaged.test.ts has the rest).
    stackConfig: () => Promise.resolve(stackConfig()),
    exportStack: () => Promise.resolve(deployment([])),
  };
}

function harness(runner: StackRunner) {
  const out = { stdout: '', stderr: '', files: {} as Record<string, string> };
  const deps: CliDeps = {
    runner,
    now: () => new Date(Date.UTC(2026, 10, 22, 6, 0, 0)),
    stdout: (t) => (out.stdout += t),
    stderr: (t) => (out.stderr += t),
    writeFile: (p, t) => (out.files[p] = t),
    env: {},
    makeInventoryReader: fakeReaders({ [ORG]: { objects: {}, activities: [] } }),
  };
  return { out, deps };
}

/** What the Automation API throws when `pulumi` exits non-zero (its `commandResult` is private in the types). */
function commandError(stderr: string): Error {
  return Object.assign(new Error(`Command failed with exit code 255\n stdout: lots of progress\n stderr: ${stderr}`), {
    name: 'CommandError',
    commandResult: { stdout: 'Previewing refresh (dev):\n...', stderr, code: 255 },
  });
}

let project: string;
beforeAll(() => {
  project = mkdtempSync(join(tmpdir(), 'drift-cli-'));
  writeFileSync(join(project, 'Pulumi.yaml'), 'name: baseline\nruntime: nodejs\n');
});
afterAll(() => rmSync(project, { recursive: true, force: true }));

describe('walletinfra-drift arguments', () => {
  it.each([
    [[], '--stack is required (repeat it to check several stacks)'],
    [['--stack'], '--stack needs a value'],
    [['--stack', '--cwd', 'x'], '--stack needs a value'],
    [
      ['--stack=dev', '--bogus'],
      'unknown argument "--bogus"; known: --stack, --cwd, --json-out, --md-out, --preview, --refresh, --detailed-exitcode, --fail-on-impact, --impact-activities, --impact-window, --policy-tests, --ignore, --ignore-kind, --strict, --no-unmanaged, --version, --help',
    ],
    [['--stack', 'dev', '--stack', 'dev'], '--stack dev is given twice'],
    [['--stack', 'dev', '--detailed-exitcode'], '--detailed-exitcode only applies with --preview (drift checks always exit 2 on drift)'],
    [['--preview=yes', '--stack', 'dev'], '--preview does not take a value'],
  ])('%j -> exit 1 with a clear message and the usage', async (argv, message) => {
    const runner = replayRunner({});
    const { out, deps } = harness(runner);
    expect(await main(argv, deps)).toBe(1);
    expect(out.stderr).toBe(`walletinfra-drift: ${message}\n\n${USAGE}\n`);
    expect(out.stdout).toBe('');
    expect(runner.calls).toEqual([]);
  });

  it('prints help and the version', async () => {
    const h = harness(replayRunner({}));
    expect(await main(['--help'], h.deps)).toBe(0);
    expect(h.out.stdout).toBe(`${USAGE}\n`);
    const v = harness(replayRunner({}));
    expect(await main(['--version'], v.deps)).toBe(0);
    expect(v.out.stdout).toBe(`${VERSION}\n`);
  });

  it('rejects a directory that is not a Pulumi project before running anything', async () => {
    const runner = replayRunner({});
    const { out, deps } = harness(runner);
    expect(await main(['--stack', 'dev', '--cwd', tmpdir()], deps)).toBe(1);
    expect(out.stderr).toBe(`walletinfra-drift: --cwd ${tmpdir()}: no Pulumi.yaml there (point --cwd at the Pulumi project directory)\n`);
    expect(runner.calls).toEqual([]);
  });
});

describe('walletinfra-drift runs', () => {
  it('exits 0 and prints the Markdown summary when every stack is clean', async () => {
    const runner = replayRunner({ dev: fixture('refresh-clean') });
    const { out, deps } = harness(runner);
    expect(await main(['--stack', 'dev', '--cwd', project], deps)).toBe(0);
    expect(runner.calls).toEqual([`drift dev ${project}`]);
    expect(out.stdout.split('\n')[0]).toBe('# Drift report');
    expect(out.stdout).toContain('| `dev` | no drift | 0 | 0 | 5 |');
    expect(out.stderr).toBe(
      `[drift] refresh preview of stack dev in ${project}...\n[drift] dev: clean (drifted 0, deletedOutsideCode 0, clean 5)\n` +
        '[drift] objects no stack declares, in the organizations of dev...\n[drift] unmanaged 0, acknowledged 0, managed 0 of 0\n',
    );
  });

  it('exits 2 on drift and writes both reports for several stacks', async () => {
    const runner = replayRunner({ a: fixture('refresh-clean'), b: fixture('refresh-drift') });
    const { out, deps } = harness(runner);
    const code = await main(['--stack', 'a', '--stack', 'b', '--cwd', project, '--json-out', 'r.json', '--md-out', 'r.md'], deps);
    expect(code).toBe(2);
    expect(out.stdout).toBe('');
    const report = JSON.parse(out.files['r.json'] ?? '{}') as ChangeReport;
    expect(report.runAt).toBe('2026-11-22T06:00:00.000Z');
    expect(report.tools).toEqual({ walletinfraDrift: VERSION, pulumiCli: '3.248.0', pulumiSdk: '3.248.0', node: process.version });
    expect(report.summary).toEqual({ drifted: 2, deletedOutsideCode: 1, clean: 7 });
    expect(report.stacks.map((s) => [s.stack, s.status])).toEqual([
      ['a', 'clean'],
      ['b', 'drift'],
    ]);
    expect(out.files['r.md']).toContain('To restore what the code declares, run `pulumi up --refresh --stack b --cwd');
  });

  it('exits 1 when a stack fails, and still reports the others', async () => {
    const runner = replayRunner({
      good: fixture('refresh-drift'),
      bad: commandError('warning: something minor\nerror: failed to load checkpoint: stack bad is corrupt\n'),
    });
    const { out, deps } = harness(runner);
    expect(await main(['--stack', 'good', '--stack', 'bad', '--cwd', project, '--json-out', 'r.json'], deps)).toBe(1);
    const report = JSON.parse(out.files['r.json'] ?? '{}') as ChangeReport;
    expect(report.stacks[0]?.status).toBe('drift');
    expect(report.stacks[1]).toEqual({
      stack: 'bad',
      workDir: project,
      status: 'error',
      summary: { drifted: 0, deletedOutsideCode: 0, clean: 0 },
      resources: [],
      remediation: `pulumi up --refresh --stack bad --cwd ${project}`,
      error: 'error: failed to load checkpoint: stack bad is corrupt',
    });
    expect(out.stderr).toContain('[drift] bad: error: error: failed to load checkpoint: stack bad is corrupt\n');
    // The objects no stack declares need every stack's declarations: not read, and the reason said once.
    expect(report.unmanaged).toEqual({ status: 'not-evaluable', reason: 'stack bad could not be checked (see above)' });
    expect(out.stderr).not.toContain('objects no stack declares');
  });

  it('summarises a preview with --preview and exits 0, or 2 with --detailed-exitcode', async () => {
    const runner = replayRunner({ prod: fixture('preview-changes') });
    const first = harness(runner);
    expect(await main(['--preview', '--stack', 'prod', '--cwd', project], first.deps)).toBe(0);
    expect(first.out.stdout.split('\n')[0]).toBe('# Planned changes');
    expect(first.out.stdout).toContain('#### activity-hook (`obj-0003`): **replace** (forced by `subscriptions[1]`)');
    expect(first.out.stdout).not.toContain('PLAINTEXT');
    const second = harness(runner);
    expect(await main(['--preview', '--detailed-exitcode', '--stack', 'prod', '--cwd', project], second.deps)).toBe(2);
    expect(runner.calls).toEqual([`preview prod ${project}`, `preview prod ${project}`]);
  });

  it('exits 1 when the report cannot be written', async () => {
    const { out, deps } = harness(replayRunner({ dev: fixture('refresh-clean') }));
    deps.writeFile = () => {
      throw new Error("ENOENT: no such file or directory, open 'missing/r.json'");
    };
    expect(await main(['--stack', 'dev', '--cwd', project, '--json-out', 'missing/r.json'], deps)).toBe(1);
    expect(out.stderr).toContain(
      "walletinfra-drift: could not write the report: ENOENT: no such file or directory, open 'missing/r.json'\n",
    );
  });
});

describe('describeRunError', () => {
  it('names a missing stack and where to look', () => {
    const err = Object.assign(new Error('Command failed with exit code 6: pulumi stack select --stack nope'), {
      name: 'StackNotFoundError',
      commandResult: { stdout: '', stderr: '', code: 6 },
    });
    expect(describeRunError(err, 'nope')).toBe(
      'stack "nope" was not found: check --stack, --cwd and the backend (PULUMI_BACKEND_URL or pulumi login)',
    );
  });

  it("keeps Pulumi's error lines without colour codes, or else the last lines of stderr", () => {
    expect(describeRunError(commandError('\u001b[31merror:\u001b[0m passphrase must be set\nmore\n'), 'dev')).toBe(
      'error: passphrase must be set',
    );
    expect(describeRunError(commandError('line 1\n\nline 2\n'), 'dev')).toBe('line 1\nline 2');
    expect(describeRunError(new Error('pulumi exited with signal SIGKILL'), 'dev')).toBe('pulumi exited with signal SIGKILL');
    expect(describeRunError(Object.assign(new Error('spawn pulumi ENOENT'), { code: 'ENOENT' }), 'dev')).toBe(
      'the Pulumi CLI (pulumi) was not found on PATH; install it or run scripts/ensure-pulumi.sh and put its directory first on PATH',
    );
  });
});

test('describeRunError explains a missing Pulumi CLI as the Automation API reports it', () => {
  expect(describeRunError(commandError('spawn pulumi ENOENT'), 'dev')).toBe(
    'the Pulumi CLI (pulumi) was not found on PATH; install it or run scripts/ensure-pulumi.sh and put its directory first on PATH',
  );
});
