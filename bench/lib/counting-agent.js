'use strict';
// An undici Agent that counts the HTTP requests sent through it (every attempt, retries included). It is
// built from the sdk's own undici (7.x), so the sdk accepts it as its `dispatcher` (provider client.ts).
const path = require('node:path');
const { ROOT } = require('./machine');

const { Agent } = require(require.resolve('undici', { paths: [path.join(ROOT, 'sdk')] }));

class CountingAgent extends Agent {
  constructor(options) {
    super(options);
    this.requests = 0;
  }

  dispatch(options, handler) {
    this.requests += 1;
    return super.dispatch(options, handler);
  }
}

module.exports = { CountingAgent };
