#!/usr/bin/env bash
# Provides the Pulumi CLI (pulumi + the Node.js, Go, Python and YAML language hosts + the
# dynamic-provider plugin) on machines that can reach only the Go module proxy, the npm registry,
# PyPI and apt, and a Python virtualenv with the `pulumi` package for Python programs.
#
#   scripts/ensure-pulumi.sh                   # make sure it is there (progress on stderr)
#   PULUMI_BIN=$(scripts/ensure-pulumi.sh --print-bin-dir | tail -1)
#   PATH="$PULUMI_BIN:$PATH" pulumi version
#   VENV=$(scripts/ensure-pulumi.sh --print-python-venv | tail -1)   # Pulumi.yaml: runtime.options.virtualenv
#
# Order: a new-enough `pulumi` already on PATH; else .tools/pulumi/v$PULUMI_VERSION/bin in
# the repo; else the machine-wide cache (${WALLETINFRA_TOOLS_CACHE:-~/.cache/walletinfra});
# else build from Go modules (a few minutes, once per machine) and fill both.
#
# Where the parts come from: the `pulumi` CLI is Pulumi's own, built from the Go module
# github.com/pulumi/pulumi/pkg/v3 at v$PULUMI_VERSION; the Node.js, Go and Python language hosts are
# Pulumi's own, built from the upstream files copied verbatim into third_party/pulumi-language-*/ (see
# their READMEs; Python's exec shim is copied as it is); the YAML language host is built from the Go
# module github.com/pulumi/pulumi-yaml at v$PULUMI_YAML_VERSION, as its own module with the dependency
# versions its go.mod pins (pkg/v3 and sdk/v3 v3.206.0); the dynamic-provider plugin
# (pulumi-resource-pulumi-nodejs) is the script shipped in the @pulumi/pulumi npm package. The Python
# virtualenv (.tools/pulumi/python-v$PULUMI_VERSION) holds the PyPI packages pinned in
# scripts/pulumi-python-requirements.txt, from a wheel cache in the machine cache.
# Building needs Go >= 1.25; with an older Go (e.g. Debian 12's golang-go 1.19) this script
# fetches Go 1.25 as the module golang.org/toolchain from the Go module proxy.
set -euo pipefail

PULUMI_VERSION=3.248.0
# The YAML language host (its own release line). Pulumi v$PULUMI_VERSION bundles v1.37.0
# (scripts/get-language-providers.sh at its tag), which pins pkg/v3 v3.247.0, whose source the module
# proxy here does not serve, and which does not compile against v$PULUMI_VERSION; v1.25.0 is served with
# everything it pins. The YAML host speaks the engine's language-host protocol, which is versioned apart
# from the CLI (an older host runs under a newer CLI, as with `pulumi plugin install language yaml`).
PULUMI_YAML_VERSION=1.25.0
# Bump when anything that goes into the built binaries changes (forces a rebuild).
BUILD_RECIPE=3
# pkg/v3 v3.248.0 is not in the checksum database reachable here, so its hashes are pinned
# (as served by the module proxy; every other module is checked against the checksum database).
PKG_SUM_H1="h1:MkvI29cYE3QUEvSl+7kZrV5lQ6CBIt54WjYt2HEXDSg="
PKG_GOMOD_SUM_H1="h1:NBqXwZgQ9XVbqBQrxzrPPHttFCXg2Qe9rIZP/0NGMOk="

# Go toolchain fetched from the Go module proxy when the Go found is older than GO_MIN.
GO_MIN=1.25
GO_TOOLCHAIN_VERSION=1.25.11

