import { withSafeText, type RecordedEvent } from '@planwerk/events';

// JSON.stringify writes NUL as \u0000 and a lone surrogate as \udXXX, valid pairs as themselves:
// a cheap native test that most events pass (an escaped backslash may match; the walk decides).
const MAYBE_UNSAFE = /\\u(?:0000|d[89a-f])/i;

/**
 * The event with NUL and lone surrogates in its data and metadata replaced by U+FFFD (issue 12).
 * The edge refuses such text, but decrypted personal data of events appended before that, or
 * by another writer, may still hold it, and PostgreSQL refuses it in text and json alike: one
 * visitor's name stopped the project tree of every project. Deterministic, so a rebuild writes
 * the same rows; the event in the log is untouched.
 */
export function withSafeEventText(event: RecordedEvent): RecordedEvent {
  if (!MAYBE_UNSAFE.test(JSON.stringify([event.data, event.metadata]) ?? '')) return event;
  const data = withSafeText(event.data);
  const metadata = withSafeText(event.metadata);
  return data === event.data && metadata === event.metadata ? event : { ...event, data, metadata };
}
