import type { Checkpoint } from '@planwerk/events';

// A PostgreSQL checkpoint is "<transaction id>-<global position>", both zero-padded to 20
// digits, so it orders the same as the (transaction_id, global_position) read cursor.
const WIDTH = 20;
const FORMAT = /^(\d{20})-(\d{20})$/;

export interface LogPosition {
  transactionId: string;
  globalPosition: string;
}

export const LOG_START: LogPosition = { transactionId: '0', globalPosition: '0' };

export function encodeCheckpoint(position: LogPosition): Checkpoint {
  return `${position.transactionId.padStart(WIDTH, '0')}-${position.globalPosition.padStart(WIDTH, '0')}`;
}

export function decodeCheckpoint(checkpoint: Checkpoint): LogPosition {
  const match = FORMAT.exec(checkpoint);
  if (!match) throw new TypeError(`Not a PostgreSQL event store checkpoint: ${JSON.stringify(checkpoint)}`);
  return { transactionId: BigInt(match[1]).toString(), globalPosition: BigInt(match[2]).toString() };
}

export function compareCheckpoints(a: Checkpoint, b: Checkpoint): number {
  decodeCheckpoint(a);
  decodeCheckpoint(b);
  // Fixed width digits: string order is numeric order.
  return a < b ? -1 : a > b ? 1 : 0;
}
