#!/usr/bin/env node
'use strict';
// `node bench/work.js [--n 300] [--path native|dynamic] [--profile DIR] [--org SCALE]`: the provider's own work for
// the requests of a `pulumi up` (its preview, then its update) and of a `pulumi refresh`, without Pulumi: each phase in
// a fresh Node.js process, as the engine starts a fresh plugin per command, sending the requests the engine sends
// (Configure; Check and a preview Create per resource; Check and Create per resource; Read then Diff per resource)
// to the walletinfra plugin's gRPC service handlers (`--path native`, the default) or to the dynamic provider's
// runtime (`--path dynamic`), and to the do-nothing plugin's (the floor), against the emulator in its own process.
// Each phase reports its process's CPU time (exact, process.cpuUsage: module loading included), the modules it loaded,
// and the requests the emulator served; `--profile DIR` writes a V8 CPU profile of each phase there.
//
// It counts work rather than timing it, so it is repeatable on a loaded machine: the figures in bench/README.md
// ("Where the provider's remaining cost goes") come from it and from the suites' CPU tables.
const { fork, spawn } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const children = require('./lib/children');
const { ms, int, textTable } = require('./lib/format');
const { median } = require('./lib/measure');
const { writeFloorKinds, policyArgs } = require('./lib/e2e-programs');
const { organizationSpec } = require('./lib/organization');

const ROOT = path.resolve(__dirname, '..');
const PHASES = ['preview', 'update', 'refresh'];

function parse(argv) {
  const out = { n: 300, path: 'native', profile: undefined, trials: 1, org: undefined, valgrind: false };
  for (let i = 0; i < argv.length; i += 1) {
    const [flag, inline] = argv[i].split(/=(.*)/s, 2);
    const value = () => (inline !== undefined ? inline : argv[++i]);
    if (flag === '--n') out.n = Number(value());
    else if (flag === '--path') out.path = value();
    else if (flag === '--profile') out.profile = path.resolve(value());
    else if (flag === '--trials') out.trials = Number(value());
    else if (flag === '--org') out.org = Number(value());
    else if (flag === '--valgrind') out.valgrind = true;
    else throw new Error(`unknown option ${argv[i]} (known: --n, --path native|dynamic, --profile DIR, --trials, --org SCALE, --valgrind)`);
  }
  if (!['native', 'dynamic'].includes(out.path)) throw new Error('--path is native or dynamic');
  return out;
}

/** Instructions the process executed, from callgrind's output file (its `summary:` or `totals:` line). */
function instructionsIn(file) {
  const match = /^(?:summary|totals): (\d+)/m.exec(fs.readFileSync(file, 'utf8'));
  fs.rmSync(file, { force: true });
  return match ? Number(match[1]) : NaN;
}

/**
 * One phase in a child process (this file with BENCH_WORK_PHASE set): resolves to what it reports. With `valgrind`,
 * the child runs under `valgrind --tool=callgrind` (V8 single-threaded), and the report has its instruction count.
 */
function phase(env, { profileDir, valgrind }) {
  return new Promise((resolve, reject) => {
    const nodeArgs = profileDir !== undefined ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--cpu-prof-interval=250'] : [];
    const out = path.join(os.tmpdir(), `bench-work-${process.pid}-${env.BENCH_WORK_PHASE}.callgrind`);
    const options = { env: { ...process.env, ...env }, stdio: ['ignore', 'inherit', 'inherit', 'ipc'] };
    const child = valgrind
      ? spawn(
          'valgrind',
          ['--tool=callgrind', `--callgrind-out-file=${out}`, process.execPath, '--single-threaded', ...nodeArgs, __filename],
          {
            ...options,
            stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
          },
        )
      : fork(__filename, [], { ...options, execArgv: nodeArgs });
    let report;
    child.on('message', (m) => (report = m));
    child.on('exit', (code) => {
      if (code !== 0 || report === undefined) return reject(new Error(`phase ${env.BENCH_WORK_PHASE} exited ${code}`));
      return resolve(valgrind ? { ...report, instructions: instructionsIn(out) } : report);
    });
  });
}

