import { newDeviceId, sendVote, voteRequest, type Answer, type VoteRequest } from './planwerk-http';

// Feedback votes sent back to back by `concurrency` clients until stopped; every request is kept
// with its answer, so a test can tell what was acknowledged (2xx) from what was not.

export interface VoteLoad {
  sent: Array<{ request: VoteRequest; answer: Answer; at: number }>;
  stop(): Promise<void>;
}

export function startVoteLoad(baseUrl: string, concurrency: number, options: { device?: string; withKeys?: boolean } = {}): VoteLoad {
  const device = options.device ?? newDeviceId();
  const sent: VoteLoad['sent'] = [];
  let running = true;
  const clients = Array.from({ length: concurrency }, async () => {
    while (running) {
      const request = voteRequest(device, options.withKeys === false ? null : undefined);
      const answer = await sendVote(baseUrl, request);
      sent.push({ request, answer, at: Date.now() });
      // A refused connection returns at once; do not spin while the service is away.
      if (answer.status === 0) await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
  return {
    sent,
    async stop() {
      running = false;
      await Promise.all(clients);
    },
  };
}
