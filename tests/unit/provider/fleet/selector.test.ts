// Which sub-organizations a fleet covers: names and patterns, ids, exclusions by name, pattern or id.
import { parseOptions } from '@walletinfra/sdk/options';
import { nothingSelected, reportedSelector, SelectorSchema, SubOrganizationSelector } from '@walletinfra/pulumi/fleet/selector';

const MEMBERS = [
  { id: 'org-1', name: 'acme-prod' },
  { id: 'org-2', name: 'acme-test' },
  { id: 'org-3', name: 'globex' },
  { id: 'org-4', name: 'acme.prod' },
];

function selected(selector: object): string[] {
  const s = new SubOrganizationSelector(parseOptions(SelectorSchema, selector, { path: ['selector'], noun: 'field' }));
  return MEMBERS.filter((m) => s.selects(m)).map((m) => m.id);
}

test('all by default, or with all: true', () => {
  expect(selected({})).toEqual(['org-1', 'org-2', 'org-3', 'org-4']);
  expect(selected({ all: true })).toEqual(['org-1', 'org-2', 'org-3', 'org-4']);
});

test('names: exact names and patterns (* any run, ? one character, other characters literal)', () => {
  expect(selected({ names: ['acme-*'] })).toEqual(['org-1', 'org-2']);
  expect(selected({ names: ['globex'] })).toEqual(['org-3']);
  expect(selected({ names: ['acme?prod'] })).toEqual(['org-1', 'org-4']);
  expect(selected({ names: ['acme.prod'] })).toEqual(['org-4']);
  expect(selected({ names: ['ACME-*'] })).toEqual([]);
});

test('ids, and names or ids together select the union', () => {
  expect(selected({ ids: ['org-3', 'org-9'] })).toEqual(['org-3']);
  expect(selected({ names: ['acme-prod'], ids: ['org-3'] })).toEqual(['org-1', 'org-3']);
});

test('exclude: by id, by name, by pattern, over everything else', () => {
  expect(selected({ exclude: ['org-1'] })).toEqual(['org-2', 'org-3', 'org-4']);
  expect(selected({ names: ['acme-*'], exclude: ['*-test'] })).toEqual(['org-1']);
  expect(selected({ ids: ['org-3'], exclude: ['globex'] })).toEqual([]);
});

test('an ids-only selector needs no names: other ids are out before any whoami', () => {
  const s = new SubOrganizationSelector({ ids: ['org-3'] });
  expect([s.mayIncludeId('org-3'), s.mayIncludeId('org-1')]).toEqual([true, false]);
  expect(new SubOrganizationSelector({ names: ['x'], ids: ['org-3'] }).mayIncludeId('org-1')).toBe(true);
  expect(new SubOrganizationSelector({}).mayIncludeId('org-1')).toBe(true);
});

test('bad selectors name the field, the problem and the fix', () => {
  const problem = (value: object) => {
    try {
      parseOptions(SelectorSchema, value, { path: ['selector'], noun: 'field' });
      return 'accepted';
    } catch (error) {
      return (error as Error).message;
    }
  };
  expect(problem({ all: true, names: ['a'] })).toBe(
    'selector.all cannot be combined with names or ids: remove `all: true` to select by names or ids, or remove those to select all',
  );
  expect(problem({ names: [] })).toBe(
    'selector.names must list at least one name or pattern (leave names out to select every sub-organization)',
  );
  expect(problem({ names: [' '] })).toBe('selector.names[0] must not be empty');
  expect(problem({ name: ['a'] })).toBe('unknown selector field "name"; known: all, names, ids, exclude');
  expect(problem({ all: false })).toBe('selector.all must be true (or left out), got false');
});

test('described in words for messages, and as the report records it', () => {
  const s = new SubOrganizationSelector({ names: ['acme-*'], ids: ['org-3'], exclude: ['acme-test'] });
  expect(s.describe()).toBe('names "acme-*" or ids "org-3", excluding "acme-test"');
  expect(new SubOrganizationSelector({}).describe()).toBe('all sub-organizations');
  expect(reportedSelector({ all: true })).toEqual({});
  expect(reportedSelector({ names: ['a'], exclude: ['b'] })).toEqual({ names: ['a'], exclude: ['b'] });
});

test('a selector matching nothing: where it came from, what it matched against, and the fix', () => {
  const s = new SubOrganizationSelector({ names: ['acme-*'] });
  expect(nothingSelected(s, 'fleet.yaml:6', 12, 'org-parent').message).toBe(
    'fleet.yaml:6: the selector (names "acme-*") selects nothing: it matched none of the 12 sub-organizations of org-parent; ' +
      'check the names and patterns (case matters; * matches any run of characters), or the ids',
  );
  expect(nothingSelected(new SubOrganizationSelector({}), 'fleet.yaml', 0, 'org-parent').message).toBe(
    'fleet.yaml: the selector (all sub-organizations) selects nothing: organization org-parent has no sub-organizations; ' +
      'check that the parent credentials are the parent organization’s (walletinfra-fleet lists its sub-organizations with list_suborgs)',
  );
});