SCRIPT_DIR="$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)"
REPO_ROOT="$(cd "$SCRIPT_DIR/.." && pwd)"
# Pulumi's language hosts, upstream files copied verbatim (third_party/pulumi-language-*/README.md).
THIRD_PARTY="$REPO_ROOT/third_party"
HOSTS=(nodejs go python)
host_files() { # the upstream files a host's build uses
  case "$1" in
    nodejs) echo main.go installcache.go proxy.go proxy_unix.go proxy_windows.go go.mod go.sum ;;
    go) echo main.go buildutil/semver.go goversion/version.go go.mod go.sum ;;
    python) echo main.go go.mod go.sum pulumi-language-python-exec ;;
  esac
}
# The module path each host's go.mod declares (its main package is the module's root).
host_module() {
  case "$1" in
    nodejs) echo github.com/pulumi/pulumi/sdk/nodejs/cmd/pulumi-language-nodejs/v3 ;;
    go) echo github.com/pulumi/pulumi/sdk/go/pulumi-language-go/v3 ;;
    python) echo github.com/pulumi/pulumi/sdk/python/cmd/pulumi-language-python/v3 ;;
  esac
}
host_src_sum() {
  local host f
  for host in "${HOSTS[@]}"; do
    for f in $(host_files "$host"); do
      cat "$THIRD_PARTY/pulumi-language-$host/$f" 2>/dev/null || echo "missing $host/$f"
    done
  done | sha256sum | cut -c1-16
}
STAMP_CONTENT="pulumi v${PULUMI_VERSION} yaml v${PULUMI_YAML_VERSION} recipe ${BUILD_RECIPE} hosts $(host_src_sum)"
TOOLS_CACHE="${WALLETINFRA_TOOLS_CACHE:-$HOME/.cache/walletinfra}"
TOOLS_DIR="$REPO_ROOT/.tools/pulumi"
LOCAL_BIN="$TOOLS_DIR/v${PULUMI_VERSION}/bin"
# Per build recipe, so clones on different recipes never overwrite each other's cache.
CACHE_BIN="$TOOLS_CACHE/pulumi/v${PULUMI_VERSION}-r${BUILD_RECIPE}/bin"
BINARIES=(pulumi pulumi-language-nodejs pulumi-language-go pulumi-language-python pulumi-language-python-exec
  pulumi-language-yaml pulumi-resource-pulumi-nodejs)
# The language hosts a Pulumi found on PATH must have beside it (Pulumi's own install ships them all).
PATH_HOSTS=(pulumi-language-nodejs pulumi-language-go pulumi-language-python pulumi-language-yaml pulumi-resource-pulumi-nodejs)

print_bin_dir=false
print_venv=false
go_programs=false
force_build=false
for arg in "$@"; do
  case "$arg" in
    --print-bin-dir) print_bin_dir=true ;;
    --print-python-venv) print_venv=true ;;
    --go-programs) go_programs=true ;;
    --rebuild) force_build=true ;;
    -h|--help)
      sed -n '2,27p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'
      echo "Options: --print-bin-dir (print the bin dir as the last stdout line), --print-python-venv (make the"
      echo "Python virtualenv too and print its directory as the last stdout line), --go-programs (download the Go"
      echo "modules Go programs need, once per machine), --rebuild (ignore PATH and caches)"
      exit 0 ;;
    *) echo "[pulumi] unknown argument: $arg (try --help)" >&2; exit 2 ;;
  esac
done

log() { echo "[pulumi] $*" >&2; }

# The Python virtualenv for Python programs: Pulumi's Python language host runs a program with the
# interpreter of the virtualenv its Pulumi.yaml names (runtime.options.virtualenv, toolchain pip). Made
# in the clone from a wheel cache in the machine cache, so a second clone installs without the network.
PY_REQUIREMENTS="$SCRIPT_DIR/pulumi-python-requirements.txt"
VENV_DIR="$TOOLS_DIR/python-v${PULUMI_VERSION}"
WHEELS_DIR="$TOOLS_CACHE/python/pulumi-v${PULUMI_VERSION}-wheels"
PYTHON_MIN=3.10
venv_stamp() {
  echo "pulumi v${PULUMI_VERSION} python $("$1" -c 'import sys; print("%d.%d" % sys.version_info[:2])') requirements $(sha256sum < "$PY_REQUIREMENTS" | cut -c1-16)"
}
ensure_python_venv() {
  local python started=$SECONDS
  python="$(command -v python3 || true)"
  if [[ -z "$python" ]]; then
    log "error: Python programs need python3 >= $PYTHON_MIN on PATH (Debian: apt-get install python3 python3-venv)"
    return 1
  fi
  if ! "$python" -c "import sys; sys.exit(0 if sys.version_info >= (${PYTHON_MIN/./, }) else 1)"; then
    log "error: $python is Python $("$python" -c 'import platform; print(platform.python_version())'), older than $PYTHON_MIN (pulumi $PULUMI_VERSION's minimum)"
    return 1
  fi
  if [[ -x "$VENV_DIR/bin/python" && -f "$VENV_DIR/.stamp" && "$(cat "$VENV_DIR/.stamp")" == "$(venv_stamp "$python")" ]]; then
    return 0
  fi
  if ! "$python" -c 'import ensurepip, venv' 2>/dev/null; then
    log "error: $python cannot make virtualenvs (Debian: apt-get install python3-venv)"
    return 1
  fi
  mkdir -p "$TOOLS_DIR" "$WHEELS_DIR"
  # Test files ask for it in parallel: one makes it, the others wait and find it stamped.
  if command -v flock >/dev/null 2>&1; then
    exec 8>"$TOOLS_DIR/.python-venv.lock"
    flock 8
    if [[ -x "$VENV_DIR/bin/python" && -f "$VENV_DIR/.stamp" && "$(cat "$VENV_DIR/.stamp")" == "$(venv_stamp "$python")" ]]; then
      return 0
    fi
  fi
  log "making the Python virtualenv $VENV_DIR (pulumi $PULUMI_VERSION from PyPI, cached in $WHEELS_DIR)..."
  # A virtualenv is not relocatable (its scripts name their own path): made where it stays, stamped last.
  rm -rf "$VENV_DIR"
  "$python" -m venv "$VENV_DIR" >&2
  if ! "$VENV_DIR/bin/python" -m pip install --quiet --disable-pip-version-check --no-index --find-links "$WHEELS_DIR" \
    -r "$PY_REQUIREMENTS" >&2 2>/dev/null; then
    "$VENV_DIR/bin/python" -m pip download --quiet --disable-pip-version-check --dest "$WHEELS_DIR" -r "$PY_REQUIREMENTS" >&2
    "$VENV_DIR/bin/python" -m pip install --quiet --disable-pip-version-check --no-index --find-links "$WHEELS_DIR" \
      -r "$PY_REQUIREMENTS" >&2
  fi
  venv_stamp "$python" > "$VENV_DIR/.stamp"
  log "Python virtualenv ready in $(( SECONDS - started ))s: $VENV_DIR"
}

