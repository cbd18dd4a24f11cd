'use strict';
// The do-nothing provider's methods, shared by the floor of the dynamic path (the bench's programs' serialized
// providers require this file, as @walletinfra/pulumi's require its runtime) and by the do-nothing native plugin
// (./noop-native). No I/O and none of our packages: what is left of a `pulumi` command through them is the
// engine, the language host, the program and the protocol. Their answers have the shape of the real provider's
// (the normal form with the kind's defaults and an organization id from `check`, the outputs with the object's id
// from `create`, the outputs and the inputs they imply from `read`), so the engine stores and compares as much
// for the floor as for the real provider. The facts per kind come from the bench (lib/kinds.js), in the JSON file
// $BENCH_FLOOR_KINDS.
const crypto = require('node:crypto');
const fs = require('node:fs');

// The length of a real organization id (a UUID), so the floor's state is as large.
const ORGANIZATION_ID = 'f1008000-0000-4000-8000-000000000000';

let facts;

function factsOf(type) {
  if (facts === undefined) {
    const file = process.env.BENCH_FLOOR_KINDS;
    if (!file) throw new Error('BENCH_FLOOR_KINDS is not set: the bench writes it for its floors');
    facts = JSON.parse(fs.readFileSync(file, 'utf8'));
  }
  const f = facts[type];
  if (f === undefined) throw new Error(`the floor knows no kind ${type}`);
  return f;
}

/** The inputs with the kind's defaults where unset, and an organization: the shape of the provider's normal form. */
function normal(type, news) {
  const out = { ...news };
  for (const [key, value] of Object.entries(factsOf(type).defaults)) if (out[key] === undefined || out[key] === null) out[key] = value;
  if (out.organizationId === undefined) out.organizationId = ORGANIZATION_ID;
  return out;
}

function withoutOutputOnly(type, props) {
  const f = factsOf(type);
  const dropped = new Set([...(f.idProperty !== null ? [f.idProperty] : []), ...f.outputOnly]);
  return Object.fromEntries(Object.entries(props).filter(([k]) => !dropped.has(k)));
}

/** The lifecycle of a kind that does nothing, in the runtime's shapes (check: {inputs}, diff: {changed, replaces}). */
function lifecycle(type) {
  return {
    check: async (_olds, news) => ({ inputs: normal(type, news) }),
    diff: async () => ({ changed: [], replaces: [] }),
    create: async (inputs) => {
      const id = crypto.randomUUID();
      const f = factsOf(type);
      return { id, outs: f.idProperty !== null ? { ...inputs, [f.idProperty]: id } : { ...inputs } };
    },
    read: async (id, props) => ({ id, props, inputs: withoutOutputOnly(type, props) }),
    update: async (_id, _olds, news) => ({ outs: news }),
    delete: async () => undefined,
  };
}

/** The same for a dynamic provider (Pulumi's shapes: diff answers {changes}). */
function dynamic(type) {
  const l = lifecycle(type);
  return { ...l, diff: async () => ({ changes: false }) };
}

module.exports = { lifecycle, dynamic };
