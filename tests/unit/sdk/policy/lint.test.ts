// The policy linter: for each rule, a policy that trips it (with the whole finding) and a near miss that does not;
// silencing by `lint-ignore:` in the notes; the rules that need the organization view.
import { lintIgnores, lintPolicies, POLICY_LINT_RULE_IDS, type LintPolicy, type OrganizationView } from '@walletinfra/sdk/policy';
import { ERC20_TRANSFER } from '../../../support/erc20-abi';

const allow = (policyName: string, condition?: string, consensus?: string, notes?: string): LintPolicy => ({
  policyName,
  effect: 'EFFECT_ALLOW',
  ...(condition === undefined ? {} : { condition }),
  ...(consensus === undefined ? {} : { consensus }),
  ...(notes === undefined ? {} : { notes }),
});
const deny = (policyName: string, condition?: string, consensus?: string): LintPolicy => ({
  ...allow(policyName, condition, consensus),
  effect: 'EFFECT_DENY',
});
const rules = (policies: LintPolicy[], view?: OrganizationView) => lintPolicies(policies, view).map((f) => `${f.policyName}: ${f.rule}`);

const AGENT = "approvers.any(user, user.tags.contains('agent'))";
const TWO_ADMINS = "approvers.filter(user, user.tags.contains('admin')).count() >= 2";

describe('allow-without-condition', () => {
  test('an ALLOW without a condition, or with one that is always true, allows everything', () => {
    expect(lintPolicies([allow('open', undefined, AGENT)]).filter((f) => f.rule === 'allow-without-condition')).toEqual([
      {
        rule: 'allow-without-condition',
        severity: 'warning',
        policyName: 'open',
        policyIndex: 0,
        field: 'condition',
        message:
          "this ALLOW has no condition, so it allows every activity (signing, exports, user and policy changes) to whoever satisfies its consensus; state what it allows, e.g. activity.resource == 'WALLET' && activity.action == 'CREATE'",
      },
    ]);
    // decided by the evaluator: 1 == 1 is true for every request, and so is anything || it
    expect(rules([allow('tautology', "activity.kind == 'CREATE_WALLET' || 1 == 1", AGENT)])).toContain(
      'tautology: allow-without-condition',
    );
  });

  test('near miss: a condition that depends on the request, and a DENY without one', () => {
    expect(rules([allow('wallets', "activity.resource == 'WALLET' && activity.action == 'CREATE'", AGENT)])).toEqual([]);
    expect(rules([deny('freeze', undefined, AGENT)])).toEqual([]);
  });
});

describe('unscoped-signing-or-export', () => {
  test('an ALLOW for signing that names no wallet, key, tag or address', () => {
    expect(lintPolicies([allow('sign anything', "activity.action == 'SIGN'", AGENT)])).toEqual([
      {
        rule: 'unscoped-signing-or-export',
        severity: 'warning',
        policyName: 'sign anything',
        policyIndex: 0,
        field: 'condition',
        message:
          "this ALLOW covers signing with any wallet or key: it names no wallet, private key, tag or address, so one compromised approver can move or export everything; scope it, e.g. wallet.id == '<WALLET_ID>' or eth.tx.to == '<CONTRACT_ADDRESS>'",
      },
    ]);
    expect(rules([allow('exports', "activity.kind == 'EXPORT_WALLET'", AGENT)])).toEqual(['exports: unscoped-signing-or-export']);
  });

  test('near miss: the same policy pinned to a wallet, a contract, or a Solana program', () => {
    expect(rules([allow('one wallet', "activity.action == 'SIGN' && wallet.id == 'w-1'", AGENT)])).toEqual([]);
    expect(rules([allow('one contract', "activity.action == 'SIGN' && eth.tx.to == '0xabc'", AGENT)])).toEqual([]);
    expect(rules([allow('jupiter', "solana.tx.instructions.all(i, i.program_key == 'JUP')", AGENT)])).toEqual([]);
  });
});

