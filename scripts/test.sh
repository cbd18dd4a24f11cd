#!/usr/bin/env bash
# The README's test command (`npm test`) runs this: it makes sure the Pulumi CLI is
# available (building it once from Pulumi's Go modules if needed), builds the packages,
# type-checks sources and tests, then runs every jest suite (unit, integration, e2e).
# Extra arguments are passed to jest (e.g. `npm test -- tests/unit`).
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
cd "$root"
export PULUMI_SKIP_UPDATE_CHECK=true

if [ ! -d node_modules/@pulumi/pulumi ] || [ ! -e node_modules/@walletinfra/sdk ]; then
  echo "[test] installing npm packages (npm install; the SQLite driver builds from source, a few minutes)..."
  npm install --no-audit --no-fund
fi

echo "[test] ensuring the Pulumi CLI..."
pulumi_bin="$(bash scripts/ensure-pulumi.sh --print-bin-dir | tail -n 1)"
export PATH="$pulumi_bin:$PATH"
# What Python and Go programs need, fetched here so that the tests run without the network: the Python
# virtualenv with Pulumi's SDK, and the Go modules of a program on Pulumi's Go SDK.
echo "[test] ensuring the Python virtualenv and the Go modules of programs..."
if ! bash scripts/ensure-pulumi.sh --print-python-venv --go-programs >/dev/null; then
  echo "[test] warning: the native provider's Python and Go end-to-end tests will fail (see the message above); running everything"
fi

echo "[test] building packages (tsc -b)..."
npx tsc -b sdk emulator provider
echo "[test] type-checking sources and tests..."
npx tsc -p tests/tsconfig.json --noEmit
echo "[test] running jest..."
exec npx jest "$@"
