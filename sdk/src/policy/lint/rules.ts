// The lint rules, each a pure function of one policy (and, for some, the others and the organization), built on the
// parsed expressions, the activity table and the evaluator (./analysis.ts). Each says why a pattern is dangerous and
// how to fix it, after the service's own guides (docs/policy-lint.md lists the sources).
import { positionAt, type PolicyExpr, type PolicyPosition } from '../ast';
import { resourceAndActionOf, activityKindOf } from '../activity';
import { checkContractCalls } from '../contract-calls';
import { enumProblem } from '../enums';
import { evaluatePolicyExpression } from '../evaluate-policies';
import { PolicyError } from '../errors';
import { readPaths } from '../reads';
import type { EnumField } from '../types';
import { activityTypesOf, canonical, comparisonOf, conjuncts, constantValue, minimumApprovers, parsed, type Comparison } from './analysis';
import type { LintPolicy, OrganizationView, PolicyLintRuleId } from './types';

export interface RuleFinding {
  rule: PolicyLintRuleId;
  severity: 'warning' | 'error';
  field?: 'condition' | 'consensus';
  message: string;
  position?: PolicyPosition;
}

export interface RuleInput {
  policy: LintPolicy;
  all: readonly LintPolicy[];
  view: OrganizationView | undefined;
}

const isAllow = (p: LintPolicy): boolean => p.effect === 'EFFECT_ALLOW';
const at = (source: string, offset: number): PolicyPosition => positionAt(source, offset);

/** allow-without-condition: an ALLOW that applies to every activity. */
export function allowWithoutCondition({ policy }: RuleInput): RuleFinding[] {
  if (!isAllow(policy)) return [];
  const condition = parsed(policy.condition);
  const always =
    condition === undefined ? policy.condition === undefined || policy.condition.trim() === '' : constantValue(condition) === true;
  if (!always) return [];
  const what = condition === undefined ? 'has no condition' : 'has a condition that is true for every request';
  return [
    {
      rule: 'allow-without-condition',
      severity: 'warning',
      field: 'condition',
      message: `this ALLOW ${what}, so it allows every activity (signing, exports, user and policy changes) to whoever satisfies its consensus; state what it allows, e.g. activity.resource == 'WALLET' && activity.action == 'CREATE'`,
    },
  ];
}

// What names a wallet, key, tag or address: reading any of these confines a signing or export policy.
const SCOPE_PREFIXES = ['wallet.', 'wallets', 'private_key.', 'wallet_account.', 'secret.', 'activity.params.sign_with'];
const SCOPE_PATHS = [
  'eth.tx.to',
  'eth.tx.from',
  'eth.eip_712.domain.verifying_contract',
  'eth.eip_7702_authorization.address',
  'solana.tx.program_keys',
  'solana.tx.top_level_program_keys',
  'solana.tx.account_keys',
  'solana.tx.static_account_keys',
  'solana.tx.transfers[].to',
  'solana.tx.spl_transfers[].to',
  'solana.tx.spl_transfers[].token_mint',
  'solana.tx.instructions[].program_key',
  'solana.tx.top_level_instructions[].program_key',
  'tron.tx.contract[].to_address',
  'tron.tx.contract[].contract_address',
  'bitcoin.tx.outputs[].address',
  'tempo.tx.calls[].to',
];

/** unscoped-signing-or-export: an ALLOW for signing or export that names no wallet, key, tag or address. */
export function unscopedSigningOrExport({ policy }: RuleInput): RuleFinding[] {
  if (!isAllow(policy)) return [];
  const condition = parsed(policy.condition);
  if (condition === undefined && policy.condition !== undefined && policy.condition.trim() !== '') return [];
  const actions = new Set(activityTypesOf(condition).types.map((t) => resourceAndActionOf(t)?.action));
  const covers = ['SIGN', 'EXPORT'].filter((a) => actions.has(a as never));
  if (covers.length === 0) return [];
  const reads = policy.condition === undefined ? [] : readPaths(policy.condition);
  if (reads.some((r) => SCOPE_PREFIXES.some((p) => r.startsWith(p)) || SCOPE_PATHS.includes(r))) return [];
  const verb = covers.join(' and ').toLowerCase().replace('sign', 'signing').replace('export', 'exports');
  return [
    {
      rule: 'unscoped-signing-or-export',
      severity: 'warning',
      field: 'condition',
      message: `this ALLOW covers ${verb} with any wallet or key: it names no wallet, private key, tag or address, so one compromised approver can move or export everything; scope it, e.g. wallet.id == '<WALLET_ID>' or eth.tx.to == '<CONTRACT_ADDRESS>'`,
    },
  ];
}

