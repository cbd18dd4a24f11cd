#!/usr/bin/env bash
# Provides the Pulumi CLI (pulumi + the Node.js language host + the dynamic-provider
# plugin) on machines that can reach only the Go module proxy, the npm registry and apt.
#
#   scripts/ensure-pulumi.sh                   # make sure it is there (progress on stderr)
#   PULUMI_BIN=$(scripts/ensure-pulumi.sh --print-bin-dir | tail -1)
#   PATH="$PULUMI_BIN:$PATH" pulumi version
#
# Order: a new-enough `pulumi` already on PATH; else .tools/pulumi/v$PULUMI_VERSION/bin in
# the repo; else the machine-wide cache (${WALLETINFRA_TOOLS_CACHE:-~/.cache/walletinfra});
# else build from Go modules (a few minutes, once per machine) and fill both.
#
# Why the language host is our own: the upstream Go module
# github.com/pulumi/pulumi/sdk/nodejs/cmd/pulumi-language-nodejs/v3 is not served by the
# module proxy reachable here (403 for every version and commit query), so this script
# builds a small host (source below) that runs programs through @pulumi/pulumi's own
# `cmd/run` entry point, as the upstream host does. It supports up/preview/refresh/destroy/
# about with plain JS or TypeScript (ts-node) programs and dynamic providers; it does not
# support Node.js provider plugins (RunPlugin), codegen, `pulumi new`/`pulumi install`.
set -euo pipefail

PULUMI_VERSION=3.248.0
# Bump when anything that goes into the built binaries changes (forces a rebuild).
BUILD_RECIPE=1
HOST_SRC_SUM="$(sha256sum "$(dirname "${BASH_SOURCE[0]}")/pulumi-language-nodejs/main.go" | cut -c1-16)"
STAMP_CONTENT="pulumi v${PULUMI_VERSION} recipe ${BUILD_RECIPE} host ${HOST_SRC_SUM}"
# pkg/v3 v3.248.0 is not in the checksum database reachable here, so its hashes are pinned
# (as served by the module proxy; every other module is checked against the checksum database).
PKG_SUM_H1="h1:MkvI29cYE3QUEvSl+7kZrV5lQ6CBIt54WjYt2HEXDSg="
PKG_GOMOD_SUM_H1="h1:NBqXwZgQ9XVbqBQrxzrPPHttFCXg2Qe9rIZP/0NGMOk="

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO_ROOT="$(cd "$SCRIPT_DIR/.." && pwd)"
TOOLS_DIR="$REPO_ROOT/.tools/pulumi"
LOCAL_BIN="$TOOLS_DIR/v${PULUMI_VERSION}/bin"
CACHE_BIN="${WALLETINFRA_TOOLS_CACHE:-$HOME/.cache/walletinfra}/pulumi/v${PULUMI_VERSION}/bin"
BINARIES=(pulumi pulumi-language-nodejs pulumi-resource-pulumi-nodejs)

print_bin_dir=false
force_build=false
for arg in "$@"; do
  case "$arg" in
    --print-bin-dir) print_bin_dir=true ;;
    --rebuild) force_build=true ;;
    -h|--help)
      sed -n '2,19p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
      echo "Options: --print-bin-dir (print the bin dir as the last stdout line), --rebuild (ignore PATH and caches)"
      exit 0 ;;
    *) echo "[pulumi] unknown argument: $arg (try --help)" >&2; exit 2 ;;
  esac
done

log() { echo "[pulumi] $*" >&2; }

finish() {
  if $print_bin_dir; then
    echo "$1"
  fi
  exit 0
}

# A bin dir is usable when its stamp matches and every binary is there and executable.
bin_dir_ok() {
  local dir="$1" b
  [[ -f "$dir/.stamp" ]] && [[ "$(cat "$dir/.stamp")" == "$STAMP_CONTENT" ]] || return 1
  for b in "${BINARIES[@]}"; do
    [[ -x "$dir/$b" ]] || return 1
  done
}

