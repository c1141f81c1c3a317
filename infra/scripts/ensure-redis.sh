#!/usr/bin/env bash
# Makes sure Redis answers on 127.0.0.1:6379, starting (and if needed installing) it.
set -euo pipefail
log() { echo "ensure-redis: $*" >&2; }
fail() { log "ERROR: $*"; exit 1; }

if [ "$(redis-cli -h 127.0.0.1 -p 6379 ping 2>/dev/null || true)" = "PONG" ]; then
  log "Redis is up on 127.0.0.1:6379"; exit 0
fi
if ! command -v redis-server >/dev/null; then
  apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq redis-server >/dev/null || fail "could not install redis-server"
fi
mkdir -p /var/lib/redis /var/log/redis
redis-server --daemonize yes --bind 127.0.0.1 -::1 --port 6379 --save "" --appendonly no --dir /var/lib/redis --logfile /var/log/redis/ci.log \
  || fail "redis-server did not start"
for _ in $(seq 1 20); do
  [ "$(redis-cli -h 127.0.0.1 -p 6379 ping 2>/dev/null || true)" = "PONG" ] && { log "Redis started on 127.0.0.1:6379"; exit 0; }
  sleep 1
done
fail "Redis did not answer within 20 s (see /var/log/redis/ci.log)"
