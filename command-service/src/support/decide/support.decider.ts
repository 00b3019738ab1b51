import type { SupportRequestedEvent } from '@planwerk/events';

// A request to the operator on its own stream `support-<requestId>`: one event, written once.
// The id, the time and the requester's language come in on the command.

export interface SupportState {
  requested: boolean;
}

export interface RequestSupport {
  requestId: string;
  teamId: string;
  subject: string;
  message: string;
  language: string;
  now: Date;
}

export const supportDecider = {
  initialState: (): SupportState => ({ requested: false }),
  evolve: (_state: SupportState, _event: SupportRequestedEvent): SupportState => ({ requested: true }),
  /** A new request appends SupportRequested; the same request again appends nothing. */
  decide(command: RequestSupport, state: SupportState): SupportRequestedEvent[] {
    if (state.requested) return [];
    return [{
      type: 'SupportRequested',
      data: {
        requestId: command.requestId, teamId: command.teamId, subject: command.subject.trim(), message: command.message.trim(),
        language: command.language, requestedAt: command.now.toISOString(),
      },
    }];
  },
};
