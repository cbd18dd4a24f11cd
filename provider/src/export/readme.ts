// The part of an exported project's README that every language shares: the commands that set the secrets
// the service never returns and adopt the organization, and what each secret is.
import type { ConfigSecret } from '../resources/kind';

/** The README's last commands: each secret's `pulumi config set --secret`, then preview, up, a clean preview. */
export function adoptionCommands(secrets: readonly ConfigSecret[]): string[] {
  return [
    ...secrets.map((s) => `pulumi config set --secret ${s.key} ${s.placeholder}`),
    'pulumi preview          # adopts every object, creates none',
    'pulumi up',
    'pulumi preview --expect-no-changes',
  ];
}

/** The paragraph after the commands: which stack config keys hold the secrets, or that none is needed. */
export function secretsParagraph(secrets: readonly ConfigSecret[]): string {
  return secrets.length > 0
    ? 'The service never returns on-ramp secrets, so they are read from stack config:\n\n' +
        secrets.map((s) => `- \`${s.key}\`: ${s.what}`).join('\n')
    : 'Nothing needs a secret.';
}
