// Whether the user asked for stack traces. The engine starts the dynamic-provider process with one argument,
// its own address, and passes nothing about `pulumi up --debug` (the flag only changes what the engine
// displays); it passes `-v=N` only when run with `--logflow` (buildPluginArguments in
// sdk/go/common/resource/plugin/plugin.go of github.com/pulumi/pulumi). So WALLETINFRA_DEBUG=1, or
// `-v=N --logflow`, is how a user asks; reading them changes nothing.

/** Pulumi's `-v=N` as the engine passes it to plugins (only with `--logflow`); 0 when absent. */
export function verbosityOf(argv: readonly string[]): number {
  let level = 0;
  for (const arg of argv) {
    const match = /^--?v(?:=(\d+))?$/.exec(arg);
    if (match !== null) level = Math.max(level, match[1] === undefined ? 1 : Number(match[1]));
  }
  return level;
}

export function debugRequested(
  env: Readonly<Record<string, string | undefined>> = process.env,
  argv: readonly string[] = process.argv,
): boolean {
  return env.WALLETINFRA_DEBUG === '1' || env.WALLETINFRA_DEBUG === 'true' || verbosityOf(argv) > 0;
}
