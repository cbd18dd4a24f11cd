#!/usr/bin/env bash
# The main job (`npm run up`): on a fresh clone, install what is missing, start the local emulator with the
# example seed, configure the Pulumi stack from the emulator's credentials, `pulumi up` the baseline
# organization (root Pulumi.yaml -> examples/baseline/), print the stack outputs, and check that a second
# run would change nothing. Every step prints a line; nothing runs silently.
#
#   npm run up                          # everything, then stop the emulator
#   npm run up -- --keep-running        # leave the emulator running (prints its URL and how to stop it)
#   npm run up -- --stack NAME          # another stack name (default: local, or $WALLETINFRA_STACK)
#
# Local state: the emulator's database and credentials in .data/main/, Pulumi's state, stack config and the
# generated passphrase in .pulumi-state/ (both git-ignored). Delete both to start over.
set -euo pipefail
root="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$root"

log() { echo "[up] $*"; }
die() { echo "[up] error: $*" >&2; exit 1; }

keep_running=false
stack="${WALLETINFRA_STACK:-local}"
while [ $# -gt 0 ]; do
  case "$1" in
    --keep-running) keep_running=true ;;
    --stack)
      [ $# -ge 2 ] && [ -n "$2" ] || die "--stack needs a value"
      stack="$2"; shift ;;
    --stack=*) stack="${1#--stack=}"; [ -n "$stack" ] || die "--stack needs a value" ;;
    -h|--help) sed -n '2,13p' "${BASH_SOURCE[0]}" | sed 's/^# \{0,1\}//'; exit 0 ;;
    *) die "unknown argument \"$1\" (known: --keep-running, --stack NAME, --help)" ;;
  esac
  shift
done

# Overridable so tests can run the main job without touching a developer's own state.
data_dir="${WALLETINFRA_MAIN_DATA_DIR:-$root/.data/main}"
state_dir="${WALLETINFRA_MAIN_STATE_DIR:-$root/.pulumi-state}"
# Nothing listens here by default: the emulator records the failed deliveries (its deliveries log). Set
# WALLETINFRA_WEBHOOK_URL to a receiver of yours to watch them arrive. It stays fixed between runs so the
# second run shows no change.
webhook_url="${WALLETINFRA_WEBHOOK_URL:-http://127.0.0.1:8787/walletinfra/webhooks}"

# 1. npm packages (a fresh clone has none).
if [ ! -d node_modules/@pulumi/pulumi ] || [ ! -e node_modules/@walletinfra/sdk ] || [ ! -d node_modules/better-sqlite3 ]; then
  log "installing npm packages (npm install; the SQLite driver builds from source, a few minutes)..."
  npm install --no-audit --no-fund
else
  log "npm packages already installed"
fi

# 2. Build the three packages (incremental: quick when nothing changed).
log "building sdk, emulator and provider (tsc -b)..."
npx tsc -b sdk emulator provider

# 3. The Pulumi CLI: one on PATH, or built once from Pulumi's Go modules (a few minutes the first time).
log "ensuring the Pulumi CLI (scripts/ensure-pulumi.sh)..."
pulumi_bin="$(bash scripts/ensure-pulumi.sh --print-bin-dir | tail -n 1)"
export PATH="$pulumi_bin:$PATH"
export PULUMI_SKIP_UPDATE_CHECK=true
export PULUMI_BACKEND_URL="file://$state_dir/backend"
mkdir -p "$state_dir/backend" "$state_dir/config" "$data_dir"
chmod 700 "$state_dir"
# A passphrase secrets provider with a random passphrase made on first run, kept next to the local state.
if [ -z "${PULUMI_CONFIG_PASSPHRASE:-}" ] && [ -z "${PULUMI_CONFIG_PASSPHRASE_FILE:-}" ]; then
  if [ ! -s "$state_dir/passphrase" ]; then
    (umask 077; node -e "process.stdout.write(require('crypto').randomBytes(24).toString('base64url'))" > "$state_dir/passphrase")
  fi
  export PULUMI_CONFIG_PASSPHRASE_FILE="$state_dir/passphrase"
fi
log "pulumi $(pulumi version) from $pulumi_bin; state in .pulumi-state/"

