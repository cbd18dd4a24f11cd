// The IP allowlist's rule set, as the service checks it on set_ip_allowlist
// (docs.turnkey.com/reference/ip-allowlisting): CIDRs normalised and de-duplicated keeping the first
// label; at most 10 IPv4 and 10 IPv6 rules; nothing broader than /20 (IPv4) or /48 (IPv6). The docs say
// "maximum prefix length"; we read it as the broadest range accepted (docs/service-behaviour.md#ip-allowlist).
import { parseCidr, type IpFamily } from './cidr';

export const IP_ALLOWLIST_LIMITS = {
  rulesPerFamily: 10,
  broadestPrefix: { 4: 20, 6: 48 } as Readonly<Record<IpFamily, number>>,
} as const;

export interface IpAllowlistRuleInput {
  cidr: string;
  label?: string | undefined;
}

export interface IpAllowlistRule {
  cidr: string;
  label: string;
}

/** A problem with one rule (`rules[2].cidr`) or with the whole list (`rules`). */
export interface IpAllowlistProblem {
  path: string;
  message: string;
}

export interface IpAllowlistRules {
  rules: IpAllowlistRule[];
  problems: IpAllowlistProblem[];
  /** Rules whose normal CIDR repeats an earlier rule's: the service drops them silently (first label kept). */
  duplicates: Array<{ index: number; firstIndex: number; cidr: string }>;
}

/** The rules as the service stores them, and every problem the service would refuse them for. */
export function normalizeIpAllowlistRules(input: readonly IpAllowlistRuleInput[]): IpAllowlistRules {
  const rules: IpAllowlistRule[] = [];
  const problems: IpAllowlistProblem[] = [];
  const duplicates: IpAllowlistRules['duplicates'] = [];
  const seen = new Map<string, number>();
  const counts: Record<IpFamily, number> = { 4: 0, 6: 0 };
  input.forEach((rule, i) => {
    const path = `rules[${i}].cidr`;
    const parsed = parseCidr(rule.cidr.trim());
    if (!parsed.ok) {
      problems.push({ path, message: parsed.problem });
      return;
    }
    const { family, prefix, normalized } = parsed.cidr;
    const broadest = IP_ALLOWLIST_LIMITS.broadestPrefix[family];
    if (prefix < broadest) {
      problems.push({ path, message: `${JSON.stringify(rule.cidr)} is broader than the maximum /${broadest} for IPv${family}` });
      return;
    }
    const firstIndex = seen.get(normalized);
    if (firstIndex !== undefined) {
      duplicates.push({ index: i, firstIndex, cidr: normalized });
      return;
    }
    seen.set(normalized, i);
    counts[family] += 1;
    if (counts[family] === IP_ALLOWLIST_LIMITS.rulesPerFamily + 1) {
      // Named at the first rule past the limit, so the fix is visible in the program.
      problems.push({
        path,
        message: `${JSON.stringify(rule.cidr)} is IPv${family} CIDR number ${counts[family]}: at most ${IP_ALLOWLIST_LIMITS.rulesPerFamily} IPv${family} CIDRs are allowed`,
      });
    }
    rules.push({ cidr: normalized, label: rule.label ?? '' });
  });
  return { rules, problems, duplicates };
}
