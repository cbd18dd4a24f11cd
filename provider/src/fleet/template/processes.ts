// The child processes that evaluate a TypeScript template (./child.ts), a few at a time: each takes one evaluation
// after another; one that dies (a program that exits, or runs out of memory) fails its evaluation with what it
// printed last, and a new one takes its place. They run in the template's directory, without the parent's
// credentials in their environment (the template is a program: it gets what `up` would give it, no more).
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import type { ChildRequest, ChildResponse } from './child-protocol';

/** How long one evaluation may take before its process is stopped. */
export const EVALUATION_TIMEOUT_MS = 120_000;

/** The compiled child script: next to this file in dist/, or in dist/ when this runs from the sources (tests). */
function childScript(): string {
  const here = join(__dirname, 'child.js');
  return existsSync(here) ? here : resolve(__dirname, '..', '..', '..', 'dist', 'fleet', 'template', 'child.js');
}

/** The environment without credentials of the service (the parent's key must not reach the template's code). */
function childEnv(env: NodeJS.ProcessEnv): NodeJS.ProcessEnv {
  return Object.fromEntries(Object.entries(env).filter(([k]) => !/^(WALLETINFRA|TURNKEY)_/.test(k)));
}

interface Pending {
  request: ChildRequest;
  resolve(response: ChildResponse): void;
}

class Evaluator {
  private child: ChildProcess | undefined;
  private ready: Promise<void> | undefined;
  private tail: string[] = [];
  private current: { pending: Pending; timer: NodeJS.Timeout; idle: () => void } | undefined;

  constructor(
    private readonly dir: string,
    private readonly env: NodeJS.ProcessEnv,
  ) {}

  get busy(): boolean {
    return this.current !== undefined;
  }

  private start(): Promise<void> {
    const child = fork(childScript(), [this.dir], {
      cwd: this.dir,
      env: childEnv(this.env),
      stdio: ['ignore', 'pipe', 'pipe', 'ipc'],
      execArgv: [],
    });
    this.child = child;
    this.tail = [];
    const keep = (chunk: Buffer): void => {
      this.tail.push(
        ...chunk
          .toString('utf8')
          .split('\n')
          .filter((l) => l.trim() !== ''),
      );
      this.tail = this.tail.slice(-5);
    };
    child.stdout?.on('data', keep);
    child.stderr?.on('data', keep);
    const ready = new Promise<void>((resolveReady, reject) => {
      child.once('message', () => resolveReady());
      child.once('exit', (code) => reject(new Error(this.ended(code))));
    });
    child.on('message', (message: ChildResponse | { ready: true }) => {
      if ('id' in message && this.current?.pending.request.id === message.id) this.finish(message);
    });
    child.on('exit', (code) => {
      if (this.child === child) {
        this.child = undefined;
        this.ready = undefined;
      }
      if (this.current !== undefined) this.finish({ id: this.current.pending.request.id, error: this.ended(code) });
    });
    return ready;
  }

  private ended(code: number | null): string {
    const said = this.tail.length > 0 ? `; it printed: ${this.tail.join(' | ')}` : '';
    return `the template's evaluation ended before it finished (exit code ${code ?? 'none'})${said}`;
  }

  private finish(response: ChildResponse): void {
    const current = this.current;
    if (current === undefined) return;
    clearTimeout(current.timer);
    this.current = undefined;
    current.pending.resolve(response);
    current.idle();
  }

  /** Evaluates `pending`; resolves when this evaluator is free again. */
  run(pending: Pending): Promise<void> {
    return new Promise<void>((idle) => {
      const timer = setTimeout(() => {
        this.finish({ id: pending.request.id, error: `the template's evaluation did not finish within ${EVALUATION_TIMEOUT_MS / 1000} s` });
        this.close();
      }, EVALUATION_TIMEOUT_MS);
      timer.unref();
      this.current = { pending, timer, idle };
      this.ready ??= this.start();
      this.ready.then(
        () => this.child?.send(pending.request),
        (error: unknown) => this.finish({ id: pending.request.id, error: (error as Error).message }),
      );
    });
  }

  close(): void {
    this.child?.kill('SIGKILL');
    this.child = undefined;
    this.ready = undefined;
  }
}

/** A few evaluating processes for one template. */
export class TemplateProcesses {
  private readonly evaluators: Evaluator[];
  private readonly queue: Pending[] = [];
  private nextId = 1;

  constructor(dir: string, size: number, env: NodeJS.ProcessEnv = process.env) {
    this.evaluators = Array.from({ length: Math.max(1, size) }, () => new Evaluator(dir, env));
  }

  evaluate(request: Omit<ChildRequest, 'id'>): Promise<ChildResponse> {
    return new Promise((resolvePending) => {
      this.queue.push({ request: { ...request, id: this.nextId++ }, resolve: resolvePending });
      this.dispatch();
    });
  }

  private dispatch(): void {
    for (const evaluator of this.evaluators) {
      if (evaluator.busy) continue;
      const next = this.queue.shift();
      if (next === undefined) return;
      void evaluator.run(next).then(() => this.dispatch());
    }
  }

  close(): void {
    for (const e of this.evaluators) e.close();
  }
}