# 4. The emulator, reused when a previous `--keep-running` left it up on the same data dir.
pid_file="$data_dir/emulator.pid"
emulator_log="$data_dir/emulator.log"
started_pid=""
stop_emulator() {
  if [ -n "$started_pid" ] && kill -0 "$started_pid" 2>/dev/null; then
    log "stopping the emulator (pid $started_pid)..."
    kill "$started_pid" 2>/dev/null || true
    wait "$started_pid" 2>/dev/null || true
    rm -f "$pid_file"
  fi
}
on_exit() {
  local status=$?
  if ! $keep_running || [ $status -ne 0 ]; then stop_emulator; fi
  if [ $status -ne 0 ]; then echo "[up] failed (exit $status); the emulator's log is $emulator_log" >&2; fi
}
trap on_exit EXIT

cred_file="$data_dir/credentials.json"
json_field() { node -e 'const v = require(process.argv[1])[process.argv[2]]; if (typeof v !== "string" || v === "") process.exit(3); process.stdout.write(v)' "$1" "$2"; }
# Admin requests carry the token the emulator wrote to credentials.json (read by node, never on a command line).
health_ok() { node -e 'const { adminToken } = require(require("path").resolve(process.argv[2])); fetch(process.argv[1] + "/__admin/health", { headers: { Authorization: "Bearer " + adminToken } }).then((r) => process.exit(r.ok ? 0 : 1), () => process.exit(1))' "$1" "$cred_file"; }

base_url=""
if [ -f "$pid_file" ] && kill -0 "$(cat "$pid_file")" 2>/dev/null && [ -f "$cred_file" ]; then
  base_url="$(json_field "$cred_file" baseUrl || true)"
  if [ -n "$base_url" ] && health_ok "$base_url"; then
    log "reusing the emulator already running at $base_url (pid $(cat "$pid_file"))"
  else
    base_url=""
  fi
fi
if [ -z "$base_url" ]; then
  log "starting the emulator (seed emulator/seeds/example.json, data in ${data_dir#"$root/"})..."
  : > "$emulator_log"
  # --webhook-delivery loopback-only: deliveries never leave this machine
  node emulator/dist/cli.js --json --data-dir "$data_dir" --seed emulator/seeds/example.json --port 0 --allow-loopback-webhooks --webhook-delivery loopback-only >> "$emulator_log" 2>&1 &
  started_pid=$!
  echo "$started_pid" > "$pid_file"
  # Ready when it prints its JSON line ({baseUrl, ...}); it has written credentials.json by then.
  for _ in $(seq 1 300); do
    if ! kill -0 "$started_pid" 2>/dev/null; then
      sed 's/^/[emulator] /' "$emulator_log" >&2
      die "the emulator exited during start-up (log above)"
    fi
    grep -q '^{' "$emulator_log" || { sleep 0.2; continue; }
    base_url="$(node -e '
      for (const line of require("fs").readFileSync(process.argv[1], "utf8").split("\n")) {
        if (!line.startsWith("{")) continue;
        try { const u = JSON.parse(line).baseUrl; if (typeof u === "string") { process.stdout.write(u); break; } } catch {}
      }' "$emulator_log")"
    [ -n "$base_url" ] && break
    sleep 0.2
  done
  [ -n "$base_url" ] || die "the emulator did not report its URL within 60 s (log: $emulator_log)"
  log "emulator listening at $base_url (pid $started_pid)"
fi

# 5. Credentials and the on-ramp encryption key, as a real organization's admin would obtain them.
[ -f "$cred_file" ] || die "the emulator did not write $cred_file"
org_id="$(json_field "$cred_file" organizationId)" || die "organizationId missing in $cred_file"
api_public_key="$(json_field "$cred_file" apiPublicKey)" || die "apiPublicKey missing in $cred_file"
onramp_key="$(node -e '
  const { adminToken } = require(require("path").resolve(process.argv[2]));
  fetch(process.argv[1] + "/__admin/onramp-encryption-key", { headers: { Authorization: "Bearer " + adminToken } })
    .then((r) => (r.ok ? r.json() : Promise.reject(new Error("HTTP " + r.status))))
    .then((b) => {
      const k = typeof b === "string" ? b : b.publicKey ?? b.onRampEncryptionPublicKey ?? b.key;
      if (typeof k !== "string" || !/^[0-9a-fA-F]+$/.test(k)) throw new Error("no hex public key in the answer");
      process.stdout.write(k);
    })
    .catch((e) => { console.error(e.message); process.exit(1); })' "$base_url" "$cred_file")" || die "could not read the on-ramp encryption key from $base_url/__admin/onramp-encryption-key"
