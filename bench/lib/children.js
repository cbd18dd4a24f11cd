'use strict';
// Servers under test run in their own Node.js process, so the load generator and the server do not share
// one event loop (on a 2-core machine each gets a core). A child speaks a tiny request/response protocol
// over the IPC channel: {id, cmd, args} -> {id, ok, value | error}. Every child started here is stopped
// by `stopAll()` when its suite ends, even if the suite failed.
const { fork } = require('node:child_process');
const path = require('node:path');

const live = new Set();

class Child {
  constructor(proc) {
    this.proc = proc;
    this.nextId = 1;
    this.pending = new Map();
    this.exited = new Promise((resolve) => proc.once('exit', resolve));
    proc.on('message', (msg) => {
      const waiter = this.pending.get(msg.id);
      if (!waiter) return;
      this.pending.delete(msg.id);
      if (msg.ok) waiter.resolve(msg.value);
      else waiter.reject(new Error(msg.error));
    });
    proc.once('exit', (code, signal) => {
      for (const waiter of this.pending.values()) waiter.reject(new Error(`child exited (${signal ?? code}) before answering`));
      this.pending.clear();
      live.delete(this);
    });
  }

  call(cmd, args = {}) {
    const id = this.nextId++;
    return new Promise((resolve, reject) => {
      this.pending.set(id, { resolve, reject });
      this.proc.send({ id, cmd, args });
    });
  }

  async stop() {
    if (this.proc.exitCode !== null || this.proc.signalCode !== null) return;
    try {
      await Promise.race([this.call('close'), this.exited]);
    } catch {
      // the child may exit before it answers "close"; that is the point
    }
    const timer = setTimeout(() => this.proc.kill('SIGKILL'), 3000);
    this.proc.kill('SIGTERM');
    await this.exited;
    clearTimeout(timer);
  }
}

/** Starts bench/children/<name>.js and resolves once it answered `start` with `args`. */
async function start(name, args = {}) {
  const proc = fork(path.join(__dirname, '..', 'children', `${name}.js`), [], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env },
  });
  const child = new Child(proc);
  live.add(child);
  child.info = await child.call('start', args);
  return child;
}

async function stopAll() {
  await Promise.all([...live].map((c) => c.stop()));
}

module.exports = { start, stopAll };
