import { Command } from '@nestjs/cqrs';
import type { Checkpoint } from '@planwerk/events';
import type { CommandMetadata } from '../../shared/commands/decide-and-append';
import type { IdSource } from '../../shared/idempotency/deterministic-ids';
import type { FeedbackVoteData } from '../decide/feedback.decider';

export interface SendFeedbackVoteResult {
  feedbackId: string;
  checkpoint: Checkpoint;
}

export class SendFeedbackVote extends Command<SendFeedbackVoteResult> {
  readonly type = 'SendFeedbackVote' as const;

  constructor(
    readonly data: FeedbackVoteData,
    readonly metadata: CommandMetadata,
    readonly ids: IdSource,
  ) {
    super();
  }
}
