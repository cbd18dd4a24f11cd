// The policy linter as a Pulumi policy pack (CrossGuard, the @pulumi/policy package), so `pulumi preview
// --policy-pack <dir>` enforces it with Pulumi's own mechanism: one stack policy per rule, mandatory by default (a
// violation fails the preview), each settable to advisory or disabled with `--policy-pack-config`
// (https://www.pulumi.com/docs/iac/using-pulumi/crossguard/configuration/). The pack lints the Policy resources of
// the stack together with what they depend on: the stack's SmartContractInterface and VelocityControl resources,
// and, when the stack's credentials (its `walletinfra:*` config, which the engine hands the pack as PULUMI_CONFIG,
// or the environment) can read the organization, its users, tags, root quorum, interfaces, controls and the
// policies the stack does not manage. `lint-ignore: <rule>` in a policy's notes silences a rule for it.
//
// The package ships the pack's directory (policy-pack/: PulumiPolicy.yaml and an entry that calls
// `runPolicyPack`); the engine runs it through the Node.js language host, which starts
// @pulumi/pulumi/cmd/run-policy-pack in that directory (pulumi-language-nodejs `RunPlugin`).
import { PolicyPack, type PolicyResource, type ReportViolation, type StackValidationArgs } from '@pulumi/policy';
import {
  POLICY_LINT_RULE_IDS,
  lintPolicies,
  type ContractInterfaceInput,
  type LintPolicy,
  type PolicyLintFinding,
} from '@walletinfra/sdk/policy';
import { resolveSettings, type SettingsSources } from '../config';
import { messageOf } from '../errors';
import { clientReader, type LintFacts } from '../policy-review/organization';
import { canonicalInterface } from '../resources/smartContractInterface/spec';
import { kindOfToken } from '../resources/kinds';
import { UNKNOWN } from '../wire';
import { findingPlace, findingText, RULE_SUMMARIES } from '../policy-lint/findings';
import { organizationView } from '../policy-lint/view';

/** A resource of the stack as the pack sees it (the engine's outputs; planned inputs for a create). */
export interface StackResource {
  type: string;
  urn: string;
  props: Record<string, unknown>;
}

/** What the organization holds, read with the stack's credentials. */
export interface LiveOrganization {
  organizationId: string;
  /** Every policy, to lint the stack's against (a DENY the stack does not manage can shadow its ALLOW). */
  policies: LintPolicy[];
  facts: LintFacts;
}

/** One finding, on the resource that declares the policy. */
export interface StackFinding {
  finding: PolicyLintFinding;
  urn: string;
}

const text = (v: unknown): string | undefined => (typeof v === 'string' && v !== UNKNOWN ? v : undefined);

/** Every finding on the stack's policies, organization by organization. */
export function stackFindings(resources: readonly StackResource[], live?: LiveOrganization): StackFinding[] {
  const ofType = (type: string) => resources.filter((r) => kindOfToken(r.type)?.type === type);
  const organizationOf = (r: StackResource): string => text(r.props.organizationId) ?? '';
  const organizations = [...new Set(ofType('Policy').map(organizationOf))];
  const out: StackFinding[] = [];
  for (const organizationId of organizations) {
    const here = (r: StackResource) => organizationOf(r) === organizationId;
    const subjects = ofType('Policy').filter(here);
    const policies: LintPolicy[] = subjects.map((r) => ({
      policyName: text(r.props.policyName) ?? r.urn.split('::').pop() ?? '',
      effect: text(r.props.effect) ?? '',
      ...(text(r.props.condition) !== undefined ? { condition: text(r.props.condition) } : {}),
      ...(text(r.props.consensus) !== undefined ? { consensus: text(r.props.consensus) } : {}),
      ...(text(r.props.notes) !== undefined ? { notes: text(r.props.notes) } : {}),
    }));
    const org = live !== undefined && live.organizationId === organizationId ? live : undefined;
    const declared = new Set(policies.map((p) => p.policyName));
    const context = (org?.policies ?? []).filter((p) => !declared.has(p.policyName));
    const interfaces: ContractInterfaceInput[] = [
      ...ofType('SmartContractInterface')
        .filter(here)
        .map((r) => r.props),
      ...(org?.facts.smartContractInterfaces ?? []),
    ].flatMap((i) => {
      const address = text(i.smartContractAddress);
      const type = text(i.type);
      const json = canonicalInterface(i.smartContractInterface);
      return address !== undefined && type !== undefined && typeof json === 'string' && json !== UNKNOWN
        ? [{ smartContractAddress: address, type, smartContractInterface: json }]
        : [];
    });
    const controls = [
      ...ofType('VelocityControl')
        .filter(here)
        .map((r) => text(r.props.identifier)),
      ...(org?.facts.velocityControls ?? []).map((c) => c.identifier),
    ].filter((c): c is string => c !== undefined);
    const view = organizationView({
      ...(org !== undefined ? { users: org.facts.users, userTags: org.facts.userTags, rootQuorum: org.facts.rootQuorum } : {}),
      smartContractInterfaces: interfaces,
      velocityControls: controls,
    });
    const all = [...policies, ...context];
    const findings = lintPolicies(all, view, { subjects: policies.map((_, i) => i) });
    for (const finding of findings) out.push({ finding, urn: (subjects[finding.policyIndex] as StackResource).urn });
  }
  return out;
}

