// The README's "In place or replacement" and "Adopting existing objects" tables, rendered from the sdk's
// field tables (the way terraform-plugin-docs renders attribute docs from the schema). A unit test holds
// provider/README.md to exactly these tables, so the docs cannot drift from what diff and adopt do.
import {
  FIAT_ON_RAMP_CREDENTIAL_FIELD_TABLE,
  IP_ALLOWLIST_FIELD_TABLE,
  POLICY_FIELD_TABLE,
  PRIVATE_KEY_TAG_FIELD_TABLE,
  SESSION_PROFILE_FIELD_TABLE,
  WEBHOOK_ENDPOINT_FIELD_TABLE,
  type FieldTable,
} from '@walletinfra/sdk';
import { FIAT_ADOPT_FLAGS } from './fiatOnRampCredential/types';
import { IP_ALLOWLIST_ADOPT_FLAGS } from './ipAllowlist/types';
import { POLICY_ADOPT_FLAGS } from './policy/types';
import { PRIVATE_KEY_TAG_ADOPT_FLAGS } from './privateKeyTag/types';
import { SESSION_PROFILE_ADOPT_FLAGS } from './sessionProfile/types';
import { WEBHOOK_ADOPT_FLAGS } from './webhookEndpoint/types';

interface DocumentedResource {
  table: FieldTable;
  /** What the docs call one object: "policy", "webhook endpoint". */
  noun: string;
  adoptFlag: string;
  /** The resource's input names for a service field, where a program may use others (plain-text secrets). */
  inputNames?: Readonly<Record<string, readonly string[]>>;
  /** Why a replace-only field replaces, when not "the update cannot change it". */
  replaceReason?: string;
  /** Inputs of the provider's own that the service never sees: they change in place without a call. */
  providerOnly?: readonly string[];
}

const DOCUMENTED_RESOURCES: readonly DocumentedResource[] = [
  { table: POLICY_FIELD_TABLE, noun: 'policy', adoptFlag: POLICY_ADOPT_FLAGS[0] },
  { table: WEBHOOK_ENDPOINT_FIELD_TABLE, noun: 'endpoint', adoptFlag: WEBHOOK_ADOPT_FLAGS[0] },
  {
    table: FIAT_ON_RAMP_CREDENTIAL_FIELD_TABLE,
    noun: 'credential',
    adoptFlag: FIAT_ADOPT_FLAGS[0],
    inputNames: {
      encryptedSecretApiKey: ['secretApiKey', 'encryptedSecretApiKey'],
      encryptedPrivateApiKey: ['privateApiKey', 'encryptedPrivateApiKey'],
    },
  },
  {
    table: IP_ALLOWLIST_FIELD_TABLE,
    noun: 'list',
    adoptFlag: IP_ALLOWLIST_ADOPT_FLAGS[0],
    replaceReason: "another API key's list",
    providerOnly: ['allowLockout'],
  },
  { table: PRIVATE_KEY_TAG_FIELD_TABLE, noun: 'tag', adoptFlag: PRIVATE_KEY_TAG_ADOPT_FLAGS[0] },
  {
    table: SESSION_PROFILE_FIELD_TABLE,
    noun: 'profile',
    adoptFlag: SESSION_PROFILE_ADOPT_FLAGS[0],
    replaceReason: 'no update exists; the old profile stays in the service',
  },
];

function names(r: DocumentedResource, fields: readonly string[]): string[] {
  return fields.flatMap((f) => r.inputNames?.[f] ?? [f]).map((f) => `\`${f}\``);
}

function list(items: readonly string[]): string {
  return items.length <= 1 ? (items[0] ?? '') : `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}

export function inPlaceTable(): string {
  const rows = DOCUMENTED_RESOURCES.map((r) => {
    const reason = r.replaceReason ?? 'the update cannot change it';
    const own = names(r, r.table.replace);
    const replaced = [...(own.length > 0 ? [`${own.join(', ')} (${reason})`] : []), '`organizationId` (another organization)'];
    const local = (r.providerOnly ?? []).map((f) => `\`${f}\` (checked at preview; no call to the service)`);
    const inPlace = [...names(r, r.table.inPlace), ...local];
    return `| ${r.table.resource} | ${inPlace.length > 0 ? inPlace.join(', ') : 'nothing'} | ${replaced.join(', ')} |`;
  });
  return [
    '| resource | updated in place | replaced (new object, then the old one deleted) |',
    '|---|---|---|',
    ...rows,
    '| all | `profile` (no call to the service; only which credentials later calls use) | |',
  ].join('\n');
}

export function adoptionTable(): string {
  const rows = DOCUMENTED_RESOURCES.map((r) => {
    const mustMatch = r.table.replace.length === 0 ? '' : `; its ${list(names(r, r.table.replace))} must equal the declared value`;
    return `| ${r.table.resource} | that ${r.noun}${mustMatch} | \`{ ${r.adoptFlag}: true }\`: the ${r.noun} with the same ${list(names(r, r.table.naturalKey))} |`;
  });
  return ['| resource | `adopt: { id }` | natural key |', '|---|---|---|', ...rows].join('\n');
}
