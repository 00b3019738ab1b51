import type { RealtimeServerMessage } from '@planwerk/events';

export function projectionMessage(
  projection: string,
  checkpoint: string,
  keys: string[] | undefined,
  catchUp: boolean,
): RealtimeServerMessage {
  const data = keys === undefined ? { projection, checkpoint } : { projection, checkpoint, keys };
  return {
    event: 'projection',
    data: catchUp ? { ...data, catchUp } : data,
    sub_type: 'projection',
    sub_id: projection,
  };
}

/** The socket's answer to a message it cannot take, naming the field like the HTTP 400s do. */
export function invalidMessage(issue: { path: PropertyKey[]; message: string } | undefined): RealtimeServerMessage {
  const field = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : 'message';
  const reason = issue?.message ?? 'is not valid JSON';
  return {
    event: 'error',
    data: { status: 400, intern: 400, text: `Invalid realtime message: ${field} ${reason}`, field },
    sub_type: null,
    sub_id: null,
  };
}
