#!/usr/bin/env bash
# Copies the Kafka broker jars (kafka_2.13 runtime deps + slf4j-reload4j) from Maven Central
# into the cache, once. Usage: scripts/kafka/fetch.sh
set -euo pipefail
here="$(cd "$(dirname "$0")" && pwd)"
source "$here/env.sh"

if [ -f "$KAFKA_LIBS/kafka_2.13-$KAFKA_VERSION.jar" ]; then
  echo "kafka $KAFKA_VERSION: jars cached in $KAFKA_LIBS"
  exit 0
fi
command -v mvn >/dev/null || { echo "fetch.sh: mvn is required (apt-get install -y maven)" >&2; exit 1; }
tmp="$KAFKA_LIBS.partial.$$"
rm -rf "$tmp"
mkdir -p "$tmp"
mvn -q -B -Dstyle.color=never -f "$here/pom.xml" -Dkafka.version="$KAFKA_VERSION" \
  dependency:copy-dependencies -DincludeScope=runtime -DoutputDirectory="$tmp"
# Rename into place only when complete, so an interrupted fetch is never mistaken for a cache.
rm -rf "$KAFKA_LIBS"
mv "$tmp" "$KAFKA_LIBS"
echo "kafka $KAFKA_VERSION: $(ls "$KAFKA_LIBS" | wc -l) jars in $KAFKA_LIBS"
