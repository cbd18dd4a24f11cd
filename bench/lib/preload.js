'use strict';
// Loaded into every Node.js process a bench `pulumi` command starts (NODE_OPTIONS=--require, set by
// lib/pulumi.js when a suite asks for accounting): the program, the dynamic provider, the native plugins.
// At exit it appends one JSON line to $BENCH_PROCESS_LOG with the process's role, its CPU time (exact:
// process.cpuUsage), the modules it loaded and its peak RSS, so a suite can say which process spent the
// time of a command on a machine where wall time is noisy. With $BENCH_CPU_PROFILE_DIR set, the processes
// whose role is in $BENCH_CPU_PROFILE_ROLES (comma-separated) also write a V8 CPU profile there.
//
// The engine ends a plugin with SIGINT: a process with no SIGINT handler of its own (the dynamic provider)
// would die without an 'exit' event, so this preload exits it on SIGINT itself, after the log is written;
// a process with its own handler (the native plugins) exits as it always does.
const fs = require('node:fs');
const path = require('node:path');

const LOG = process.env.BENCH_PROCESS_LOG;

/** What this process is in a `pulumi` run, from its command line. */
function roleOf(argv) {
  const script = argv[1] ?? '';
  if (/cmd[/\\]dynamic-provider/.test(script)) return 'dynamic-provider';
  if (/noop-native[/\\]pulumi-resource-walletinfra$/.test(script)) return 'noop-plugin';
  if (/pulumi-resource-walletinfra$/.test(script)) return 'plugin';
  if (/cmd[/\\]run/.test(script)) return 'program';
  return 'other';
}

if (LOG) {
  const role = roleOf(process.argv);
  const started = process.hrtime.bigint();
  const profileDir = process.env.BENCH_CPU_PROFILE_DIR;
  const profiled = profileDir !== undefined && (process.env.BENCH_CPU_PROFILE_ROLES ?? '').split(',').includes(role);
  let session;
  if (profiled) {
    const inspector = require('node:inspector');
    session = new inspector.Session();
    session.connect();
    // A main-thread session answers synchronously, so the profile can be stopped in the 'exit' handler.
    session.post('Profiler.enable');
    session.post('Profiler.setSamplingInterval', { interval: Number(process.env.BENCH_CPU_PROFILE_INTERVAL_US ?? 500) });
    session.post('Profiler.start');
  }
  let written = false;
  const write = () => {
    if (written) return;
    written = true;
    const cpu = process.cpuUsage();
    const record = {
      role,
      pid: process.pid,
      script: process.argv[1] ?? '',
      cpuMs: (cpu.user + cpu.system) / 1000,
      userMs: cpu.user / 1000,
      systemMs: cpu.system / 1000,
      lifeMs: Number(process.hrtime.bigint() - started) / 1e6,
      modules: Object.keys(require.cache).length,
      maxRssKiB: process.resourceUsage().maxRSS,
    };
    if (session !== undefined) {
      session.post('Profiler.stop', (error, result) => {
        if (error) return;
        const file = path.join(profileDir, `${role}-${process.pid}.cpuprofile`);
        fs.writeFileSync(file, JSON.stringify(result.profile));
        record.profile = file;
      });
    }
    fs.appendFileSync(LOG, `${JSON.stringify(record)}\n`);
  };
  process.on('exit', write);
  process.on('SIGINT', () => {
    if (process.listenerCount('SIGINT') > 1) return; // the process's own handler exits it
    write();
    process.exit(130);
  });
}
