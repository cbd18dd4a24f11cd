// The README's "In place or replacement" and "Adopting existing objects" tables, rendered from the kinds
// (./kinds.ts) and their sdk field tables (the way terraform-plugin-docs renders attribute docs from the
// schema), and the parts of its opening that list the kinds (what it manages, the type tokens, the contents).
// A unit test holds provider/README.md to exactly these, so the docs cannot drift from what diff and adopt do,
// nor name fewer kinds than there are.
import type { AnyKind } from './kind';
import { KINDS } from './kinds';

function names(kind: AnyKind, fields: readonly string[]): string[] {
  return fields.flatMap((f) => kind.inputNames?.[f] ?? [f]).map((f) => `\`${f}\``);
}

function list(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

export function inPlaceTable(kinds: readonly AnyKind[] = KINDS): string {
  const rows = kinds.map((kind) => {
    const reason = kind.replaceReason ?? 'the update cannot change it';
    const own = names(kind, kind.table.replace);
    const replaced = [...(own.length > 0 ? [`${own.join(', ')} (${reason})`] : []), '`organizationId` (another organization)'];
    const local = kind.providerOnly.map((f) => `\`${f}\` (checked at preview; no call to the service)`);
    const inPlace = [...names(kind, kind.table.inPlace), ...local];
    return `| ${kind.type} | ${inPlace.length > 0 ? inPlace.join(', ') : 'nothing'} | ${replaced.join(', ')} |`;
  });
  return [
    '| resource | updated in place | replaced (new object, then the old one deleted) |',
    '|---|---|---|',
    ...rows,
    '| all | `profile` (no call to the service; only which credentials later calls use) | |',
  ].join('\n');
}

export function adoptionTable(kinds: readonly AnyKind[] = KINDS): string {
  const rows = kinds.map((kind) => {
    const mustMatch = kind.table.replace.length === 0 ? '' : `; its ${list(names(kind, kind.table.replace))} must equal the declared value`;
    const natural = kind.table.singleton
      ? `the organization's one ${kind.noun}, which always exists (\`create\` takes it over even without \`adopt\`)`
      : `the ${kind.noun} with the same ${list(names(kind, kind.table.naturalKey))}`;
    return `| ${kind.type} | that ${kind.noun}${mustMatch} | \`{ ${kind.adopt.flag}: true }\`: ${natural} |`;
  });
  return ['| resource | `adopt: { id }` | natural key |', '|---|---|---|', ...rows].join('\n');
}

/**
 * What the README's opening says a program declares: `**policies**, **webhook endpoints**, … and **velocity
 * controls**` (the one object of a kind an organization has once, in the singular: `**root quorum**`).
 */
export function kindsManaged(kinds: readonly AnyKind[] = KINDS): string {
  return list(kinds.map((kind) => `**${kind.shape === 'singleton' ? kind.noun : kind.plural}**`));
}

/** The dynamic resources' type tokens, the first whole: `` `pulumi-nodejs:dynamic/walletinfra:Policy`, `…:WebhookEndpoint`, … ``. */
export function dynamicTypeTokens(kinds: readonly AnyKind[] = KINDS): string {
  return list(kinds.map((kind, i) => (i === 0 ? `\`${kind.dynamicToken}\`` : `\`…:${kind.type}\``)));
}

/** The contents' line of the resources: a link to each kind's section, then the in-place table. */
export function resourcesContents(kinds: readonly AnyKind[] = KINDS): string {
  const links = kinds.map((kind) => `[${kind.type}](#${kind.type.toLowerCase()})`);
  return `- Resources: ${links.join(', ')}, [what changes in place](#in-place-or-replacement)`;
}
