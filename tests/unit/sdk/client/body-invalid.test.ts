// Bad input never leaves the process: for every operation, every required field (nested ones included)
// is removed, then replaced by a value of the wrong type; each case must fail with an InvalidRequestError
// naming exactly that field, and the loopback server must see no request at all.
import type { z } from 'zod';
import { operations, WalletInfraClient, type OperationName } from '@walletinfra/sdk';
import { ORG, sampleParameters, sampleQueryBodies } from '../../../support/client-fixtures';
import { caught, fakeTime, startScriptedServer, type ScriptedServer } from '../../../support/client';

interface Case {
  operation: OperationName;
  path: (string | number)[];
  kind: 'missing' | 'wrong type';
  value: unknown;
  message: string;
}

type Def = {
  type: string;
  shape?: Record<string, z.ZodType>;
  element?: z.ZodType;
  innerType?: z.ZodType;
  entries?: Record<string, string>;
  values?: unknown[];
};
const defOf = (s: z.ZodType) => (s as unknown as { def: Def }).def;
const unwrap = (s: z.ZodType): z.ZodType => (defOf(s).type === 'optional' ? unwrap(defOf(s).innerType!) : s);

/** A value of the wrong type for schema `s`, and zod's (reworded) complaint about it. */
function wrongValue(s: z.ZodType): { value: unknown; message: string } {
  const def = defOf(s);
  switch (def.type) {
    case 'string':
      return { value: 42, message: 'must be of type string, got number' };
    case 'number':
      return { value: 'seven', message: 'must be of type number, got string' };
    case 'boolean':
      return { value: 'yes', message: 'must be of type boolean, got string' };
    case 'array':
      return { value: 'not-a-list', message: 'must be of type array, got string' };
    case 'object':
      return { value: 'not-an-object', message: 'must be of type object, got string' };
    case 'enum': {
      const values = Object.values(def.entries!).map((v) => JSON.stringify(v));
      return { value: 42, message: values.length === 1 ? `must be ${values[0]}` : `must be one of ${values.join('|')}` };
    }
    case 'literal':
      return { value: 'ACTIVITY_TYPE_WRONG', message: `must be ${JSON.stringify(def.values![0])}` };
    default:
      throw new Error(`no wrong value for ${def.type}`);
  }
}

/** Walks `schema` alongside a valid `sample`, yielding a missing and a wrong-type case per required field. */
function* casesFor(operation: OperationName, schema: z.ZodType, sample: unknown, path: (string | number)[]): Generator<Case> {
  const s = unwrap(schema);
  const def = defOf(s);
  if (def.type === 'object' && typeof sample === 'object' && sample !== null) {
    for (const [key, child] of Object.entries(def.shape!)) {
      const childPath = [...path, key];
      if (!child.isOptional()) {
        yield { operation, path: childPath, kind: 'missing', value: undefined, message: 'is required' };
        yield { operation, path: childPath, kind: 'wrong type', ...wrongValue(unwrap(child)) };
      }
      const value = (sample as Record<string, unknown>)[key];
      if (value !== undefined) yield* casesFor(operation, child, value, childPath);
    }
  } else if (def.type === 'array' && Array.isArray(sample) && sample.length > 0) {
    yield* casesFor(operation, def.element!, sample[0], [...path, 0]);
  }
}

function setPath(root: Record<string, unknown>, path: (string | number)[], value: unknown): Record<string, unknown> {
  const copy = structuredClone(root);
  let node: Record<string | number, unknown> = copy;
  for (const part of path.slice(0, -1)) node = node[part] as Record<string | number, unknown>;
  const last = path[path.length - 1]!;
  if (value === undefined) delete node[last];
  else node[last] = value;
  return copy;
}

const formatPath = (path: (string | number)[]) =>
  path.reduce<string>((out, p) => (typeof p === 'number' ? `${out}[${p}]` : out === '' ? p : `${out}.${p}`), '');

// Queries: the whole body (organizationId included). Submits: the parameters, under `parameters.`.
const cases: Case[] = [];
for (const op of Object.values(operations)) {
  if (op.kind === 'query') cases.push(...casesFor(op.name, op.request, { organizationId: ORG, ...sampleQueryBodies[op.name] }, []));
  if (op.kind === 'submit') cases.push(...casesFor(op.name, op.request, sampleParameters[op.name], ['parameters']));
  if (op.name === 'init_otp_v2') cases.push(...casesFor(op.name, op.request, { otpType: 'OTP_TYPE_EMAIL', contact: 'a@example.com' }, []));
}

let server: ScriptedServer;
let client: WalletInfraClient;
beforeAll(async () => {
  server = await startScriptedServer();
  const time = fakeTime();
  client = new WalletInfraClient({
    baseUrl: server.url,
    authProxyUrl: server.url,
    authProxyConfigId: 'cfg',
    clock: time.clock,
    sleep: time.sleep,
  });
});
afterAll(async () => {
  await client.close();
  await server.close();
});
afterEach(() => expect(server.requests).toEqual([]));