const MANAGED: Readonly<Record<string, string>> = { USER: 'users', CREDENTIAL: 'API keys and authenticators', POLICY: 'policies' };

/** management-without-consensus: user, API-key, authenticator or policy management a single approver can do. */
export function managementWithoutConsensus({ policy, view }: RuleInput): RuleFinding[] {
  if (!isAllow(policy)) return [];
  const condition = parsed(policy.condition);
  if (condition === undefined && policy.condition !== undefined && policy.condition.trim() !== '') return [];
  // a condition that names no activity but reads other fields (a wallet, a transaction) matches only activities carrying them
  const { restricted } = activityTypesOf(condition);
  if (!restricted && condition !== undefined && constantValue(condition) !== true) return [];
  const managed = new Set(
    activityTypesOf(condition)
      .types.map((t) => resourceAndActionOf(t)?.resource)
      .filter((r): r is NonNullable<typeof r> => r !== undefined && Object.hasOwn(MANAGED, r)),
  );
  if (managed.size === 0) return [];
  const consensus = parsed(policy.consensus);
  if (consensus === undefined && policy.consensus !== undefined && policy.consensus.trim() !== '') return [];
  if (minimumApprovers(consensus) >= 2) return [];
  // root users bypass policies anyway: a consensus only root users can meet grants nothing new
  if (view?.users !== undefined && consensus !== undefined && satisfiers(view, consensus).every((u) => u.isRoot === true)) return [];
  const what = [...managed].map((r) => MANAGED[r]).join(', ');
  const who = consensus === undefined ? 'any user, with no approval from anyone else' : 'a single approver';
  return [
    {
      rule: 'management-without-consensus',
      severity: 'warning',
      field: 'consensus',
      message: `this ALLOW lets ${who} manage ${what}: one compromised non-root credential can then grant itself more access or lock others out; require two approvers, e.g. approvers.filter(user, user.tags.contains('<ADMIN_TAG_ID>')).count() >= 2`,
    },
  ];
}

/** The users of the view who alone satisfy a consensus (the evaluator decides). */
function satisfiers(view: OrganizationView, consensus: PolicyExpr): NonNullable<OrganizationView['users']> {
  return (view.users ?? []).filter((u) => consensusHolds(consensus, [u]) === true);
}

function consensusHolds(consensus: PolicyExpr, users: NonNullable<OrganizationView['users']>): boolean | undefined {
  try {
    return evaluatePolicyExpression(canonical(consensus), 'consensus', {
      activity: { type: 'ACTIVITY_TYPE_UNSPECIFIED' },
      approvers: users.map((u) => ({ id: u.userId, tags: u.tags ?? [], email: u.userEmail ?? '', alias: u.userName ?? '' })),
      now: 0,
    });
  } catch (e) {
    if (e instanceof PolicyError) return undefined;
    throw e;
  }
}

const ENUM_FIELDS = new Set(['activity.type', 'activity.kind', 'activity.resource', 'activity.action']);
/** Fields with a closed set of values beyond the activity ones (https://docs.turnkey.com/features/policies/language). */
const OTHER_ENUMS: Readonly<Record<string, readonly string[]>> = {
  'eth.tx.type': ['LEGACY', 'TYPE_1', 'TYPE_2', 'TYPE_3', 'TYPE_4'],
  'activity.params.type': [
    'TRANSACTION_TYPE_ETHEREUM',
    'TRANSACTION_TYPE_SOLANA',
    'TRANSACTION_TYPE_BITCOIN',
    'TRANSACTION_TYPE_TRON',
    'TRANSACTION_TYPE_TEMPO',
  ],
};

