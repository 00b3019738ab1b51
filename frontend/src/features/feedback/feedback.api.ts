import { CLIENT_VERSION } from '@planwerk/events/constants';
import type { sendFeedbackVoteEndpoint } from '@planwerk/events/feedback/feedback.endpoints';
import { api } from '../../app/api';
import { fromContract, route, type RequestOf } from '../../app/contract';

// POST /v5/feedback/vote (events/src/feedback/feedback.endpoints.ts): the types come from the declaration.
type SendFeedbackVote = RequestOf<typeof sendFeedbackVoteEndpoint>['body'];
type FeedbackMeta = SendFeedbackVote['meta'];

export function feedbackMeta(lang: string): FeedbackMeta {
  return {
    app_version: CLIENT_VERSION,
    href: window.location.href.slice(0, 2048),
    host: window.location.host.slice(0, 255),
    referrer: document.referrer.slice(0, 2048),
    lang,
    agent: navigator.userAgent.slice(0, 512),
  };
}

export const feedbackApi = api.injectEndpoints({
  endpoints: (build) => ({
    sendFeedbackVote: build.mutation({
      ...fromContract(route<typeof sendFeedbackVoteEndpoint>('POST /v5/feedback/vote'), (body: SendFeedbackVote) => ({ params: {}, body })),
    }),
  }),
});

export const { useSendFeedbackVoteMutation } = feedbackApi;