/** The violation message: the policy, where in it, why it is dangerous, how to fix or silence it. */
export function violationText(f: PolicyLintFinding): string {
  const place = findingPlace(f);
  return `policy ${JSON.stringify(f.policyName)}${place !== '' ? ` ${place}` : ''}: ${findingText(f)}`;
}

/** Reads the organization with the stack's configuration (PULUMI_CONFIG) or the environment. */
export async function readLiveOrganization(env: Readonly<Record<string, string | undefined>> = process.env): Promise<LiveOrganization> {
  const config = JSON.parse(env.PULUMI_CONFIG ?? '{}') as Record<string, unknown>;
  const sources: SettingsSources = {
    config: (key) => (typeof config[key] === 'string' ? config[key] : config[key] === undefined ? undefined : JSON.stringify(config[key])),
    env,
    keys: () => Object.keys(config),
  };
  const reader = clientReader(resolveSettings(sources));
  const [policies, facts] = await Promise.all([reader.listPolicies(), (reader.lintFacts as () => Promise<LintFacts>)()]);
  return { organizationId: reader.organizationId, policies, facts };
}

export interface PackOptions {
  /** Reads the organization; default `readLiveOrganization`. Failing to read leaves the stack's own objects to lint. */
  read?: () => Promise<LiveOrganization>;
  /** Where a note that the organization could not be read goes; default stderr (shown by the engine). */
  note?: (line: string) => void;
}

/** The pack's policies: one stack policy per rule, all sharing one lint of the stack. */
export function packPolicies(options: PackOptions = {}) {
  const read = options.read ?? (() => readLiveOrganization());
  const note = options.note ?? ((line: string) => void process.stderr.write(`${line}\n`));
  let run: { key: string; findings: Promise<StackFinding[]> } | undefined;
  const findingsFor = (resources: readonly PolicyResource[]): Promise<StackFinding[]> => {
    const key = resources.map((r) => r.urn).join('\n');
    if (run?.key !== key) {
      const stack = resources.map((r) => ({ type: r.type, urn: r.urn, props: r.props as Record<string, unknown> }));
      const findings = read().then(
        (live) => stackFindings(stack, live),
        (error: unknown) => {
          note(`walletinfra policy pack: the organization could not be read (${messageOf(error)}); linting the stack's own objects only`);
          return stackFindings(stack);
        },
      );
      run = { key, findings };
    }
    return run.findings;
  };
  return POLICY_LINT_RULE_IDS.map((rule) => ({
    name: rule,
    description: RULE_SUMMARIES[rule],
    validateStack: async (args: StackValidationArgs, reportViolation: ReportViolation) => {
      for (const { finding, urn } of await findingsFor(args.resources)) {
        if (finding.rule === rule) reportViolation(violationText(finding), urn);
      }
    },
  }));
}

/** Serves the pack to the engine (the entry of the shipped policy-pack directory calls this). */
export function runPolicyPack(options: PackOptions = {}): PolicyPack {
  return new PolicyPack('walletinfra', {
    description: 'The walletinfra policy linter (docs/policy-lint.md): the policy mistakes the service guides warn about.',
    enforcementLevel: 'mandatory',
    policies: packPolicies(options),
  });
}
