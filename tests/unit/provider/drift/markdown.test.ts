import {
  buildReport,
  buildStackReport,
  codeSpan,
  collectSteps,
  formatValue,
  getAtPath,
  isSensitivePath,
  parsePropertyPath,
  redactValue,
  renderChangesMarkdown,
  changedRegion,
  DEFAULT_MAX_MARKDOWN_LENGTH,
  type ChangeReport,
  type EngineEventLike,
  type ResourceChange,
} from '@walletinfra/pulumi/drift';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';

const fixture = (name: string): EngineEventLike[] =>
  JSON.parse(readFileSync(join(__dirname, '..', '..', '..', 'fixtures', 'drift', `${name}.json`), 'utf8')) as EngineEventLike[];
const TOOLS = { walletinfraDrift: '0.1.0', pulumiCli: '3.248.0', pulumiSdk: '3.248.0', node: 'v20.19.0' };
const AT = new Date(Date.UTC(2026, 10, 22, 6, 0, 0));

describe('renderChangesMarkdown', () => {
  it('renders a drift report grouped by type with the remediation command', () => {
    const stack = buildStackReport('drift', { stack: 'acme/prod', workDir: '.', steps: collectSteps(fixture('refresh-drift')) });
    expect(renderChangesMarkdown(buildReport('drift', AT, TOOLS, [stack]))).toBe(`# Drift report

Run at 2026-11-22T06:00:00.000Z with walletinfra-drift 0.1.0, Pulumi CLI 3.248.0.

| Stack | Status | Drifted | Deleted outside code | Clean |
|---|---|---:|---:|---:|
| \`acme/prod\` | drift detected | 2 | 1 | 2 |

**Drift:** 2 resources changed and 1 resource deleted outside code.

## Stack \`acme/prod\`: drift detected

2 resources changed and 1 resource deleted outside code.

To restore what the code declares, run \`pulumi up --refresh --stack acme/prod\`. To keep a change instead, edit the program to match, then run \`pulumi refresh --stack acme/prod\`.

### FiatOnRampCredential

#### moonpay (\`obj-0004\`): deleted outside code

### Policy

#### require-two-approvers (\`obj-0005\`): changed outside code

| Property | In the stack | Live |
|---|---|---|
| \`condition\` | \`"activity.resource == 'WALLET'"\` | \`"true"\` |

### WebhookEndpoint

#### activity-hook (\`obj-0003\`): changed outside code

| Property | In the stack | Live |
|---|---|---|
| \`isActive\` | \`true\` | \`false\` |
`);
  });

  it('renders a clean drift run and a failed stack', () => {
    const clean = buildStackReport('drift', { stack: 'dev', workDir: '.', steps: collectSteps(fixture('refresh-clean')) });
    const failed = buildStackReport('drift', { stack: 'staging', workDir: '.', steps: [], error: 'error: could not read the stack' });
    expect(renderChangesMarkdown(buildReport('drift', AT, { ...TOOLS, pulumiCli: undefined }, [clean, failed]))).toBe(`# Drift report

Run at 2026-11-22T06:00:00.000Z with walletinfra-drift 0.1.0.

| Stack | Status | Drifted | Deleted outside code | Clean |
|---|---|---:|---:|---:|
| \`dev\` | no drift | 0 | 0 | 5 |
| \`staging\` | error | 0 | 0 | 0 |

**Incomplete:** 1 stack could not be checked (see below).

## Stack \`dev\`: no drift

Every resource matches the stack.

## Stack \`staging\`: error

The run failed, so this stack was not fully checked:

\`\`\`text
error: could not read the stack
\`\`\`
`);
  });

  it('renders a pull-request preview with replacements called out and secrets redacted', () => {
    const stack = buildStackReport('preview', { stack: 'prod', workDir: 'org', steps: collectSteps(fixture('preview-changes')) });
    const md = renderChangesMarkdown(buildReport('preview', AT, TOOLS, [stack]));
    expect(md).toBe(`# Planned changes

Run at 2026-11-22T06:00:00.000Z with walletinfra-drift 0.1.0, Pulumi CLI 3.248.0.

| Stack | Status | Create | Update | Replace | Delete | Unchanged |
|---|---|---:|---:|---:|---:|---:|
| \`prod\` | changes planned | 1 | 2 | 1 | 1 | 1 |

## Stack \`prod\`: changes planned

Applied on merge with \`pulumi up --refresh --stack prod --cwd org\`.

### FiatOnRampCredential

#### moonpay (\`obj-0006\`): update

| Property | Before | After |
|---|---|---|
| \`secretApiKey\` | \`[secret]\` | \`[secret]\` |

### Policy

#### legacy (\`obj-0002\`): delete

#### new-deny: create

| Property | Before | After |
|---|---|---|
| \`condition\` | — | \`"activity.type == 'ACTIVITY_TYPE_EARN_WITHDRAW'"\` |
| \`effect\` | — | \`"EFFECT_DENY"\` |
| \`notes\` | — | \`""\` |
| \`policyName\` | — | \`"Deny sweeps"\` |

#### require-two-approvers (\`obj-0005\`): update

| Property | Before | After |
|---|---|---|
| \`condition\` | \`"activity.resource == 'WALLET'"\` | \`"activity.resource == 'WALLET' && activity.action == 'SIGN'"\` |

### WebhookEndpoint

#### activity-hook (\`obj-0003\`): **replace** (forced by \`subscriptions[1]\`)

| Property | Before | After | Note |
|---|---|---|---|
| \`subscriptions[1]\` | — | \`{"eventType":"BALANCE_CONFIRMED_UPDATES"}\` | forces replacement |
`);
    expect(md).not.toContain('PLAINTEXT');
  });
});

