// Seeding an organization (emulator/src/seed): what the seed's schema lets through but a handler or a rule of the
// service refuses is refused naming the entry's place in the seed, and nothing of the seed is kept.
import { SeedError, type SeedInput } from '@walletinfra/emulator';
import { useTestEmulator } from '../../support/emulator';

const emu = useTestEmulator();

const SOLANA_ADDRESS = '8kbSbPnZgGCTQDbc9QkCBvRX3Cjus2B6KTsXjRhmbBgD';
const solanaWallet = {
  walletName: 'sol',
  accounts: [
    {
      curve: 'CURVE_ED25519' as const,
      pathFormat: 'PATH_FORMAT_BIP32' as const,
      path: "m/44'/501'/0'/0'",
      addressFormat: 'ADDRESS_FORMAT_SOLANA' as const,
      address: SOLANA_ADDRESS,
    },
  ],
};
const policy = { policyName: 'p', effect: 'EFFECT_ALLOW' as const, notes: '' };

const refusals: Array<[string, SeedInput, string]> = [
  [
    'an API key the curve refuses',
    { users: [{ userName: 'u', apiKeys: [{ apiKeyName: 'k', publicKey: 'zz' }] }] },
    'seed.users[0].apiKeys[0].publicKey: must be a compressed P-256 public key (66 hex characters)',
  ],
  [
    'a passkey with a bad public key',
    { users: [{ userName: 'u', authenticators: [{ authenticatorName: 'a', credentialId: 'AAAA', publicKey: 'zz' }] }] },
    'seed.users[0].authenticators[0].publicKey: must be a P-256 public key in hex (compressed or uncompressed)',
  ],
  [
    'more approvals than root users',
    { organization: { requiredApprovals: 2 } },
    'seed.organization.requiredApprovals must be at most the number of root users (1, the bootstrap user and seed.users with root: true), got 2',
  ],
  [
    'an account path create_wallet refuses',
    { wallets: [{ walletName: 'w', accounts: [{ ...solanaWallet.accounts[0]!, path: 'x' }] }] },
    "seed.wallets[0].accounts[0].path: must be a BIP-32 path such as m/44'/60'/0'/0/0",
  ],
  [
    'a session profile scope the policy engine refuses',
    { sessionProfiles: [{ sessionProfileName: 's', scope: 'activity.type ==' }] },
    "seed.sessionProfiles[0].scope: 1:17: expected an expression after '==', found the end of the input",
  ],
  [
    'a policy condition the policy engine refuses',
    { policies: [{ ...policy, condition: 'activity.type ==' }] },
    "seed.policies[0].condition: 1:17: expected an expression after '==', found the end of the input",
  ],
  [
    'a policy reading a control nobody declared',
    { policies: [{ ...policy, condition: 'controls.daily.exceeded' }] },
    "seed.policies[0].condition: 1:10: no velocity control has identifier 'daily'; declare a velocity control with that identifier (none is declared)",
  ],
  [
    'two policies with one name',
    { policies: [policy, policy] },
    'seed.policies[1].policyName: "p" is already taken; policy names are unique in an organization',
  ],
  [
    'a CIDR the allowlist refuses',
    { ipAllowlist: { rules: [{ cidr: '10.0.0.0/33' }] } },
    'seed.ipAllowlist.rules[0].cidr: invalid CIDR "10.0.0.0/33"',
  ],
  [
    "a sub-organization's root user's API key",
    { subOrganizations: [{ name: 's', rootUsers: [{ userName: 'r', apiKeys: [{ apiKeyName: 'k', publicKey: 'zz' }] }] }] },
    'seed.subOrganizations[0].rootUsers[0].apiKeys[0].publicKey: must be a compressed P-256 public key (66 hex characters)',
  ],
  [
    "a sub-organization's wallet",
    {
      subOrganizations: [
        {
          name: 's',
          rootUsers: [{ userName: 'r' }],
          wallets: [{ walletName: 'w', accounts: [{ ...solanaWallet.accounts[0]!, path: 'x' }] }],
        },
      ],
    },
    "seed.subOrganizations[0].wallets[0].accounts[0].path: must be a BIP-32 path such as m/44'/60'/0'/0/0",
  ],
  [
    'Solana history of an address not seeded',
    { solanaTransactions: [{ address: SOLANA_ADDRESS, caip2: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', transactions: [] }] },
    'seed.solanaTransactions[0].address must be the address of a Solana account in seed.wallets, got "8kbSbPnZgGCTQDbc9QkCBvRX3Cjus2B6KTsXjRhmbBgD"',
  ],
  [
    'a Solana transaction not in the shape list_sol_transaction_history answers',
    {
      wallets: [solanaWallet],
      solanaTransactions: [{ address: SOLANA_ADDRESS, caip2: 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp', transactions: [{}] }],
    },
    'seed.solanaTransactions[0].transactions[0].signature: must be of type string, got undefined',
  ],
];

test.each(refusals)('%s is refused naming its place in the seed, and nothing is kept', (_what, seed, message) => {
  const before = emu.store.dump();
  let refusal: unknown;
  try {
    emu.seed(seed);
  } catch (e) {
    refusal = e;
  }
  expect(refusal).toBeInstanceOf(SeedError);
  expect((refusal as SeedError).message).toBe(message);
  expect(emu.store.dump()).toEqual(before);
});
