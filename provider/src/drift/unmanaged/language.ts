// The language the report writes its declarations in: the stacks' own. The project's runtime
// (`Pulumi.yaml`'s `runtime`, a name or `{ name, options }`:
// https://www.pulumi.com/docs/iac/concepts/projects/project-file/) says YAML, Python or Go, which always use the
// native provider; a Node.js project uses the native provider when its state holds native resources
// (`walletinfra:index:<Type>`), and the dynamic classes of @walletinfra/pulumi otherwise. A runtime with no
// renderer here (.NET, Java) gets TypeScript on the dynamic classes, and the report says why.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { parse } from 'yaml';
import type { ProgramLanguage } from '../../native/examples';
import type { AnyKind } from '../../resources/kind';
import type { DeploymentLike } from '../../stack/events';
import type { DeclarationLanguage } from './types';

/** The project's runtime name (`nodejs`, `python`, `yaml`, `go`, ...), or why it cannot be read. */
export function projectRuntime(workDir: string): { runtime: string } | { unreadable: string } {
  const file = ['Pulumi.yaml', 'Pulumi.yml'].map((f) => join(workDir, f)).find((f) => existsSync(f));
  if (file === undefined) return { unreadable: `no Pulumi.yaml in ${workDir}` };
  let project: unknown;
  try {
    project = parse(readFileSync(file, 'utf8'));
  } catch (error) {
    return { unreadable: `${file} is not YAML (${error instanceof Error ? error.message.split('\n')[0] : String(error)})` };
  }
  const runtime = (project as { runtime?: unknown } | null)?.runtime;
  const name = typeof runtime === 'object' && runtime !== null ? (runtime as { name?: unknown }).name : runtime;
  return typeof name === 'string' && name !== '' ? { runtime: name } : { unreadable: `${file} names no runtime` };
}

/** How the usual case reads: a Node.js program on the dynamic classes (the report then says nothing of it). */
export const NODEJS_DYNAMIC = "the project's runtime nodejs";

const NATIVE_RUNTIMES: Readonly<Record<string, ProgramLanguage>> = { yaml: 'yaml', python: 'python', go: 'go' };

/** The language of the stacks' program, from the project's runtime and, for Node.js, the stacks' state. */
export function declarationLanguage(workDir: string, states: readonly DeploymentLike[], kinds: readonly AnyKind[]): DeclarationLanguage {
  const found = projectRuntime(workDir);
  if ('unreadable' in found) return { language: 'typescript', provider: 'dynamic', from: `TypeScript: ${found.unreadable}` };
  const { runtime } = found;
  const native = NATIVE_RUNTIMES[runtime];
  if (native !== undefined) return { language: native, provider: 'native', from: `the project's runtime ${runtime}` };
  if (runtime !== 'nodejs') {
    return { language: 'typescript', provider: 'dynamic', from: `TypeScript: declarations are not written for the runtime ${runtime}` };
  }
  const tokens = new Set(kinds.map((k) => k.nativeToken));
  const usesNative = states.some((s) => (s.deployment?.resources ?? []).some((r) => tokens.has(r.type)));
  return usesNative
    ? { language: 'typescript', provider: 'native', from: "the project's runtime nodejs and the native resources in its state" }
    : { language: 'typescript', provider: 'dynamic', from: NODEJS_DYNAMIC };
}