describe('value formatting', () => {
  it('fences code spans past backticks inside and escapes table pipes', () => {
    expect(codeSpan('a`b')).toBe('``a`b``');
    expect(codeSpan('`x')).toBe('`` `x ``');
    expect(formatValue('a || b')).toBe('`"a \\|\\| b"`');
    expect(formatValue('line1\nline2')).toBe('`"line1\\nline2"`');
    expect(formatValue(undefined)).toBe('—');
    expect(formatValue('[secret]')).toBe('`[secret]`');
    expect(formatValue('x'.repeat(20), 10)).toBe('`"xxxxxxxx…`');
  });
});

describe('redactValue', () => {
  const envelope = { '4dabf18193072939515e22adb298388d': '1b47061264138c4ac30d75fd1eb44270', ciphertext: 'abc' };

  it('replaces secret envelopes, masked values, unknowns and provider code', () => {
    expect(redactValue(envelope, 'publishableApiKey')).toBe('[secret]');
    expect(redactValue('[secret]', 'x')).toBe('[secret]');
    expect(redactValue('04da6b54-80e4-46f7-96ec-b56ff0331ba9', 'url')).toBe('[unknown]');
    expect(redactValue('exports.handler = ...', '__provider')).toBe('[provider code]');
  });

  it('redacts strings under secret-looking names even when unmarked, but keeps flags and cleared values', () => {
    expect(
      redactValue({ name: 'n', apiPrivateKey: 'abcd', nested: [{ secretApiKey: 's', sandboxMode: true }], encryptedPrivateApiKey: '' }),
    ).toEqual({
      name: 'n',
      apiPrivateKey: '[secret]',
      nested: [{ secretApiKey: '[secret]', sandboxMode: true }],
      encryptedPrivateApiKey: '',
    });
    expect(redactValue('sk_live_x', 'secretApiKey')).toBe('[secret]');
    expect(redactValue(12, 'secretVersion')).toBe(12);
    expect(isSensitivePath('subscriptions[0].filtersJson')).toBe(false);
    expect(isSensitivePath('profiles["eu"].apiPrivateKey')).toBe(true);
  });
});