/** Why a conjunction can never hold, with where: contradicting comparisons, a value outside a field's enum, no activity type left. */
function contradiction(condition: PolicyExpr): { message: string; offset: number } | undefined {
  for (const part of conjuncts(condition)) {
    if (constantValue(part) === false) return { message: `'${canonical(part)}' is false for every request`, offset: part.start };
  }
  const comparisons = conjuncts(condition)
    .map(comparisonOf)
    .filter((c): c is Comparison => c !== undefined);
  for (const c of comparisons) {
    for (const v of c.kind === 'eq' ? c.values : []) {
      if (typeof v !== 'string') continue;
      const problem = ENUM_FIELDS.has(c.path) ? enumProblem(c.path as EnumField, v) : undefined;
      const other = OTHER_ENUMS[c.path];
      if (problem !== undefined) return { message: problem.message, offset: c.offset };
      if (other !== undefined && !other.includes(v))
        return { message: `'${v}' is not a value ${c.path} takes (${other.join(', ')})`, offset: c.offset };
    }
  }
  const byPath = new Map<string, Comparison[]>();
  for (const c of comparisons) byPath.set(c.path, [...(byPath.get(c.path) ?? []), c]);
  for (const [path, list] of byPath) {
    let possible: Array<string | bigint | boolean> | undefined;
    for (const c of list.filter((x) => x.kind === 'eq'))
      possible = possible === undefined ? [...c.values] : possible.filter((v) => c.values.includes(v));
    if (possible === undefined) continue;
    const excluded = list.filter((x) => x.kind === 'ne').flatMap((x) => x.values);
    if (possible.filter((v) => !excluded.includes(v)).length === 0) {
      return {
        message: `${path} cannot take all the values this condition asks of it at once`,
        offset: (list[1] ?? list[0])?.offset ?? condition.start,
      };
    }
  }
  const { types, restricted } = activityTypesOf(condition);
  if (restricted && types.length === 0) {
    return {
      message: 'no activity type has the type, kind, resource and action this condition asks for together',
      offset: condition.start,
    };
  }
  return undefined;
}

/** deny-never-matches: a DENY whose condition contradicts itself or compares a field with a value it never takes. */
export function denyNeverMatches({ policy }: RuleInput): RuleFinding[] {
  if (policy.effect !== 'EFFECT_DENY' || policy.condition === undefined) return [];
  const condition = parsed(policy.condition);
  if (condition === undefined) return [];
  const found = contradiction(condition);
  if (found === undefined) return [];
  return [
    {
      rule: 'deny-never-matches',
      severity: 'warning',
      field: 'condition',
      position: at(policy.condition, found.offset),
      message: `this DENY can never match — ${found.message} — so it blocks nothing while looking like a safeguard; fix the condition so it describes requests that can happen`,
    },
  ];
}

