import { z } from 'zod';
import { defineEvent } from '../catalogue/event-definition';
import { MAIL_LANGUAGES, MAIL_TEMPLATES } from './mail-request';

// The outcome of a mail job, one per job on stream `mail-<jobId>` (the job id is the id of the
// event that caused the mail). The address is personal data: encrypted per person and never
// shown in the activity log.

export function mailStreamId(jobId: string): string {
  return `mail-${jobId}`;
}

export const MailDelivered = defineEvent({
  type: 'MailDelivered',
  feature: 'mail',
  schemaVersion: 1,
  personalFields: ['to'],
  schema: z.object({
    jobId: z.string().min(1),
    sourceEventType: z.string().min(1),
    template: z.enum(MAIL_TEMPLATES),
    language: z.enum(MAIL_LANGUAGES),
    // null once the person's key is erased.
    to: z.string().nullable(),
    messageId: z.string().min(1),
    transport: z.enum(['smtp', 'dev-mailbox']),
  }),
  describe: (data) => ({
    object: { kind: 'mail', id: data.jobId },
    projectId: null,
    listId: null,
    action: 'mail.delivered',
    fields: { template: data.template, language: data.language, sourceEventType: data.sourceEventType },
  }),
});

export const MailDeliveryFailed = defineEvent({
  type: 'MailDeliveryFailed',
  feature: 'mail',
  schemaVersion: 1,
  personalFields: ['to'],
  schema: z.object({
    jobId: z.string().min(1),
    sourceEventType: z.string().min(1),
    // Unknown when the job failed before its mail could be worked out.
    template: z.enum(MAIL_TEMPLATES).nullable(),
    language: z.enum(MAIL_LANGUAGES).nullable(),
    to: z.string().nullable(),
    attempts: z.number().int().positive(),
    // Addresses are removed from the reason before it is recorded.
    reason: z.string().max(500),
  }),
  describe: (data) => ({
    object: { kind: 'mail', id: data.jobId },
    projectId: null,
    listId: null,
    action: 'mail.deliveryFailed',
    fields: { template: data.template, sourceEventType: data.sourceEventType, attempts: data.attempts, reason: data.reason },
  }),
});

export type MailDeliveredData = z.infer<typeof MailDelivered.schema>;
export type MailDeliveryFailedData = z.infer<typeof MailDeliveryFailed.schema>;
export type MailEvent =
  | { type: 'MailDelivered'; data: MailDeliveredData }
  | { type: 'MailDeliveryFailed'; data: MailDeliveryFailedData };

export const mailEvents = [MailDelivered, MailDeliveryFailed] as const;

const ADDRESS = /[^\s<>()[\]"',;:]+@[^\s<>()[\]"',;:]+/g;

/** An error message fit for an event or a log line: addresses replaced, length bounded. */
export function redactMailError(error: unknown): string {
  const message = error instanceof Error ? `${error.name}: ${error.message}` : String(error);
  return message.replace(ADDRESS, '<address>').slice(0, 500);
}
