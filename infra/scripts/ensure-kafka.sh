#!/usr/bin/env bash
# Makes sure a single-node Kafka 3.9 (KRaft: broker and controller in one JVM) listens on
# 127.0.0.1:9092. Safe to run again: jars are fetched once per version, storage is formatted
# once, and a broker that already listens is left alone. Stop it with stop-kafka.sh.
#
# Kafka has no Debian package, so the broker's jars come from Maven Central through
# infra/kafka/pom.xml. Everything it writes stays under infra/kafka (gitignored):
#   .lib/  jars    .var/  server.properties, cluster.id, data/, kafka.log (+ .1), kafka.pid
# Logs go to stderr; stdout stays empty.
set -euo pipefail

KAFKA_VERSION=${KAFKA_VERSION:-3.9.2}
HOST=127.0.0.1
PORT=9092
CONTROLLER_PORT=9093
START_TIMEOUT=60

KAFKA_HOME=$(cd "$(dirname "${BASH_SOURCE[0]}")/../kafka" && pwd)
LIB=$KAFKA_HOME/.lib
VAR=$KAFKA_HOME/.var
PROPS=$VAR/server.properties
PID_FILE=$VAR/kafka.pid
LOG_FILE=$VAR/kafka.log

log() { echo "ensure-kafka: $*" >&2; }
fail() { echo "ensure-kafka: ERROR: $*" >&2; exit 1; }
listening() { (: </dev/tcp/"$HOST"/"${1:-$PORT}") 2>/dev/null; }
# The broker logs hundreds of lines while shutting down after a fatal error, so a plain tail
# hides the cause; show the first errors, or the tail if there are none.
show_log() {
  local errors
  errors=$(grep -A1 -E '^\[[^]]+\] (ERROR|FATAL) ' "$LOG_FILE" 2>/dev/null | grep -v '^--$' | head -n 10 || true)
  if [ -n "$errors" ]; then echo "$errors" >&2; else tail -n 20 "$LOG_FILE" >&2 2>/dev/null || true; fi
}
# Only trust the pid file if that pid is still this broker (pids get reused).
broker_pid() {
  local pid
  pid=$(cat "$PID_FILE" 2>/dev/null) || return 1
  [[ $pid =~ ^[0-9]+$ ]] && { tr '\0' ' ' <"/proc/$pid/cmdline"; } 2>/dev/null | grep -q "kafka.Kafka $PROPS" && echo "$pid"
}

mkdir -p "$VAR"
# Two CI jobs on one machine must not download, format or start concurrently.
exec 9>"$VAR/.ensure.lock"
flock -w 300 9 || fail "timed out waiting for another ensure-kafka run to finish"

# --- jars -------------------------------------------------------------------------------------
# Fetched even when a broker already listens: the fault tests start brokers of their own from them.
# The stamp is written last, so an interrupted download is redone instead of half-used.
if [ "$(cat "$LIB/.version" 2>/dev/null || true)" != "$KAFKA_VERSION" ]; then
  command -v mvn >/dev/null || fail "mvn not found (needed once to fetch Kafka's jars; apt-get install maven)"
  log "fetching Kafka $KAFKA_VERSION jars from Maven Central"
  started=$SECONDS
  rm -rf "$LIB.tmp"
  # -U: Maven otherwise caches a failed lookup (say, a network blip) in ~/.m2 for a day, and
  # the rerun would fail without asking Central again.
  # Output goes to a file: even with -q, Debian's Maven 3.8 prints stray ANSI resets.
  mvn -B -q -U -f "$KAFKA_HOME/pom.xml" -Dkafka.version="$KAFKA_VERSION" \
    dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory="$LIB.tmp" >"$VAR/mvn.log" 2>&1 \
    || { sed 's/\x1b\[[0-9;]*m//g' "$VAR/mvn.log" | grep -E '^\[ERROR\] [^ ]' | head -n 3 >&2
         fail "mvn could not fetch org.apache.kafka:kafka_2.13:$KAFKA_VERSION and its dependencies (log: $VAR/mvn.log)"; }
  [ -f "$LIB.tmp/kafka_2.13-$KAFKA_VERSION.jar" ] || fail "kafka_2.13-$KAFKA_VERSION.jar missing after mvn"
  echo "$KAFKA_VERSION" >"$LIB.tmp/.version"
  rm -rf "$LIB" && mv "$LIB.tmp" "$LIB"
  log "fetched $(find "$LIB" -name '*.jar' | wc -l) jars in $((SECONDS - started)) s"
fi