describe('management-without-consensus', () => {
  test('an ALLOW of user, credential or policy management that one approver (or anyone) can use', () => {
    expect(lintPolicies([allow('keys', "activity.resource == 'CREDENTIAL'", AGENT)])).toEqual([
      {
        rule: 'management-without-consensus',
        severity: 'warning',
        policyName: 'keys',
        policyIndex: 0,
        field: 'consensus',
        message:
          "this ALLOW lets a single approver manage API keys and authenticators: one compromised non-root credential can then grant itself more access or lock others out; require two approvers, e.g. approvers.filter(user, user.tags.contains('<ADMIN_TAG_ID>')).count() >= 2",
      },
    ]);
    expect(rules([allow('policies', "activity.resource == 'POLICY' && activity.action == 'CREATE'")])).toEqual([
      'policies: management-without-consensus',
    ]);
  });

  test('near miss: two approvers required; or only root users can meet the consensus (they bypass policies anyway)', () => {
    expect(rules([allow('keys', "activity.resource == 'CREDENTIAL'", TWO_ADMINS)])).toEqual([]);
    const view: OrganizationView = {
      users: [
        { userId: 'root-1', tags: ['admin'], isRoot: true },
        { userId: 'agent-1', tags: ['agent'] },
      ],
    };
    expect(rules([allow('root keys', "activity.resource == 'CREDENTIAL'", "approvers.any(user, user.id == 'root-1')")], view)).toEqual([]);
  });
});

describe('deny-never-matches', () => {
  test('a DENY whose condition contradicts itself, or compares a field with a value outside its enum', () => {
    expect(lintPolicies([deny('impossible', "activity.action == 'SIGN' && activity.action == 'EXPORT'")])).toEqual([
      {
        rule: 'deny-never-matches',
        severity: 'warning',
        policyName: 'impossible',
        policyIndex: 0,
        field: 'condition',
        position: { offset: 48, line: 1, column: 49 },
        message:
          'this DENY can never match — activity.action cannot take all the values this condition asks of it at once — so it blocks nothing while looking like a safeguard; fix the condition so it describes requests that can happen',
      },
    ]);
    expect(lintPolicies([deny('typo', "eth.tx.type == 'EIP1559' && wallet.id == 'w'")])[0]?.message).toBe(
      "this DENY can never match — 'EIP1559' is not a value eth.tx.type takes (LEGACY, TYPE_1, TYPE_2, TYPE_3, TYPE_4) — so it blocks nothing while looking like a safeguard; fix the condition so it describes requests that can happen",
    );
    expect(rules([deny('no such type', "activity.resource == 'POLICY' && activity.kind == 'SIGN_TRANSACTION'")])).toEqual([
      'no such type: deny-never-matches',
    ]);
    expect(rules([deny('false', "wallet.id == 'w' && 1 == 2")])).toEqual(['false: deny-never-matches']);
  });

  test('near miss: alternatives joined with ||, a value excluded from a list that keeps others', () => {
    expect(rules([deny('either', "activity.action == 'SIGN' || activity.action == 'EXPORT'")])).toEqual([]);
    expect(rules([deny('most', "activity.action in ['SIGN', 'EXPORT'] && activity.action != 'SIGN'")])).toEqual([]);
  });
});

describe('allow-shadowed-by-deny', () => {
  test('an ALLOW every one of whose requests a broader DENY matches', () => {
    const policies = [
      deny('no exports', "activity.action == 'EXPORT'"),
      allow('export the treasury', "activity.kind == 'EXPORT_WALLET' && wallet.id == 'w-1'", TWO_ADMINS),
    ];
    expect(lintPolicies(policies)).toEqual([
      {
        rule: 'allow-shadowed-by-deny',
        severity: 'warning',
        policyName: 'export the treasury',
        policyIndex: 1,
        field: 'condition',
        message:
          "DENY policy 'no exports' matches every request this ALLOW matches, and a DENY always wins, so this ALLOW never takes effect; narrow the DENY (add a condition this ALLOW's requests do not meet) or remove this ALLOW",
      },
    ]);
  });

  test('near miss: the DENY is narrower (another wallet), or limited to other approvers', () => {
    const allowed = allow('export the treasury', "activity.kind == 'EXPORT_WALLET' && wallet.id == 'w-1'", TWO_ADMINS);
    expect(rules([deny('no exports of w-2', "activity.action == 'EXPORT' && wallet.id == 'w-2'"), allowed])).toEqual([]);
    expect(rules([deny('agents never export', "activity.action == 'EXPORT'", AGENT), allowed])).toEqual([]);
  });
});