describe('property paths', () => {
  it('parse the engine syntax', () => {
    expect(parsePropertyPath('subscriptions[1].eventType')).toEqual(['subscriptions', 1, 'eventType']);
    expect(parsePropertyPath('tags["a.b"]')).toEqual(['tags', 'a.b']);
    expect(parsePropertyPath('a[')).toBeUndefined();
    expect(parsePropertyPath('')).toBeUndefined();
    expect(getAtPath({ s: [{ e: 'X' }] }, 's[0].e')).toBe('X');
    expect(getAtPath({ s: [] }, 's[3].e')).toBeUndefined();
  });
});

describe('long values and the comment size limit', () => {
  const policyChange = (before: string, after: string, name = 'big-policy'): ResourceChange => ({
    type: 'pulumi-nodejs:dynamic:Resource',
    typeName: 'Policy',
    name,
    urn: `urn:pulumi:prod::org::pulumi-nodejs:dynamic:Resource::${name}`,
    id: `id-${name}`,
    op: 'update',
    changes: [{ property: 'condition', kind: 'update', before, after, forcesReplacement: false }],
    replaceRequired: false,
  });
  const report = (resources: ResourceChange[]): ChangeReport => ({
    schemaVersion: 1,
    mode: 'preview',
    runAt: AT.toISOString(),
    tools: TOOLS,
    summary: { create: 0, update: resources.length, replace: 0, delete: 0, same: 0 },
    stacks: [
      {
        stack: 'prod',
        workDir: '.',
        status: 'changes',
        summary: { create: 0, update: resources.length, replace: 0, delete: 0, same: 0 },
        resources,
        remediation: 'pulumi up --refresh --stack prod',
      },
    ],
  });
  const prefix = "activity.resource == 'WALLET' && ".repeat(10);
  const before = `${prefix}approvers.count() >= 2 && ${'x'.repeat(300)}`;
  const after = `${prefix}approvers.count() >= 3 && ${'x'.repeat(300)}`;

  it('shows where long values differ, never two identical cut-offs, and the full values folded', () => {
    const md = renderChangesMarkdown(report([policyChange(before, after)]));
    const row = md.split('\n').find((l) => l.startsWith('| `condition`'))!;
    const [, b, a] = row.split(' | ');
    expect(b).not.toBe(a);
    expect(b).toContain('>= 2');
    expect(a).toContain('>= 3');
    expect(row.length).toBeLessThan(500);
    expect(md).toContain('<details><summary>Full values</summary>');
    expect(md).toContain(JSON.stringify(before));
    expect(md).toContain(JSON.stringify(after));
  });

  it('changedRegion: differing excerpts with context and ellipses, also when one value extends the other', () => {
    const [b, a] = changedRegion(before, after, 80);
    expect(b).not.toBe(a);
    expect(b.startsWith('…')).toBe(true);
    expect(b.length).toBeLessThanOrEqual(80);
    const [p, q] = changedRegion('a'.repeat(200), `${'a'.repeat(200)}b`, 60);
    expect(p).not.toBe(q);
    expect(q.endsWith('b')).toBe(true);
  });

  it('stays under the limit: folded values go first, then a truncation with a pointer to the JSON report', () => {
    const many = Array.from({ length: 80 }, (_, i) => policyChange(`${before}${i}`, `${after}${i}`, `p${i}`));
    const md = renderChangesMarkdown(report(many));
    expect(md.length).toBeLessThanOrEqual(DEFAULT_MAX_MARKDOWN_LENGTH);
    expect(md).toMatch(/see the JSON report \(`--json-out`\), uploaded as the workflow run's artifact/);
    const small = renderChangesMarkdown(report(many.slice(0, 40)), { maxLength: 5_000 });
    expect(small.length).toBeLessThanOrEqual(5_000);
    expect(small).toContain('Truncated.');
    const folded = renderChangesMarkdown(report(many.slice(0, 3)), { maxLength: 4_000 });
    expect(folded).toContain('Full values left out.');
    expect(folded).not.toContain('<details>');
    expect(folded.match(/^#### /gm)).toHaveLength(3);
  });
});
