// Polls the broker with the kafkajs admin client until it answers a metadata request.
// Usage: node wait-ready.cjs <brokers> <timeout-seconds> [pid-to-watch]
const { Kafka, logLevel } = require('kafkajs');

const [brokers = '127.0.0.1:19092', timeoutArg = '60', pidArg] = process.argv.slice(2);
const deadline = Date.now() + Number(timeoutArg) * 1000;
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

function alive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

async function probe() {
  const kafka = new Kafka({
    clientId: 'planwerk-wait-ready',
    brokers: brokers.split(','),
    logLevel: logLevel.NOTHING,
    connectionTimeout: 1000,
    retry: { retries: 0 },
  });
  const admin = kafka.admin();
  try {
    await admin.connect();
    const cluster = await admin.describeCluster();
    // A broker that lists itself and a controller has finished its KRaft start.
    return cluster.brokers.length > 0 && cluster.controller !== null && cluster.controller !== -1;
  } finally {
    await admin.disconnect().catch(() => undefined);
  }
}

(async () => {
  const started = Date.now();
  let lastError = 'no answer yet';
  while (Date.now() < deadline) {
    if (pidArg && !alive(Number(pidArg))) {
      console.error(`kafka: broker process ${pidArg} exited during start`);
      process.exit(2);
    }
    try {
      if (await probe()) {
        console.log(`kafka: ready at ${brokers} after ${((Date.now() - started) / 1000).toFixed(1)} s of polling`);
        process.exit(0);
      }
    } catch (error) {
      lastError = error instanceof Error ? error.message : String(error);
    }
    await sleep(250);
  }
  console.error(`kafka: not ready at ${brokers} after ${timeoutArg} s (${lastError})`);
  process.exit(1);
})();
