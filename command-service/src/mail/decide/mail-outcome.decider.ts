import type { MailDeliveredData, MailDeliveryFailedData, MailEvent } from '@planwerk/events';

// A mail job has at most one recorded outcome: the first one stands. A job that is retried
// after its outcome was recorded, or a failure reported after a success, changes nothing.

export type MailOutcomeCommand =
  | { type: 'RecordMailDelivered'; data: MailDeliveredData }
  | { type: 'RecordMailDeliveryFailed'; data: MailDeliveryFailedData };

export type MailOutcomeState = { outcome: 'none' } | { outcome: 'delivered' | 'failed' };

export function initialMailOutcomeState(): MailOutcomeState {
  return { outcome: 'none' };
}

export function evolveMailOutcome(state: MailOutcomeState, event: MailEvent): MailOutcomeState {
  switch (event.type) {
    case 'MailDelivered':
      return { outcome: 'delivered' };
    case 'MailDeliveryFailed':
      return state.outcome === 'none' ? { outcome: 'failed' } : state;
    default: {
      const unknown: never = event;
      throw new Error(`Unknown mail event ${JSON.stringify(unknown)}`);
    }
  }
}

export function decideMailOutcome(command: MailOutcomeCommand, state: MailOutcomeState): MailEvent[] {
  if (state.outcome !== 'none') return [];
  switch (command.type) {
    case 'RecordMailDelivered':
      return [{ type: 'MailDelivered', data: command.data }];
    case 'RecordMailDeliveryFailed':
      return [{ type: 'MailDeliveryFailed', data: command.data }];
    default: {
      const unknown: never = command;
      throw new Error(`Unknown mail command ${JSON.stringify(unknown)}`);
    }
  }
}
