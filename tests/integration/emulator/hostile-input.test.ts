// Hostile or careless input never costs a 500, a reset or a huge answer: request arrays have upper bounds
// (validated before any element), a validator that overflows its stack ends in a 400, an error lists the first
// few problems and a count, bodies past the limit get a 413 in the service's shape on every path (the body is
// drained, so the client reads the answer instead of a reset), oversized headers and malformed HTTP get a
// JSON error, and none of it changes state.
import { expect } from '@jest/globals';
import { connect } from 'node:net';
import type { RunningEmulator } from '@walletinfra/emulator';
import { envelope, serviceError, stampedPost, startTestEmulator } from '../../support/emulator';

let emu: RunningEmulator;
let port: number;
beforeAll(async () => {
  emu = await startTestEmulator();
  port = Number(new URL(emu.baseUrl).port);
});
afterAll(() => emu.close());

const submit = (name: string) => `/public/v1/submit/${name}`;
const invalid = (message: string) => serviceError(3, message, 'REQUEST_INVALID');

/** One raw HTTP exchange: writes `head`, then `bodyBytes` spaces in 64 KiB chunks; resolves with what came back. */
function rawExchange(head: string, bodyBytes = 0): Promise<{ error?: string; status: number; body: unknown }> {
  return new Promise((resolve) => {
    const socket = connect(port, '127.0.0.1');
    let data = '';
    let error: string | undefined;
    socket.on('data', (d: Buffer) => (data += d.toString('latin1')));
    socket.on('error', (e: NodeJS.ErrnoException) => (error = e.code ?? e.message));
    socket.on('close', () => {
      const [headText = '', bodyText = ''] = data.split('\r\n\r\n');
      let body: unknown = bodyText;
      try {
        body = JSON.parse(bodyText);
      } catch {
        // keep the text
      }
      resolve({ ...(error === undefined ? {} : { error }), status: Number(headText.split(' ')[1]), body });
    });
    socket.write(head);
    let sent = 0;
    const pump = (): void => {
      while (sent < bodyBytes) {
        const n = Math.min(64 * 1024, bodyBytes - sent);
        sent += n;
        if (!socket.write(Buffer.alloc(n, 0x20))) {
          socket.once('drain', pump);
          return;
        }
      }
      socket.end();
    };
    pump();
  });
}

