import { CLIENT_VERSION, type FeedbackVote } from '@planwerk/events/constants';
import { api } from '../../app/api';

export interface FeedbackMeta {
  app_version: string;
  href: string;
  host: string;
  referrer: string;
  lang: string;
  agent: string;
}

// Only a chosen vote can be sent (spec section 5): 1 good, 2 bug.
export interface SendFeedbackVote {
  vote: Exclude<FeedbackVote, 0>;
  text: string;
  meta: FeedbackMeta;
}

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
    sendFeedbackVote: build.mutation<unknown, SendFeedbackVote>({
      query: (body) => ({ url: 'feedback/vote', method: 'POST', body }),
    }),
  }),
});

export const { useSendFeedbackVoteMutation } = feedbackApi;