finish() {
  if $print_venv; then
    ensure_python_venv || exit 1
  fi
  if $go_programs; then
    ensure_go_program_modules || exit 1
  fi
  if $print_bin_dir; then
    echo "$1"
  fi
  if $print_venv; then
    echo "$VENV_DIR"
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

# A Go >= GO_MIN: the one on PATH, else Go $GO_TOOLCHAIN_VERSION fetched with the
# older Go as the module golang.org/toolchain from the Go module proxy (what Go >= 1.21 does itself
# through GOTOOLCHAIN; this works from any Go with modules, e.g. Debian 12's 1.19).
go_version_of() { "$1" version 2>/dev/null | awk '{print $3}' | sed 's/^go//'; }
OLD_GO=""
find_go() {
  local candidate v
  for candidate in "$(command -v go 2>/dev/null || true)"; do
    [[ -n "$candidate" && -x "$candidate" ]] || continue
    v="$(GOTOOLCHAIN=local go_version_of "$candidate")"
    if [[ "$v" =~ ^[0-9]+\.[0-9]+ ]] && version_ge "$v" "$GO_MIN"; then
      GO="$candidate"
      return 0
    fi
    [[ -n "$OLD_GO" ]] || OLD_GO="$candidate"
  done
  return 1
}
fetch_go_toolchain() {
  local arch mod dir dest tmp
  case "$(uname -m)" in
    x86_64|amd64) arch=amd64 ;;
    aarch64|arm64) arch=arm64 ;;
    *) log "error: no Go toolchain module for $(uname -m); install Go >= $GO_MIN"; return 1 ;;
  esac
  dest="$TOOLS_CACHE/go/go$GO_TOOLCHAIN_VERSION.linux-$arch"
  if [[ -x "$dest/bin/go" ]] && [[ "$(GOTOOLCHAIN=local go_version_of "$dest/bin/go")" == "$GO_TOOLCHAIN_VERSION" ]]; then
    GO="$dest/bin/go"
    return 0
  fi
  mod="golang.org/toolchain@v0.0.1-go$GO_TOOLCHAIN_VERSION.linux-$arch"
  log "Go at $OLD_GO is go$(go_version_of "$OLD_GO"), older than $GO_MIN: fetching $mod from the Go module proxy..."
  dir="$(cd "$(mktemp -d)" && GOTOOLCHAIN=local GOFLAGS= GO111MODULE=on "$OLD_GO" mod download -json "$mod" |
    sed -n 's/^[[:space:]]*"Dir": "\(.*\)",\{0,1\}$/\1/p')"
  if [[ -z "$dir" || ! -f "$dir/bin/go" ]]; then
    log "error: could not download $mod"
    return 1
  fi
  # The module cache keeps files read-only and without execute bits: copy it, mark the tools executable.
  mkdir -p "$(dirname "$dest")"
  tmp="$(mktemp -d "$(dirname "$dest")/.go.tmp.XXXXXX")"
  cp -r "$dir/." "$tmp/"
  chmod -R u+w "$tmp"
  chmod +x "$tmp"/bin/* "$tmp"/pkg/tool/*/*
  rm -rf "$dest"
  mv "$tmp" "$dest"
  GO="$dest/bin/go"
  log "Go $GO_TOOLCHAIN_VERSION is at $dest"
}
GO=""
# Sets GO (and puts it first on PATH) for `why`; false, after saying so, when there is no Go at all.
ensure_go() {
  [[ -n "$GO" ]] && return 0
  if ! find_go; then
    if [[ -z "$OLD_GO" ]]; then
      log "error: $1 needs Go >= $GO_MIN (or any Go to fetch it with, e.g. Debian's golang-go), and no Go is installed"
      return 1
    fi
    fetch_go_toolchain || return 1
  fi
  export PATH="$(dirname "$GO"):$PATH"
}