describe('request arrays have upper bounds; validation never ends in a 500', () => {
  const subOrg = (user: Record<string, unknown>) =>
    envelope(
      emu,
      'ACTIVITY_TYPE_CREATE_SUB_ORGANIZATION_V8',
      {
        subOrganizationName: 'deep',
        rootQuorumThreshold: 1,
        rootUsers: [{ userName: 'u', apiKeys: [], authenticators: [], oauthProviders: [], ...user }],
      },
      Date.now(),
    );

  test.each([
    ['apiKeys', 'parameters.rootUsers[0].apiKeys: must have at most 20 items'],
    ['authenticators', 'parameters.rootUsers[0].authenticators: must have at most 10 items'],
  ])('create_sub_organization with 100,000 %s answers 400 naming the bound', async (field, message) => {
    const before = emu.store.dump();
    const res = await stampedPost(emu, submit('create_sub_organization'), subOrg({ [field]: new Array(100_000).fill({}) }));
    expect([res.status, res.json]).toEqual([400, invalid(`invalid request body: ${message}`)]);
    expect(emu.store.dump()).toEqual(before);
  });

  test('a 300 KB create_wallet with 100,000 bad accounts gets a short answer, fast, and does not stall others', async () => {
    const body = envelope(emu, 'ACTIVITY_TYPE_CREATE_WALLET', { walletName: 'w', accounts: new Array(100_000).fill({}) }, Date.now());
    const [bad, ...others] = await Promise.all([
      stampedPost(emu, submit('create_wallet'), body),
      ...Array.from({ length: 5 }, () =>
        stampedPost(emu, '/public/v1/query/list_policies', { organizationId: emu.credentials.organizationId }),
      ),
    ]);
    expect([bad.status, bad.json]).toEqual([400, invalid('invalid request body: parameters.accounts: must have at most 100 items')]);
    expect(others.map((o) => o.status)).toEqual([200, 200, 200, 200, 200]);
  });

  test('an error lists the first 10 problems and how many more there are', async () => {
    const accounts = Array.from({ length: 40 }, () => ({
      curve: 'CURVE_NOPE',
      pathFormat: 'PATH_FORMAT_BIP32',
      path: "m/44'/60'/0'/0/0",
      addressFormat: 'ADDRESS_FORMAT_ETHEREUM',
    }));
    const res = await stampedPost(
      emu,
      submit('create_wallet'),
      envelope(emu, 'ACTIVITY_TYPE_CREATE_WALLET', { walletName: 'w', accounts: accounts.slice(0, 100) }, Date.now()),
    );
    expect(res.status).toBe(400);
    const message = res.error.message;
    expect(message.split('; ').slice(0, 10)).toEqual(
      Array.from(
        { length: 10 },
        (_, i) =>
          `${i === 0 ? 'invalid request body: ' : ''}parameters.accounts[${i}].curve: must be one of "CURVE_SECP256K1"|"CURVE_ED25519"|"CURVE_P256"`,
      ),
    );
    expect(message.endsWith('; and 30 more')).toBe(true);
  });

  test('an on-ramp ciphertext of 900,000 characters answers 400 naming the bound, without decoding it', async () => {
    const before = emu.store.dump();
    const params = {
      onrampProvider: 'FIAT_ON_RAMP_PROVIDER_COINBASE',
      publishableApiKey: 'pk',
      encryptedSecretApiKey: '1'.repeat(900_000),
    };
    const res = await stampedPost(
      emu,
      submit('create_fiat_on_ramp_credential'),
      envelope(emu, 'ACTIVITY_TYPE_CREATE_FIAT_ON_RAMP_CREDENTIAL', params, Date.now()),
    );
    expect([res.status, res.json]).toEqual([
      400,
      invalid('invalid request body: parameters.encryptedSecretApiKey: must be at most 8192 characters'),
    ]);
    expect(emu.store.dump()).toEqual(before);
  });

  test('a body nested 100,000 levels deep answers 400, not 500', async () => {
    const deep = `{"organizationId":"${emu.credentials.organizationId}","paginationOptions":${'['.repeat(100_000)}${']'.repeat(100_000)}}`;
    const res = await stampedPost(emu, '/public/v1/query/list_activities', deep);
    expect(res.status).toBe(400);
    expect(res.json).toEqual(expect.objectContaining({ code: 3, message: expect.stringMatching(/^invalid request body: /) }));
  });
});

describe('every rejection the server makes is in the service error shape, without resets', () => {
  const tooLarge = invalid('request body too large: the limit is 1048576 bytes');

  test.each(['/public/v1/query/list_policies', '/public/v1/submit/create_policy', '/no/such/path', '/__admin/health'])(
    'a 20 MiB body with a Content-Length on %s gets 413 ten times out of ten, never a reset',
    async (path) => {
      const size = 20 * 1024 * 1024;
      const results = [];
      for (let i = 0; i < 10; i++) {
        results.push(
          await rawExchange(
            `POST ${path} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json\r\nContent-Length: ${size}\r\n\r\n`,
            size,
          ),
        );
      }
      expect(results).toEqual(Array.from({ length: 10 }, () => ({ status: 413, body: tooLarge })));
    },
  );

  test('a chunked body that grows past the limit gets 413 too', async () => {
    const res = await fetch(`${emu.baseUrl}/public/v1/query/list_policies`, {
      method: 'POST',
      body: new ReadableStream({
        start(controller) {
          for (let i = 0; i < 40; i++) controller.enqueue(new Uint8Array(64 * 1024).fill(0x20));
          controller.close();
        },
      }),
      duplex: 'half',
    } as RequestInit);
    expect([res.status, await res.json()]).toEqual([413, tooLarge]);
  });

  test('headers past 16 KiB get 431 with a JSON error body', async () => {
    const res = await rawExchange(`GET /public/v1/query/list_policies HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ${'a'.repeat(20_000)}\r\n\r\n`);
    expect(res).toEqual({ status: 431, body: invalid('request header fields too large: the limit is 16384 bytes in all') });
  });

  test('malformed HTTP gets 400 with a JSON error body', async () => {
    expect(await rawExchange('BLAH\r\n\r\n')).toEqual({ status: 400, body: invalid('malformed HTTP request') });
  });

  test('a request target that is not a URL gets 400, and the emulator stays up', async () => {
    expect(await rawExchange('GET http://[ HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n')).toEqual({
      status: 400,
      body: invalid('malformed request target: not a URL path'),
    });
    const after = await stampedPost(emu, '/public/v1/query/list_policies', { organizationId: emu.credentials.organizationId });
    expect(after.status).toBe(200);
  });
});
