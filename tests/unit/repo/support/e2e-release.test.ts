// The provider-upgrade test's previous release: which installed versions its dependency ranges accept, and
// what a clone without its commit is told.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { cleanEnv, run } from '../../../support/e2e/process';
import { PREVIOUS_RELEASE, resolveCommit, satisfies } from '../../../support/e2e/release';

test.each([
  ['4.1.0', '^4.1.0', true],
  ['4.9.12', '^4.1.0', true],
  ['4.0.9', '^4.1.0', false],
  ['5.0.0', '^4.1.0', false],
  ['0.6.3', '^0.6.1', true],
  ['0.7.0', '^0.6.1', false],
  ['0.0.3', '^0.0.3', true],
  ['0.0.4', '^0.0.3', false],
  ['3.248.9', '~3.248.0', true],
  ['3.249.0', '~3.248.0', false],
  ['3.248.0', '3.248.0', true],
  ['3.248.1', '3.248.0', false],
  ['4.2.0-beta.1', '^4.1.0', false],
])('%s satisfies %s: %s', (version, range, expected) => {
  expect(satisfies(version, range)).toBe(expected);
});

test('a range in another form is refused with the forms it takes', () => {
  expect(() => satisfies('1.0.0', '>=1.0.0')).toThrow(new Error('unsupported version range ">=1.0.0": write ^x.y.z, ~x.y.z or x.y.z'));
});

test('the previous release is in this clone, by its full id', async () => {
  await expect(resolveCommit(PREVIOUS_RELEASE.slice(0, 7))).resolves.toBe(PREVIOUS_RELEASE);
});

describe('a clone without the commit', () => {
  const dir = mkdtempSync(join(tmpdir(), 'walletinfra-release-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  async function git(cwd: string, ...args: string[]): Promise<string> {
    const result = await run('git', ['-c', 'user.name=e2e', '-c', 'user.email=e2e@example.com', ...args], { cwd, env: cleanEnv() });
    if (result.code !== 0) throw new Error(`git ${args.join(' ')}: ${result.stderr}`);
    return result.stdout.trim();
  }

  test('a shallow clone is told to fetch the history', async () => {
    const origin = join(dir, 'origin');
    await git(dir, 'init', '--quiet', origin);
    await git(origin, 'commit', '--quiet', '--allow-empty', '-m', 'first');
    const first = await git(origin, 'rev-parse', 'HEAD');
    await git(origin, 'commit', '--quiet', '--allow-empty', '-m', 'second');
    await git(dir, 'clone', '--quiet', '--depth', '1', `file://${origin}`, 'shallow');
    await expect(resolveCommit(first, join(dir, 'shallow'))).rejects.toThrow(
      new Error(
        `commit ${first} (the previous release the provider-upgrade test installs) is not in this shallow clone: ` +
          'run `git fetch --unshallow`, or clone without --depth.',
      ),
    );
    await expect(resolveCommit(PREVIOUS_RELEASE, origin)).rejects.toThrow(
      new Error(
        `commit ${PREVIOUS_RELEASE} (the previous release the provider-upgrade test installs) is not in this clone: fetch the full history of main.`,
      ),
    );
  });

  test('a folder that is no clone says so', async () => {
    await expect(resolveCommit(PREVIOUS_RELEASE, dir)).rejects.toThrow(
      new Error(
        `commit ${PREVIOUS_RELEASE} (the previous release the provider-upgrade test installs) cannot be read: ${dir} is not a git clone; ` +
          'run the test in a clone of the repository.',
      ),
    );
  });
});
