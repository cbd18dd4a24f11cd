// One object, one owner: who in a stack holds which object, in one vocabulary for the program process and
// the provider process.
//
// - **declare**: a resource declares an object: in the program, a value only one object may hold (a policy's
//   name, an adopted id); in the provider, an object a resource of this deployment creates, adopts, or keeps
//   (its diff, from the program's inputs, found it in the state).
// - **release**: deleting a resource whose object another resource of the same deployment still declares
//   only releases it (the engine diffs every resource the program still declares before it runs the deletes
//   of those it dropped: two resources that adopted the same object).
// - **adopt an earlier create**: an object an earlier, interrupted run's create made (found through its
//   completed activity) is taken by this create only when nobody else declares it, and recorded at once,
//   so a second create with the same values goes on to the other object and a delete of it in the same
//   run (the old resource of a rename without an alias) leaves it alone.
// - **owned elsewhere**: another resource of this deployment declares the object. The engine may diff that
//   resource only after a create started (a new resource with the old values declared before the one
//   edited away from them), so the question waits a bounded time for such a diff.
//
// A rename seen in a diff frees a value: a create that finds it taken waits for the rename to land.
import { sortedJson } from './internal/sorted-json';
import { PROVIDER_KEY } from './wire';

// ---- In the program: values a resource declares ----

/** A second resource declaring a value one already declares: who holds it. */
export interface DeclaredElsewhere {
  holder: string;
}

/** The program's resources and the unique values they declare (a policy's name, an adopted id). */
export class ProgramDeclarations {
  private readonly held = new Map<string, string>();

  /** `resource` declares `value` for `what` of `type`; the holder when another resource already does. */
  declare(type: string, what: string, value: string, resource: string): DeclaredElsewhere | undefined {
    const key = `${type} ${what} ${value}`;
    const holder = this.held.get(key);
    if (holder !== undefined && holder !== resource) return { holder };
    this.held.set(key, resource);
    return undefined;
  }
}

// ---- In the provider: objects the resources of one deployment hold ----

/** Inputs as text, whatever order the engine's Struct gives their keys; the shim's `__provider` left out. */
function fingerprint(kind: string, inputs: unknown): string {
  const { [PROVIDER_KEY]: _provider, ...own } = (inputs ?? {}) as Record<string, unknown>;
  return `${kind} ${sortedJson(own)}`;
}

interface Rename {
  settled: Promise<void>;
  settle: () => void;
}

/** Waits `ms` (the context's clock); rejects or resolves early when `signal` aborts. */
export type Wait = (ms: number, signal: AbortSignal) => Promise<void>;

/** Values announced under a key, and whoever waits for the first one (also ./deployment.ts). */
export class Announcements<T> {
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

/** The objects of one deployment (one provider process) and who declares them, keyed by kind (`Policy`) and id. */
export class Ownership {
  /** Fingerprints of the inputs `check` produced: inputs that came from the program. */
  private readonly checked = new Set<string>();
  /** Objects a resource the program still declares keeps (updated in place or unchanged). */
  private readonly kept = new Set<string>();
  /** Objects a resource of this deployment declares. */
  private readonly declared = new Set<string>();
  /** Objects a create of this process took from an earlier run. */
  private readonly fromEarlierRuns = new Set<string>();
  /** Announced when a resource of this deployment declares an object (for those waiting on it). */
  private readonly declarations = new Announcements<true>();
  /** `<kind> <value>` and `<kind> id <id>` of renames seen in diffs. */
  private readonly renames = new Announcements<Rename>();

  constructor(private readonly wait: { declarationWaitMs: number; sleep: Wait }) {}

  /** `check` produced these inputs: a resource the program declares (refresh and destroy run no check). */
  checkedInputs(kind: string, inputs: unknown): void {
    this.checked.add(fingerprint(kind, inputs));
  }

  /**
   * A diff of inputs that came from the program found object `id` in the state: the resource declares it;
   * `kept` (no replacement) means the program still declares it after this deployment.
   */
  diffed(kind: string, id: string, inputs: unknown, kept: boolean): void {
    if (!this.fromProgram(kind, inputs)) return;
    this.declarations.announce(`${kind} ${id}`, true);
    if (!kept) return;
    this.kept.add(`${kind} ${id}`);
    this.declared.add(`${kind} ${id}`);
  }

  /** Did `check` produce these inputs? A refresh runs no check, so its diffs skip the fingerprint. */
  private fromProgram(kind: string, inputs: unknown): boolean {
    return this.checked.size > 0 && this.checked.has(fingerprint(kind, inputs));
  }

  /** A resource of this deployment created or adopted object `id`. */
  declare(kind: string, id: string): void {
    this.declared.add(`${kind} ${id}`);
    this.declarations.announce(`${kind} ${id}`, true);
  }

  /** Is object `id` declared by a resource of this deployment, as far as this run has seen? */
  isDeclared(kind: string, id: string): boolean {
    return this.declared.has(`${kind} ${id}`);
  }

  /** Does deleting a resource's object `id` only release it? True when a resource the program still declares keeps it. */
  releases(kind: string, id: string): boolean {
    return this.kept.has(`${kind} ${id}`);
  }

  /**
   * Does another resource of this deployment declare object `id`? Waits up to the declaration budget for the
   * engine to diff one that does.
   */
  async ownedElsewhere(kind: string, id: string): Promise<boolean> {
    if (this.isDeclared(kind, id)) return true;
    return (await this.declarations.within(`${kind} ${id}`, this.wait.declarationWaitMs, this.wait.sleep)) === true;
  }

  /** Takes object `id`, made by an earlier run's create, for this create when nobody else declares it. */
  async adoptEarlierCreate(kind: string, id: string): Promise<boolean> {
    if (await this.ownedElsewhere(kind, id)) return false;
    // No await between this check and the declaration: a create that waited on the same object alongside this one sees it.
    if (this.isDeclared(kind, id)) return false;
    this.declare(kind, id);
    this.fromEarlierRuns.add(`${kind} ${id}`);
    return true;
  }

  /** Did a create of this process take object `id` from an earlier run? (A delete of it then leaves it alone.) */
  takenFromEarlierRun(kind: string, id: string): boolean {
    return this.fromEarlierRuns.has(`${kind} ${id}`);
  }

  /** A diff found object `id` renamed away from `value`; the update settles it. */
  renaming(kind: string, id: string, value: string): void {
    if (this.renames.get(`${kind} ${value}`) !== undefined) return;
    let settle!: () => void;
    const settled = new Promise<void>((resolve) => (settle = resolve));
    const rename = { settled, settle };
    this.renames.announce(`${kind} id ${id}`, rename);
    this.renames.announce(`${kind} ${value}`, rename);
  }

  /** The update of `id` finished (landed or failed): whoever waits for its old value may try again. */
  settled(kind: string, id: string): void {
    this.renames.get(`${kind} id ${id}`)?.settle();
  }

  /**
   * Whether a rename in this deployment frees `value`: waits for a known rename to settle, or for one to be
   * announced within the declaration budget (then for it to settle). False when none was announced in time.
   */
  async renameFreeing(kind: string, value: string): Promise<boolean> {
    const rename = await this.renames.within(`${kind} ${value}`, this.wait.declarationWaitMs, this.wait.sleep);
    if (rename === undefined) return false;
    await rename.settled;
    return true;
  }
}
