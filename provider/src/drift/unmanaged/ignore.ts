// Acknowledged objects: what a team knowingly keeps out of code (a break-glass key held in a vault, a kind
// another repository owns), like driftctl's `.driftignore` (github.com/snyk/driftctl, pkg/filter/driftignore.go).
// Given on the command line (`--ignore ID`, `--ignore-kind TYPE`) or, reviewed with the code, in a stack's
// config `walletinfra-drift:ignore`: a list of `{ id?, kind?, reason }`, where the reason is required.
import { z } from 'zod';
import { ConfigurationError } from '@walletinfra/sdk';
import type { AnyKind } from '../../resources/kind';
import type { IgnoreRule } from './types';

/** The stack config key (its own namespace: the provider refuses unknown `walletinfra:*` keys). */
export const IGNORE_CONFIG_KEY = 'walletinfra-drift:ignore';

const ConfigRule = z.strictObject({
  id: z.string().trim().min(1, 'must not be empty').optional(),
  kind: z.string().trim().min(1, 'must not be empty').optional(),
  reason: z.string().trim().min(1, 'must say why the object stays out of code'),
});
const ConfigRules = z.array(ConfigRule);

function knownKinds(kinds: readonly AnyKind[]): string {
  return kinds.map((k) => k.type).join(', ');
}

/** `--ignore-kind TYPE`: one of the kinds, by its type name. */
export function kindRule(type: string, kinds: readonly AnyKind[], where: string): string {
  if (kinds.some((k) => k.type === type)) return type;
  throw new ConfigurationError(`${where}: "${type}" is no resource kind; known: ${knownKinds(kinds)}`);
}

/** Reads a stack's `walletinfra-drift:ignore` (JSON, as Pulumi hands structured config over); throws naming the entry. */
export function configRules(stack: string, value: string | undefined, kinds: readonly AnyKind[]): IgnoreRule[] {
  if (value === undefined) return [];
  const where = `stack ${stack}: ${IGNORE_CONFIG_KEY}`;
  const example = `e.g. [{ "id": "<object id>", "reason": "break-glass key, held in the vault" }]`;
  let raw: unknown;
  try {
    raw = JSON.parse(value);
  } catch {
    throw new ConfigurationError(
      `${where}: expected a list of { id, kind, reason } (set it as a YAML list in Pulumi.${stack}.yaml), ${example}`,
    );
  }
  const parsed = ConfigRules.safeParse(raw);
  if (!parsed.success) {
    const issue = parsed.error.issues[0];
    const path = (issue?.path ?? []).map((p) => (typeof p === 'number' ? `[${p}]` : `.${String(p)}`)).join('');
    const message =
      issue?.code === 'unrecognized_keys'
        ? `unknown field ${issue.keys.map((k) => `"${k}"`).join(', ')}; known: id, kind, reason`
        : issue?.code === 'invalid_type' && path === ''
          ? `expected a list of { id, kind, reason }, ${example}`
          : (issue?.message ?? 'invalid');
    throw new ConfigurationError(`${where}${path}: ${message}`);
  }
  return parsed.data.map((rule, i) => {
    if (rule.id === undefined && rule.kind === undefined) {
      throw new ConfigurationError(`${where}[${i}]: names nothing; give the object's "id", a "kind" (${knownKinds(kinds)}), or both`);
    }
    if (rule.kind !== undefined) kindRule(rule.kind, kinds, `${where}[${i}].kind`);
    return { ...rule, source: `stack ${stack}` };
  });
}

/** The first rule that acknowledges an object of `kind` with `id`. */
export function matchingRule(rules: readonly IgnoreRule[], kind: AnyKind, id: string): IgnoreRule | undefined {
  return rules.find((r) => (r.id === undefined || r.id === id) && (r.kind === undefined || r.kind === kind.type));
}
