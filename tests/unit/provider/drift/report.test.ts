import {
  buildReport,
  buildStackReport,
  collectFromMetadata,
  collectSteps,
  exitCodeFor,
  metadataFromDigest,
  remediationCommand,
  type EngineEventLike,
  type StackReport,
} from '@walletinfra/pulumi/drift';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const fixture = (name: string): EngineEventLike[] =>
  JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'fixtures', 'drift', `${name}.json`), 'utf8')) as EngineEventLike[];
const TOOLS = { walletinfraDrift: '0.1.0', pulumiCli: '3.248.0', pulumiSdk: '3.248.0', node: 'v20.19.0' };
const URN = 'urn:pulumi:dev::baseline::pulumi-nodejs:dynamic/walletinfra:';

describe('collectSteps', () => {
  it('keeps one entry per resource (in the order steps finished), drops the stack and providers, takes the final op', () => {
    const steps = collectSteps(fixture('refresh-drift'));
    expect(steps.map((s) => [s.urn.slice(URN.length), s.op, s.failed])).toEqual([
      ['FiatOnRampCredential::moonpay', 'delete', false],
      ['Policy::legacy', 'same', false],
      ['Policy::deny-exports', 'same', false],
      ['WebhookEndpoint::activity-hook', 'update', false],
      ['Policy::require-two-approvers', 'update', false],
    ]);
  });

  it('collapses create-replacement / replace / delete-replaced into one replace that keeps the diff', () => {
    const hook = collectSteps(fixture('preview-changes')).find((s) => s.urn.endsWith('::activity-hook'));
    expect(hook?.op).toBe('replace');
    expect(hook?.metadata.op).toBe('replace');
    expect(hook?.metadata.keys).toEqual(['subscriptions']);
  });

  it('marks a resource whose step failed', () => {
    const meta = { op: 'update', urn: `${URN}Policy::p`, type: 'pulumi-nodejs:dynamic/walletinfra:Policy' };
    const events: EngineEventLike[] = [
      { resourcePreEvent: { metadata: meta } },
      { resOpFailedEvent: { metadata: meta, status: 1, steps: 0 } },
    ];
    expect(collectSteps(events)).toEqual([{ urn: meta.urn, type: meta.type, op: 'update', metadata: meta, failed: true }]);
  });
});

describe('buildStackReport (drift)', () => {
  it('reports nothing for a clean refresh preview', () => {
    expect(buildStackReport('drift', { stack: 'dev', workDir: '.', steps: collectSteps(fixture('refresh-clean')) })).toEqual({
      stack: 'dev',
      workDir: '.',
      status: 'clean',
      summary: { drifted: 0, deletedOutsideCode: 0, clean: 5 },
      resources: [],
      remediation: 'pulumi up --refresh --stack dev',
    });
  });

  it('names each drifted resource and property with the stack value and the live value', () => {
    const report = buildStackReport('drift', { stack: 'dev', workDir: 'infra/org', steps: collectSteps(fixture('refresh-drift')) });
    expect(report).toEqual<StackReport>({
      stack: 'dev',
      workDir: 'infra/org',
      status: 'drift',
      summary: { drifted: 2, deletedOutsideCode: 1, clean: 2 },
      remediation: 'pulumi up --refresh --stack dev --cwd infra/org',
      resources: [
        {
          type: 'pulumi-nodejs:dynamic/walletinfra:FiatOnRampCredential',
          typeName: 'FiatOnRampCredential',
          name: 'moonpay',
          urn: `${URN}FiatOnRampCredential::moonpay`,
          id: 'obj-0004',
          op: 'delete',
          changes: [],
          replaceRequired: false,
        },
        {
          type: 'pulumi-nodejs:dynamic/walletinfra:Policy',
          typeName: 'Policy',
          name: 'require-two-approvers',
          urn: `${URN}Policy::require-two-approvers`,
          id: 'obj-0005',
          op: 'update',
          changes: [
            { property: 'condition', kind: 'update', before: "activity.resource == 'WALLET'", after: 'true', forcesReplacement: false },
          ],
          replaceRequired: false,
        },
        {
          type: 'pulumi-nodejs:dynamic/walletinfra:WebhookEndpoint',
          typeName: 'WebhookEndpoint',
          name: 'activity-hook',
          urn: `${URN}WebhookEndpoint::activity-hook`,
          id: 'obj-0003',
          op: 'update',
          changes: [{ property: 'isActive', kind: 'update', before: true, after: false, forcesReplacement: false }],
          replaceRequired: false,
        },
      ],
    });
  });
});

