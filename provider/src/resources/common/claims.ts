// One object, one owner, within the provider process of one deployment. The engine calls `diff` for every
// resource the program still declares before it deletes the ones it dropped (deletes run last), so an id
// seen in a diff that keeps the object is still declared: deleting it for another resource (two resources
// that adopted the same object) must only release that resource's claim. A rename seen in a diff also frees
// a name: a create that finds the name taken waits for that rename to land and tries once more. The engine
// runs a create as soon as its resource is registered, possibly before it has diffed a resource declared
// later (that gives the name up, or holds the object an earlier run's create made), so a create also waits
// a bounded time for such a diff to be announced.
import { sortedJson } from '../../internal/sorted-json';
import type { ListKind } from '../../session';
import { PROVIDER_KEY } from './check';

/** The objects a resource manages, by the list they are in (private keys are not managed, only tagged). */
export type ObjectKind = Exclude<ListKind, 'privateKeys'>;

/** Inputs as text, whatever order the engine's Struct gives their keys; the shim's `__provider` left out. */
function fingerprint(kind: ObjectKind, inputs: unknown): string {
  const { [PROVIDER_KEY]: _provider, ...own } = (inputs ?? {}) as Record<string, unknown>;
  return `${kind} ${sortedJson(own)}`;
}

interface Rename {
  settled: Promise<void>;
  settle: () => void;
}

/** Waits `ms` (the context's clock); rejects or resolves early when `signal` aborts. */
export type Wait = (ms: number, signal: AbortSignal) => Promise<void>;

/** Values announced under a key, and whoever waits for the first one. */
class Announcements<T> {
  private readonly values = new Map<string, T>();
  private readonly waiting = new Map<string, Array<(value: T) => void>>();

  get(key: string): T | undefined {
    return this.values.get(key);
  }

  announce(key: string, value: T): void {
    this.values.set(key, value);
    for (const wake of this.waiting.get(key) ?? []) wake(value);
    this.waiting.delete(key);
  }

  /** The value under `key`, waiting up to `budgetMs` for it; undefined when none came in time. */
  async within(key: string, budgetMs: number, wait: Wait): Promise<T | undefined> {
    const known = this.values.get(key);
    if (known !== undefined) return known;
    const stop = new AbortController();
    let wake!: (value: T) => void;
    const announced = new Promise<T>((resolve) => (wake = resolve));
    this.waiting.set(key, [...(this.waiting.get(key) ?? []), wake]);
    const timedOut = wait(budgetMs, stop.signal).then(
      () => undefined,
      () => undefined,
    );
    try {
      return await Promise.race([announced, timedOut]);
    } finally {
      stop.abort();
      const rest = (this.waiting.get(key) ?? []).filter((w) => w !== wake);
      if (rest.length > 0) this.waiting.set(key, rest);
      else this.waiting.delete(key);
    }
  }
}

export class Claims {
  private readonly checked = new Set<string>();
  private readonly kept = new Set<string>();
  private readonly owned = new Set<string>();
  /** Objects a resource of this update holds (diffed from the program's inputs, created or adopted). */
  private readonly held = new Announcements<true>();
  /** `policies <name>` and `policies id <id>` of renames seen in diffs. */
  private readonly renames = new Announcements<Rename>();

  /** `check` produced these inputs: a resource the program declares (refresh and destroy run no check). */
  checkedInputs(kind: ObjectKind, inputs: unknown): void {
    this.checked.add(fingerprint(kind, inputs));
  }

  /** `diff` of inputs that came from the program found object `id` in the state: a resource of this update holds it. */
  diffed(kind: ObjectKind, id: string, inputs: unknown): void {
    if (this.fromProgram(kind, inputs)) this.held.announce(`${kind} ${id}`, true);
  }

  /**
   * `diff` of inputs that came from the program found object `id` kept (updated in place or unchanged):
   * the program still declares it, so a delete of the same id in this run belongs to another resource.
   */
  keep(kind: ObjectKind, id: string, inputs: unknown): void {
    if (!this.fromProgram(kind, inputs)) return;
    this.kept.add(`${kind} ${id}`);
    this.owned.add(`${kind} ${id}`);
  }

  /**
   * Did `check` produce these inputs? A refresh runs no check, so its diffs (one per resource) skip the
   * fingerprint.
   */
  private fromProgram(kind: ObjectKind, inputs: unknown): boolean {
    return this.checked.size > 0 && this.checked.has(fingerprint(kind, inputs));
  }

  /** Does a resource the program still declares hold this object? */
  isKept(kind: ObjectKind, id: string): boolean {
    return this.kept.has(`${kind} ${id}`);
  }

  /** A resource of this stack created or adopted `id` in this run. */
  own(kind: ObjectKind, id: string): void {
    this.owned.add(`${kind} ${id}`);
    this.held.announce(`${kind} ${id}`, true);
  }

  /** Is `id` held by a resource of this stack, as far as this run has seen? */
  isDeclared(kind: ObjectKind, id: string): boolean {
    return this.owned.has(`${kind} ${id}`);
  }

  /**
   * Does another resource of this update hold `id`? Waits up to `budgetMs` for the engine to diff one
   * that does (an earlier run's object is adopted only when none does).
   */
  async heldElsewhere(kind: ObjectKind, id: string, budgetMs: number, wait: Wait): Promise<boolean> {
    return this.isDeclared(kind, id) || (await this.held.within(`${kind} ${id}`, budgetMs, wait)) === true;
  }

  /** `diff` found object `id` renamed away from `name`; the update settles it. */
  renaming(kind: ObjectKind, id: string, name: string): void {
    if (this.renames.get(`${kind} ${name}`) !== undefined) return;
    let settle!: () => void;
    const settled = new Promise<void>((resolve) => (settle = resolve));
    const rename = { settled, settle };
    this.renames.announce(`${kind} id ${id}`, rename);
    this.renames.announce(`${kind} ${name}`, rename);
  }

  /** The update of `id` finished (landed or failed): whoever waits for its old name may try again. */
  settled(kind: ObjectKind, id: string): void {
    this.renames.get(`${kind} id ${id}`)?.settle();
  }

  /**
   * Whether a rename in this update frees `name`: waits for a known rename to settle, or for one to be
   * announced within `budgetMs` (then for it to settle). False when none was announced in time.
   */
  async renameFreeing(kind: ObjectKind, name: string, budgetMs: number, wait: Wait): Promise<boolean> {
    const rename = await this.renames.within(`${kind} ${name}`, budgetMs, wait);
    if (rename === undefined) return false;
    await rename.settled;
    return true;
  }
}