if listening; then
  if pid=$(broker_pid); then
    log "Kafka is up on $HOST:$PORT (pid $pid)"
  else
    log "$HOST:$PORT is already listening (not a broker started by this script); leaving it alone"
  fi
  exit 0
fi

command -v java >/dev/null || fail "java not found (Kafka $KAFKA_VERSION needs a JDK/JRE 17; apt-get install openjdk-17-jre-headless)"

# --- config -----------------------------------------------------------------------------------
# Rewritten every run (cheap, and keeps log.dirs right if the checkout moved).
cat >"$PROPS" <<EOF
# Written by infra/scripts/ensure-kafka.sh; edits are overwritten.
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@$HOST:$CONTROLLER_PORT
listeners=PLAINTEXT://$HOST:$PORT,CONTROLLER://$HOST:$CONTROLLER_PORT
advertised.listeners=PLAINTEXT://$HOST:$PORT
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
log.dirs=$VAR/data
auto.create.topics.enable=true
num.partitions=6
default.replication.factor=1
# One broker: internal topics cannot have more than one replica.
offsets.topic.replication.factor=1
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
# Consumer groups otherwise wait 3 s for more members before the first rebalance.
group.initial.rebalance.delay.ms=0
EOF

java_cmd=(java -Xmx512m -Djava.awt.headless=true -Dlog4j.configuration="file:$KAFKA_HOME/log4j.properties" -cp "$LIB/*")

# --- storage ----------------------------------------------------------------------------------
# StorageTool logs the whole broker config at INFO; keep that in a file unless it fails.
if [ ! -f "$VAR/data/meta.properties" ]; then
  cluster_id=$(cat "$VAR/cluster.id" 2>/dev/null || true)
  if [ -z "$cluster_id" ]; then
    cluster_id=$("${java_cmd[@]}" kafka.tools.StorageTool random-uuid 2>"$VAR/format.log" | tail -n1) \
      || { tail -n 20 "$VAR/format.log" >&2; fail "kafka.tools.StorageTool random-uuid failed"; }
    [[ $cluster_id =~ ^[A-Za-z0-9_-]{22}$ ]] || fail "unexpected cluster id from StorageTool: '$cluster_id'"
    echo "$cluster_id" >"$VAR/cluster.id"
  fi
  log "formatting storage in $VAR/data (cluster id $cluster_id)"
  "${java_cmd[@]}" kafka.tools.StorageTool format -t "$cluster_id" -c "$PROPS" --ignore-formatted >"$VAR/format.log" 2>&1 \
    || { tail -n 20 "$VAR/format.log" >&2; fail "kafka.tools.StorageTool format failed (log: $VAR/format.log)"; }
fi

# --- broker -----------------------------------------------------------------------------------
if pid=$(broker_pid); then
  # A broker from an earlier run that is still starting (or stuck); a second one could not
  # take the data dir's lock anyway, so wait for this one.
  log "broker pid $pid is running but $HOST:$PORT is not listening yet; waiting for it"
else
  if listening "$CONTROLLER_PORT"; then
    fail "controller port $HOST:$CONTROLLER_PORT is taken by another process; the broker could not bind it"
  fi
  log "starting Kafka $KAFKA_VERSION on $HOST:$PORT (controller $HOST:$CONTROLLER_PORT), log $LOG_FILE"
  # Keep the previous run's log: it is the one that explains why the broker was down.
  if [ -f "$LOG_FILE" ]; then mv -f "$LOG_FILE" "$LOG_FILE.1"; fi
  # setsid + nohup: the broker must outlive this script and the CI step's process group.
  # In a non-interactive shell the background job is no group leader, so setsid execs java
  # in place and $! is the JVM's pid. 9>&-: the JVM must not inherit (and hold) our lock.
  (cd "$VAR" && exec setsid nohup "${java_cmd[@]}" kafka.Kafka "$PROPS" >"$LOG_FILE" 2>&1 </dev/null 9>&-) &
  pid=$!
  echo "$pid" >"$PID_FILE"
fi

started=$SECONDS
while ! listening; do
  if ! kill -0 "$pid" 2>/dev/null; then
    show_log
    fail "the broker exited during startup (errors above, full log in $LOG_FILE)"
  fi
  if [ $((SECONDS - started)) -ge "$START_TIMEOUT" ]; then
    show_log
    fail "$HOST:$PORT not listening after $START_TIMEOUT s; broker pid $pid left running for inspection (stop-kafka.sh stops it; log: $LOG_FILE)"
  fi
  sleep 0.5
done
log "Kafka is up on $HOST:$PORT (pid $pid) after $((SECONDS - started)) s"
