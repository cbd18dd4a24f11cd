// Which sub-organizations of the parent a fleet covers: all of them, those whose name matches a pattern, those in a
// list of ids, less those excluded by name (or pattern) or id. docs/fleet.md, "Selecting sub-organizations".
import { z } from 'zod';
import { ConfigurationError } from '@walletinfra/sdk/errors';
import { got } from '@walletinfra/sdk/options';

/** The message of a value of the wrong type only; the checks' own messages stay theirs. */
export function wrongType(fix: string): (issue: { code?: string; input?: unknown }) => string | undefined {
  return (issue) => (issue.code === 'invalid_type' ? got(fix)(issue) : undefined);
}

const pattern = z
  .string({ error: got('must be a name or a pattern, where * matches any run of characters and ? one character') })
  .trim()
  .min(1, { error: 'must not be empty' });
const id = z
  .string({ error: got('must be a sub-organization id') })
  .trim()
  .min(1, { error: 'must not be empty' });

export const SelectorSchema = z
  .strictObject({
    /** Every sub-organization (the default when neither `names` nor `ids` is given). */
    all: z.literal(true, { error: got('must be true (or left out)') }).optional(),
    /** Names or patterns (`acme-*`, `eu-?-prod`): a sub-organization whose name matches any is selected. */
    names: z
      .array(pattern, { error: wrongType('must be a list of names or patterns') })
      .min(1, { error: 'must list at least one name or pattern (leave names out to select every sub-organization)' })
      .optional(),
    /** Sub-organization ids: each is selected (and reported unreachable when the parent has no such sub-organization). */
    ids: z
      .array(id, { error: wrongType('must be a list of sub-organization ids') })
      .min(1, { error: 'must list at least one id (leave ids out to select every sub-organization)' })
      .optional(),
    /** Names, patterns or ids left out, even when `names` or `ids` select them. */
    exclude: z
      .array(pattern, { error: wrongType('must be a list of names, patterns or ids') })
      .min(1, { error: 'must list at least one name, pattern or id (or be left out)' })
      .optional(),
  })
  .superRefine((s, ctx) => {
    if (s.all === true && (s.names !== undefined || s.ids !== undefined)) {
      ctx.addIssue({
        code: 'custom',
        path: ['all'],
        input: s.all,
        message: 'cannot be combined with names or ids: remove `all: true` to select by names or ids, or remove those to select all',
      });
    }
  });

export type Selector = z.output<typeof SelectorSchema>;

/** What the selector looks at. */
export interface Member {
  id: string;
  name: string;
}

/** A name or pattern (`*` any run of characters, `?` one character, everything else literal) as a regular expression. */
export function namePattern(p: string): RegExp {
  const source = p
    .replace(/[.+^${}()|[\]\\]/g, '\\$&')
    .replace(/\*/g, '.*')
    .replace(/\?/g, '.');
  return new RegExp(`^${source}$`, 's');
}

/** A selector ready to match members (its patterns compiled once). */
export class SubOrganizationSelector {
  private readonly names: RegExp[] | undefined;
  private readonly ids: ReadonlySet<string> | undefined;
  private readonly excludeNames: RegExp[];
  private readonly excludeIds: ReadonlySet<string>;

  constructor(readonly selector: Selector) {
    this.names = selector.names?.map(namePattern);
    this.ids = selector.ids === undefined ? undefined : new Set(selector.ids);
    this.excludeNames = (selector.exclude ?? []).map(namePattern);
    this.excludeIds = new Set(selector.exclude ?? []);
  }

  /** Everything, unless names or ids narrow it. */
  get selectsAll(): boolean {
    return this.names === undefined && this.ids === undefined;
  }

  /**
   * Whether a sub-organization may be selected, by its id alone: false only when the selector lists ids and no
   * names, and this id is not listed. Its name is then never needed (no `whoami`).
   */
  mayIncludeId(id: string): boolean {
    return this.names !== undefined || this.ids === undefined || this.ids.has(id);
  }

  /** The ids the selector lists, each of which must be a sub-organization. */
  get listedIds(): readonly string[] {
    return this.selector.ids ?? [];
  }

  selects(member: Member): boolean {
    if (this.excludeIds.has(member.id) || this.excludeNames.some((r) => r.test(member.name))) return false;
    if (this.selectsAll) return true;
    return (this.ids?.has(member.id) ?? false) || (this.names?.some((r) => r.test(member.name)) ?? false);
  }

  /** In words, for messages: `names "acme-*", ids "org-1", excluding "acme-test"`; `all`. */
  describe(): string {
    const list = (values: readonly string[]) => values.map((v) => JSON.stringify(v)).join(', ');
    const parts: string[] = [];
    if (this.selector.names !== undefined) parts.push(`names ${list(this.selector.names)}`);
    if (this.selector.ids !== undefined) parts.push(`ids ${list(this.selector.ids)}`);
    const base = parts.length === 0 ? 'all sub-organizations' : parts.join(' or ');
    return this.selector.exclude === undefined ? base : `${base}, excluding ${list(this.selector.exclude)}`;
  }
}

/** The selector as a report records it: what narrows the fleet, nothing else. */
export function reportedSelector(selector: Selector): { names?: string[]; ids?: string[]; exclude?: string[] } {
  return {
    ...(selector.names !== undefined ? { names: [...selector.names] } : {}),
    ...(selector.ids !== undefined ? { ids: [...selector.ids] } : {}),
    ...(selector.exclude !== undefined ? { exclude: [...selector.exclude] } : {}),
  };
}

/**
 * The error of a selector that matched none of the parent's sub-organizations: what it was, where it came from,
 * how many there were, and what to do.
 */
export function nothingSelected(selector: SubOrganizationSelector, source: string, seen: number, parent: string): ConfigurationError {
  const what =
    seen === 0 ? `organization ${parent} has no sub-organizations` : `it matched none of the ${seen} sub-organizations of ${parent}`;
  return new ConfigurationError(
    `${source}: the selector (${selector.describe()}) selects nothing: ${what}; ` +
      (seen === 0
        ? 'check that the parent credentials are the parent organization’s (walletinfra-fleet lists its sub-organizations with list_suborgs)'
        : 'check the names and patterns (case matters; * matches any run of characters), or the ids'),
  );
}
