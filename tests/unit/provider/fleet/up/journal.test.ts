// The rollout's journal and what a killed rollout's journal decides for the next `up`; the locks a killed run
// leaves and when they are taken over.
import { mkdirSync, mkdtempSync, readFileSync, writeFileSync, existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Journal, parseJournal, resumeDecision, type JournalRecord } from '@walletinfra/pulumi/fleet/up/journal';
import { describeLock, fileBackendLocks, lockIsDead, takeRolloutLock } from '@walletinfra/pulumi/fleet/up/locks';

const CURRENT = { fleet: 'customer-wallets', parent: 'org-parent', template: 'sha256:aa' };
const at = '2026-01-15T12:00:00.000Z';
const begin = (rollout: string, template = 'sha256:aa'): JournalRecord => ({
  t: 'rollout',
  rollout,
  at,
  pid: 4242,
  host: 'ci-1',
  fleet: 'customer-wallets',
  parent: 'org-parent',
  template,
  targets: 5,
});

test('a journal is written one line per event and read back; a line cut short by a kill is skipped', () => {
  const dir = mkdtempSync(join(tmpdir(), 'journal-'));
  const file = join(dir, 'journal.jsonl');
  let now = Date.parse(at);
  const journal = new Journal(file, 'r1', () => now);
  journal.begin({ pid: 4242, host: 'ci-1', fleet: 'customer-wallets', parent: 'org-parent', template: 'sha256:aa', targets: 2 });
  now += 1000;
  journal.start('s1', 'canary');
  journal.finish('s1', 'succeeded', 'canary');
  journal.start('s2', 'main');
  writeFileSync(file, `${readFileSync(file, 'utf8')}{"t":"finish","rollout":"r1","subOrg`);
  const records = Journal.read(file);
  expect(records.map((r) => r.t)).toEqual(['rollout', 'start', 'finish', 'start']);
  expect(records[1]).toEqual({ t: 'start', subOrganization: 's1', wave: 'canary', rollout: 'r1', at: '2026-01-15T12:00:01.000Z' });
  expect(Journal.read(join(dir, 'none.jsonl'))).toEqual([]);
  new Journal(undefined, 'dry', () => now).start('s9', 'main'); // a dry run keeps no journal
  expect(parseJournal('not json\n\n{"t":"end"}\n')).toEqual([]);
});

test('a rollout that never ended is resumed: what succeeded is skipped, what ran and never finished is interrupted', () => {
  const records: JournalRecord[] = [
    begin('r1'),
    { t: 'start', rollout: 'r1', at, subOrganization: 's1', wave: 'canary' },
    { t: 'finish', rollout: 'r1', at, subOrganization: 's1', status: 'succeeded', wave: 'canary' },
    { t: 'finish', rollout: 'r1', at, subOrganization: 's2', status: 'refused', wave: 'main' },
    { t: 'start', rollout: 'r1', at, subOrganization: 's3', wave: 'main' },
    { t: 'finish', rollout: 'r1', at, subOrganization: 's3', status: 'failed', wave: 'main' },
    { t: 'start', rollout: 'r1', at, subOrganization: 's4', wave: 'main' },
    { t: 'start', rollout: 'r1', at, subOrganization: 's5', wave: 'main' },
    { t: 'finish', rollout: 'r1', at, subOrganization: 's5', status: 'succeeded', wave: 'main' },
  ];
  const { resume, note } = resumeDecision(records, CURRENT);
  expect(note).toBeUndefined();
  expect(resume).toEqual({
    rollout: 'r1',
    startedAt: at,
    pid: 4242,
    host: 'ci-1',
    succeeded: new Set(['s1', 's5']),
    interrupted: new Set(['s4']),
    canaryDone: true,
  });
  // a resumed run of the same rollout, killed again: its records add up with the first run's
  const again = resumeDecision(
    [...records, begin('r1'), { t: 'finish', rollout: 'r1', at, subOrganization: 's4', status: 'succeeded', wave: 'main' }],
    CURRENT,
  );
  expect(again.resume?.succeeded).toEqual(new Set(['s1', 's4', 's5']));
  expect(again.resume?.interrupted).toEqual(new Set());
});