describe('buildStackReport (preview)', () => {
  const report = buildStackReport('preview', { stack: 'prod', workDir: '.', steps: collectSteps(fixture('preview-changes')) });

  it('counts every planned operation', () => {
    expect(report.status).toBe('changes');
    expect(report.summary).toEqual({ create: 1, update: 2, replace: 1, delete: 1, same: 1 });
    expect(report.resources.map((r) => [r.typeName, r.name, r.op, r.replaceRequired])).toEqual([
      ['FiatOnRampCredential', 'moonpay', 'update', false],
      ['Policy', 'legacy', 'delete', false],
      ['Policy', 'new-deny', 'create', false],
      ['Policy', 'require-two-approvers', 'update', false],
      ['WebhookEndpoint', 'activity-hook', 'replace', true],
    ]);
  });

  it('says which property forces a replacement', () => {
    expect(report.resources.find((r) => r.name === 'activity-hook')?.changes).toEqual([
      { property: 'subscriptions[1]', kind: 'add', after: { eventType: 'BALANCE_CONFIRMED_UPDATES' }, forcesReplacement: true },
    ]);
  });

  it('shows an in-place change with before and after', () => {
    expect(report.resources.find((r) => r.name === 'require-two-approvers')?.changes).toEqual([
      {
        property: 'condition',
        kind: 'update',
        before: "activity.resource == 'WALLET'",
        after: "activity.resource == 'WALLET' && activity.action == 'SIGN'",
        forcesReplacement: false,
      },
    ]);
  });

  it('lists the declared inputs of a new resource, without the provider code', () => {
    expect(report.resources.find((r) => r.name === 'new-deny')).toEqual({
      type: 'pulumi-nodejs:dynamic/walletinfra:Policy',
      typeName: 'Policy',
      name: 'new-deny',
      urn: `${URN}Policy::new-deny`,
      op: 'create',
      replaceRequired: false,
      changes: [
        { property: 'condition', kind: 'add', after: "activity.type == 'ACTIVITY_TYPE_EARN_WITHDRAW'", forcesReplacement: false },
        { property: 'effect', kind: 'add', after: 'EFFECT_DENY', forcesReplacement: false },
        { property: 'notes', kind: 'add', after: '', forcesReplacement: false },
        { property: 'policyName', kind: 'add', after: 'Deny sweeps', forcesReplacement: false },
      ],
    });
  });

  it('redacts a rotated secret on both sides', () => {
    expect(report.resources.find((r) => r.name === 'moonpay')?.changes).toEqual([
      { property: 'secretApiKey', kind: 'update', before: '[secret]', after: '[secret]', forcesReplacement: false },
    ]);
  });

  it('never carries a plaintext secret from the recorded run', () => {
    const text = JSON.stringify(report);
    expect(text).not.toContain('PLAINTEXT');
    expect(text).not.toContain('sk_live');
  });
});