async function main() {
  const options = parse(process.argv.slice(2));
  const work = path.join(ROOT, 'bench', 'out', 'work');
  fs.mkdirSync(work, { recursive: true });
  const floorKinds = writeFloorKinds(path.join(work, 'floor-kinds.json'));
  const rows = [];
  for (const variant of ['floor', 'walletinfra']) {
    const samples = Object.fromEntries(PHASES.map((p) => [p, []]));
    for (let t = 0; t < options.trials; t += 1) {
      const emulator = await children.start('emulator', {});
      try {
        const creds = emulator.info.credentials;
        const specFile = path.join(work, `spec-${variant}.json`);
        const resources =
          options.org !== undefined
            ? organizationSpec(options.org, creds.userId).resources
            : Array.from({ length: options.n }, (_, i) => ({ type: 'Policy', name: `p${i}`, args: policyArgs(i) }));
        fs.writeFileSync(specFile, JSON.stringify({ resources }));
        const state = path.join(work, `state-${variant}.json`);
        for (const p of PHASES) {
          await emulator.call('resetStats');
          const dir = options.profile !== undefined ? path.join(options.profile, `${options.path}-${variant}-${p}`) : undefined;
          const r = await phase(
            {
              BENCH_WORK_PHASE: p,
              BENCH_WORK_VARIANT: variant,
              BENCH_WORK_PATH: options.path,
              BENCH_WORK_SPEC: specFile,
              BENCH_WORK_STATE: state,
              BENCH_FLOOR_KINDS: floorKinds,
              BENCH_WORK_CREDENTIALS: JSON.stringify(creds),
            },
            { profileDir: dir, valgrind: options.valgrind },
          );
          const served = await emulator.call('stats');
          samples[p].push({
            ...r,
            requests: Object.values(served.requests).reduce((a, b) => a + b, 0),
            byPath: served.requests,
            emulatorCpuMs: served.cpuMs,
          });
        }
      } finally {
        await emulator.stop();
      }
    }
    for (const p of PHASES) {
      const s = samples[p];
      rows.push([
        variant,
        p,
        ms(median(s.map((x) => x.cpuMs))),
        options.valgrind ? `${(median(s.map((x) => x.instructions)) / 1e9).toFixed(3)} G` : '-',
        ms(median(s.map((x) => x.requestCpuMs))),
        int(median(s.map((x) => x.modules))),
        int(median(s.map((x) => x.requests))),
        ms(median(s.map((x) => x.emulatorCpuMs))),
        int(median(s.map((x) => x.warnings))),
        Object.entries(s[s.length - 1].byPath)
          .map(([k, v]) => `${v} ${k.split('/').pop()}`)
          .join(', '),
      ]);
    }
  }
  const what = options.org !== undefined ? `an organization at scale ${options.org}` : `${options.n} policies`;
  process.stdout.write(
    `${options.path} path, ${what}, medians of ${options.trials} trial(s):\n${textTable(
      [
        'variant',
        'phase',
        'process CPU',
        'instructions',
        'of it in requests',
        'modules',
        'HTTP requests',
        'emulator CPU',
        'warnings',
        'requests by operation',
      ],
      rows,
    )}\n`,
  );
}

// ---- the child: one phase ----

/** Warnings the provider gave (the engine would print each). */
let warnings = 0;

function call(handler, request) {
  return new Promise((resolve, reject) => {
    handler({ request }, (error, response) => (error ? reject(new Error(error.details ?? error.message)) : resolve(response)));
  });
}