describe('unsatisfiable-consensus', () => {
  const view: OrganizationView = {
    users: [
      { userId: 'u1', tags: ['tag-ops'] },
      { userId: 'u2', tags: ['tag-ops'] },
      { userId: 'u3', tags: [] },
    ],
    userTags: [{ tagId: 'tag-ops', tagName: 'ops' }],
  };

  test('no set of the current users meets it: three approvers with a tag two users hold', () => {
    const policy = allow('ops', "wallet.id == 'w'", "approvers.filter(user, user.tags.contains('tag-ops')).count() >= 3");
    expect(lintPolicies([policy], view)).toEqual([
      {
        rule: 'unsatisfiable-consensus',
        severity: 'warning',
        policyName: 'ops',
        policyIndex: 0,
        field: 'consensus',
        message:
          "no set of the organization's 3 users meets this consensus (it needs 3 approvers tagged 'ops' (tag-ops); 2 users hold that tag), so the activities it allows stay waiting for approvals forever; lower the requirement or give the tag to enough users",
      },
    ]);
    expect(rules([allow('gone', "wallet.id == 'w'", "approvers.any(user, user.id == 'u9')")], view)).toEqual([
      'gone: unsatisfiable-consensus',
    ]);
  });

  test('near miss: two approvers with the tag; and without the organization view the rule does not run', () => {
    expect(rules([allow('ops', "wallet.id == 'w'", "approvers.filter(user, user.tags.contains('tag-ops')).count() >= 2")], view)).toEqual(
      [],
    );
    expect(rules([allow('ops', "wallet.id == 'w'", "approvers.all(user, user.tags.contains('tag-ops'))")], view)).toEqual([]);
    expect(rules([allow('ops', "wallet.id == 'w'", "approvers.filter(user, user.tags.contains('tag-ops')).count() >= 3")])).toEqual([]);
  });
});

describe('field-never-carried', () => {
  test('a condition limited to activities that never carry the field it reads', () => {
    expect(lintPolicies([deny('odd', "activity.kind == 'CREATE_WALLET' && eth.tx.chain_id == 1")])).toEqual([
      {
        rule: 'field-never-carried',
        severity: 'warning',
        policyName: 'odd',
        policyIndex: 0,
        field: 'condition',
        message:
          "eth is read, but the activities this condition matches (CREATE_WALLET) never carry it: the read is a missing-field error, the policy's outcome is an error and it never applies; read fields of those activities, or widen activity.type/kind to ones that carry eth",
      },
    ]);
    expect(rules([deny('params', "activity.kind == 'DELETE_USERS' && activity.params.api_key_ids.count() > 1")])).toEqual([
      'params: field-never-carried',
    ]);
  });

  test('near miss: the same reads on activities that carry them, or with no activity restriction at all', () => {
    expect(rules([deny('sepolia only', "activity.kind == 'SIGN_TRANSACTION' && eth.tx.chain_id != 11155111")])).toEqual([]);
    expect(rules([deny('keys', "activity.kind == 'DELETE_API_KEYS' && activity.params.api_key_ids.count() > 1")])).toEqual([]);
    expect(rules([deny('any chain', 'eth.tx.chain_id == 1')])).toEqual([]);
  });
});

describe('contract-call-interface', () => {
  const TOKEN = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913';
  const abi = JSON.stringify([ERC20_TRANSFER]);
  const view: OrganizationView = {
    smartContractInterfaces: [{ smartContractAddress: TOKEN, type: 'SMART_CONTRACT_INTERFACE_TYPE_ETHEREUM', smartContractInterface: abi }],
  };

  test('a function name the uploaded ABI lacks is an error; ABI fields of an address without an interface a warning', () => {
    const findings = lintPolicies(
      [
        allow('typo', `eth.tx.to == '${TOKEN}' && eth.tx.function_name == 'transfr'`),
        allow('other', "eth.tx.to == '0x1111111111111111111111111111111111111111' && eth.tx.function_name == 'transfer'"),
      ],
      view,
    ).filter((f) => f.rule === 'contract-call-interface');
    expect(findings.map((f) => [f.policyName, f.severity, f.message.split(';')[0]])).toEqual([
      ['typo', 'error', `function 'transfr' is not in the interface uploaded for ${TOKEN}, so eth.tx.function_name never equals it`],
      [
        'other',
        'warning',
        'eth.tx.function_name is read for calls to 0x1111111111111111111111111111111111111111, but no smart-contract interface (ABI) is declared for that address: the service leaves the field empty, so this condition never matches',
      ],
    ]);
  });

  test('near miss: the right name on the right contract', () => {
    expect(rules([allow('ok', `eth.tx.to == '${TOKEN}' && eth.tx.function_name == 'transfer'`)], view)).toEqual([]);
  });
});

