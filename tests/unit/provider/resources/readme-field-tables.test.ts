// provider/README.md's "In place or replacement" and "Adopting existing objects" tables are exactly the ones
// rendered from the sdk's field tables, and its opening names every kind (what a program declares, the type
// tokens, the contents); on failure, the expected text is printed to paste in.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { adoptionTable, dynamicTypeTokens, inPlaceTable, kindsManaged, resourcesContents } from '@walletinfra/pulumi/resources/field-docs';

const README = readFileSync(join(__dirname, '..', '..', '..', '..', 'provider', 'README.md'), 'utf8');

/** The first Markdown table after a heading. */
function tableAfter(heading: string): string {
  const start = README.indexOf(`${heading}\n`);
  if (start < 0) throw new Error(`provider/README.md has no heading "${heading}"`);
  const lines = README.slice(start).split('\n');
  const first = lines.findIndex((l) => l.startsWith('|'));
  const end = lines.findIndex((l, i) => i > first && !l.startsWith('|'));
  return lines.slice(first, end).join('\n');
}

test('the in-place/replacement table matches the field tables', () => {
  expect(tableAfter('### In place or replacement')).toBe(inPlaceTable());
});

test('the adoption table matches the field tables', () => {
  expect(tableAfter('## Adopting existing objects')).toBe(adoptionTable());
});

test('the rendered tables say what the intents imply (known answers)', () => {
  expect(inPlaceTable()).toContain(
    '| WebhookEndpoint | `url`, `name`, `isActive` | `subscriptions` (the update cannot change it), `organizationId` (another organization) |',
  );
  expect(adoptionTable()).toContain(
    '| FiatOnRampCredential | that fiat on-ramp credential; its `sandboxMode` must equal the declared value | `{ byPublishableApiKey: true }`: the fiat on-ramp credential with the same `onrampProvider`, `publishableApiKey` and `sandboxMode` |',
  );
});

/** The README before its first section, its lines joined: the opening paragraphs and the contents. */
const OPENING = README.slice(0, README.indexOf('\n## ')).replace(/\n(?!- )/g, ' ');

test('the opening names every kind: what a program declares, the type tokens and the contents', () => {
  expect(OPENING).toContain(`declare an organization's ${kindsManaged()} in a Pulumi program`);
  expect(OPENING).toContain(`(type tokens ${dynamicTypeTokens()}):`);
  expect(README.split('\n')).toContain(resourcesContents());
  // Known answers: the last kinds, and the first token whole.
  expect(kindsManaged()).toMatch(/\*\*root quorum\*\*, \*\*smart-contract interfaces\*\* and \*\*velocity controls\*\*$/);
  expect(dynamicTypeTokens()).toMatch(/^`pulumi-nodejs:dynamic\/walletinfra:Policy`, `…:WebhookEndpoint`, .* and `…:VelocityControl`$/);
});