/** The native path: the plugin's service (the walletinfra lifecycles, or the floor's) and protobuf requests. */
function nativeClient(variant, creds) {
  // what the plugin's entry (native/main.ts) installs before anything loads zod; the floor's entry does not
  if (variant !== 'floor') require(path.join(ROOT, 'provider', 'dist', 'runtime', 'process', 'lazy-locales.js'));
  const { createNativeProvider } = require(path.join(ROOT, 'provider', 'dist', 'native', 'server.js'));
  const { proto } = require(path.join(ROOT, 'provider', 'dist', 'native', 'proto.js'));
  // the floor: the same server, every kind doing nothing (as children/noop-native)
  const floor = variant === 'floor' ? require(path.join(ROOT, 'bench', 'children', 'floor.js')) : undefined;
  const provider = createNativeProvider({
    version: '0.0.0',
    schema: () => '{}',
    ...(floor !== undefined ? { lifecycleOf: (kind) => floor.lifecycle(kind.type) } : {}),
    runtime: { env: serviceEnvOf(creds), warn: () => (warnings += 1) },
  });
  const { provider: p, struct } = proto();
  const s = provider.service;
  const urn = (type, name) => `urn:pulumi:bench::bench::walletinfra:index:${type}::${name}`;
  const toStruct = (v) => struct.Struct.fromJavaScript(JSON.parse(JSON.stringify(v)));
  return {
    configure: async () => {
      const req = new p.ConfigureRequest();
      req.setArgs(toStruct({}));
      await call(s.configure, req);
    },
    check: async (r, olds) => {
      const req = new p.CheckRequest();
      req.setUrn(urn(r.type, r.name));
      req.setOlds(toStruct(olds ?? {}));
      req.setNews(toStruct(r.args));
      const res = await call(s.check, req);
      if (res.getFailuresList().length > 0)
        throw new Error(
          `${r.name}: ${res
            .getFailuresList()
            .map((f) => `${f.getProperty()}: ${f.getReason()}`)
            .join('; ')}`,
        );
      return res.getInputs().toJavaScript();
    },
    create: async (r, inputs, preview) => {
      const req = new p.CreateRequest();
      req.setUrn(urn(r.type, r.name));
      req.setProperties(toStruct(inputs));
      req.setPreview(preview);
      const res = await call(s.create, req);
      return { id: res.getId(), outs: res.getProperties().toJavaScript() };
    },
    read: async (r, id, outs, inputs) => {
      const req = new p.ReadRequest();
      req.setUrn(urn(r.type, r.name));
      req.setId(id);
      req.setProperties(toStruct(outs));
      req.setInputs(toStruct(inputs));
      const res = await call(s.read, req);
      return { outs: res.getProperties().toJavaScript(), inputs: res.getInputs()?.toJavaScript() ?? inputs };
    },
    diff: async (r, id, olds, news) => {
      const req = new p.DiffRequest();
      req.setUrn(urn(r.type, r.name));
      req.setId(id);
      req.setOlds(toStruct(olds));
      req.setNews(toStruct(news));
      req.setOldInputs(toStruct(news));
      const res = await call(s.diff, req);
      if (res.getDiffsList().length > 0) throw new Error(`${r.name}: a refresh found a diff (${res.getDiffsList().join(', ')})`);
    },
  };
}

function serviceEnvOf(creds) {
  return {
    WALLETINFRA_BASE_URL: creds.baseUrl,
    WALLETINFRA_ORGANIZATION_ID: creds.organizationId,
    WALLETINFRA_API_PUBLIC_KEY: creds.apiPublicKey,
    WALLETINFRA_API_PRIVATE_KEY: creds.apiPrivateKey,
    WALLETINFRA_ON_RAMP_ENCRYPTION_PUBLIC_KEY: creds.onRampEncryptionPublicKey,
  };
}

/** The dynamic path: the runtime's providers (what the dynamic-provider process calls), or the floor's. */
function dynamicClient(variant, creds) {
  Object.assign(process.env, serviceEnvOf(creds));
  let kinds;
  let configure = async () => undefined;
  if (variant === 'floor') {
    const { dynamic } = require(path.join(ROOT, 'bench', 'children', 'floor.js'));
    kinds = new Proxy({}, { get: (_t, type) => dynamic(type) });
  } else {
    // What runtime/index.js does in the dynamic-provider process, with the warnings counted instead of sent.
    require(path.join(ROOT, 'provider', 'dist', 'runtime', 'process', 'lazy-locales.js'));
    require(path.join(ROOT, 'sdk', 'dist', 'process', 'index.js')).installWasmTieringHold();
    const { createRuntime } = require(path.join(ROOT, 'provider', 'dist', 'runtime', 'providers.js'));
    const runtime = createRuntime({ warn: () => (warnings += 1) });
    const { KINDS } = require(path.join(ROOT, 'provider', 'dist', 'resources', 'kinds.js'));
    kinds = Object.fromEntries(KINDS.map((k) => [k.type, runtime.kinds[k.member]]));
    configure = () => runtime.configure({ config: { get: () => undefined, rawConfig: {} } });
  }
  return {
    configure,
    check: async (r, olds) => {
      const res = await kinds[r.type].check(olds ?? {}, r.args);
      if (res.failures?.length > 0) throw new Error(`${r.name}: ${JSON.stringify(res.failures)}`);
      return res.inputs;
    },
    create: async (r, inputs, preview) => (preview ? { id: '', outs: inputs } : kinds[r.type].create(inputs)),
    read: async (r, id, outs, inputs) => {
      const res = await kinds[r.type].read(id, outs);
      return { outs: res.props, inputs: res.inputs ?? inputs };
    },
    diff: async (r, id, olds, news) => {
      const res = await kinds[r.type].diff(id, olds, news);
      if (res.changes) throw new Error(`${r.name}: a refresh found a diff`);
    },
  };
}