describe('silencing', () => {
  test('lint-ignore: <id> in the notes silences that rule for that policy only', () => {
    const noisy = allow(
      'open',
      undefined,
      undefined,
      'break-glass policy; lint-ignore: allow-without-condition, unscoped-signing-or-export',
    );
    expect(rules([noisy])).toEqual(['open: management-without-consensus']);
    expect(rules([allow('open too')])).toEqual([
      'open too: allow-without-condition',
      'open too: unscoped-signing-or-export',
      'open too: management-without-consensus',
    ]);
    expect([...lintIgnores('lint-ignore: deny-never-matches\nlint-ignore: field-never-carried not-a-rule')]).toEqual([
      'deny-never-matches',
      'field-never-carried',
    ]);
  });

  test('every rule id is listed once', () => {
    expect(POLICY_LINT_RULE_IDS).toEqual([
      'allow-without-condition',
      'unscoped-signing-or-export',
      'management-without-consensus',
      'deny-never-matches',
      'allow-shadowed-by-deny',
      'unsatisfiable-consensus',
      'field-never-carried',
      'contract-call-interface',
    ]);
  });
});

describe('subjects', () => {
  test('only the subjects are reported on; the others still count as context (a DENY that shadows)', () => {
    const policies = [
      allow('export w-1', "activity.type == 'ACTIVITY_TYPE_EXPORT_WALLET' && wallet.id == 'w-1'", 'approvers.count() >= 2'),
      deny('no exports', "activity.action == 'EXPORT' && activity.action == 'SIGN'"),
      deny('no exports at all', "activity.action == 'EXPORT'"),
    ];
    expect(lintPolicies(policies).map((f) => `${f.policyName}: ${f.rule}`)).toEqual([
      'export w-1: allow-shadowed-by-deny',
      'no exports: deny-never-matches',
    ]);
    expect(lintPolicies(policies, undefined, { subjects: [0] }).map((f) => [f.policyIndex, f.rule])).toEqual([
      [0, 'allow-shadowed-by-deny'],
    ]);
    expect(lintPolicies(policies, undefined, { subjects: [] })).toEqual([]);
  });
});

describe('the boolean structure: each way a condition can hold is judged on its own', () => {
  const ONE = "approvers.any(user, user.id == 'u-1')";

  test('A || B: management granted by the second alternative alone is reported', () => {
    const either = allow(
      'wallets or users',
      "(activity.resource == 'WALLET' && activity.action == 'CREATE') || activity.resource == 'USER'",
      ONE,
    );
    expect(rules([either])).toEqual(['wallets or users: management-without-consensus']);
  });

  test('activity types joined with || mean the same as `in`: management, and no signing', () => {
    const message =
      "this ALLOW lets a single approver manage API keys and authenticators, policies: one compromised non-root credential can then grant itself more access or lock others out; require two approvers, e.g. approvers.filter(user, user.tags.contains('<ADMIN_TAG_ID>')).count() >= 2";
    for (const condition of [
      "activity.type == 'ACTIVITY_TYPE_CREATE_POLICY' || activity.type == 'ACTIVITY_TYPE_CREATE_API_KEYS'",
      "activity.type in ['ACTIVITY_TYPE_CREATE_POLICY', 'ACTIVITY_TYPE_CREATE_API_KEYS']",
      "!(activity.type != 'ACTIVITY_TYPE_CREATE_POLICY' && activity.type != 'ACTIVITY_TYPE_CREATE_API_KEYS')",
    ]) {
      expect(lintPolicies([allow('keys and policies', condition, ONE)]).map((f) => [f.rule, f.message])).toEqual([
        ['management-without-consensus', message],
      ]);
    }
  });

  test('one unscoped alternative is enough, and it is pointed at', () => {
    const findings = lintPolicies([allow('either', "(activity.action == 'SIGN' && wallet.id == 'w-1') || eth.tx.chain_id == 1", ONE)]);
    expect(findings.map((f) => [f.rule, f.position])).toEqual([['unscoped-signing-or-export', { offset: 53, line: 1, column: 54 }]]);
  });

  test('an ALLOW whose condition is false allows nothing, so nothing is reported', () => {
    expect(rules([allow('never', 'false', ONE), allow('never either', "1 == 2 && wallet.id == 'w'", ONE)])).toEqual([]);
  });

  test('a DENY whose every alternative excludes itself, or whose bounds leave no value, never matches', () => {
    expect(
      rules([
        deny('sign and export', "activity.action == 'SIGN' && (activity.action == 'EXPORT' || activity.action == 'DELETE')"),
        deny('empty range', 'eth.tx.value > 1000 && eth.tx.value < 100'),
        deny(
          'same address twice',
          "eth.tx.to == '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913' && eth.tx.to != '0x833589fcd6edb6e08f4c7c32d4f71b54bda02913'",
        ),
        deny('one alternative can', "(activity.action == 'SIGN' && activity.action == 'EXPORT') || wallet.id == 'w'"),
        deny('a range', 'eth.tx.value > 100 && eth.tx.value < 1000'),
      ]),
    ).toEqual(['sign and export: deny-never-matches', 'empty range: deny-never-matches', 'same address twice: deny-never-matches']);
  });

  test('a read of a keyword fails the whole condition for activities that lack it (the engine does not short-circuit)', () => {
    expect(lintPolicies([allow('policies or calls', "activity.kind == 'CREATE_POLICY' || eth.tx.to == '0xabc'", TWO_ADMINS)])).toEqual([
      expect.objectContaining({
        rule: 'field-never-carried',
        message:
          'eth is read, but the activities one of its alternatives matches (CREATE_POLICY) never carry it: the engine does not short-circuit, so for those activities the read is a missing-field error and the policy never applies to them; split it into one policy per kind of activity',
      }),
    ]);
  });
});

