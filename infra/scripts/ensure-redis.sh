#!/usr/bin/env bash
# Makes sure Redis answers PING on 127.0.0.1:6379, starting it (and installing redis-server
# first if the binary is missing). Safe to run again: a Redis that already answers is left
# alone. Logs go to stderr; stdout stays empty.
set -euo pipefail

REDIS_HOST=127.0.0.1
# Overridable only so the start path can be exercised without touching the shared instance.
REDIS_PORT=${REDIS_PORT:-6379}
REDIS_DIR=/var/lib/redis
REDIS_LOG=/var/log/redis/ci.log
[ "$REDIS_PORT" = 6379 ] || REDIS_LOG=/var/log/redis/ci-$REDIS_PORT.log

log() { echo "ensure-redis: $*" >&2; }
fail() { echo "ensure-redis: ERROR: $*" >&2; exit 1; }
# redis-cli prints errors (NOAUTH, connection refused) on stdout too, so compare exactly.
answers() { [ "$(redis-cli -h "$REDIS_HOST" -p "$REDIS_PORT" ping 2>/dev/null || true)" = PONG ]; }

if answers; then
  log "Redis is up on $REDIS_HOST:$REDIS_PORT"
  exit 0
fi

if ! command -v redis-server >/dev/null || ! command -v redis-cli >/dev/null; then
  [ "$(id -u)" = 0 ] || fail "redis-server is not installed and this is not root"
  log "installing redis-server"
  # The package's own service is not started here: this machine has no systemd, and the
  # instance below is the one CI wants (no persistence, fixed log).
  { apt-get update -qq -o DPkg::Lock::Timeout=300 \
    && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq -o DPkg::Lock::Timeout=300 -o Dpkg::Use-Pty=0 --no-install-recommends redis-server; } >&2 \
    || fail "apt-get could not install redis-server"
fi

# Something that accepts connections but does not answer PONG (another service, or a Redis
# that wants AUTH) would make the new server fail to bind; say so instead of waiting.
if (: </dev/tcp/"$REDIS_HOST"/"$REDIS_PORT") 2>/dev/null; then
  fail "$REDIS_HOST:$REDIS_PORT accepts connections but does not answer PING with PONG (not Redis, or it needs AUTH)"
fi

mkdir -p "$REDIS_DIR" "$(dirname "$REDIS_LOG")"
log "Redis is not answering on $REDIS_HOST:$REDIS_PORT; starting redis-server"
# No RDB/AOF: CI data is throw-away, and persistence only adds fsync stalls. "-::1" binds
# IPv6 loopback only if the machine has it (the leading "-" makes that bind optional).
redis-server --daemonize yes --bind 127.0.0.1 -::1 --port "$REDIS_PORT" --save "" --appendonly no \
  --dir "$REDIS_DIR" --logfile "$REDIS_LOG" >&2 \
  || fail "redis-server refused to start (see $REDIS_LOG)"

# --daemonize returns before the port is bound (or before a bind failure is noticed),
# so success is only known once PING answers.
for _ in $(seq 1 40); do
  if answers; then log "Redis started on $REDIS_HOST:$REDIS_PORT after $SECONDS s"; exit 0; fi
  sleep 0.5
done
tail -n 15 "$REDIS_LOG" >&2 2>/dev/null || true
fail "Redis did not answer PING on $REDIS_HOST:$REDIS_PORT within 20 s (log tail above, from $REDIS_LOG)"
