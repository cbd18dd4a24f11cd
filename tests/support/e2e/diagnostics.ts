// What a user sees of a failed `pulumi` command, and the checks the mistakes tests make on it.
import type { PulumiProject } from './project';

/** Everything the user sees of `pulumi ARGS` on the project's stack, which must fail (exit 1 or 255). */
export async function failingOutput(project: PulumiProject, args: readonly string[]): Promise<string> {
  const result = await project.pulumi([...args, '--stack', project.stack], [1, 255]);
  return `${result.stdout}\n${result.stderr}`;
}

/** The run's Diagnostics section, its wrapped lines joined. */
export function diagnosticsOf(output: string): string {
  const diagnostics = (output.split('\nDiagnostics:\n')[1] ?? '').split(/\n(?:Resources|Outputs):\n/)[0] ?? '';
  return diagnostics.replace(/\n\s+/g, ' ');
}

export function occurrences(text: string, part: string): number {
  return text.split(part).length - 1;
}

/** A line of a JavaScript stack trace, an unhandled exception or Node's rejection warning. */
export const TRACE = /\n\s+at .*\(.*:\d+:\d+\)|unhandled exception|PromiseRejectionHandledWarning/;

/**
 * The message appears exactly once among the run's diagnostics (Pulumi also echoes an error on the progress
 * line above them), and nothing looks like a stack trace or an unhandled exception. With `errors`, the
 * diagnostics hold that many error lines: 1 for a failure of the program, 2 for a resource's (the engine
 * adds its own "update failed" / "preview failed" under the stack whenever a step fails).
 */
export function expectOnce(output: string, message: string, errors?: number): void {
  expect({ count: occurrences(diagnosticsOf(output), message), output }).toEqual({ count: 1, output });
  if (errors !== undefined) expect({ errors: occurrences(diagnosticsOf(output), 'error: '), output }).toEqual({ errors, output });
  expect(output).not.toMatch(TRACE);
}