test('a canary that never succeeded is run again; a rollout that ended is not resumed; nor one of another template or fleet', () => {
  const killedInCanary: JournalRecord[] = [begin('r1'), { t: 'start', rollout: 'r1', at, subOrganization: 's1', wave: 'canary' }];
  expect(resumeDecision(killedInCanary, CURRENT).resume?.canaryDone).toBe(false);
  expect(resumeDecision([...killedInCanary, { t: 'end', rollout: 'r1', at, outcome: 'stopped' }], CURRENT)).toEqual({});
  expect(resumeDecision([], CURRENT)).toEqual({});
  expect(resumeDecision([begin('r1', 'sha256:bb')], CURRENT)).toEqual({
    note: `the interrupted rollout r1 (begun ${at}) was of another template: not resumed; starting a new rollout`,
  });
  expect(resumeDecision([begin('r1')], { ...CURRENT, fleet: 'other' }).note).toContain('was of another fleet');
  // only the last rollout counts
  expect(resumeDecision([begin('r1'), begin('r2'), { t: 'end', rollout: 'r2', at, outcome: 'completed' }], CURRENT)).toEqual({});
});

describe('locks', () => {
  const probe = { host: 'ci-1', isAlive: (pid: number) => pid === 1111 };

  test("a stack's lock in a file backend is read; it is dead only when written on this host by a process that is gone", () => {
    const root = mkdtempSync(join(tmpdir(), 'backend-'));
    mkdirSync(join(root, '.pulumi', 'stacks', 'delegated-access'), { recursive: true });
    writeFileSync(join(root, '.pulumi', 'meta.yaml'), 'version: 1\n');
    const dir = join(root, '.pulumi', 'locks', 'organization', 'delegated-access', 'org-1');
    mkdirSync(dir, { recursive: true });
    writeFileSync(join(dir, 'a.json'), JSON.stringify({ pid: 2222, username: 'ci', hostname: 'ci-1', timestamp: at }));
    writeFileSync(join(dir, 'b.json'), '{"pid": 33');
    const locks = fileBackendLocks(`file://${root}`, 'delegated-access', 'org-1');
    expect(locks.map((l) => [l.pid, l.hostname])).toEqual([
      [2222, 'ci-1'],
      [Number.NaN, ''],
    ]);
    expect(describeLock(locks[0]!)).toBe(`ci@ci-1 (pid 2222) since ${at}`);
    expect(locks.map((l) => lockIsDead(l, probe))).toEqual([true, false]);
    expect(lockIsDead({ ...locks[0]!, pid: 1111 }, probe)).toBe(false); // alive
    expect(lockIsDead({ ...locks[0]!, hostname: 'ci-2' }, probe)).toBe(false); // another machine's
    expect(fileBackendLocks(`file://${root}`, 'delegated-access', 'org-2')).toEqual([]);
    expect(fileBackendLocks('s3://bucket/fleet', 'delegated-access', 'org-1')).toEqual([]);
  });

  test("the rollout's own lock: taken, refused while its process lives, taken over once it is gone, released", () => {
    const dir = mkdtempSync(join(tmpdir(), 'rollout-'));
    const now = () => Date.parse(at);
    const release = takeRolloutLock(dir, { ...probe, pid: 1111, now });
    expect(() => takeRolloutLock(dir, { ...probe, pid: 5555, now })).toThrow(
      `another walletinfra-fleet up of this fleet is running (pid 1111 on ci-1 since ${at}, ${join(dir, 'up.lock')}); wait for it to end, or, if it is gone (another machine), delete that file and run again`,
    );
    release();
    expect(existsSync(join(dir, 'up.lock'))).toBe(false);
    // killed: its lock stays, and the next run takes it over
    takeRolloutLock(dir, { ...probe, pid: 2222, now });
    const next = takeRolloutLock(dir, { ...probe, pid: 5555, now });
    expect(JSON.parse(readFileSync(join(dir, 'up.lock'), 'utf8'))).toMatchObject({ pid: 5555 });
    next();
  });
});
