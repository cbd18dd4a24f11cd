'use strict';
// The floor of a fleet scan: the same requests a scan sent, bare, at the same concurrency. argv[2] is the JSON
// {baseUrl, organizationId, apiPublicKey, apiPrivateKey, concurrency, requests: {operation: count}}: the
// sub-organizations are listed as the scan lists them (list_suborgs, 100 a page), then every other operation of
// the scan is sent once per sub-organization, `concurrency` requests in flight, each signed and its answer parsed
// by the sdk as any client would; no template, no classification, no report. Prints {ms, sent}.
const { ConcurrencyLimit, LimitedDispatcher, WalletInfraClient } = require('@walletinfra/sdk');

async function floor() {
  const o = JSON.parse(process.argv[2]);
  const dispatcher = new LimitedDispatcher(new ConcurrencyLimit(o.concurrency));
  const client = new WalletInfraClient({
    baseUrl: o.baseUrl,
    organizationId: o.organizationId,
    apiPublicKey: o.apiPublicKey,
    apiPrivateKey: o.apiPrivateKey,
    dispatcher,
  });
  const start = Number(process.hrtime.bigint()) / 1e6;
  const ids = [];
  for await (const id of client.iterateSuborgs({ paginationOptions: { limit: '100' } })) ids.push(id);
  let sent = Math.ceil((ids.length + 1) / 100);
  const per = Object.entries(o.requests).filter(([op]) => op !== 'list_suborgs' && op !== 'retries');
  const queue = [];
  for (const [op, count] of per) for (let i = 0; i < count; i += 1) queue.push([op, ids[i % ids.length]]);
  let next = 0;
  const worker = async () => {
    while (next < queue.length) {
      const [op, id] = queue[next];
      next += 1;
      await client.query(op, { organizationId: id });
      sent += 1;
    }
  };
  await Promise.all(Array.from({ length: o.concurrency }, worker));
  const ms = Number(process.hrtime.bigint()) / 1e6 - start;
  await client.close();
  await dispatcher.close();
  process.stdout.write(`${JSON.stringify({ ms, sent })}\n`);
}

floor().then(
  () => process.exit(0),
  (error) => {
    process.stderr.write(`${error.stack ?? error}\n`);
    process.exit(1);
  },
);
