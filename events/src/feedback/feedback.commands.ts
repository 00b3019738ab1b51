import { z } from 'zod';
import { feedbackMetaSchema } from './feedback.events';

// POST /v5/feedback/vote — "Feedback sent only if a vote was chosen" (spec section 5).
export const sendFeedbackVoteBody = z.object({
  vote: z.union([z.literal(1), z.literal(2)], {
    error: 'choose a vote: 1 (good) or 2 (bug found)',
  }),
  text: z.string().max(5000).default(''),
  meta: feedbackMetaSchema.default({ app_version: '', href: '', host: '', referrer: '', lang: '', agent: '' }),
});

export type SendFeedbackVoteBody = z.infer<typeof sendFeedbackVoteBody>;
