import { z } from 'zod';
import { sendFeedbackVoteBody } from './feedback.commands';
import { defineEndpoint } from '../http/endpoint';

export const sendFeedbackVoteEndpoint = defineEndpoint({
  operationId: 'sendFeedbackVote',
  method: 'POST',
  path: '/v5/feedback/vote',
  service: 'command',
  tag: 'feedback',
  summary: 'Send a feedback vote (1 good, 2 bug found) with an optional text and page meta',
  body: sendFeedbackVoteBody,
  response: z.object({
    feedbackId: z.uuid(),
    text: z.string(),
    // Every command answers with its checkpoint, for read-your-writes (minCheckpoint).
    checkpoint: z.string(),
  }),
});

export const feedbackEndpoints = [sendFeedbackVoteEndpoint] as const;
