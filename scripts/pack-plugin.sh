#!/usr/bin/env bash
# Packs the walletinfra resource provider plugin: a tarball that `pulumi plugin install` takes as it is,
#
#   scripts/pack-plugin.sh [--out DIR] [--tarballs DIR]   # the tarball's path is the last stdout line
#   pulumi plugin install resource walletinfra <version> -f <that tarball>
#
# --tarballs DIR takes the @walletinfra/sdk and @walletinfra/pulumi tarballs `npm pack` already made there
# (the end-to-end tests pack the workspaces once for several uses) instead of packing them again.
#
# The tarball holds the executable `pulumi-resource-walletinfra` at its root (what the engine runs,
# https://www.pulumi.com/docs/iac/cli/commands/pulumi_plugin_install/) and, beside it, node_modules with
# @walletinfra/pulumi and @walletinfra/sdk as `npm pack` makes them plus their production dependencies
# (@pulumi/pulumi among them, whose protocol stubs and gRPC runtime the provider serves with). It needs
# Node.js on the machine that runs it, like the npm package does. The version is provider/package.json's.
set -euo pipefail

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO_ROOT="$(cd "$SCRIPT_DIR/.." && pwd)"
out="$REPO_ROOT/.data/plugin"
packed=""
while [[ $# -gt 0 ]]; do
  case "$1" in
    --out) out="$2"; shift 2 ;;
    --tarballs) packed="$2"; shift 2 ;;
    -h|--help) sed -n '2,13p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) echo "[pack-plugin] unknown argument: $1 (try --help)" >&2; exit 2 ;;
  esac
done
log() { echo "[pack-plugin] $*" >&2; }

version="$(node -p "require('$REPO_ROOT/provider/package.json').version")"
pulumi_version="$(node -p "require('$REPO_ROOT/package.json').devDependencies['@pulumi/pulumi']")"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/tarballs" "$work/plugin" "$out"

if [ -n "$packed" ]; then
  log "taking @walletinfra/sdk and @walletinfra/pulumi $version from $packed..."
  cp "$packed"/walletinfra-sdk-*.tgz "$packed"/walletinfra-pulumi-*.tgz "$work/tarballs/"
else
  log "packing @walletinfra/sdk and @walletinfra/pulumi $version (npm pack builds them)..."
  (cd "$REPO_ROOT" && npm pack --silent --pack-destination "$work/tarballs" --workspace sdk --workspace provider >&2)
fi
sdk_tgz="$(ls "$work"/tarballs/walletinfra-sdk-*.tgz)"
provider_tgz="$(ls "$work"/tarballs/walletinfra-pulumi-*.tgz)"

cat > "$work/plugin/package.json" <<JSON
{
  "name": "pulumi-resource-walletinfra",
  "version": "$version",
  "private": true,
  "description": "The walletinfra resource provider plugin for Pulumi",
  "license": "Apache-2.0",
  "dependencies": {
    "@pulumi/pulumi": "$pulumi_version",
    "@walletinfra/pulumi": "file:$provider_tgz",
    "@walletinfra/sdk": "file:$sdk_tgz"
  }
}
JSON
log "installing their production dependencies (from the npm cache where it can)..."
(cd "$work/plugin" && npm install --omit=dev --no-audit --no-fund --prefer-offline --ignore-scripts --no-package-lock >&2)
# The plugin refers to the packages it installed, not to tarballs on this machine.
node -e '
  const fs = require("fs");
  const file = process.argv[1];
  const pkg = JSON.parse(fs.readFileSync(file, "utf8"));
  for (const name of ["@walletinfra/pulumi", "@walletinfra/sdk"]) pkg.dependencies[name] = process.argv[2];
  fs.writeFileSync(file, JSON.stringify(pkg, null, 2) + "\n");
' "$work/plugin/package.json" "$version"

cat > "$work/plugin/pulumi-resource-walletinfra" <<'SH'
#!/bin/sh
# The walletinfra resource provider plugin: Node.js runs the provider installed beside this script.
dir="$(cd "$(dirname "$0")" && pwd)"
exec node "$dir/node_modules/@walletinfra/pulumi/bin/pulumi-resource-walletinfra" "$@"
SH
chmod 755 "$work/plugin/pulumi-resource-walletinfra"

tarball="$out/pulumi-resource-walletinfra-v$version.tar.gz"
tar -czf "$tarball.tmp" -C "$work/plugin" .
mv "$tarball.tmp" "$tarball"
log "packed $(du -h "$tarball" | cut -f1) into $tarball"
echo "$tarball"
