import { z } from 'zod';
import { defineEvent } from '../catalogue/event-definition';

// Spec section 3, Feedback: vote (0 none, 1 good, 2 bug), text, meta.
export const feedbackMetaSchema = z.object({
  app_version: z.string().max(40).default(''),
  href: z.string().max(2048).default(''),
  host: z.string().max(255).default(''),
  referrer: z.string().max(2048).default(''),
  lang: z.string().max(16).default(''),
  agent: z.string().max(512).default(''),
});

export const FeedbackVoted = defineEvent({
  type: 'FeedbackVoted',
  feature: 'feedback',
  schemaVersion: 1,
  schema: z.object({
    feedbackId: z.string().uuid(),
    vote: z.union([z.literal(1), z.literal(2)]),
    text: z.string().max(5000),
    meta: feedbackMetaSchema,
  }),
  describe: (data) => ({
    object: { kind: 'feedback', id: data.feedbackId },
    projectId: null,
    listId: null,
    action: 'feedback.voted',
    fields: { vote: data.vote, text: data.text, href: data.meta.href },
  }),
});

export type FeedbackEvent = { type: 'FeedbackVoted'; data: z.infer<typeof FeedbackVoted.schema> };

export const feedbackEvents = [FeedbackVoted] as const;