log "organization $org_id, API key ${api_public_key:0:12}..., on-ramp encryption key ${onramp_key:0:12}..."

# 6. The stack. A stack made against another emulator organization (its data dir was deleted) is
#    replaced: the objects it tracked are gone with that organization.
org_marker="$state_dir/$stack.organization"
if pulumi stack select "$stack" --non-interactive >/dev/null 2>&1; then
  if [ -f "$org_marker" ] && [ "$(cat "$org_marker")" != "$org_id" ]; then
    log "stack $stack belongs to organization $(cat "$org_marker"), which no longer exists; recreating it..."
    pulumi stack rm "$stack" --yes --force --non-interactive >/dev/null
    pulumi stack init "$stack" --non-interactive >/dev/null
  else
    log "using stack $stack"
  fi
else
  log "creating stack $stack..."
  pulumi stack init "$stack" --non-interactive >/dev/null
fi
echo "$org_id" > "$org_marker"

log "configuring the stack from .data/main/credentials.json (the private key as a secret)..."
pulumi config set walletinfra:organizationId "$org_id" --non-interactive
pulumi config set walletinfra:apiPublicKey "$api_public_key" --non-interactive
pulumi config set walletinfra:baseUrl "$base_url" --non-interactive
pulumi config set walletinfra:onRampEncryptionPublicKey "$onramp_key" --non-interactive
# The emulator runs with --allow-loopback-webhooks; the provider's own URL check must agree.
pulumi config set walletinfra:allowLoopbackWebhookUrls true --non-interactive
# Secrets go through stdin, never the command line (visible to every user in the process list).
json_field "$cred_file" apiPrivateKey | pulumi config set --secret walletinfra:apiPrivateKey --non-interactive
pulumi config set webhookUrl "$webhook_url" --non-interactive
if ! pulumi config get onRampSecretApiKey --non-interactive >/dev/null 2>&1; then
  log "generating a sandbox on-ramp secret key (kept as a stack secret)..."
  node -e "process.stdout.write('sk_test_' + require('crypto').randomBytes(16).toString('hex'))" |
    pulumi config set --secret onRampSecretApiKey --non-interactive
fi

# 7. Apply.
log "pulumi up --yes (stack $stack)..."
pulumi up --yes --non-interactive --suppress-outputs --stack "$stack"

# 8. Outputs (secrets stay hidden).
log "stack outputs:"
pulumi stack output --json --stack "$stack"

# 9. The acceptance check of a re-run: nothing left to change.
log "checking that a second run would change nothing (pulumi preview --expect-no-changes)..."
pulumi preview --expect-no-changes --non-interactive --stack "$stack" >/dev/null || die "the preview after up still shows changes"
log "no changes pending"

if $keep_running; then
  pid="$(cat "$pid_file")"
  log "the emulator keeps running at $base_url (pid $pid); stop it with: kill $pid"
  if [ -n "${PULUMI_CONFIG_PASSPHRASE_FILE:-}" ]; then secrets_env="PULUMI_CONFIG_PASSPHRASE_FILE=$PULUMI_CONFIG_PASSPHRASE_FILE"; else secrets_env="PULUMI_CONFIG_PASSPHRASE=<yours>"; fi
  log "try: PULUMI_BACKEND_URL=$PULUMI_BACKEND_URL $secrets_env $pulumi_bin/pulumi preview --stack $stack"
elif [ -n "$started_pid" ]; then
  stop_emulator
else
  log "the emulator left running by an earlier --keep-running still runs at $base_url (pid $(cat "$pid_file")); stop it with: kill $(cat "$pid_file")"
fi
log "done"