/** allow-shadowed-by-deny: every request an ALLOW matches is also denied by a broader DENY. */
export function allowShadowedByDeny({ policy, all }: RuleInput): RuleFinding[] {
  if (!isAllow(policy)) return [];
  const allowCondition = parsed(policy.condition);
  if (allowCondition === undefined && policy.condition !== undefined && policy.condition.trim() !== '') return [];
  const allowTypes = new Set(activityTypesOf(allowCondition).types);
  const allowParts = new Set((allowCondition === undefined ? [] : conjuncts(allowCondition)).map(canonical));
  for (const deny of all) {
    if (deny.effect !== 'EFFECT_DENY' || deny === policy) continue;
    const denyConsensus = parsed(deny.consensus);
    const allowConsensus = parsed(policy.consensus);
    // a DENY limited to some approvers shadows only when the ALLOW has the very same consensus
    const denyForAll = denyConsensus === undefined || constantValue(denyConsensus) === true;
    if (!denyForAll && (allowConsensus === undefined || canonical(allowConsensus) !== canonical(denyConsensus))) continue;
    const denyCondition = parsed(deny.condition);
    if (denyCondition === undefined && deny.condition !== undefined && deny.condition.trim() !== '') continue;
    const denyTypes = new Set(activityTypesOf(denyCondition).types);
    if (![...allowTypes].every((t) => denyTypes.has(t)) || allowTypes.size === 0) continue;
    const rest = (denyCondition === undefined ? [] : conjuncts(denyCondition)).filter((c) => {
      const cmp = comparisonOf(c);
      return !(cmp !== undefined && ENUM_FIELDS.has(cmp.path)) && constantValue(c) !== true;
    });
    if (!rest.every((c) => allowParts.has(canonical(c)))) continue;
    return [
      {
        rule: 'allow-shadowed-by-deny',
        severity: 'warning',
        field: 'condition',
        message: `DENY policy '${deny.policyName}' matches every request this ALLOW matches, and a DENY always wins, so this ALLOW never takes effect; narrow the DENY (add a condition this ALLOW's requests do not meet) or remove this ALLOW`,
      },
    ];
  }
  return [];
}

/** unsatisfiable-consensus: no set of the organization's users can meet the consensus. */
export function unsatisfiableConsensus({ policy, view }: RuleInput): RuleFinding[] {
  if (view?.users === undefined || policy.consensus === undefined) return [];
  const consensus = parsed(policy.consensus);
  if (consensus === undefined || readPaths(policy.consensus).some((p) => p.startsWith('credentials'))) return [];
  const users = view.users;
  // candidate approver sets: everyone, each user alone, the holders of each tag the consensus names
  const tags = new Set(users.flatMap((u) => u.tags ?? []));
  const candidates = [users, ...users.map((u) => [u]), ...[...tags].map((t) => users.filter((u) => (u.tags ?? []).includes(t)))];
  if (candidates.some((c) => consensusHolds(consensus, c) !== false)) return [];
  return [
    {
      rule: 'unsatisfiable-consensus',
      severity: 'warning',
      field: 'consensus',
      message: `no set of the organization's ${users.length} users meets this consensus${shortfall(consensus, view)}, so the activities it allows stay waiting for approvals forever; lower the requirement or give the tag to enough users`,
    },
  ];
}

/** The first `approvers.filter(u, u.tags.contains('T')).count() >= n` whose tag too few users hold, in words. */
function shortfall(consensus: PolicyExpr, view: OrganizationView): string {
  for (const part of conjuncts(consensus)) {
    if (part.kind !== 'binary' || (part.op !== '>=' && part.op !== '>') || part.left.kind !== 'method' || part.right.kind !== 'int')
      continue;
    const filter = part.left.target;
    if (filter.kind !== 'method' || filter.name !== 'filter') continue;
    const tag = /\.tags\.contains\('([^']+)'\)$/.exec(canonical(filter.args[1] as PolicyExpr))?.[1];
    if (tag === undefined) continue;
    const needed = Number(part.right.value) + (part.op === '>' ? 1 : 0);
    const holders = (view.users ?? []).filter((u) => (u.tags ?? []).includes(tag)).length;
    const name = view.userTags?.find((t) => t.tagId === tag)?.tagName;
    if (holders < needed)
      return ` (it needs ${needed} approvers tagged ${name === undefined ? `'${tag}'` : `'${name}' (${tag})`}; ${holders} user${holders === 1 ? '' : 's'} hold${holders === 1 ? 's' : ''} that tag)`;
  }
  return '';
}

