// What the provider server needs of each resource kind and data source: one table, the server's only input
// about them. The lifecycle is the dynamic-provider shape the per-kind code already has (check, diff,
// create, read, update, delete over plain values), with the diff as a per-property FieldDiff so the
// engine can show which properties change and which force a replacement.
import type { CheckFailure } from '../resources/common/check';
import type { FieldDiff } from '../resources/common/diff';
import type { Properties } from './values';

export interface KindCheckResult {
  /** The checked inputs (normalised, defaults resolved); the request's inputs when absent. */
  inputs?: Properties;
  failures?: readonly CheckFailure[];
}

export interface KindLifecycle {
  /** `olds`: the last checked inputs ({} for a new resource); `news`: the program's inputs. */
  check(olds: Properties, news: Properties): Promise<KindCheckResult>;
  /**
   * `olds`: the state's outputs; `news`: the checked inputs. Unknown values are the sentinel of ../unknown.ts.
   * `deleteBeforeReplace`: this replacement must delete the old object first (besides the kind's own rule).
   */
  diff(id: string, olds: Properties, news: Properties): Promise<FieldDiff & { deleteBeforeReplace?: boolean }>;
  create(inputs: Properties): Promise<{ id: string; outs?: Properties }>;
  /** `props`: the state's outputs ({} for `pulumi import`). An empty or absent `id` means the object is gone. */
  read(id: string, props: Properties): Promise<{ id?: string; props?: Properties; inputs?: Properties }>;
  update(id: string, olds: Properties, news: Properties): Promise<{ outs?: Properties }>;
  delete(id: string, props: Properties): Promise<void>;
}

export interface NativeResourceKind {
  /** The schema's type token, `walletinfra:index:Policy`. */
  token: string;
  lifecycle: KindLifecycle;
  /** Inputs stored as secrets whatever the program passed (a plain-text API secret). */
  secretInputs?: readonly string[];
  /** Outputs always returned as secrets (fingerprints, ciphertexts). */
  secretOutputs?: readonly string[];
  /** A replacement deletes the old object first (names the service keeps unique). */
  deleteBeforeReplace?: boolean;
}

export interface NativeFunction {
  /** The schema's function token, `walletinfra:index:getPolicies`. */
  token: string;
  invoke(args: Properties): Promise<{ outputs: Properties; failures?: readonly CheckFailure[] }>;
  /** Results always returned as secrets. */
  secretOutputs?: readonly string[];
}

export interface KindTable {
  resources: readonly NativeResourceKind[];
  functions: readonly NativeFunction[];
}
