// The organization's access controls, for the access-controls e2e test: the organization-level IP allowlist
// (adopted: an organization always has one), one API key's list, a private-key tag holding two private keys,
// and a session profile. The test edits this file as a user would (rules, the tag's name and members, the
// profile's scope) and checks what `pulumi preview` says and what `pulumi up` does at the emulator.
import * as pulumi from '@pulumi/pulumi';
import * as walletinfra from '@walletinfra/pulumi';

const config = new pulumi.Config();
// Ids the emulator made: three private keys, and the API key whose own list this program declares.
const keys = config.requireObject<{ k1: string; k2: string; k3: string }>('privateKeyIds');
const ciApiKey = config.require('ciApiKey');

new walletinfra.IpAllowlist('organization', {
  enabled: false,
  rules: [
    { cidr: '203.0.113.0/24', label: 'office' },
    { cidr: '198.51.100.0/24', label: 'vpn' },
  ],
  adopt: { byScope: true },
});

new walletinfra.IpAllowlist('ci-key', {
  publicKey: ciApiKey,
  rules: [{ cidr: '192.168.1.0/24', label: 'runners' }],
});

const tag = new walletinfra.PrivateKeyTag('cold-keys', {
  privateKeyTagName: 'cold',
  privateKeyIds: [keys.k1, keys.k2],
});

const profile = new walletinfra.SessionProfile('read-only', {
  sessionProfileName: 'read-only',
  scope: "activity.action != 'EXPORT'",
  expirationSeconds: 600,
  adopt: { byName: true },
});

export const privateKeyTagId = tag.privateKeyTagId;
export const sessionProfileId = profile.sessionProfileId;