// Which activity kinds carry each keyword (https://docs.turnkey.com/features/policies/language, keyword table and
// "Activity parameters"); chain keywords on signing kinds is our reading, UNCONFIRMED (docs/policy-lint.md).
const SIGNING = ['SIGN_TRANSACTION', 'SIGN_RAW_PAYLOAD', 'SIGN_RAW_PAYLOADS'];
const CARRIED: Readonly<Record<string, readonly string[]>> = {
  eth: [
    ...SIGNING,
    'ETH_SEND_TRANSACTION',
    'ETH_SEND_RAW_TRANSACTION',
    'ETH_UNDELEGATE_7702',
    'EARN_DEPOSIT',
    'EARN_WITHDRAW',
    'EARN_CLAIM_REWARDS',
    'EXECUTE_SWAP',
  ],
  solana: [...SIGNING, 'SOL_SEND_TRANSACTION', 'EXECUTE_SWAP'],
  tron: SIGNING,
  bitcoin: SIGNING,
  tempo: SIGNING,
  secret: ['EXPORT_SECRETS', 'DELETE_SECRETS'],
  'activity.params.hash_function': ['SIGN_RAW_PAYLOAD', 'SIGN_RAW_PAYLOADS'],
  'activity.params.encoding': ['SIGN_RAW_PAYLOAD', 'SIGN_RAW_PAYLOADS'],
  'activity.params.type': ['SIGN_TRANSACTION'],
  'activity.params.user_ids': ['DELETE_USERS'],
  'activity.params.user_id': ['CREATE_API_KEYS', 'DELETE_API_KEYS'],
  'activity.params.api_key_ids': ['DELETE_API_KEYS'],
  'activity.params.target_public_key': ['EXPORT_WALLET', 'EXPORT_WALLET_ACCOUNT', 'EXPORT_PRIVATE_KEY'],
  'activity.params.wallet_id': ['UPDATE_WALLET'],
  'activity.params.otp_length': ['INIT_OTP_AUTH'],
  'activity.params.session_profile_id': ['OTP_LOGIN', 'STAMP_LOGIN', 'OAUTH_LOGIN'],
  'activity.params.endpoint_id': ['UPDATE_WEBHOOK_ENDPOINT', 'DELETE_WEBHOOK_ENDPOINT'],
  'activity.params.sign_with': ['SPARK_SIGN_FROST', 'SPARK_PREPARE_TRANSFER', 'SPARK_CLAIM_TRANSFER', 'SPARK_PREPARE_LIGHTNING_RECEIVE'],
};

/** field-never-carried: the condition limits the activity types and reads a keyword none of them carries. */
export function fieldNeverCarried({ policy }: RuleInput): RuleFinding[] {
  if (policy.condition === undefined) return [];
  const condition = parsed(policy.condition);
  if (condition === undefined) return [];
  const { types, restricted } = activityTypesOf(condition);
  if (!restricted || types.length === 0) return [];
  const kinds = new Set(types.map(activityKindOf));
  const findings: RuleFinding[] = [];
  for (const read of readPaths(policy.condition)) {
    const key = Object.keys(CARRIED).find((k) => read === k || read.startsWith(`${k}.`) || read.startsWith(`${k}[`));
    if (key === undefined || (CARRIED[key] ?? []).some((k) => kinds.has(k))) continue;
    const shown = [...kinds].slice(0, 3).join(', ') + (kinds.size > 3 ? ', …' : '');
    findings.push({
      rule: 'field-never-carried',
      severity: 'warning',
      field: 'condition',
      message: `${key} is read, but the activities this condition matches (${shown}) never carry it: the read is a missing-field error, the policy's outcome is an error and it never applies; read fields of those activities, or widen activity.type/kind to ones that carry ${key}`,
    });
  }
  return findings.filter((f, i) => findings.findIndex((g) => g.message === f.message) === i);
}

/** contract-call-interface: ABI fields read without an interface for the contract, or a function name the ABI lacks. */
export function contractCallInterface({ policy, view }: RuleInput): RuleFinding[] {
  if (view?.smartContractInterfaces === undefined || policy.condition === undefined) return [];
  return checkContractCalls(policy.condition, view.smartContractInterfaces).map((d) => ({
    rule: 'contract-call-interface',
    severity: d.severity,
    field: 'condition',
    position: d.position,
    message: d.message,
  }));
}
