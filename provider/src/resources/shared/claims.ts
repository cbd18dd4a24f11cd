// One object, one owner, within the provider process of one deployment. The engine calls `diff` for every
// resource the program still declares before it deletes the ones it dropped (deletes run last), so an id
// seen in a diff that keeps the object is still declared: deleting it for another resource (two resources
// that adopted the same object) must only release that resource's claim. A rename seen in a diff also frees
// a name: a create that finds the name taken waits for that rename to land and tries once more.
export type ObjectKind = 'policy' | 'webhookEndpoint' | 'fiatOnRampCredential';

interface Rename {
  settled: Promise<void>;
  settle: () => void;
}

export class Claims {
  private readonly declared = new Set<string>();
  private readonly renames = new Map<string, Rename>();

  /** `diff` found resource `id` kept (updated in place or unchanged). */
  declare(kind: ObjectKind, id: string): void {
    this.declared.add(`${kind} ${id}`);
  }

  /** Does a resource the program still declares hold this object? */
  isDeclared(kind: ObjectKind, id: string): boolean {
    return this.declared.has(`${kind} ${id}`);
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
