import type { RecordedEvent } from '@planwerk/events';
import { withSafeEventText } from './safe-text';

const event = (data: unknown, metadata: Record<string, unknown> = {}): RecordedEvent => ({
  eventId: 'e1', type: 'SignUpAdded', streamId: 's', streamPosition: 1, globalPosition: '1', checkpoint: 'c',
  data, metadata, recordedAt: new Date(0),
} as unknown as RecordedEvent);

describe('events made safe for read-model writes', () => {
  it('keeps a clean event as the same object, emoji and escaped backslashes included', () => {
    const clean = event({ name: 'Anna 😀', note: 'a\\u0000 literal', values: { a: ['e\u0301'] } });
    expect(withSafeEventText(clean)).toBe(clean);
  });

  it('replaces NUL and lone surrogates in data and metadata, leaving the rest', () => {
    const dirty = event({ name: 'Anna\uD800', values: { col: ['x\u0000'] }, capacity: 2 }, { actor: '\uDFFFv' });
    const safe = withSafeEventText(dirty);
    expect(safe.data).toEqual({ name: 'Anna\uFFFD', values: { col: ['x\uFFFD'] }, capacity: 2 });
    expect(safe.metadata).toEqual({ actor: '\uFFFDv' });
    expect({ ...safe, data: dirty.data, metadata: dirty.metadata }).toEqual(dirty);
    expect((dirty.data as { name: string }).name).toBe('Anna\uD800');
  });
});