describe('pulumi preview --json steps', () => {
  it('give the same report as the events of the same preview', () => {
    const digest = {
      steps: [
        {
          op: 'update',
          urn: `${URN}Policy::p`,
          oldState: { type: 'pulumi-nodejs:dynamic/walletinfra:Policy', id: 'pol-1', inputs: { condition: 'true', notes: 'a' } },
          newState: { type: 'pulumi-nodejs:dynamic/walletinfra:Policy', id: 'pol-1', inputs: { condition: 'false', notes: 'a' } },
          diffReasons: ['condition'],
          detailedDiff: { condition: { kind: 'update', inputDiff: true } },
        },
        { op: 'same', urn: 'urn:pulumi:dev::baseline::pulumi:pulumi:Stack::baseline-dev' },
      ],
    };
    const report = buildStackReport('preview', { stack: 'dev', workDir: '.', steps: collectFromMetadata(metadataFromDigest(digest)) });
    expect(report.summary).toEqual({ create: 0, update: 1, replace: 0, delete: 0, same: 0 });
    expect(report.resources).toEqual([
      {
        type: 'pulumi-nodejs:dynamic/walletinfra:Policy',
        typeName: 'Policy',
        name: 'p',
        urn: `${URN}Policy::p`,
        id: 'pol-1',
        op: 'update',
        changes: [{ property: 'condition', kind: 'update', before: 'true', after: 'false', forcesReplacement: false }],
        replaceRequired: false,
      },
    ]);
  });

  it('take replacement keys from replaceReasons and update-replace kinds', () => {
    const [step] = metadataFromDigest({
      steps: [
        {
          op: 'replace',
          urn: `${URN}FiatOnRampCredential::c`,
          oldState: { inputs: { sandboxMode: true, projectId: 'a' } },
          newState: { inputs: { sandboxMode: false, projectId: 'b' } },
          replaceReasons: [],
          detailedDiff: { sandboxMode: { kind: 'update-replace' }, projectId: { kind: 'update' } },
        },
      ],
    });
    const report = buildStackReport('preview', { stack: 'dev', workDir: '.', steps: collectFromMetadata([step!]) });
    expect(report.resources[0]?.changes).toEqual([
      { property: 'projectId', kind: 'update', before: 'a', after: 'b', forcesReplacement: false },
      { property: 'sandboxMode', kind: 'update', before: true, after: false, forcesReplacement: true },
    ]);
  });
});

describe('buildReport and exit codes', () => {
  const clean = buildStackReport('drift', { stack: 'a', workDir: '.', steps: collectSteps(fixture('refresh-clean')) });
  const drift = buildStackReport('drift', { stack: 'b', workDir: '.', steps: collectSteps(fixture('refresh-drift')) });
  const failed = buildStackReport('drift', { stack: 'c', workDir: '.', steps: [], error: 'error: stack not found' });

  it('adds up the counts of every stack and stamps the injected run time', () => {
    const report = buildReport('drift', new Date(Date.UTC(2026, 10, 22, 6, 0, 0)), TOOLS, [clean, drift]);
    expect({ ...report, stacks: report.stacks.map((s) => s.stack) }).toEqual({
      schemaVersion: 1,
      mode: 'drift',
      runAt: '2026-11-22T06:00:00.000Z',
      tools: TOOLS,
      summary: { drifted: 2, deletedOutsideCode: 1, clean: 7 },
      stacks: ['a', 'b'],
    });
  });

  it('exits 0 clean, 2 on drift, 1 when any stack failed', () => {
    const at = new Date(0);
    expect(exitCodeFor(buildReport('drift', at, TOOLS, [clean]))).toBe(0);
    expect(exitCodeFor(buildReport('drift', at, TOOLS, [clean, drift]))).toBe(2);
    expect(exitCodeFor(buildReport('drift', at, TOOLS, [drift, failed]))).toBe(1);
    expect(failed.status).toBe('error');
    expect(failed.error).toBe('error: stack not found');
  });

  it('exits 0 for planned changes unless a detailed exit code is asked for', () => {
    const preview = buildStackReport('preview', { stack: 'p', workDir: '.', steps: collectSteps(fixture('preview-changes')) });
    const report = buildReport('preview', new Date(0), TOOLS, [preview]);
    expect(exitCodeFor(report)).toBe(0);
    expect(exitCodeFor(report, true)).toBe(2);
  });

  it('quotes stack names and directories in the remediation command', () => {
    expect(remediationCommand('drift', "org/it's prod", 'my dir')).toBe(`pulumi up --refresh --stack 'org/it'\\''s prod' --cwd 'my dir'`);
    expect(remediationCommand('preview', 'acme/prod', '.')).toBe('pulumi up --refresh --stack acme/prod');
  });
});
