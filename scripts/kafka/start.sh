#!/usr/bin/env bash
# Starts a single-node KRaft Kafka broker (broker+controller) for tests and CI, in the
# background, and waits until it answers. Usage: scripts/kafka/start.sh [data-dir]
# Prints `KAFKA_BROKERS=127.0.0.1:<port>` on success. Stop it with scripts/kafka/stop.sh.
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
[ $# -ge 1 ] && KAFKA_DATA_DIR="$1"
source "$here/env.sh"
KAFKA_START_TIMEOUT="${KAFKA_START_TIMEOUT:-60}"
brokers="127.0.0.1:$KAFKA_PORT"

if [ -f "$KAFKA_PID_FILE" ] && kill -0 "$(cat "$KAFKA_PID_FILE")" 2>/dev/null; then
  echo "kafka: already running (pid $(cat "$KAFKA_PID_FILE"))"
  echo "KAFKA_BROKERS=$brokers"
  exit 0
fi

"$here/fetch.sh"
mkdir -p "$KAFKA_DATA_DIR/logs"
config="$KAFKA_DATA_DIR/server.properties"
cat > "$config" <<PROPS
process.roles=broker,controller
node.id=1
controller.quorum.voters=1@127.0.0.1:$KAFKA_CONTROLLER_PORT
listeners=PLAINTEXT://127.0.0.1:$KAFKA_PORT,CONTROLLER://127.0.0.1:$KAFKA_CONTROLLER_PORT
advertised.listeners=PLAINTEXT://127.0.0.1:$KAFKA_PORT
controller.listener.names=CONTROLLER
inter.broker.listener.name=PLAINTEXT
listener.security.protocol.map=PLAINTEXT:PLAINTEXT,CONTROLLER:PLAINTEXT
log.dirs=$KAFKA_DATA_DIR/logs
metadata.log.dir=$KAFKA_DATA_DIR/metadata
# One node: every internal topic has one replica.
offsets.topic.replication.factor=1
offsets.topic.num.partitions=4
transaction.state.log.replication.factor=1
transaction.state.log.min.isr=1
transaction.state.log.num.partitions=4
default.replication.factor=1
min.insync.replicas=1
num.partitions=3
auto.create.topics.enable=true
# Consumers in tests join immediately instead of waiting 3 s for more members.
group.initial.rebalance.delay.ms=0
# Few threads: the machine has two cores shared with everything else.
num.network.threads=2
num.io.threads=2
background.threads=2
num.replica.fetchers=1
num.recovery.threads.per.data.dir=1
log.cleaner.threads=1
log.cleaner.dedupe.buffer.size=8388608
log.retention.hours=24
log.segment.bytes=67108864
PROPS
cat > "$KAFKA_DATA_DIR/log4j.properties" <<'PROPS'
log4j.rootLogger=INFO, stdout
log4j.appender.stdout=org.apache.log4j.ConsoleAppender
log4j.appender.stdout.layout=org.apache.log4j.PatternLayout
log4j.appender.stdout.layout.ConversionPattern=[%d] %p %m (%c)%n
log4j.logger.kafka=INFO
log4j.logger.org.apache.kafka=INFO
log4j.logger.state.change.logger=WARN
log4j.logger.kafka.request.logger=WARN
PROPS

cp="$KAFKA_LIBS/*"
java_opts=(-Xmx512m -Xms128m -Djava.awt.headless=true "-Dlog4j.configuration=file:$KAFKA_DATA_DIR/log4j.properties")
cluster_id_file="$KAFKA_DATA_DIR/cluster-id"
if [ ! -s "$cluster_id_file" ]; then
  java "${java_opts[@]}" -cp "$cp" kafka.tools.StorageTool random-uuid | tail -n 1 > "$cluster_id_file"
fi
java "${java_opts[@]}" -cp "$cp" kafka.tools.StorageTool format \
  -t "$(cat "$cluster_id_file")" -c "$config" --ignore-formatted >> "$KAFKA_LOG_FILE" 2>&1

started=$(date +%s.%N)
nohup java "${java_opts[@]}" -cp "$cp" kafka.Kafka "$config" >> "$KAFKA_LOG_FILE" 2>&1 &
pid=$!
echo "$pid" > "$KAFKA_PID_FILE"

if ! node "$here/wait-ready.cjs" "$brokers" "$KAFKA_START_TIMEOUT" "$pid"; then
  echo "kafka: start failed, last log lines from $KAFKA_LOG_FILE:" >&2
  tail -n 30 "$KAFKA_LOG_FILE" >&2
  "$here/stop.sh" "$KAFKA_DATA_DIR" >&2 || true
  exit 1
fi
echo "kafka: pid $pid, started in $(echo "$(date +%s.%N) - $started" | bc 2>/dev/null || echo '?') s, log $KAFKA_LOG_FILE"
echo "KAFKA_BROKERS=$brokers"
