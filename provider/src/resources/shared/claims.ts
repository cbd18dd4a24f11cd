// One object, one owner, within the provider process of one deployment. The engine calls `diff` for every
// resource the program still declares before it deletes the ones it dropped (deletes run last), so an id
// seen in a diff that keeps the object is still declared: deleting it for another resource (two resources
// that adopted the same object) must only release that resource's claim. A rename seen in a diff also frees
// a name: a create that finds the name taken waits for that rename to land and tries once more.
export type ObjectKind = 'policy' | 'webhookEndpoint' | 'fiatOnRampCredential';

/** Inputs as text, whatever order the engine's Struct gives their keys; the shim's `__provider` left out. */
function fingerprint(kind: ObjectKind, inputs: unknown): string {
  const canonical = (v: unknown): unknown =>
    Array.isArray(v)
      ? v.map(canonical)
      : v !== null && typeof v === 'object'
        ? Object.fromEntries(
            Object.keys(v)
              .filter((k) => k !== '__provider')
              .sort()
              .map((k) => [k, canonical((v as Record<string, unknown>)[k])]),
          )
        : v;
  return `${kind} ${JSON.stringify(canonical(inputs))}`;
}

interface Rename {
  settled: Promise<void>;
  settle: () => void;
}

export class Claims {
  private readonly checked = new Set<string>();
  private readonly kept = new Set<string>();
  private readonly owned = new Set<string>();
  private readonly renames = new Map<string, Rename>();

  /** `check` produced these inputs: a resource the program declares (refresh and destroy run no check). */
  checkedInputs(kind: ObjectKind, inputs: unknown): void {
    this.checked.add(fingerprint(kind, inputs));
  }

  /**
   * `diff` of inputs that came from the program found object `id` kept (updated in place or unchanged):
   * the program still declares it, so a delete of the same id in this run belongs to another resource.
   */
  keep(kind: ObjectKind, id: string, inputs: unknown): void {
    if (!this.checked.has(fingerprint(kind, inputs))) return;
    this.kept.add(`${kind} ${id}`);
    this.owned.add(`${kind} ${id}`);
  }

  /** Does a resource the program still declares hold this object? */
  isKept(kind: ObjectKind, id: string): boolean {
    return this.kept.has(`${kind} ${id}`);
  }

  /** A resource of this stack created or adopted `id` in this run. */
  own(kind: ObjectKind, id: string): void {
    this.owned.add(`${kind} ${id}`);
  }

  /** Is `id` held by a resource of this stack, as far as this run has seen? */
  isDeclared(kind: ObjectKind, id: string): boolean {
    return this.owned.has(`${kind} ${id}`);
  }

  /** `diff` found object `id` renamed away from `name`; the update settles it. */
  renaming(kind: ObjectKind, id: string, name: string): void {
    if (this.renames.has(`${kind} ${name}`)) return;
    let settle!: () => void;
    const settled = new Promise<void>((resolve) => (settle = resolve));
    this.renames.set(`${kind} ${name}`, { settled, settle });
    this.renames.set(`${kind} id ${id}`, { settled, settle });
  }

  /** The update of `id` finished (landed or failed): whoever waits for its old name may try again. */
  settled(kind: ObjectKind, id: string): void {
    const rename = this.renames.get(`${kind} id ${id}`);
    rename?.settle();
  }

  /** Resolves when a rename away from `name` known to this process has settled; undefined when none is known. */
  renameOf(kind: ObjectKind, name: string): Promise<void> | undefined {
    return this.renames.get(`${kind} ${name}`)?.settled;
  }
}
