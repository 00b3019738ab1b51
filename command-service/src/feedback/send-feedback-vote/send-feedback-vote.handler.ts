import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { FeedbackVoted, type EventStore } from '@planwerk/events';
import { EVENT_STORE } from '../../app/tokens';
import { decideAndAppend } from '../../shared/commands/decide-and-append';
import { feedbackDecider } from '../decide/feedback.decider';
import { SendFeedbackVote, type SendFeedbackVoteResult } from './send-feedback-vote.command';

@CommandHandler(SendFeedbackVote)
export class SendFeedbackVoteHandler implements ICommandHandler<SendFeedbackVote> {
  constructor(@Inject(EVENT_STORE) private readonly store: EventStore) {}

  async execute(command: SendFeedbackVote): Promise<SendFeedbackVoteResult> {
    // A new feedback id is a new stream: nothing to load, the stream must not exist yet.
    const result = await decideAndAppend({
      store: this.store,
      streamId: `feedback-${command.data.feedbackId}`,
      decider: feedbackDecider,
      command,
      metadata: command.metadata,
      ids: command.ids,
      schemaVersions: { FeedbackVoted: FeedbackVoted.schemaVersion },
      mode: 'no_stream',
    });
    return { feedbackId: command.data.feedbackId, checkpoint: result.checkpoint };
  }
}
