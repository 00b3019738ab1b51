import { Module } from '@nestjs/common';
import { FeedbackHttp } from './feedback.http';
import { SendFeedbackVoteHandler } from './send-feedback-vote/send-feedback-vote.handler';

@Module({
  controllers: [FeedbackHttp],
  providers: [SendFeedbackVoteHandler],
})
export class FeedbackModule {}