# Copy a complete bin dir into place atomically (temp dir + rename on the same filesystem).
install_bin_dir() {
  local src="$1" dest="$2" tmp
  mkdir -p "$(dirname "$dest")"
  tmp="$(mktemp -d "$(dirname "$dest")/.bin.tmp.XXXXXX")"
  chmod 755 "$tmp"
  cp -p "$src"/* "$tmp"/
  cp -p "$src/.stamp" "$tmp/.stamp"
  rm -rf "$dest"
  mv "$tmp" "$dest"
}

version_ge() { # version_ge A B: A >= B (dotted numbers)
  [[ "$(printf '%s\n%s\n' "$2" "$1" | sort -V | head -n1)" == "$2" ]]
}

# 1. A new-enough Pulumi already on PATH (with its Node.js language host and dynamic-provider plugin).
if ! $force_build && command -v pulumi >/dev/null 2>&1; then
  path_pulumi="$(command -v pulumi)"
  path_version="$(pulumi version 2>/dev/null | head -n1 | tr -d '[:space:]' || true)"
  path_version="${path_version#v}"
  if [[ "$path_version" =~ ^[0-9]+\.[0-9]+\.[0-9]+ ]] && version_ge "${BASH_REMATCH[0]}" "$PULUMI_VERSION"; then
    if command -v pulumi-language-nodejs >/dev/null 2>&1 && command -v pulumi-resource-pulumi-nodejs >/dev/null 2>&1; then
      log "using pulumi v$path_version from PATH: $path_pulumi (language host: $(command -v pulumi-language-nodejs))"
      finish "$(dirname "$path_pulumi")"
    fi
    log "pulumi v$path_version on PATH ($path_pulumi) lacks pulumi-language-nodejs or pulumi-resource-pulumi-nodejs on PATH; not using it"
  elif [[ -n "$path_version" ]]; then
    log "pulumi on PATH ($path_pulumi) is v$path_version, older than v$PULUMI_VERSION; not using it"
  fi
fi

# 2. Already built in this clone.
if ! $force_build && bin_dir_ok "$LOCAL_BIN"; then
  log "using $LOCAL_BIN"
  finish "$LOCAL_BIN"
fi

# 3. Built before on this machine (another clone): copy instead of rebuilding.
if ! $force_build && bin_dir_ok "$CACHE_BIN"; then
  log "copying Pulumi CLI v$PULUMI_VERSION from the machine cache $CACHE_BIN"
  install_bin_dir "$CACHE_BIN" "$LOCAL_BIN"
  bin_dir_ok "$LOCAL_BIN" || { log "copy from $CACHE_BIN is incomplete"; exit 1; }
  log "using $LOCAL_BIN"
  finish "$LOCAL_BIN"
fi

# 4. Build from Go modules.
command -v go >/dev/null 2>&1 || { log "error: Go is needed to build the Pulumi CLI and is not on PATH"; exit 1; }
command -v node >/dev/null 2>&1 || { log "error: Node.js (node) is needed and is not on PATH"; exit 1; }
start_time=$(date +%s)
log "building Pulumi CLI v$PULUMI_VERSION from Go modules (first run only, ~4-10 minutes; $(go version | cut -d' ' -f3))..."

mkdir -p "$TOOLS_DIR"
BUILD_DIR="$(mktemp -d "$TOOLS_DIR/build.XXXXXX")"
trap 'rm -rf "$BUILD_DIR"' EXIT
STAGE="$BUILD_DIR/bin"
mkdir -p "$STAGE" "$BUILD_DIR/cmd/pulumi-language-nodejs"

export GOTOOLCHAIN=local            # never try to download another Go toolchain
export GOFLAGS="-mod=mod -buildvcs=false"

cat > "$BUILD_DIR/go.mod" <<EOF
module walletinfra.local/pulumi-build

go 1.25.11

require (
	github.com/pulumi/pulumi/pkg/v3 v${PULUMI_VERSION}
	github.com/pulumi/pulumi/sdk/v3 v${PULUMI_VERSION}
)

// Copied from pkg/v3's go.mod (replace directives of dependencies are ignored otherwise).
replace github.com/atotto/clipboard => github.com/tgummerer/clipboard v0.0.0-20241001131231-d02d263e614e
EOF
cat > "$BUILD_DIR/go.sum" <<EOF
github.com/pulumi/pulumi/pkg/v3 v${PULUMI_VERSION} ${PKG_SUM_H1}
github.com/pulumi/pulumi/pkg/v3 v${PULUMI_VERSION}/go.mod ${PKG_GOMOD_SUM_H1}
EOF
cat > "$BUILD_DIR/tools.go" <<'EOF'
//go:build tools

package tools

import (
	_ "github.com/pulumi/pulumi/pkg/v3/cmd/pulumi"
)
EOF
# Our Node.js language host (see the header for why); its source lives beside this script.
mkdir -p "$BUILD_DIR/cmd/pulumi-language-nodejs"
cp "$SCRIPT_DIR/pulumi-language-nodejs/main.go" "$BUILD_DIR/cmd/pulumi-language-nodejs/main.go"

LDFLAGS="-X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=v${PULUMI_VERSION}"
(
  cd "$BUILD_DIR"
  log "resolving Go modules (go mod tidy)..."
  go mod tidy >&2
  log "compiling pulumi (the longest step)..."
  go build -trimpath -ldflags "$LDFLAGS" -o "$STAGE/pulumi" github.com/pulumi/pulumi/pkg/v3/cmd/pulumi >&2
  log "compiling pulumi-language-nodejs..."
  go build -trimpath -ldflags "$LDFLAGS" -o "$STAGE/pulumi-language-nodejs" ./cmd/pulumi-language-nodejs >&2
)

# The dynamic-provider plugin is a shell script shipped in the @pulumi/pulumi npm package. It runs
# `node -e "require.resolve('@pulumi/pulumi/cmd/dynamic-provider')"` from its working directory,
# which the engine sets to the program's directory, so the program's own @pulumi/pulumi is used.
npm_pkg="$REPO_ROOT/node_modules/@pulumi/pulumi"
if [[ -f "$npm_pkg/pulumi-resource-pulumi-nodejs" ]] &&
   [[ "$(node -p "require('$npm_pkg/package.json').version" 2>/dev/null)" == "$PULUMI_VERSION" ]]; then
  cp "$npm_pkg/pulumi-resource-pulumi-nodejs" "$STAGE/"
else
  log "fetching pulumi-resource-pulumi-nodejs from the @pulumi/pulumi@$PULUMI_VERSION npm package..."
  mkdir -p "$BUILD_DIR/npm"
  tarball="$(cd "$BUILD_DIR/npm" && npm pack --silent "@pulumi/pulumi@$PULUMI_VERSION" 2>/dev/null | tail -n1)"
  tar -xzf "$BUILD_DIR/npm/$tarball" -C "$BUILD_DIR/npm" package/pulumi-resource-pulumi-nodejs
  cp "$BUILD_DIR/npm/package/pulumi-resource-pulumi-nodejs" "$STAGE/"
fi
chmod 755 "$STAGE"/*

built_version="$("$STAGE/pulumi" version 2>/dev/null || true)"
if [[ "$built_version" != "v$PULUMI_VERSION" ]]; then
  log "error: the built pulumi reports '$built_version', expected v$PULUMI_VERSION"
  exit 1
fi
echo "$STAMP_CONTENT" > "$STAGE/.stamp"

install_bin_dir "$STAGE" "$LOCAL_BIN"
if install_bin_dir "$STAGE" "$CACHE_BIN" 2>/dev/null; then
  log "cached for other clones on this machine: $CACHE_BIN"
else
  log "warning: could not write the machine cache $CACHE_BIN (continuing)"
fi
log "built Pulumi CLI v$PULUMI_VERSION in $(( $(date +%s) - start_time ))s: $LOCAL_BIN"
finish "$LOCAL_BIN"