function call(c: Case): Promise<unknown> {
  const op = operations[c.operation];
  if (op.kind === 'submit') {
    const params = setPath({ parameters: sampleParameters[op.name] }, c.path, c.value).parameters;
    return client.submit(op.name, params as never, { organizationId: ORG });
  }
  if (op.kind === 'query') return client.query(op.name, setPath({ organizationId: ORG, ...sampleQueryBodies[op.name] }, c.path, c.value));
  return client.proxy('init_otp_v2', setPath({ otpType: 'OTP_TYPE_EMAIL', contact: 'a@example.com' }, c.path, c.value) as never);
}

test('the table covers every operation that takes input', () => {
  const covered = new Set(cases.map((c) => c.operation));
  const withInput = Object.values(operations)
    .filter((op) => op.kind === 'query' || op.kind === 'submit' || op.name === 'init_otp_v2')
    .map((op) => op.name)
    // every field of remove_ip_allowlist and delete_sub_organization is optional: nothing can be missing
    .filter((name) => name !== 'remove_ip_allowlist' && name !== 'delete_sub_organization');
  expect(withInput.filter((n) => !covered.has(n))).toEqual([]);
  expect(cases.length).toBe(320);
});

test.each(cases.map((c) => [c.operation, formatPath(c.path), c.kind, c] as const))('%s: %s %s', async (_op, path, _kind, c) => {
  const error = await caught(call(c));
  expect({ name: error.name, code: error.code, message: error.message, issues: error.issues, operation: error.operation }).toEqual({
    name: 'InvalidRequestError',
    code: 'INVALID_REQUEST',
    message: `invalid request for ${c.operation}: ${path}: ${c.message}`,
    issues: [{ path, message: c.message }],
    operation: operations[c.operation].path,
  });
});

describe('envelope and extra fields', () => {
  test('no organizationId anywhere: named before sending', async () => {
    const error = await caught(client.deletePolicy({ policyId: 'pol-1' }));
    expect({ message: error.message, issues: error.issues }).toEqual({
      message: 'invalid request for delete_policy: organizationId: is required',
      issues: [{ path: 'organizationId', message: 'is required' }],
    });
    const query = await caught(client.listPolicies());
    expect(query.message).toBe('invalid request for list_policies: organizationId: is required');
  });

  test('a timestampMs that is not digits is refused', async () => {
    const error = await caught(client.deletePolicy({ policyId: 'pol-1' }, { organizationId: ORG, timestampMs: '17e11' }));
    expect(error.message).toBe('invalid request for delete_policy: timestampMs: must be a string of decimal digits');
  });

  test('unknown fields are refused at every level, each named', async () => {
    const error = await caught(
      client.setIpAllowlist({ rules: [{ cidr: '10.0.0.0/24', lable: 'x' }], enable: true } as never, { organizationId: ORG }),
    );
    expect(error.issues).toEqual([
      { path: 'parameters.rules[0].lable', message: 'is not a known field' },
      { path: 'parameters.enable', message: 'is not a known field' },
    ]);
  });

  test('several problems are all reported at once', async () => {
    const error = await caught(client.createPolicy({ effect: 'EFFECT_MAYBE' } as never, { organizationId: ORG }));
    expect(error.message).toBe(
      'invalid request for create_policy: parameters.policyName: is required; parameters.effect: must be one of "EFFECT_ALLOW"|"EFFECT_DENY"; parameters.notes: is required',
    );
  });

  test('values are never echoed, so a secret in the wrong place does not leak', async () => {
    const secret = 'sk_live_DO_NOT_PRINT_9f8e7d';
    const error = await caught(
      client.createFiatOnRampCredential(
        { onrampProvider: secret, publishableApiKey: 'pk', encryptedSecretApiKey: 7, apiSecret: secret } as never,
        { organizationId: ORG },
      ),
    );
    expect(JSON.stringify(error)).not.toContain(secret);
    expect(error.message).not.toContain(secret);
    expect(error.issues).toEqual([
      { path: 'parameters.onrampProvider', message: 'must be one of "FIAT_ON_RAMP_PROVIDER_COINBASE"|"FIAT_ON_RAMP_PROVIDER_MOONPAY"' },
      { path: 'parameters.encryptedSecretApiKey', message: 'must be of type string, got number' },
      { path: 'parameters.apiSecret', message: 'is not a known field' },
    ]);
  });

  test('a body that is not an object is named at the root', async () => {
    const error = await caught(client.createPolicy(null as never, { organizationId: ORG }));
    expect(error.issues).toEqual([{ path: 'parameters', message: 'must be of type object, got null' }]);
    const missing = await caught(client.getPolicy(undefined as never));
    expect(missing.message).toBe('invalid request for get_policy: a request body is required');
  });
});
