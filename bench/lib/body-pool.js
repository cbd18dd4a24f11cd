'use strict';
// Unique, pre-stamped submit bodies for the write-throughput cells: each create_policy body differs in
// timestampMs and policyName, so the emulator's idempotency (identical body -> same activity) never
// answers from its cache. Stamping happens before the timed cell; if a cell outruns the pool, the rest is
// stamped on the fly (counted, and shown in the report).
const { nodeStamper } = require('./node-stamp');

class BodyPool {
  constructor({ keyPair, organizationId, runId }) {
    this.stamp = nodeStamper(keyPair);
    this.organizationId = organizationId;
    this.runId = runId;
    this.counter = 0;
    this.ready = [];
    this.stampedOnTheFly = 0;
  }

  make() {
    this.counter += 1;
    const body = JSON.stringify({
      type: 'ACTIVITY_TYPE_CREATE_POLICY_V3',
      timestampMs: String(Date.now()),
      organizationId: this.organizationId,
      parameters: {
        policyName: `bench-${this.runId}-${this.counter}`,
        effect: 'EFFECT_ALLOW',
        condition: "activity.resource == 'PRIVATE_KEY' && activity.action == 'SIGN'",
        consensus: 'approvers.count() >= 1',
        notes: 'bench: write throughput',
      },
    });
    return { body, headers: { 'content-type': 'application/json', accept: 'application/json', 'x-stamp': this.stamp(body) } };
  }

  /** Makes sure at least `count` stamped bodies are waiting. */
  fill(count) {
    while (this.ready.length < count) this.ready.push(this.make());
  }

  next() {
    const item = this.ready.pop();
    if (item !== undefined) return item;
    this.stampedOnTheFly += 1;
    return this.make();
  }
}

module.exports = { BodyPool };
