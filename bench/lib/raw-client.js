'use strict';
// Stamped requests with the stamp made once, up front: the store-scale suite times the emulator, not the
// client's signing. Bytes sent are exactly the bytes stamped (docs/service-behaviour.md#request-stamps).
const path = require('node:path');
const { ROOT } = require('./machine');
const { nodeStamper } = require('./node-stamp');

const { Pool } = require(require.resolve('undici', { paths: [path.join(ROOT, 'sdk')] }));

/** A keep-alive connection pool to `baseUrl` that sends pre-stamped POSTs. */
function rawClient(baseUrl, keyPair) {
  const pool = new Pool(baseUrl, { connections: 4 });
  const stamp = nodeStamper(keyPair);
  return {
    /** Stamps `body` once; the returned function sends it and resolves to the parsed JSON (throws on non-2xx). */
    prepare(urlPath, body) {
      const text = JSON.stringify(body);
      const headers = { 'content-type': 'application/json', accept: 'application/json', 'x-stamp': stamp(text) };
      return async () => {
        const res = await pool.request({ method: 'POST', path: urlPath, headers, body: text });
        const answer = await res.body.text();
        if (res.statusCode !== 200) throw new Error(`${urlPath} answered ${res.statusCode}: ${answer.slice(0, 300)}`);
        return answer;
      };
    },
    /** Sends `text` with the headers given (already stamped); resolves to the answer text (throws on non-2xx). */
    async send(urlPath, text, headers) {
      const res = await pool.request({ method: 'POST', path: urlPath, headers, body: text });
      const answer = await res.body.text();
      if (res.statusCode !== 200) throw new Error(`${urlPath} answered ${res.statusCode}: ${answer.slice(0, 300)}`);
      return answer;
    },
    close: () => pool.close(),
  };
}

module.exports = { rawClient };