# wait_for PID SECONDS: true as soon as PID has ended, false after SECONDS while it still runs.
wait_for() {
  local pid="$1" i
  for (( i = 0; i < $2; i++ )); do
    kill -0 "$pid" 2>/dev/null || return 0
    sleep 1
  done
  ! kill -0 "$pid" 2>/dev/null
}
# Runs a long command in the background and logs the elapsed time every 30 s until it ends.
with_heartbeat() {
  local label="$1" started=$SECONDS pid status=0
  shift
  "$@" &
  pid=$!
  while ! wait_for "$pid" 30; do
    log "  ... still $label ($(( SECONDS - started ))s elapsed)"
  done
  wait "$pid" || status=$?
  log "  $label: done in $(( SECONDS - started ))s"
  return $status
}

# Go programs (and the Go SDKs generated for them) build against github.com/pulumi/pulumi/sdk/v3 at the
# CLI's release: what they need is downloaded into the Go module cache once, here, so that they build
# without the network afterwards (GOPROXY=off, as the end-to-end tests run them). A module that requires
# sdk/v3 alone selects other versions than the CLI's build, so the CLI's downloads do not cover it.
GO_PROGRAM_STAMP="$TOOLS_CACHE/go/programs-sdk-v${PULUMI_VERSION}.stamp"
ensure_go_program_modules() {
  local dir status=0
  ensure_go "preparing Go programs" || return 1
  dir="$(mktemp -d)"
  printf 'module walletinfra.local/go-program\n\ngo 1.25\n\nrequire github.com/pulumi/pulumi/sdk/v3 v%s\n' "$PULUMI_VERSION" > "$dir/go.mod"
  printf 'package main\n\nimport (\n\t_ "github.com/blang/semver"\n\t"github.com/pulumi/pulumi/sdk/v3/go/pulumi"\n)\n\nfunc main() { pulumi.Run(func(*pulumi.Context) error { return nil }) }\n' > "$dir/main.go"
  if [[ -f "$GO_PROGRAM_STAMP" ]] && (cd "$dir" && GOPROXY=off GOFLAGS=-mod=mod GOTOOLCHAIN=local "$GO" mod tidy >/dev/null 2>&1); then
    rm -rf "$dir"
    return 0
  fi
  log "downloading the Go modules of a program on github.com/pulumi/pulumi/sdk/v3 v$PULUMI_VERSION (once per machine)..."
  (cd "$dir" && export GOFLAGS=-mod=mod GOTOOLCHAIN=local && with_heartbeat "downloading modules for Go programs" "$GO" mod tidy >&2) ||
    status=$?
  rm -rf "$dir"
  [[ $status -eq 0 ]] || { log "error: could not download the modules Go programs need (go mod tidy failed)"; return 1; }
  mkdir -p "$(dirname "$GO_PROGRAM_STAMP")"
  touch "$GO_PROGRAM_STAMP"
}

