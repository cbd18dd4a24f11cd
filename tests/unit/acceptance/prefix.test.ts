// The run prefix and the rules built on it: a run changes only what carries its own prefix, and the sweeper
// deletes only what carries an acceptance prefix old enough.
import { formatAge, newRunId, ownedByRun, parseAge, parseRunId, runOfName, sweepable } from '../../acceptance/prefix';

const RUN = parseRunId('20260314t091500-k3f9');

describe('the run id and its prefix', () => {
  test('a new id holds the start time (UTC) and four random letters or digits', () => {
    const values = [0, 0.5, 0.99, 0.1];
    const run = newRunId(new Date('2026-03-14T09:15:00.123Z'), () => values.shift() ?? 0);
    expect(run).toEqual({ id: '20260314t091500-as9d', prefix: 'wiacc-20260314t091500-as9d-', startedAt: new Date('2026-03-14T09:15:00Z') });
  });

  test.each(['2026-03-14', '20260314t091500', '20260314t091500-K3F9', '20261314t091500-k3f9', '20260314t256000-k3f9'])(
    '--run-id %s is refused with the form it takes',
    (text) => {
      expect(() => parseRunId(text)).toThrow(
        `--run-id ${JSON.stringify(text)}: must be <UTC date>t<UTC time>-<4 letters or digits>, e.g. 20260314t091500-k3f9`,
      );
    },
  );

  test('a name is read back to its run, wherever the rest of the name goes', () => {
    expect(runOfName('wiacc-20260314t091500-k3f9-policy-main')).toEqual(RUN);
    expect(runOfName('wiacc-20260314t091500-k3f9-')).toEqual(RUN);
    for (const name of [
      'policy-main',
      'my-wiacc-20260314t091500-k3f9-policy',
      'wiacc-20260314t091500-k3f9',
      'wiacc-20260399t091500-k3f9-x',
      undefined,
    ]) {
      expect(runOfName(name)).toBeUndefined();
    }
  });
});

describe('a run changes and deletes only its own objects', () => {
  test.each([
    ['wiacc-20260314t091500-k3f9-policy-main', true],
    ['wiacc-20260314t091500-k3f8-policy-main', false],
    ['wiacc-20260314t091501-k3f9-policy-main', false],
    ['treasury-allow', false],
    ['', false],
  ])('%s: %s', (name, owned) => {
    expect(ownedByRun(RUN.prefix, name)).toBe(owned);
  });
});

describe('the sweeper deletes only prefixed objects old enough', () => {
  const now = new Date('2026-03-14T11:15:00Z');
  test.each([
    ['wiacc-20260314t091500-k3f9-policy', 2 * 3_600_000, true],
    ['wiacc-20260314t091500-k3f9-policy', 2 * 3_600_000 + 1, false],
    ['wiacc-20260314t111500-zzzz-policy', 0, true],
    ['wiacc-20260314t111501-zzzz-policy', 0, false],
    ['treasury-allow', 0, false],
    ['a-wiacc-20260314t091500-k3f9-policy', 0, false],
  ])('%s older than %d ms: %s', (name, age, swept) => {
    expect(sweepable(name, now, age)).toBe(swept);
  });

  test.each([
    ['0', 0],
    ['45s', 45_000],
    ['30m', 1_800_000],
    ['2h', 7_200_000],
    ['1d', 86_400_000],
  ])('--older-than %s is %d ms, and reads back the same', (text, ms) => {
    expect(parseAge(text)).toBe(ms);
    expect(formatAge(ms)).toBe(text);
  });

  test.each(['', '2', 'h', '2 h', '-1h', '1w'])('--older-than %j is refused with the form it takes', (text) => {
    expect(() => parseAge(text)).toThrow(
      `--older-than ${JSON.stringify(text)}: must be a number and a unit (s, m, h, d), e.g. 2h, or 0 for every age`,
    );
  });
});
