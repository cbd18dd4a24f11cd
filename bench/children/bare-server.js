'use strict';
// The throughput baseline: a bare node:http server that reads the whole request body and answers a fixed
// JSON body per path (the very bytes the emulator answered for that operation), with nothing in between.
// It is the most a Node.js HTTP server can do on this machine: the emulator's "limit".
const http = require('node:http');
const { serve } = require('./serve');

let server;

serve({
  async start({ responses }) {
    const bodies = new Map(Object.entries(responses).map(([p, text]) => [p, Buffer.from(text, 'utf8')]));
    server = http.createServer((req, res) => {
      req.on('data', () => undefined);
      req.on('end', () => {
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
