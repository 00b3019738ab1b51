// Read-your-writes (architecture: every query takes minCheckpoint): the newest checkpoint a
// command of this tab answered is sent with the following reads of these features, so a list
// shown right after a change already contains it. Checkpoints are zero-padded: string order is
// log order.
let latest: string | null = null;

export function noteCheckpoint(answer: unknown): void {
  if (typeof answer !== 'object' || answer === null || !('checkpoint' in answer)) return;
  const checkpoint = (answer as { checkpoint: unknown }).checkpoint;
  if (typeof checkpoint === 'string' && (latest === null || checkpoint > latest)) latest = checkpoint;
}

/**
 * RTK Query transformResponse of the commands: notes the answer's checkpoint and passes the
 * answer on as the endpoint's declared type (the contract of events/src/*.endpoints.ts).
 */
export function noted<T>(answer: unknown): T {
  noteCheckpoint(answer);
  return answer as T;
}

/** The url with `minCheckpoint` of the newest own write, if any. */
export function withCheckpoint(url: string): string {
  if (latest === null) return url;
  return `${url}${url.includes('?') ? '&' : '?'}minCheckpoint=${encodeURIComponent(latest)}`;
}

/** Query string of the set values (undefined, null and '' are left out). */
export function queryString(values: Record<string, string | number | boolean | null | undefined>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(values)) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const text = params.toString();
  return text === '' ? '' : `?${text}`;
}
