import { randomUUID } from 'node:crypto';
import type { JobContext, JobFailure, JobQueue } from '../job-queue.port';

async function until(condition: () => boolean, what: string, timeoutMs = 15000): Promise<void> {
  const started = Date.now();
  while (!condition()) {
    if (Date.now() - started > timeoutMs) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

interface Run {
  data: unknown;
  context: JobContext;
}

/**
 * `createQueue` returns a new JobQueue on the adapter's shared backend; each call stands for
 * another process, so a job added through one instance must be processed by another.
 */
export function describeJobQueueContract(name: string, createQueue: () => JobQueue): void {
  describe(`JobQueue contract: ${name}`, () => {
    let opened: JobQueue[] = [];
    let queueName: string;

    const open = (): JobQueue => {
      const queue = createQueue();
      opened.push(queue);
      return queue;
    };

    beforeEach(() => {
      // A fresh queue per test, so no test sees another's jobs.
      queueName = `contract-${randomUUID()}`;
    });

    afterEach(async () => {
      await Promise.all(opened.map((queue) => queue.close()));
      opened = [];
    });

    it('runs a job with its data and its id', async () => {
      const jobs = open();
      const runs: Run[] = [];
      jobs.process(queueName, async (data, context) => {
        runs.push({ data, context });
      });

      await jobs.add(queueName, { to: 'anna@example.org', template: 'welcome', tries: [1, 2] }, { jobId: 'mail:evt-1' });

      await until(() => runs.length === 1, 'the job to run');
      expect(runs[0]).toEqual({
        data: { to: 'anna@example.org', template: 'welcome', tries: [1, 2] },
        context: { jobId: 'mail:evt-1', name: queueName, attempt: 1 },
      });
    });

    it('runs a job once when the same job id is added twice, before and after it ran', async () => {
      const jobs = open();
      await jobs.add(queueName, { copy: 1 }, { jobId: 'digest-2025-04-01' });
      await jobs.add(queueName, { copy: 2 }, { jobId: 'digest-2025-04-01' });
      const runs: Run[] = [];
      jobs.process(queueName, async (data, context) => {
        runs.push({ data, context });
      });
      await until(() => runs.length === 1, 'the first run');

      await jobs.add(queueName, { copy: 3 }, { jobId: 'digest-2025-04-01' });
      // One worker takes jobs in order: once the later sentinel has run, a third copy would have too.
      await jobs.add(queueName, { sentinel: true }, { jobId: 'sentinel' });
      await until(() => runs.some((run) => run.context.jobId === 'sentinel'), 'the sentinel');

      expect(runs.map((run) => run.data)).toEqual([{ copy: 1 }, { sentinel: true }]);
    });

    it('retries a failing job with backoff until it succeeds', async () => {
      const jobs = open();
      const attempts: number[] = [];
      const failures: JobFailure[] = [];
      let succeeded = false;
      jobs.process(
        queueName,
        async (_data, context) => {
          attempts.push(context.attempt);
          if (context.attempt < 3) throw new Error(`transient failure ${context.attempt}`);
          succeeded = true;
        },
        { onFailed: (failure) => failures.push(failure) },
      );

      await jobs.add(queueName, { file: 'sepa-1.xml' }, { jobId: 'debit-1', attempts: 4, backoffMs: 20 });

      await until(() => succeeded, 'the third attempt to succeed');
      expect(attempts).toEqual([1, 2, 3]);
      expect(failures).toEqual([]);
    });

    it('reports a job that fails every attempt through onFailed, once', async () => {
      const jobs = open();
      let runs = 0;
      const failures: JobFailure[] = [];
      jobs.process(
        queueName,
        async () => {
          runs += 1;
          throw new Error('mail server rejected the recipient');
        },
        { onFailed: (failure) => failures.push(failure) },
      );

      await jobs.add(queueName, { to: 'nobody@example.org' }, { jobId: 'mail:evt-9', attempts: 2, backoffMs: 20 });

      await until(() => failures.length > 0, 'onFailed');
      expect(runs).toBe(2);
      expect(failures).toHaveLength(1);
      expect(failures[0]).toMatchObject({
        jobId: 'mail:evt-9',
        name: queueName,
        data: { to: 'nobody@example.org' },
        attemptsMade: 2,
      });
      expect(failures[0].error.message).toBe('mail server rejected the recipient');
    });

    it('keeps jobs added while no worker runs, and across a worker restart', async () => {
      const producer = open();
      await producer.add(queueName, { n: 1 }, { jobId: 'before-any-worker' });

      const firstProcess = open();
      const runs: string[] = [];
      const record = async (_data: unknown, context: JobContext) => {
        runs.push(context.jobId);
      };
      const firstWorker = firstProcess.process(queueName, record);
      await until(() => runs.length === 1, 'the job added before the worker started');
      await firstWorker.close();

      await producer.add(queueName, { n: 2 }, { jobId: 'while-worker-down' });
      const secondProcess = open();
      secondProcess.process(queueName, record);
      await until(() => runs.length === 2, 'the job added while no worker ran');

      expect(runs).toEqual(['before-any-worker', 'while-worker-down']);
    });

    it('rejects a queue name the backend cannot store', async () => {
      const jobs = open();
      await expect(jobs.add('mail:outbox', {}, { jobId: 'x' })).rejects.toThrow('Invalid job queue name');
    });
  });
}
