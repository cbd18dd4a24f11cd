'use strict';
// The throughput baselines: a bare node:http server that reads the whole request body and answers a fixed
// JSON body per path (the very bytes the emulator answered for that operation), with nothing in between:
// the most a Node.js HTTP server can do on this machine. With `verifyWith` (an API key pair) it first
// checks each request's X-Stamp over the body with node:crypto and a key object parsed once: the most any
// server that authenticates every request can do.
const crypto = require('node:crypto');
const http = require('node:http');
const { serve } = require('./serve');
const { keyObjects } = require('../lib/node-stamp');

let server;

/** `(headerValue, body) => boolean`: decode the stamp, verify its signature over the body bytes. */
function stampVerifier(pair) {
  const { publicKey } = keyObjects(pair);
  return (headerValue, body) => {
    try {
      const stamp = JSON.parse(Buffer.from(headerValue, 'base64url').toString('utf8'));
      return crypto.verify('sha256', body, publicKey, Buffer.from(stamp.signature, 'hex'));
    } catch {
      return false;
    }
  };
}

serve({
  async start({ responses, verifyWith }) {
    const bodies = new Map(Object.entries(responses).map(([p, text]) => [p, Buffer.from(text, 'utf8')]));
    const verify = verifyWith === undefined ? undefined : stampVerifier(verifyWith);
    server = http.createServer((req, res) => {
      const chunks = [];
      req.on('data', verify === undefined ? () => undefined : (c) => chunks.push(c));
      req.on('end', () => {
        if (verify !== undefined && !verify(String(req.headers['x-stamp'] ?? ''), Buffer.concat(chunks))) {
          res.writeHead(401, { 'content-type': 'application/json' }).end('{"code":16,"message":"bad stamp","details":[]}');
          return;
        }
        const body = bodies.get(req.url);
        if (body === undefined) {
          res.writeHead(404, { 'content-type': 'application/json' }).end('{"code":5,"message":"not found","details":[]}');
          return;
        }
        res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length }).end(body);
      });
    });
    server.keepAliveTimeout = 60_000;
    await new Promise((resolve) => server.listen(0, '127.0.0.1', resolve));
    return { baseUrl: `http://127.0.0.1:${server.address().port}` };
  },
  async close() {
    if (server) {
      server.closeAllConnections();
      await new Promise((resolve) => server.close(resolve));
    }
  },
});
