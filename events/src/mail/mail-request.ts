import { z } from 'zod';
import type { RecordedEvent } from '../envelope';
import type { EventStore } from '../store/event-store.port';

// The contract between features and mail delivery (issue 3, "Mail delivery as BullMQ jobs"):
// a feature declares which of its events cause which mail; the reactor turns those events into
// jobs and the worker renders and sends them. Templates and their links live in the worker.

export const MAIL_TEMPLATES = ['activation', 'parent-confirmation', 'password-reset', 'new-device', 'team-invitation', 'signup-promoted', 'list-notify', 'project-invite', 'signup-confirmation', 'signup-reminder', 'organiser-signup', 'organiser-digest', 'support-request'] as const;
export type MailTemplate = (typeof MAIL_TEMPLATES)[number];

export const MAIL_LANGUAGES = ['de', 'en', 'fr', 'it'] as const;
export type MailLanguage = (typeof MAIL_LANGUAGES)[number];

// Any other value (missing, `fx`, `es`) falls back to German, like the console (spec section 5).
const mailLanguageSchema = z.preprocess(
  (value) => (typeof value === 'string' && (MAIL_LANGUAGES as readonly string[]).includes(value.toLowerCase()) ? value.toLowerCase() : 'de'),
  z.enum(MAIL_LANGUAGES),
);

// A path on the configured public origin (never a Host header): no scheme, no `//host`, no
// `..`, only URL-safe characters, so the worker can put it behind PUBLIC_URL as it is.
const LINK_PATH = /^\/(?!\/)[A-Za-z0-9\-._~%/]*$/;

/**
 * The calendar entry of a mail: a date (YYYY-MM-DD) and, when the item has one, a time window
 * (HH:MM, local wall-clock time of the event, floating in RFC 5545 terms: the product keeps no
 * time zone per project). `to` before `from` ends on the next day.
 */
export const mailCalendarSchema = z.object({
  uid: z.string().regex(/^[A-Za-z0-9@._-]{1,200}$/),
  date: z.string().regex(/^\d{4}-\d{2}-\d{2}$/),
  from: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/).nullable(),
  to: z.string().regex(/^([01]\d|2[0-3]):[0-5]\d$/).nullable(),
  summary: z.string().min(1).max(500),
  description: z.string().max(2000).default(''),
  location: z.string().max(500).nullable().default(null),
  /** When the entry was made (the sign-up's time): DTSTAMP. */
  stampedAt: z.iso.datetime({ offset: true }),
});
export type MailCalendar = z.output<typeof mailCalendarSchema>;

export const mailRequestSchema = z.object({
  template: z.enum(MAIL_TEMPLATES),
  to: z.string().trim().email().max(254),
  toName: z.string().trim().max(200).nullish(),
  language: mailLanguageSchema,
  /** Where answers go (Reply-To): the requester of a support request. */
  replyTo: z.string().trim().email().max(254).optional(),
  // Each template's rule bounds its own params (500 for most; a support request's message 4000).
  params: z.record(z.string(), z.union([z.string().max(4000), z.number()])).default({}),
  linkPath: z
    .string()
    .max(2048)
    .regex(LINK_PATH, 'must be a path like /account/activate/<token>')
    .refine((path) => !path.split('/').includes('..'), 'must not contain ..')
    .optional(),
  /** Goes behind `#` (a private token): browsers send it to no server and no Referer carries it. */
  linkFragment: z.string().regex(/^[A-Za-z0-9_.~-]{1,300}$/).optional(),
  /** A calendar entry to attach as .ics (RFC 5545): the worker renders it. */
  calendar: mailCalendarSchema.optional(),
});

export type MailRequest = z.output<typeof mailRequestSchema>;

/**
 * What a source returns; checked against mailRequestSchema. `language` may be anything and
 * falls back to German; `to: null` means the address is gone (erased person): no mail.
 */
export interface MailRequestInput {
  template: MailTemplate;
  to: string | null;
  toName?: string | null;
  replyTo?: string;
  language?: string | null;
  params?: Record<string, string | number>;
  linkPath?: string;
  linkFragment?: string;
  calendar?: z.input<typeof mailCalendarSchema>;
}

export type MailSourceResult = MailRequestInput | null;

/** What a source may read, e.g. the address from the first event of the person's stream. */
export interface MailSourceContext {
  store: Pick<EventStore, 'readStream'>;
}

/**
 * Turns one event into the mail it causes, or null when this event needs no mail. It runs in
 * the reactor (to decide whether to enqueue) and again in the worker (to send), so it must
 * depend only on the log.
 */
export type MailSource = (event: RecordedEvent, context: MailSourceContext) => MailSourceResult | Promise<MailSourceResult>;

/** eventType → its mail source; every feature that sends mail contributes entries. */
export type MailSources = Readonly<Record<string, MailSource>>;

/** Links of the account mails; tokens go in as they are (the path allows URL-safe characters). */
export const mailLinkPaths = {
  activation: (token: string) => `/account/activate/${encodeURIComponent(token)}`,
  parentConfirmation: (token: string) => `/account/child/${encodeURIComponent(token)}`,
  passwordReset: (token: string) => `/account/reset/${encodeURIComponent(token)}`,
} as const;

/** Joins the sources of several features; an event type claimed twice is a wiring mistake. */
export function combineMailSources(...parts: MailSources[]): MailSources {
  const combined: Record<string, MailSource> = {};
  for (const part of parts) {
    for (const [type, source] of Object.entries(part)) {
      if (combined[type]) throw new Error(`Mail source for ${type} is registered twice`);
      combined[type] = source;
    }
  }
  return combined;
}

/** The mail delivery job: only references, so no address or link token sits in the queue. */
export const mailJobSchema = z.object({
  eventId: z.string().uuid(),
  eventType: z.string().min(1),
  streamId: z.string().min(1),
  streamVersion: z.number().int().positive(),
});
export type MailJob = z.infer<typeof mailJobSchema>;

export const MAIL_JOB_QUEUE = 'mail';
