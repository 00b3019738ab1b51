import type { backupEvents } from '../../backups/backup.events';
import type { feedbackEvents } from '../../feedback/feedback.events';
import type { mailEvents } from '../../mail/mail.events';
import type { passkeyEvents } from '../../accounts/second-factor/passkey.events';
import type { secondFactorEvents } from '../../accounts/second-factor/second-factor.events';
import type { accountEvents } from '../../accounts/account.events';
import type { socialEvents } from '../../accounts/social/social.events';
import type { userLinkEvents } from '../../links/user-link.events';
import type { teamEvents } from '../../teams/team.events';
import type { membershipEvents } from '../../teams/membership.events';
import type { agreementEvents } from '../../teams/agreement.events';
import type { supportEvents } from '../../support/support.events';
import type { contactEvents } from '../../contacts/contact.events';
import type { contactGroupEvents } from '../../contacts/contact-group.events';
import type { contactImportEvents } from '../../contacts/contact-import.events';
import type { memberEvents } from '../../members/member.events';
import type { contactExportEvents } from '../../contacts/contact-export.events';
import type { contactMergeEvents } from '../../contacts/contact-merge.events';
import type { commentEvents } from '../../comments/comment.events';
import type { projectEvents } from '../../projects/project.events';
import type { projectInviteEvents } from '../../projects/project-invite.events';
import type { signupEvents } from '../../signups/signup.events';
import type { signupNotificationEvents } from '../../signups/signup-notification.events';
import type { activityEvents } from '../activity.events';

// Type-only imports: this folder runs in the browser and must not pull in the event schemas.
type Catalogued =
  | typeof feedbackEvents | typeof accountEvents | typeof mailEvents | typeof secondFactorEvents | typeof passkeyEvents
  | typeof socialEvents | typeof userLinkEvents | typeof teamEvents | typeof membershipEvents | typeof commentEvents
  | typeof projectEvents | typeof projectInviteEvents | typeof signupEvents | typeof signupNotificationEvents | typeof activityEvents | typeof backupEvents | typeof agreementEvents | typeof supportEvents | typeof contactEvents | typeof contactGroupEvents | typeof memberEvents | typeof contactExportEvents | typeof contactMergeEvents | typeof contactImportEvents;

/** Every event type of the catalogue (events/src/catalogue/all-events.ts). */
export type CataloguedEventType = Catalogued[number]['type'];

export const ACTIVITY_LANGUAGES = ['de', 'en', 'fr', 'it'] as const;
export type ActivityLanguage = (typeof ACTIVITY_LANGUAGES)[number];

/** What a sentence is made of: the log entry with the names the query resolved. */
export interface SentenceEntry {
  eventType: string;
  /** The action key of the entry (`backups.undone`): some event types say two things. */
  action: string;
  actor: { kind: 'user' | 'anonymous' | 'system'; name: string | null };
  changes: readonly { field: string; before: unknown; after: unknown }[];
  /** Names of the object and its context as the log knew them; null when unknown. */
  names: { object: string | null; project: string | null; list: string | null; item: string | null };
}

/** Where a part of a sentence points: the console links the named objects. */
export type SentenceRef = 'actor' | 'object' | 'project' | 'list' | 'item';
export interface SentencePart {
  text: string;
  ref?: SentenceRef;
}

/** Read access to the entry's changes, for templates that vary with a value. */
export interface TemplateContext {
  action: string;
  after(field: string): unknown;
  before(field: string): unknown;
  has(field: string): boolean;
  /** Whether the log knows a name for the object or its context (an erased contact has none). */
  named(ref: Exclude<SentenceRef, 'actor'>): boolean;
}

/**
 * A sentence with placeholders: {actor}, {object}, {project}, {list}, {item} (names, quoted),
 * {field} or {field:after} and {field:before} (a changed value, formatted for the language).
 */
export type Template = string | ((c: TemplateContext) => string);

export interface LanguagePack {
  sentences: Record<CataloguedEventType, Template>;
  /** Said when the event type is unknown to this code (never a raw key). */
  unknownSentence: string;
  quote(text: string): string;
  /** Field labels by field name (the `field` of a change). */
  labels: Record<string, string>;
  /** Value names by value set, then by value (`status` → `placed` → "eingetragen"). */
  values: Record<string, Record<string, string>>;
  words: {
    yes: string;
    no: string;
    none: string;
    unlimited: string;
    unnamed: string;
    changed: string;
    anonymous: string;
    formerMember: string;
    system: string;
    count(n: string): string;
  };
}