# 1. A new-enough Pulumi already on PATH (with its language hosts and the dynamic-provider plugin).
if ! $force_build && command -v pulumi >/dev/null 2>&1; then
  path_pulumi="$(command -v pulumi)"
  path_version="$(pulumi version 2>/dev/null | head -n1 | tr -d '[:space:]' || true)"
  path_version="${path_version#v}"
  if [[ "$path_version" =~ ^[0-9]+\.[0-9]+\.[0-9]+ ]] && version_ge "${BASH_REMATCH[0]}" "$PULUMI_VERSION"; then
    path_missing=()
    for b in "${PATH_HOSTS[@]}"; do
      command -v "$b" >/dev/null 2>&1 || path_missing+=("$b")
    done
    if [[ ${#path_missing[@]} -eq 0 ]]; then
      log "using pulumi v$path_version from PATH: $path_pulumi (language hosts: $(dirname "$(command -v pulumi-language-nodejs)"))"
      finish "$(dirname "$path_pulumi")"
    fi
    log "pulumi v$path_version on PATH ($path_pulumi) lacks ${path_missing[*]} on PATH; not using it"
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
use_cache() {
  log "copying Pulumi CLI v$PULUMI_VERSION from the machine cache $CACHE_BIN"
  install_bin_dir "$CACHE_BIN" "$LOCAL_BIN"
  bin_dir_ok "$LOCAL_BIN" || { log "copy from $CACHE_BIN is incomplete"; exit 1; }
  log "using $LOCAL_BIN"
  finish "$LOCAL_BIN"
}
if ! $force_build && bin_dir_ok "$CACHE_BIN"; then
  use_cache
fi
# One build per machine at a time: another clone building the same recipe is waited for, then copied.
mkdir -p "$TOOLS_CACHE/pulumi"
if command -v flock >/dev/null 2>&1; then
  exec 9>"$TOOLS_CACHE/pulumi/.build-v${PULUMI_VERSION}-r${BUILD_RECIPE}.lock"
  if ! flock -n 9; then
    log "another clone is building the Pulumi CLI on this machine; waiting for it..."
    flock 9
  fi
  if ! $force_build && bin_dir_ok "$CACHE_BIN"; then
    use_cache
  fi
fi

# 4. Build from Go modules.
install_hint() {
  log "Install the Pulumi CLI the usual way and put it first on PATH, then run this again:"
  log "  curl -fsSL https://get.pulumi.com | sh     (see https://www.pulumi.com/docs/iac/download-install/)"
  log "  or: brew install pulumi/tap/pulumi"
}
for host in "${HOSTS[@]}"; do
  for f in $(host_files "$host"); do
    if [[ ! -f "$THIRD_PARTY/pulumi-language-$host/$f" ]]; then
      log "error: no pulumi v$PULUMI_VERSION+ on PATH, and the $host language host's source is incomplete ($THIRD_PARTY/pulumi-language-$host/$f is missing)"
      install_hint
      exit 1
    fi
  done
done
command -v node >/dev/null 2>&1 || { log "error: Node.js (node) is needed and is not on PATH"; exit 1; }

ensure_go "building the Pulumi CLI" || { install_hint; exit 1; }

start_time=$(date +%s)
log "building the Pulumi CLI v$PULUMI_VERSION and its Node.js, Go, Python and YAML language hosts from Go modules (first run only, ~10-25 minutes; $("$GO" version | cut -d' ' -f3))..."

mkdir -p "$TOOLS_DIR"
BUILD_DIR="$(mktemp -d "$TOOLS_DIR/build.XXXXXX")"
trap 'rm -rf "$BUILD_DIR"' EXIT
STAGE="$BUILD_DIR/bin"
mkdir -p "$STAGE" "$BUILD_DIR/cli" "$BUILD_DIR/yaml"

export GOTOOLCHAIN=local            # exactly the Go chosen above
export GOFLAGS="-mod=mod -buildvcs=false"

# The CLI and the three language hosts of the pulumi repository are built by one `go build` of one module:
# one dependency graph (every shared package compiles once) and one build's parallelism. The hosts are not
# served by the module proxy: each one's upstream files go to a directory of their own, which this module
# replaces the host's module with; in the copy, the go.mod's replace directives into Pulumi's monorepo
# are dropped and pkg/v3 and sdk/v3 are required at the pinned release (their replace of atotto/clipboard
# is repeated here, where it applies).
HOST_VERSION="v3.0.0-00010101000000-000000000000"
{
  echo "module walletinfra.local/pulumi-build"
  echo
  echo "go 1.25.11"
  echo
  echo "require ("
  echo "	github.com/pulumi/pulumi/pkg/v3 v${PULUMI_VERSION}"
  echo "	github.com/pulumi/pulumi/sdk/v3 v${PULUMI_VERSION}"
  for host in "${HOSTS[@]}"; do echo "	$(host_module "$host") $HOST_VERSION"; done
  echo ")"
  echo
  echo "// Copied from pkg/v3's go.mod (replace directives of dependencies are ignored otherwise)."
  echo "replace github.com/atotto/clipboard => github.com/tgummerer/clipboard v0.0.0-20241001131231-d02d263e614e"
  echo
  for host in "${HOSTS[@]}"; do echo "replace $(host_module "$host") => ./host-$host"; done
} > "$BUILD_DIR/cli/go.mod"
PINNED_SUMS="github.com/pulumi/pulumi/pkg/v3 v${PULUMI_VERSION} ${PKG_SUM_H1}
github.com/pulumi/pulumi/pkg/v3 v${PULUMI_VERSION}/go.mod ${PKG_GOMOD_SUM_H1}"
echo "$PINNED_SUMS" > "$BUILD_DIR/cli/go.sum"
{
  echo "//go:build tools"
  echo
  echo "package tools"
  echo
  echo "import ("
  echo "	_ \"github.com/pulumi/pulumi/pkg/v3/cmd/pulumi\""
  for host in "${HOSTS[@]}"; do echo "	_ \"$(host_module "$host")\""; done
  echo ")"
} > "$BUILD_DIR/cli/tools.go"
for host in "${HOSTS[@]}"; do
  dir="$BUILD_DIR/cli/host-$host"
  for f in $(host_files "$host"); do
    [[ "$f" == pulumi-language-python-exec ]] && continue
    mkdir -p "$dir/$(dirname "$f")"
    cp "$THIRD_PARTY/pulumi-language-$host/$f" "$dir/$f"
  done
  chmod -R u+w "$dir"
  (cd "$dir" && "$GO" mod edit \
    -dropreplace=github.com/pulumi/pulumi/pkg/v3 -dropreplace=github.com/pulumi/pulumi/sdk/v3 \
    -require="github.com/pulumi/pulumi/pkg/v3@v${PULUMI_VERSION}" -require="github.com/pulumi/pulumi/sdk/v3@v${PULUMI_VERSION}")
done

# The YAML host: its own module, at the versions pulumi-yaml's go.mod pins, built as its releases are
# (.goreleaser.yml of github.com/pulumi/pulumi-yaml: the tag as its version).
cat > "$BUILD_DIR/yaml/go.mod" <<GOMOD
module walletinfra.local/pulumi-yaml-build

go 1.25.11

require github.com/pulumi/pulumi-yaml v${PULUMI_YAML_VERSION}
GOMOD
cat > "$BUILD_DIR/yaml/tools.go" <<'GOSRC'
//go:build tools

package tools

import (
	_ "github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml"
)
GOSRC

LDFLAGS="-X github.com/pulumi/pulumi/sdk/v3/go/common/version.Version=v${PULUMI_VERSION}"
YAML_LDFLAGS="-X github.com/pulumi/pulumi-yaml/pkg/version.Version=v${PULUMI_YAML_VERSION}"
# Both modules resolve at once (mostly downloads).
tidy_both() {
  local cli yaml status=0
  (cd "$BUILD_DIR/cli" && "$GO" mod tidy) &
  cli=$!
  (cd "$BUILD_DIR/yaml" && "$GO" mod tidy) &
  yaml=$!
  wait "$cli" || status=$?
  wait "$yaml" || status=$?
  return $status
}
log "resolving Go modules (go mod tidy)..."
with_heartbeat "resolving modules" tidy_both >&2
(
  cd "$BUILD_DIR/cli"
  log "compiling pulumi and pulumi-language-{nodejs,go,python} in one go build (the longest step)..."
  packages=(github.com/pulumi/pulumi/pkg/v3/cmd/pulumi)
  for host in "${HOSTS[@]}"; do packages+=("$(host_module "$host")"); done
  with_heartbeat "compiling pulumi and its language hosts" "$GO" build -trimpath -ldflags "$LDFLAGS" -o "$STAGE/" "${packages[@]}" >&2
)
(
  cd "$BUILD_DIR/yaml"
  log "compiling pulumi-language-yaml v$PULUMI_YAML_VERSION (its own dependency versions)..."
  with_heartbeat "compiling pulumi-language-yaml" "$GO" build -trimpath -ldflags "$YAML_LDFLAGS" \
    -o "$STAGE/pulumi-language-yaml" github.com/pulumi/pulumi-yaml/cmd/pulumi-language-yaml >&2
)
# Python's exec shim: the language host runs `python pulumi-language-python-exec PROGRAM` from beside itself.
cp "$THIRD_PARTY/pulumi-language-python/pulumi-language-python-exec" "$STAGE/"

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
