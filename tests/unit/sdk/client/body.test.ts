// For every operation, the JSON body our client sends parses to the same object that @turnkey/http's
// TurnkeyClient sends for the same input. Both clients post to the same
// scripted loopback server, which records the raw bytes and answers with a valid response.
import { ApiKeyStamper as TurnkeyApiKeyStamper } from '@turnkey/api-key-stamper';
import { TurnkeyClient } from '@turnkey/http';
import { verifyStampSignature } from '@turnkey/crypto';
import { generateApiKeyPair, operations, WalletInfraClient, type QueryName, type SubmitName } from '@walletinfra/sdk';
import {
  ORG,
  activityJson,
  sampleParameters,
  sampleQueryBodies,
  sampleQueryResponses,
  sampleResults,
} from '../../../support/client-fixtures';
import { fakeTime, startScriptedServer, type RecordedRequest, type ScriptedServer } from '../../../support/client';

/** @turnkey/http names a few list operations differently from their paths (docs/service-behaviour.md#client-method-names). */
const TURNKEY_METHOD: Partial<Record<QueryName | SubmitName, string>> = {
  list_policies: 'getPolicies',
  list_wallets: 'getWallets',
  list_suborgs: 'getSubOrgIds',
  list_verified_suborgs: 'getVerifiedSubOrgIds',
  list_activities: 'getActivities',
  list_wallet_accounts: 'getWalletAccounts',
  list_private_keys: 'getPrivateKeys',
  list_users: 'getUsers',
  list_smart_contract_interfaces: 'getSmartContractInterfaces',
  whoami: 'getWhoami',
};
const camel = (name: string) => name.replace(/_([a-z0-9])/g, (_, c: string) => c.toUpperCase());

const keys = generateApiKeyPair();
const time = fakeTime();
let server: ScriptedServer;
let ours: WalletInfraClient;
let theirs: TurnkeyClient;

beforeAll(async () => {
  server = await startScriptedServer((req) => {
    const op = [...Object.values(operations)].find((o) => o.path === req.path);
    if (op?.kind === 'query') return { json: sampleQueryResponses[op.name] };
    if (op?.kind === 'submit') {
      const result = op.resultKey === undefined ? {} : { [op.resultKey]: sampleResults[op.name] };
      return { json: { activity: activityJson(op.activityType, 'ACTIVITY_STATUS_COMPLETED', result) } };
    }
    return { status: 404, json: { code: 5, message: 'no such path' } };
  });
  ours = new WalletInfraClient({
    baseUrl: server.url,
    organizationId: ORG,
    apiPublicKey: keys.publicKey,
    apiPrivateKey: keys.privateKey,
    clock: time.clock,
    sleep: time.sleep,
  });
  theirs = new TurnkeyClient(
    { baseUrl: server.url },
    new TurnkeyApiKeyStamper({ apiPublicKey: keys.publicKey, apiPrivateKey: keys.privateKey }),
  );
});

afterAll(async () => {
  await ours.close();
  await server.close();
});

/** Runs `call`, returning the one request it made. */
async function capture(call: () => Promise<unknown>): Promise<{ request: RecordedRequest; value: unknown }> {
  const before = server.requests.length;
  const value = await call();
  expect(server.requests.length).toBe(before + 1);
  return { request: server.requests[before]!, value };
}

function stampOf(request: RecordedRequest): { publicKey: string; scheme: string; signature: string } {
  return JSON.parse(Buffer.from(String(request.headers['x-stamp']), 'base64url').toString('utf8')) as {
    publicKey: string;
    scheme: string;
    signature: string;
  };
}

const queryNames = Object.values(operations)
  .filter((o) => o.kind === 'query')
  .map((o) => o.name);
const submitNames = Object.values(operations)
  .filter((o) => o.kind === 'submit')
  .map((o) => o.name);

describe.each(queryNames)('query %s', (name) => {
  test('sends the same body as TurnkeyClient, to the same path, and parses the answer', async () => {
    const method = camel(name) as keyof WalletInfraClient;
    const mine = await capture(() => (ours[method] as (b: unknown) => Promise<unknown>).call(ours, sampleQueryBodies[name]));
    const turnkeyMethod = (TURNKEY_METHOD[name] ?? camel(name)) as keyof TurnkeyClient;
    const input = { organizationId: ORG, ...sampleQueryBodies[name] };
    const theirsCall = await capture(() => (theirs[turnkeyMethod] as (b: unknown) => Promise<unknown>).call(theirs, input));

    expect(mine.request.path).toBe(`/public/v1/query/${name}`);
    expect(theirsCall.request.path).toBe(mine.request.path);
    expect(JSON.parse(mine.request.body)).toEqual(JSON.parse(theirsCall.request.body));
    expect(mine.value).toEqual(sampleQueryResponses[name]);
    // our stamp verifies with the real service's own verifier over the exact bytes we sent
    const stamp = stampOf(mine.request);
    await expect(verifyStampSignature(stamp.publicKey, stamp.signature, mine.request.body)).resolves.toBe(true);
    expect(mine.request.headers['content-type']).toBe('application/json');
    expect(mine.request.headers['accept']).toBe('application/json');
  });
});

describe.each(submitNames)('submit %s', (name) => {
  test('sends the same envelope as TurnkeyClient and returns the typed result', async () => {
    const method = camel(name) as keyof WalletInfraClient;
    const mine = await capture(() => (ours[method] as (p: unknown) => Promise<unknown>).call(ours, sampleParameters[name]));
    const op = operations[name];
    const envelope = {
      type: op.activityType,
      timestampMs: String(time.clock.now()),
      organizationId: ORG,
      parameters: sampleParameters[name],
    };
    const turnkeyMethod = (TURNKEY_METHOD[name] ?? camel(name)) as keyof TurnkeyClient;
    const theirsCall = await capture(() => (theirs[turnkeyMethod] as (b: unknown) => Promise<unknown>).call(theirs, envelope));

    expect(mine.request.path).toBe(`/public/v1/submit/${name}`);
    expect(theirsCall.request.path).toBe(mine.request.path);
    expect(JSON.parse(mine.request.body)).toEqual(JSON.parse(theirsCall.request.body));
    const { activity, result } = mine.value as { activity: { status: string }; result: unknown };
    expect(activity.status).toBe('ACTIVITY_STATUS_COMPLETED');
    expect(result).toEqual(sampleResults[name]);
  });
});

test('every operation of the registry has a client method of its camelCase name', () => {
  const missing = Object.keys(operations).filter((name) => typeof (ours as unknown as Record<string, unknown>)[camel(name)] !== 'function');
  expect(missing).toEqual([]);
});
