// Lookups in a program (the data sources through the program's own context) against the emulator: a
// lookup made after the provider process wrote an object sees that object, even when the program read the
// same list moments before.
import * as path from 'node:path';
import * as pulumi from '@pulumi/pulumi';
import { getUsers } from '@walletinfra/pulumi/datasources';
import { programContext } from '@walletinfra/pulumi/program/process';
import { startHarness, type Harness } from '../../support/provider-harness';

let h: Harness;

beforeAll(async () => {
  h = await startHarness({ emulator: { seed: path.join(__dirname, '../../../emulator/seeds/example.json') } });
  pulumi.runtime.setAllConfig(h.config, ['walletinfra:apiPrivateKey']);
});
afterAll(async () => {
  pulumi.runtime.setAllConfig({});
  await programContext().close();
  await h.close();
});

test('a lookup after a write made outside the program sees it: no list is kept between lookups', async () => {
  const names = async (): Promise<string[]> => (await getUsers()).users.map((u) => u.userName).sort();
  const [first, concurrent] = await Promise.all([names(), names()]);
  expect(concurrent).toEqual(first);
  expect(first).not.toContain('made-meanwhile');

  // Another process (here the sdk client of the test, in a deployment the provider) creates a user.
  await h.client.createApiOnlyUsers({ apiOnlyUsers: [{ userName: 'made-meanwhile', userTags: [], apiKeys: [] }] });

  expect(await names()).toEqual([...first, 'made-meanwhile'].sort());
});