describe('scoped policies the service documents are not reported', () => {
  test('a recipient pinned among the decoded call arguments, a Solana sender, an EIP-712 token', () => {
    expect(
      rules([
        allow(
          'weth',
          "eth.tx.contract_call_args['wad'] < 1000000000000000000 && eth.tx.contract_call_args['dst'] == '0x08d2b0a37F869FF76BACB5Bab3278E26ab7067B7'",
        ),
        allow(
          'batch',
          "eth.tx.function_name == 'executeBatch' && eth.tx.contract_call_args['calls'].all(call, call[0] == '0xabc' && call[1] == 0)",
        ),
        allow('sol sender', "solana.tx.transfers.all(transfer, transfer.from == 'So1Sender')"),
        allow('spl sender', "solana.tx.instructions.count() == 1 && solana.tx.spl_transfers.all(transfer, transfer.from == 'TokenAcct')"),
        allow('spl signer', "solana.tx.spl_transfers.all(transfer, transfer.signers.any(s, s == 'Signer'))"),
        allow('permit2', "eth.eip_712.message['permitted'].all(p, p['token'] == '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48')"),
        allow('secrets', "activity.type == 'ACTIVITY_TYPE_EXPORT_SECRETS' && secret.static_properties['consensus'] == 'unilateral'", AGENT),
        allow('export to the backup key', "activity.kind == 'EXPORT_WALLET' && activity.params.target_public_key == '04abcdef'", AGENT),
      ]),
    ).toEqual([]);
  });

  test('but an allowlist written as an exclusion, or a transaction field that names nothing, is unscoped', () => {
    expect(
      rules([
        allow('all but one', "activity.action == 'SIGN' && wallet.id != 'w-1'", AGENT),
        allow('sepolia', 'eth.tx.chain_id == 11155111', AGENT),
        allow('small amounts', 'solana.tx.transfers.all(t, t.amount < 1000)', AGENT),
      ]),
    ).toEqual([
      'all but one: unscoped-signing-or-export',
      'sepolia: unscoped-signing-or-export',
      'small amounts: unscoped-signing-or-export',
    ]);
  });

  test("two approvers with distinct tags (the agent guide's allow-once) need two people; with the users, one holding both is one", () => {
    const allowOnce = "approvers.any(user, user.tags.contains('provisioner')) && approvers.any(user, user.tags.contains('human-approver'))";
    const mint = allow('provisioners mint keys', "activity.type == 'ACTIVITY_TYPE_CREATE_API_KEYS_V2'", allowOnce);
    const signAll = allow(
      'agent and human sign',
      "activity.action == 'SIGN'",
      "approvers.any(user, user.id == 'agent') && approvers.any(user, user.id == 'human')",
    );
    expect(rules([mint, signAll])).toEqual([]);
    const both: OrganizationView = {
      users: [
        { userId: 'p-1', tags: ['provisioner', 'human-approver'] },
        { userId: 'h-1', tags: ['human-approver'] },
      ],
    };
    expect(rules([mint], both)).toEqual(['provisioners mint keys: management-without-consensus']);
  });

  test("a deletion of named users (the docs' self-delete) grants nothing", () => {
    const selfDelete = allow(
      'agent deletes itself',
      "activity.type == 'ACTIVITY_TYPE_DELETE_USERS' && activity.params.user_ids.count() == 1 && 'agent-1' in activity.params.user_ids",
      "approvers.any(user, user.id == 'agent-1')",
    );
    expect(rules([selfDelete])).toEqual([]);
    expect(
      rules([allow('agent deletes anyone', "activity.type == 'ACTIVITY_TYPE_DELETE_USERS'", "approvers.any(user, user.id == 'agent-1')")]),
    ).toEqual(['agent deletes anyone: management-without-consensus']);
  });
});
