// Run by wasm-tiering.test.ts as `node --allow-natives-syntax -r ../../support/ts-register-src.js wasm-tiering-child.js MODE`:
// asks V8 itself (natives syntax) which tier WebAssembly compiled around a transport's first request runs on,
// and records every V8 flag change the process makes. Prints one JSON line.
const http = require('node:http');
const { WebAssembly } = globalThis;
const v8 = require('node:v8');

// Every V8 flag change, recorded before the sdk loads (its flag setter reads `setFlagsFromString` at each call).
const flagsSet = [];
const setFlagsFromString = v8.setFlagsFromString;
v8.setFlagsFromString = (flags) => {
  flagsSet.push(flags);
  setFlagsFromString.call(v8, flags);
};

const { Agent } = require('undici');
const { Transport } = require('@walletinfra/sdk');

// (module (func (export "f") (param i32) (result i32) local.get 0 i32.const K i32.add)); K makes each module new
// bytes, so V8 cannot hand back an already-compiled module.
function compile(k) {
  const bytes = new Uint8Array([
    0,
    97,
    115,
    109,
    1,
    0,
    0,
    0,
    1,
    6,
    1,
    96,
    1,
    127,
    1,
    127,
    3,
    2,
    1,
    0,
    7,
    5,
    1,
    1,
    102,
    0,
    0,
    10,
    9,
    1,
    7,
    0,
    32,
    0,
    65,
    k,
    106,
    11,
  ]);
  return new WebAssembly.Instance(new WebAssembly.Module(bytes)).exports.f;
}

// Enough calls to spend V8's dynamic tiering budget, so a function that may tier up is queued for it.
function heat(f) {
  let x = 0;
  for (let i = 0; i < 3e6; i++) x = f(x) & 0xffff;
  return x;
}

// V8's natives syntax, compiled at run time (the child runs with --allow-natives-syntax) so this file stays
// plain JavaScript for the tools that read it.
const liftoff = new Function('f', 'return %IsLiftoffFunction(f)');

// Waits for the background compile V8 queued: each turn of the event loop looks once.
async function tieredUp(f) {
  while (liftoff(f)) {
    heat(f);
    await new Promise((resolve) => setImmediate(resolve));
  }
}

(async () => {
  const server = http.createServer((req, res) => res.writeHead(200, { 'content-type': 'application/json' }).end('{}'));
  await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
  // `library`: the sdk used as a library, nothing installed. `hold`: the process installs the tiering hold, as
  // the provider runtime's entry does, and the transport opens its own pool. `hold-user-dispatcher`: the same,
  // but the transport sends through a dispatcher it was given.
  const mode = process.argv[2];
  if (mode !== 'library') require('@walletinfra/sdk/process').installWasmTieringHold();
  const dispatcher = mode === 'hold-user-dispatcher' ? new Agent() : undefined;
  const transport = new Transport({ baseUrl: `http://127.0.0.1:${server.address().port}`, ...(dispatcher ? { dispatcher } : {}) });
  // After the transport opened its pool and before its first request settles, as undici builds its parser and
  // parses the first answer (V8 compiles a WebAssembly function on its first call).
  const during = compile(1);
  during(0);
  await transport.get({ path: '/health', operation: 'health' });
  const after = compile(2);
  heat(during);
  heat(after);
  if (mode !== 'hold' || process.execArgv.includes('--liftoff')) {
    // Both must reach the optimizing tier when the transport keeps out.
    await tieredUp(after);
    await tieredUp(during);
  } else {
    await tieredUp(after);
    // A module compiled later than `during` and heated later still tiers up first: `during` has no tier-up at all.
    const later = compile(3);
    heat(during);
    heat(later);
    await tieredUp(later);
  }
  console.log(JSON.stringify({ duringOnLiftoff: liftoff(during), afterOnLiftoff: liftoff(after), flagsSet }));
  await transport.close();
  await dispatcher?.close();
  server.close();
})().catch((e) => {
  console.error(e);
  process.exit(1);
});
