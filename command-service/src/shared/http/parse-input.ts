import { DomainError, type ErrorCode } from '@planwerk/events';
import type { z } from 'zod';
import { zodField } from './api-errors';

/**
 * Validates input against its schema. A failure names the field; `codes` gives fields a
 * more precise catalogue entry than the generic "invalid field" (e.g. a missing vote).
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown, codes: Record<string, ErrorCode> = {}): z.output<S> {
  const result = schema.safeParse(value);
  if (result.success) return result.data;
  const field = zodField(result.error);
  throw new DomainError(codes[field] ?? 'validation_failed', {
    field,
    details: result.error.issues.map((issue) => ({ path: issue.path.map(String), message: issue.message })),
  });
}
