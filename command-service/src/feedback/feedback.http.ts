import { Body, Controller, Req, Res } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { sendFeedbackVoteBody, sendFeedbackVoteEndpoint, type ApiResponse, type ResponseOf } from '@planwerk/events';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { CommandRunner } from '../shared/http/command-runner';
import { Endpoint } from '../shared/http/endpoint.decorator';
import { parseInput } from '../shared/http/parse-input';
import { SendFeedbackVote } from './send-feedback-vote/send-feedback-vote.command';

// Spec section 5/8: feedback success says "Danke für dein Feedback".
const THANKS = { de: 'Danke für dein Feedback', en: 'Thank you for your feedback' } as const;

@Controller()
export class FeedbackHttp {
  constructor(
    private readonly commands: CommandBus,
    private readonly runner: CommandRunner,
  ) {}

  @Endpoint(sendFeedbackVoteEndpoint)
  vote(
    @Body() body: unknown,
    @Req() request: FastifyRequest,
    @Res({ passthrough: true }) reply: FastifyReply,
  ): Promise<ApiResponse<ResponseOf<typeof sendFeedbackVoteEndpoint>>> {
    return this.runner.run(sendFeedbackVoteEndpoint, request, reply, async ({ request: context, metadata, ids }) => {
      // No vote → the spec's "clear error", naming the field `vote`.
      const input = parseInput(sendFeedbackVoteBody, body, { vote: 'feedback_vote_required' });
      const result = await this.commands.execute(
        new SendFeedbackVote({ feedbackId: ids.next('feedbackId'), ...input }, metadata, ids),
      );
      return { feedbackId: result.feedbackId, text: THANKS[context.language], checkpoint: result.checkpoint };
    });
  }
}
