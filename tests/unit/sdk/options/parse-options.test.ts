// The sdk's option parser, which the emulator's options, fault rules and seeds go through too: full JSON paths,
// the value received, the known keys of the object an unknown key is in, unions reported by the option meant.
import { ConfigurationError } from '@walletinfra/sdk';
import { got, jsonPath, parseOptions, shown } from '@walletinfra/sdk/options';
import { z } from 'zod';

function refusal(fn: () => unknown): { name: string; code: string; message: string } {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(ConfigurationError);
    const error = e as ConfigurationError;
    return { name: error.name, code: error.code, message: error.message };
  }
  throw new Error('expected a refusal');
}

test.each([
  [[], ''],
  [['port'], 'port'],
  [['rules', 2, 'probability'], 'rules[2].probability'],
  [['users', 0, 'apiKeys', 1, 'publicKey'], 'users[0].apiKeys[1].publicKey'],
  [[0, 'path'], '[0].path'],
  [['--port'], '--port'],
])('jsonPath(%j) = %j', (path, expected) => {
  expect(jsonPath(path)).toBe(expected);
});

test.each([
  ['abc', '"abc"'],
  ['x'.repeat(61), `"${'x'.repeat(60)}"... (61 characters)`],
  [0, '0'],
  [false, 'false'],
  [null, 'null'],
  [[], 'an empty array'],
  [[1, 2], 'an array of 2'],
  [{ a: 1 }, 'an object'],
  [() => 1, 'a function'],
])('shown(%p) = %s', (value, expected) => {
  expect(shown(value)).toBe(expected);
});

const Rule = z.strictObject({ path: z.string(), probability: z.number().min(0).max(1).optional(), label: z.string().min(1).optional() });
const Config = z.strictObject({ seed: z.int().optional(), rules: z.array(Rule) });
const Faults = z.union([z.array(Rule), Config], { error: got('must be {seed?, rules} or an array of rules') });
const Options = z.strictObject({
  name: z.string().optional(),
  mode: z.enum(['a', 'b']).optional(),
  tags: z.array(z.string()).max(2).optional(),
  faults: Faults.optional(),
});

test.each<[unknown, string]>([
  // zod's own checks, in the "<field> <fix>, got <value>" shape
  [{ name: 5 }, 'name must be a string, got 5'],
  [{ mode: 'c' }, 'mode must be one of "a", "b", got "c"'],
  [{ tags: ['x', 'y', 'z'] }, 'tags must have at most 2 items, got an array of 3'],
  [{ tags: ['x', 7] }, 'tags[1] must be a string, got 7'],
  // nested arrays and unions: the full path, through the option the value was meant for
  [
    { faults: { rules: [{ path: '/a' }, { path: '/b' }, { path: '/c', probability: 2 }] } },
    'faults.rules[2].probability must be at most 1, got 2',
  ],
  [{ faults: [{ path: '/a', probability: -1 }] }, 'faults[0].probability must be at least 0, got -1'],
  [{ faults: { rules: [{ path: '/a', label: '' }] } }, 'faults.rules[0].label must not be empty, got ""'],
  [{ faults: { rules: [{}] } }, 'faults.rules[0].path is required'],
  [{ faults: 'all' }, 'faults must be {seed?, rules} or an array of rules, got "all"'],
  // unknown keys list the keys of the object they are in, and come before that object's other problems
  [{ faults: { rulez: [] } }, 'unknown faults option "rulez"; known: seed, rules'],
  [{ faults: [{ path: '/a', weight: 1 }] }, 'unknown faults[0] option "weight"; known: path, probability, label'],
  [{ faults: { rules: [{ pth: '/a' }] } }, 'unknown faults.rules[0] option "pth"; known: path, probability, label'],
  [{ nmae: 'x', mode: 'c' }, 'unknown option "nmae"; known: name, mode, tags, faults'],
])('%j', (input, message) => {
  expect(refusal(() => parseOptions(Options, input, 'demo: '))).toEqual({
    name: 'ConfigurationError',
    code: 'INVALID_CONFIGURATION',
    message: `demo: ${message}`,
  });
});

test('a named value: its name starts every path, its keys are called by the noun given, and it need not be an object', () => {
  const naming = { path: ['faults'], noun: 'field' };
  expect(refusal(() => parseOptions(Faults, { rules: [{ path: 1 }] }, naming)).message).toBe(
    'faults.rules[0].path must be a string, got 1',
  );
  expect(refusal(() => parseOptions(Faults, { rules: [], extra: 1 }, naming)).message).toBe(
    'unknown faults field "extra"; known: seed, rules',
  );
  expect(parseOptions(Faults, [{ path: '/a' }], naming)).toEqual([{ path: '/a' }]);
  expect(refusal(() => parseOptions(Options, 'x')).message).toBe('options must be an object');
});
