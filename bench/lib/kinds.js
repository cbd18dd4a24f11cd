'use strict';
// What the bench's programs and floors need to know of each resource kind, read once in the bench process
// from the built provider (its kind declarations) and its committed schema, and written into the programs as
// data: a floor must not load the provider it is the floor of.
//
// - `dynamicKeys`: the properties @walletinfra/pulumi's class registers (the resource's outputs a program may
//   leave unset, `organizationId`, and whatever the program gives: provider/src/resources/resource-class.ts and
//   provider/src/program.ts `resourceInputs`), so the do-nothing dynamic resource registers the same ones.
// - `nativeKeys`: what a generated SDK registers (every input of the schema, then every output that is not
//   one), `nativeSecretInputs`/`nativeSecretOutputs`: what it wraps as secret.
// - `defaults`, `idProperty`, `outputOnly`: so a floor answers `check`, `create` and `read` with values of the
//   same shape as the provider's (its normal form with the organization filled in, the outputs with the id).
const path = require('node:path');
const { ROOT } = require('./machine');

let cached;

function load() {
  const { KINDS } = require(path.join(ROOT, 'provider', 'dist', 'resources', 'kinds.js'));
  const { COMMON_KEYS, SET_ONLY_KEYS } = require(path.join(ROOT, 'provider', 'dist', 'resources', 'common', 'inputs.js'));
  const schema = require(path.join(ROOT, 'provider', 'schema.json'));
  const alwaysOutput = COMMON_KEYS.filter((k) => !SET_ONLY_KEYS.includes(k));
  const out = {};
  for (const kind of KINDS) {
    const shape = kind.args.shape;
    const required = Object.keys(shape).filter((k) => !shape[k].safeParse(undefined).success);
    const optional = Object.keys(kind.outputs.shape).filter((k) => !required.includes(k));
    const resource = schema.resources[kind.nativeToken];
    if (resource === undefined) throw new Error(`provider/schema.json has no ${kind.nativeToken}: run npm run schema`);
    const inputs = Object.keys(resource.inputProperties ?? {});
    const outputs = Object.keys(resource.properties ?? {});
    const secret = (props) =>
      Object.entries(props ?? {})
        .filter(([, p]) => p.secret === true)
        .map(([k]) => k);
    out[kind.type] = {
      type: kind.type,
      token: kind.nativeToken,
      dynamicKeys: [...new Set([...optional, ...alwaysOutput])],
      secretInputs: kind.secrets?.inputs ?? [],
      secretOutputs: kind.secrets?.outputs ?? [],
      nativeKeys: [...new Set([...inputs, ...outputs])],
      nativeSecretInputs: secret(resource.inputProperties),
      nativeSecretOutputs: secret(resource.properties),
      defaults: kind.defaults,
      idProperty: kind.idProperty ?? null,
      outputOnly: kind.outputOnly ?? [],
    };
  }
  return out;
}

/** `{type: facts}` for every kind of the built provider. */
function kindFacts() {
  cached ??= load();
  return cached;
}

module.exports = { kindFacts };
