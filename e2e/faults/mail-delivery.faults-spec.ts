import { describeWith } from '../../scripts/testing/components';
import { mailLoss, messageIdOf, readMailOutcome, type MailLoss, type MailOutcome } from './support/mail-ledger-check';
import { startMailStack } from './support/mail-stack';
import { startRecordingSmtpServer } from './support/recording-smtp-server';
import { startRedisServer } from './support/redis-server';
import { sleep, until } from './support/wait';

// Faults 4 and 5: mail delivery (reactor + BullMQ worker in the mail worker process) survives
// Redis killed mid-delivery and the worker killed mid-job. Each test runs its own Redis, so the
// queue and the kills touch no other suite; REDIS_URL only says that Redis is available here.

const PEOPLE = 10;

/** Waits until every job is delivered, or until nothing has changed for `quietMs`. */
async function settle(read: () => Promise<MailOutcome>, timeoutMs: number, quietMs = 6_000): Promise<MailOutcome> {
  const started = Date.now();
  let last = '';
  let changedAt = Date.now();
  for (;;) {
    const outcome = await read();
    const loss = mailLoss(outcome);
    if (loss.missing.length === 0) return outcome;
    const shape = JSON.stringify([...outcome.delivered]);
    if (shape !== last) {
      last = shape;
      changedAt = Date.now();
    }
    if (Date.now() - changedAt > quietMs || Date.now() - started > timeoutMs) return outcome;
    await sleep(250);
  }
}

/** Redis SIGKILLed while mails are being sent, then started again on the same directory. */
async function killRedisDuringDelivery(persistent: boolean): Promise<{ outcome: MailOutcome; loss: MailLoss; sentBeforeKill: number }> {
  const redis = await startRedisServer(persistent);
  const smtp = await startRecordingSmtpServer(300);
  const stack = await startMailStack(redis.url, smtp.url, 2);
  try {
    await stack.registerPeople(PEOPLE);
    await stack.reactorCaughtUp();
    await until(() => smtp.total() >= 2, 'the first mails to go out', 30_000, 20);
    const sentBeforeKill = smtp.total();
    await redis.kill();
    await sleep(500);
    await redis.restart();
    const outcome = await settle(() => readMailOutcome(stack.pool, smtp), 45_000);
    return { outcome, loss: mailLoss(outcome), sentBeforeKill };
  } finally {
    await stack.close();
    await smtp.close();
    await redis.destroy();
  }
}

describeWith('redis', 'fault 4: Redis killed during mail delivery', () => {
  it('with append-only persistence: every job completes and each mail is sent and recorded once', async () => {
    const { outcome, loss, sentBeforeKill } = await killRedisDuringDelivery(true);
    expect(outcome.jobs).toHaveLength(PEOPLE);
    // The kill landed mid-delivery: some mails had gone, most had not.
    expect(sentBeforeKill).toBeLessThan(PEOPLE);
    expect(loss).toEqual({ missing: [], twice: [] });
    for (const job of outcome.jobs) expect([job, outcome.copies.get(messageIdOf(job))]).toEqual([job, 1]);
    expect(outcome.copies.size).toBe(PEOPLE);
  }, 120_000);

  it('negative control: the same check against a Redis without persistence reports the lost jobs', async () => {
    const { outcome, loss, sentBeforeKill } = await killRedisDuringDelivery(false);
    expect(outcome.jobs).toHaveLength(PEOPLE);
    expect(sentBeforeKill).toBeLessThan(PEOPLE);
    // Queued jobs lived only in Redis's memory: the check must see them missing.
    expect(loss.missing.length).toBeGreaterThan(0);
    process.stdout.write(`fault 4 negative control: ${loss.missing.length} of ${PEOPLE} mails lost without persistence\n`);
  }, 120_000);
});

describeWith('redis', 'fault 5: the delivery worker killed mid-job', () => {
  it('runs the job again after the SIGKILL; the ledger and MailDelivered record it once', async () => {
    const redis = await startRedisServer(true);
    // A slow acknowledgement keeps the worker inside the job long enough to be killed there.
    const smtp = await startRecordingSmtpServer(2_000);
    const stack = await startMailStack(redis.url, smtp.url, 1);
    try {
      await stack.registerPeople(3);
      await until(() => smtp.inFlight().length > 0, 'a mail in flight', 30_000, 10);
      const [killedMessage] = smtp.inFlight();
      expect(await stack.worker.kill('SIGKILL')).toBe('SIGKILL');
      const worker = await stack.restartWorker();
      // BullMQ hands a dead worker's job to another once its lock expires (30 s) and the stalled check runs.
      const outcome = await settle(() => readMailOutcome(stack.pool, smtp), 100_000, 100_000);
      expect(mailLoss(outcome)).toEqual({ missing: [], twice: [] });
      const killedJob = outcome.jobs.find((job) => messageIdOf(job) === killedMessage);
      expect(killedJob).toBeDefined();
      // The killed run never got its acknowledgement, so only a second run can have recorded it.
      expect(worker.output()).toContain(`mail: job ${killedJob} sent`);
      for (const job of outcome.jobs) {
        expect([job, outcome.delivered.get(job), outcome.ledger.get(job)]).toEqual([job, 1, 1]);
      }
      // The recipient saw the killed job's message twice under one Message-ID (SMTP is
      // at-least-once when the sender dies before the acknowledgement); every other once.
      for (const job of outcome.jobs) {
        expect([job, outcome.copies.get(messageIdOf(job))]).toEqual([job, job === killedJob ? 2 : 1]);
      }
    } finally {
      await stack.close();
      await smtp.close();
      await redis.destroy();
    }
  }, 150_000);
});
