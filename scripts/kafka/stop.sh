#!/usr/bin/env bash
# Stops the broker started by start.sh (by its pid file). Usage: scripts/kafka/stop.sh [data-dir]
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
[ $# -ge 1 ] && KAFKA_DATA_DIR="$1"
source "$here/env.sh"

if [ ! -f "$KAFKA_PID_FILE" ]; then
  echo "kafka: not running (no $KAFKA_PID_FILE)"
  exit 0
fi
pid="$(cat "$KAFKA_PID_FILE")"
if kill -0 "$pid" 2>/dev/null; then
  kill -TERM "$pid"
  # A controlled shutdown takes a few seconds; force it after 30 s.
  for _ in $(seq 1 60); do
    kill -0 "$pid" 2>/dev/null || break
    sleep 0.5
  done
  if kill -0 "$pid" 2>/dev/null; then
    echo "kafka: pid $pid did not stop in 30 s, killing" >&2
    kill -KILL "$pid" || true
  fi
fi
rm -f "$KAFKA_PID_FILE"
echo "kafka: stopped (pid $pid)"