/** The resources an argument names. */
function refsOf(v) {
  if (Array.isArray(v)) return v.flatMap(refsOf);
  if (v === null || typeof v !== 'object') return [];
  if (v.$ref !== undefined) return [v.$ref[0]];
  return Object.values(v.$concat ?? v).flatMap(refsOf);
}

// Pulumi's value for an output not known yet (a preview's ids), as the engine sends it (provider/src/wire.ts).
const UNKNOWN = '04da6b54-80e4-46f7-96ec-b56ff0331ba9';

/** Resolves `$ref`/`$concat` against the outputs of the resources before it; an output not known yet is unknown. */
function resolve(v, outputs) {
  if (Array.isArray(v)) return v.map((x) => resolve(x, outputs));
  if (v === null || typeof v !== 'object') return v;
  if (v.$ref !== undefined) return outputs.get(v.$ref[0])?.[v.$ref[1]] ?? UNKNOWN;
  if (v.$concat !== undefined) {
    const parts = v.$concat.map((x) => resolve(x, outputs));
    return parts.includes(UNKNOWN) ? UNKNOWN : parts.join('');
  }
  return Object.fromEntries(Object.entries(v).map(([k, x]) => [k, resolve(x, outputs)]));
}

async function child() {
  const phaseName = process.env.BENCH_WORK_PHASE;
  const creds = JSON.parse(process.env.BENCH_WORK_CREDENTIALS);
  const variant = process.env.BENCH_WORK_VARIANT;
  const client = (process.env.BENCH_WORK_PATH === 'native' ? nativeClient : dynamicClient)(variant, creds);
  const { resources } = JSON.parse(fs.readFileSync(process.env.BENCH_WORK_SPEC, 'utf8'));
  const statePath = process.env.BENCH_WORK_STATE;
  const before = process.cpuUsage();
  await client.configure();
  if (phaseName === 'preview' || phaseName === 'update') {
    const outputs = new Map();
    const steps = new Map();
    const state = [];
    const creates = [];
    // The engine checks each resource as the program registers it and starts its step at once; a resource that names
    // another's output waits for that create (in a preview, create answers at once with the inputs).
    for (const r of resources) {
      await Promise.all(refsOf(r.args).map((name) => steps.get(name)));
      const args = resolve(r.args, outputs);
      const checked = await client.check({ ...r, args });
      const step = client.create(r, checked, phaseName === 'preview').then(({ id, outs }) => {
        outputs.set(r.name, outs);
        state.push({ r: { type: r.type, name: r.name }, id, outs, inputs: checked });
      });
      steps.set(r.name, step);
      creates.push(step);
    }
    await Promise.all(creates);
    if (phaseName === 'update') fs.writeFileSync(statePath, JSON.stringify(state));
  } else {
    const state = JSON.parse(fs.readFileSync(statePath, 'utf8'));
    await Promise.all(
      state.map(async (s) => {
        const read = await client.read(s.r, s.id, s.outs, s.inputs);
        await client.diff(s.r, s.id, read.outs, read.inputs);
      }),
    );
  }
  const cpu = process.cpuUsage();
  const spent = process.cpuUsage(before);
  process.send({
    cpuMs: (cpu.user + cpu.system) / 1000,
    requestCpuMs: (spent.user + spent.system) / 1000,
    modules: Object.keys(require.cache).length,
    warnings,
  });
  process.disconnect();
  setImmediate(() => process.exit(0));
}

if (process.env.BENCH_WORK_PHASE !== undefined) {
  child().catch((error) => {
    process.stderr.write(`bench/work.js (${process.env.BENCH_WORK_PHASE}): ${error instanceof Error ? error.stack : String(error)}\n`);
    process.exit(1);
  });
} else {
  main().then(
    () => children.stopAll(),
    async (error) => {
      await children.stopAll();
      process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
      process.exitCode = 1;
    },
  );
}
