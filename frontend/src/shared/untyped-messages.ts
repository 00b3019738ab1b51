import type { MessageDescriptor } from 'react-intl';

/**
 * The messages of these screens take their placeholder values at the call site; react-intl's
 * typed descriptors would refuse every value for a message defined without a generic. This
 * keeps the `defineMessages` call (for message extraction) and types the set as plain descriptors.
 */
export function untyped<T extends Record<string, MessageDescriptor>>(messages: T): { readonly [K in keyof T]: MessageDescriptor } {
  return messages;
}
