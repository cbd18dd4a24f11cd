// What the resources of one deployment declare, as the provider process sees it (one dynamic-provider process
// serves every resource of a deployment). The engine checks each resource the program registers, in the
// order the program registers them; a resource removed from the program is never checked. So the deployment is
// what `check` has seen so far: enough for the rules that ask "does this deployment declare an API key for this
// user?" or "which policies will the organization have?", as long as the resource they depend on is declared
// first in the program (the README says so where it matters), and blind to deletes of removed resources,
// which are refused where they happen instead (../resources/kind.ts `writes.delete.refuse`).
import { Announcements, type Wait } from './ownership';
import { sortedJson } from './internal/sorted-json';

/** One resource of the deployment: its checked inputs (normal form) and its inputs in the state ({} when new). */
export interface CheckedResource {
  inputs: Record<string, unknown>;
  olds: Record<string, unknown>;
}

export class Deployment {
  private readonly byKind = new Map<string, Map<string, CheckedResource>>();
  /** Announced when a create of this process gave a user a credential (`credential <userId>`). */
  private readonly credentials = new Announcements<true>();
  private readonly said = new Set<string>();
  /** Per kind, how many records replaced an entry already there (a resource checked again). */
  private readonly replaced = new Map<string, number>();

  constructor(private readonly wait: { declarationWaitMs: number; sleep: Wait }) {}

  /**
   * Records a checked resource of kind `kind` under `key` (its natural key: the same resource checked twice is
   * one entry). Returns whether it is the first resource of its kind this process saw.
   */
  record(kind: string, key: unknown, inputs: Record<string, unknown>, olds: Record<string, unknown>): boolean {
    let resources = this.byKind.get(kind);
    const first = resources === undefined;
    if (resources === undefined) this.byKind.set(kind, (resources = new Map<string, CheckedResource>()));
    const natural = sortedJson(key);
    if (resources.has(natural)) this.replaced.set(kind, (this.replaced.get(kind) ?? 0) + 1);
    resources.set(natural, { inputs, olds });
    return first;
  }

  /**
   * How many times a resource of `kind` was checked again (its entry replaced in place). While it stays the same,
   * `declared(kind)` only grew at its end since a reader last looked, so a check can look at the new entries alone.
   */
  rechecked(kind: string): number {
    return this.replaced.get(kind) ?? 0;
  }

  /** The checked resources of a kind, in the order first seen. */
  declared(kind: string): CheckedResource[] {
    return [...(this.byKind.get(kind)?.values() ?? [])];
  }

  /** The kinds with at least one checked resource. */
  kinds(): string[] {
    return [...this.byKind.keys()];
  }

  /** A create of this process gave user `userId` a credential (an API key). */
  credentialCreated(userId: string): void {
    this.credentials.announce(`credential ${userId}`, true);
  }

  /** Whether a create of this process gives `userId` a credential, waiting up to the declaration budget for it. */
  async credentialFor(userId: string): Promise<boolean> {
    return (await this.credentials.within(`credential ${userId}`, this.wait.declarationWaitMs, this.wait.sleep)) === true;
  }

  /** True the first time `what` is asked: a warning is given once per deployment. */
  once(what: string): boolean {
    if (this.said.has(what)) return false;
    this.said.add(what);
    return true;
  }
}
