// What the evaluating child process (./child.ts) and its parent (./typescript.ts) say to each other.

/** One evaluation of the template. */
export interface ChildRequest {
  id: number;
  /** The stack config the program sees (text values, Pulumi's form). */
  config: Record<string, string>;
  project: string;
  stack: string;
  /** Pulumi.yaml's `main`. */
  main?: string;
  /** Values whose inspection by the program's own code is reported (the stand-in facts); empty: none watched. */
  watch: string[];
  /** Per resource type token, the outputs the mocks answer with tokens (the id and output-only values). */
  outputs: Record<string, string[]>;
  /** Per resource type token, the kind's type name the tokens use (`Policy`). */
  kindOf: Record<string, string>;
}

/** A custom resource the program registered. */
export interface RegisteredResource {
  /** Its type token (`pulumi-nodejs:dynamic/walletinfra:Policy`, `walletinfra:index:Policy`, or another package's). */
  type: string;
  name: string;
  /** Its inputs as plain values (secrets unwrapped, the serialized provider left out). */
  inputs: Record<string, unknown>;
  /** The inputs given as secrets. */
  secret: string[];
}

export type ChildResponse =
  { id: number; resources: RegisteredResource[]; inspected?: { value: string; at: string } } | { id: number; error: string };
