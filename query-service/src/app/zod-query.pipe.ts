import type { PipeTransform } from '@nestjs/common';
import { DomainError } from '@planwerk/events';
import type { z } from 'zod';

// The query string of an endpoint checked against its registry schema: a failure is a 400 that
// names the first failing field (security-and-reliability.md, "Input").
export class ZodQueryPipe<TSchema extends z.ZodType> implements PipeTransform<unknown, z.output<TSchema>> {
  constructor(private readonly schema: TSchema) {}

  transform(value: unknown): z.output<TSchema> {
    const parsed = this.schema.safeParse(value ?? {});
    if (parsed.success) return parsed.data;
    const issue = parsed.error.issues[0];
    const field = issue && issue.path.length > 0 ? issue.path.map(String).join('.') : 'query';
    throw new DomainError('validation_failed', { field, details: parsed.error.issues });
  }
}
