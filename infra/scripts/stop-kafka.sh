#!/usr/bin/env bash
# Stops the broker that ensure-kafka.sh started (its pid file is infra/kafka/.var/kafka.pid).
# Safe to run again: with no broker running it only says so. Data in infra/kafka/.var/data is
# kept (delete infra/kafka/.var for a blank cluster). Logs go to stderr.
set -euo pipefail

STOP_TIMEOUT=30
KAFKA_HOME=$(cd "$(dirname "${BASH_SOURCE[0]}")/../kafka" && pwd)
VAR=$KAFKA_HOME/.var
PROPS=$VAR/server.properties
PID_FILE=$VAR/kafka.pid

log() { echo "stop-kafka: $*" >&2; }
fail() { echo "stop-kafka: ERROR: $*" >&2; exit 1; }
# Same check as ensure-kafka.sh: a pid only counts if it is still this broker, since pids
# are reused and a stale pid file must never make us signal an unrelated process.
is_broker() { { tr '\0' ' ' <"/proc/$1/cmdline"; } 2>/dev/null | grep -q "kafka.Kafka $PROPS"; }

pid=$(cat "$PID_FILE" 2>/dev/null || true)
if ! [[ $pid =~ ^[0-9]+$ ]] || ! is_broker "$pid"; then
  # Lost or stale pid file: look for the broker by its (checkout-specific) command line.
  pid=$(pgrep -f -- "kafka.Kafka $PROPS" | head -n1 || true)
fi
if [ -z "$pid" ]; then
  log "no Kafka broker from ensure-kafka.sh is running"
  rm -f "$PID_FILE"
  exit 0
fi

# SIGTERM makes the broker shut down cleanly (flushes logs, writes a clean-shutdown marker),
# so the next start skips log recovery.
log "stopping Kafka broker pid $pid"
started=$SECONDS
kill -TERM "$pid" 2>/dev/null || true
while is_broker "$pid"; do
  if [ $((SECONDS - started)) -ge "$STOP_TIMEOUT" ]; then
    log "broker pid $pid still running after $STOP_TIMEOUT s; sending SIGKILL"
    kill -KILL "$pid" 2>/dev/null || true
    sleep 1
    is_broker "$pid" && fail "broker pid $pid survived SIGKILL"
    break
  fi
  sleep 0.5
done
rm -f "$PID_FILE"
log "Kafka broker stopped after $((SECONDS - started)) s"
