import type { MailLanguage } from '@planwerk/events';

/** One rendered mail, ready to leave. `messageId` is derived from the job id (duplicates are recognisable). */
export interface OutgoingMail {
  jobId: string;
  messageId: string;
  to: { address: string; name?: string };
  /** Where answers go (Reply-To), e.g. the person who wrote a support request. */
  replyTo?: string;
  language: MailLanguage;
  subject: string;
  text: string;
  html: string;
  /** Files attached to the mail, e.g. a calendar entry (text/calendar). */
  attachments?: MailAttachment[];
}

export interface MailAttachment {
  filename: string;
  contentType: string;
  content: string;
}

export interface MailTransport {
  readonly kind: 'smtp' | 'dev-mailbox';
  /** Resolves once the mail was accepted for delivery; throws when it was not (the job retries). */
  send(mail: OutgoingMail): Promise<void>;
  close(): Promise<void>;
}
